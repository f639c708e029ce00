"""Mission 57's paired constraint on hand-made deals: every Number card paired with a card A-L,
all public; no card obeyed before the first value is done; each value cut to its 4th wire puts
its card on top of the one before (only the top one obeyed); a player the card leaves with no cut
skips (the detonator still, and the deduction reads what he does not hold); a whole round where
nobody could cut explodes the bomb; revealing red wires is never restricted."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.redwire import Cut, IllegalActionError, SoloCut
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import ConstraintReason, SkipTurn
from engine.redwire.wires import cut_value

from .helpers import fill_deal, game, play, types

EVENS = frozenset(range(2, 13, 2))


def m57(pairs: str, players: int = 4, fixed: dict[int, list[str | int]] | None = None):  # type: ignore[no-untyped-def]
    """An ascending deal (seat 0 holds the 1s, 2s...) unless ``fixed``, value v paired with
    ``pairs[v - 1]``."""
    red = ["4.5"] if players > 2 else ["4.5", "8.5"]
    stands = fill_deal(57, players, 0, fixed or {}, red=red)
    return game(
        57,
        players,
        stands,
        parts={
            "equipment": {"cards": [1, 4, 6, 9][:players]},
            "constraints": {"order": list(pairs)},
        },
    )


def _as_if_cut(state, values: frozenset[int], top: str | None) -> None:  # type: ignore[no-untyped-def]
    """A hand-made later position: every wire of ``values`` already cut, ``top`` on top."""
    for wire, code in enumerate(state.codes):
        if cut_value(code) in values:
            state.mark_cut(wire)
    state.validated |= set(values)
    part = state.parts["constraints"]
    state.parts["constraints"] = replace(part, completed=part.completed | values, visible=top)


def test_every_pair_is_public_and_no_card_is_obeyed_at_the_start() -> None:
    state = m57("ABCDEFGHIJKL")
    for viewer in (None, 0, 2):
        view = constraints.view(state.observation(viewer))
        assert view is not None and view["pairs"] == list("ABCDEFGHIJKL")
        assert view["visible"] is None and view["deck"] == 0 and view["discarded"] == []
    assert constraints.shared_card(state) is None
    legal = state.legal_actions(0)
    # Odd and even values alike, and no skip: nothing restricts the first cuts.
    assert {1, 2} <= {a.value for a in legal if isinstance(a, SoloCut)}
    assert not any(isinstance(a, SkipTurn) for a in legal)


def test_each_value_done_puts_its_paired_card_on_top() -> None:
    state = m57("ABCDEFGHIJKL")
    state, events = play(state, SoloCut(0, 2))  # the captain holds all four 2s
    kinds = types(events)
    assert kinds.index("validated") < kinds.index("constraint_pair")
    assert events[kinds.index("constraint_pair")].data == {"value": 2, "old": None, "new": "B"}
    assert constraints.shared_card(state).letter == "B"  # type: ignore[union-attr]
    # Seat 1 (4s, red, 5s, 6s) under B (odd values only): his Solo Cut of the 5s covers B with E.
    assert state.active == 1 and SoloCut(1, 6) not in state.legal_actions(1)
    state, events = play(state, SoloCut(1, 5))
    pair = next(e for e in events if e.type == "constraint_pair")
    assert pair.data == {"value": 5, "old": "B", "new": "E"}
    view = constraints.view(state.observation(3))
    assert view is not None and view["visible"] == "E" and view["discarded"] == ["B"]


def test_a_cut_the_top_card_forbids_is_refused_and_changes_nothing() -> None:
    state = m57("ABCDEFGHIJKL")  # 1 -> A (even values only)
    state, _ = play(state, SoloCut(0, 1))
    before = json.dumps(state.observation(None), sort_keys=True, default=str)
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(1, 5))  # 5 is odd
    assert err.value.reason is ConstraintReason.CONSTRAINT_SHARED
    assert str(err.value).startswith("The visible constraint card A forbids it")
    assert json.dumps(state.observation(None), sort_keys=True, default=str) == before
    assert all(
        all(v % 2 == 0 for v in a.values) for a in state.legal_actions(1) if isinstance(a, Cut)
    )


def test_a_player_the_card_leaves_without_a_cut_skips_and_tells_what_he_lacks() -> None:
    state = m57("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS - {12}, "A")  # only the 12s are left of card A's values
    holder = next(s for s in range(3) if 12 in state.held_values(s))
    assert holder != 0 and state.active == 0
    legal = state.legal_actions(0)
    assert SkipTurn(0) in legal and not any(isinstance(a, (Cut, SoloCut)) for a in legal)
    dial = state.dial
    state, events = play(state, SkipTurn(0))
    assert types(events)[0] == "constraint_skip" and state.dial == dial
    assert events[0].data["none_of"] == sorted(EVENS)
    # The holder of the 12s may not skip: he can cut.
    while state.active != holder:
        state, _ = play(state, SkipTurn(state.active))
    with pytest.raises(IllegalActionError) as err:
        state.apply(SkipTurn(holder))
    assert err.value.reason is ConstraintReason.CONSTRAINT_CAN_ACT


def test_the_deduction_reads_a_skip_as_no_wire_of_the_cards_values() -> None:
    # 1 -> F (no values 4-9): once the captain's Solo Cut finishes the 1s, seat 1 (4s, red,
    # 5s, 6s) has no cut left and skips.
    fixed: dict[int, list[str | int]] = {
        0: [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 12],
        1: [4, 4, 4, "4.5", 5, 5, 5, 5, 6, 6, 6, 6],
        2: [7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 10],
        3: [4, 9, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12],
    }
    state = m57("FBCDEAGHIJKL", fixed=fixed)
    state, _ = play(state, SoloCut(0, 1))
    assert constraints.shared_card(state).letter == "F"  # type: ignore[union-attr]
    before = solve(position_from_observation(state.observation(2)))
    assert any(before.code_probabilities((1, slot)).get(120, 0) > 0 for slot in range(12))
    state, events = play(state, SkipTurn(1))
    assert events[0].data["none_of"] == [1, 2, 3, 10, 11, 12]
    # Seen from seat 2: none of seat 1's wires can be of F's values any more.
    after = solve(position_from_observation(state.observation(2)))
    for slot in range(12):
        odds = after.code_probabilities((1, slot))
        assert all(odds.get(10 * v, 0) == 0 for v in (2, 3, 10, 11, 12)), slot


def test_a_whole_round_where_nobody_could_cut_explodes_the_bomb() -> None:
    state = m57("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS, "A")  # card A lets nobody cut any more
    events: list = []  # type: ignore[type-arg]
    for seat in (0, 1, 2):
        assert state.result is None and state.active == seat
        state, events = play(state, SkipTurn(seat))
    # The captain's turn would open the next round: the bomb explodes instead.
    assert types(events)[-1] == "explosion"
    assert events[-1].data == {"cause": "constraint_stuck"}
    assert state.result == "exploded"


def test_a_round_where_someone_cut_goes_on() -> None:
    state = m57("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS - {12}, "A")
    seen: list = []  # type: ignore[type-arg]
    for _ in range(3):
        seat = state.active
        legal = state.legal_actions(seat)
        if SkipTurn(seat) in legal:
            state, events = play(state, SkipTurn(seat))
        else:  # the holder of the 12s cuts them alone: 12 is done, card L covers A
            state, events = play(state, SoloCut(seat, 12))
        seen += events
    assert types(seen).count("constraint_skip") == 2
    assert constraints.shared_card(state).letter == "L"  # type: ignore[union-attr]
    # The next round opens on the captain's turn: it goes on, and card L lets him cut.
    assert state.result is None and state.active == 0 and "explosion" not in types(seen)
    assert any(isinstance(a, (Cut, SoloCut)) for a in state.legal_actions(0))


def test_revealing_red_wires_is_never_restricted() -> None:
    state = m57("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, frozenset(range(1, 13)) - {1}, "A")
    for st, slot, code in list(state.hand(0)):
        if cut_value(code) == 1:
            state.mark_cut(state.stands[st][slot])
    assert state.hand(0)  # the red 4.5 of the ascending deal
    assert any(a.type == "reveal" for a in state.legal_actions(0))
    assert SkipTurn(0) not in state.legal_actions(0)


@pytest.mark.parametrize("level", ["random", "cautious", "expert"])
def test_every_level_skips_from_its_observation_and_says_why(level: str) -> None:
    from engine.redwire.bots import make_bot
    from engine.redwire.mechanisms.equipment import uses_card
    from tests.redwire.bots.checks import check_explanation

    state = m57("ABCDEFGHIJKL", players=3)
    _as_if_cut(state, EVENS - {12}, "A")
    bot = make_bot(level, 5)
    # Equipment aside (the random level may play a card first), the skip is the one move left.
    legal = [a for a in state.legal_actions(0) if not uses_card(a)]
    assert legal == [SkipTurn(0)]
    action = bot.choose(state.observation(0), legal)
    why = bot.explain()
    assert action == SkipTurn(0)
    if level != "random":  # the random level says it picked at random among its moves
        assert why.key == "constraint_skip" and why.params == {"letter": "A"}
    check_explanation(why, state, 0)
