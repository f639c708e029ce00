"""The weakest link (mission 34): hidden character and constraint cards, and the accusation.

After the captain is decided, the character cards (the Captain card among them, one per player)
are shuffled and dealt face down, and so are the constraint cards A-E (one each, the rest put
away unseen); each player looks at his own two. The holder of the Captain card is the weakest
link. While the character cards are hidden nobody has personal equipment (no Double Detector).

The weakest link obeys his constraint card (A even values only, B odd, C 1-6, D 7-12, E 4-9) on
every cut, without a word: his refused cuts are refused to him alone. When it leaves him no cut
on his turn (no uncut wire of its values, and not only red wires, which he reveals whatever his
card), he says so (``WeakLinkStuck``, the one move left to him besides equipment): the detonator
moves two steps and everyone discards his constraint and character cards, face up (``weakest_
stuck`` and ``weakest_cards``: what everyone held is seen, and the stuck card proves he holds
none of its values); nobody has personal equipment for the rest of the mission, and he plays his
turn normally.

Every other player ignores his own constraint card. At the start of his turn (before anything
else is done in it, equipment included) he may name a player as the weakest link and that player's constraint (``Accuse``,
without consulting): wrong (the player, the card or both) moves the detonator one step; right
turns every character card face up, usable at once (the Double Detectors), and every constraint
card is discarded face up; then he plays his turn. One accusation per turn.

Our readings: one character card per player is dealt, always with the Captain card (as for
mission 14's rookie), so there is always a weakest link; a seat may not accuse itself; the
discarded cards are seen (a discard is face up).

>>> from engine.redwire import new_game
>>> game = new_game(mission=34, players=3, seed=4)
>>> sorted(view(game.observation(0))["mine"])
['card', 'link']
>>> "mine" in view(game.observation(None))
False
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import SEER, Event, Viewer
from ..actions import Action, Cut, Parser, SoloCut, bad
from ..errors import IllegalActionError, SetupError
from ..model import Table
from ..turn import explode, forbid_if_must_reveal, must_reveal, require_own_turn
from . import constraints
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation
    from ..options import Options

ID = "weakest_link"
#: The constraint cards dealt (one per player, face down).
LETTERS = constraints.OWN_CARDS
Stage = Literal["hidden", "revealed", "discarded"]


class WeakestReason(ReasonCode):
    """Refusals of the weakest link's mission."""

    WEAKEST_HIDDEN = (
        "weakest_hidden",
        "The character cards are face down (or discarded): nobody has personal equipment.",
    )
    WEAKEST_CARD = (
        "weakest_card",
        "You are the weakest link: your constraint card {card} does not let you make that cut.",
    )
    WEAKEST_CAN_CUT = (
        "weakest_can_cut",
        "Only the weakest link whose constraint card leaves him no cut may say so.",
    )
    WEAKEST_NO_ACCUSATION = (
        "weakest_no_accusation",
        "An accusation is made at the start of one's own turn, once, while the cards are "
        "hidden, by a player who is not the weakest link, about a teammate.",
    )
    WEAKEST_NO_SUCH_CARD = (
        "weakest_no_such_card",
        "Name one of the constraint cards A to E.",
    )


def _as_seat(raw: object, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < 5:
        raise bad(f"{name} must be a seat 0..4")
    return raw


def _as_letter(raw: object, name: str) -> str:
    if not isinstance(raw, str) or raw not in LETTERS:
        raise bad(f"{name} must be a constraint card letter A..E")
    return raw


@dataclass(frozen=True)
class Accuse(Action):
    """At the start of one's turn: "``target`` is the weakest link, and his card is ``card``"."""

    type: ClassVar[str] = "weakest_accuse"
    parsers: ClassVar[Mapping[str, Parser]] = {"target": _as_seat, "card": _as_letter}
    seat: int
    target: int
    card: str


@dataclass(frozen=True)
class WeakLinkStuck(Action):
    """The weakest link's constraint card leaves him no cut: he says so (dial two steps, every
    card discarded), then plays his turn normally."""

    type: ClassVar[str] = "weakest_stuck"
    seat: int


@dataclass(frozen=True)
class Dealt:
    """The deal: the weakest link's seat and each seat's constraint card."""

    link: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class WeakestPart:
    link: int
    cards: tuple[str, ...]
    stage: Stage = "hidden"
    #: The length of the game's history at which the active player may still accuse: the
    #: start of his turn, before anything else is done in it (None: made, or none).
    open_at: int | None = None
    #: The wrong accusations so far: (accuser, target, card).
    wrong: tuple[tuple[int, int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "link": self.link,
            "cards": list(self.cards),
            "stage": self.stage,
            "open_at": self.open_at,
            "wrong": [list(w) for w in self.wrong],
        }


class MineView(TypedDict):
    #: Whether the viewer holds the Captain card (is the weakest link).
    link: bool
    card: str


class WrongView(TypedDict):
    seat: int
    target: int
    card: str


class WeakestView(TypedDict):
    """``observation["mechanisms"]["weakest_link"]``: while hidden, only the viewer's own
    cards (``mine``, a seat only); once revealed or discarded, everyone's."""

    stage: Stage
    wrong: list[WrongView]
    mine: NotRequired[MineView]
    link: NotRequired[int]
    cards: NotRequired[list[str]]


def view(obs: Observation) -> WeakestView | None:
    return cast("WeakestView | None", obs["mechanisms"].get(ID))


def _part(table: Table) -> WeakestPart | None:
    part = table.parts.get(ID)
    return part if isinstance(part, WeakestPart) else None


def link_card(table: Table, seat: int) -> constraints.Card | None:
    """The card ``seat`` must obey now: the weakest link's while the cards are hidden."""
    part = _part(table)
    if part is None or part.stage != "hidden" or seat != part.link:
        return None
    return constraints.CARDS[part.cards[seat]]


def _obeys(card: constraints.Card, action: Action) -> bool:
    if isinstance(action, Cut):
        return all(card.allows_value(v) for v in action.values)
    if isinstance(action, SoloCut):
        return card.allows_value(action.value)
    return True


def _refusal(table: Table, action: Action) -> IllegalActionError | None:
    part = _part(table)
    if part is None:
        return None
    if part.stage != "revealed" and isinstance(action, Cut) and action.tool == "double":
        return IllegalActionError(WeakestReason.WEAKEST_HIDDEN)
    card = link_card(table, action.seat)
    if card is not None and not _obeys(card, action):
        return IllegalActionError(WeakestReason.WEAKEST_CARD, card=card.letter)
    return None


def stuck(table: Table, seat: int) -> bool:
    """Whether ``seat`` is the weakest link and his card leaves him no cut this turn (only red
    wires left is not being stuck: revealing them is never restricted)."""
    card = link_card(table, seat)
    return (
        card is not None
        and seat == table.active
        and not must_reveal(table, seat)
        and not constraints.can_cut(table, seat, card)
    )


def _move_dial(table: Table, steps: int, events: Events) -> None:
    for _ in range(steps):
        before = table.dial
        table.dial -= 1
        events.append(Event("dial", {"from": before, "to": table.dial}))
        if table.dial <= 0:
            explode(table, "detonator", events)
            return


def _show_cards(table: Table, stage: Stage, events: Events) -> None:
    part = table.part(ID, WeakestPart)
    table.set_part(ID, replace(part, stage=stage, open_at=None))
    events.append(
        Event(
            "weakest_cards",
            {"stage": stage, "link": part.link, "cards": list(part.cards)},
        )
    )


def _stuck(s: Table, a: WeakLinkStuck) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if not stuck(s, a.seat):
        raise IllegalActionError(WeakestReason.WEAKEST_CAN_CUT)
    card = link_card(s, a.seat)
    assert card is not None
    targets = constraints._targets(s, a.seat, card)
    data: dict[str, Any] = {"seat": a.seat, "card": card.letter, "targets": targets}
    if targets:  # he holds no wire of a value his card lets him cut
        data["none_of"] = list(card.values)
    else:  # only Solo Cuts were left: of each value, not every remaining copy
        data["solo"] = [
            [v, s.in_play(v) - s.cut_count(v) - 1]
            for v in constraints._solo_values(s, a.seat, card)
            if s.in_play(v) - s.cut_count(v) in (2, 4)
        ]
    events: Events = [Event("weakest_stuck", data)]
    _move_dial(s, 2, events)
    if s.result is None:
        _show_cards(s, "discarded", events)
    return events


def _stuck_legal(s: Table, seat: int) -> Iterator[WeakLinkStuck]:
    if stuck(s, seat):
        yield WeakLinkStuck(seat)


def _may_accuse(s: Table, seat: int) -> bool:
    part = _part(s)
    return (
        part is not None
        and part.stage == "hidden"
        and part.open_at == len(s.history)
        and seat == s.active
        and seat != part.link
    )


def _accuse(s: Table, a: Accuse) -> Events:
    require_own_turn(s, a.seat)
    if not _may_accuse(s, a.seat) or a.target == a.seat or not 0 <= a.target < s.players:
        raise IllegalActionError(WeakestReason.WEAKEST_NO_ACCUSATION)
    if a.card not in LETTERS:  # a card nobody holds would be accused, and the dial moved
        raise IllegalActionError(WeakestReason.WEAKEST_NO_SUCH_CARD)
    part = s.part(ID, WeakestPart)
    right = a.target == part.link and a.card == part.cards[part.link]
    events: Events = [
        Event(
            "weakest_accuse",
            {"seat": a.seat, "target": a.target, "card": a.card, "right": right},
        )
    ]
    if right:
        _show_cards(s, "revealed", events)
        return events
    s.set_part(ID, replace(part, open_at=None, wrong=(*part.wrong, (a.seat, a.target, a.card))))
    _move_dial(s, 1, events)
    return events


def _accuse_legal(s: Table, seat: int) -> Iterator[Accuse]:
    if not _may_accuse(s, seat):
        return
    for target in range(s.players):
        if target != seat:
            for letter in LETTERS:
                yield Accuse(seat, target, letter)


def _read_stuck(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He was stuck: what mission 32's skip proves (the card is shown as it is discarded)."""
    constraints._read_skip(event, tracker)


def _line_cards(e: Mapping[str, Any], n: Any, o: Any) -> str:
    held = ", ".join(f"{name_of(n, i)} {c}" for i, c in enumerate(e["cards"]))
    head = (
        "Every character card is turned face up (usable now) and the constraint cards are discarded"
        if e["stage"] == "revealed"
        else "Everyone discards his constraint and character cards (no personal equipment "
        "from now on)"
    )
    return f"{head}: {name_of(n, e['link'])} was the weakest link; cards {held}."


class WeakestLink(Mechanism[WeakestPart]):
    id = ID
    reasons = WeakestReason
    actions = (
        ActionSpec(Accuse, "turn", _accuse_legal, _accuse),
        ActionSpec(WeakLinkStuck, "turn", _stuck_legal, _stuck),
    )
    events = ("weakest_dealt", "weakest_accuse", "weakest_stuck", "weakest_cards")
    facts = {"weakest_stuck": _read_stuck}
    lines = {
        "weakest_dealt": lambda e, n, o: (
            "The character and constraint cards are dealt face down."
            + (
                f" {name_of(n, e['secret']['seat'])}: constraint card {e['secret']['card']}, "
                + ("the weakest link." if e["secret"]["link"] else "not the weakest link.")
                if "secret" in e and "seat" in e["secret"]
                else ""
            )
        ),
        "weakest_accuse": lambda e, n, o: (
            f"{name_of(n, e['seat'])} names {name_of(n, e['target'])} as the weakest link "
            f"with constraint card {e['card']}: "
            + ("right!" if e["right"] else "wrong (the detonator moves one step).")
        ),
        "weakest_stuck": lambda e, n, o: (
            f"{name_of(n, e['seat'])} is the weakest link and constraint card {e['card']} "
            "leaves him no cut: the detonator moves two steps."
        ),
        "weakest_cards": _line_cards,
    }
    bot_keys = {
        "weakest_stuck": (
            ("letter",),
            "My hidden constraint card {letter} leaves me no cut: I say so (two steps, and every "
            "card is discarded).",
            "mission 34: the weakest link whose card leaves no cut (the one move left)",
        ),
        "weakest_accuse": (
            ("seat", "letter"),
            "I name {seat} as the weakest link with card {letter}: every cut they made fits only "
            "that card, and no one else fits any card I do not hold.",
            "mission 34 (`weakest_link`): the one player and card left consistent with every "
            "cut so far and every wrong accusation",
        ),
    }

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> Dealt:
        link = rng.below(players)
        letters = list(LETTERS)
        rng.shuffle(letters)
        return Dealt(link, tuple(letters[:players]))

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> Dealt:
        shape = f'setup.parts.{ID} must be {{"link": a seat, "cards": one letter A..E per seat}}'
        if not isinstance(raw, dict) or set(raw) != {"link", "cards"}:
            raise SetupError(shape)
        link, cards = raw["link"], raw["cards"]
        if isinstance(link, bool) or not isinstance(link, int) or not 0 <= link < players:
            raise SetupError(shape)
        if (
            not isinstance(cards, list)
            or len(cards) != players
            or len(set(map(str, cards))) != players
            or any(not isinstance(c, str) or c not in LETTERS for c in cards)
        ):
            raise SetupError(shape)
        return Dealt(link, tuple(cards))

    def setup_to_json(self, data: Dealt) -> dict[str, Any]:
        return {"link": data.link, "cards": list(data.cards)}

    def init_part(self, table: Table) -> WeakestPart:
        dealt = table.setup.parts[ID]
        assert isinstance(dealt, Dealt)
        return WeakestPart(dealt.link, dealt.cards)

    def start_game(self, table: Table, events: Events) -> None:
        part = self.part(table)
        events.append(
            Event(
                "weakest_dealt",
                {},
                secret={
                    seat: {"seat": seat, "card": card, "link": seat == part.link}
                    for seat, card in enumerate(part.cards)
                },
            )
        )

    def turn_start(self, table: Table, events: Events) -> None:
        part = self.part(table)
        if part.stage == "hidden":
            # the action now resolving is appended to the history next
            table.set_part(ID, replace(part, open_at=len(table.history) + 1))

    def without_character(self, table: Table, seat: int) -> bool:
        return self.part(table).stage != "revealed"

    def check_action(self, table: Table, action: Action) -> None:
        refusal = _refusal(table, action)
        if refusal is not None:
            raise refusal

    def allows(self, table: Table, action: Action) -> bool:
        return _refusal(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> WeakestView:
        part = self.part(table)
        out: WeakestView = {
            "stage": part.stage,
            "wrong": [{"seat": a, "target": t, "card": c} for a, t, c in part.wrong],
        }
        if part.stage != "hidden" or viewer == SEER:
            out["link"] = part.link
            out["cards"] = list(part.cards)
        if isinstance(viewer, int) and part.stage == "hidden":
            out["mine"] = {"link": viewer == part.link, "card": part.cards[viewer]}
        return out

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """While hidden: who is the weakest link and the others' cards (the viewer keeps his
        own two)."""
        part = self.part(table)
        if part.stage != "hidden" or viewer == SEER:
            return
        others = [s for s in range(table.players) if s != viewer]
        letters = [c for c in LETTERS if not (isinstance(viewer, int) and c == part.cards[viewer])]
        rng.shuffle(letters)
        cards = list(part.cards)
        for seat, letter in zip(others, letters, strict=False):
            cards[seat] = letter
        link = part.link
        if not (isinstance(viewer, int) and viewer == part.link):
            link = others[rng.below(len(others))]
        table.set_part(ID, replace(part, link=link, cards=tuple(cards)))

    def advise(self, ask: BotAsk) -> Advice | None:
        """The weakest link says he is stuck when it is his one move; another seat accuses
        when one player and one card alone fit every cut seen and every wrong accusation
        (from the public log), and never otherwise."""
        done = next((a for a in ask.legal if isinstance(a, WeakLinkStuck)), None)
        part = view(ask.obs)
        if done is not None:
            letter = part["mine"]["card"] if part and "mine" in part else "-"
            return done, "weakest_stuck", {"letter": letter}
        accusations = [a for a in ask.legal if isinstance(a, Accuse)]
        if not accusations or part is None:
            return None
        pairs = suspects(ask.obs)
        if len(pairs) != 1:
            return None
        target, letter = pairs[0]
        choice = next((a for a in accusations if a.target == target and a.card == letter), None)
        if choice is None:
            return None
        return choice, "weakest_accuse", {"seat": target, "letter": letter}


def suspects(obs: Observation) -> list[tuple[int, str]]:
    """Every (seat, card) the viewer's observation leaves possible for the weakest link: not
    the viewer (he knows his own card), not a seat that accused (only the others may), not a
    wrong accusation, never the viewer's own card, and a card every value he cut fits."""
    part = view(obs)
    me = obs["viewer"]
    if part is None or part["stage"] != "hidden" or "mine" not in part or not isinstance(me, int):
        return []
    if part["mine"]["link"]:
        return []
    wrong = {(w["target"], w["card"]) for w in part["wrong"]}
    accusers = {w["seat"] for w in part["wrong"]}
    cut_values: dict[int, set[int]] = {}
    for event in obs["log"]:
        kind = event.get("type")
        if kind == "cut":
            cut_values.setdefault(int(event["seat"]), set()).update(
                int(v) for v in event["values"] if isinstance(v, int)
            )
        elif kind == "solo" and isinstance(event.get("value"), int):
            cut_values.setdefault(int(event["seat"]), set()).add(int(event["value"]))
        elif kind == "weakest_accuse":
            accusers.add(int(event["seat"]))
    out: list[tuple[int, str]] = []
    for seat in range(int(obs["players"])):
        if seat == me or seat in accusers:
            continue
        for letter in LETTERS:
            if letter == part["mine"]["card"] or (seat, letter) in wrong:
                continue
            values = constraints.CARDS[letter].values
            if all(v in values for v in cut_values.get(seat, ())):
                out.append((seat, letter))
    return out


MECHANISM = WeakestLink()
