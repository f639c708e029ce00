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
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ....core.errors import ReasonCode
from ....core.events import Event, Viewer
from ...errors import IllegalActionError, SetupError
from ...model import Table
from ..base import Events, FactReader, Line, Mechanism, name_of

if TYPE_CHECKING:
    from ....core.rng import Rng
    from ...deal import Setup
    from ...deduction.tracker import Tracker
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
    EQUIPMENT_LOCKED_ALL = (
        "equipment_locked_all",
        "Equipment card {label} is still locked: all four wires of value {value} must be cut first.",
    )
    EQUIPMENT_DOUBLE_LOCKED = (
        "equipment_double_locked",
        "Equipment card {card} is still locked: two wires of value {value} must be cut too.",
    )


ID = "equipment"
EDITIONS = ("IT", "EN")
#: The pools a mission's ``[equipment]`` table may name: none, the twelve numbered cards, or
#: those and rule sticker C's five double cards (the campaign pool, from mission 55 on).
POOLS = ("none", "base", "campaign")
CardTiming = Literal["any_time", "your_turn", "start_of_turn", "instant"]
CardState = Literal["absent", "face_down", "locked", "usable", "used"]


@dataclass(frozen=True)
class Card:
    """One equipment card: its number (also the value that unlocks it), when it is played, its
    name and text in every language, and the mechanism that holds its rule."""

    number: int
    timing: CardTiming
    name: Mapping[str, str]
    text: Mapping[str, str]
    mechanism: str
    #: The card draws an info token from the supply when it acts (the 10-10 Disintegrator):
    #: the deal shuffles the supply's number tokens for it (chance kept as setup data).
    draws_token: bool = False


def card(
    number: int,
    timing: CardTiming,
    mechanism: str,
    en: tuple[str, str],
    it: tuple[str, str],
    draws_token: bool = False,
) -> Card:
    return Card(
        number,
        timing,
        {"en": en[0], "it": it[0]},
        {"en": en[1], "it": it[1]},
        mechanism,
        draws_token,
    )


#: The campaign's yellow card (rule sticker A, from mission 9): numbered like the yellow wires'
#: value, so that "two wires of its value cut" unlocks it as any card.
YELLOW_CARD = 0
#: How many cards the yellow card adds to the board when it acts.
RESERVE = 2
#: The campaign's double-numbered cards (rule sticker C, from mission 55): each keyed by its
#: two numbers written together (22 is "2-2", 1010 is "10-10"), unlocked only when all four
#: wires of its value are cut. The id is what records, the CLI and the page carry; the label
#: ("2-2") is what a person reads and what a mission's ``exclude`` may name.
DOUBLE_CARDS: Mapping[int, int] = {22: 2, 33: 3, 99: 9, 1010: 10, 1111: 11}
#: The info tokens' supply a card draws from (§5.8): two number tokens of each value 1..12. The
#: two yellow tokens are left out: a yellow token drawn is drawn again (§7.5 REC), which is the
#: same chance as never drawing it.
TOKEN_SUPPLY: tuple[int, ...] = tuple(v for v in range(1, 13) for _ in range(2))


def unlock_value(number: int) -> int:
    """The wire value whose cuts unlock a card (its number; a double card's one value)."""
    return DOUBLE_CARDS.get(number, number)


def unlock_count(number: int) -> int:
    """How many wires of :func:`unlock_value` must be cut: two, or all four for a double card."""
    return 4 if number in DOUBLE_CARDS else 2


def card_label(number: int) -> str:
    """What a card shows in its corner: "7", or "10-10" for a double card.

    >>> card_label(7), card_label(1010)
    ('7', '10-10')
    """
    value = DOUBLE_CARDS.get(number)
    return f"{value}-{value}" if value is not None else str(number)


def card_of_label(text: str) -> int | None:
    """The card a label names ("2-2" or "22" is card 22, "7" card 7), or None."""
    text = text.strip()
    for number in DOUBLE_CARDS:
        if text == card_label(number):
            return number
    return int(text) if text.isdigit() else None


@dataclass(frozen=True)
class TrayConfig:
    """Which cards can be drawn: the base pool minus exclusions (per edition), and whether the
    yellow card joins the pool when the mission deals yellow wires (rule sticker A)."""

    pool: tuple[int, ...]
    exclude: frozenset[int] = frozenset()
    exclude_by_edition: Mapping[str, frozenset[int]] = field(default_factory=dict)
    yellow_card: bool = False
    #: The cards numbered like the face-up Number cards are replaced (mission 11: that value
    #: acts as red, so such a card could never unlock without the bomb exploding).
    exclude_number_cards: bool = False
    #: The cards are laid face down, unseen (mission 15: a rule turns them face up).
    face_down: bool = False
    #: How many cards are drawn (None: one per player; mission 23: a deck of seven).
    count: int | None = None

    def candidates(
        self, edition: str, yellow: bool = False, numbers: frozenset[int] = frozenset()
    ) -> tuple[int, ...]:
        """The cards that may be drawn; ``yellow``: this deal has yellow wires; ``numbers``: the
        face-up Number cards' values (excluded when the mission says so)."""
        banned = self.exclude | self.exclude_by_edition.get(edition, frozenset())
        if self.exclude_number_cards:
            banned |= numbers
        extra = (YELLOW_CARD,) if self.yellow_card and yellow and self.pool else ()
        return tuple(c for c in (*self.pool, *extra) if c not in banned)


@dataclass(frozen=True)
class TrayDeal:
    """What the tray drew: the cards on the board, (when the yellow card is among them) the
    cards it will add, drawn face down from what was left of the pool, and (when a card that
    draws an info token is among either) the supply's number tokens in the shuffled order they
    will be drawn: the chance of play kept as setup data, so a record replays without the RNG."""

    cards: tuple[int, ...]
    reserve: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()


def _yellow_dealt(mission: int, players: int) -> bool:
    from ...missions import load_mission  # the registry is imported by the missions module

    return load_mission(mission).wires_for(players).yellow is not None


def _face_up_numbers(mission: int, dealt: Mapping[str, Any], players: int) -> frozenset[int]:
    """The values of the face-up Number cards the mission dealt before the tray (if any)."""
    from ...missions import load_mission
    from ..number_cards import face_up_in

    return face_up_in(load_mission(mission), dealt, players)


@dataclass(frozen=True)
class TrayPart:
    """The tray during a game: the cards in board order, and those used / announced unlocked."""

    cards: tuple[int, ...]
    used: frozenset[int] = frozenset()
    unlocked: frozenset[int] = frozenset()
    #: Cards still face down on the board, unseen (mission 15), in board order.
    face_down: tuple[int, ...] = ()
    #: Cards usable whatever wires are cut (turned face up by a mission's rule).
    free: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cards": list(self.cards),
            "used": sorted(self.used),
            "unlocked": sorted(self.unlocked),
        }
        if self.face_down or self.free:
            out.update(face_down=list(self.face_down), free=sorted(self.free))
        return out


class CardView(TypedDict):
    card: int
    state: CardState
    timing: CardTiming


class _EquipmentBase(TypedDict):
    cards: list[CardView]


class EquipmentView(_EquipmentBase, total=False):
    """``observation["mechanisms"]["equipment"]``: the face-up cards on the board, in board
    order, and (in a mission that lays them face down) how many are still face down."""

    face_down: int


def view(obs: Observation) -> EquipmentView | None:
    """The tray as an observation shows it, or None in a mission without equipment."""
    return cast("EquipmentView | None", obs["mechanisms"].get(ID))


def cards_of(setup: Setup) -> tuple[int, ...]:
    """The equipment cards a setup lays on the board, in board order (none without a tray)."""
    return _deal_of(setup.parts.get(ID)).cards


def reserve_of(setup: Setup) -> tuple[int, ...]:
    """The face-down cards the yellow card will add (hidden from every seat)."""
    return _deal_of(setup.parts.get(ID)).reserve


def token_order(s: Table) -> tuple[int, ...]:
    """The supply's number tokens in the order a card will draw them (hidden from every seat;
    empty when no card on the board or in the reserve draws one)."""
    return _deal_of(s.setup.parts.get(ID)).tokens


def _deal_of(data: object) -> TrayDeal:
    if data is None:
        return TrayDeal(())
    if isinstance(data, TrayDeal):
        return data
    assert isinstance(data, tuple)  # a bare tuple of cards (tests build the deal by hand)
    return TrayDeal(data)


def on_board(s: Table, numbers: tuple[int, ...]) -> bool:
    """Whether any of these cards lies on the board now (a card's mechanism shows nothing while
    its card is still face down in the yellow card's reserve)."""
    tray = s.parts.get(ID)
    return isinstance(tray, TrayPart) and any(
        n in tray.cards and n not in tray.face_down for n in numbers
    )


def reveal_next(s: Table, events: Events, free: bool = True) -> int | None:
    """Turn the leftmost face-down card face up (``free``: usable at once, whatever wires are
    cut); returns it, or None when no card is face down."""
    tray = s.part(ID, TrayPart)
    if not tray.face_down:
        return None
    card = tray.face_down[0]
    s.set_part(
        ID,
        replace(
            tray,
            face_down=tray.face_down[1:],
            free=tray.free | ({card} if free else set()),
            unlocked=tray.unlocked | ({card} if free else set()),
        ),
    )
    events.append(Event("equipment_revealed", {"card": card, "free": free}))
    return card


def discard_next(s: Table, events: Events) -> bool:
    """Discard the first face-down card unseen (a face-down deck's top card, mission 23): it
    leaves the board; False when none is left."""
    tray = s.part(ID, TrayPart)
    if not tray.face_down:
        return False
    card = tray.face_down[0]
    cards = tuple(n for n in tray.cards if n != card)
    s.set_part(ID, replace(tray, cards=cards, face_down=tray.face_down[1:]))
    events.append(Event("equipment_discarded", {"left": len(tray.face_down) - 1}))
    return True


def add_cards(s: Table, numbers: tuple[int, ...], events: Events) -> None:
    """Lay more cards on the board (the yellow card's reserve); those whose value already has two
    wires cut are usable at once, and announced unlocked."""
    tray = s.part(ID, TrayPart)
    s.set_part(ID, replace(tray, cards=(*tray.cards, *numbers)))
    ready = frozenset(n for n in numbers if card_state(s, n) == "usable")
    s.set_part(ID, replace(tray, cards=(*tray.cards, *numbers), unlocked=tray.unlocked | ready))
    events.extend(Event("unlocked", {"card": n}) for n in numbers if n in ready)


def spend(s: Table, number: int) -> None:
    """Turn a card face down without a seat using it (an instant card acted by itself)."""
    tray = s.part(ID, TrayPart)
    s.set_part(ID, replace(tray, used=tray.used | {number}))


def card_state(s: Table, number: int) -> CardState:
    """'absent', 'locked', 'usable' or 'used' (unlocking is a check on the cut wires)."""
    tray = s.parts.get(ID)
    if not isinstance(tray, TrayPart) or number not in tray.cards:
        return "absent"
    if number in tray.face_down:
        return "face_down"
    if number in tray.used:
        return "used"
    if number in tray.free:
        return "usable"
    if (
        s.cut_count(unlock_value(number)) < unlock_count(number)
        or second_lock(s, number) is not None
    ):
        return "locked"
    return "usable"


def second_lock(s: Table, number: int) -> int | None:
    """The value of a mechanism's second lock still closed on a card (None: none)."""
    return next((v for m in s.mechanisms if (v := m.card_lock(s, number)) is not None), None)


def usable(s: Table, number: int) -> bool:
    return card_state(s, number) == "usable"


def require_card(s: Table, number: int) -> None:
    """Refuse unless the card is on the board, unlocked and not used yet."""
    state = card_state(s, number)
    if state in ("absent", "face_down"):  # a face-down card is not known to be there
        raise IllegalActionError(TrayReason.EQUIPMENT_ABSENT, card=number)
    if state == "locked" and number in DOUBLE_CARDS:
        raise IllegalActionError(
            TrayReason.EQUIPMENT_LOCKED_ALL,
            card=number,
            label=card_label(number),
            value=unlock_value(number),
        )
    if state == "locked":
        second = second_lock(s, number) if s.cut_count(number) >= 2 else None
        if second is not None:
            raise IllegalActionError(TrayReason.EQUIPMENT_DOUBLE_LOCKED, card=number, value=second)
        raise IllegalActionError(TrayReason.EQUIPMENT_LOCKED, card=number)
    if state == "used":
        raise IllegalActionError(TrayReason.EQUIPMENT_USED, card=number)


def use_card(s: Table, number: int, seat: int, events: Events, **data: Any) -> None:
    """Spend a usable card (refusing otherwise) and report it: ``equipment`` with ``data``."""
    require_card(s, number)
    tray = s.part(ID, TrayPart)
    s.set_part(ID, replace(tray, used=tray.used | {number}))
    events.append(Event("equipment", {"seat": seat, "card": number, **data}))


def card_facts(numbers: tuple[int, ...], reader: FactReader) -> FactReader:
    """The fact reader of ``equipment`` events that runs ``reader`` for the cards ``numbers`` only
    (a card's mechanism says what using it proves; the tray only reports the use)."""

    def read(event: Mapping[str, Any], tracker: Tracker) -> None:
        if event.get("card") in numbers:
            reader(event, tracker)

    return read


def _card_name(cards: Mapping[int, Card], number: object) -> str:
    return cards[number].name["en"] if isinstance(number, int) and number in cards else "?"


def _card_ref(number: object) -> str:
    if number == YELLOW_CARD:
        return "the yellow card"
    return f"card {card_label(number)}" if isinstance(number, int) else f"card {number}"


def _numbers(raw: list[Any]) -> list[int]:
    for item in raw:
        if isinstance(item, bool) or not isinstance(item, int):
            raise SetupError(f"setup.equipment must be an integer, got {item!r}")
    return list(raw)


class Tray(Mechanism[TrayPart]):
    """The equipment tray, holding the cards of this package (``cards`` by number)."""

    id = ID
    reasons = TrayReason
    events = ("equipment", "unlocked", "equipment_revealed", "equipment_discarded")

    def __init__(self, cards: Mapping[int, Card]) -> None:
        self.cards = dict(cards)
        self.lines: Mapping[str, Line] = {
            "equipment": lambda e, n, o: (
                f"{name_of(n, e['seat'])} uses {_card_name(self.cards, e['card'])}."
            ),
            "unlocked": lambda e, n, o: (
                f"{_card_name(self.cards, e['card'])} ({_card_ref(e['card'])}) is unlocked."
            ),
            "equipment_discarded": lambda e, n, o: (
                f"The top card of the equipment deck is discarded unseen ({e['left']} left)."
            ),
            "equipment_revealed": lambda e, n, o: (
                f"A face-down card is turned up: {_card_name(self.cards, e['card'])} "
                f"({_card_ref(e['card'])})" + (", usable at once." if e["free"] else ".")
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
        reader.only_keys(
            table,
            "equipment",
            {
                "pool",
                "exclude",
                "edition",
                "yellow_card",
                "exclude_number_cards",
                "face_down",
                "count",
            },
        )
        pool_name = table.get("pool")
        if pool_name not in POOLS:
            raise reader.fail("equipment.pool", "'none', 'base' or 'campaign'", pool_name)
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
        yellow_card = table.get("yellow_card", False)
        if not isinstance(yellow_card, bool):
            raise reader.fail("equipment.yellow_card", "true or false", yellow_card)
        by_number = table.get("exclude_number_cards", False)
        if not isinstance(by_number, bool):
            raise reader.fail("equipment.exclude_number_cards", "true or false", by_number)
        face_down = table.get("face_down", False)
        if not isinstance(face_down, bool):
            raise reader.fail("equipment.face_down", "true or false", face_down)
        count = reader.integer(table, "count", 1, 13) if "count" in table else None
        base = tuple(sorted(n for n in self.cards if n != YELLOW_CARD and n not in DOUBLE_CARDS))
        # Rule sticker C (from mission 55): the double-numbered cards join the base pool.
        doubles = tuple(sorted(n for n in self.cards if n in DOUBLE_CARDS))
        pools = {"none": (), "base": base, "campaign": (*base, *doubles)}
        return TrayConfig(
            count=count,
            yellow_card=yellow_card,
            exclude_number_cards=by_number,
            face_down=face_down,
            pool=pools[pool_name],
            exclude=self._card_list(reader, table.get("exclude"), "equipment.exclude"),
            exclude_by_edition=by_edition,
        )

    def _card_list(self, reader: ConfigReader, value: object, path: str) -> frozenset[int]:
        """A list of cards: numbers (``7``), or a double card's label (``"10-10"``)."""
        if value is None:
            return frozenset()
        numbers = [
            card_of_label(v) if isinstance(v, str) else v
            for v in (value if isinstance(value, list) else [None])
        ]
        if not isinstance(value, list) or not all(
            isinstance(v, int)
            and not isinstance(v, bool)
            and (v in self.cards or v in DOUBLE_CARDS)
            for v in numbers
        ):
            raise reader.fail(
                path, 'a list of equipment numbers 0..12 or double cards ("2-2", ...)', value
            )
        return frozenset(cast("list[int]", numbers))

    def deal(
        self,
        config: TrayConfig,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> TrayDeal:
        yellow = config.yellow_card and _yellow_dealt(mission, players)
        numbers = _face_up_numbers(mission, dealt, players)
        candidates = config.candidates(options.edition, yellow, numbers)
        wanted = players if config.count is None else config.count
        cards = tuple(rng.sample(candidates, min(wanted, len(candidates))))
        reserve: tuple[int, ...] = ()
        if YELLOW_CARD in cards:
            rest = [c for c in candidates if c not in cards]
            reserve = tuple(rng.sample(rest, min(RESERVE, len(rest))))
        # Drawn only when a card needs it, so the deals of every other game stay as they were.
        tokens: tuple[int, ...] = ()
        if self._draws_token((*cards, *reserve)):
            tokens = tuple(rng.sample(TOKEN_SUPPLY, len(TOKEN_SUPPLY)))
        return TrayDeal(cards, reserve, tokens)

    def _draws_token(self, numbers: tuple[int, ...]) -> bool:
        return any(self.cards[n].draws_token for n in numbers if n in self.cards)

    def setup_from_json(
        self,
        config: TrayConfig,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> TrayDeal:
        if raw is None:
            raw = {"cards": []}
        if (
            not isinstance(raw, dict)
            or "cards" not in raw
            or not set(raw) <= {"cards", "reserve", "tokens"}
            or not all(isinstance(v, list) for v in raw.values())
        ):
            raise SetupError(
                'setup.parts.equipment must be {"cards": [card numbers]} (and "reserve": [...],'
                ' "tokens": [...])'
            )
        cards, reserve, tokens = (
            _numbers(raw.get(key, [])) for key in ("cards", "reserve", "tokens")
        )
        yellow = config.yellow_card and _yellow_dealt(mission, players)
        allowed = config.candidates(
            options.edition, yellow, _face_up_numbers(mission, dealt, players)
        )
        if len(set(cards)) != len(cards) or not set(cards) <= set(allowed):
            raise SetupError(f"equipment {cards} must be distinct cards among {list(allowed)}")
        wanted = players if config.count is None else config.count
        if len(cards) != min(wanted, len(allowed)):
            raise SetupError(
                f"mission {mission} with {players} players places {min(wanted, len(allowed))} equipment cards"
            )
        rest = [c for c in allowed if c not in cards]
        wanted = min(RESERVE, len(rest)) if YELLOW_CARD in cards else 0
        if len(reserve) != wanted or len(set(reserve)) != wanted or not set(reserve) <= set(rest):
            raise SetupError(
                f"the yellow card's reserve must be {wanted} distinct cards among {rest}"
                if wanted
                else "a reserve needs the yellow card on the board"
            )
        if self._draws_token((*cards, *reserve)):
            if sorted(tokens) != list(TOKEN_SUPPLY):
                raise SetupError(
                    "setup.parts.equipment.tokens must order the supply's 24 number tokens"
                    " (two of each value 1..12)"
                )
        elif tokens:
            raise SetupError("tokens need a card that draws an info token (10-10)")
        return TrayDeal(tuple(cards), tuple(reserve), tuple(tokens))

    def setup_to_json(self, data: TrayDeal) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": list(data.cards)}
        if data.reserve:
            out["reserve"] = list(data.reserve)
        if data.tokens:
            out["tokens"] = list(data.tokens)
        return out

    def brings(self, setup_data: object) -> tuple[str, ...]:
        """The mechanisms of the cards on the board and in the yellow card's reserve, in
        card-number order (the order their actions are listed in)."""
        deal = _deal_of(setup_data)
        return tuple(
            dict.fromkeys(self.cards[n].mechanism for n in sorted((*deal.cards, *deal.reserve)))
        )

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """The reserve is face down: any other cards of the pool could be there (and so could
        the cards still face down on the board)."""
        tray = self.part(table)
        config = table.mission.config(ID)
        # The double cards (rule sticker C) can be unseen only where the pool holds them; the
        # order stays the cards' own, so a scramble draws as it always did elsewhere.
        campaign = isinstance(config, TrayConfig) and any(n in DOUBLE_CARDS for n in config.pool)
        pool = [n for n in self.cards if campaign or n not in DOUBLE_CARDS]
        if tray.face_down:
            unseen = [n for n in pool if n not in tray.cards or n in tray.face_down]
            unseen = [n for n in unseen if n != YELLOW_CARD]
            hidden = rng.sample(unseen, len(tray.face_down))
            swap = dict(zip(tray.face_down, hidden, strict=True))
            cards = tuple(swap.get(n, n) for n in tray.cards)
            table.set_part(ID, replace(tray, cards=cards, face_down=tuple(hidden)))
        deal = _deal_of(table.setup.parts.get(ID))
        if not deal.reserve and not deal.tokens:
            return
        reserve = deal.reserve
        if reserve:
            pool = [n for n in pool if n not in deal.cards and n not in deal.reserve]
            pool += list(deal.reserve)
            reserve = tuple(rng.sample(pool, len(deal.reserve)))
        # The supply's order is unseen: any order could lie there.
        tokens = tuple(rng.sample(deal.tokens, len(deal.tokens))) if deal.tokens else ()
        parts = {**table.setup.parts, ID: TrayDeal(deal.cards, reserve, tokens)}
        table.setup = replace(table.setup, parts=parts)

    # ------------------------------------------------------------------ play

    def init_part(self, table: Table) -> TrayPart:
        cards = cards_of(table.setup)
        config = table.mission.config(ID)
        face_down = cards if isinstance(config, TrayConfig) and config.face_down else ()
        return TrayPart(cards, face_down=face_down)

    def after_cuts(self, table: Table, events: Events) -> None:
        """Announce each card that the last cuts unlocked, in board order."""
        tray = self.part(table)
        new = [
            n
            for n in tray.cards
            if n not in tray.used and n not in tray.unlocked and card_state(table, n) == "usable"
        ]
        if new:
            table.set_part(ID, replace(tray, unlocked=tray.unlocked | set(new)))
            events.extend(Event("unlocked", {"card": n}) for n in new)

    def observe(self, table: Table, viewer: Viewer) -> EquipmentView:
        """The face-up cards on the board (the yellow card's reserve and face-down cards are
        not shown; how many are face down is)."""
        tray = self.part(table)
        view: EquipmentView = {
            "cards": [
                {"card": n, "state": card_state(table, n), "timing": self.cards[n].timing}
                for n in tray.cards
                if n not in tray.face_down
            ]
        }
        config = table.mission.config(ID)
        if isinstance(config, TrayConfig) and config.face_down:
            view["face_down"] = len(tray.face_down)
        return view
