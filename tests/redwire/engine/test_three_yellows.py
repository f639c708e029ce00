"""Mission 48's rules on hand-made deals: the three yellow wires dealt first (one per player from
the captain; with two players two to the captain, one on each stand), their count per stand a
public fact; yellow never named in a Dual or Solo Cut; the special action that points at three
wires as the yellow ones (right: all cut; wrong: a true-value info token on every wire pointed at
and one step only; a red wire among them explodes, REC); who may do it (anyone with four or five
players, a holder of a yellow wire with two or three, B17); red wires revealed as usual; a hand
whose only wires left are yellow sweeps (the bots)."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Pick,
    RevealReds,
    SetupError,
    SoloCut,
    new_game,
)
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import dealt_first, sweep
from engine.redwire.mechanisms.sweep import SWEEP_POINT, Sweep, SweepReason
from engine.redwire.wires import RED, YELLOW, cut_value

from .helpers import game, play, types

STANDS = [
    ["1", "1", "1", "1", "2", "2", "2", "2", "3", "3", "3", "3", "4", "4.1"],
    ["4", "4", "4", "5", "5", "5", "5", "6", "6", "6", "6", "6.1", "7"],
    ["3.5", "7", "7", "7", "8", "8", "8", "8", "9", "9", "9", "9", "9.1"],
    ["10", "10", "10", "10", "11", "11", "11", "11", "11.5", "12", "12", "12", "12"],
]
# Captain seat 0; each seat marks its first blue wire at setup. The yellow wires: (0, 13),
# (1, 11), (2, 12); the red wires: (2, 0), (3, 8).
YELLOWS = [(0, 13), (1, 11), (2, 12)]


def m48(stands: list[list[str]] = STANDS):  # type: ignore[no-untyped-def]
    return game(48, 4, stands, parts={"equipment": {"cards": [1, 2, 3, 9]}})


def tokens_placed(state: GameState) -> GameState:
    """Every seat marks its first offered wire at setup."""
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    return state


def yellow_chance(state, viewer: int, stand: int) -> float:  # type: ignore[no-untyped-def]
    odds = solve(position_from_observation(state.observation(viewer)))
    return float(
        sum(
            p
            for slot in range(len(state.stands[stand]))
            for code, p in odds.code_probabilities((stand, slot)).items()
            if cut_value(code) == YELLOW
        )
    )


def test_the_yellow_wires_are_dealt_first_one_per_player_from_the_captain() -> None:
    for players in range(2, 6):
        for seed in range(12):
            state = new_game(48, players, seed=seed)
            stands = state.setup.stands
            yellows = [sum(cut_value(c) == YELLOW for c in stand) for stand in stands]
            reds = sum(cut_value(c) == RED for stand in stands for c in stand)
            assert reds == (3 if players == 2 else 2)
            order = dealt_first._order(state.owners, state.setup.captain)
            assert yellows == dealt_first.quota(3, order, state.owners, state.setup.captain)
            sizes = [len(s) for s in stands]
            assert max(sizes) - min(sizes) <= 1
            captain = state.setup.captain
            if players == 2:  # the captain gets two, one on each stand
                assert [yellows[s] for s in state.seat_stands[captain]] == [1, 1]
            else:  # the captain and the next players clockwise, one each
                firsts = [state.seat_stands[(captain + i) % players][0] for i in range(3)]
                assert [yellows[s] for s in firsts] == [1, 1, 1]


def test_the_count_per_stand_is_public_and_a_deal_against_it_is_refused() -> None:
    state = m48()
    assert dealt_first.view(state.observation(3)) == {"colour": "yellow", "stands": [1, 1, 1, 0]}
    # Seat 3 knows stand 1 holds exactly one yellow wire, and its own none.
    assert yellow_chance(state, 3, 1) == pytest.approx(1.0)
    assert yellow_chance(state, 0, 3) == pytest.approx(0.0)
    stands = [list(s) for s in STANDS]
    stands[2][12], stands[3][0] = "10", "9.1"  # a yellow wire on the fourth player's stand
    with pytest.raises(SetupError, match="yellow"):
        m48(stands)


def test_yellow_is_never_named_in_a_cut() -> None:
    state = m48()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 11),), (YELLOW,)))
    assert err.value.reason is SweepReason.SWEEP_YELLOW
    legal = state.legal_actions(0)
    assert not any(isinstance(a, Cut) and YELLOW in a.values for a in legal)
    assert not any(isinstance(a, SoloCut) and a.value == YELLOW for a in legal)
    assert not sweep.MECHANISM.allows(state.clone(), SoloCut(0, YELLOW))
    assert not sweep.MECHANISM.allows(state.clone(), Cut(0, ((1, 11),), (4, YELLOW)))
    assert Sweep(0) in legal


def test_a_sweep_of_the_three_yellows_cuts_them() -> None:
    state = m48()
    state, events = play(state, Sweep(0))
    assert types(events) == ["sweep_start"] and state.phase is SWEEP_POINT
    assert events[0].data == {"seat": 0, "count": 3, "colour": "yellow"}
    for target in YELLOWS:
        state, events = play(state, Pick(0, *target))
    swept = next(e for e in events if e.type == "sweep").data
    assert swept["outcome"] == "hit" and swept["colour"] == "yellow"
    cuts = [e.data for e in events if e.type == "wire_cut"]
    assert [(c["stand"], c["slot"], c["revealed"]) for c in cuts] == [(*t, True) for t in YELLOWS]
    assert all(state.cut[state.wire_id(*t)] for t in YELLOWS) and state.result is None
    assert state.active == 1 and state.dial == new_game(48, 4, 0).dial
    assert Sweep(1) not in state.legal_actions(1)  # nothing left to sweep


def test_a_wrong_sweep_marks_every_wire_pointed_at_and_costs_one_step() -> None:
    state = m48()
    dial = state.dial
    state, events = play(state, Sweep(0), Pick(0, 0, 13), Pick(0, 2, 2), Pick(0, 3, 1))
    swept = next(e for e in events if e.type == "sweep").data
    assert swept["outcome"] == "miss" and swept["targets"] == [[0, 13], [2, 2], [3, 1]]
    tokens = [
        (e.data["stand"], e.data["slot"], e.data["value"]) for e in events if e.type == "token"
    ]
    assert tokens == [(0, 13, "yellow"), (2, 2, 7), (3, 1, 10)]
    assert [e.type for e in events].count("dial") == 1 and state.dial == dial - 1
    assert state.result is None and state.active == 1
    assert not any(state.cut[state.wire_id(*t)] for t in [(0, 13), (2, 2), (3, 1)])
    # Every seat now knows those values; seat 1 also knows stand 0's yellow wire.
    odds = solve(position_from_observation(state.observation(1)))
    assert odds.class_probabilities((2, 2)) == {7: pytest.approx(1.0)}
    assert odds.class_probabilities((0, 13)) == {YELLOW: pytest.approx(1.0)}


def test_a_wire_already_marked_gets_no_second_token() -> None:
    """B14: the setup token on seat 0's first wire stays the only one there."""
    state = m48()
    assert state.info[state.wire_id(0, 0)] == 1
    state, events = play(state, Sweep(0), Pick(0, 0, 0), Pick(0, 1, 11), Pick(0, 2, 12))
    assert [(e.data["stand"], e.data["slot"]) for e in events if e.type == "token"] == [
        (1, 11),
        (2, 12),
    ]
    assert [e.type for e in events].count("dial") == 1


def test_a_red_wire_among_them_explodes_the_bomb() -> None:
    state = m48()
    state, events = play(state, Sweep(0), Pick(0, 0, 13), Pick(0, 1, 11), Pick(0, 2, 0))
    assert next(e for e in events if e.type == "sweep").data["outcome"] == "red"
    assert events[-1].type == "explosion" and events[-1].data["cause"] == "sweep_red"
    assert state.result == "exploded" and "token" not in types(events)


def test_on_the_last_step_a_wrong_sweep_explodes() -> None:
    table = m48().clone()
    table.dial = 1
    state, events = play(table, Sweep(0), Pick(0, 0, 13), Pick(0, 1, 11), Pick(0, 1, 0))
    assert state.result == "exploded" and events[-1].data["cause"] == "detonator"


def test_the_same_wire_is_never_pointed_at_twice() -> None:
    state, _ = play(m48(), Sweep(0), Pick(0, 0, 13))
    assert (0, 13) not in state.pending.options
    with pytest.raises(IllegalActionError):
        state.apply(Pick(0, 0, 13))


def test_with_four_players_anyone_may_sweep_with_three_only_a_holder() -> None:
    state = m48()
    table = state.clone()
    table.active = 3  # seat 3 holds no yellow wire: with four players it may still sweep
    assert Sweep(3) in table.legal_actions(3)
    for seed in range(6):
        state = tokens_placed(new_game(48, 3, seed=seed))
        for seat in range(3):
            table = state.clone()
            table.active = seat
            holds = any(cut_value(c) == YELLOW for _, _, c in table.hand(seat))
            assert (Sweep(seat) in table.legal_actions(seat)) is holds
            if not holds:
                with pytest.raises(IllegalActionError) as err:
                    table.apply(Sweep(seat))
                assert err.value.reason is SweepReason.SWEEP_HOLD


def test_with_three_players_a_sweep_tells_the_actor_holds_a_yellow_wire() -> None:
    state = tokens_placed(new_game(48, 3, seed=4))
    seat = state.active
    mine = [(st, sl) for st, sl, c in state.hand(seat) if cut_value(c) == YELLOW]
    others = [
        (st, sl)
        for st in range(len(state.stands))
        if state.owners[st] != seat
        for sl in range(len(state.stands[st]))
        if cut_value(state.code_at(st, sl)) not in (YELLOW, RED) and state.owners[st] != seat
    ][:3]
    after, events = play(state, Sweep(seat), *(Pick(seat, *t) for t in others))
    assert next(e for e in events if e.type == "sweep").data["holder"] is True
    viewer = next(s for s in range(3) if s != seat)
    odds = solve(position_from_observation(after.observation(viewer)))
    own = [
        t
        for st in after.seat_stands[seat]
        for t in [(st, sl) for sl in range(len(after.stands[st]))]
    ]
    held = sum(
        p for t in own if not after.cut[after.wire_id(*t)]
        for cls, p in odds.class_probabilities(t).items() if cls == YELLOW
    )  # fmt: skip
    assert mine and held >= 1 - 1e-9


def test_red_wires_are_revealed_as_usual() -> None:
    table = m48().clone()
    for slot in range(13):  # seat 3 is left with its red wire only
        if slot != 8:
            table.mark_cut(table.wire_id(3, slot))
    table.active = 3
    legal = table.legal_actions(3)
    assert RevealReds(3) in legal and Sweep(3) in legal  # four players: a sweep too
    after, events = table.apply(RevealReds(3))
    assert "wire_cut" in types(events) and after.result is None


def test_a_hand_of_only_yellow_wires_sweeps_and_points_at_its_own_first() -> None:
    from engine.redwire.bots import make_bot

    table = m48().clone()
    for slot in range(13):  # seat 0 is left with its yellow wire only
        table.mark_cut(table.wire_id(0, slot))
    legal = table.legal_actions(0)
    assert not any(a.type in ("cut", "solo", "reveal") for a in legal) and Sweep(0) in legal
    for level in ("cautious", "expert"):
        bot = make_bot(level, 3)
        choice = bot.choose(table.observation(0), legal)
        # Forced (the likeliest three), or sure when the cut wires already pin them down.
        assert choice == Sweep(0)
        assert bot.explain().key in ("yellow_sweep_forced", "yellow_sweep_sure")
        after, _ = table.apply(choice)
        pick = bot.choose(after.observation(0), after.legal_actions(0))
        assert isinstance(pick, Pick) and bot.explain().key == "yellow_sweep_point"
        assert (pick.stand, pick.slot) == (0, 13)


@pytest.mark.parametrize(
    ("level", "players"),
    [  # every count at random; the bench plays the careful levels' other counts
        ("random", 2),
        ("random", 3),
        ("random", 4),
        ("random", 5),
        ("cautious", 2),
        ("expert", 3),
        ("expert", 5),
    ],
)
def test_bots_play_mission_48_legally_and_sweep_only_for_a_reason(level: str, players: int) -> None:
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        48, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(48, players, 480 + players, chosen=chosen)
    bots = [make_bot(level, 48 + seat) for seat in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        why = bots[seat].explain()
        check_explanation(why, state, seat)
        if isinstance(action, Sweep) and level != "random":
            assert why.key in ("yellow_sweep_sure", "yellow_sweep_forced", "yellow_sweep_likely")
            assert why.key != "yellow_sweep_likely" or level == "expert"
        state, _ = state.apply(action)
        steps += 1
        assert steps < 2000
    assert state.result in ("won", "exploded")
