"""Silence on numbers (mission 25): nobody may say a wire's number aloud.

Numbers are told some other way (fingers, mime, "days in a week"...). The page has no chat to
filter, so the team keeps the rule on its honour: whoever hears a number said aloud presses
"A number was said" (``NumberSaid``, any seat, at any time a decision is open) and the detonator
moves one step, as the card says. Computer players say nothing, so they never slip and never
press it; the command line plays without it.

>>> from engine.redwire import new_game
>>> game = new_game(mission=25, players=3, seed=1)
>>> after, events = game.apply(NumberSaid(2))
>>> [e.type for e in events][:2], after.dial == game.dial - 1
(['number_said', 'dial'], True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action
from ..errors import IllegalActionError
from ..model import Table
from ..turn import mistake, require_any_time
from .base import ActionSpec, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ..observation_types import Observation

ID = "silence"


class SilenceReason(ReasonCode):
    """The slip's refusal."""

    NO_SILENCE = ("no_silence", "In this mission numbers may be said aloud.")


@dataclass(frozen=True)
class NumberSaid(Action):
    """A number was said aloud: the detonator moves one step (the honour system)."""

    type: ClassVar[str] = "number_said"
    #: Computer players never choose it: only a person at the table does.
    for_bots: ClassVar[bool] = False
    seat: int


class SilenceView(TypedDict):
    """``observation["mechanisms"]["silence"]``: how many slips so far (public)."""

    slips: int


def view(obs: Observation) -> SilenceView | None:
    return cast("SilenceView | None", obs["mechanisms"].get(ID))


def _in_play(s: Table) -> bool:
    return any(m.id == ID for m in s.mechanisms)


def _said(s: Table, a: NumberSaid) -> Events:
    if not _in_play(s):
        raise IllegalActionError(SilenceReason.NO_SILENCE)
    require_any_time(s)
    events: Events = [Event("number_said", {"seat": a.seat})]
    mistake(s, events)
    return events


def _legal(s: Table, seat: int) -> Iterator[NumberSaid]:
    yield NumberSaid(seat)


class Silence(Mechanism[None]):
    id = ID
    reasons = SilenceReason
    actions = (ActionSpec(NumberSaid, "any_time", _legal, _said),)
    events = ("number_said",)
    lines = {
        "number_said": lambda e, n, o: (
            f"A number was said aloud ({name_of(n, e['seat'])} says so): one step."
        )
    }

    def observe(self, table: Table, viewer: Viewer) -> SilenceView:
        return {"slips": sum(1 for e in table.log if e.type == "number_said")}


MECHANISM = Silence()
