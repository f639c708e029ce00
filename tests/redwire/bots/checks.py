"""Shared checks: a bot's explanation fits its documented key, for the position it was given."""

from __future__ import annotations

import json
from typing import Any

from engine.redwire import GameState
from engine.redwire.bots import KEYS, Explanation

VALUES: set[Any] = {*range(1, 13), "yellow"}

#: The games a mission's whole-game bot test plays: every level and every player count at least
#: once, in four games (``bench bots`` plays every cell of the grid, many times).
LEVEL_AND_COUNT = [("expert", 2), ("random", 3), ("cautious", 4), ("expert", 5)]


def check_explanation(why: Explanation, state: GameState, seat: int) -> None:
    """The key is documented, the params are exactly its params and make sense here."""
    assert why.key in KEYS, why
    assert set(why.params) == set(KEYS[why.key].params), why
    assert isinstance(why.text, str) and why.text and "{" not in why.text, why
    assert json.loads(json.dumps(why.to_json())) == why.to_json()
    params = why.params
    stands = state.observation(seat)["stands"]
    for name in ("seat", "partner", "next_seat"):
        if name in params:
            assert params[name] in range(state.players), why
    for seat_param in params.get("seats", []):
        assert seat_param in range(state.players), why
    if "stand" in params:
        assert params["stand"] in range(len(stands)), why
        if "wire" in params:
            assert 1 <= params["wire"] <= len(stands[params["stand"]]["slots"]), why
    for stand, wire in params.get("wires", []):
        assert 1 <= wire <= len(stands[stand]["slots"]), why
    for name in ("value", "value2"):
        if name in params:
            assert params[name] in VALUES, why
    for value in params.get("values", []):
        assert value in VALUES, why
    if "percent" in params:
        assert isinstance(params["percent"], int) and 0 <= params["percent"] <= 100, why
    if "card" in params:
        assert params["card"] in range(1, 13), why
