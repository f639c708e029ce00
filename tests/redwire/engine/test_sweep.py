"""Mission 13's rules on hand-made deals: the red wires dealt first (one per player from the
captain), setup tokens drawn at random (on a matching wire, or beside the stand), and the sweep
that cuts the three reds at once (the FAQ's forced special action included)."""

from __future__ import annotations

import pytest

from engine.redwire import (
    IllegalActionError,
    Pick,
    PlaceToken,
    RevealReds,
    SetupError,
    explicit_setup,
    new_game,
    start,
)
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import dealt_first, random_token
from engine.redwire.mechanisms.random_token import RandomTokenReason
from engine.redwire.mechanisms.sweep import SWEEP_POINT, Sweep, SweepReason
from engine.redwire.wires import RED, code_of, cut_value

from .helpers import play, types

NUMBERS = [str(n) for n in range(1, 13)]
STANDS = [
    [*NUMBERS, "3.5"],
    [*NUMBERS, "6.5"],
    ["7", "7", "8", "8", "9", "9", "9.5", "10", "10", "11", "11", "12", "12"],
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"],
]
TOKENS = [5, 12, 3, 9]  # seats 2 and 3 hold none of theirs: beside the stand


def m13(stands: list[list[str]] = STANDS, tokens: list[int] = TOKENS):  # type: ignore[no-untyped-def]
    setup = explicit_setup(
        13,
        4,
        0,
        stands,
        parts={"random_token": {"values": tokens}, "equipment": {"cards": [1, 2, 3, 9]}},
    )
    return start(setup)


def slot_of(state, stand: int, label: str) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, w in enumerate(state.stands[stand]) if state.codes[w] == code_of(label))


def tokens_placed(state):  # type: ignore[no-untyped-def]
    state, _ = play(state, PlaceToken(0, 0, slot_of(state, 0, "5")))
    state, events = play(state, PlaceToken(1, 1, slot_of(state, 1, "12")))
    return state, events


def test_the_red_wires_are_dealt_first_one_per_player_from_the_captain() -> None:
    for players in range(2, 6):
        for seed in range(20):
            state = new_game(13, players, seed=seed)
            reds = [sum(cut_value(c) == RED for c in stand) for stand in state.setup.stands]
            owners = state.owners
            order = dealt_first._order(owners, state.setup.captain)
            assert reds == dealt_first.quota(3, order, owners, state.setup.captain)
            sizes = [len(s) for s in state.setup.stands]
            assert max(sizes) - min(sizes) <= 1
            if players == 2:  # the captain gets two, one on each stand
                assert [reds[s] for s in state.seat_stands[state.setup.captain]] == [1, 1]
    with pytest.raises(SetupError):
        explicit_setup(
            13,
            4,
            0,
            [[*NUMBERS], [*NUMBERS, "6.5"], STANDS[2], [*STANDS[3], "3.5"]],
            parts={"random_token": {"values": TOKENS}, "equipment": {"cards": [1, 2, 3, 9]}},
        )


def test_a_drawn_token_goes_on_a_matching_wire_or_beside_the_stand() -> None:
    state = m13()
    assert random_token.view(state.observation(None)) == {"values": [5, 12, 3, 9]}
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceToken(0, 0, slot_of(state, 0, "4")))
    assert err.value.reason is RandomTokenReason.DRAWN_VALUE
    assert [a.slot for a in state.legal_actions(0)] == [slot_of(state, 0, "5")]
    state, events = tokens_placed(state)
    skipped = [e.data for e in events if e.type == "token_skipped"]
    assert skipped == [
        {"seat": 2, "reason": "beside", "value": 3},
        {"seat": 3, "reason": "beside", "value": 9},
    ]
    # Everyone now knows seat 2 holds no 3 and seat 3 no 9.
    solution = solve(position_from_observation(state.observation(0)))
    for slot in range(13):
        assert 3 not in solution.class_probabilities((2, slot))
    for slot in range(12):
        assert 9 not in solution.class_probabilities((3, slot))


def test_a_sweep_of_the_three_reds_cuts_them() -> None:
    state, _ = tokens_placed(m13())
    reds = [
        (0, slot_of(state, 0, "3.5")),
        (1, slot_of(state, 1, "6.5")),
        (2, slot_of(state, 2, "9.5")),
    ]
    state, events = play(state, Sweep(0))
    assert types(events) == ["sweep_start"] and state.phase is SWEEP_POINT
    assert len(state.pending.options) == 51
    for target in reds:
        state, events = play(state, Pick(0, *target))
    assert next(e for e in events if e.type == "sweep").data["outcome"] == "hit"
    assert [e.data.get("revealed") for e in events if e.type == "wire_cut"] == [True] * 3
    assert all(state.cut[state.wire_id(*t)] for t in reds) and state.result is None


def test_a_wrong_sweep_explodes_and_says_what_it_proves() -> None:
    state, _ = tokens_placed(m13())
    state, _ = play(state, Sweep(0), Pick(0, 0, slot_of(state, 0, "3.5")), Pick(0, 1, 0))
    state, events = play(state, Pick(0, 3, 0))
    assert types(events)[-2:] == ["sweep", "explosion"] and state.result == "exploded"


def test_red_wires_are_never_revealed_a_hand_of_only_reds_must_sweep() -> None:
    """The FAQ's forced special action: Reveal Red Wires does not exist here."""
    state, _ = tokens_placed(m13())
    table = state.clone()
    for slot in range(13):  # seat 0 is left with its red wire only
        if table.codes[table.wire_id(0, slot)] != code_of("3.5"):
            table.mark_cut(table.wire_id(0, slot))
    assert table.legal_actions(0) == [Sweep(0)]
    with pytest.raises(IllegalActionError) as err:
        table.apply(RevealReds(0))
    assert err.value.reason is SweepReason.SWEEP_INSTEAD


def test_with_three_players_only_a_holder_of_a_red_may_sweep() -> None:
    stands = [
        [*NUMBERS, "3.5"],
        ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "6.5"],
        [*NUMBERS],
        ["7", "7", "8", "8", "9", "9", "9.5", "10", "10", "11", "11", "12", "12"],
    ]
    setup = explicit_setup(
        13, 3, 1, stands,
        parts={"random_token": {"values": [1, 1, 7]}, "equipment": {"cards": [1, 2, 3]}},
    )  # fmt: skip
    state = start(setup)
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move)[0])
    assert state.active == 1 and Sweep(1) in state.legal_actions(1)  # the captain holds the 6.5
    # Seat 0 without its red wire (as if a swap had taken it): it may not sweep.
    table = state.clone()
    table.mark_cut(table.wire_id(0, slot_of(table, 0, "3.5")))
    table.active = 0
    assert Sweep(0) not in table.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        table.apply(Sweep(0))
    assert err.value.reason is SweepReason.SWEEP_HOLD


def test_computers_sweep_when_only_reds_are_left() -> None:
    from engine.redwire.bots import make_bot

    state, _ = tokens_placed(m13())
    table = state.clone()
    for slot in range(13):
        if table.codes[table.wire_id(0, slot)] != code_of("3.5"):
            table.mark_cut(table.wire_id(0, slot))
    bot = make_bot("expert", 3)
    choice = bot.choose(table.observation(0), table.legal_actions(0))
    assert choice == Sweep(0) and bot.explain().key == "sweep_forced"
    after, _ = table.apply(choice)
    pick = bot.choose(after.observation(0), after.legal_actions(0))
    assert isinstance(pick, Pick) and bot.explain().key == "sweep_point"
    assert (pick.stand, pick.slot) == (0, slot_of(after, 0, "3.5"))  # its own red first
