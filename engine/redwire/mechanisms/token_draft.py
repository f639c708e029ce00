"""Drawn info tokens as a reward (mission 27).

As soon as two yellow wires are cut, once that turn is over and before the next one, as many
info tokens as players are drawn at random from the supply (the 26 of the box: two of each
number, two yellow) and laid face up. Starting with the captain and going clockwise, each player
takes one of those left (``TakeToken``) and puts it on one of his uncut wires of that value (his
choice: a ``pick``, a true ``token`` event with ``reason`` "reward"), or, holding none, face up
beside his stand (``reward_beside``: everyone learns he holds none). Then play resumes.

The draw is made with the deal (``setup.parts.token_draft``) and stays unseen until the tokens
are laid out.

>>> from engine.redwire import new_game
>>> game = new_game(mission=27, players=3, seed=4)
>>> view(game.observation(0))
{'state': 'waiting', 'drawn': [], 'taken': []}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Pick
from ..errors import IllegalActionError, Reason, SetupError, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, begin_turn, place_info
from ..wires import BLUE_VALUES, YELLOW, cut_value, value_from_json, value_to_json
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, PickSpec, name_of

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation
    from ..options import Options

ID = "token_draft"
#: The box's info tokens: two of each number and two yellow ones.
SUPPLY: tuple[int, ...] = tuple(v for v in (*BLUE_VALUES, YELLOW) for _ in range(2))
#: Yellow wires cut that bring the reward.
AFTER = 2
DRAFT_TAKE = Phase.declare("draft_take")
#: Taking a token is a decision between turns (B1: "any time" equipment may be used meanwhile).
OPEN_PHASES.add(DRAFT_TAKE)
describe_phase(DRAFT_TAKE.value, "a player is taking a drawn token", "take one of the drawn tokens")
DRAFT_PLACE = Phase.declare("draft_place")


class DraftReason(ReasonCode):
    """The drawn tokens' refusal."""

    DRAFT_NOT_LEFT = ("draft_not_left", "Take one of the drawn tokens still on the table.")


@dataclass(frozen=True)
class TakeToken(Action):
    """Take one of the drawn tokens (``value``: a number, or yellow) to place it."""

    type: ClassVar[str] = "take_token"
    seat: int
    value: int


@dataclass(frozen=True)
class DraftPart:
    """The reward's progress ("waiting", "due", "taking", "done"), the tokens laid out (once
    drawn), those taken (seat, value), whom the interrupted turn goes to."""

    state: str = "waiting"
    drawn: tuple[int, ...] = ()
    taken: tuple[tuple[int, int], ...] = ()
    resume: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "drawn": [value_to_json(v) for v in self.drawn],
            "taken": [[s, value_to_json(v)] for s, v in self.taken],
            "resume": self.resume,
        }


class DraftView(TypedDict):
    """``observation["mechanisms"]["token_draft"]``: the reward's progress, the tokens laid out
    (none before), and who took which."""

    state: str
    drawn: list[int | str]
    taken: list[list[int | str]]


def view(obs: Observation) -> DraftView | None:
    return cast("DraftView | None", obs["mechanisms"].get(ID))


def _draw(table: Table) -> tuple[int, ...]:
    drawn = table.setup.parts[ID]
    assert isinstance(drawn, tuple)
    return drawn


def left(table: Table) -> list[int]:
    """The laid-out tokens nobody took yet."""
    part = table.part(ID, DraftPart)
    rest = list(part.drawn)
    for _, value in part.taken:
        rest.remove(value)
    return rest


def _taker(table: Table) -> int:
    part = table.part(ID, DraftPart)
    return (table.setup.captain + len(part.taken)) % table.players


def _next(table: Table, events: Events) -> None:
    """The next player takes a token, or the interrupted turn begins."""
    part = table.part(ID, DraftPart)
    if len(part.taken) < len(part.drawn):
        table.pending = Pending(DRAFT_TAKE, _taker(table))
        return
    resume = part.resume
    assert resume is not None
    table.set_part(ID, replace(part, state="done", resume=None))
    events.append(Event("draft_done", {}))
    begin_turn(table, resume, table.turn_number + 1, events)


def _take(s: Table, a: TakeToken) -> Events:
    if s.pending.phase is not DRAFT_TAKE:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.value not in left(s):
        raise IllegalActionError(DraftReason.DRAFT_NOT_LEFT)
    part = s.part(ID, DraftPart)
    s.set_part(ID, replace(part, taken=(*part.taken, (a.seat, a.value))))
    value = value_to_json(a.value)
    options = tuple((st, sl) for st, sl, code in s.hand(a.seat) if cut_value(code) == a.value)
    # Whether he places it on a wire shows at once (he is asked where): it is public.
    data = {"seat": a.seat, "value": value, "holds": bool(options)}
    events: Events = [Event("take_token", data)]
    if options:
        s.pending = Pending(DRAFT_PLACE, a.seat, options, actor=a.seat, value=a.value)
        return events
    stand = s.seat_stands[a.seat][0]
    events.append(Event("reward_beside", {"seat": a.seat, "stand": stand, "value": value}))
    _next(s, events)
    return events


def _place(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    place_info(s, s.wire_id(stand, slot), "reward", events)
    _next(s, events)


def _legal(s: Table, seat: int) -> Iterator[TakeToken]:
    if ID not in s.parts or s.pending.phase is not DRAFT_TAKE or s.pending.seat != seat:
        return
    for value in sorted(set(left(s))):
        yield TakeToken(seat, value)


def _read_take(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He is to place the token on a wire of his: he holds an uncut wire of that value."""
    if not event.get("holds"):
        return  # the ``reward_beside`` event says the rest
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, value_from_json(event["value"])))


def _read_beside(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A drawn token laid beside the stand: he holds no uncut wire of that value."""
    from ..deduction.facts import Count

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(Count.classes(wires, value_from_json(event["value"]), low=0, high=0))


class TokenDraft(Mechanism[DraftPart]):
    id = ID
    reasons = DraftReason
    actions = (ActionSpec(TakeToken, "any_time", _legal, _take),)
    picks = (
        PickSpec(
            DRAFT_PLACE,
            _place,
            "a drawn token is being placed",
            "put the token on one of your wires of its value",
        ),
    )
    events = ("draft_start", "take_token", "reward_beside", "draft_done")
    facts = {"take_token": _read_take, "reward_beside": _read_beside}
    lines = {
        "draft_start": lambda e, n, o: (
            "Two yellow wires are cut: info tokens drawn: "
            + ", ".join(str(v) for v in e["values"])
            + "."
        ),
        "take_token": lambda e, n, o: f"{name_of(n, e['seat'])} takes the {e['value']} token.",
        "reward_beside": lambda e, n, o: (
            f"{name_of(n, e['seat'])} holds no {e['value']}: the token goes beside the stand."
        ),
        "draft_done": lambda e, n, o: "Every drawn token is taken.",
    }
    bot_keys = {
        "take_token": (
            ("value",),
            "I take the {value}: it goes on a wire of mine and shows it to the team.",
            "mission 27 (`token_draft`): a drawn token of a value I hold",
        ),
        "take_token_any": (
            ("value",),
            "I take the {value}: I hold none of the tokens left, it goes beside my stand.",
            "mission 27: no token left of a value I hold",
        ),
        "draft_place": (
            ("stand", "wire"),
            "The drawn token goes on my wire {wire}: it tells the team the most there.",
            "mission 27: which of my wires of its value gets the token",
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
    ) -> tuple[int, ...]:
        return tuple(rng.sample(list(SUPPLY), players))

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        values = raw.get("drawn") if isinstance(raw, dict) and set(raw) == {"drawn"} else None
        try:
            drawn = tuple(value_from_json(v) for v in values) if isinstance(values, list) else None
        except ValueError:
            drawn = None
        if drawn is None or len(drawn) != players or any(drawn.count(v) > 2 for v in drawn):
            raise SetupError(
                f'setup.parts.token_draft must be {{"drawn": [{players} info tokens: numbers '
                '1..12 or "yellow", each at most twice]}'
            )
        return drawn

    def setup_to_json(self, data: tuple[int, ...]) -> dict[str, Any]:
        return {"drawn": [value_to_json(v) for v in data]}

    def init_part(self, table: Table) -> DraftPart:
        return DraftPart()

    def after_cuts(self, table: Table, events: Events) -> None:
        part = self.part(table)
        if part.state == "waiting" and table.cut_count(YELLOW) >= AFTER:
            table.set_part(ID, replace(part, state="due"))

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        part = self.part(table)
        if part.state != "due":
            return False
        drawn = _draw(table)
        table.set_part(ID, replace(part, state="taking", drawn=drawn, resume=seat))
        events.append(Event("draft_start", {"values": [value_to_json(v) for v in drawn]}))
        _next(table, events)
        return True

    def observe(self, table: Table, viewer: Viewer) -> DraftView:
        part = self.part(table)
        return {
            "state": part.state,
            "drawn": [value_to_json(v) for v in part.drawn],
            "taken": [[s, value_to_json(v)] for s, v in part.taken],
        }

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """The draw is unseen until the tokens are laid out."""
        if self.part(table).drawn:
            return
        from dataclasses import replace as replace_setup

        drawn = tuple(rng.sample(list(SUPPLY), len(_draw(table))))
        parts = {**table.setup.parts, ID: drawn}
        table.setup = replace_setup(table.setup, parts=parts)

    def advise(self, ask: BotAsk) -> Advice | None:
        """Take a token of a value I hold (it then shows one of my wires), the one I hold
        fewest of; place it on the wire nearest the middle of its stand."""
        takes = [a for a in ask.legal if isinstance(a, TakeToken)]
        stands = ask.obs["stands"]
        if takes:
            mine = [
                str(t["wire"])
                for st in stands
                if st["owner"] == ask.obs["viewer"]
                for t in st["slots"]
                if not t["cut"] and t["wire"] is not None
            ]

            def held(value: int) -> int:
                return sum(1 for label in mine if cut_value(_code(label)) == value)

            holding = [a for a in takes if held(a.value)]
            if holding:
                choice = min(holding, key=lambda a: (held(a.value), a.value))
                return choice, "take_token", {"value": value_to_json(choice.value)}
            choice = takes[0]
            return choice, "take_token_any", {"value": value_to_json(choice.value)}
        prompt = ask.obs["prompt"]
        picks = [a for a in ask.legal if isinstance(a, Pick)]
        if picks and prompt is not None and prompt["kind"] == DRAFT_PLACE.value:
            best = min(
                picks, key=lambda p: (abs(p.slot - (len(stands[p.stand]["slots"]) - 1) / 2), p.slot)
            )
            return best, "draft_place", {"stand": best.stand, "wire": best.slot + 1}
        return None


def _code(label: str) -> int:
    from ..wires import code_of

    return code_of(label)


MECHANISM = TokenDraft()
