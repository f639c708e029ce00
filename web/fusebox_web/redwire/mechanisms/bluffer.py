"""The Bluffer on the page (mission 17): his badge, his false tokens on the wires ("not 7",
drawn crossed out, said in words), his setup tokens chosen by touch or keyboard (a wire of his,
then a number it is not), and the log line. Mission 52 (everyone bluffs): no badge, the rule
said for all, the same false-token button at setup and for the Sticky Note (card 4), whose
token is false too, and "not yellow" tokens (a miss announcing yellow)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import bluffer
from engine.redwire.mechanisms.bluffer import FalseToken
from engine.redwire.wires import BLUE_VALUES

from ..icons import icon
from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _badge(obs: Observation, seat: int, w: Words) -> str:
    part = bluffer.view(obs)
    if part is None or part["bluffer"] != seat:
        return ""
    label = w.t("rw.bluff.badgeLabel")
    return tag(
        "span",
        icon("captain") + esc(w.t("rw.bluff.badge")),
        class_="rw-badge rw-badge--role",
        title=label,
        aria_label=label,
        role="img",
        data_testid="bluffer-badge",
    )


def _shown(value: int | str, w: Words, short: bool) -> str:
    """A false token's value in words: its number, or yellow ("Y" on the tile, besides the
    colour)."""
    if value == "yellow":
        return w.t("rw.bluff.yellowShort" if short else "rw.bluff.yellow")
    return str(value)


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = bluffer.view(obs)
    if part is None:
        return {}
    found: dict[Tile, list[int | str]] = {}
    for token in part["tokens"]:
        found.setdefault((token["stand"], token["slot"]), []).append(token["value"])
    return {
        tile: (
            tag(
                "span",
                esc("≠" + "/".join(_shown(v, w, short=True) for v in values)),
                class_="rw-token rw-token--false"
                + (" rw-token--false-yellow" if "yellow" in values else ""),
                aria_hidden="true",
            ),
            w.t("rw.bluff.tile", values=w.listing([_shown(v, w, short=False) for v in values])),
        )
        for tile, values in found.items()
    }


def _part(obs: Observation, w: Words) -> str:
    part = bluffer.view(obs)
    if part is None:
        return ""
    seat = part["bluffer"]
    rule = w.t("rw.bluff.ruleAll") if seat is None else w.t("rw.bluff.rule", name=w.name(seat))
    return tag(
        "p",
        esc(rule),
        class_="rw-seq",
        data_testid="bluffer",
    )


def _afford(state: GameState, seat: int) -> dict[Tile, list[int]] | None:
    """His wires that may take a false token, each with the numbers it may show."""
    found: dict[Tile, list[int]] = {}
    for stand, slot, _ in state.hand(seat):
        values = [v for v in BLUE_VALUES if legal(state, FalseToken(seat, stand, slot, v))]
        if values:
            found[(stand, slot)] = values
    return found or None


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(BLUE_VALUES)


def _build(sel: Selection, seat: int) -> FalseToken | None:
    if len(sel.targets) != 1 or len(sel.values) != 1:
        return None
    stand, slot = sel.targets[0]
    return FalseToken(seat, stand, slot, sel.values[0])


def _line(e: View, w: Words) -> Found:
    key = "rw.log.falseTokenNote" if e.get("reason") == "post_it" else "rw.log.falseToken"
    return (
        w.t(
            key,
            who=w.name(e["seat"]),
            where=w.where(e["stand"], e["slot"]),
            value=_shown(e["value"], w, short=False),
        ),
        "info",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    """Mission 52's words for the false-token mode: at setup (red wires allowed), or the Sticky
    Note's in play; mission 17 keeps the Bluffer's sentence."""
    part = bluffer.view(obs)
    if part is None or part["bluffer"] is not None:
        return None
    setup = obs["phase"] == "setup_token"
    return w.t("rw.prompt.falseTokenAll" if setup else "rw.prompt.falseTokenNote")


DECISION_PROMPTS = {"false_token": _prompt}
SEAT_BADGES = (_badge,)
TILE_MARKS = (_marks,)
PARTS = (_part,)
USES = (
    action_use(
        "false_token",
        FalseToken,
        _afford,
        _build,
        lambda a, w, obs: w.t("rw.confirm.false_token", wire=a.slot + 1, value=a.value),
        timing="any_time",
        plain=False,
        tiles=_tiles,
        values=_values,
        values_label="rw.values.falseToken",
        select=lambda a: {
            "mode": "false_token",
            "targets": ((a.stand, a.slot),),
            "values": (a.value,),
        },
        missing=lambda sel: "rw.msg.needWire" if not sel.targets else "rw.msg.needValue",
        probe=lambda seat, tile, sel, players: FalseToken(seat, tile[0], tile[1], 13),
    ),
)
LINES = {"false_token": _line}
