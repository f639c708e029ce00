"""Turning up the Number deck's cards on demand (mission 30, an audio mission).

The twelve Number cards form a face-down deck. The official audio track (which the page cannot
play) tells the players when to turn up a card and what to do with it; the page only keeps the
deck: anyone may turn up the next card at any time (``FlipNumber``: the first press turns up the
top card; each later one puts the face-up card aside and turns up the next). Computer players do
not hear the track, so they never press it.

>>> from engine.redwire import new_game
>>> game = new_game(mission=30, players=3, seed=1)
>>> after, events = game.apply(FlipNumber(1))
>>> events[0].type, events[0].data["value"] in range(1, 13)
('number_flip', True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ...core.errors import ReasonCode
from ...core.events import Event
from ..actions import Action
from ..errors import IllegalActionError
from ..model import Table
from ..turn import require_any_time
from . import number_cards
from .base import ActionSpec, Events, Mechanism, name_of

ID = "number_flip"


class FlipReason(ReasonCode):
    """The deck's refusal."""

    FLIP_EMPTY = ("flip_empty", "The Number deck is empty.")
    FLIP_NONE = ("flip_none", "This mission has no Number deck to turn up.")


@dataclass(frozen=True)
class FlipNumber(Action):
    """Turn up the next card of the Number deck (when the audio track says so)."""

    type: ClassVar[str] = "flip_number"
    #: Computer players do not hear the track: only a person turns the cards.
    for_bots: ClassVar[bool] = False
    seat: int


def _in_play(s: Table) -> bool:
    return any(m.id == ID for m in s.mechanisms)


def _flip(s: Table, a: FlipNumber) -> Events:
    if not _in_play(s):
        raise IllegalActionError(FlipReason.FLIP_NONE)
    require_any_time(s)
    cards = number_cards.part(s)
    if not cards.deck or (cards.top_up and len(cards.deck) == 1):
        raise IllegalActionError(FlipReason.FLIP_EMPTY)
    value = number_cards.discard_top(s) if cards.top_up else number_cards.turn_top_up(s)
    return [Event("number_flip", {"seat": a.seat, "value": value})]


def _legal(s: Table, seat: int) -> Iterator[FlipNumber]:
    cards = number_cards.part(s)
    if cards.deck and not (cards.top_up and len(cards.deck) == 1):
        yield FlipNumber(seat)


class NumberFlip(Mechanism[None]):
    id = ID
    reasons = FlipReason
    actions = (ActionSpec(FlipNumber, "any_time", _legal, _flip),)
    events = ("number_flip",)
    lines = {
        "number_flip": lambda e, n, o: (
            f"{name_of(n, e['seat'])} turns up a Number card: {e['value']}."
        )
    }


MECHANISM = NumberFlip()
