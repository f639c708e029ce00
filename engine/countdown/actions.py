"""Actions: what a seat can do, as small immutable values that convert to and from JSON.

The acting seat is part of every action, so a forged click cannot act for another seat. Agents
(0-3) and combination positions (0-3) count from 0; cards are named by kind (``analyze``,
``cut_red``, ``timer``...): copies of a kind are interchangeable.

>>> a = PlayWild(seat=1, cards=("timer", "analyze"), agent=2, mode="exit")
>>> a.to_json()
{'type': 'wild', 'seat': 1, 'cards': ['analyze', 'timer'], 'agent': 2, 'mode': 'exit'}
>>> action_from_json(a.to_json()) == a
True
>>> action_from_json({"type": "play", "seat": 0, "card": "joker", "agent": 0})
Traceback (most recent call last):
engine.core.errors.IllegalActionError: That action is not understood: card must be a card kind such as 'analyze' or 'cut_red'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from ..core.actions import ActionBase, ActionReader
from .cards import _ORDER, is_kind
from .errors import IllegalActionError, Reason


def _card_key(kind: str) -> tuple[int, str]:
    return (_ORDER.get(kind, len(_ORDER)), kind)


def _sorted_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_card_key))


@dataclass(frozen=True)
class PlayCard(ActionBase):
    """Play one card from your hand on one of your agents that has not acted this turn."""

    type: ClassVar[str] = "play"
    seat: int
    card: str
    agent: int


@dataclass(frozen=True)
class PlayWild(ActionBase):
    """Play any two cards together on an inside agent as a Scan or an Evacuate (§6.2)."""

    type: ClassVar[str] = "wild"
    seat: int
    cards: tuple[str, ...]
    agent: int
    mode: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


@dataclass(frozen=True)
class EndPlay(ActionBase):
    """Stop playing cards this turn (then the defuse decision and the discards follow)."""

    type: ClassVar[str] = "end_play"
    seat: int


@dataclass(frozen=True)
class PickWire(ActionBase):
    """Scan or Rewire: the face-down combination wire (0-3) chosen."""

    type: ClassVar[str] = "pick_wire"
    seat: int
    position: int


@dataclass(frozen=True)
class PlaceCut(ActionBase):
    """A Snip just played: add it (``replace`` None) or replace the Snip of that colour."""

    type: ClassVar[str] = "place_cut"
    seat: int
    replace: str | None = None


@dataclass(frozen=True)
class PickTarget(ActionBase):
    """Frisk: the player whose hand you look at."""

    type: ClassVar[str] = "pick_target"
    seat: int
    target: int


@dataclass(frozen=True)
class TakeCard(ActionBase):
    """Frisk: the card you take from the hand you are looking at."""

    type: ClassVar[str] = "take_card"
    seat: int
    card: str


@dataclass(frozen=True)
class AlarmAgent(ActionBase):
    """Siren: the inside agent of yours that leaves the building."""

    type: ClassVar[str] = "alarm_agent"
    seat: int
    agent: int


@dataclass(frozen=True)
class Defuse(ActionBase):
    """Declare a defusal: the combination is revealed and compared with your 4 Snips."""

    type: ClassVar[str] = "defuse"
    seat: int


@dataclass(frozen=True)
class NoDefuse(ActionBase):
    """Do not defuse this turn."""

    type: ClassVar[str] = "no_defuse"
    seat: int


@dataclass(frozen=True)
class Discard(ActionBase):
    """End of turn: the cards discarded (face up) to keep 4 in hand."""

    type: ClassVar[str] = "discard"
    seat: int
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


@dataclass(frozen=True)
class NextGame(ActionBase):
    """Points variant: deal the next game of the match."""

    type: ClassVar[str] = "next_game"
    seat: int


Action: TypeAlias = (
    PlayCard
    | PlayWild
    | EndPlay
    | PickWire
    | PlaceCut
    | PickTarget
    | TakeCard
    | AlarmAgent
    | Defuse
    | NoDefuse
    | Discard
    | NextGame
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        PlayCard,
        PlayWild,
        EndPlay,
        PickWire,
        PlaceCut,
        PickTarget,
        TakeCard,
        AlarmAgent,
        Defuse,
        NoDefuse,
        Discard,
        NextGame,
    )
}


# --------------------------------------------------------------------------- JSON


def _bad(detail: str) -> IllegalActionError:
    return IllegalActionError(Reason.MALFORMED, detail=detail)


def _as_card(raw: object, name: str) -> str:
    if not is_kind(raw):
        raise _bad(f"{name} must be a card kind such as 'analyze' or 'cut_red'")
    assert isinstance(raw, str)
    return raw


def _as_cards(raw: object, name: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw:
        raise _bad(f"{name} must be a non-empty list of card kinds")
    return tuple(_as_card(x, name) for x in raw)


def _as_colour(raw: object, name: str) -> str:
    if not isinstance(raw, str) or not is_kind("cut_" + raw):
        raise _bad(f"{name} must be null (add) or the colour of the Snip replaced")
    return raw


def _as_str(raw: object, name: str) -> str:
    if not isinstance(raw, str):
        raise _bad(f"{name} must be a string")
    return raw


_PARSERS = {
    "card": _as_card,
    "cards": _as_cards,
    "replace": _as_colour,
    "mode": _as_str,
}


#: Parse an action; anything malformed raises IllegalActionError(MALFORMED). ``replace`` may be
#: missing or null (a Snip added, none replaced).
action_from_json: ActionReader[Action] = ActionReader(
    ACTION_TYPES, Reason.MALFORMED, _PARSERS, optional=("replace",)
)
