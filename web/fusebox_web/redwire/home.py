"""The Red Wire card's actions on the home screen, drawn as soon as Python has booted.

The card itself (title, summary, players, how to play) is static: the build wrote it into the
page from the registry and ``card.html``.

Light on purpose (it is drawn before the page is marked ready): no board, and of the engine
only the list of mission files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    #: Progress is set aside (said by this line or by a notice): "0 won" would be untrue.
    set_aside: bool = False


def problem_text(t: Any, session: Any, key: str, params: Mapping[str, object]) -> str:
    """What loading the saves found (``session.Session.problems``) in words: a seat by its
    player's name (a seat of the table screen's seats when the problem says ``seat_of``
    ``"table"``, else of the saved game's, if any), a computer level by its name."""
    fields = dict(params)
    seat = params.get("seat")
    if isinstance(seat, int):
        on_table = params.get("seat_of") == "table" or session.game is None
        table = session.table if on_table else session.game.table
        fields["name"] = table.names(lambda i: t(f"rw.name.{i + 1}"))[seat]
    if "best" in params:
        fields["best"] = t(f"rw.level.{params['best']}")
    return str(t(key, **fields))


def home_input(t: Any, session: Any, notices: Sequence[str]) -> HomeInput:
    """What the home screen shows from a ``session.Session`` and the notices of this visit.

    Progress that could not be read is said, never shown as "0 of 8" as if nothing was won: a
    notice the first time (what was set aside, what was brought back), then the "kept" line.
    Never both at once: the notice already says where the copy is, and a line saying that
    nothing could be read would contradict its "Brought back: 2 missions won".
    """
    game = session.game
    resume = None
    if game is not None:
        key = "rw.home.over" if game.stage == "over" else "rw.home.where"
        resume = t(key, mission=game.mission, turn=max(1, game.state.turn_number))
    won = sum(1 for m in MISSIONS if session.campaign.status(m) == "won")
    told = session.progress_problem
    shown = told is not None and problem_text(t, session, *told) in notices
    set_aside = any(q.kind == "progress" for q in session.quarantined())
    return HomeInput(resume, won, list(notices), set_aside and not shown, set_aside)


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
    if inp.set_aside and not inp.won:
        progress = ""
    if inp.progress_kept:
        kept = tag("p", esc(t("rw.home.progressKept")), class_="rw-notice", data_testid="kept")
        progress = kept + progress
    return tag(
        "div",
        messages(inp.notices) + tag("div", "".join(buttons), class_="rw-home-buttons") + progress,
        class_="rw-home",
        data_testid="home",
    )
