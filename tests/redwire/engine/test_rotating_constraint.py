"""Mission 37's rotating constraint on hand-made deals: the visible card obeyed by everyone and
never chosen (no captain's decision); each value cut to its 4th wire turns the next card over; a
player the card leaves with no cut skips (the detonator still), and a whole round of skips moves
the detonator one step and turns the next card over; the empty deck leaves no constraint."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.redwire import Cut, IllegalActionError, Rewind, SoloCut
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import ConstraintReason, SkipTurn, SwapConstraint
from engine.redwire.wires import cut_value

from .helpers import fill_deal, game, play, types

RED = ["4.5", "8.5"]
EVENS = frozenset(range(2, 13, 2))


def m37(order: str, players: int = 4, fixed: dict[int, list[str | int]] | None = None):  # type: ignore[no-untyped-def]
    stands = fill_deal(37, players, 0, fixed or {}, red=RED if players > 2 else [*RED, "9.5"])
    return game(
        37,
        players,
        stands,
        parts={
            "equipment": {"cards": [1, 4, 6, 9][:players]},
            "constraints": {"order": list(order)},
        },
    )


def _as_if_cut(state, values: frozenset[int]) -> None:  # type: ignore[no-untyped-def]
    """A hand-made later position: every wire of ``values`` already cut (their cards turned)."""
    for wire, code in enumerate(state.codes):
        if cut_value(code) in values:
            state.mark_cut(wire)
    state.validated |= set(values)
    part = state.parts["constraints"]
    state.parts["constraints"] = replace(part, completed=part.completed | values)


def test_everyone_obeys_the_visible_card_and_nobody_chooses_it() -> None:
    state = m37("ABCDEFGHIJKL")
    view = constraints.view(state.observation(1))
    assert view is not None and view["visible"] == "A" and view["deck"] == 11
    assert view.get("rotating") is True
    assert state.phase.value == "turn" and state.to_move == 0
    assert not any(isinstance(a, SwapConstraint) for s in range(4) for a in state.legal_actions(s))
    # Seat 0 holds the pool's first wires (1s, 2s...): a 1 is odd, card A refuses it.
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 0),), (1,)))
    assert err.value.reason is ConstraintReason.CONSTRAINT_SHARED
    assert all(
        all(v % 2 == 0 for v in a.values) for a in state.legal_actions(0) if isinstance(a, Cut)
    )


def test_the_fourth_wire_of_a_value_cut_turns_the_next_card_over() -> None:
    # The captain holds all four 1s: his Solo Cut completes the value under card G.
    state = m37("GHABCDEFIJKL")
    assert SoloCut(0, 1) in state.legal_actions(0)
    state, events = play(state, SoloCut(0, 1))
    kinds = types(events)
    assert kinds.index("validated") < kinds.index("constraint_rotate")
    rotate = events[kinds.index("constraint_rotate")]
    assert rotate.data == {"reason": "value", "value": 1, "old": "G", "new": "H"}
    assert constraints.shared_card(state).letter == "H"  # type: ignore[union-attr]
    view = constraints.view(state.observation(2))
    assert view is not None and view["discarded"] == ["G"] and view["deck"] == 10


def test_a_player_the_card_leaves_without_a_cut_skips_and_the_dial_stays() -> None:
    state = m37("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS - {12})  # only the 12s are left of card A's values
    holder = next(s for s in range(3) if 12 in state.held_values(s))
    skipper = next(s for s in range(3) if s != holder and s == state.active)
    legal = state.legal_actions(skipper)
    assert SkipTurn(skipper) in legal and not any(isinstance(a, (Cut, SoloCut)) for a in legal)
    dial = state.dial
    state, events = play(state, SkipTurn(skipper))
    assert types(events)[0] == "constraint_skip" and state.dial == dial
    # The holder of the 12s may not skip: he can cut.
    while state.active != holder:
        state, _ = play(state, SkipTurn(state.active))
    with pytest.raises(IllegalActionError) as err:
        state.apply(SkipTurn(holder))
    assert err.value.reason is ConstraintReason.CONSTRAINT_CAN_ACT


def test_a_whole_round_of_skips_moves_the_dial_and_turns_the_card() -> None:
    state = m37("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS)  # card A lets nobody cut any more
    dial = state.dial
    events: list = []  # type: ignore[type-arg]
    for seat in (0, 1, 2):
        assert (state.active == seat and state.legal_actions(seat) == [SkipTurn(seat)]) or (
            SkipTurn(seat) in state.legal_actions(seat)
        )
        state, events = play(state, SkipTurn(seat))
    # The captain's turn opens the next round: one step, and card B replaces A.
    kinds = types(events)
    assert kinds[:3] == ["constraint_skip", "turn", "constraint_round"]
    assert kinds[3:5] == ["dial", "constraint_rotate"]
    assert events[kinds.index("constraint_rotate")].data == {
        "reason": "round",
        "old": "A",
        "new": "B",
    }
    assert state.dial == dial - 1 and state.active == 0
    assert constraints.shared_card(state).letter == "B"  # type: ignore[union-attr]
    assert any(isinstance(a, Cut) for a in state.legal_actions(0))  # odd values: he cuts


def test_a_round_where_someone_cut_moves_nothing() -> None:
    state = m37("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS - {12})
    dial = state.dial
    seen: list = []  # type: ignore[type-arg]
    for _ in range(3):
        seat = state.active
        legal = state.legal_actions(seat)
        if SkipTurn(seat) in legal:
            state, events = play(state, SkipTurn(seat))
        else:  # the holder of the 12s cuts (a miss on a teammate's wire: still a cut)
            cut = next(a for a in legal if isinstance(a, Cut) and a.values == (12,))
            state, events = play(state, cut)
            while state.result is None and state.phase.value != "turn":
                state, more = play(state, state.legal_actions(state.to_move)[0])
                events += more
        seen += events
    assert "constraint_round" not in types(seen)
    assert constraints.shared_card(state).letter == "A"  # type: ignore[union-attr]
    assert state.dial >= dial - 1


def test_the_empty_deck_leaves_no_constraint() -> None:
    state = m37("GHABCDEFIJKL")
    part = state.parts["constraints"]
    state.parts["constraints"] = replace(part, deck=())
    state, events = play(state, SoloCut(0, 1))
    rotate = next(e for e in events if e.type == "constraint_rotate")
    assert rotate.data["new"] is None and constraints.shared_card(state) is None
    assert constraints.view(state.observation(None))["visible"] is None  # type: ignore[index]
    assert not any(isinstance(a, SkipTurn) for s in range(4) for a in state.legal_actions(s))


def test_revealing_red_wires_is_never_restricted() -> None:
    state = m37("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, frozenset(range(1, 13)) - {1})
    # Seat 0 held the 1s: cut them too, leaving him only his red wire(s), if any.
    for st, slot, code in list(state.hand(0)):
        if cut_value(code) == 1:
            state.mark_cut(state.stands[st][slot])
    assert state.hand(0)  # the red 4.5 of the ascending deal
    assert any(a.type == "reveal" for a in state.legal_actions(0))
    assert SkipTurn(0) not in state.legal_actions(0)


@pytest.mark.parametrize("visible", ["G", "A"])
def test_the_visible_card_binds_a_player_whose_turn_it_is_not(visible: str) -> None:
    """The Italian card: "tutti i giocatori devono rispettare il vincolo della carta", at every
    moment (as in mission 32): under G a teammate waiting for his turn may not use the Rewinder
    he could use under any other card."""
    state = m37(visible + "".join(c for c in "ABCDEFGHIJKL" if c != visible))
    _as_if_cut(state, frozenset({6}))  # the Rewinder (6) unlocked
    assert state.to_move == 0
    if visible == "G":
        with pytest.raises(IllegalActionError) as err:
            state.apply(Rewind(1))
        assert err.value.reason is ConstraintReason.CONSTRAINT_SHARED
        assert Rewind(1) not in state.legal_actions(1)
    else:
        assert Rewind(1) in state.legal_actions(1)
