"""The strong bot's belief is exact: checked against a brute-force count of every one of the
8!/(2!^4) = 2,520 original wire layouts (4 combination positions, 4 spare slots in order), replayed
through the game's Rewires and filtered by what the seat has seen."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import permutations
from typing import Any

import pytest

from engine.countdown import GameState, new_game
from engine.countdown.bots import make_bot
from engine.countdown.bots.belief import Belief, multiset


def layouts(wires: Mapping[str, int]) -> list[tuple[str, ...]]:
    pool = [colour for colour, n in wires.items() for _ in range(n)]
    return sorted(set(permutations(pool)))


def brute_force(obs: Mapping[str, Any]) -> tuple[int, dict[tuple[str, ...], float]]:
    """Every original layout consistent with the observation, and the chance of each
    combination (as a multiset) among them."""
    start = max(i for i, e in enumerate(obs["log"]) if e["type"] == "game_start")
    rewires = [e for e in obs["log"][start:] if e["type"] == "bypass"]
    notes = {n["position"]: n["colour"] for n in obs["notes"] or []}
    found: Counter[tuple[str, ...]] = Counter()
    for layout in layouts(obs["cards"]["wires"]):
        combination, reserve = list(layout[:4]), list(layout[4:])
        fits = True
        for e in rewires:  # replay the Rewires on this layout
            if combination[e["position"]] != e["removed"] or reserve[0] != e["new"]:
                fits = False
                break
            combination[e["position"]] = reserve.pop(0)
        if not fits:
            continue
        for wire in obs["combination"]:
            position = wire["position"]
            if wire["face_up"] and combination[position] != wire["colour"]:
                fits = False
            if (
                not wire["face_up"]
                and position in notes
                and combination[position] != notes[position]
            ):
                fits = False
        if fits:
            found[multiset(combination)] += 1
    total = sum(found.values())
    return total, {m: n / total for m, n in found.items()}


def positions() -> Iterator[tuple[GameState, int]]:
    """Positions of bot games (Scans and Rewires happen), every few moves, with the seat to
    move."""
    for players, seed in ((2, 3), (3, 8), (4, 21), (5, 2), (3, 40), (4, 41), (2, 42)):
        game = new_game(players, seed)
        bots = [make_bot(("strong", "random", "basic")[k % 3], seed + k) for k in range(players)]
        step = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            if step % 7 == 0:
                yield game, seat
            game, _ = game.apply(
                bots[seat].choose(game.observation(seat), game.legal_actions(seat))
            )
            step += 1


def test_the_belief_matches_a_brute_force_count_of_the_layouts() -> None:
    checked = rewired = scanned = 0
    for game, seat in positions():
        obs = game.observation(seat)
        total, expected = brute_force(obs)
        belief = Belief.of(obs, soft=False)
        assert belief.layouts == total
        got = belief.multisets()
        assert set(got) == set(expected)
        for m, p in expected.items():
            assert got[m] == pytest.approx(p, abs=1e-12)
        checked += 1
        rewired += bool(obs["removed"])
        scanned += bool(obs["notes"])
    assert checked >= 60 and rewired >= 5 and scanned >= 10, (checked, rewired, scanned)


def test_at_the_deal_every_one_of_the_2520_layouts_is_possible() -> None:
    obs = new_game(4, seed=1).observation(0)
    assert len(layouts(obs["cards"]["wires"])) == 2520
    assert Belief.of(obs).layouts == 2520 == brute_force(obs)[0]
