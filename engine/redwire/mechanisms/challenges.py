"""Doctor Nope's Challenge cards (missions 55 and 60): face-up goals that move the dial back.

At setup one Challenge card per player is drawn from the ten and laid face up (setup data:
``setup.parts.challenges``, with the two Number cards that card 8 holds when it is drawn, so a
record replays without the RNG). When the condition of a face-up card is fulfilled, the card is
discarded (``challenge_done``) and the detonator moves back one step (capped, B5). The detonator
starts next to the skull (``[challenges] dial = 1``).

The ten conditions (spec §10.4) and how they are checked:

1. *A red wire called*: a special action (``RedCall``) instead of the turn's action: point at a
   teammate's uncut wire and say it is red. Red: it is cut (revealed) and the card is done. Not
   red: the bomb explodes.
2. 4 team turns in a row each cut an even value.
3. The uncut wires of one stand are all in pairs (runs of exactly two), at least two pairs,
   separated by cut wires.
4. The first three validation tokens (values with all four wires cut) sum to 18.
5. 2 team turns in a row are Solo Cuts.
6. On one stand at least 5 uncut wires are isolated: each neighbour is cut (a wire at an end of
   the stand has one neighbour only).
7. 3 team turns in a row cut consecutive values, all rising or all falling.
8. The first two validation tokens are the values of the card's two Number cards.
9. One stand's uncut blue wires are all odd, at least 6 of them (red and yellow ignored). Only
   its owner can see that: he *claims* it (``ChallengeClaim``, any time), and the claim is
   checked. An automatic check would tell everyone, each time it did not fire, that no stand
   holds such a hand.
10. On one stand at least 7 wires are cut while the two wires at each end are uncut.

"In a row" counts consecutive turns of the team (REC: a turn that cuts nothing, or cuts another
colour, breaks the streak). A turn's value is the one blue value its cuts cut. Every condition
but 9 reads only what the whole table sees (cut values, cut positions, the order of the
validation tokens), so its card's discard proves nothing new; a claim proves the stand's hand.

>>> RedCall(0, 2, 5).to_json()
{'type': 'red_call', 'seat': 0, 'stand': 2, 'slot': 5}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, SoloCut
from ..errors import IllegalActionError, SetupError
from ..model import Phase, Table
from ..turn import (
    after_cuts,
    any_time_now,
    dial_back,
    end_turn,
    explode,
    forbid_if_must_reveal,
    is_red,
    must_reveal,
    require_any_time,
    require_own_turn,
    wire_at,
)
from ..turn import cut_wire as cut_one
from ..wires import Colour, colour_of, cut_value
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of, where

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options

ID = "challenges"
#: The ten Challenge cards.
CARDS = tuple(range(1, 11))
RED_CALL = 1
SOLO_PAIR = 5
ODD_STAND = 9
NUMBERS_CARD = 8
#: How many past turns the streak cards need (card 2: four in a row).
MEMORY = 4
#: Card 9: at least this many odd uncut wires.
ODD_AT_LEAST = 6

#: Each card's name and condition, in English (the transcript; the page has its own strings).
TEXTS: Mapping[int, tuple[str, str]] = {
    1: (
        "Red call",
        "Instead of your action, cut a teammate's wire saying it is red: if not, boom.",
    ),
    2: ("Even run", "4 turns in a row each cut an even value."),
    3: ("Pairs", "The uncut wires of one stand are all in pairs, split by cut wires."),
    4: ("Eighteen", "The first 3 validation tokens add up to 18."),
    5: ("Solo duo", "2 turns in a row are Solo Cuts."),
    6: ("Islands", "On one stand, 5 uncut wires are each flanked by cut wires."),
    7: ("Staircase", "3 turns in a row cut consecutive values, going up or down."),
    8: ("Two numbers", "The first 2 validation tokens are this card's two numbers."),
    9: ("All odd", "One stand's uncut blue wires are all odd, 6 or more of them."),
    10: ("Bookends", "On one stand 7 wires are cut while both end pairs are uncut."),
}


class ChallengeReason(ReasonCode):
    """Refusals around the Challenge cards."""

    CHALLENGE_NO_CALL = (
        "challenge_no_call",
        "Calling a red wire needs Challenge card 1 face up, on your turn, with a wire that is "
        "not red in your hand.",
    )
    CHALLENGE_NOT_TEAMMATE = ("challenge_not_teammate", "Point at an uncut wire of a teammate.")
    CHALLENGE_NO_CLAIM = (
        "challenge_no_claim",
        "Challenge card 9 is not face up: there is nothing to claim.",
    )
    CHALLENGE_NOT_MET = (
        "challenge_not_met",
        "That stand does not hold only odd uncut blue wires, six or more of them.",
    )


@dataclass(frozen=True)
class RedCall(Action):
    """Challenge card 1: instead of the turn's action, cut a teammate's wire calling it red."""

    type: ClassVar[str] = "red_call"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class ChallengeClaim(Action):
    """Challenge card 9: the owner shows that one of his stands holds only odd uncut blue wires,
    six or more (red and yellow ones aside)."""

    type: ClassVar[str] = "challenge_claim"
    seat: int
    stand: int


@dataclass(frozen=True)
class ChallengeConfig:
    #: Where the detonator starts (1: next to the skull; 0: as usual).
    dial: int


@dataclass(frozen=True)
class ChallengeDeal:
    """The face-up cards, in the order drawn, and card 8's two Number cards (none without it)."""

    cards: tuple[int, ...]
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class ChallengePart:
    """The cards still face up, those done (in order), the values validated (in order), and the
    team's last turns: (the blue value its cuts cut or None, a Solo Cut)."""

    face_up: tuple[int, ...]
    numbers: tuple[int, ...] = ()
    done: tuple[int, ...] = ()
    validations: tuple[int, ...] = ()
    turns: tuple[tuple[int | None, bool], ...] = ()
    #: Wires cut when the current turn began, and whether its action is a Solo Cut.
    before: frozenset[int] = frozenset()
    solo: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "face_up": list(self.face_up),
            "numbers": list(self.numbers),
            "done": list(self.done),
            "validations": list(self.validations),
            "turns": [[v, s] for v, s in self.turns],
            "before": sorted(self.before),
            "solo": self.solo,
        }


class ChallengeView(TypedDict):
    """``observation["mechanisms"]["challenges"]``: the face-up cards, those done, card 8's
    numbers, the validation tokens in order and the team's last turns (value cut or None, and
    whether each was a Solo Cut)."""

    face_up: list[int]
    done: list[int]
    numbers: list[int]
    validations: list[int]
    turns: list[int | None]
    solos: list[bool]


def view(obs: Observation) -> ChallengeView | None:
    return cast("ChallengeView | None", obs["mechanisms"].get(ID))


def _config(table: Table) -> ChallengeConfig:
    config = table.mission.config(ID)
    assert isinstance(config, ChallengeConfig)
    return config


def _part(table: Table) -> ChallengePart:
    return table.part(ID, ChallengePart)


def face_up(table: Table, card: int) -> bool:
    return MECHANISM in table.mechanisms and card in _part(table).face_up


# --------------------------------------------------------------------------- conditions


def pairs(cut: Sequence[bool]) -> bool:
    """Card 3: every run of uncut wires is exactly two long, and there are two runs or more.

    >>> pairs([True, False, False, True, False, False])
    True
    >>> pairs([False, False, True, False, False, False])
    False
    """
    runs: list[int] = []
    length = 0
    for is_cut in (*cut, True):
        if is_cut:
            if length:
                runs.append(length)
            length = 0
        else:
            length += 1
    return len(runs) >= 2 and all(r == 2 for r in runs)


def isolated(cut: Sequence[bool]) -> int:
    """Card 6: how many uncut wires have every neighbour cut (an end wire has one neighbour).

    >>> isolated([False, True, False, True, True, False])
    3
    """
    n = len(cut)
    return sum(
        1
        for i in range(n)
        if not cut[i] and (i == 0 or cut[i - 1]) and (i == n - 1 or cut[i + 1]) and n > 1
    )


def bookends(cut: Sequence[bool]) -> bool:
    """Card 10: seven wires cut or more, the two wires at each end uncut.

    >>> bookends([False, False] + [True] * 7 + [False, False])
    True
    """
    return (
        len(cut) >= 4 and not any(cut[:2]) and not any(cut[-2:]) and sum(1 for c in cut if c) >= 7
    )


def odd_stand(codes: Sequence[int]) -> bool:
    """Card 9: the blue wires among ``codes`` (a stand's uncut wires) are all odd, six or more."""
    blue = [cut_value(c) for c in codes if colour_of(c) is Colour.BLUE]
    return len(blue) >= ODD_AT_LEAST and all(v % 2 for v in blue)


def streak(values: Sequence[int | None], card: int) -> bool:
    """Cards 2 and 7 on the team's last turns' values (oldest first).

    >>> streak([3, 2, 4, 6, 8], 2), streak([5, 4, 3], 7), streak([5, 6, 8], 7)
    (True, True, False)
    """
    if card == 2:
        last = values[-4:]
        return len(last) == 4 and all(v is not None and v % 2 == 0 for v in last)
    last = values[-3:]
    if len(last) < 3 or any(v is None for v in last):
        return False
    a, b, c = cast("list[int]", list(last))
    return b - a == c - b and abs(b - a) == 1


def _stand_met(table: Table, card: int) -> bool:
    for wires in table.stands:
        cut = [table.cut[w] for w in wires]
        if card == 3 and pairs(cut):
            return True
        if card == 6 and isolated(cut) >= 5:
            return True
        if card == 10 and bookends(cut):
            return True
    return False


def _met(table: Table, part: ChallengePart, card: int) -> bool:
    """Whether a face-up card's condition holds now (card 1 and 9 are done by their actions)."""
    if card in (3, 6, 10):
        return _stand_met(table, card)
    if card == 4:
        return len(part.validations) >= 3 and sum(part.validations[:3]) == 18
    if card == NUMBERS_CARD:
        return len(part.validations) >= 2 and set(part.validations[:2]) == set(part.numbers)
    if card in (2, 7):
        return streak([v for v, _ in part.turns], card)
    if card == SOLO_PAIR:
        return len(part.turns) >= 2 and all(solo for _, solo in part.turns[-2:])
    return False


def complete(table: Table, card: int, events: Events, **data: Any) -> None:
    """Discard a fulfilled card and move the detonator back one step."""
    part = _part(table)
    table.set_part(
        ID,
        replace(
            part,
            face_up=tuple(c for c in part.face_up if c != card),
            done=(*part.done, card),
        ),
    )
    events.append(Event("challenge_done", {"card": card, **data}))
    dial_back(table, events)


def _check(table: Table, events: Events) -> None:
    if table.result is not None:
        return
    for card in _part(table).face_up:
        if _met(table, _part(table), card):
            complete(table, card, events)


# --------------------------------------------------------------------------- card 1: red call


def _can_call(table: Table, seat: int) -> bool:
    return (
        face_up(table, RED_CALL)
        and table.pending.phase is Phase.TURN
        and table.active == seat
        and not must_reveal(table, seat)
    )


def _call_legal(s: Table, seat: int) -> Iterator[RedCall]:
    if not _can_call(s, seat):
        return
    for stand, owner in enumerate(s.owners):
        if owner == seat:
            continue
        for slot, wire in enumerate(s.stands[stand]):
            if not s.cut[wire]:
                yield RedCall(seat, stand, slot)


def _call(s: Table, a: RedCall) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if not _can_call(s, a.seat):
        raise IllegalActionError(ChallengeReason.CHALLENGE_NO_CALL)
    wire = wire_at(s, a.stand, a.slot)
    if s.owners[a.stand] == a.seat or s.cut[wire]:
        raise IllegalActionError(ChallengeReason.CHALLENGE_NOT_TEAMMATE)
    data = {"seat": a.seat, "stand": a.stand, "slot": a.slot, "owner": s.owners[a.stand]}
    if not is_red(s, s.codes[wire]):
        events: Events = [Event("red_call", {**data, "outcome": "miss"})]
        explode(s, "red_call", events)
        return events
    events = [Event("red_call", {**data, "outcome": "red"})]
    cut_one(s, a.stand, a.slot, a.seat, events)
    complete(s, RED_CALL, events)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


# --------------------------------------------------------------------------- card 9: a claim


def _claim_legal(s: Table, seat: int) -> Iterator[ChallengeClaim]:
    if not face_up(s, ODD_STAND) or not any_time_now(s):
        return
    for stand in s.seat_stands[seat]:
        if odd_stand([code for _, code in s.uncut(stand)]):
            yield ChallengeClaim(seat, stand)


def _claim(s: Table, a: ChallengeClaim) -> Events:
    require_any_time(s)
    if not face_up(s, ODD_STAND):
        raise IllegalActionError(ChallengeReason.CHALLENGE_NO_CLAIM)
    if (
        isinstance(a.stand, bool)
        or not isinstance(a.stand, int)
        or not 0 <= a.stand < len(s.stands)
        or s.owners[a.stand] != a.seat
        or not odd_stand([code for _, code in s.uncut(a.stand)])
    ):
        raise IllegalActionError(ChallengeReason.CHALLENGE_NOT_MET)
    events: Events = [Event("challenge_claim", {"seat": a.seat, "stand": a.stand})]
    complete(s, ODD_STAND, events, seat=a.seat, stand=a.stand)
    return events


# --------------------------------------------------------------------------- what it proves


def _read_call(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A red call is never open to a seat holding only red wires (it must reveal them): one of
    the caller's uncut wires is not red. The wire called, its ``wire_cut`` shows."""
    from ..deduction.facts import AtLeastOne
    from ..deduction.readers_core import in_hand, not_red

    tracker.add(AtLeastOne(in_hand(tracker, int(event["seat"])), not_red(tracker)))


def _read_claim(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The stand's uncut wires hold no even blue wire, and six odd ones or more."""
    from ..deduction.facts import Count

    wires = tracker.uncut(int(event["stand"]))
    tracker.add(Count.classes(wires, *range(2, 13, 2), low=0, high=0))
    tracker.add(Count.classes(wires, *range(1, 13, 2), low=ODD_AT_LEAST, high=len(wires)))


# --------------------------------------------------------------------------- lines


def _cards_text(cards: Sequence[int]) -> str:
    return ", ".join(f"{c} ({TEXTS[c][0]})" for c in cards) or "none"


def _call_line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    said = "it is red, and it is cut." if e["outcome"] == "red" else "it is not red!"
    return f"{name_of(n, e['seat'])} calls {where(n, o, e['stand'], e['slot'])} red: {said}"


def _done_line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    card = int(e["card"])
    return f"Challenge {card} ({TEXTS[card][0]}) is met: the card is discarded."


class Challenges(Mechanism[ChallengePart]):
    id = ID
    reasons = ChallengeReason
    actions = (
        ActionSpec(RedCall, "turn", _call_legal, _call, is_action=True),
        ActionSpec(ChallengeClaim, "any_time", _claim_legal, _claim),
    )
    events = ("challenges", "red_call", "challenge_claim", "challenge_done")
    facts = {"red_call": _read_call, "challenge_claim": _read_claim}
    lines = {
        "challenges": lambda e, n, o: (
            f"Challenge cards face up: {_cards_text(e['cards'])}"
            + (f"; card 8 holds {e['numbers'][0]} and {e['numbers'][1]}." if e["numbers"] else ".")
        ),
        "red_call": _call_line,
        "challenge_claim": lambda e, n, o: (
            f"{name_of(n, e['seat'])} shows stand {int(e['stand']) + 1}: only odd blue wires "
            "left, six or more."
        ),
        "challenge_done": _done_line,
    }
    causes = {"red_call": "a wire called red was not red"}
    bot_keys = {
        "challenge_claim": (
            (),
            "My stand holds only odd wires: I claim the challenge and the detonator goes back.",
            "challenges: card 9 met by the bot's own stand, a free step back",
        ),
        "red_call_sure": (
            ("seat", "wire"),
            "{seat}'s wire {wire} is surely red: I call it and the detonator goes back.",
            "challenges: card 1 on a teammate's wire that can only be red",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.challenges import advise

        return advise(ask)

    # ------------------------------------------------------------------ mission and setup

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> ChallengeConfig:
        if params:
            raise reader.fail(f"mechanisms.{ID}", "no parameters", ":".join(params))
        raw = {} if table is None else dict(table)
        unknown = sorted(set(raw) - {"dial"})
        if unknown:
            raise reader.fail(f"{ID}.{unknown[0]}", "only dial")
        return ChallengeConfig(reader.integer(raw, "dial", 1, 6) if "dial" in raw else 0)

    def deal(
        self,
        config: ChallengeConfig,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> ChallengeDeal:
        cards = tuple(rng.sample(list(CARDS), players))
        numbers = tuple(rng.sample(list(range(1, 13)), 2)) if NUMBERS_CARD in cards else ()
        return ChallengeDeal(cards, numbers)

    def setup_from_json(
        self,
        config: ChallengeConfig,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> ChallengeDeal:
        shape = (
            f'setup.parts.{ID} must be {{"cards": {players} distinct cards 1..10, "numbers": two '
            "distinct values 1..12 when card 8 is among them, else none}"
        )
        if not isinstance(raw, dict) or set(raw) != {"cards", "numbers"}:
            raise SetupError(shape)
        cards, numbers = raw["cards"], raw["numbers"]
        if (
            not isinstance(cards, list)
            or len(cards) != players
            or len(set(cards)) != players
            or any(isinstance(c, bool) or c not in CARDS for c in cards)
        ):
            raise SetupError(shape)
        wanted = 2 if NUMBERS_CARD in cards else 0
        if (
            not isinstance(numbers, list)
            or len(numbers) != wanted
            or len(set(numbers)) != wanted
            or any(isinstance(v, bool) or v not in range(1, 13) for v in numbers)
        ):
            raise SetupError(shape)
        return ChallengeDeal(tuple(cards), tuple(numbers))

    def setup_to_json(self, data: ChallengeDeal) -> dict[str, Any]:
        return {"cards": list(data.cards), "numbers": list(data.numbers)}

    def dial_start(self, table: Table) -> int | None:
        return _config(table).dial or None

    # ------------------------------------------------------------------ play

    def init_part(self, table: Table) -> ChallengePart:
        deal = table.setup.parts.get(ID)
        assert isinstance(deal, ChallengeDeal)
        return ChallengePart(deal.cards, deal.numbers)

    def start_game(self, table: Table, events: Events) -> None:
        part = _part(table)
        events.append(
            Event("challenges", {"cards": list(part.face_up), "numbers": list(part.numbers)})
        )

    def turn_start(self, table: Table, events: Events) -> None:
        """Remember what was cut before the turn, to know what the turn itself cut."""
        before = frozenset(w for w, is_cut in enumerate(table.cut) if is_cut)
        table.set_part(ID, replace(_part(table), before=before, solo=False))

    def before_action(self, table: Table, action: Action, events: Events) -> None:
        if isinstance(action, SoloCut) or action.counts_as_solo:  # the Fast Pass is one too
            table.set_part(ID, replace(_part(table), solo=True))

    def after_cuts(self, table: Table, events: Events) -> None:
        part = _part(table)
        new = sorted(v for v in table.validated if v not in part.validations)
        if new:
            table.set_part(ID, replace(part, validations=(*part.validations, *new)))
        _check(table, events)

    def end_turn(self, table: Table, events: Events) -> None:
        """The turn's value (the one blue value it cut, else None) joins the team's last turns."""
        part = _part(table)
        cut_now = [w for w, is_cut in enumerate(table.cut) if is_cut and w not in part.before]
        blue = {
            cut_value(table.codes[w]) for w in cut_now if colour_of(table.codes[w]) is Colour.BLUE
        }
        kinds = {colour_of(table.codes[w]) for w in cut_now}
        value = next(iter(blue)) if len(blue) == 1 and kinds == {Colour.BLUE} else None
        turns = (*part.turns, (value, part.solo))[-MEMORY:]
        table.set_part(ID, replace(part, turns=turns))
        _check(table, events)

    def observe(self, table: Table, viewer: Viewer) -> ChallengeView:
        part = _part(table)
        return {
            "face_up": list(part.face_up),
            "done": list(part.done),
            "numbers": list(part.numbers),
            "validations": list(part.validations),
            "turns": [v for v, _ in part.turns],
            "solos": [solo for _, solo in part.turns],
        }


MECHANISM = Challenges()

__all__ = ["MECHANISM", "TEXTS", "ChallengeClaim", "ChallengeReason", "RedCall", "view"]
