"""Mission 31's constraint cards on hand-made deals: chosen from the captain clockwise before the
setup tokens (the rest discarded), obeyed by every cut (detectors and Solo Cuts too, never by
revealing red wires), turned face down for good by a player who cannot obey at the start of his
turn, which tells everyone he holds none of its values; the computers' choice."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, PlaceToken, SoloCut, explicit_setup, start
from engine.redwire.bots import make_bot
from engine.redwire.bots.knowledge import Knowledge
from engine.redwire.errors import Reason
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import (
    CARDS,
    OPPOSITES,
    ChooseConstraint,
    ConstraintReason,
    cannot_obey,
)

from .helpers import fill_deal, game, play, types

RED = ["4.5", "8.5"]
MARKERS = ["4.5", "8.5", "10.5"]
#: Seat 1 holds only odd numbers (and a red wire).
STANDS = fill_deal(31, 4, 0, {1: [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, "4.5"]}, red=RED)


def m31(cards: list[str]):  # type: ignore[no-untyped-def]
    return game(
        31,
        4,
        STANDS,
        parts={"equipment": {"cards": [1, 4, 6, 9]}},
        red_markers=MARKERS,
        constraints=cards,
    )


def test_cards_are_chosen_from_the_captain_clockwise_before_the_tokens() -> None:
    setup = explicit_setup(
        31,
        4,
        2,
        fill_deal(31, 4, 2, {}, red=RED),
        parts={"equipment": {"cards": [1, 4, 6, 9]}},
        red_markers=MARKERS,
    )
    state = start(setup)
    assert state.phase.value == "constraint_choose" and state.to_move == 2
    assert constraints.view(state.observation(None))["offered"] == ["A", "B", "C", "D", "E"]  # type: ignore[index]
    with pytest.raises(IllegalActionError) as err:
        state.apply(ChooseConstraint(3, "A"))
    assert err.value.reason is Reason.NOT_YOUR_DECISION
    state, events = play(state, ChooseConstraint(2, "D"))
    assert state.to_move == 3 and events[0].data == {"seat": 2, "card": "D"}
    with pytest.raises(IllegalActionError) as err:
        state.apply(ChooseConstraint(3, "D"))
    assert err.value.reason is ConstraintReason.CONSTRAINT_OFFERED
    state, _ = play(state, ChooseConstraint(3, "A"), ChooseConstraint(0, "B"))
    state, events = play(state, ChooseConstraint(1, "E"))
    assert types(events) == ["choose_constraint", "constraints_discarded"]
    assert events[1].data == {"cards": ["C"]}
    part = constraints.view(state.observation(0))
    assert part is not None and part["offered"] == []
    assert [s["card"] for s in part["seats"]] == ["B", "E", "D", "A"]
    assert state.phase.value == "setup_token" and state.to_move == 2
    assert all(isinstance(a, PlaceToken) for a in state.legal_actions(2))


def test_every_cut_obeys_the_card_but_revealing_reds() -> None:
    state = m31(["C", "A", "B", "D"])  # the captain may cut 1 to 6 only
    legal = state.legal_actions(0)
    cuts = [a for a in legal if isinstance(a, Cut)]
    assert cuts and all(v <= 6 for a in cuts for v in a.values)
    assert any(a.tool == "double" for a in cuts)  # detectors too, within the card
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 6),), (7,)))
    assert err.value.reason is ConstraintReason.CONSTRAINT_VALUE
    assert err.value.params["card"] == "C"
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(0, 12))
    assert err.value.reason in (ConstraintReason.CONSTRAINT_VALUE, Reason.SOLO_NOT_ALLOWED)
    table = state.clone()  # seat 1 with only his red wire left: revealing it is not a cut
    for stand, slot, code in table.hand(1):
        if code % 10 == 0:
            table.mark_cut(table.stands[stand][slot])
    assert not cannot_obey(table, 1, CARDS["A"])


def test_a_player_who_cannot_obey_turns_his_card_down_for_good() -> None:
    state = m31(["C", "A", "B", "D"])  # seat 1 holds only odd values, card A: even only
    state, events = play(state, Cut(0, ((1, 0),), (1,)))
    while state.to_move == 0:
        state, more = play(state, state.legal_actions(0)[0])
        events += more
    assert state.to_move == 1
    down = [e for e in events if e.type == "constraint_down"]
    assert [e.data for e in down] == [{"seat": 1, "card": "A"}]
    part = constraints.view(state.observation(2))
    assert part is not None and part["seats"][1]["down"]
    assert constraints.card_in(state.observation(2), 1) is None
    assert any(isinstance(a, Cut) and a.values == (3,) for a in state.legal_actions(1))
    # Everyone now knows none of his uncut wires is even.
    know = Knowledge(state.observation(2))
    for slot in know.hand_of(1):
        assert know.chance(slot, tuple(10 * v for v in CARDS["A"].values)) == 0.0


def test_a_player_who_can_obey_keeps_his_card() -> None:
    state = m31(["C", "B", "A", "D"])  # seat 1 takes B (odd): he can obey
    state, events = play(state, Cut(0, ((1, 0),), (1,)))
    while state.to_move == 0:
        state, more = play(state, state.legal_actions(0)[0])
        events += more
    assert "constraint_down" not in types(events)
    assert constraints.card_in(state.observation(1), 1) == CARDS["B"]
    assert not any(isinstance(a, Cut) and 2 in a.values for a in state.legal_actions(1))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_computers_take_the_card_that_fits_and_heed_the_two_player_advice(seed: int) -> None:
    from engine.redwire import new_game

    state = new_game(31, 2, seed)
    taken = []
    while state.phase.value == "constraint_choose":
        seat = state.to_move
        assert seat is not None
        bot = make_bot("expert", seed)
        action = bot.choose(state.observation(seat), state.legal_actions(seat))
        assert isinstance(action, ChooseConstraint)
        assert bot.explain().key in ("constraint_choose", "constraint_choose_pair")
        obs = state.observation(seat)
        numbers = [
            int(t["wire"])
            for s in obs["stands"]
            if s["owner"] == seat
            for t in s["slots"]
            if "." not in t["wire"]
        ]
        fits = {c: sum(n in CARDS[c].values for n in numbers) for c in "ABCDE"}
        allowed = [
            c for c in "ABCDE" if c not in taken and c not in {OPPOSITES.get(t) for t in taken}
        ]
        assert fits[action.card] == max(fits[c] for c in allowed)
        taken.append(action.card)
        state, _ = state.apply(action)
    assert OPPOSITES.get(taken[0]) != taken[1]


def test_an_exchange_during_the_turn_that_leaves_no_fitting_wire_turns_the_card_down() -> None:
    """Seat 1 (card B, odd values) keeps one odd wire, gives it away with his own Walkie-Talkies
    on his turn and gets an even one: he cannot obey any more, and turning the card face down is
    the one move left; then he plays normally."""
    from engine.redwire import Pick
    from engine.redwire.mechanisms.constraints import TurnDown
    from engine.redwire.mechanisms.new_characters import OwnWalkie

    state = game(
        31,
        4,
        STANDS,
        parts={
            "equipment": {"cards": [1, 4, 6, 9]},
            "new_characters": {"characters": ["dd", "E2", "dd", "dd"]},
        },
        red_markers=MARKERS,
        constraints=["C", "B", "A", "D"],
    )
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    while state.to_move == 0:
        state, _ = play(state, state.legal_actions(0)[0])
    assert state.to_move == 1 and constraints.card_in(state.observation(1), 1) == CARDS["B"]
    table = state.clone()
    odd = [(st, sl) for st, sl, c in table.hand(1) if c % 10 == 0]
    for st, sl in odd[1:]:  # only one odd wire left (and his red one)
        table.mark_cut(table.stands[st][sl])
    stand, slot = odd[0]
    state, _ = play(table, OwnWalkie(1, stand, slot, 2))
    even = next((st, sl) for st, sl, c in state.hand(2) if c % 10 == 0 and (c // 10) % 2 == 0)
    state, _ = play(state, Pick(2, *even))
    assert state.to_move == 1
    turn = [a for a in state.legal_actions(1) if not isinstance(a, (OwnWalkie,))]
    assert TurnDown(1) in turn and not any(isinstance(a, (Cut, SoloCut)) for a in turn)
    assert make_bot("expert", 1).choose(state.observation(1), state.legal_actions(1)) == TurnDown(1)
    state, events = play(state, TurnDown(1))
    assert [e.data for e in events if e.type == "constraint_down"] == [{"seat": 1, "card": "B"}]
    assert any(isinstance(a, Cut) for a in state.legal_actions(1))
    with pytest.raises(IllegalActionError) as err:
        state.apply(TurnDown(1))
    assert err.value.reason is ConstraintReason.CONSTRAINT_OBEYABLE
