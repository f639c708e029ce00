"""Nano on the page (mission 43): the 1-12 track with Nano's space and facing, how many
face-down wires it holds; the wire a player took (its value on his screen only) and, with two
stands, the choice of the stand as dock buttons (touch or keyboard); the new wire marked where it
arrived in the stand (the board redraws the stand from the observation, one slot longer); the
log lines.

Mission 53 (Nano as the bomb's clock): the status line's detonator becomes Nano's clock
(``STATUS_DIALS``: the spaces 1-11 as cells lit up to Nano's, Nano's marked "N", the skull on
12, and the failed cuts left in words, as the detonator's mistakes left); the mission's panel
draws the whole track 0-12 with what the next cut would do to Nano; the log says each move and
why.

Mission 59 (Nano on the line of Number cards): the mission's panel draws the twelve cards in
their line (``_line_part``: each cell its value, "▢" and struck through once face down, Nano's
card marked "◀N" or "N▶" by its facing, every cell with its accessible name), the values the
player may cut in words; the dock's buttons move Nano (one per value, offered only for the cards
the engine allows: ``nano_walk_<value>``), skip (``nano_skip``) and, after the cut, turn Nano or
keep it facing as it is (``nano_face_left`` / ``nano_face_right``), each by touch or keyboard with
its confirm; the log says every walk, skip, facing and card turned face down.

>>> from fusebox_web.redwire.mechanisms.nano import MAX_STANDS
>>> MAX_STANDS
4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import nano
from engine.redwire.mechanisms.nano import (
    CLOCK_START,
    TRACK,
    NanoFace,
    NanoSkip,
    NanoStand,
    NanoWalk,
)

from ..markup import classes, esc, tag
from .base import CardUse, Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

Tile = tuple[int, int]
#: The most stands a table has (two players: two each); one dock button per stand.
MAX_STANDS = 4


def _track(obs: Observation, w: Words) -> str:
    part = nano.view(obs)
    if part is None:
        return ""
    space, facing = part["space"], part["facing"]
    arrow = "→" if facing == "up" else "←"
    cells = "".join(
        tag(
            "li",
            esc(str(n))
            + (tag("span", arrow, class_="rw-nano-bot", aria_hidden="true") if n == space else ""),
            class_="rw-nano-cell is-here" if n == space else "rw-nano-cell",
            aria_current="true" if n == space else None,
        )
        for n in TRACK
    )
    left = part["pile"]["left"]
    status = w.t(f"rw.nano.status.{facing}", space=space, count=left)
    held = ""
    if part["held"] is not None:
        held = tag("p", esc(w.t("rw.nano.held", value=part["held"])), class_="rw-nano-held")
    return tag(
        "div",
        tag("p", esc(status), class_="rw-seq")
        + tag("ol", cells, class_="rw-nano-track", aria_label=w.t("rw.nano.track"))
        + held,
        class_="rw-nano",
        data_testid="nano",
        data_space=str(space),
        data_facing=facing,
        data_left=str(left),
    )


def _clock_moved(obs: Observation) -> bool:
    """The last turn moved Nano's clock: its move closes that turn (just before the ``turn``
    event of the one now played, if any)."""
    turns = 0
    for event in reversed(obs["log"]):
        kind = event.get("type")
        if kind == "nano_clock_move":
            return True
        if kind == "turn":
            turns += 1
        if turns > 1 or kind in ("cut", "solo", "reveal"):
            return False
    return False


def _status_dial(obs: Observation, w: Words) -> str | None:
    """Mission 53: Nano's clock where the detonator would be, at 360 px: eleven cells (spaces
    1-11) lit up to Nano's, Nano's marked N, the skull on 12, the failed cuts left in words."""
    clock = nano.clock_view(obs)
    if clock is None:
        return None
    space, end, left = clock["space"], clock["end"], clock["left"]
    size, gap = 12, 2
    parts = []
    for n in range(1, end):
        x = (n - 1) * (size + gap)
        state = " is-lit" if n <= space else ""
        here = " is-here" if n == space else ""
        parts.append(
            f'<rect x="{x}" y="3" width="{size}" height="{size}" rx="3" '
            f'class="rw-clock-cell{state}{here}"/>'
        )
        if n == space:
            parts.append(
                f'<text x="{x + size / 2}" y="13" text-anchor="middle" '
                f'class="rw-clock-nano">N</text>'
            )
    skull_x = (end - 1) * (size + gap)
    width = skull_x + 18
    svg = (
        f'<svg class="rw-dial-track rw-clock-track" viewBox="0 0 {width} 18" width="{width}" '
        f'height="18" aria-hidden="true" focusable="false">{"".join(parts)}'
        f'<use href="#rw-i-skull" x="{skull_x}" y="0" width="18" height="18" '
        'class="rw-dial-skull"/></svg>'
    )
    mistakes = max(0, left - 1)
    label = w.tn("rw.nano.clock.label", mistakes, mistakes=mistakes, space=space, end=end)
    return tag(
        "div",
        tag("span", esc(w.t("rw.nano.clock.name")), class_="rw-dial-name")
        + svg
        + tag(
            "span",
            esc(w.tn("rw.dial.left", mistakes, mistakes=mistakes)),
            class_="rw-dial-count",
            data_testid="mistakes-left",
            data_mistakes=mistakes,
        ),
        class_=classes(
            "rw-dial rw-clock", left <= 1 and "is-danger", _clock_moved(obs) and "is-ticked"
        ),
        role="group",
        aria_label=label,
        data_left=left,
        data_space=space,
        data_testid="nano-clock",
    )


def _misses(obs: Observation) -> int | None:
    """Mission 53: the failed cuts so far (each moved Nano two spaces), for the end screen."""
    if nano.clock_view(obs) is None:
        return None
    return sum(
        1 for e in obs["log"] if e.get("type") == "nano_clock_move" and e.get("why") == "miss"
    )


def _clock_track(obs: Observation, w: Words) -> str:
    """Mission 53, in the mission's panel: the track 0-12 (0: before space 1), Nano's space
    marked, the skull on 12, and where the next cut would take Nano."""
    clock = nano.clock_view(obs)
    if clock is None:
        return ""
    space, end = clock["space"], clock["end"]
    cells = []
    for n in range(CLOCK_START, end + 1):
        text = "☠" if n == end else str(n)
        if n == space:
            text += tag("span", "N", class_="rw-nano-bot", aria_hidden="true")
        cells.append(
            tag(
                "li",
                text,
                class_=classes("rw-nano-cell", n == space and "is-here", n == end and "is-end"),
                aria_current="true" if n == space else None,
                aria_label=w.t("rw.nano.clock.end", end=end) if n == end else None,
            )
        )
    forward, miss = min(end, space + 1), min(end, space + 2)
    if space >= 1:
        status = w.t(
            "rw.nano.clock.status", space=space, forward=forward, back=space - 1, miss=miss
        )
    else:
        status = w.t("rw.nano.clock.start", forward=forward, miss=miss)
    return tag(
        "div",
        tag("p", esc(status), class_="rw-seq")
        + tag("ol", "".join(cells), class_="rw-nano-track", aria_label=w.t("rw.nano.clock.track")),
        class_="rw-nano",
        data_testid="nano",
        data_space=str(space),
    )


def _clock_line(e: View, w: Words) -> Found:
    why = str(e["why"])
    text = w.t(f"rw.log.nanoClock.{why}", space=e["space"], start=e["from"])
    return text, ("dial" if why == "miss" else "info")


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    """The wire that came from Nano last, where it lies (until anything moves a wire again)."""
    if nano.view(obs) is None:
        return {}
    last: Tile | None = None
    for event in obs["log"]:
        if event["type"] == "nano_insert":
            last = (int(event["stand"]), int(event["slot"]))
        elif "to_partner" in event:  # a Walkie-Talkies exchange moved wires since
            last = None
    if last is None:
        return {}
    mark = tag("span", "✦", class_="rw-nanomark", aria_hidden="true")
    return {last: (mark, w.t("rw.nano.tile"))}


def _prompt(obs: Observation, w: Words) -> str | None:
    part = nano.view(obs)
    if part is None or part["held"] is None:
        return None
    return w.t("rw.prompt.nano_stand", value=part["held"])


def _stand_use(index: int) -> CardUse:
    """The button that puts the wire taken from Nano on stand ``index`` (shown to the seat
    choosing, for his own stands only)."""
    name = f"nano_stand_{index}"

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, NanoStand(seat, index)) else None

    return action_use(
        name,
        NanoStand,
        afford,
        lambda sel, seat: NanoStand(seat, index),
        lambda a, w, obs: w.t("rw.confirm.nano_stand", stand=a.stand + 1),
        timing="any_time",
        select=lambda a: {"mode": f"nano_stand_{a.stand}"},
    )


def _take_line(e: View, w: Words) -> Found:
    wire = e.get("secret", {}).get("wire")
    if wire is not None:
        text = w.t("rw.log.nanoTakeOwn", who=w.name(e["seat"]), space=e["space"], value=wire)
    else:
        text = w.t("rw.log.nanoTake", who=w.name(e["seat"]), space=e["space"])
    return text + " " + w.t("rw.log.nanoLeft", count=e["left"]), "info"


def _line(key: str) -> Callable[[View, Words], Found]:
    def line(e: View, w: Words) -> Found:
        params = {k: v for k, v in e.items() if k not in ("type", "secret")}
        if "seat" in params:
            params["who"] = w.name(e["seat"])
        if "stand" in params:
            params["stand"] = int(e["stand"]) + 1
            params["slot"] = int(e["slot"]) + 1
        return w.t(key, **params), "info"

    return line


def _move_line(e: View, w: Words) -> Found:
    key = "rw.log.nanoTurn" if e.get("turned") else "rw.log.nanoMove"
    return w.t(key, space=e["space"]), "info"


def _line_part(obs: Observation, w: Words) -> str:
    """Mission 59: the line of Number cards, Nano's card and facing, the cards face down."""
    line = nano.line_view(obs)
    if line is None:
        return ""
    place, facing = line["place"], line["facing"]
    ahead = set(line["ahead"])
    cells = []
    for index, card in enumerate(line["line"]):
        value, down = card["value"], card["down"]
        here = index == place
        text = "▢" if down else str(value)
        if here:
            bot = "◀N" if facing == "left" else "N▶"
            text += tag("span", bot, class_="rw-nano-bot", aria_hidden="true")
        if here:
            key = "hereDown" if down else "here"
            name = w.t(f"rw.nano.line.{key}.{facing}", value=value)
        elif down:
            name = w.t("rw.nano.line.down", value=value)
        else:
            name = w.t("rw.nano.line.card", value=value)
        cells.append(
            tag(
                "li",
                text,
                class_=classes(
                    "rw-nano-cell",
                    here and "is-here",
                    down and "is-down",
                    value in ahead and not here and "is-ahead",
                ),
                aria_current="true" if here else None,
                aria_label=name,
                data_value=str(value),
            )
        )
    values = ", ".join(str(v) for v in line["ahead"]) or "—"
    if line["walked"]:
        status = w.t("rw.nano.line.walked", value=line["value"])
    else:
        status = w.t(f"rw.nano.line.status.{facing}", value=line["value"], values=values)
    return tag(
        "div",
        tag("p", esc(status), class_="rw-seq")
        + tag("ol", "".join(cells), class_="rw-nano-track", aria_label=w.t("rw.nano.line.name")),
        class_="rw-nano rw-nano-line",
        data_testid="nano-line",
        data_value=str(line["value"]),
        data_facing=facing,
    )


def _walk_use(value: int) -> CardUse:
    """The dock button that leaves Nano on, or moves it to, the card ``value``."""

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, NanoWalk(seat, value)) else None

    return action_use(
        f"nano_walk_{value}",
        NanoWalk,
        afford,
        lambda sel, seat: NanoWalk(seat, value),
        lambda a, w, obs: w.t("rw.confirm.nano_walk", value=a.value),
        select=lambda a: {"mode": f"nano_walk_{a.value}"},
    )


def _face_use(side: str) -> CardUse:
    """The dock button that turns Nano to face ``side`` after the cut."""

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, NanoFace(seat, side)) else None

    return action_use(
        f"nano_face_{side}",
        NanoFace,
        afford,
        lambda sel, seat: NanoFace(seat, side),
        lambda a, w, obs: w.t(f"rw.confirm.nano_face_{a.facing}"),
        timing="any_time",
        select=lambda a: {"mode": f"nano_face_{a.facing}"},
    )


def _skip_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, NanoSkip(seat)) else None


def _face_prompt(obs: Observation, w: Words) -> str | None:
    line = nano.line_view(obs)
    if line is None:
        return None
    return w.t(f"rw.prompt.nano_face.{line['facing']}", value=line["value"])


def _walk_line(e: View, w: Words) -> Found:
    who = w.name(e["seat"])
    if e["from"] == e["value"]:
        return w.t("rw.log.nanoStay", who=who, value=e["value"]), "info"
    key = f"rw.log.nanoWalk.{e['facing']}"
    return w.t(key, who=who, start=e["from"], value=e["value"]), "info"


def _skip_line(e: View, w: Words) -> Found:
    values = ", ".join(str(v) for v in e["values"]) or "—"
    return w.t("rw.log.nanoSkip", who=w.name(e["seat"]), values=values), "dial"


def _face_line(e: View, w: Words) -> Found:
    key = "rw.log.nanoFaceTurn" if e["turned"] else "rw.log.nanoFaceKeep"
    return w.t(f"{key}.{e['facing']}", who=w.name(e["seat"]), value=e["value"]), "info"


def _line_start(e: View, w: Words) -> Found:
    line = " ".join(str(v) for v in e["line"])
    return w.t(f"rw.log.nanoLine.{e['facing']}", line=line, value=e["value"]), "info"


PARTS = (_track, _clock_track, _line_part)
STATUS_DIALS = (_status_dial,)
MISTAKE_COUNTS = (_misses,)
TILE_MARKS = (_marks,)
DECISION_PROMPTS = {"nano_stand": _prompt, "nano_face": _face_prompt}
USES = (
    *(_stand_use(index) for index in range(MAX_STANDS)),
    *(_walk_use(value) for value in TRACK),
    action_use(
        "nano_skip",
        NanoSkip,
        _skip_afford,
        lambda sel, seat: NanoSkip(seat),
        lambda a, w, obs: w.t("rw.confirm.nano_skip"),
    ),
    _face_use("left"),
    _face_use("right"),
)
LINES = {
    "nano": _line("rw.log.nano"),
    "nano_take": _take_line,
    "nano_empty": _line("rw.log.nanoEmpty"),
    "nano_insert": _line("rw.log.nanoInsert"),
    "nano_move": _move_line,
    "nano_stuck": _line("rw.log.nanoStuck"),
    "nano_clock": _line("rw.log.nanoClock"),
    "nano_clock_move": _clock_line,
    "nano_line": _line_start,
    "nano_walk": _walk_line,
    "nano_skip": _skip_line,
    "nano_face": _face_line,
    "nano_card_down": _line("rw.log.nanoCardDown"),
}
