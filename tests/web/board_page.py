"""The Red Wire board of one seat as HTML, drawn as the page draws it (for the page tests)."""

from __future__ import annotations

from collections.abc import Sequence

from fusebox_web.redwire import board, screens
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.selection import fresh
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState

NAMES = ("Ana", "Bea", "Carlo", "Dario", "Elena")


def board_html(
    state: GameState,
    viewer: int | None,
    catalog: Catalog,
    panel: str | None = "log",
    names: Sequence[str] = NAMES,
) -> str:
    """Every part of the board ``viewer`` sees (``None``: a spectator), with fresh selection."""
    obs = state.observation(viewer)
    w = Words(catalog, list(names[: obs["players"]]), [st["owner"] for st in obs["stands"]])
    aff = affordances(state, viewer)
    inp = board.BoardInput(
        obs=obs,
        words=w,
        aff=aff,
        sel=fresh(aff),
        kinds=["human"] * state.players,
        lines=log_lines(obs["log"], w),
        panel=panel,
        title="T",
        rules="R",
        contents=screens.bomb_contents(obs, w),
    )
    return "".join(board.render(inp).values())
