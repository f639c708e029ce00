"""Mission 35's rules on hand-made deals (``x_wires:blue:locked``): one random blue wire dealt to
each stand first, kept unsorted at its far right (X); until every yellow wire is cut no cut
points at an X wire, its owner neither announces a value he holds only there nor cuts it as his
side of a cut, nor Solo-Cuts its value; a player whose every cut is locked out passes (the dial
stays); once the fourth yellow is cut, the X wires may be cut by a plain cut (never with
equipment); the Walkie-Talkies neither give nor take an X wire; the solver knows they are blue."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Pick,
    PlaceToken,
    Radar,
    SetupError,
    SoloCut,
    explicit_setup,
    new_game,
    start,
)
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import x_wires
from engine.redwire.mechanisms.new_characters import OwnWalkie
from engine.redwire.mechanisms.x_wires import XReason, XWait
from engine.redwire.model import Pending, Phase
from engine.redwire.wires import code_of
from tests.redwire.bots.checks import LEVEL_AND_COUNT

from .helpers import play, with_cut

#: Stands 0-3 of seats 0-3 (captain 0); each stand's last wire is its X wire (a blue one).
STANDS = [
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "12", "2.1", "3.1", "12"],  # X: a 12
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "4.1", "5.1", "12"],  # X: a 12
    ["6", "6", "7", "7", "8", "8", "9", "9", "10", "10", "11", "1.5", "6"],  # X: a 6
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "11", "7.5", "12"],  # X: a 12
]
RED_MARKERS = ["1.5", "7.5", "10.5"]


def m35(characters: list[str] | None = None) -> GameState:
    """The deal above, setup tokens on each seat's first legal wire."""
    parts: dict[str, object] = {"equipment": {"cards": [1, 3, 5, 8]}}
    if characters:
        parts["new_characters"] = {"characters": characters}
    setup = explicit_setup(35, 4, 0, STANDS, parts=parts, red_markers=RED_MARKERS)
    state = start(setup)
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    return state


def turn_of(state: GameState, seat: int) -> GameState:
    """The same table, ``seat``'s turn."""
    state.active = seat
    state.pending = Pending(Phase.TURN, seat)
    return state


def refused(state: GameState, action: object, reason: XReason = XReason.X_LOCKED) -> None:
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)  # type: ignore[arg-type]
    assert err.value.reason is reason
    assert action not in state.legal_actions(state.to_move or 0)


YELLOWS = [(0, 4), (0, 7), (1, 8), (1, 11)]  # 2.1, 3.1, 4.1, 5.1 as sorted


def test_the_x_wires_are_blue_at_the_far_right_and_everyone_knows_it() -> None:
    state = m35()
    assert [state.code_at(s, len(st) - 1) for s, st in enumerate(STANDS)] == [120, 120, 60, 120]
    assert x_wires.view(state.observation(None)) == {
        "x": [[0, 13], [1, 13], [2, 12], [3, 12]],
        "blue": True,
        "locked": True,
    }
    assert state.log[0].type == "x_locked" or any(e.type == "x_locked" for e in state.log)
    solution = solve(position_from_observation(state.observation(0)))
    blue = {code_of(str(n)) for n in range(1, 13)}
    for stand, slot in [(1, 13), (2, 12), (3, 12)]:
        odds = solution.code_probabilities((stand, slot))
        assert odds and set(odds) <= blue, (stand, slot, odds)
    # A sorted wire of another stand may still be red or yellow.
    assert any(c not in blue for c in solution.code_probabilities((2, 0)))


def test_a_hand_made_deal_needs_a_blue_x_wire() -> None:
    stands = [list(s) for s in STANDS]
    stands[2][-1], stands[2][-2] = stands[2][-2], stands[2][-1]  # the red 1.5 last
    with pytest.raises(SetupError):
        explicit_setup(35, 4, 0, stands, red_markers=RED_MARKERS)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_deal_gives_each_stand_a_blue_x_wire(players: int) -> None:
    for seed in range(5):
        state = new_game(35, players, seed=seed)
        for s, stand in enumerate(state.setup.stands):
            assert list(stand[:-1]) == sorted(stand[:-1])
            assert state.code_at(s, len(stand) - 1) % 10 == 0  # blue
        sizes = [len(st) for st in state.setup.stands]
        assert max(sizes) - min(sizes) <= 1


def test_no_setup_token_on_an_x_wire() -> None:
    parts = {"equipment": {"cards": [1, 3, 5, 8]}}
    state = start(explicit_setup(35, 4, 0, STANDS, parts=parts, red_markers=RED_MARKERS))
    refused(state, PlaceToken(0, 0, 13), XReason.X_WIRE)


def test_no_cut_points_at_a_locked_x_wire() -> None:
    state = m35()
    refused(state, Cut(0, ((1, 13),), (12,)))
    refused(state, Cut(0, ((3, 12),), (5,)))
    assert state.is_legal(Cut(0, ((3, 11),), (5,)))  # the red one beside it: a plain cut
    assert not any(
        isinstance(a, Cut) and any(slot == len(STANDS[st]) - 1 for st, slot in a.targets)
        for a in state.legal_actions(0)
    )


def test_the_owner_never_cuts_his_locked_x_wire_as_his_side_of_a_cut() -> None:
    state = m35()
    # Seat 2's X wire is a 6, and he holds two more; a hit on seat 1's 6 is followed by a pick
    # among his sorted 6s only.
    mine = turn_of(with_cut(state, []), 2)
    after, events = play(mine, Cut(2, ((1, 12),), (6,)))
    assert events[0].data["outcome"] == "hit"
    assert after.phase.value == "own_cut"
    assert sorted(after.pending.options) == [(2, 1), (2, 2)]
    refused_pick = Pick(2, 2, 12)
    assert refused_pick not in after.legal_actions(2)
    with pytest.raises(IllegalActionError):
        after.apply(refused_pick)
    # Seat 1's only 12 is his X wire: he may not announce 12 while it is locked.
    ones = turn_of(with_cut(state, []), 1)
    refused(ones, Cut(1, ((0, 12),), (12,)))


def test_no_solo_cut_of_a_value_whose_copy_is_a_locked_x_wire() -> None:
    # The 12s of stands 1 and 3 cut: seat 0 holds the last two, one of them his X wire.
    state = with_cut(m35(), [(1, 13), (3, 12)])
    refused(state, SoloCut(0, 12))
    # He may still announce 12 (he holds a sorted one) and cuts that one.
    after, _ = play(state, Cut(0, ((2, 11),), (12,)))
    assert after.phase.value == "turn"  # a miss (the dial moved)
    unlocked = with_cut(state, YELLOWS)
    assert unlocked.is_legal(SoloCut(0, 12))


def test_the_fourth_yellow_opens_the_x_wires_but_never_to_equipment() -> None:
    state = m35()
    state, events = play(state, Cut(0, ((1, 8),), (0,)), Pick(0, 0, 4))
    assert "x_unlocked" not in [e.type for e in events]
    assert x_wires.view(state.observation(None))["locked"] is True  # type: ignore[index]
    assert state.active == 1
    state, events = play(state, Cut(1, ((0, 7),), (0,)), Pick(1, 1, 11))
    assert [e.type for e in events].count("x_unlocked") == 1
    assert x_wires.view(state.observation(None))["locked"] is False  # type: ignore[index]
    assert state.active == 2
    assert state.is_legal(Cut(2, ((1, 13),), (6,)))  # a plain cut at seat 1's X wire
    refused(state, Cut(2, ((1, 12), (1, 13)), (6,), "double"), XReason.X_WIRE)
    after, events = play(state, Cut(2, ((0, 13),), (6,)))  # a miss on seat 0's X wire
    assert events[0].data["outcome"] == "miss"
    assert any(e.type == "token" and e.data["slot"] == 13 for e in events)
    del after


def test_a_player_with_only_locked_x_and_red_wires_passes() -> None:
    state = m35()
    mine = [(2, i) for i in range(1, 12)]  # seat 2 keeps his red 1.5 and his X wire
    waiting = turn_of(with_cut(state, mine), 2)
    legal = waiting.legal_actions(2)
    assert XWait(2) in legal and not [a for a in legal if isinstance(a, Cut | SoloCut)]
    after, events = play(waiting, XWait(2))
    assert [e.type for e in events][:1] == ["x_wait"]
    assert events[0].data == {"seat": 2, "aim": True}
    assert after.dial == waiting.dial and after.active == 3
    # A player who can cut may not pass.
    refused(state, XWait(0), XReason.X_NOT_WAITING)


def test_the_walkie_talkies_neither_give_nor_take_an_x_wire() -> None:
    state = m35(["dd", "E2", "dd", "dd"])
    refused(state, OwnWalkie(1, 1, 13, 0), XReason.X_WIRE)
    after, _ = play(state, OwnWalkie(1, 1, 0, 2))
    assert after.phase.value == "walkie_give"
    assert (2, 12) not in after.pending.options and (2, 0) in after.pending.options
    # Seat 2 gives his 11: it goes into seat 1's sorted wires, left of the X wire.
    swapped, _ = play(after, Pick(2, 2, 11))
    assert swapped.code_at(1, 13) == 120
    codes = [swapped.code_at(1, i) for i in range(13)]
    assert codes == sorted(codes)


@pytest.mark.parametrize("level", ["random", "cautious", "expert", "simple"])
def test_every_level_passes_when_the_x_wires_lock_every_cut(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    waiting = turn_of(with_cut(m35(), [(2, i) for i in range(1, 12)]), 2)
    legal = [a for a in waiting.legal_actions(2) if not isinstance(a, Radar)]
    bot = make_bot(level, 7)
    assert bot.choose(waiting.observation(2), legal) == XWait(2)
    check_explanation(bot.explain(), waiting, 2)
    if level != "random":
        assert bot.explain().key == "x_wait"


@pytest.mark.parametrize(("level", "players"), LEVEL_AND_COUNT)
def test_bots_play_mission_35_legally_and_cut_the_x_wires_once_the_yellows_are_cut(
    level: str, players: int
) -> None:
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        35, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(35, players, 350 + players, chosen=chosen)
    bots = [make_bot(level, 35 + seat) for seat in range(players)]
    xs = x_wires.x_ids(state)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        check_explanation(bots[seat].explain(), state, seat)
        before = [state.cut[w] for w in xs]
        locked = x_wires.locked(state)
        state, _ = state.apply(action)
        if locked:  # no X wire is ever cut while a yellow wire is uncut
            assert [state.cut[w] for w in xs] == before
    if state.result == "won":
        assert all(state.cut[w] for w in xs)


def test_the_pass_is_typed_pass_in_the_terminal() -> None:
    from engine.redwire.cli import format_action, parse_action

    state = m35()
    assert format_action(XWait(2)) == "pass"
    assert parse_action("pass", 2, state) == XWait(2)
