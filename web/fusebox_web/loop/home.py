"""Loop the Loop's card on the home screen: Continue (a game in progress) and Play.

Imported at boot (the shell mounts every game before the page is ready): no engine here.

>>> html = home_card(lambda key, **p: key, "Round 3", ["Damaged"])
>>> 'data-act="continue"' in html and 'data-act="table"' in html and "Damaged" in html
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..shell.markup import esc, tag

GAME_KEY = "fusebox.loop.game"


def _button(text: str, act: str, cls: str, testid: str) -> str:
    return tag("button", esc(text), type="button", class_=cls, data_act=act, data_testid=testid)


def home_card(t: Callable[..., str], resume: str | None, notices: Sequence[str]) -> str:
    """The card's actions: Continue with the game in progress, or set a new one up."""
    body = "".join(tag("p", esc(n), class_="lp-notice", role="status") for n in notices)
    if resume:
        body += tag("p", esc(resume), class_="lp-resume", data_testid="lp-resume")
        body += _button(t("lp.home.continue"), "continue", "lp-btn lp-primary", "lp-continue")
    cls = "lp-btn" if resume else "lp-btn lp-primary"
    body += _button(t("lp.home.play"), "table", cls, "lp-play")
    return tag("div", body, class_="lp-home")


def peek(store: Any) -> dict[str, Any] | None:
    """The saved game's summary ({round, to_move, over}), without replaying it (None if none or
    unreadable: the full load says what is wrong)."""
    try:
        text = store.get(GAME_KEY)
        if text is None:
            return None
        raw = json.loads(text)
        summary = raw["data"]["summary"]
        if raw.get("format") != GAME_KEY or not isinstance(summary, dict):
            return None
        return summary
    except Exception:
        return None


def resume_text(t: Any, summary: dict[str, Any] | None) -> str | None:
    if summary is None or summary.get("over"):
        return None
    return str(t("lp.home.where", round=summary.get("round", 1)))
