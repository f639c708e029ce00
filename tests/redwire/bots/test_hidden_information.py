"""A bot's choice never depends on what its seat cannot see: fed the observation of a twin game,
whose hidden wires are scrambled (and whose secrets of other seats are replaced), a bot with the
same seed makes the same choice for the same reason. Bots only ever receive observations, so this
also checks that nothing else leaks in (a cache shared between bots, a module-level state)."""

from __future__ import annotations

import random

import pytest

from engine.redwire.bots import make_bot
from engine.redwire.bots.knowledge import _solutions
from engine.redwire.mechanisms.four_at_once import FourPart
from engine.redwire.options import Options
from tests.redwire.bots.positions import Decision, decisions
from tests.redwire.engine.walk import hidden_twin


@pytest.mark.parametrize("mission", [3, 6, 8])
def test_a_twin_observation_gets_the_same_choice(mission: int) -> None:
    rng = random.Random(mission)
    checked = 0
    for players in range(2, 6):
        for n, decision in enumerate(decisions(mission, players, 7 * mission + players, every=0.2)):
            twin = hidden_twin(decision.state, decision.seat, rng)
            assert twin.legal_actions(decision.seat) == decision.legal
            for level in ("random", "cautious", "expert"):
                first, second = make_bot(level, n), make_bot(level, n)
                action = first.choose(decision.state.observation(decision.seat), decision.legal)
                _solutions.clear()  # the twin is solved afresh, not read from the cache
                again = second.choose(twin.observation(decision.seat), decision.legal)
                assert again == action and second.explain() == first.explain()
            checked += 1
    assert checked >= 40


def test_the_weak_spots_secrets_do_not_reach_the_bots() -> None:
    """Mission 34: who is the weak spot and the others' hidden constraint cards are scrambled
    in the twin (the seat keeps its own two); every level, the accusation included, chooses the
    same."""
    rng = random.Random(34)
    checked = 0
    for players in (3, 4, 5):
        for n, decision in enumerate(decisions(34, players, 340 + players, every=0.6)):
            assert_blind_to_the_twin(decision, n, rng)
            checked += 1
    assert checked >= 20


def assert_blind_to_the_twin(decision: Decision, n: int, rng: random.Random) -> None:
    """At ``decision``, a bot of every level chooses and explains the same in a twin game whose
    hidden parts (for that seat) are scrambled."""
    twin = hidden_twin(decision.state, decision.seat, rng)
    assert twin.legal_actions(decision.seat) == decision.legal
    for level in ("random", "simple", "cautious", "expert"):
        first, second = make_bot(level, n), make_bot(level, n)
        action = first.choose(decision.state.observation(decision.seat), decision.legal)
        _solutions.clear()
        again = second.choose(twin.observation(decision.seat), decision.legal)
        assert again == action and second.explain() == first.explain()


def test_the_captains_own_flipped_wire_does_not_reach_his_bot() -> None:
    """Mission 38: the twin scrambles the captain's flipped wire for him (the teammates see it,
    so it stays for them); at the captain's decisions every level chooses the same, his cuts
    with the flipped wire included."""

    rng = random.Random(38)
    checked = 0
    for players in (2, 3, 4, 5):
        for n, decision in enumerate(decisions(38, players, 380 + players, every=1.0)):
            if decision.seat != decision.state.setup.captain:
                continue
            assert_blind_to_the_twin(decision, n, rng)
            checked += 1
    assert checked >= 10


def test_the_others_received_number_cards_do_not_reach_the_bots() -> None:
    """Mission 39, English edition: the Number cards dealt after the noble cut stay secret; the
    twin deals the others different ones (the seat keeps its own); every level, the choice of
    the token beside the stand included, chooses the same."""
    rng = random.Random(39)
    checked = 0
    for players in (2, 3, 4, 5):
        for seed in range(390 + players, 410, 10):
            for n, decision in enumerate(
                decisions(39, players, seed, every=1.0, options=Options(edition="EN"))
            ):
                received = decision.state.part("four_at_once", FourPart).received
                if not received:
                    continue
                assert_blind_to_the_twin(decision, n, rng)
                checked += 1
    assert checked >= 20
