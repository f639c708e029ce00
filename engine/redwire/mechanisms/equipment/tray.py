"""The equipment tray: which cards lie on the board, which are unlocked and which are used.

The mission's ``[equipment]`` table configures it (the pool, and the cards each edition
excludes); the deal draws one card per player from what is left (at most the whole pool), after
the wires. A card is *locked* until two wires of its number are cut (spec §7: the unlock is a
check on the cut wires, so it can never disagree with the board), *usable* until it is used, and
then *used* for the rest of the mission. Each card's own rule lives in its module of this
package; they check and spend their card through :func:`require_card` and :func:`use_card`.

>>> from engine.redwire import new_game
>>> game = new_game(mission=8, players=3, seed=4)
>>> cards_of(game.setup), card_state(game, cards_of(game.setup)[0])
((12, 2, 7), 'locked')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ....core.errors import ReasonCode
from ....core.events import Event, Viewer
from ...errors import IllegalActionError, SetupError
from ...model import Table
from ..base import Events, Line, Mechanism, name_of

if TYPE_CHECKING:
    from ....core.rng import Rng
    from ...deal import Setup
    from ...missions import ConfigReader
    from ...observation_types import Observation
    from ...options import Options


class TrayReason(ReasonCode):
    """The tray's refusals: a card that is not on the board, still locked, or spent."""

    EQUIPMENT_ABSENT = ("equipment_absent", "Equipment card {card} is not in this mission.")
    EQUIPMENT_LOCKED = (
        "equipment_locked",
        "Equipment card {card} is still locked: two wires of value {card} must be cut first.",
    )
    EQUIPMENT_USED = ("equipment_used", "Equipment card {card} has already been used.")


ID = "equipment"
EDITIONS = ("IT", "EN")
CardTiming = Literal["any_time", "your_turn", "start_of_turn"]
CardState = Literal["absent", "locked", "usable", "used"]


@dataclass(frozen=True)
class Card:
    """One equipment card: its number (also the value that unlocks it), when it is played, its
    name and text in every language, and the mechanism that holds its rule."""

    number: int
    timing: CardTiming
    name: Mapping[str, str]
    text: Mapping[str, str]
    mechanism: str


def card(
    number: int, timing: CardTiming, mechanism: str, en: tuple[str, str], it: tuple[str, str]
) -> Card:
    return Card(number, timing, {"en": en[0], "it": it[0]}, {"en": en[1], "it": it[1]}, mechanism)


@dataclass(frozen=True)
class TrayConfig:
    """Which cards can be drawn: the base pool minus exclusions (per edition)."""

    pool: tuple[int, ...]
    exclude: frozenset[int] = frozenset()
    exclude_by_edition: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def candidates(self, edition: str) -> tuple[int, ...]:
        banned = self.exclude | self.exclude_by_edition.get(edition, frozenset())
        return tuple(c for c in self.pool if c not in banned)


@dataclass(frozen=True)
class TrayPart:
    """The tray during a game: the cards in board order, and those used / announced unlocked."""

    cards: tuple[int, ...]
    used: frozenset[int] = frozenset()
    unlocked: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": list(self.cards),
            "used": sorted(self.used),
            "unlocked": sorted(self.unlocked),
        }


class CardView(TypedDict):
    card: int
    state: CardState
    timing: CardTiming


class EquipmentView(TypedDict):
    """``observation["mechanisms"]["equipment"]``: the cards on the board, in board order."""

    cards: list[CardView]


def view(obs: Observation) -> EquipmentView | None:
    """The tray as an observation shows it, or None in a mission without equipment."""
    return cast("EquipmentView | None", obs["mechanisms"].get(ID))


def cards_of(setup: Setup) -> tuple[int, ...]:
    """The equipment cards a setup lays on the board, in board order (none without a tray)."""
    cards = setup.parts.get(ID, ())
    assert isinstance(cards, tuple)  # the tray's setup_from_json and deal make a tuple
    return cards


def card_state(s: Table, number: int) -> CardState:
    """'absent', 'locked', 'usable' or 'used' (unlocking is a check on the cut wires)."""
    tray = s.parts.get(ID)
    if not isinstance(tray, TrayPart) or number not in tray.cards:
        return "absent"
    if number in tray.used:
        return "used"
    return "usable" if s.cut_count(number) >= 2 else "locked"


def usable(s: Table, number: int) -> bool:
    return card_state(s, number) == "usable"


def require_card(s: Table, number: int) -> None:
    """Refuse unless the card is on the board, unlocked and not used yet."""
    state = card_state(s, number)
    if state == "absent":
        raise IllegalActionError(TrayReason.EQUIPMENT_ABSENT, card=number)
    if state == "locked":
        raise IllegalActionError(TrayReason.EQUIPMENT_LOCKED, card=number)
    if state == "used":
        raise IllegalActionError(TrayReason.EQUIPMENT_USED, card=number)


def use_card(s: Table, number: int, seat: int, events: Events, **data: Any) -> None:
    """Spend a usable card (refusing otherwise) and report it: ``equipment`` with ``data``."""
    require_card(s, number)
    tray = s.part(ID, TrayPart)
    s.set_part(ID, TrayPart(tray.cards, tray.used | {number}, tray.unlocked))
    events.append(Event("equipment", {"seat": seat, "card": number, **data}))


def _card_name(cards: Mapping[int, Card], number: object) -> str:
    return cards[number].name["en"] if isinstance(number, int) and number in cards else "?"


class Tray(Mechanism[TrayPart]):
    """The equipment tray, holding the cards of this package (``cards`` by number)."""

    id = ID
    reasons = TrayReason
    events = ("equipment", "unlocked")

    def __init__(self, cards: Mapping[int, Card]) -> None:
        self.cards = dict(cards)
        self.lines: Mapping[str, Line] = {
            "equipment": lambda e, n, o: (
                f"{name_of(n, e['seat'])} uses {_card_name(self.cards, e['card'])}."
            ),
            "unlocked": lambda e, n, o: (
                f"{_card_name(self.cards, e['card'])} (card {e['card']}) is unlocked."
            ),
        }

    # ------------------------------------------------------------------ mission and setup

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> TrayConfig:
        if params:
            raise reader.fail("mechanisms.equipment", "no parameters", ":".join(params))
        if table is None:
            raise reader.fail("equipment", "a table (the mechanism 'equipment' needs its pool)")
        reader.only_keys(table, "equipment", {"pool", "exclude", "edition"})
        pool_name = table.get("pool")
        if pool_name not in ("none", "base"):
            raise reader.fail("equipment.pool", "'none' or 'base'", pool_name)
        by_edition: dict[str, frozenset[int]] = {}
        editions = table.get("edition", {})
        if not isinstance(editions, dict):
            raise reader.fail("equipment.edition", "a table", editions)
        for edition, rule in editions.items():
            if edition not in EDITIONS:
                raise reader.fail(f"equipment.edition.{edition}", f"one of {EDITIONS}")
            if not isinstance(rule, dict):
                raise reader.fail(f"equipment.edition.{edition}", "a table", rule)
            reader.only_keys(rule, f"equipment.edition.{edition}", {"exclude"})
            by_edition[edition] = self._card_list(
                reader, rule.get("exclude"), f"equipment.edition.{edition}.exclude"
            )
        return TrayConfig(
            pool=tuple(sorted(self.cards)) if pool_name == "base" else (),
            exclude=self._card_list(reader, table.get("exclude"), "equipment.exclude"),
            exclude_by_edition=by_edition,
        )

    def _card_list(self, reader: ConfigReader, value: object, path: str) -> frozenset[int]:
        if value is None:
            return frozenset()
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v in self.cards for v in value
        ):
            low, high = min(self.cards), max(self.cards)
            raise reader.fail(path, f"a list of equipment numbers {low}..{high}", value)
        return frozenset(value)

    def deal(self, config: TrayConfig, rng: Rng, players: int, options: Options) -> Any:
        candidates = config.candidates(options.edition)
        return tuple(rng.sample(candidates, min(players, len(candidates))))

    def setup_from_json(
        self, config: TrayConfig, raw: object, players: int, options: Options, mission: int
    ) -> tuple[int, ...]:
        if raw is None:
            raw = {"cards": []}
        if not isinstance(raw, dict) or set(raw) != {"cards"} or not isinstance(raw["cards"], list):
            raise SetupError('setup.parts.equipment must be {"cards": [card numbers]}')
        cards = []
        for item in raw["cards"]:
            if isinstance(item, bool) or not isinstance(item, int):
                raise SetupError(f"setup.equipment must be an integer, got {item!r}")
            cards.append(item)
        allowed = config.candidates(options.edition)
        if len(set(cards)) != len(cards) or not set(cards) <= set(allowed):
            raise SetupError(f"equipment {cards} must be distinct cards among {list(allowed)}")
        if len(cards) != min(players, len(allowed)):
            raise SetupError(
                f"mission {mission} with {players} players places {min(players, len(allowed))} equipment cards"
            )
        return tuple(cards)

    def setup_to_json(self, data: tuple[int, ...]) -> dict[str, Any]:
        return {"cards": list(data)}

    def brings(self, setup_data: tuple[int, ...]) -> tuple[str, ...]:
        """The mechanisms of the cards on the board, in card-number order (the order their
        actions are listed in)."""
        return tuple(dict.fromkeys(self.cards[n].mechanism for n in sorted(setup_data)))

    # ------------------------------------------------------------------ play

    def init_part(self, table: Table) -> TrayPart:
        return TrayPart(cards_of(table.setup))

    def after_cuts(self, table: Table, events: Events) -> None:
        """Announce each card that the last cuts unlocked, in board order."""
        tray = self.part(table)
        new = [
            n
            for n in tray.cards
            if n not in tray.used and n not in tray.unlocked and table.cut_count(n) >= 2
        ]
        if new:
            table.set_part(ID, TrayPart(tray.cards, tray.used, tray.unlocked | set(new)))
            events.extend(Event("unlocked", {"card": n}) for n in new)

    def observe(self, table: Table, viewer: Viewer) -> EquipmentView:
        return {
            "cards": [
                {"card": n, "state": card_state(table, n), "timing": self.cards[n].timing}
                for n in self.part(table).cards
            ]
        }
