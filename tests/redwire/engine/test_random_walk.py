"""Random games over every mission x 2-5 players, with invariants checked at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.redwire import all_missions, load_mission, new_game

from .walk import WalkStats, check_step, pick_action, walk_game

CHUNKS = 12  # 21-22 games a chunk by default (65 missions): enough for both outcomes
MISSIONS = sorted(all_missions())


def walk_games(request: pytest.FixtureRequest) -> int:
    """The walk's number of games: ``--walk-games``, or by default four rounds of the missions
    (one per player count), the fewest that reach every mission x player count."""
    chosen: int | None = request.config.getoption("--walk-games")
    return 4 * len(MISSIONS) if chosen is None else chosen


def walk_case(index: int) -> tuple[int, int]:
    """The mission and player count of the walk's game ``index``: the missions in turn, each
    round of them at the next player count."""
    mission = MISSIONS[index % len(MISSIONS)]
    players = 2 + (index // len(MISSIONS)) % 4
    allowed = load_mission(mission).players  # mission 34: not with two
    if players not in allowed:
        players = allowed[index % len(allowed)]
    return mission, players


def test_the_default_walk_plays_every_mission_at_every_player_count(
    request: pytest.FixtureRequest,
) -> None:
    """The walk is where every mission plays at every count it allows (the mechanism tests
    rely on it): its default number of games must reach every pair."""
    total = walk_games(request)
    pairs = {(m, p) for m in MISSIONS for p in load_mission(m).players}
    assert {walk_case(index) for index in range(total)} >= pairs


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_walk(chunk: int, request: pytest.FixtureRequest) -> None:
    """The games are split in chunks so pytest-xdist spreads them over the cores."""
    total = walk_games(request)
    stats = WalkStats()
    for index in range(chunk, total, CHUNKS):
        mission, players = walk_case(index)
        walk_game(seed=index, mission=mission, players=players, stats=stats)
    if stats.games >= 20:  # enough games for both outcomes to show up
        assert stats.results["won"] > 0 and stats.results["exploded"] > 0


def test_random_walk_reaches_every_kind_of_action() -> None:
    stats = WalkStats()
    for index in range(64):
        walk_game(
            seed=10_000 + index,
            mission=3 + index % 6,
            players=2 + index % 4,
            stats=stats,
            checks=False,
        )
    expected = {
        "token",
        "cut",
        "solo",
        "reveal",
        "pick",
        "walkie",
        "rewind",
        "radar",
        "stabilize",
        "coffee",
    }
    assert expected <= set(stats.action_types), stats.action_types


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mission=st.sampled_from(MISSIONS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=80),
)
def test_walk_shrinks_to_a_short_action_sequence(
    mission: int, players: int, seed: int, choices: list[int]
) -> None:
    """Hypothesis drives the choices, so a failure shrinks to a minimal sequence of moves."""
    allowed = load_mission(mission).players  # mission 34: not with two
    state = new_game(mission, players if players in allowed else allowed[0], seed)
    replayed = state
    for choice in choices:
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        action = pick_action(state, seat, random.Random(choice), informed=0.8)
        after, events = state.apply(action)
        replayed, _ = replayed.apply(action)
        check_step(state, action, after, events, replayed, random.Random(choice))
        state = after


def test_two_challenges_met_by_one_cut_move_the_dial_back_twice() -> None:
    """Mission 60's game 2269 of the long walk: one cut fulfils two Challenge cards, and each
    moves the dial back a step of its own (spec: "discard it and move the dial back 1"). The
    walk's dial invariant once took the second step for one too many."""
    state = walk_game(seed=2269, mission=60, players=4, stats=WalkStats())
    log = [e.type for e in state.log]
    pairs = [
        i
        for i in range(len(log) - 3)
        if log[i : i + 4] == ["challenge_done", "dial", "challenge_done", "dial"]
    ]
    assert pairs, "the game no longer has a cut that meets two cards"
    first = pairs[0]
    steps = [state.log[first + 1].data, state.log[first + 3].data]
    assert [s["to"] - s["from"] for s in steps] == [1, 1]
    assert steps[0]["to"] == steps[1]["from"]


def test_the_single_wire_label_on_mission_56_does_not_leak_the_owners_flipped_wire() -> None:
    """Mission 56's game 6685 of the long walk: once equipment 2-2 unlocks, whether a seat may
    put its x1 token on a wire of its own stand once depended on the value of its own flipped
    wire, which it cannot see (the twin check of ``check_step`` caught the listing differing).
    The game now plays to its end with every check passing, the label offered in it."""
    from engine.redwire.mechanisms.equipment import tray

    state = walk_game(seed=6685, mission=56, players=4, stats=WalkStats())
    assert state.result is not None
    assert tray.card_state(state, 22) == "usable", "the game no longer unlocks the label"
