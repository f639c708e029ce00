"""Mission 43's bots: whole games at every player count and level, every choice legal and
explained; the two-stand choice with its reason; a certain cut of Nano's value first; and the
bots blind to what their seat cannot see (Nano's wires, a wire a teammate took from Nano)."""

from __future__ import annotations

import random

import pytest

from engine.redwire import new_game
from engine.redwire.bots import make_bot
from engine.redwire.bots.characters import table_characters
from engine.redwire.mechanisms.nano import NanoStand
from tests.redwire.bots.checks import check_explanation
from tests.redwire.bots.positions import decisions
from tests.redwire.bots.test_hidden_information import assert_blind_to_the_twin


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_whole_games_legally_with_reasons(players: int) -> None:
    keys: set[str] = set()
    for level in ("random", "cautious", "expert"):
        seed = 430 + players
        chosen, _ = table_characters(
            43, players, captain=None, levels=[level] * players, picks=[], seed=seed
        )
        state = new_game(43, players, seed, chosen=chosen)
        bots = [make_bot(level, seed * 10 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.observation(seat), legal)
            assert action in legal
            check_explanation(bots[seat].explain(), state, seat)
            keys.add(bots[seat].explain().key)
            state, _ = state.apply(action)
    assert len(keys) >= 3


def test_the_two_stand_choice_goes_to_the_stand_with_fewer_wires_and_says_so() -> None:
    """Two players: the captain takes Nano's top wire on his first cut of 1s and chooses."""
    met = 0
    for seed in range(40):
        for n, decision in enumerate(decisions(43, 2, 4300 + seed, every=1.0)):
            if not any(isinstance(a, NanoStand) for a in decision.legal):
                continue
            obs = decision.state.observation(decision.seat)
            uncut = {
                a.stand: sum(1 for t in obs["stands"][a.stand]["slots"] if not t["cut"])
                for a in decision.legal
                if isinstance(a, NanoStand)
            }
            fewest = min(uncut, key=lambda st: (uncut[st], st))
            for level in ("cautious", "expert"):
                bot = make_bot(level, n)
                assert bot.choose(obs, decision.legal) == NanoStand(decision.seat, fewest)
                why = bot.explain()
                place = "first" if fewest == min(uncut) else "second"
                assert why.key == "nano_stand" and f"my {place} stand" in why.text
            assert make_bot("random", n).choose(obs, decision.legal) in decision.legal
            met += 1
        if met >= 3:
            break
    assert met >= 3


def test_a_certain_cut_of_nanos_value_comes_first() -> None:
    """At decisions where a cut of the value of Nano's space is certain and Nano still has
    wires, the expert makes one (and says that it takes a wire from Nano)."""
    met = 0
    for seed in range(60):
        for n, decision in enumerate(decisions(43, 4, 4400 + seed, every=1.0)):
            obs = decision.state.observation(decision.seat)
            robot = obs["mechanisms"]["nano"]
            if obs["phase"] != "turn" or not robot["pile"]["left"]:
                continue
            bot = make_bot("expert", n)
            action = bot.choose(obs, decision.legal)
            if bot.explain().key != "nano_take":
                continue
            assert getattr(action, "values", (getattr(action, "value", None),)) == (robot["space"],)
            met += 1
        if met >= 3:
            break
    assert met >= 3


def test_nanos_wires_and_a_teammates_taken_wire_do_not_reach_the_bots() -> None:
    """The twin scrambles every wire the seat cannot see, Nano's included (and a teammate's
    wire taken from Nano); at decisions after a take, every level chooses the same."""
    rng = random.Random(43)
    checked = 0
    for players in (2, 3, 4, 5):
        for n, decision in enumerate(decisions(43, players, 4500 + players, every=1.0)):
            if not any(e.type == "nano_insert" for e in decision.state.log) and not any(
                isinstance(a, NanoStand) for a in decision.legal
            ):
                continue
            if n % 3:
                continue
            assert_blind_to_the_twin(decision, n, rng)
            checked += 1
    assert checked >= 10
