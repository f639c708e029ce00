"""An audio mission on the page (missions 19, 30, 42, 54): a notice, on the board and the
briefing, to start the official track from one's own box (the page does not ship or play it),
named in the page's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import audio

from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def track_name(part: audio.AudioView, lang: str) -> str:
    """The track's name in the page's language (English when the mission has none in it).

    >>> track_name({"track": {"en": "Mission 54", "it": "Missione 54"}}, "it")
    'Missione 54'
    """
    return part["track"].get(lang) or part["track"]["en"]


def _notice(obs: Observation, w: Words) -> str:
    part = audio.view(obs)
    if part is None:
        return ""
    return tag(
        "section",
        tag("h3", esc(w.t("rw.audio.title")), class_="rw-h3")
        + tag("p", esc(w.t("rw.audio.start", track=track_name(part, w.lang))), class_="rw-seq")
        + tag("p", esc(w.t("rw.audio.why")), class_="rw-muted"),
        class_="rw-mission-part rw-audio",
        role="note",
        data_testid="audio",
    )


PARTS = (_notice,)
