"""Free turn order (mission 10): no clockwise order; whoever says "Snip!" first plays next.

After each turn has fully ended (and before the first one), the game waits in the ``claim``
phase: every *eligible* seat may claim the next turn (``Claim``), first come, first served. A
seat is eligible when it still has uncut wires and did not play the turn that just ended; the
same player may play two turns in a row with two players, and (FAQ) when at most two players
still have wires.

At a real table the quickest voice wins. Here the game also names a seat to decide first
(``to_move``: the next eligible seat clockwise after the last player, the captain before the
first turn). That seat claims, or passes the question on (``PassClaim``) to the next eligible
seat; once every eligible seat has passed, the one asked must take the turn. Computer players
claim when they have a sure move and pass otherwise; people at the table claim for whoever said
"Snip!" (any eligible seat may be claimed for at any time during the phase).

"Any time" equipment may be used while the claim is open (no action is being resolved).

>>> from engine.redwire import new_game
>>> game = new_game(mission=10, players=3, seed=4)
>>> while game.phase.value == "setup_token":
...     game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> game.phase.value, sorted(a.seat for a in game.legal_actions(0) + game.legal_actions(1) + game.legal_actions(2) if a.type == "claim")
('claim', [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, begin_turn, check_seat
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ..observation_types import Observation

ID = "claims"
CLAIM = Phase.declare("claim")
OPEN_PHASES.add(CLAIM)
describe_phase(
    CLAIM.value,
    "the next turn is being claimed",
    "say Snip! to take the next turn, or let the next player choose",
)


class ClaimReason(ReasonCode):
    """Refusals of a claim."""

    NOT_ELIGIBLE = (
        "not_eligible",
        "{who} cannot take the next turn (no wires left, or they just played).",
    )
    ALL_PASSED = (
        "all_passed",
        "Everyone has passed: whoever is asked now must take the turn.",
    )


@dataclass(frozen=True)
class Claim(Action):
    """Say "Snip!": ``seat`` plays the next turn."""

    type: ClassVar[str] = "claim"
    seat: int


@dataclass(frozen=True)
class PassClaim(Action):
    """The seat asked first lets the next eligible seat decide."""

    type: ClassVar[str] = "pass_claim"
    seat: int


@dataclass(frozen=True)
class ClaimsPart:
    """Who played the last turn, and who passed in the claim now open."""

    last: int | None = None
    passed: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {"last": self.last, "passed": sorted(self.passed)}


class ClaimsView(TypedDict):
    """``observation["mechanisms"]["claims"]``."""

    #: Open: the seats that may claim the next turn now (empty while a turn is played).
    eligible: list[int]
    #: The seat that played the last turn.
    last: int | None
    passed: list[int]


def view(obs: Observation) -> ClaimsView | None:
    return cast("ClaimsView | None", obs["mechanisms"].get(ID))


def eligible(table: Table) -> list[int]:
    """The seats that may play the next turn (see the module docstring), in seat order."""
    part = table.parts.get(ID)
    last = part.last if isinstance(part, ClaimsPart) else None
    with_wires = [seat for seat in range(table.players) if table.has_wires(seat)]
    repeat = table.players == 2 or len(with_wires) <= 2
    return [seat for seat in with_wires if seat != last or repeat]


def _ask(table: Table, after: int | None, passed: frozenset[int]) -> int:
    """The eligible seat asked to decide: the first clockwise after ``after`` that has not
    passed (everyone passed: the first clockwise)."""
    seats = eligible(table)
    start = 0 if after is None else (after + 1) % table.players
    order = [(start + i) % table.players for i in range(table.players)]
    ranked = [s for s in order if s in seats]
    return next((s for s in ranked if s not in passed), ranked[0])


def _open(table: Table, first: int | None) -> None:
    part = table.part(ID, ClaimsPart)
    table.set_part(ID, ClaimsPart(part.last, frozenset()))
    after = part.last if first is None else (first - 1) % table.players
    table.pending = Pending(CLAIM, _ask(table, after, frozenset()))


def _claim(s: Table, a: Claim) -> Events:
    if s.pending.phase is not CLAIM:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    seat = check_seat(s, a.seat)
    if seat not in eligible(s):
        raise IllegalActionError(ClaimReason.NOT_ELIGIBLE, seat=seat)
    events: Events = [Event("claim", {"seat": seat})]
    s.set_part(ID, ClaimsPart(seat, frozenset()))
    begin_turn(s, seat, s.turn_number + 1, events)
    return events


def _pass(s: Table, a: PassClaim) -> Events:
    if s.pending.phase is not CLAIM:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    part = s.part(ID, ClaimsPart)
    if set(eligible(s)) <= part.passed:
        raise IllegalActionError(ClaimReason.ALL_PASSED)
    passed = part.passed | {a.seat}
    s.set_part(ID, ClaimsPart(part.last, passed))
    s.pending = Pending(CLAIM, _ask(s, a.seat, passed))
    return [Event("pass_claim", {"seat": a.seat, "next": s.pending.seat})]


def _may_pass(s: Table, seat: int) -> bool:
    part = s.part(ID, ClaimsPart)
    return (
        s.pending.phase is CLAIM and seat == s.pending.seat and not set(eligible(s)) <= part.passed
    )


def _legal_claim(s: Table, seat: int) -> Iterator[Claim]:
    if s.pending.phase is CLAIM and seat in eligible(s):
        yield Claim(seat)


def _legal_pass(s: Table, seat: int) -> Iterator[PassClaim]:
    if _may_pass(s, seat):
        yield PassClaim(seat)


class Claims(Mechanism[ClaimsPart]):
    id = ID
    reasons = ClaimReason
    actions = (
        ActionSpec(Claim, "any_time", _legal_claim, _claim),
        ActionSpec(PassClaim, "any_time", _legal_pass, _pass),
    )
    events = ("claim", "pass_claim")
    lines = {
        "claim": lambda e, n, o: f"Snip! {name_of(n, e['seat'])} takes the next turn.",
        "pass_claim": lambda e, n, o: (
            f"{name_of(n, e['seat'])} lets {name_of(n, e['next'])} decide who plays next."
        ),
    }
    bot_keys = {
        "claim_sure": ((), "I have a sure move: I take the next turn.", "mission 10: claim"),
        "claim_pass": (
            (),
            "Nothing sure for me: someone else may have a better move.",
            "mission 10: pass the claim on",
        ),
        "claim_last": (
            (),
            "Everyone passed: I take the turn.",
            "mission 10: the claim comes back and must be taken",
        ),
    }

    def init_part(self, table: Table) -> ClaimsPart:
        return ClaimsPart()

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        """Every turn is claimed: open the claim (asking first the seat the clockwise order
        would have named, the captain before the first turn)."""
        first = seat if table.turn_number == 0 else None
        _open(table, first)
        return True

    def observe(self, table: Table, viewer: Viewer) -> ClaimsView:
        part = self.part(table)
        open_ = table.pending.phase is CLAIM
        return {
            "eligible": eligible(table) if open_ else [],
            "last": part.last,
            "passed": sorted(part.passed),
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        """Claim with a sure move (reveal, solo, a certain cut); else pass while someone has
        not passed yet; else take the turn."""
        claims = [a for a in ask.legal if isinstance(a, Claim)]
        passes = [a for a in ask.legal if isinstance(a, PassClaim)]
        if not claims:
            return None
        mine = next((c for c in claims if c.seat == ask.obs["viewer"]), None)
        if mine is None:
            return None
        if not passes:
            return mine, "claim_last", {}
        if ask.level == "simple" or sure_move(ask):  # the simple level never solves: it claims
            return mine, "claim_sure", {}
        return passes[0], "claim_pass", {}


def sure_move(ask: BotAsk) -> bool:
    """Whether the seat asked would have a move that cannot fail: only red wires left (reveal),
    every remaining wire of a value (a Solo Cut), or a certain single cut."""
    from ..deduction.codes import RED, YELLOW

    know = ask.knowledge()
    if not know.held:
        return False
    if set(know.held) == {RED}:
        return True
    for value, count in know.held.items():
        if value == RED:
            continue
        left = _left(ask.obs, value)
        if count == left and (value == YELLOW or count in (2, 4)):
            return True
    for seat in know.teammates_with_wires():
        for slot in know.hand_of(seat):
            for value in know.held:
                if value != RED and know.certain(slot, (value,)):
                    return True
    return False


def _left(obs: Mapping[str, Any], value: int) -> int:
    """How many wires of ``value`` are still uncut (public: the pool less the cut ones)."""
    from ..deduction.codes import YELLOW

    if value == YELLOW:
        total = int(obs["markers"]["yellow"]["in_play"])
        cut = sum(
            1
            for stand in obs["stands"]
            for tile in stand["slots"]
            if tile["cut"] and str(tile["wire"]).endswith(".1")
        )
    else:
        total = 4
        cut = sum(
            1
            for stand in obs["stands"]
            for tile in stand["slots"]
            if tile["cut"] and tile["wire"] == str(value)
        )
    return total - cut


MECHANISM = Claims()
