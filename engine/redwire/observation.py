"""Observations: the state as one viewer may know it, as plain JSON-able data.

Three kinds of viewer (as OpenSpiel's observation types): a seat (its own wires, everything
public and the log with its own secrets), a spectator (``None``: public only) and the seer
(``"seer"``: everything, for debugging and end-of-game reveals). The page renders observations
only, and bots decide from them, so nothing hidden from a seat can reach its screen or its bot.
The shape is typed in :mod:`engine.redwire.observation_types`; each mechanism in play adds its
part under ``"mechanisms"``.

>>> from engine.redwire import new_game
>>> obs = new_game(mission=1, players=4, seed=3).observation(1)
>>> obs["stands"][1]["slots"][0]["wire"] is not None, obs["stands"][0]["slots"][0]["wire"]
(True, None)
>>> sorted(obs["mechanisms"])
['double_detector']
"""

from __future__ import annotations

from typing import Any

from ..core.events import SEER, Event, Viewer
from .mechanisms.base import Mechanism
from .missions import ColourDraw
from .model import Phase, Table
from .observation_types import (
    SCHEMA,
    SCHEMA_VERSION,
    Dial,
    Markers,
    Observation,
    OptionsView,
    Prompt,
    Slot,
    StandView,
)
from .wires import label_of, value_to_json

__all__ = ["SCHEMA", "SCHEMA_VERSION", "event_view", "observe"]


def observe(s: Table, viewer: Viewer) -> Observation:
    if viewer is not None and viewer != SEER and viewer not in range(s.players):
        raise ValueError(f"no seat {viewer!r} in a {s.players}-player game")
    options: OptionsView = s.setup.options.to_json()  # type: ignore[assignment]
    mechanisms: dict[str, Any] = {}
    for mechanism in s.mechanisms:
        part = mechanism.observe(s, viewer)
        if part is not None:
            mechanisms[mechanism.id] = part
    return {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "viewer": viewer,
        "mission": s.setup.mission,
        "players": s.players,
        "captain": s.setup.captain,
        "options": options,
        "phase": s.phase.value,
        "active": s.active,
        "turn_number": s.turn_number,
        "to_move": s.to_move,
        "prompt": _prompt(s, viewer),
        "result": s.result,
        "dial": _dial(s),
        "stands": [_stand(s, st, viewer) for st in range(len(s.stands))],
        "markers": {
            "red": _markers(s.setup.red_markers, s.wireset.red),
            "yellow": _markers(s.setup.yellow_markers, s.wireset.yellow),
        },
        "blue_values": [s.wireset.blue[0], s.wireset.blue[-1]],
        "validated": sorted(s.validated),
        "mechanisms": mechanisms,
        "log": [event_view(s, event, viewer) for event in s.log],
    }


def event_view(s: Table, event: Event, viewer: Viewer) -> dict[str, Any]:
    """One event of the log as ``viewer`` keeps it: as he saw it, less what a mechanism makes
    him forget (the seer forgets nothing)."""
    view = event.view(viewer)
    if viewer == SEER:
        return view
    for mechanism in s.mechanisms:
        if type(mechanism).log_view is not Mechanism.log_view:
            view = mechanism.log_view(s, viewer, view)
    return view


def _sees(s: Table, stand: int, viewer: Viewer) -> bool:
    return viewer == SEER or viewer == s.owners[stand]


def _stand(s: Table, stand: int, viewer: Viewer) -> StandView:
    visible = _sees(s, stand, viewer)
    # A wire turned round faces the others: every seat but its owner sees it (never a spectator).
    turned = viewer == SEER or (isinstance(viewer, int) and viewer != s.owners[stand])
    slots: list[Slot] = []
    for wire in s.stands[stand]:
        cut = s.cut[wire]
        info = s.info.get(wire)
        shown = visible if wire not in s.own_hidden else turned
        slots.append(
            {
                "cut": cut,
                "wire": label_of(s.codes[wire]) if cut or shown else None,
                "info": value_to_json(info) if info is not None else None,
            }
        )
    return {"owner": s.owners[stand], "slots": slots}


def _markers(codes: tuple[int, ...], draw: ColourDraw | None) -> Markers:
    return {
        "values": [label_of(c) for c in codes],
        "in_play": draw.keep if draw else 0,
        "certain": bool(draw and draw.certain),
    }


def _dial(s: Table) -> Dial:
    """The detonator, or the clock a mission shows instead (``Mechanism.dial_view``)."""
    clock = next((c for m in s.mechanisms if (c := m.dial_view(s)) is not None), None)
    left, start = clock if clock is not None else (s.dial, s.dial_start())
    return {"left": left, "start": start, "cap": s.setup.options.dial_cap}


def _prompt(s: Table, viewer: Viewer) -> Prompt | None:
    """What the game waits for; the choices only for the seat that makes them (or the seer)."""
    pending = s.pending
    if pending.phase is Phase.OVER:
        return None
    prompt: Prompt = {"kind": pending.phase.value, "seat": pending.seat}
    if pending.actor is not None:
        prompt["actor"] = pending.actor
    if viewer in (SEER, pending.seat):
        if pending.options:
            prompt["options"] = [list(o) for o in pending.options]
        if pending.value is not None:
            prompt["value"] = value_to_json(pending.value)
    if pending.given is not None:
        prompt["given"] = list(pending.given)  # public: everyone saw which wire was put forward
    return prompt
