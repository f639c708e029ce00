"""Actions: what a seat can do, as small immutable values that convert to and from JSON.

The acting seat is part of every action, so a forged click cannot act for another seat. Cards are
named by id; dice by their values (a roll is a multiset: two 6s are the same choice).

A player's :class:`Roll`, :class:`Reroll` and :class:`Draw` carry no outcome: the game rolls and
shuffles. The game keeps them in its record *with* their outcome (``result``, ``shuffled``), so a
replay never rolls: it reads the dice.

>>> a = Assign(seat=0, card="blue12a", dice=(6, 6))
>>> a.to_json()
{'type': 'assign', 'seat': 0, 'card': 'blue12a', 'dice': [6, 6]}
>>> action_from_json(a.to_json()) == a
True
>>> action_from_json({"type": "roll", "seat": 1, "result": [1, 3, 5]})
Roll(seat=1, result=(1, 3, 5))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from ..core.actions import ActionBase, ActionReader, as_int
from ..core.actions import action_to_json as core_action_to_json
from .errors import IllegalActionError, Reason


class _ActionBase(ActionBase):
    """A Loop the Loop action: its recorded outcome, when None, is left out of its JSON."""

    def to_json(self) -> dict[str, Any]:
        return action_to_json(self)


def _sorted_cards(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards))


@dataclass(frozen=True)
class Draw(_ActionBase):
    """Draw the top card of deck ``"A"`` (red/blue) or ``"B"`` (green/yellow): in an exchange
    (the first draw starts it) or when refilling the hand after a flight.

    ``shuffled`` is the recorded outcome when the draw pile was empty and its discards were
    shuffled into a new one (top first); players leave it None."""

    type: ClassVar[str] = "draw"
    seat: int
    deck: str
    shuffled: tuple[str, ...] | None = None


@dataclass(frozen=True)
class EndDraw(_ActionBase):
    """Stop drawing (after one or two cards) and go on to discard as many."""

    type: ClassVar[str] = "end_draw"
    seat: int


@dataclass(frozen=True)
class Discard(_ActionBase):
    """End an exchange: discard as many cards as were drawn, from the whole hand."""

    type: ClassVar[str] = "discard"
    seat: int
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


@dataclass(frozen=True)
class Declare(_ActionBase):
    """Lay cards on a flight plan and fly it: three (one of each of its colours; the cards on it
    are discarded) or one (from round 2: replaces the plan's card of its colour by a harder one).
    """

    type: ClassVar[str] = "declare"
    seat: int
    plan: str
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


@dataclass(frozen=True)
class DeclareFree(_ActionBase):
    """Declare the free flight: 3 to 6 hand cards, total difficulty 25 or more, flyable with six
    dice; the rest of the hand is discarded."""

    type: ClassVar[str] = "free"
    seat: int
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


@dataclass(frozen=True)
class Highlight(_ActionBase):
    """Before a free flight's first roll: the card that must be completed exactly."""

    type: ClassVar[str] = "highlight"
    seat: int
    card: str


@dataclass(frozen=True)
class SeventhDie(_ActionBase):
    """Spend a bonus token: the red die joins this flight's pool (once per turn)."""

    type: ClassVar[str] = "seventh"
    seat: int


@dataclass(frozen=True)
class Roll(_ActionBase):
    """Roll min(3, pool) dice. ``result`` is the recorded outcome (players leave it None)."""

    type: ClassVar[str] = "roll"
    seat: int
    result: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Reroll(_ActionBase):
    """Spend a bonus token: roll again ``dice`` (1 to 3 dice of the current roll, by value).

    ``result`` is the recorded outcome: the new value of each chosen die, in order."""

    type: ClassVar[str] = "reroll"
    seat: int
    dice: tuple[int, ...]
    result: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))


@dataclass(frozen=True)
class Assign(_ActionBase):
    """Place ``dice`` of the roll on ``card``: their sum must reach its difficulty (and equal
    it on the free flight's highlighted card)."""

    type: ClassVar[str] = "assign"
    seat: int
    card: str
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))


@dataclass(frozen=True)
class Stop(_ActionBase):
    """End the flight as it stands: after two cards of a plan (a bonus token instead of
    points), to accept a failure when no die fits or none is left, or to score a completed
    flight without adding the 7th die."""

    type: ClassVar[str] = "stop"
    seat: int


Action: TypeAlias = (
    Draw
    | EndDraw
    | Discard
    | Declare
    | DeclareFree
    | Highlight
    | SeventhDie
    | Roll
    | Reroll
    | Assign
    | Stop
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Draw,
        EndDraw,
        Discard,
        Declare,
        DeclareFree,
        Highlight,
        SeventhDie,
        Roll,
        Reroll,
        Assign,
        Stop,
    )
}

#: Fields holding a recorded chance outcome (left out of JSON when None).
OUTCOME_FIELDS = ("shuffled", "result")


def has_outcome(action: Action) -> bool:
    """True when the action carries a recorded chance outcome."""
    return any(getattr(action, name, None) is not None for name in OUTCOME_FIELDS)


def without_outcome(action: Action) -> Action:
    """The action as a player submits it (its recorded outcome removed)."""
    if isinstance(action, Draw):
        return Draw(action.seat, action.deck)
    if isinstance(action, Roll):
        return Roll(action.seat)
    if isinstance(action, Reroll):
        return Reroll(action.seat, action.dice)
    return action


# --------------------------------------------------------------------------- JSON


def action_to_json(action: _ActionBase) -> dict[str, Any]:
    """The action's JSON, without the outcome fields a player's action leaves None."""
    return core_action_to_json(action, omit_none=OUTCOME_FIELDS)


def _bad(detail: str) -> IllegalActionError:
    return IllegalActionError(Reason.MALFORMED, detail=detail)


def _as_int(raw: object, name: str) -> int:
    return as_int(raw, name, Reason.MALFORMED)


def _as_str(raw: object, name: str) -> str:
    if not isinstance(raw, str) or not raw or len(raw) > 40:
        raise _bad(f"{name} must be a short text")
    return raw


def _as_cards(raw: object, name: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) > 64:
        raise _bad(f"{name} must be a list of card ids")
    return tuple(_as_str(x, name) for x in raw)


def _as_dice(raw: object, name: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > 7:
        raise _bad(f"{name} must be a list of die values")
    return tuple(_as_int(x, name) for x in raw)


_PARSERS = {
    "seat": _as_int,
    "deck": _as_str,
    "plan": _as_str,
    "card": _as_str,
    "cards": _as_cards,
    "shuffled": _as_cards,
    "dice": _as_dice,
    "result": _as_dice,
}


#: Parse an action; anything malformed raises IllegalActionError(MALFORMED). The recorded
#: outcomes may be missing or null (a player's action carries none).
action_from_json: ActionReader[Action] = ActionReader(
    ACTION_TYPES, Reason.MALFORMED, _PARSERS, optional=OUTCOME_FIELDS
)
