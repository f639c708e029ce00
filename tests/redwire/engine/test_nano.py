"""Mission 43's Nano on hand-made deals: its face-down wires (by player count, off the stands,
seen by nobody), the move at the end of every turn with the bounces at 12 and at 1, the take by a
cut of the value of its space (a wire put in sorted order, slots after it shifted, tokens on their
wires, its value the taker's alone), the two-stand choice, nothing taken once Nano is empty, the
win that needs Nano's wires, the explosion when nobody holds a wire and Nano still has some, the
Coffee Mug that does not stop Nano, and a red wire from Nano."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.core.events import SEER
from engine.redwire import (
    Cut,
    GameState,
    PlaceToken,
    RevealReds,
    SetupError,
    explicit_setup,
    start,
)
from engine.redwire.deal import deal_order, stand_owners
from engine.redwire.mechanisms.equipment.coffee import CoffeeMug
from engine.redwire.mechanisms.nano import ID, PILE, NanoPart, NanoStand
from engine.redwire.model import Pending, Phase
from engine.redwire.wires import code_of, label_of

from .helpers import play, types

RED = ["3.5", "6.5", "9.5"]


def deal(players: int, fixed: dict[int, list[Any]], pile: list[Any]) -> list[list[str]]:
    """Stands dealt around Nano's ``pile``: ``fixed`` stands as given, the rest of the pool in
    ascending order on the others."""
    pool = Counter(10 * n for n in range(1, 13) for _ in range(4))
    pool.update(code_of(x) for x in RED)
    pool.subtract(code_of(str(w)) for w in pile)
    owners = stand_owners(players, 0)
    order = deal_order(players, 0)
    sizes = [0] * len(owners)
    for i in range(pool.total()):
        sizes[order[i % len(order)]] += 1
    stands: list[list[str]] = [[] for _ in owners]
    for stand, wires in fixed.items():
        assert len(wires) == sizes[stand], f"stand {stand} holds {sizes[stand]} wires"
        pool.subtract(code_of(str(w)) for w in wires)
        stands[stand] = [str(w) for w in wires]
    rest = sorted(pool.elements())
    for stand in range(len(owners)):
        if stand not in fixed:
            stands[stand] = [label_of(c) for c in rest[: sizes[stand]]]
            rest = rest[sizes[stand] :]
    assert all(v >= 0 for v in pool.values())
    return stands


def m43(
    players: int,
    fixed: dict[int, list[Any]],
    pile: list[Any],
    cards: tuple[int, ...] = (1, 4, 6, 9),
    token: int = 5,
) -> GameState:
    """A game of mission 43 (captain seat 0, his token ``token`` on his first wire of that
    value if he has one: drawn with two players, his own choice with more), every other setup
    token on the seat's first blue wire."""
    stands = deal(players, fixed, pile)
    parts: dict[str, Any] = {
        "nano": {"wires": [str(w) for w in pile]},
        "equipment": {"cards": list(cards)},
    }
    if players == 2:  # the card's two-player line: the captain's token is drawn
        parts["random_token"] = {"captain": token}
    setup = explicit_setup(43, players, 0, stands, parts=parts)
    state = start(setup)
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        chosen = [
            a
            for a in legal
            if seat == 0
            and isinstance(a, PlaceToken)
            and state.code_at(a.stand, a.slot) == code_of(str(token))
        ]
        state, _ = state.apply((chosen or legal)[0])
    return state


def nano(state: GameState) -> NanoPart:
    return state.part(ID, NanoPart)


def put(state: GameState, **changes: Any) -> GameState:
    """The same position with Nano moved or emptied (a hand-made position)."""
    state.set_part(ID, replace(nano(state), **changes))
    return state


#: Seat 0's stand in four-player games: two 1s (the other two on stand 1), no 12.
CAPTAIN = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]
TEAMMATE = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]


def four(pile: list[Any] | None = None) -> GameState:
    return m43(4, {0: CAPTAIN, 1: TEAMMATE}, pile if pile is not None else [8, 9, 10, 11])


def test_the_captains_token_is_drawn_with_two_players_only() -> None:
    """Spec §9.1: "Captain draws his setup token at random" is the card's two-player line; with
    three to five players the captain places his own like everyone."""
    from engine.redwire import new_game

    for players in (2, 3, 4, 5):
        parts = new_game(43, players, seed=3).setup.to_json()["parts"]
        assert ("random_token" in parts) == (players == 2)
    pile = [8, 9, 10, 11]
    stands = deal(4, {0: CAPTAIN, 1: TEAMMATE}, pile)
    four_players = {"nano": {"wires": [str(w) for w in pile]}, "equipment": {"cards": [1, 4, 6, 9]}}
    state = start(explicit_setup(43, 4, 0, stands, parts=four_players))
    assert state.to_move == 0 and state.observation(None)["mechanisms"].get("random_token") is None
    tokens = state.legal_actions(0)
    assert all(isinstance(a, PlaceToken) for a in tokens)
    placeable = {state.code_at(a.stand, a.slot) for a in tokens if isinstance(a, PlaceToken)}
    assert placeable == {code_of(str(v)) for v in range(1, 8)}  # any of his blue values
    with pytest.raises(SetupError, match="draws no token with 4 players"):
        explicit_setup(43, 4, 0, stands, parts={**four_players, "random_token": {"captain": 5}})
    two = m43(2, {}, [8, 9, 10, 11, 12], cards=(1, 4), token=5)
    drawn = [e for e in two.log if e.type in ("token", "token_skipped") and e.data["seat"] == 0]
    assert two.observation(None)["mechanisms"]["random_token"] == {"values": [5, None]}
    assert len(drawn) == 1


def test_nano_gets_face_down_wires_by_player_count_and_nobody_sees_them() -> None:
    from engine.redwire import new_game

    for players, count in PILE.items():
        state = new_game(43, players, seed=3)
        on_stands = sum(len(s) for s in state.stands)
        assert len(state.codes) - on_stands == count == len(nano(state).pile)
        assert nano(state).space == 1 and nano(state).facing == "up"
        for viewer in (None, *range(players)):
            view = state.observation(viewer)["mechanisms"]["nano"]
            assert view["pile"] == {"dealt": count, "left": count} and view["held"] is None
        assert state.setup.to_json()["parts"]["nano"] == {
            "wires": [label_of(state.codes[w]) for w in nano(state).pile]
        }
    # A hand-made deal gives Nano exactly its count of wires.
    stands = deal(4, {}, [8, 9, 10, 11])
    with pytest.raises(SetupError, match="nano"):
        explicit_setup(
            43,
            4,
            0,
            stands,
            parts={"nano": {"wires": ["8", "9", "10"]}},
        )


def test_nano_moves_every_turn_and_turns_round_at_12_and_at_1() -> None:
    state = put(four(), space=11)
    state, events = play(state, Cut(0, ((1, 0),), (1,)))  # a hit on the teammate's 1
    state, events = play(state, state.legal_actions(0)[0])  # his own 1
    assert nano(state).space == 12 and nano(state).facing == "down"
    assert [e.data for e in events if e.type == "nano_move"] == [
        {"space": 12, "facing": "down", "turned": True}
    ]
    state, _ = play(state, Cut(1, ((0, 2),), (2,)))
    state, _ = play(state, state.legal_actions(1)[0])
    assert nano(state).space == 11 and nano(state).facing == "down"
    state = put(state, space=2)
    for space in (1, 2):  # seat 2's turn, then seat 3's
        seat = state.active
        while state.active == seat and state.result is None:
            state, _ = play(state, state.legal_actions(state.to_move)[0])  # type: ignore[arg-type]
        assert nano(state).space == space and nano(state).facing == "up"


def test_a_cut_of_nanos_value_takes_its_top_wire_into_the_hand_in_order() -> None:
    state = four([8, 9, 10, 11])  # Nano on 1; the captain's drawn 5 on his first 5
    token = state.stands[0][8]
    assert state.info[token] == 5
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    state, events = play(state, state.legal_actions(0)[0])
    assert [t for t in types(events) if t.startswith("nano")] == [
        "nano_take",
        "nano_insert",
        "nano_move",
    ]
    take = next(e for e in events if e.type == "nano_take")
    assert take.data == {"seat": 0, "space": 1, "left": 3}
    assert take.view(0)["secret"] == {"wire": "8"}
    assert "secret" not in take.view(1) and "secret" not in take.view(None)
    insert = next(e for e in events if e.type == "nano_insert")
    assert insert.data == {"seat": 0, "stand": 0, "slot": 12}  # after the 7
    assert len(state.stands[0]) == 13 and state.code_at(0, 12) == 80
    # The token stays on its wire; the wires after the new one would have shifted.
    assert state.info[token] == 5 and state.position_of(token) == (0, 8)
    assert state.observation(0)["stands"][0]["slots"][12]["wire"] == "8"
    for viewer in (None, 1, 2, 3):
        slots = state.observation(viewer)["stands"][0]["slots"]
        assert len(slots) == 13 and slots[12]["wire"] is None
        assert state.observation(viewer)["mechanisms"]["nano"]["pile"]["left"] == 3
    first = state.stands[0][12]
    assert nano(state).pile == (first + 1, first + 2, first + 3)


def test_the_new_wire_goes_among_the_wires_and_shifts_the_slots_after_it() -> None:
    state = m43(4, {0: CAPTAIN, 1: [*TEAMMATE[:6], 5, 5, 6, 6, 7, 7]}, [4, 9, 10, 11])
    token = state.stands[0][8]  # the captain's drawn 5, on his first 5
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    before = list(state.stands[0])
    state, events = play(state, state.legal_actions(0)[0])
    insert = next(e for e in events if e.type == "nano_insert")
    assert insert.data["slot"] == 8  # after 1 1 2 2 3 3 4 4: after the wires of its value
    assert state.stands[0][:8] == before[:8] and state.stands[0][9:] == before[8:]
    # The slots after it shifted; the token went with its wire.
    assert state.code_at(0, 9) == 50 and state.position_of(token) == (0, 9)
    assert state.observation(1)["stands"][0]["slots"][9]["info"] == 5


def test_with_two_stands_the_taker_chooses_the_stand() -> None:
    stands = {0: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7], 2: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]}
    state = m43(2, stands, [7, 8, 9, 10, 11], cards=(1, 4))
    state, _ = play(state, Cut(0, ((2, 0),), (1,)))
    state, events = play(state, state.legal_actions(0)[0])
    assert state.phase.value == "nano_stand" and state.to_move == 0
    assert "nano_move" not in types(events)  # Nano waits for the choice
    assert state.legal_actions(0)[:2] == [NanoStand(0, 0), NanoStand(0, 1)]
    assert state.observation(0)["mechanisms"]["nano"]["held"] == "7"
    assert state.observation(1)["mechanisms"]["nano"]["held"] is None
    assert state.observation(None)["mechanisms"]["nano"]["held"] is None
    assert state.observation(SEER)["mechanisms"]["nano"]["held"] == "7"
    with pytest.raises(Exception, match="own stands"):
        state.apply(NanoStand(0, 2))
    state, events = play(state, NanoStand(0, 1))
    assert types(events) == ["nano_insert", "nano_move", "turn"]
    assert events[0].data["stand"] == 1 and len(state.stands[1]) == 13
    assert state.code_at(1, events[0].data["slot"]) == 70
    assert nano(state).space == 2 and state.active == 1


def test_nothing_is_taken_once_nano_has_no_wire() -> None:
    state = put(four(), pile=())
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    state, events = play(state, state.legal_actions(0)[0])
    assert "nano_take" not in types(events) and "nano_empty" in types(events)
    assert len(state.stands[0]) == 12


def endgame(space: int, eight: bool = False) -> GameState:
    """Four players: every wire cut but a 5 of seat 0, a 5 of seat 1 (``eight``: and an 8 of
    seat 2) and Nano's last wire, an 8; the captain to play, Nano on ``space``."""
    state = four([8, 9, 10, 11])
    keep = {state.stands[0][8], state.stands[1][8]}
    if eight:
        keep.add(next(w for w in state.stands[2] if state.codes[w] == 80))
    for ids in state.stands:
        for w in ids:
            if w not in keep:
                state.mark_cut(w)
    top, *rest = nano(state).pile
    for w in rest:  # Nano's other wires: taken and cut earlier
        state.mark_cut(w)
    return put(state, space=space, pile=(top,))


def test_the_win_needs_nanos_wires() -> None:
    state = endgame(5, eight=True)
    state, _ = play(state, Cut(0, ((1, 8),), (5,)))
    state, _ = play(state, state.legal_actions(0)[0])
    assert state.result is None and state.all_cut() is False
    assert state.hand(0) == [(0, 12, 80)]  # Nano's 8, taken: every stand wire but two is cut
    assert state.active == 2  # seat 1 has no wire left
    state, _ = play(state, Cut(2, ((0, 12),), (8,)))
    state, events = play(state, state.legal_actions(2)[0])
    assert state.result == "won" and events[-1].type == "won"


def test_nobody_holding_a_wire_while_nano_has_some_explodes_the_bomb() -> None:
    state = endgame(6)
    state, _ = play(state, Cut(0, ((1, 8),), (5,)))
    state, events = play(state, state.legal_actions(0)[0])
    assert state.result == "exploded"
    assert events[-1].type == "explosion" and events[-1].data == {"cause": "nano"}


def test_the_coffee_mug_does_not_stop_nano() -> None:
    state = m43(4, {0: CAPTAIN, 1: TEAMMATE}, [8, 9, 10, 11], cards=(1, 4, 6, 11))
    elevens = [w for w in range(len(state.codes)) if state.codes[w] == 110]
    on_stands = [w for w in elevens if any(w in ids for ids in state.stands)]
    for w in on_stands[:2]:
        state.mark_cut(w)  # two 11s cut: the Coffee Mug (card 11) is unlocked
    state, events = play(state, CoffeeMug(0, 2))
    assert "nano_move" in types(events) and nano(state).space == 2 and state.active == 2


def test_a_red_wire_from_nano_is_the_takers_to_reveal() -> None:
    state = four(["3.5", 9, 10, 11])
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    state, _ = play(state, state.legal_actions(0)[0])
    slot = next(i for i, code in state.uncut(0) if code == code_of("3.5"))
    assert slot == 6  # after the 3s
    assert state.observation(1)["stands"][0]["slots"][slot]["wire"] is None
    # Once every other wire of his is cut, revealing his reds is his move.
    for i, _ in list(state.uncut(0)):
        if i != slot:
            state.mark_cut(state.stands[0][i])
    state.active, state.pending = 0, Pending(Phase.TURN, 0)  # his next turn
    assert state.legal_actions(0)[:1] == [RevealReds(0)]
    state, events = play(state, RevealReds(0))
    assert [e.data["wire"] for e in events if e.type == "wire_cut"] == ["3.5"]


def test_the_last_player_with_wires_who_can_cut_none_of_them_explodes_the_bomb() -> None:
    """Every other copy of his values is on Nano: no teammate to point at, no Solo Cut; nothing
    can ever take Nano's wires (the turn that would be his ends the mission)."""
    state = endgame(6, eight=True)  # seat 2 holds an 8; Nano holds an 8
    state, _ = play(state, Cut(0, ((1, 8),), (5,)))
    state, events = play(state, state.legal_actions(0)[0])
    assert state.result == "exploded" and events[-1].data == {"cause": "nano"}
    assert types(events)[-4:] == ["nano_move", "turn", "nano_stuck", "explosion"]
    stuck = events[-2].data
    assert stuck["seat"] == 2 and [8, 1] in stuck["solo"]
