"""Mission 32's shared constraint on hand-made deals: the twelve cards in a deck, the visible one
obeyed by everyone, replaced only by the captain at the start of his turn; a player the card
leaves with no cut skips (the detonator does not move), which tells everyone what he does not
hold; cards G-L; the empty deck (FAQ: no constraint)."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, SoloCut
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import (
    ConstraintReason,
    SkipTurn,
    SwapConstraint,
)

from .helpers import fill_deal, game, play, types

RED = ["4.5", "8.5"]


def m32(order: str, fixed: dict[int, list[str | int]] | None = None):  # type: ignore[no-untyped-def]
    stands = fill_deal(32, 4, 0, fixed or {}, red=RED)
    return game(
        32,
        4,
        stands,
        parts={"equipment": {"cards": [1, 4, 6, 9]}, "constraints": {"order": list(order)}},
    )


def test_the_captain_keeps_or_replaces_the_card_at_the_start_of_his_turn() -> None:
    state = m32("ABCDEFGHIJKL")
    view = constraints.view(state.observation(1))
    assert view is not None and view["visible"] == "A" and view["deck"] == 11
    assert state.phase.value == "constraint_swap" and state.to_move == 0
    assert state.legal_actions(0) == [SwapConstraint(0, False), SwapConstraint(0, True)] or set(
        state.legal_actions(0)
    ) >= {SwapConstraint(0, False), SwapConstraint(0, True)}
    state, events = play(state, SwapConstraint(0, True))
    assert events[0].data == {"seat": 0, "old": "A", "new": "B"}
    assert state.phase.value == "turn"
    # Everyone obeys it: odd values only.
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 5),), (2,)))
    assert err.value.reason is ConstraintReason.CONSTRAINT_SHARED


def test_only_the_captain_decides_and_only_on_his_turn() -> None:
    state = m32("ABCDEFGHIJKL")
    with pytest.raises(IllegalActionError):
        state.apply(SwapConstraint(1, True))
    state, _ = play(state, SwapConstraint(0, False))
    assert not any(isinstance(a, SwapConstraint) for s in range(4) for a in state.legal_actions(s))


def test_a_player_the_card_leaves_without_a_cut_skips_and_the_dial_stays() -> None:
    # Seat 1 holds only odd values and a red wire: card A (even values) leaves him no cut.
    odd = [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, "4.5"]
    state = m32("ABCDEFGHIJKL", {1: odd})
    state, _ = play(state, SwapConstraint(0, False))
    cut = next(a for a in state.legal_actions(0) if isinstance(a, Cut) and a.values == (2,))
    state, _ = play(state, cut)
    while state.active == 0 and state.result is None:  # his own wire after a hit
        state, _ = play(state, state.legal_actions(state.to_move)[0])
    assert state.active == 1
    legal = state.legal_actions(1)
    assert SkipTurn(1) in legal and not any(isinstance(a, (Cut, SoloCut)) for a in legal)
    dial = state.dial
    state, events = play(state, SkipTurn(1))
    assert types(events)[:2] == ["constraint_skip", "turn"] and state.dial == dial
    assert events[0].data["none_of"] == [2, 4, 6, 8, 10, 12]
    assert state.active == 2
    # Someone who can cut may not skip.
    with pytest.raises(IllegalActionError) as err:
        state.apply(SkipTurn(2))
    assert err.value.reason is ConstraintReason.CONSTRAINT_CAN_ACT


def test_k_forbids_the_solo_cut_and_l_doubles_the_dial() -> None:
    state = m32("LK" + "ABCDEFGHIJ")
    state, _ = play(state, SwapConstraint(0, False))
    dial = state.dial
    # Seat 0 holds the first wires of the pool (1s, 2s...): announce a 1 at seat 1's last wire.
    miss = Cut(0, ((1, len(state.stands[1]) - 1),), (1,))
    state, events = play(state, miss)
    assert "constraint_double" in types(events) and state.dial == dial - 2


def test_h_places_no_token_on_a_miss_and_forbids_aiming_at_a_token() -> None:
    state = m32("H" + "ABCDEFGIJKL")
    state, _ = play(state, SwapConstraint(0, False))
    token = next(iter(state.info))  # seat 1's setup token
    stand, slot = state.position_of(token)
    if state.owners[stand] != 0:
        with pytest.raises(IllegalActionError) as err:
            state.apply(Cut(0, ((stand, slot),), (1,)))
        assert err.value.reason is ConstraintReason.CONSTRAINT_SHARED
    last = (1, len(state.stands[1]) - 1)
    before = dict(state.info)
    state, events = play(state, Cut(0, (last,), (1,)))
    assert "constraint_no_token" in types(events) and state.info == before


def test_i_forbids_the_far_right_wire_of_a_teammate() -> None:
    state = m32("I" + "ABCDEFGHJKL")
    state, _ = play(state, SwapConstraint(0, False))
    last = (1, len(state.stands[1]) - 1)
    assert not any(isinstance(a, Cut) and last in a.targets for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError):
        state.apply(Cut(0, (last,), (1,)))


def test_the_empty_deck_leaves_no_constraint() -> None:
    state = m32("ABCDEFGHIJKL")
    part = state.parts["constraints"]
    from dataclasses import replace

    table = state  # the captain replaces the last card: nothing is left to obey
    table.parts["constraints"] = replace(part, visible="L", deck=())
    state, events = play(table, SwapConstraint(0, True))
    assert events[0].data["new"] is None and constraints.shared_card(state) is None
    assert constraints.view(state.observation(None))["visible"] is None  # type: ignore[index]


def test_a_captain_with_no_wires_left_still_decides_as_each_round_opens() -> None:
    state = m32("ABCDEFGHIJKL")
    state, _ = play(state, SwapConstraint(0, False))
    for st, slot, _ in list(state.hand(0)):  # as if the captain had cut every wire
        state.mark_cut(state.stands[st][slot])
    from engine.redwire.turn import end_turn

    events: list = []  # type: ignore[type-arg]
    end_turn(state, events)  # the captain's turn ends: seat 1 opens the next round
    assert state.active == 1 and state.phase.value == "constraint_swap" and state.to_move == 0
    state, events = play(state, SwapConstraint(0, True))
    assert events[0].data["new"] == "B" and state.phase.value == "turn" and state.to_move == 1


def test_g_forbids_every_equipment_the_double_detector_included() -> None:
    state = m32("G" + "ABCDEFHIJKL")
    state, _ = play(state, SwapConstraint(0, False))
    legal = state.legal_actions(0)
    assert any(isinstance(a, Cut) for a in legal)
    assert not any(isinstance(a, Cut) and (a.tool or len(a.values) > 1) for a in legal)
    assert {a.type for a in legal} <= {"cut", "solo", "reveal"}
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 0), (1, 1)), (1,), "double"))
    assert err.value.reason is ConstraintReason.CONSTRAINT_SHARED


def test_i_can_leave_only_a_solo_cut_and_the_skip_says_which_values_were_short() -> None:
    # Every teammate keeps one uncut wire (both ends of its stand): card I leaves no aim.
    # The captain holds one wire of each value: no Solo Cut either, so he skips.
    state = m32("I" + "ABCDEFGHJKL", {0: [*range(1, 13), "4.5"]})
    state, _ = play(state, SwapConstraint(0, False))
    for seat in (1, 2, 3):
        for st, slot, _ in state.hand(seat)[:-1]:
            state.mark_cut(state.stands[st][slot])
    legal = state.legal_actions(0)
    assert not any(isinstance(a, (Cut, SoloCut)) for a in legal) and SkipTurn(0) in legal
    state, events = play(state, SkipTurn(0))
    data = events[0].data
    assert data["targets"] is False and "none_of" not in data
    # Of each value with two copies left (his and a teammate's last wire), he holds at most one.
    left = {v: 4 - state.cut_count(v) for v in range(1, 13)}
    assert data["solo"] == [[v, 1] for v in range(1, 13) if left[v] == 2]
    assert data["solo"]
    # The solver takes those facts: every deal it counts has the captain short of each value.
    from engine.redwire.deduction import position_from_observation, solve

    assert solve(position_from_observation(state.observation(1))).total > 0


@pytest.mark.parametrize("level", ["omniscient", "expert", "cautious"])
def test_a_card_that_makes_a_seat_skip_is_replaced_and_the_game_ends(level: str) -> None:
    """Two players, seed 4: the captain runs out of wires under card H while his teammate's
    only blue wires (four 1s) include one with an info token, which H forbids to cut: the
    teammate skips. A captain who kept H would leave the table skipping forever; the bots'
    captain replaces a card that made a seat skip since his last decision, so the game ends."""
    from engine.redwire import new_game
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from engine.redwire.bots.omniscient import OmniscientBot

    chosen, _ = table_characters(32, 2, captain=None, levels=[level] * 2, picks=[], seed=4)
    state = new_game(32, 2, 4, chosen=chosen)
    omniscient = OmniscientBot(4)
    bots = [make_bot(level, 40 + seat) for seat in range(2)] if level != "omniscient" else []
    replaced_after_skip = False
    for _ in range(600):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        if level == "omniscient":
            action = omniscient.choose_with_state(state, seat)
        else:
            action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        if isinstance(action, SwapConstraint) and action.swap:
            skips = [
                e
                for e in state.log
                if e.type in ("constraint_skip", "constraint_keep", "constraint_swap")
            ]
            replaced_after_skip |= bool(skips) and skips[-1].type == "constraint_skip"
        state, _ = state.apply(action)
    assert state.is_over, "the game went round without end"
    if level == "omniscient":  # the deal that looped: the skip came, and the card went
        assert replaced_after_skip
