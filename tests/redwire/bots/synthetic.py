"""Hand-written observations for decision tests: a few stands in a compact notation.

A stand is a string of wires separated by spaces: ``x7`` a cut 7, ``7`` an uncut 7 (seen only by
its owner), ``7[7]`` an uncut 7 with an info token. Stand ``k`` belongs to seat ``k`` unless
``owners`` says otherwise. The observation is what ``viewer`` would receive; the legal actions are written by the test.

>>> obs = observation(["x1 2", "x1 2[2]"], viewer=0, blue=(1, 2))
>>> [t["wire"] for t in obs["stands"][1]["slots"]], obs["stands"][1]["slots"][1]["info"]
(['1', None], 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _tile(text: str, visible: bool) -> dict[str, Any]:
    cut = text.startswith("x")
    label, _, info = text.removeprefix("x").partition("[")
    shown: int | str | None = None
    if info:
        info = info.rstrip("]")
        shown = "yellow" if info == "yellow" else int(info)
    return {"cut": cut, "wire": label if cut or visible else None, "info": shown}


def observation(
    stands: Sequence[str],
    *,
    viewer: int,
    blue: tuple[int, int] = (1, 12),
    red: Sequence[str] = (),
    yellow: Sequence[str] = (),
    dial: int | None = None,
    equipment: Sequence[tuple[int, str]] = (),
    log: Sequence[dict[str, Any]] = (),
    prompt: dict[str, Any] | None = None,
    owners: Sequence[int] | None = None,
) -> dict[str, Any]:
    owners = list(range(len(stands))) if owners is None else list(owners)
    players = max(owners) + 1
    return {
        "schema": "fusebox.redwire.observation",
        "version": 2,
        "viewer": viewer,
        "mission": 8,
        "players": players,
        "captain": 0,
        "options": {},
        "phase": "turn",
        "active": viewer,
        "turn_number": 20,
        "to_move": viewer,
        "prompt": prompt or {"kind": "turn", "seat": viewer},
        "result": None,
        "dial": {"left": players if dial is None else dial, "start": players, "cap": 6},
        "stands": [
            {"owner": seat, "slots": [_tile(t, seat == viewer) for t in stand.split()]}
            for seat, stand in zip(owners, stands, strict=True)
        ],
        "markers": {
            "red": {"values": list(red), "in_play": len(red), "certain": True},
            "yellow": {"values": list(yellow), "in_play": len(yellow), "certain": True},
        },
        "blue_values": list(blue),
        "validated": [],
        "mechanisms": {
            "double_detector": {
                "characters": [{"seat": seat, "used": True} for seat in range(players)]
            },
            "equipment": {
                "cards": [
                    {"card": card, "state": state, "timing": "any_time"}
                    for card, state in equipment
                ]
            },
            "labels": {"placed": []},
            "stabilizer": {"active": False},
        },
        "log": list(log),
    }
