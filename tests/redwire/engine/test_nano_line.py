"""Mission 59's Nano on the line of Number cards on hand-made deals (``nano:line``): the setup
(the line as dealt, Nano on the 7 facing the longer side, red "2 of 3", no card 10), the walk
before the cut (forward only, to a face-up card whose value the player holds, or staying), the
cut bound to Nano's value (every other cut, the Coffee Mug after the walk, the Walkie-Talkies
giving its last wire refused in words), the facing chosen after the cut (a miss too), the skip
(only when nothing under or in front of Nano is held: one step, Nano turned round), a card whose
four wires are cut turned face down (passed over, never stopped on), red wires revealed without
a walk, and what a walk and a skip prove to the deduction."""

from __future__ import annotations

from dataclasses import replace

from engine.redwire import (
    Cut,
    GameState,
    Reason,
    RevealReds,
    SoloCut,
    Walkie,
    random_setup,
)
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms.equipment.coffee import CoffeeMug
from engine.redwire.mechanisms.equipment.fast_pass import FastPass
from engine.redwire.mechanisms.equipment.tray import TrayDeal
from engine.redwire.mechanisms.nano_line import (
    ID,
    LinePart,
    NanoFace,
    NanoLine,
    NanoReason,
    NanoSkip,
    NanoWalk,
    Side,
    start_facing,
)

from .helpers import TWO_STANDS, fill_deal, game, refused, types, with_cut
from .helpers import play_picking_first as play

#: Seats 0-3, captain 0: stand 2 holds 6 6 6 7 8 8 8 8 9 9 9 9; stand 3: 10, 11, 12 four times.
STANDS = fill_deal(59, 4, 0, TWO_STANDS, red=["4.5", "8.5"])
#: The line 1..12 left to right: Nano on the 7 (six cards on its left, five on its right).
LINE = list(range(1, 13))


def m59(cards: tuple[int, ...] = (2, 4, 8, 11)) -> GameState:
    parts = {"equipment": {"cards": list(cards)}, "nano": {"line": LINE}}
    return game(59, 4, STANDS, parts=parts, red_markers=["4.5", "8.5", "11.5"])


def nano(state: GameState) -> LinePart:
    return state.part(ID, LinePart)


def put(state: GameState, value: int, facing: Side) -> GameState:
    """A copy with Nano on the card ``value`` facing ``facing``."""
    table = state.clone()
    part = nano(table)
    table.set_part(ID, replace(part, place=part.line.index(value), facing=facing))
    return table


def test_the_line_is_the_setup_and_nano_faces_its_longer_side() -> None:
    state = m59()
    assert nano(state).line == tuple(LINE) and nano(state).value == 7
    assert nano(state).facing == "left"  # six cards on the left, five on the right
    view = state.observation(2)["mechanisms"][ID]
    assert view["ahead"] == [7, 6, 5, 4, 3, 2, 1] and view["walked"] is False
    for seed in range(8):
        setup = random_setup(59, 2 + seed % 4, seed)
        line = setup.parts[ID]
        assert isinstance(line, NanoLine) and sorted(line.order) == LINE
        place = line.order.index(7)
        longer = "right" if 11 - place > place else "left"
        assert start_facing(line.order) == longer
        tray = setup.parts["equipment"]
        assert isinstance(tray, TrayDeal) and 10 not in {*tray.cards, *tray.reserve}
        assert len(setup.red_markers) == 3  # "2 of 3"; two players: all three
        reds = sum(1 for stand in setup.stands for code in stand if code % 10 == 5)
        assert reds == (3 if setup.players == 2 else 2)


def test_the_walk_comes_first_forward_to_a_value_held() -> None:
    state = m59()
    assert {a.value for a in state.legal_actions(0) if isinstance(a, NanoWalk)} == {1, 2, 3, 7}
    refused(state, Cut(0, ((1, 0),), (2,)), NanoReason.NANO_WALK_FIRST)
    refused(state, SoloCut(0, 3), NanoReason.NANO_WALK_FIRST)
    refused(state, NanoWalk(0, 8), NanoReason.NANO_BEHIND)  # behind Nano
    refused(state, NanoWalk(0, 6), NanoReason.NANO_NOT_HELD)
    refused(state, NanoSkip(0), NanoReason.NANO_CAN_PLAY)
    refused(state, NanoWalk(1, 2), Reason.NOT_YOUR_TURN)
    state, events = play(state, NanoWalk(0, 3))
    assert events[0].data == {"seat": 0, "from": 7, "value": 3, "facing": "left"}
    assert nano(state).value == 3 and nano(state).walked
    refused(state, NanoWalk(0, 2), NanoReason.NANO_WALKED)


def test_the_cut_is_the_value_of_nanos_card_then_its_player_chooses_the_facing() -> None:
    state, _ = play(m59(), NanoWalk(0, 2))
    refused(state, Cut(0, ((1, 4),), (4,)), NanoReason.NANO_CUT)
    refused(state, SoloCut(0, 3), NanoReason.NANO_CUT)
    refused(state, CoffeeMug(0, 1), NanoReason.NANO_CUT)  # the cut is due
    refused(state, Walkie(0, 0, 4, 1), NanoReason.NANO_KEEP)  # his only 2
    state, events = play(state, Cut(0, ((1, 0),), (2,)))
    assert "cut" in types(events) and state.phase.value == "nano_face"
    assert state.to_move == 0 and set(state.legal_actions(0)) >= {
        NanoFace(0, "left"),
        NanoFace(0, "right"),
    }
    refused(state, NanoFace(1, "right"), Reason.NOT_YOUR_DECISION)
    state, events = play(state, NanoFace(0, "right"))
    assert events[0].data == {"seat": 0, "facing": "right", "turned": True, "value": 2}
    assert state.active == 1 and nano(state).facing == "right" and not nano(state).walked


def test_a_miss_also_ends_with_the_facing() -> None:
    state, events = play(m59(), NanoWalk(0, 7), Cut(0, ((1, 0),), (7,)))
    assert "dial" in types(events) and state.phase.value == "nano_face"
    state, _ = play(state, NanoFace(0, "left"))
    assert state.active == 1


def test_a_card_whose_four_wires_are_cut_turns_face_down_and_is_passed_over() -> None:
    state, events = play(m59(), NanoWalk(0, 3), SoloCut(0, 3))
    assert {"value": 3} in [e.data for e in events if e.type == "nano_card_down"]
    state, _ = play(state, NanoFace(0, "left"))
    # Seat 1 holds 2, 4, 5, 6: from the face-down 3 facing left, only the 2 (over nothing).
    assert [a for a in state.legal_actions(1) if isinstance(a, NanoWalk)] == [NanoWalk(1, 2)]
    view = state.observation(1)["mechanisms"][ID]
    assert view["ahead"] == [2, 1] and view["line"][2] == {"value": 3, "down": True}
    # Facing right from the 3 he passes over it to the 4: never stops on it.
    table = put(state, 3, "right")
    assert {a.value for a in table.legal_actions(1) if isinstance(a, NanoWalk)} == {4, 5, 6}
    refused(put(state, 1, "right"), NanoWalk(1, 3), NanoReason.NANO_BEHIND)


def test_nothing_held_under_or_in_front_of_nano_skips_one_step_and_turns_it() -> None:
    state = put(m59(), 7, "right")
    state, _ = play(state, NanoWalk(0, 7), Cut(0, ((2, 3),), (7,)), NanoFace(0, "right"))
    assert state.active == 1 and not [a for a in state.legal_actions(1) if isinstance(a, NanoWalk)]
    dial = state.observation(1)["dial"]["left"]
    refused(state, Cut(1, ((0, 0),), (1,)), NanoReason.NANO_WALK_FIRST)
    state, events = play(state, NanoSkip(1))
    assert events[0].data == {"seat": 1, "values": [7, 8, 9, 10, 11, 12], "facing": "left"}
    assert "dial" in types(events) and state.observation(2)["dial"]["left"] == dial - 1
    assert nano(state).facing == "left" and state.active == 2
    # What everyone learns: seat 1 holds none of 7-12 (the solver from seat 2's seat).
    solution = solve(position_from_observation(state.observation(2)))
    for slot in range(len(state.stands[1])):
        if not state.observation(2)["stands"][1]["slots"][slot]["cut"]:
            assert solution.probability((1, slot), range(7, 13)) == 0


def test_a_walk_proves_the_walker_holds_the_value() -> None:
    state, _ = play(put(m59(), 7, "right"), NanoWalk(0, 7))
    solution = solve(position_from_observation(state.observation(1)))
    slots = [(0, s) for s in range(13)]
    assert sum(solution.probability(slot, (7,)) for slot in slots) >= 1


def test_red_wires_are_revealed_without_a_walk() -> None:
    state = with_cut(m59(), [(0, s) for s in range(13) if s != 9])  # only his 4.5 left
    assert RevealReds(0) in state.legal_actions(0)
    assert not [a for a in state.legal_actions(0) if isinstance(a, NanoWalk | NanoSkip)]
    state, events = play(state, RevealReds(0))
    assert state.active == 1 and "nano_face" not in types(events) and not nano(state).walked


def test_the_coffee_mug_before_the_walk_passes_the_whole_turn() -> None:
    state, events = play(with_cut(m59(), [(3, 4), (3, 5)]), CoffeeMug(0, 2))  # two 11s cut
    assert state.active == 2 and state.phase.value == "turn" and nano(state).value == 7
    assert "nano_walk" not in types(events) and "nano_skip" not in types(events)


def test_the_fast_pass_is_a_solo_cut_of_nanos_value_after_the_walk() -> None:
    """Equipment 9-9 is a Solo Cut (its card): like every cut of the turn, it comes after the
    walk and is of Nano's value; then its player chooses the facing."""
    parts = {"equipment": {"cards": [2, 4, 8, 99]}, "nano": {"line": LINE}}
    state = game(59, 4, STANDS, parts=parts, red_markers=["4.5", "8.5", "11.5"])
    state = with_cut(state, [(2, 8), (2, 9), (2, 10), (2, 11)])  # the four 9s: card 9-9
    assert not [a for a in state.legal_actions(0) if isinstance(a, FastPass)]
    refused(state, FastPass(0, 1, 0, 0, 0, 1), NanoReason.NANO_WALK_FIRST)
    state, _ = play(state, NanoWalk(0, 3))  # Nano to the 3 (facing left; he holds four 3s)
    assert {a.value for a in state.legal_actions(0) if isinstance(a, FastPass)} == {3}
    refused(state, FastPass(0, 1, 0, 0, 0, 1), NanoReason.NANO_CUT)
    state, events = play(state, FastPass(0, 3, 0, 5, 0, 6))
    assert types(events)[:3] == ["equipment", "wire_cut", "wire_cut"]
    assert state.phase.value == "nano_face" and state.to_move == 0
