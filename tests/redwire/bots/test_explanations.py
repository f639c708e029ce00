"""Explanations: every key is documented in docs/bots.md with its params (the web page adds its
Italian strings from that table), every template fills from its params, and every decision of a
whole game comes with an explanation that fits its key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.redwire import new_game
from engine.redwire.bots import KEYS, make_bot
from engine.redwire.bots.explanation import explanation
from tests.redwire.bots.checks import check_explanation

DOC = Path(__file__).resolve().parents[3] / "docs" / "bots.md"
SAMPLE = {
    "seat": 1,
    "partner": 2,
    "next_seat": 0,
    "seats": [0, 2],
    "stand": 1,
    "wire": 4,
    "wires": [[1, 3], [1, 4]],
    "value": 9,
    "value2": "yellow",
    "values": [3, 9],
    "percent": 92,
    "left": 2,
    "tool": "double",
    "card": 12,
    "kind": "cut",
    "character": "E3",
    "letter": "A",
    "count": 5,
    "total": 12,
    "place": "first",
    "space": 9,
    "price": 1,
    "dearest": 3,
    "first": 7,
    "sign": "-",
    "second": 3,
}


def documented() -> dict[str, list[str]]:
    """Key -> params, read from the table rows of docs/bots.md (`` `key` | `a`, `b` | ...``)."""
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]*) \|", DOC.read_text(encoding="utf-8"), re.M)
    return {key: re.findall(r"`([a-z_0-9]+)`", params) for key, params in rows}


def test_every_key_is_documented_with_its_params() -> None:
    table = documented()
    assert set(table) == set(KEYS)
    for key, spec in KEYS.items():
        assert table[key] == list(spec.params), key


@pytest.mark.parametrize("key", sorted(KEYS))
def test_every_template_fills_from_its_params(key: str) -> None:
    why = explanation(key, **{name: SAMPLE[name] for name in KEYS[key].params})
    assert why.text and "{" not in why.text and why.key == key


def test_wrong_params_are_refused() -> None:
    with pytest.raises(ValueError):
        explanation("solo_cut", value=3, seat=1)


@pytest.mark.parametrize("level", ["random", "cautious", "expert", "simple"])
def test_every_decision_of_a_game_is_explained(level: str) -> None:
    state = new_game(8, 4, 21)
    bots = [make_bot(level, seat) for seat in range(4)]
    keys = set()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        check_explanation(bots[seat].explain(), state, seat)
        keys.add(bots[seat].explain().key)
        state, _ = state.apply(action)
    assert len(keys) >= (2 if level == "random" else 3)
