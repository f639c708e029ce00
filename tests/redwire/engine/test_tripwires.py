"""Mission 41's tripwires on hand-made deals: one yellow wire per player's first stand (none to
the captain with five players), sorted in by value; the detonator next to the skull; yellow never
announced in a Dual or Solo Cut; the special action (a tripwire found is cut and moves the
detonator back, a blue wire gets its info token and a step, a red one explodes the bomb); the
skip of a player left with only his tripwire (and red wires); what the table learns."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, SetupError, SoloCut
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import tripwires
from engine.redwire.mechanisms.tripwires import TripPoint, TripReason, TripSkip
from tests.redwire.bots.checks import LEVEL_AND_COUNT

from .helpers import game, play, types

STANDS = [
    ["1", "1", "1", "1.1", "2", "2", "2", "3", "3", "3", "4", "4", "4", "5"],
    ["1", "2", "3", "4", "5", "5", "5", "5.1", "6", "6", "6", "6", "7"],
    ["3.5", "7", "7", "7", "8", "8", "8", "8", "8.1", "9", "9", "9", "9"],
    ["10", "10", "10", "10", "11", "11", "11", "11", "11.1", "12", "12", "12", "12"],
]
# Captain seat 0. Sorted: stand 0: 1 1 1 1.1 2 2 2 3 3 3 4 4 4 5 (the tripwire at slot 3);
# stand 1: 1 2 3 4 5 5 5 5.1 6 6 6 6 7 (slot 7); stand 2: 3.5 7 7 7 8 8 8 8 8.1 9 9 9 9
# (the red wire at slot 0, the tripwire at slot 8); stand 3: 10x4 11x4 11.1 12x4 (slot 8).
TOKENS = [1, 6, 9, 12]


def m41(stands: list[list[str]] | None = None):  # type: ignore[no-untyped-def]
    return game(
        41,
        4,
        stands or STANDS,
        red_markers=["3.5", "6.5", "9.5"],
        parts={"random_token": {"values": TOKENS}, "equipment": {"cards": [1, 4, 8, 9]}},
    )


def test_one_tripwire_per_player_sorted_in_and_the_dial_next_to_the_skull() -> None:
    state = m41()
    assert [state.code_at(s, i) for s, i in [(0, 3), (1, 7), (2, 8), (3, 8)]] == [11, 51, 81, 111]
    obs = state.observation(None)
    assert tripwires.view(obs) == {"stands": [1, 1, 1, 1]}
    assert obs["dial"]["left"] == 1 and obs["dial"]["start"] == 1
    # Each stand's yellow count is a public fact: seat 1 knows stand 2 holds exactly one.
    odds = solve(position_from_observation(state.observation(1)))
    yellow = sum(
        sum(p for code, p in odds.code_probabilities((2, i)).items() if code % 10 == 1)
        for i in range(13)
    )
    assert yellow == 1


def test_a_deal_with_two_tripwires_on_one_stand_is_refused() -> None:
    stands = [list(s) for s in STANDS]
    stands[0][3], stands[1][7] = "5.1", "1.1"  # same counts per stand: accepted
    m41(stands)
    stands = [list(s) for s in STANDS]
    stands[0][13], stands[1][7] = "5.1", "5"  # stand 0 two yellows, stand 1 none
    with pytest.raises(SetupError, match="tripwires"):
        m41(stands)


def test_five_players_the_captain_gets_none() -> None:
    assert tripwires.receivers((0, 1, 2, 3, 4), captain=0, count=4) == [1, 2, 3, 4]
    assert tripwires.receivers((0, 0, 1, 1), captain=0, count=2) == [2, 0]
    from engine.redwire import new_game

    state = new_game(41, 5, 3)
    counts = tripwires.view(state.observation(None))
    assert counts is not None
    captain = state.setup.captain
    assert counts["stands"][captain] == 0 and sum(counts["stands"]) == 4


def test_yellow_is_never_announced_in_a_cut() -> None:
    state = m41()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 7),), (0,)))  # yellow at seat 1's tripwire
    assert err.value.reason is TripReason.TRIP_PAIR
    legal = state.legal_actions(0)
    assert not any(isinstance(a, Cut) and 0 in a.values for a in legal)
    assert not any(isinstance(a, SoloCut) and a.value == 0 for a in legal)
    assert TripPoint(0, 1, 7) in legal and TripPoint(0, 0, 0) not in legal  # never one's own


def test_a_tripwire_found_is_cut_and_the_dial_moves_back() -> None:
    state, events = play(m41(), TripPoint(0, 1, 7))
    assert types(events)[:3] == ["trip_point", "wire_cut", "dial"]
    assert events[0].data["outcome"] == "hit" and state.cut[state.wire_id(1, 7)]
    assert state.dial == 2 and state.to_move == 1
    # A wrong point now: the true value's info token, and the detonator one step.
    state, events = play(state, TripPoint(1, 3, 0))  # seat 3's 10
    assert types(events)[:3] == ["trip_point", "token", "dial"]
    assert events[0].data["outcome"] == "miss" and events[1].data["value"] == 10
    assert state.dial == 1 and state.result is None


def test_the_first_wrong_point_explodes_next_to_the_skull() -> None:
    state, events = play(m41(), TripPoint(0, 3, 0))
    assert state.result == "exploded" and "token" in types(events)


def test_a_red_wire_pointed_at_explodes_the_bomb() -> None:
    state, _ = play(m41(), TripPoint(0, 1, 7))  # the dial at 2: a miss would not explode
    state, events = play(state, TripPoint(1, 2, 0))  # seat 2's red wire
    assert state.result == "exploded" and state.dial == 2
    assert events[-1].type == "explosion" and events[-1].data["cause"] == "tripwire_red"


def test_a_player_left_with_his_tripwire_and_red_wires_skips() -> None:
    table = m41().clone()
    for slot in range(1, 13):  # seat 2 keeps only the red wire and the tripwire
        if slot != 8:
            table.mark_cut(table.wire_id(2, slot))
    table.active = 2
    legal = table.legal_actions(2)
    assert TripSkip(2) in legal
    assert not any(isinstance(a, Cut | SoloCut | TripPoint) for a in legal)
    with pytest.raises(IllegalActionError):
        table.apply(TripPoint(2, 1, 7))
    state, events = play(table, TripSkip(2))
    assert types(events)[:2] == ["trip_skip", "turn"] and state.to_move == 3
    assert state.dial == 1  # the detonator does not move
    with pytest.raises(IllegalActionError) as err:
        m41().apply(TripSkip(0))
    assert err.value.reason is TripReason.TRIP_CAN_PLAY


def test_no_point_once_every_other_tripwire_is_cut() -> None:
    table = m41().clone()
    for stand, slot in [(1, 7), (2, 8), (3, 8)]:
        table.mark_cut(table.wire_id(stand, slot))
    assert not any(isinstance(a, TripPoint) for a in table.legal_actions(0))


@pytest.mark.parametrize("level", ["cautious", "expert", "simple"])
def test_bots_point_at_a_sure_tripwire_and_skip_when_it_is_all_they_have(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    state = m41().clone()
    for slot in [*range(1, 7), *range(8, 13)]:  # stand 1 left with its 1 and its tripwire
        state.mark_cut(state.wire_id(1, slot))
    bot = make_bot(level, 4)
    action = bot.choose(state.observation(0), state.legal_actions(0))
    assert action == TripPoint(0, 1, 7)  # the 1 sorts before the cut 2: the 5.1 is the other
    assert bot.explain().key == "trip_sure"
    check_explanation(bot.explain(), state, 0)
    table = m41().clone()
    for slot in range(1, 13):
        if slot != 8:
            table.mark_cut(table.wire_id(2, slot))
    table.active = 2
    legal = [a for a in table.legal_actions(2) if isinstance(a, TripSkip | Cut | TripPoint)]
    assert bot.choose(table.observation(2), legal) == TripSkip(2)
    assert bot.explain().key == "trip_skip"


@pytest.mark.parametrize(("level", "players"), LEVEL_AND_COUNT)
def test_bots_play_mission_41_legally_and_never_announce_yellow(level: str, players: int) -> None:
    from engine.redwire import new_game
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        41, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(41, players, 410 + players, chosen=chosen)
    bots = [make_bot(level, 41 + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        assert not (isinstance(action, Cut) and 0 in action.values)
        check_explanation(bots[seat].explain(), state, seat)
        state, _ = state.apply(action)


def test_when_every_player_left_would_skip_the_bomb_explodes() -> None:
    table = m41().clone()
    for stand, keep in [(0, 3), (1, 7), (2, 8), (3, 8)]:  # only the tripwires left (seat 2's red)
        for slot, wire in enumerate(table.stands[stand]):
            if slot != keep and not (stand == 2 and slot == 0):
                table.mark_cut(wire)
    table.active = 0
    assert table.legal_actions(0) == [TripSkip(0)] or TripSkip(0) in table.legal_actions(0)
    state, events = play(table, TripSkip(0))
    assert state.result == "exploded"
    assert events[-1].type == "explosion" and events[-1].data["cause"] == "tripwire_stuck"


def test_the_command_line_says_and_reads_the_point_and_the_skip() -> None:
    from engine.redwire.cli import format_action, parse_action

    state = m41()
    for action in (TripPoint(0, 1, 7), TripSkip(0)):
        assert parse_action(format_action(action), 0, state) == action
    assert format_action(TripPoint(0, 1, 7)) == "trip 2.8"
