"""An audio mission (missions 19, 30, 42, 54): timed instructions from the official audio
track, which the page cannot ship.

The game runs everything the mission card says (its setup, rules and timer, each by its own
mechanism); this mechanism only names the track, in each language (``[audio] track = { en =
"Mission 19", it = "Missione 19" }``), so that the page and the briefing tell the players to
start it from their own box, and says so in the observation. Nothing of the track is played or
simulated: its instructions are the players' to follow, at the table.

>>> from engine.redwire import new_game
>>> view(new_game(mission=19, players=3, seed=1).observation(None))
{'track': {'en': 'Mission 19', 'it': 'Missione 19'}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.events import Viewer
from ..model import Table
from .base import Mechanism

if TYPE_CHECKING:
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "audio"


@dataclass(frozen=True)
class AudioConfig:
    #: The track's name by language (``missions.LANGUAGES``).
    track: Mapping[str, str]


class AudioView(TypedDict):
    """``observation["mechanisms"]["audio"]``: the official track to play from one's own box,
    its name by language."""

    track: dict[str, str]


def view(obs: Observation) -> AudioView | None:
    return cast("AudioView | None", obs["mechanisms"].get(ID))


class Audio(Mechanism[None]):
    id = ID

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> AudioConfig:
        if params or table is None:
            raise reader.fail(ID, 'a table naming the track: track = { en = "Mission 19", ... }')
        reader.only_keys(table, ID, {"track"})
        return AudioConfig(reader.texts({ID: table}, f"{ID}.track"))

    def observe(self, table: Table, viewer: Viewer) -> AudioView:
        config = table.mission.config(ID)
        assert isinstance(config, AudioConfig)
        return {"track": dict(config.track)}


MECHANISM = Audio()
