"""The solver against the real-game oracle with mission 50's memory option (``m50_memory``): the
tokens beside the stands and the forgotten places of failed cuts. The oracle replays every
variant of an action the viewer cannot tell apart (another wire of the same stand), so a deal
counts when some way of playing it shows him what he saw.

A long run only (``--real-games 2`` or more: that many games per player count): the markers are
"2 of 11" of each colour, so few late positions have as few consistent deals as the oracle can
replay, and each replay searches the variants (about a minute a game)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.redwire import Options
from tests.redwire.deduction.real_games import play_game, random_levels
from tests.redwire.deduction.test_real_games import check_game


def test_the_solver_is_exact_with_the_memory_option(request: pytest.FixtureRequest) -> None:
    games = int(request.config.getoption("--real-games"))
    if games < 2:
        pytest.skip("a long run: --real-games 2 or more")
    seen: Counter[str] = Counter()
    wrong: list[str] = []
    for players in range(2, 6):
        for seed in range(games):
            rng = random.Random(seed * 7 + players)
            game = play_game(
                50, players, seed, random_levels(players, rng), options=Options(m50_memory=True)
            )
            checked, mismatches = check_game(game, rng)
            seen.update(checked)
            wrong += mismatches
    assert not wrong, wrong[:5]
    assert seen["positions"] > 0 and seen["event cut miss"] > 0
