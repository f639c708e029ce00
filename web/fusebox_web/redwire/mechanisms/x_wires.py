"""X wires on the page (missions 20 and 35): an "X" drawn on each stand's unsorted far-right
wire and said in its name, the rule in words in the mission's panel (mission 35: the X wires are
blue and locked until every yellow wire is cut, and whether they still are), the pass of a player
whose every cut the lock leaves out (a dock button with its confirm), and the log's lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import x_wires
from engine.redwire.mechanisms.x_wires import XWait

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

Tile = tuple[int, int]


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = x_wires.view(obs)
    if part is None:
        return {}
    mark = tag("span", "X", class_="rw-xmark", aria_hidden="true")
    if part.get("locked"):
        words = w.t("rw.x.tileLocked")
    elif part.get("blue"):
        words = w.t("rw.x.tileBlue")
    else:
        words = w.t("rw.x.tile")
    return dict.fromkeys(((stand, slot) for stand, slot in part["x"]), (mark, words))


def _part(obs: Observation, w: Words) -> str:
    part = x_wires.view(obs)
    if part is None:
        return ""
    if "locked" in part:
        text = (
            w.t("rw.x.ruleLocked")
            + " "
            + w.t("rw.x.stillLocked" if part["locked"] else "rw.x.open")
        )
    else:
        text = w.t("rw.x.rule")
    return tag(
        "p",
        tag("span", "X", class_="rw-xmark rw-xmark--inline", aria_hidden="true") + esc(text),
        class_="rw-seq",
        data_testid="x-wires",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = x_wires.view(obs)
    if part is None or not part.get("locked"):
        return None
    return w.t("rw.x.prompt")


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, XWait(seat)) else None


def _confirm(action: XWait, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.x_wait")


def _locked_line(e: View, w: Words) -> Found:
    return w.t("rw.log.xLocked"), "info"


def _unlocked_line(e: View, w: Words) -> Found:
    return w.t("rw.log.xUnlocked"), "info"


def _wait_line(e: View, w: Words) -> Found:
    return w.t("rw.log.xWait", who=w.name(e["seat"])), "warn"


TILE_MARKS = (_marks,)
PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (action_use("x_wait", XWait, _afford, lambda s, seat: XWait(seat), _confirm),)
LINES = {"x_locked": _locked_line, "x_unlocked": _unlocked_line, "x_wait": _wait_line}
