"""Mission 36's rules on hand-made deals (``sequence:A:ends``): five Number cards in a row, the
captain alone puts the Sequence card at either end before the setup tokens; only the value next
to it is open (the others of the row blocked, every other value free); two wires of the open
value cut take its card out of the row, and the player who cut them alone may move the Sequence
card to the other end (or keep it) before the next turn; the FAQ's blocked player (the bomb
explodes); the bots' choices with their reasons."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Pick,
    explicit_setup,
    start,
)
from engine.redwire.actions import Action
from engine.redwire.errors import Reason
from engine.redwire.mechanisms import number_cards, sequence
from engine.redwire.mechanisms.sequence import (
    MoveSequence,
    PlaceSequence,
    SequenceReason,
    Stuck,
)
from engine.redwire.model import Pending, Phase
from tests.redwire.bots.checks import LEVEL_AND_COUNT

from .helpers import play, types

STANDS = [
    ["1", "1", "1", "4", "4", "5", "5", "7", "7", "9", "9", "10", "10"],
    ["2", "2", "2", "4", "4", "5", "5", "7", "7", "11", "11", "12", "12"],
    ["3", "3", "3", "3.1", "8.1", "9", "9", "10", "10", "11", "11", "12", "12"],
    ["1", "2", "3", "6", "6", "6", "6", "7.5", "8", "8", "8", "8"],
]
RED = ["2.5", "7.5", "11.5"]


def dealt(row: list[int]) -> GameState:
    """The deal above, captain seat 0, before the Sequence card is put down."""
    order = row + [v for v in range(1, 13) if v not in row]
    parts = {"number_cards": {"order": order}, "equipment": {"cards": [1, 3, 9, 12]}}
    return start(explicit_setup(36, 4, 0, STANDS, parts=parts, red_markers=RED))


def m36(row: list[int], end: str) -> GameState:
    """The card put at ``end``, then every seat's setup token on its first legal wire."""
    state, _ = dealt(row).apply(PlaceSequence(0, end))
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    return state


def test_the_captain_alone_puts_the_card_at_an_end_before_the_setup_tokens() -> None:
    state = dealt([5, 9, 10, 4, 7])
    assert state.phase.value == "sequence_end" and state.to_move == 0
    assert state.legal_actions(0) == [PlaceSequence(0, "left"), PlaceSequence(0, "right")]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceSequence(1, "left"))
    assert err.value.reason is Reason.NOT_YOUR_DECISION
    after, events = state.apply(PlaceSequence(0, "right"))
    assert events[0].type == "sequence_end" and events[0].data["open"] == 7
    assert after.phase.value == "setup_token" and after.to_move == 0
    seq = sequence.view(after.observation(None))
    assert seq is not None and seq["current"] == 7 and seq["blocked"] == [5, 9, 10, 4]


def test_only_the_value_next_to_the_card_is_open() -> None:
    state = m36([5, 9, 10, 4, 7], "right")
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 5),), (5,)))  # 5: the far end
    assert err.value.reason is SequenceReason.BLOCKED_VALUE
    announced = {v for a in state.legal_actions(0) if isinstance(a, Cut) for v in a.values}
    assert announced == {1, 7}  # 1 is not on the row; 4, 5, 9, 10 are blocked


@pytest.mark.parametrize("move", [True, False])
def test_two_wires_cut_take_the_card_out_and_the_cutter_decides_the_move(move: bool) -> None:
    state = m36([5, 9, 10, 4, 7], "right")
    state, events = play(state, Cut(0, ((1, 7),), (7,)), Pick(0, 0, 7))
    assert "sequence" in types(events)
    cards = number_cards.view(state.observation(None))
    assert cards is not None and [c["value"] for c in cards["row"]] == [5, 9, 10, 4]
    assert state.phase.value == "sequence_move" and state.to_move == 0
    assert state.legal_actions(1) == []  # a teammate has no say
    with pytest.raises(IllegalActionError):
        state.apply(MoveSequence(1, True))
    state, events = state.apply(MoveSequence(0, move))
    assert types(events)[:2] == ["sequence_move", "turn"]
    assert state.active == 1 and state.phase.value == "turn"
    seq = sequence.view(state.observation(None))
    assert seq is not None
    assert seq["current"] == (5 if move else 4)
    assert seq["end"] == ("left" if move else "right")
    # The removed card's value is free again: its last two wires may be cut.
    free = {v for a in state.legal_actions(1) if isinstance(a, Cut) for v in a.values}
    assert 7 in free


def test_no_decision_when_one_card_is_left_and_the_row_empties() -> None:
    state = m36([5, 9, 10, 4, 7], "right")
    table = state.clone()
    number_cards.remove_from_row(table, 5)
    number_cards.remove_from_row(table, 9)
    number_cards.remove_from_row(table, 10)
    state, _ = play(table, Cut(0, ((1, 7),), (7,)), Pick(0, 0, 7))
    assert state.phase.value == "turn" and state.active == 1  # only 4 left: no move to make
    seq = sequence.view(state.observation(None))
    assert seq is not None and seq["current"] == 4 and seq["blocked"] == []


def test_a_player_whose_every_cut_is_blocked_makes_the_bomb_explode() -> None:
    state = m36([1, 2, 3, 6, 8], "left")  # 1 open; seat 3 holds 2, 3, 6, 8 and the red
    table = state.clone()
    table.mark_cut(table.wire_id(3, 0))  # seat 3's 1 (one of four: the card stays)
    table.active = 3
    table.pending = Pending(Phase.TURN, 3)
    assert table.legal_actions(3) == [Stuck(3)] or Stuck(3) in table.legal_actions(3)
    after, events = table.apply(Stuck(3))
    assert after.result == "exploded" and "stuck" in types(events)


def test_the_bots_put_the_card_by_the_value_they_hold_most() -> None:
    from engine.redwire.bots import make_bot

    state = dealt([1, 9, 10, 4, 12])  # the captain holds three 1s and no 12
    for level in ("cautious", "expert", "simple"):
        bot = make_bot(level, 3)
        assert bot.choose(state.observation(0), state.legal_actions(0)) == PlaceSequence(0, "left")
        assert bot.explain().key == "sequence_end"
    after = m36([5, 9, 10, 4, 7], "right")
    after, _ = play(after, Cut(0, ((1, 7),), (7,)), Pick(0, 0, 7))
    # Left now shows 5 (two held), right 4 (two held): a tie keeps the card.
    bot = make_bot("expert", 3)
    assert bot.choose(after.observation(0), after.legal_actions(0)) == MoveSequence(0, False)
    assert bot.explain().key == "sequence_keep"


def test_the_decisions_are_typed_in_the_terminal() -> None:
    from engine.redwire.cli import format_action, parse_action

    state = dealt([5, 9, 10, 4, 7])
    actions: list[Action] = [PlaceSequence(0, "left"), PlaceSequence(0, "right")]
    actions += [MoveSequence(0, True), MoveSequence(0, False)]
    for action in actions:
        assert parse_action(format_action(action), 0, state) == action


@pytest.mark.parametrize(("level", "players"), LEVEL_AND_COUNT)
def test_bots_play_mission_36_legally_with_reasons(level: str, players: int) -> None:
    from engine.redwire import new_game
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        36, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(36, players, 360 + players, chosen=chosen)
    bots = [make_bot(level, 36 + seat) for seat in range(players)]
    keys = set()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        check_explanation(bots[seat].explain(), state, seat)
        keys.add(bots[seat].explain().key)
        state, _ = state.apply(action)
    if level != "random":
        assert "sequence_end" in keys
