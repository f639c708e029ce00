"""The Red Wire card's actions on the home screen, drawn as soon as Python has booted.

The card itself (title, summary, players, how to play) is static: the build wrote it into the
page from the registry and ``card.html``.

Light on purpose (it is drawn before the page is marked ready): no board, and of the engine
only the list of mission files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.redwire.missions import mission_ids

from .markup import esc, tag

#: The missions the engine ships (read once: their files, not parsed).
MISSIONS = mission_ids()


def messages(texts: Sequence[str]) -> str:
    return "".join(tag("p", esc(t), class_="rw-notice", role="status") for t in texts)


@dataclass(frozen=True)
class HomeInput:
    continue_text: str | None
    won: int
    notices: Sequence[str]
    #: Earlier progress is kept aside, unread (the home screen says so).
    progress_kept: bool = False


def home(t: Any, inp: HomeInput) -> str:
    """The Red Wire card after the boot: Continue with a game in progress, what was won, and what
    loading found (Play and the tutorial are js/redwire.js's: they work before the boot)."""
    buttons = []
    if inp.continue_text:
        buttons.append(
            tag(
                "button",
                tag("span", esc(t("rw.home.continue"))) + tag("small", esc(inp.continue_text)),
                type="button",
                class_="rw-big rw-primary",
                data_act="continue",
                data_testid="continue",
            )
        )
    progress = tag(
        "p",
        esc(t("rw.home.progress", won=inp.won, total=len(MISSIONS))),
        class_="rw-muted",
        data_testid="home-progress",
    )
    if inp.progress_kept:
        kept = tag("p", esc(t("rw.home.progressKept")), class_="rw-notice", data_testid="kept")
        progress = kept + (progress if inp.won else "")
    return tag(
        "div",
        messages(inp.notices) + tag("div", "".join(buttons), class_="rw-home-buttons") + progress,
        class_="rw-home",
        data_testid="home",
    )
