"""The projector view: the public table only, in a second window that follows the game.

The board's menu opens ``?view=table`` in a new window of the same device (put it on the
classroom's projector or a second screen). It reads the game in progress from the device's
saved data, never writes any, and draws ``observation(None)`` only: every stand face down
except the cut wires, the info tokens, the detonator, the markers and track, the equipment and
the log. Nothing private is in its page at any moment (the e2e test scans its DOM against the
true deal after every move).

It keeps in step with the game window through same-origin messaging: the game posts on the
``BroadcastChannel`` named :data:`CHANNEL` after every change (and who is thinking), and the
browser's ``storage`` event says the same when the save changes; either way the view reads the
save again and redraws.

>>> from engine import redwire
>>> state = redwire.new_game(1, 3, 2)
>>> regions = public_regions(state, ["Ana", "Ben", "Cleo"], ["human", "bot", "bot"], CATALOG_STUB)
>>> sorted(regions) == ["gear", "log", "team", "top"], "rw-tile--blue" in regions["team"]
(True, False)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.redwire import GameState

from ..shell.i18n import Catalog
from . import board
from .affordances import affordances
from .icons import SPRITE
from .log_text import log_lines
from .markup import esc, scroll_more, tag
from .selection import Selection
from .urls import VIEW_PARAM, VIEW_TABLE, wants_projector
from .words import Words

__all__ = ["CHANNEL", "VIEW_PARAM", "VIEW_TABLE", "Projector", "public_regions", "wants_projector"]

#: The name of the BroadcastChannel the game window posts on.
CHANNEL = "fusebox.redwire"
#: The least height of the projector's log (px): a few lines, whatever is above it.
LOG_MIN_PX = 80

CATALOG_STUB = Catalog({"en": {}})


def public_regions(
    state: GameState,
    names: Sequence[str],
    kinds: Sequence[str],
    catalog: Catalog,
    title: str = "",
    thinking: int | None = None,
) -> dict[str, str]:
    """The projector's regions, from the spectator's observation only."""
    obs = state.observation(None)
    words = Words(catalog, list(names), [s["owner"] for s in obs["stands"]], None)
    aff = affordances(state, None)
    lines = log_lines(obs["log"], words)
    inp = board.BoardInput(
        obs=obs,
        words=words,
        aff=aff,
        sel=Selection(),
        kinds=kinds,
        lines=lines,
        thinking=thinking,
        title=title,
    )
    # The whole log, newest first: on a projector it scrolls in the room the stands leave it
    # (Projector.fit_log), its latest lines in view, the older ones a scroll away.
    shown = [line for line in lines if line.kind != "bot"]
    log = board.newest_first_log(
        shown,
        words,
        ident="rw-projector-log",
        testid="projector-log",
        class_="rw-fulllog rw-projector-log",
    )
    return {
        "top": board.top(inp),
        "team": board.team(inp),
        "gear": board.gear(inp),
        # "More below" over the log's bottom edge while older lines are out of view.
        "log": tag("h3", esc(words.t("rw.panel.log")), class_="rw-h3")
        + log
        + scroll_more(words.t("rw.log.more")),
    }


def frame(catalog: Catalog) -> str:
    """The projector page's frame (its regions are filled by :func:`public_regions`)."""
    t = catalog.t

    def region(name: str) -> str:
        return f'<div class="rw-{name}" id="rw-{name}" data-region="{name}"></div>'

    return tag(
        "div",
        SPRITE
        + tag("p", esc(t("rw.projector.kicker")), class_="rw-kicker")
        + region("top")
        # The log under the stands: five stands leave half the left column free, and the side
        # then holds only the mission's parts and the equipment (a projected window never
        # scrolls: measured for every mission by tests/bench/bench_fit.py).
        + tag(
            "div",
            tag("div", region("team") + region("events"), class_="rw-projector-left")
            + region("side"),
            class_="rw-projector-main",
        )
        + tag("p", "", class_="rw-muted", id="rw-projector-status", role="status"),
        class_="rw-board rw-projector",
        id="rw-board",
        data_testid="projector",
    )


class Projector:
    """The projector window: reads the saved game, draws its public table, follows changes."""

    def __init__(self, host: Any, read: Any) -> None:
        self.host = host
        #: Reads the saved game (text or None) without ever writing anything.
        self.read = read
        self.thinking: int | None = None
        self.drawn: dict[str, str] = {}
        #: What was drawn last (the save's text, who was thinking): drawn again only on change.
        self.seen: tuple[str | None, int | None] | None = None

    def start(self) -> None:
        from ..shell import dom

        self.host.show_screen("projector")
        dom.set_html(dom.query("#rw-root"), frame(self.host.catalog))
        self.draw()
        dom.listen(dom.window(), "storage", lambda event: self.draw())  # (unchanged: skipped)
        dom.listen(dom.window(), "resize", lambda event: self.fit_log())
        dom.on_broadcast(CHANNEL, self.on_message)
        self.host.on_language_change(self.redraw)

    def on_message(self, data: Any) -> None:
        if isinstance(data, dict):
            seat = data.get("thinking")
            self.thinking = seat if isinstance(seat, int) else None
        self.draw()

    def redraw(self) -> None:
        from ..shell import dom

        dom.set_html(dom.query("#rw-root"), frame(self.host.catalog))
        self.drawn = {}
        self.seen = None
        self.draw()

    def draw(self) -> None:
        from ..shell import dom

        text = self.read()
        if (text, self.thinking) == self.seen:
            return  # another key changed, or the same news twice: nothing to replay
        self.seen = (text, self.thinking)
        game = self.game(text)
        catalog = self.host.catalog
        status = dom.query("#rw-projector-status")
        if game is None:
            for name in ("top", "team", "side", "events"):
                dom.set_html(dom.query(f"#rw-{name}"), "")
            self.drawn = {}
            status.textContent = catalog.t("rw.projector.none")
            return
        names = game.table.names(lambda seat: catalog.t(f"rw.name.{seat + 1}"))
        from engine import redwire

        mission = redwire.load_mission(game.mission)
        title = mission.title.get(catalog.lang, mission.title["en"])
        regions = public_regions(
            game.state, names, game.table.seat_kinds(), catalog, title, self.thinking
        )
        html = {
            "top": regions["top"],
            "team": regions["team"],
            "side": regions["gear"],
            "events": regions["log"],
        }
        for name, text in html.items():
            if self.drawn.get(name) != text:
                dom.set_html_keeping_scroll(dom.query(f"#rw-{name}"), text)
                self.drawn[name] = text
        key = "rw.projector.over" if game.state.is_over else "rw.projector.live"
        status.textContent = catalog.t(key)
        self.fit_log()
        dom.set_root_attribute("data-projector-moves", str(len(game.state.history)))

    def fit_log(self) -> None:
        """The log takes the height the screen has left under the stands (redwire.css reads it,
        on a projector): the window never scrolls, the log does, in its own box, when it is
        longer (a long game: before, only its last ten lines were shown, and ten long ones
        could push the page below the screen)."""
        from ..shell import dom

        room = dom.screen_room("#rw-projector-log")
        if room is not None:
            dom.set_root_style("--rw-projector-log-room", f"{max(room, LOG_MIN_PX):.0f}px")

    def game(self, text: str | None) -> Any:
        """The saved game, or None (none, or one that does not read: the game window deals
        with that; this one only watches)."""
        from .session import Game
        from .storage import SAVES

        if text is None:
            return None
        try:
            return Game.from_json(SAVES.unwrap("game", json.loads(text)))
        except Exception:
            return None
