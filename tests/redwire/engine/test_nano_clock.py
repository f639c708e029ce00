"""Mission 53's Nano as the bomb's clock on hand-made deals: the setup (Nano before space 1, no
wire of its own, no Rewinder nor Stabilizer, the dial Nano's clock), a successful cut one space
forward (a Solo Cut and a detector's too), a cut of the value of Nano's space one space back, a
failed cut two spaces forward and never the detonator, no move on a turn without a cut (the
Coffee Mug, red wires revealed: §12 B19), space 12 explodes the bomb, and the last cut wins
before Nano moves."""

from __future__ import annotations

from dataclasses import replace

from engine.redwire import Cut, GameState, RevealReds, SoloCut, random_setup
from engine.redwire.mechanisms.equipment.coffee import CoffeeMug
from engine.redwire.mechanisms.equipment.tray import TrayDeal
from engine.redwire.mechanisms.nano import ID, NanoPart, clock_left
from engine.redwire.model import Pending, Phase

from .helpers import fill_deal, game, play, play_picking_first, types

RED = ["10.5", "11.5"]
LOW = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]


def m53(cards: tuple[int, ...] = (1, 2, 4, 11)) -> GameState:
    """Four players, captain seat 0: seats 0 and 1 hold two of each value 1-6 and a 7, seats 2
    and 3 the rest in order (seat 3: 10 10 10.5 11 11 11 11 11.5 12 12 12 12)."""
    stands = fill_deal(53, 4, 0, {0: LOW, 1: LOW}, red=RED)
    return game(53, 4, stands, equipment=cards, red_markers=RED)


def nano(state: GameState) -> NanoPart:
    return state.part(ID, NanoPart)


def put(state: GameState, space: int) -> GameState:
    """A copy with Nano on ``space``."""
    table = state.clone()
    table.set_part(ID, replace(nano(table), space=space))
    return table


def moves(events: list) -> list[dict[str, object]]:  # type: ignore[type-arg]
    return [e.data for e in events if e.type == "nano_clock_move"]


def test_nano_starts_before_space_1_holds_no_wire_and_the_dial_is_its_clock() -> None:
    state = m53()
    assert nano(state).space == 0 and nano(state).pile == ()
    obs = state.observation(1)
    assert obs["mechanisms"][ID] == {"mode": "dial", "space": 0, "end": 12, "left": 6}
    assert obs["dial"]["left"] == 6 == obs["dial"]["start"]
    assert sum(len(s) for s in state.stands) == len(state.codes) == 50
    for seed in range(6):  # no Rewinder (6) nor Stabilizer (9) is ever dealt
        setup = random_setup(53, 2 + seed % 4, seed)
        tray = setup.parts["equipment"]
        assert isinstance(tray, TrayDeal) and not {6, 9} & {*tray.cards, *tray.reserve}
        assert len(setup.red_markers) == (3 if setup.players == 2 else 2)


def test_a_successful_cut_moves_nano_one_space_forward_at_the_end_of_the_turn() -> None:
    state, events = play(m53(), Cut(0, ((1, 2),), (2,)))
    assert nano(state).space == 0 and not moves(events)  # his own 2 is still to cut
    state, events = play_picking_first(state)
    state, events = play(state, state.legal_actions(0)[0])
    assert moves(events) == [{"from": 0, "space": 1, "why": "cut"}]
    assert state.observation(2)["dial"]["left"] == clock_left(1) == 6 and state.active == 1


def test_a_cut_of_the_value_of_nanos_space_moves_it_one_space_back() -> None:
    state = put(m53(), 3)
    state, events = play_picking_first(state, Cut(0, ((1, 4),), (3,)))
    assert moves(events) == [{"from": 3, "space": 2, "why": "own"}]
    state, events = play_picking_first(state, Cut(1, ((0, 6),), (4,)))
    assert moves(events) == [{"from": 2, "space": 3, "why": "cut"}]


def test_a_failed_cut_moves_nano_two_spaces_and_never_the_detonator() -> None:
    state = put(m53(), 4)
    state, events = play(state, Cut(0, ((1, 4),), (2,)))  # a 3, not a 2
    assert "dial" not in types(events) and "token" in types(events)  # the true 3 on it
    assert moves(events) == [{"from": 4, "space": 6, "why": "miss"}]
    assert state.dial == 4 and state.result is None and state.active == 1  # the dial unused
    assert state.observation(None)["dial"]["left"] == clock_left(6) == 3


def test_a_failed_detector_cut_moves_nano_two_spaces_once_its_token_is_placed() -> None:
    state = put(m53(), 1)
    state, events = play(state, Cut(0, ((1, 0), (1, 1)), (5,), tool="double"))
    assert state.phase.value == "detector_token" and not moves(events)
    state, events = play(state, state.legal_actions(1)[0])
    assert moves(events) == [{"from": 1, "space": 3, "why": "miss"}]


def test_a_solo_cut_moves_nano_back_when_its_value_is_nanos_space() -> None:
    state = m53()
    table = state.clone()
    for slot in (0, 1):  # seat 1's two 1s cut: seat 0 holds the last two
        table.mark_cut(table.wire_id(1, slot))
    state, events = play(put(table, 1), SoloCut(0, 1))
    assert moves(events) == [{"from": 1, "space": 0, "why": "own"}]


def test_a_turn_without_a_cut_does_not_move_nano() -> None:
    table = m53().clone()
    elevens = [w for w in table.stands[3] if table.codes[w] == 110]
    for w in elevens[:2]:
        table.mark_cut(w)  # two 11s cut: the Coffee Mug (card 11) is unlocked
    state, events = play(put(table, 5), CoffeeMug(0, 2))
    assert not moves(events) and nano(state).space == 5 and state.active == 2
    # Red wires revealed are no cut either.
    table = state.clone()
    for w in table.stands[3]:
        if table.codes[w] not in (105, 115):
            table.mark_cut(w)
    table.active, table.pending = 3, Pending(Phase.TURN, 3)
    state, events = play(table, RevealReds(3))
    assert "wire_cut" in types(events) and not moves(events) and nano(state).space == 5


def test_nano_reaching_space_12_explodes_the_bomb() -> None:
    state, events = play(put(m53(), 10), Cut(0, ((1, 0),), (2,)))  # a miss: 10 -> 12
    assert moves(events) == [{"from": 10, "space": 12, "why": "miss"}]
    assert state.result == "exploded" and events[-1].data == {"cause": "nano_clock"}
    state, events = play_picking_first(put(m53(), 11), Cut(0, ((1, 0),), (1,)))
    assert state.result == "exploded" and moves(events)[-1]["space"] == 12
    state, events = play_picking_first(put(m53(), 9), Cut(0, ((1, 0),), (2,)))
    assert state.result is None and nano(state).space == 11  # a miss from 9 stops on 11


def test_the_last_cut_wins_before_nano_moves() -> None:
    table = put(m53(), 11)
    keep = {(0, 0), (1, 0)}  # a 1 on each of seats 0 and 1: the last two wires
    for stand in range(4):
        for slot, w in enumerate(table.stands[stand]):
            if (stand, slot) not in keep:
                table.mark_cut(w)
    state, events = play_picking_first(table, Cut(0, ((1, 0),), (1,)))
    assert state.result == "won" and not moves(events) and nano(state).space == 11
