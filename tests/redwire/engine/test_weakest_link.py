"""Mission 34's rules on hand-made deals: the weakest link (the Captain card's holder) and the
constraint cards A-E dealt face down, each seat seeing only its own; no personal equipment while
hidden; the weakest link's cuts obey his card; his stuck turn (two steps, every card discarded
face up, then he plays); the accusation at the start of a turn (wrong: one step; right: the
characters face up, the constraints discarded); what the deduction reads; the bots."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, SetupError, new_game
from engine.redwire.bots import make_bot
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import double_detector, weakest_link
from engine.redwire.mechanisms.weakest_link import Accuse, WeakestReason, WeakLinkStuck

from .helpers import fill_deal, game, play, types

# Bea (seat 1) is the weakest link with card A (even values) and holds only odd values.
STUCK = fill_deal(34, 4, 0, {1: [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11]}, red=["4.5"])
# stand 0: 1 1 2 2 2 2 3 3 4 4 4 4 4.5; stand 2: 5 5 6 6 6 6 7 7 8 8 8 8;
# stand 3: 9 9 10 10 10 10 11 11 12 12 12 12
# Bea holds 1..12 (card C: values 1 to 6), so she is never stuck.
PLAIN = fill_deal(34, 4, 0, {1: list(range(1, 13))}, red=["4.5"])
# stand 0: 1 1 1 2 2 2 3 3 3 4 4 4 4.5; stand 2: 5 5 5 6 6 6 7 7 7 8 8 8;
# stand 3: 9 9 9 10 10 10 11 11 11 12 12 12
CARDS = ["B", "A", "C", "D"]


def m34(stands, cards=None, link=1):  # type: ignore[no-untyped-def]
    parts = {
        "weakest_link": {"link": link, "cards": cards or CARDS},
        "equipment": {"cards": [1, 4, 8, 9]},
    }
    return game(34, 4, stands, parts=parts, red_markers=["4.5"])


def part(state, viewer):  # type: ignore[no-untyped-def]
    found = weakest_link.view(state.observation(viewer))
    assert found is not None
    return found


def ana_hits_bea(state):  # type: ignore[no-untyped-def]
    """Ana (captain) points at Bea's first 1 ("1?": a hit) and cuts her own: Bea's turn."""
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    while state.to_move == 0:
        state, _ = play(state, next(a for a in state.legal_actions(0) if isinstance(a, Pick)))
    assert state.to_move == 1
    return state


def test_not_with_two_players() -> None:
    with pytest.raises(SetupError):
        new_game(34, 2, 1)
    for players in (3, 4, 5):
        new_game(34, players, 1)


def test_each_seat_sees_only_its_own_cards_and_nobody_has_a_double_detector() -> None:
    state = m34(PLAIN)
    for seat in range(4):
        mine = part(state, seat)
        assert mine["stage"] == "hidden" and "link" not in mine and "cards" not in mine
        assert mine["mine"] == {"link": seat == 1, "card": CARDS[seat]}
        assert [e["secret"] for e in state.observation(seat)["log"] if "secret" in e] == [
            {"seat": seat, "card": CARDS[seat], "link": seat == 1}
        ]
    spectator = part(state, None)
    assert "mine" not in spectator and "link" not in spectator
    assert all(double_detector.absent_in(state.observation(None), s) for s in range(4))
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((2, 0), (2, 1)), (1,), "double"))
    assert err.value.reason is WeakestReason.WEAKEST_HIDDEN


def test_the_weakest_link_cuts_only_what_his_card_allows_the_others_anything() -> None:
    state = ana_hits_bea(m34(PLAIN, cards=["B", "C", "A", "D"]))  # Ana (B) cut a 1: fine
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(1, ((3, 0),), (9,)))  # Bea's card C: values 1 to 6 only
    assert err.value.reason is WeakestReason.WEAKEST_CARD
    assert not any(
        isinstance(a, Cut) and a.values[0] > 6 for a in state.legal_actions(1)
    )  # her list holds only what her card allows
    assert not any(isinstance(a, Accuse) for a in state.legal_actions(1))  # she may not accuse
    assert not any(isinstance(a, WeakLinkStuck) for a in state.legal_actions(1))
    state, events = play(state, Cut(1, ((2, 0),), (5,)))  # Carlo's 5
    assert events[0].data["outcome"] == "hit"


def test_a_stuck_weakest_link_says_so_two_steps_every_card_discarded_then_he_plays() -> None:
    state = ana_hits_bea(m34(STUCK))
    legal = state.legal_actions(1)
    assert WeakLinkStuck(1) in legal and not any(isinstance(a, Cut) for a in legal)
    dial = state.dial
    state, events = play(state, WeakLinkStuck(1))
    assert types(events) == ["weakest_stuck", "dial", "dial", "weakest_cards"]
    assert state.dial == dial - 2 and state.to_move == 1
    assert events[0].data["none_of"] == [2, 4, 6, 8, 10, 12]
    for viewer in (None, 0, 2):
        shown = part(state, viewer)
        assert shown["stage"] == "discarded" and shown["link"] == 1 and shown["cards"] == CARDS
        assert "mine" not in shown
    # Everyone knows Bea holds no even value now (the card is seen as it is discarded).
    solution = solve(position_from_observation(state.observation(2)))
    for slot in range(1, 12):
        odds = solution.code_probabilities((1, slot))
        assert odds and all(code % 10 or (code // 10) % 2 == 1 for code in odds)  # or red
        assert sum(odds.values()) == Fraction(1)
    # No personal equipment for the rest of the mission; she plays her turn without a card.
    with pytest.raises(IllegalActionError):
        state.apply(Cut(1, ((3, 0), (3, 1)), (9,), "double"))
    state, events = play(state, Cut(1, ((3, 0),), (9,)))  # Dario's 9: no longer forbidden
    assert events[0].data["outcome"] == "hit"
    assert not any(isinstance(a, Accuse) for s in range(4) for a in state.legal_actions(s))


def test_a_player_who_can_cut_may_not_say_he_is_stuck() -> None:
    state = ana_hits_bea(m34(PLAIN))
    with pytest.raises(IllegalActionError) as err:
        state.apply(WeakLinkStuck(1))
    assert err.value.reason is WeakestReason.WEAKEST_CAN_CUT
    state = m34(PLAIN)
    with pytest.raises(IllegalActionError):
        state.apply(WeakLinkStuck(0))  # Ana is not the weakest link


def test_a_wrong_accusation_moves_the_dial_once_and_the_turn_goes_on() -> None:
    state = m34(PLAIN)
    assert Accuse(0, 1, "A") in state.legal_actions(0)
    assert not any(isinstance(a, Accuse) and a.target == 0 for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError):
        state.apply(Accuse(0, 0, "A"))  # not himself
    for card in ("F", "J", ""):  # no such constraint card in this mission (walk: accepted "J")
        with pytest.raises(IllegalActionError) as err:
            state.apply(Accuse(0, 2, card))
        assert err.value.reason is WeakestReason.WEAKEST_NO_SUCH_CARD
    dial = state.dial
    state, events = play(state, Accuse(0, 2, "A"))  # Carlo is not the weakest link
    assert types(events) == ["weakest_accuse", "dial"]
    assert events[0].data == {"seat": 0, "target": 2, "card": "A", "right": False}
    assert state.dial == dial - 1 and state.to_move == 0
    assert part(state, None)["wrong"] == [{"seat": 0, "target": 2, "card": "A"}]
    assert part(state, None)["stage"] == "hidden"
    with pytest.raises(IllegalActionError) as err:
        state.apply(Accuse(0, 1, "A"))  # once per turn
    assert err.value.reason is WeakestReason.WEAKEST_NO_ACCUSATION
    # The right player with the wrong card is wrong too.
    state = ana_hits_bea(state)
    state, _ = play(state, Cut(1, ((2, 0),), (2,)))  # Bea (card A) misses on Carlo's 5
    assert state.to_move == 2
    state, events = play(state, Accuse(2, 1, "C"))
    assert events[0].data["right"] is False


def test_a_right_accusation_turns_the_characters_up_and_discards_the_constraints() -> None:
    state = m34(PLAIN)
    state, events = play(state, Accuse(0, 1, "A"))
    assert types(events) == ["weakest_accuse", "weakest_cards"]
    assert events[0].data["right"] is True and events[1].data["stage"] == "revealed"
    assert part(state, 3)["link"] == 1 and part(state, 3)["cards"] == CARDS
    obs = state.observation(None)
    assert not any(double_detector.absent_in(obs, s) for s in range(4))
    state, events = play(state, Cut(0, ((1, 0), (1, 1)), (1,), "double"))  # usable at once
    assert "character" in types(events)
    while state.to_move is not None and state.phase.value != "turn":  # the picks
        seat = state.to_move
        state, _ = play(state, next(a for a in state.legal_actions(seat) if isinstance(a, Pick)))
    assert state.to_move == 1  # Bea's card (A) no longer binds her
    assert any(isinstance(a, Cut) and a.values == (9,) for a in state.legal_actions(1))


def test_the_bots_accuse_only_when_one_player_and_card_fit_everything_seen() -> None:
    # Ana's view: Bea, Carlo, Dario could each be the link with any card but B (hers).
    state = m34(PLAIN, cards=["B", "C", "A", "D"])
    assert len(weakest_link.suspects(state.observation(0))) == 12
    bot = make_bot("cautious", 1)
    assert not isinstance(bot.choose(state.observation(0), state.legal_actions(0)), Accuse)
    # Wrong accusations (several in one turn here, to save turns) rule pairs out, and a seat
    # that accused is not the weakest link.
    table = state
    for target, letter in [(2, "A"), (2, "C"), (2, "D"), (2, "E"), (3, "A"), (3, "C")]:
        table, _ = play(table, Accuse(0, target, letter))
        table = table.clone()
        wk = table.part("weakest_link", weakest_link.WeakestPart)
        table.set_part("weakest_link", weakest_link.replace(wk, open_at=len(table.history)))
        table.dial = 5
    left = weakest_link.suspects(table.observation(0))
    assert (1, "C") in left and all(seat != 2 for seat, _ in left)


def test_a_bot_accuses_the_one_player_and_card_every_cut_seen_fits() -> None:
    state = m34(PLAIN, cards=["B", "C", "A", "D"])
    obs = state.observation(0)
    # Cuts as Ana's log would show them: Carlo cut 11 and 2 (no card A-E allows both), Dario
    # accused (so he is not the weakest link), Bea cut 2 and 5 (of A-E, only C allows both).
    cut = {"type": "cut", "targets": [[0, 0]], "tool": None, "outcome": "hit"}
    obs["log"] += [
        {**cut, "seat": 2, "owner": 0, "values": [11]},
        {"type": "solo", "seat": 2, "value": 2},
        {"type": "weakest_accuse", "seat": 3, "target": 2, "card": "E", "right": False},
        {**cut, "seat": 1, "owner": 0, "values": [2]},
        {**cut, "seat": 1, "owner": 3, "values": [5]},
    ]
    assert weakest_link.suspects(obs) == [(1, "C")]
    for level in ("simple", "cautious", "expert"):
        bot = make_bot(level, 3)
        assert bot.choose(obs, state.legal_actions(0)) == Accuse(0, 1, "C")
        assert bot.explain().key == "weakest_accuse"
    # The weakest link himself never accuses (he has no such move) and suspects nobody.
    assert weakest_link.suspects(state.observation(1)) == []


def test_a_stuck_bot_says_so_with_its_reason() -> None:
    state = ana_hits_bea(m34(STUCK))
    for level in ("simple", "cautious", "expert"):
        bot = make_bot(level, 5)
        assert bot.choose(state.observation(1), state.legal_actions(1)) == WeakLinkStuck(1)
        assert bot.explain().key == "weakest_stuck"
        assert bot.explain().params == {"letter": "A"}


def test_the_cli_refuses_two_players_and_speaks_the_new_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from engine.redwire.cli import format_action, main, parse_action

    assert main(["play", "--mission", "34", "--players", "2", "--bots", "all"]) == 2
    assert "mission 34 is for 3 to 5 players" in capsys.readouterr().err
    state = m34(PLAIN)
    for action in (Accuse(0, 2, "E"), WeakLinkStuck(1)):
        assert parse_action(format_action(action), action.seat, state) == action


def test_the_accusation_is_only_at_the_start_of_the_turn() -> None:
    state = ana_hits_bea(m34(PLAIN))  # two 1s cut: the ≠ label (card 1) is unlocked
    state, _ = play(state, Cut(1, ((2, 3),), (6,)))  # Bea (card A) cuts Carlo's 6
    while state.to_move != 2 or state.phase.value != "turn":
        seat = state.to_move
        assert seat is not None
        state, _ = play(state, next(a for a in state.legal_actions(seat) if isinstance(a, Pick)))
    assert any(isinstance(a, Accuse) for a in state.legal_actions(2))
    label = next(a for a in state.legal_actions(2) if a.type == "label")
    state, _ = play(state, label)  # equipment first: the start of the turn is over
    assert state.to_move == 2 and not any(isinstance(a, Accuse) for a in state.legal_actions(2))
    with pytest.raises(IllegalActionError):
        state.apply(Accuse(2, 1, "A"))
