"""The observation compiler on real engine games: every fact it derives is true of the real deal.

Random games (random legal actions, so detectors, radars, walkie-talkies, labels and stabilised
red cuts all happen) are observed by random seats at every decision. The compiled position must
accept the real deal: pinning every hidden slot to its true wire must leave one world at least.
A sample of positions is also solved, and every true wire must have a positive probability.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.redwire import new_game
from engine.redwire.bots import make_bot
from engine.redwire.deduction import Position, Stand, count_worlds, solve
from engine.redwire.deduction.codes import code_of_label
from engine.redwire.deduction.observe import position_from_observation
from engine.redwire.deduction.readers import read_event
from engine.redwire.deduction.tracker import Tracker
from tests.redwire.deduction.oracle import holds


def truth_of(state) -> list[list[int]]:  # type: ignore[no-untyped-def]
    seer = state.observation("seer")
    return [[code_of_label(s["wire"]) for s in stand["slots"]] for stand in seer["stands"]]


def pinned(position: Position, world: list[list[int]]) -> Position:
    """The position with every hidden slot set to its true code."""
    stands = tuple(
        Stand(stand.owner, tuple(world[s]), stand.cut) for s, stand in enumerate(position.stands)
    )
    return Position(position.pool, stands, position.facts, position.viewer)


EQUIPMENT = {"radar", "walkie", "label", "post_it", "stabilize"}


def choose(state, rng: random.Random, bot):  # type: ignore[no-untyped-def]
    """Equipment whenever it can be used (half the time), else the simple bot or a random move."""
    seat = state.to_move
    actions = state.legal_actions(seat)
    special = [a for a in actions if a.type in EQUIPMENT]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    if rng.random() < 0.6:
        return bot.choose(state.observation(seat), actions)
    return rng.choice(actions)


def play(mission: int, players: int, seed: int, check, rng: random.Random) -> Counter[str]:  # type: ignore[no-untyped-def]
    """A game of mixed moves; ``check(state, viewer)`` at every decision. Returns the event kinds
    seen (and the outcomes of the cuts)."""
    state = new_game(mission, players, seed)
    bot = make_bot("simple", seed)
    seen: Counter[str] = Counter()
    while not state.is_over:
        check(state, rng.randrange(players))
        state, events = state.apply(choose(state, rng, bot))
        seen.update(e.type for e in events)
        for event in events:
            if event.type == "cut":
                seen["cut_" + event.data["outcome"]] += 1
            if event.type == "equipment":
                seen[f"card_{event.data['card']}"] += 1
    return seen


def check_facts_are_true(state, viewer: int) -> None:  # type: ignore[no-untyped-def]
    world = truth_of(state)
    position = position_from_observation(state.observation(viewer))
    for s, stand in enumerate(position.stands):
        assert all(k is None or k == world[s][i] for i, k in enumerate(stand.slots))
    for fact in position.facts:
        assert holds(fact, world), fact
    assert count_worlds(pinned(position, world)) > 0


@pytest.mark.parametrize("mission", range(1, 9))
def test_compiled_facts_hold_in_random_games(mission: int) -> None:
    rng = random.Random(mission)
    seen: Counter[str] = Counter()
    for game in range(12):
        seen += play(mission, 2 + game % 4, 100 * mission + game, check_facts_are_true, rng)
    assert seen["cut_miss"] > 0 and seen["token"] > 0


def test_facts_hold_through_radars_and_walkie_talkies() -> None:
    """Mission 8 games until a radar, a Walkie-Talkies swap and both labels were checked."""
    rng = random.Random(99)
    seen: Counter[str] = Counter()
    game = 0
    wanted = {"radar", "walkie", "card_1", "card_12"}
    while game < 300 and not wanted <= set(seen):
        seen += play(8, 2 + game % 4, 5000 + game, check_facts_are_true, rng)
        game += 1
    assert wanted <= set(seen)


def test_the_replay_follows_every_wire_through_walkie_talkies() -> None:
    """After each swap the replayed layout names, slot by slot, the wire the engine has there."""
    rng = random.Random(5)
    swaps = 0
    for game in range(400):
        state = new_game(8, 2 + game % 4, 7000 + game)
        first = {
            wire: (s, i) for s, wires in enumerate(state.stands) for i, wire in enumerate(wires)
        }
        bot = make_bot("simple", game)
        while not state.is_over:
            state, events = state.apply(choose(state, rng, bot))
            if any(e.type == "walkie" for e in events):
                swaps += 1
                obs = state.observation(None)
                tracker = Tracker(
                    [len(st["slots"]) for st in obs["stands"]], [0] * len(obs["stands"])
                )
                for event in obs["log"]:
                    read_event(event, tracker)
                replayed = [list(tracker.wires(s)) for s in range(len(obs["stands"]))]
                assert replayed == [[first[w] for w in wires] for wires in state.stands]
                swap = next(e for e in events if e.type == "walkie").data
                for seat in (swap["seat"], swap["partner"]):  # they know the wire they gave
                    check_facts_are_true(state, seat)
                    facts = position_from_observation(state.observation(seat)).facts
                    away = swap["to_partner"] if seat == swap["seat"] else swap["to_seat"]
                    assert any(getattr(f, "slot", None) == tuple(away) for f in facts)
        if swaps >= 3:
            break
    assert swaps >= 3


def test_solved_observations_give_the_truth_a_chance() -> None:
    rng = random.Random(7)
    solved = 0

    def check(state, viewer: int) -> None:  # type: ignore[no-untyped-def]
        nonlocal solved
        if rng.random() > 0.15:
            return
        world = truth_of(state)
        position = position_from_observation(state.observation(viewer))
        solution = solve(position)
        for s, i in position.hidden_slots():
            assert solution.code_weights((s, i)).get(world[s][i], 0) > 0
        solved += 1

    for game in range(6):
        play(1 + game % 8, 3 + game % 3, 900 + game, check, rng)
    assert solved >= 5


def test_a_log_read_first_in_a_fresh_process_follows_the_mechanisms_events() -> None:
    """``read_event`` registers the mechanisms' readers itself: a process whose first reading is
    a bare ``read_event`` (before any observation went through ``position_from_observation``)
    used to ignore the Walkie-Talkies' swaps, so this file's swap test passed only after others."""
    code = (
        "from engine.redwire.deduction.readers import _EVENTS, event_types\n"
        "print('walkie' in event_types(), 'walkie' in _EVENTS)\n"
    )
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", "True"]
