"""Flipped wires on the page (missions 38 and 56): the captain's wire (mission 56: every
player's) turned round, drawn with a turned mark at the far right of his stand; its value shows
to every other seat (in pass-and-play, on their screens only) and never to its owner or on the
projector, where it is a back with the mark; the rule in the mission's panel; the owner's cuts
with it (a teammate's wire tapped and a value chosen, a Solo Cut's value, revealing it as red)
and the others' skip, as dock buttons by touch or keyboard; mission 56's step for a Dual Cut at
a teammate's flipped wire, said by its tile, the turn's prompt and the confirm button; the log
lines. Mission 64 (two a player, the lower at the far left, the higher at the far right):
the tiles and the rule say which is which; the buttons without "right" or "both" use the left
one, and their confirm button says so; the right one and both have buttons of their own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import Cut, GameState
from engine.redwire.mechanisms import flipped_wires
from engine.redwire.mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReveal,
    FlippedSkip,
    FlippedSolo,
)
from engine.redwire.wires import BLUE_VALUES

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = flipped_wires.view(obs)
    if part is None:
        return {}
    viewer = obs.get("viewer")
    mark = tag("span", "↻", class_="rw-flipmark", aria_hidden="true")
    found: dict[Tile, tuple[str, str]] = {}
    for (stand, slot), owner in zip(part["wires"], part["owners"], strict=True):
        if obs["stands"][stand]["slots"][slot]["cut"]:
            continue
        if viewer == owner:
            key = "rw.flip.tileOwn"
            if part.get("pair"):  # mission 64: which of his two, and their order
                first = tuple(part["wires"][part["owners"].index(owner)])
                key = "rw.flip.tileOwnLeft" if (stand, slot) == first else "rw.flip.tileOwnRight"
        else:
            key = "rw.flip.tileToll" if part.get("toll") else "rw.flip.tile"
        found[(stand, slot)] = (mark, w.t(key, name=w.name(owner)))
    return found


def _part(obs: Observation, w: Words) -> str:
    part = flipped_wires.view(obs)
    if part is None or not part["owners"]:
        return ""
    if part.get("pair"):  # mission 64: two each, in order, and the step
        text = w.t("rw.flip.rulePair")
    elif part.get("toll"):  # mission 56: every player's, and the step a teammate's cut costs
        text = w.t("rw.flip.ruleEach")
    else:
        text = w.t("rw.flip.rule", name=w.name(part["owners"][0]))
    return tag(
        "p",
        tag("span", "↻", class_="rw-flipmark rw-flipmark--inline", aria_hidden="true") + esc(text),
        class_="rw-seq",
        data_testid="flipped-wires",
    )


def _theirs(obs: Observation) -> set[Tile]:
    """Mission 56: the others' uncut flipped wires (a Dual Cut at one costs a step)."""
    part = flipped_wires.view(obs)
    if part is None or not part.get("toll"):
        return set()
    viewer = obs.get("viewer")
    return {
        (stand, slot)
        for (stand, slot), owner in zip(part["wires"], part["owners"], strict=True)
        if owner != viewer and not obs["stands"][stand]["slots"][slot]["cut"]
    }


def _prompt(obs: Observation, w: Words) -> str | None:
    """Mission 56, on the seat's turn: the step a Dual Cut at a teammate's flipped wire costs."""
    prompt = obs["prompt"]
    if not _theirs(obs) or prompt is None or prompt["kind"] != "turn":
        return None
    return w.t("rw.flip.prompt")


def _toll_note(action: Any, obs: Observation, w: Words) -> str | None:
    """Mission 56: the confirm button of a Dual Cut at a teammate's flipped wire says its step."""
    theirs = _theirs(obs)
    if isinstance(action, Cut) and any(tuple(t) in theirs for t in action.targets):
        return w.t("rw.confirm.flippedToll")
    if isinstance(action, FlippedCut) and (action.stand, action.slot) in theirs:
        return w.t("rw.confirm.flippedToll")
    return None


def _paired(obs: Observation) -> bool:
    part = flipped_wires.view(obs)
    return part is not None and bool(part.get("pair"))


def _side(flip: int, w: Words) -> str:
    return w.t("rw.flip.right" if flip else "rw.flip.left")


def _cut_confirm(a: FlippedCut, w: Words, obs: Observation) -> str:
    if _paired(obs):  # mission 64: which of his two
        text = w.t(
            "rw.confirm.flippedCutSide",
            where=w.where(a.stand, a.slot),
            value=a.value,
            side=_side(a.flip, w),
        )
    else:
        text = w.t("rw.confirm.flipped_cut", where=w.where(a.stand, a.slot), value=a.value)
    note = _toll_note(a, obs, w)
    return f"{text} {note}" if note else text


# --------------------------------------------------------------------------- the owner's cut


def _cut_afford_of(flip: int) -> Any:
    def afford(state: GameState, seat: int) -> dict[Tile, list[int]] | None:
        """The teammates' wires he may point at with his flipped wire ``flip`` (0: the only
        one, or mission 64's left one), each with its values."""
        found: dict[Tile, list[int]] = {}
        for action in state.legal_set(seat):
            if isinstance(action, FlippedCut) and action.flip == flip:
                found.setdefault((action.stand, action.slot), []).append(action.value)
        return {tile: sorted(values) for tile, values in found.items()} or None

    return afford


_cut_afford = _cut_afford_of(0)


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(BLUE_VALUES)


def _cut_build_of(flip: int) -> Any:
    def build(sel: Selection, seat: int) -> FlippedCut | None:
        if len(sel.targets) != 1 or len(sel.values) != 1:
            return None
        stand, slot = sel.targets[0]
        return FlippedCut(seat, stand, slot, sel.values[0], flip)

    return build


_cut_build = _cut_build_of(0)


def _solo_afford_of(flips: tuple[int, ...]) -> Any:
    def afford(state: GameState, seat: int) -> list[int] | None:
        values = [v for v in BLUE_VALUES if legal(state, FlippedSolo(seat, v, flips))]
        return values or None

    return afford


_solo_afford = _solo_afford_of((0,))


def _solo_mode(flips: tuple[int, ...]) -> str:
    """The mode of a Solo Cut with these flipped wires (mission 64: the right one, both)."""
    return {(1,): "flipped_solo_right", (0, 1): "flipped_solo_both"}.get(flips, "flipped_solo")


def _solo_confirm(a: FlippedSolo, w: Words, obs: Observation) -> str:
    if not _paired(obs):
        return w.t("rw.confirm.flipped_solo", value=a.value)
    if len(a.flips) == 2:
        return w.t("rw.confirm.flippedSoloBoth", value=a.value)
    return w.t("rw.confirm.flippedSoloSide", value=a.value, side=_side(a.flips[0], w))


def _reveal_confirm(a: FlippedReveal, w: Words, obs: Observation) -> str:
    if not _paired(obs):
        return w.t("rw.confirm.flipped_reveal")
    if len(a.flips) == 2:
        return w.t("rw.confirm.flippedRevealBoth")
    return w.t("rw.confirm.flippedRevealSide", side=_side(a.flips[0], w))


def _solo_build_of(flips: tuple[int, ...]) -> Any:
    def build(sel: Selection, seat: int) -> FlippedSolo | None:
        return FlippedSolo(seat, sel.values[0], flips) if len(sel.values) == 1 else None

    return build


def _reveal_build_of(flips: tuple[int, ...]) -> Any:
    def build(sel: Selection, seat: int) -> FlippedReveal:
        return FlippedReveal(seat, flips)

    return build


def _reveal_afford_of(flips: tuple[int, ...]) -> Any:
    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, FlippedReveal(seat, flips)) else None

    return afford


def _solo_values(choices: Any) -> tuple[int, ...]:
    return tuple(choices or ())


def _solo_build(sel: Selection, seat: int) -> FlippedSolo | None:
    return FlippedSolo(seat, sel.values[0]) if len(sel.values) == 1 else None


def _plain_afford(action: type[FlippedReveal] | type[FlippedSkip]) -> Any:
    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, action(seat)) else None

    return afford


# --------------------------------------------------------------------------- the log


def _flipped(e: View, w: Words) -> Found:
    key = {"left": "rw.log.flippedLeft", "right": "rw.log.flippedRight"}.get(
        str(e.get("side")), "rw.log.flipped"
    )
    return w.t(key, who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])), "info"


def _cut(e: View, w: Words) -> Found:
    key = "rw.log.flippedHit" if e["outcome"] == "hit" else "rw.log.flippedMiss"
    if "flip" in e:  # mission 64: which of his two
        key += "Side"
    return (
        w.t(
            key,
            who=w.name(e["seat"]),
            where=w.where(e["stand"], e["slot"]),
            value=e["value"],
            side=_side(int(e.get("flip", 0)), w),
        ),
        "hit" if e["outcome"] == "hit" else "warn",
    )


def _which(e: View, w: Words) -> str:
    """Mission 64: "the left flipped wire", "both flipped wires"."""
    flips = list(e.get("flips", ()))
    if len(flips) == 2:
        return w.t("rw.flip.both")
    return w.t("rw.flip.theSide", side=_side(int(flips[0]), w))


def _solo(e: View, w: Words) -> Found:
    if "flips" in e:
        which = _which(e, w)
        return w.t(
            "rw.log.flippedSoloSide", who=w.name(e["seat"]), value=e["value"], which=which
        ), "info"
    return w.t("rw.log.flippedSolo", who=w.name(e["seat"]), value=e["value"]), "info"


def _reveal(e: View, w: Words) -> Found:
    if "flips" in e:
        which = _which(e, w)
        return w.t("rw.log.flippedRevealSide", who=w.name(e["seat"]), which=which), "info"
    return w.t("rw.log.flippedReveal", who=w.name(e["seat"])), "info"


def _failed(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedFailed", wire=e["wire"]), "warn"


def _skip(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedSkip", who=w.name(e["seat"])), "warn"


def _toll(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedToll", who=w.name(e["seat"])), "warn"


TILE_MARKS = (_marks,)
PARTS = (_part,)
PROMPTS = (_prompt,)
CONFIRM_NOTES = (_toll_note,)
USES = (
    action_use(
        "flipped_cut",
        FlippedCut,
        _cut_afford,
        _cut_build,
        _cut_confirm,
        plain=False,
        tiles=_tiles,
        values=_values,
        values_label="rw.values.flippedCut",
        select=lambda a: {
            "mode": "flipped_cut_right" if a.flip else "flipped_cut",
            "targets": ((a.stand, a.slot),),
            "values": (a.value,),
        },
        missing=lambda sel: "rw.msg.needWire" if not sel.targets else "rw.msg.needValue",
        probe=lambda seat, tile, sel, players: FlippedCut(seat, tile[0], tile[1], 1),
    ),
    action_use(
        "flipped_solo",
        FlippedSolo,
        _solo_afford,
        _solo_build,
        _solo_confirm,
        plain=False,
        values=_solo_values,
        values_label="rw.values.flippedSolo",
        select=lambda a: {"mode": _solo_mode(a.flips), "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
    action_use(
        "flipped_reveal",
        FlippedReveal,
        _plain_afford(FlippedReveal),
        lambda sel, seat: FlippedReveal(seat),
        _reveal_confirm,
    ),
    action_use(
        "flipped_skip",
        FlippedSkip,
        _plain_afford(FlippedSkip),
        lambda sel, seat: FlippedSkip(seat),
        lambda a, w, obs: w.t("rw.confirm.flipped_skip"),
    ),
    # Mission 64: the right flipped wire, and both, have buttons of their own.
    action_use(
        "flipped_cut_right",
        FlippedCut,
        _cut_afford_of(1),
        _cut_build_of(1),
        _cut_confirm,
        plain=False,
        tiles=_tiles,
        values=_values,
        values_label="rw.values.flippedCut",
        select=lambda a: {
            "mode": "flipped_cut_right",
            "targets": ((a.stand, a.slot),),
            "values": (a.value,),
        },
        missing=lambda sel: "rw.msg.needWire" if not sel.targets else "rw.msg.needValue",
        probe=lambda seat, tile, sel, players: FlippedCut(seat, tile[0], tile[1], 1, 1),
    ),
    *(
        action_use(
            f"flipped_solo_{name}",
            FlippedSolo,
            _solo_afford_of(flips),
            _solo_build_of(flips),
            _solo_confirm,
            plain=False,
            values=_solo_values,
            values_label="rw.values.flippedSolo",
            select=lambda a: {"mode": _solo_mode(a.flips), "values": (a.value,)},
            missing=lambda sel: "rw.msg.needValue",
        )
        for name, flips in (("right", (1,)), ("both", (0, 1)))
    ),
    *(
        action_use(
            f"flipped_reveal_{name}",
            FlippedReveal,
            _reveal_afford_of(flips),
            _reveal_build_of(flips),
            _reveal_confirm,
        )
        for name, flips in (("right", (1,)), ("both", (0, 1)))
    ),
)
LINES = {
    "flipped": _flipped,
    "flipped_cut": _cut,
    "flipped_solo": _solo,
    "flipped_reveal": _reveal,
    "flipped_failed": _failed,
    "flipped_skip": _skip,
    "flipped_toll": _toll,
}
