"""A real-time countdown (mission 10): when it runs out, the bomb explodes.

The engine keeps no clock (a game and its record are the same whatever the speed of play): the
mission sets the time (``[timer] minutes``, and ``minutes_2p`` for two players), the page runs
the countdown (paused while the page is hidden or passed between players: the mission says so)
and, at zero, submits ``TimeUp``, which makes the bomb explode. Computer players never submit
it, and the command line and the benchmarks play without a clock.

>>> from engine.redwire import new_game
>>> view(new_game(mission=10, players=2, seed=1).observation(None))
{'seconds': 720, 'paused_when_hidden': True}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action
from ..errors import IllegalActionError
from ..model import Table
from ..turn import explode, require_any_time
from .base import ActionSpec, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "timer"


class TimerReason(ReasonCode):
    """The countdown's refusal."""

    NO_TIMER = ("no_timer", "This mission has no countdown.")


@dataclass(frozen=True)
class TimeUp(Action):
    """The countdown reached zero (the page says so): the bomb explodes."""

    type: ClassVar[str] = "time_up"
    #: Computer players never choose it: only the clock does.
    for_bots: ClassVar[bool] = False
    seat: int


@dataclass(frozen=True)
class TimerConfig:
    minutes: int
    minutes_2p: int

    def seconds(self, players: int) -> int:
        return 60 * (self.minutes_2p if players == 2 else self.minutes)


class TimerView(TypedDict):
    """``observation["mechanisms"]["timer"]``: the time the team has, in seconds."""

    seconds: int
    paused_when_hidden: bool


def view(obs: Observation) -> TimerView | None:
    return cast("TimerView | None", obs["mechanisms"].get(ID))


def _in_play(s: Table) -> bool:
    return any(m.id == ID for m in s.mechanisms)


def _time_up(s: Table, a: TimeUp) -> Events:
    if not _in_play(s):
        raise IllegalActionError(TimerReason.NO_TIMER)
    require_any_time(s)
    events: Events = [Event("time_up", {"seat": a.seat})]
    explode(s, "timer", events)
    return events


def _legal(s: Table, seat: int) -> Iterator[TimeUp]:
    yield TimeUp(seat)


class Timer(Mechanism[None]):
    id = ID
    causes = {"timer": "time is up"}
    reasons = TimerReason
    actions = (ActionSpec(TimeUp, "any_time", _legal, _time_up),)
    events = ("time_up",)
    lines = {"time_up": lambda e, n, o: f"Time is up ({name_of(n, e['seat'])}'s clock)."}

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> TimerConfig:
        if params:
            raise reader.fail(f"mechanisms.{ID}", "no parameters", ":".join(params))
        if table is None:
            raise reader.fail(ID, "a table with minutes (and minutes_2p)")
        reader.only_keys(table, ID, {"minutes", "minutes_2p"})
        minutes = reader.integer(table, "minutes", 1, 120)
        two = reader.integer(table, "minutes_2p", 1, 120) if "minutes_2p" in table else minutes
        return TimerConfig(minutes, two)

    def observe(self, table: Table, viewer: Viewer) -> TimerView:
        config = table.mission.config(ID)
        assert isinstance(config, TimerConfig)
        return {"seconds": config.seconds(table.players), "paused_when_hidden": True}


MECHANISM = Timer()
