"""Mission 39's rules on hand-made deals: the noble Number card face up from the start, its
value cut only four at once (the special action: right, cut; wrong, the bomb explodes; the
actor need not hold any), the Number deck's top card discarded face up at each round's end
until then, and the hand-out of the deck left once the four are cut: the Italian edition's
tokens on the hand (or the card ignored, for want of a wire or of a token), the English
edition's token beside the stand (secret cards, each player's choice)."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, SoloCut
from engine.redwire.bots import make_bot
from engine.redwire.cli import format_action, parse_action
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import four_at_once, number_cards
from engine.redwire.mechanisms.four_at_once import FourAtOnce, FourReason
from engine.redwire.options import Options

from .helpers import fill_deal, game, play, types
from .walk import WalkStats, walk_game

FIXED = {0: ["1", "1", "1.1", "2", "2", "2.5", "3", "3", "3.1", "4", "4", "5", "5", "5.1"]}
STANDS = fill_deal(39, 4, 0, FIXED, red=["2.5", "4.5"], yellow=["1.1", "3.1", "5.1", "7.1"])
# Ana:   1 1 1.1 2 2 2.5 3 3 3.1 4 4 5 5 5.1
# Bea:   1 1 2 2 3 3 4 4 4.5 5 5 6 6 6
# Carlo: 6 7 7 7 7 7.1 8 8 8 8 9 9 9
# Dario: 9 10 10 10 10 11 11 11 11 12 12 12 12
ORDER = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]  # noble 12; deck 1..8; 9, 10, 11 in the box
NOBLE = [(3, slot) for slot in (9, 10, 11, 12)]


def m39(options: Options | None = None, tokens: list[int] | None = None):  # type: ignore[no-untyped-def]
    return game(
        39,
        4,
        STANDS,
        parts={
            "number_cards": {"order": ORDER},
            "random_token": {"values": tokens or [1, 9, 12, 6]},
        },
        red_markers=["2.5", "4.5", "6.5"],
        yellow_markers=["1.1", "3.1", "5.1", "7.1"],
        options=options,
    )


def noble_cut(state, seat: int = 0):  # type: ignore[no-untyped-def]
    return play(state, FourAtOnce(seat), *(Pick(seat, st, sl) for st, sl in NOBLE))


def test_the_noble_card_is_face_up_from_the_start_over_a_deck_of_eight() -> None:
    state = m39()
    part = four_at_once.view(state.observation(None))
    assert part is not None and part["value"] == 12 and part["noble"]["received"] == []
    cards = number_cards.view(state.observation(None))
    assert cards is not None and cards["deck"] == 8 and cards["row"][0]["value"] == 12
    # The setup tokens were drawn: Ana's 1 on her first 1, the others' beside their stands.
    assert state.info == {0: 1}
    skipped = [e.data for e in state.log if e.type == "token_skipped"]
    assert [(d["seat"], d["value"]) for d in skipped] == [(1, 9), (2, 12), (3, 6)]


def test_no_ordinary_cut_may_announce_the_noble_value() -> None:
    state = m39()
    state, _ = play(state, Cut(0, ((1, 0),), (1,)), Pick(0, 0, 1))  # Ana: Bea's 1
    state, _ = play(state, Cut(1, ((0, 3),), (2,)), Pick(1, 1, 2))  # Bea: Ana's 2
    state, _ = play(state, SoloCut(2, 8))  # Carlo
    assert state.to_move == 3  # Dario holds the four 12s, yet may not cut them alone
    for action in (SoloCut(3, 12), Cut(3, ((2, 0),), (12,))):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is FourReason.FOUR_TOGETHER
        assert action not in state.legal_actions(3)
    assert FourAtOnce(3) in state.legal_actions(3)


def test_the_special_action_by_a_player_holding_none_of_them() -> None:
    state = m39()
    assert FourAtOnce(0) in state.legal_actions(0)  # Ana holds no 12
    state, events = noble_cut(state)
    cut = next(e for e in events if e.type == "four_cut")
    assert cut.data["outcome"] == "hit" and state.cut_count(12) == 4
    assert FourAtOnce(1) not in state.legal_actions(1)


def test_a_failed_noble_cut_explodes_the_bomb() -> None:
    state = m39()
    state, events = play(state, FourAtOnce(0), *(Pick(0, 3, slot) for slot in (8, 9, 10, 11)))
    assert state.result == "exploded"
    assert events[-1].type == "explosion" and events[-1].data["cause"] == "four"


def test_each_round_end_discards_the_number_decks_top_card_until_the_cut() -> None:
    state = m39()
    state, _ = play(state, Cut(0, ((1, 0),), (1,)), Pick(0, 0, 1))
    state, _ = play(state, Cut(1, ((0, 3),), (2,)), Pick(1, 1, 2))
    state, events = play(state, SoloCut(2, 8))
    assert "number_discarded" not in types(events)
    state, events = play(state, SoloCut(3, 10))  # the round ends before Ana's turn
    assert types(events)[-2:] == ["turn", "number_discarded"]
    assert events[-1].data == {"value": 1, "left": 7} and state.to_move == 0
    cards = number_cards.view(state.observation(2))
    assert cards is not None and cards["deck"] == 7 and cards["discarded"] == [1]
    # The four cut: the seven left are dealt (Ana first) and no round end discards any more.
    state, events = noble_cut(state)
    dealt = next(e for e in events if e.type == "noble_dealt")
    assert dealt.data["cards"] == [[2, 6], [3, 7], [4, 8], [5]]
    assert number_cards.view(state.observation(2))["deck"] == 0  # type: ignore[index]
    state, events = play(state, Cut(1, ((2, 0),), (6,)))
    assert "number_discarded" not in types(events)


def test_italian_hand_out_tokens_on_the_hand_and_cards_ignored() -> None:
    state = m39()
    state, events = noble_cut(state)
    dealt = next(e for e in events if e.type == "noble_dealt")
    # One at a time from the captain clockwise: Ana 1 and 5, Bea 2 and 6, Carlo 3 and 7, ...
    assert dealt.data == {
        "counts": [2, 2, 2, 2],
        "edition": "IT",
        "cards": [[1, 5], [2, 6], [3, 7], [4, 8]],
    }
    placed = [
        (e.data["seat"], e.data["value"], e.data["stand"], e.data["slot"])
        for e in events
        if e.type == "noble_placed"
    ]
    # Ana's first 1 has her setup token: the next one gets it; Carlo's 7 its leftmost.
    assert placed == [(0, 1, 0, 1), (0, 5, 0, 11), (1, 2, 1, 2), (1, 6, 1, 11), (2, 7, 2, 1)]
    ignored = [
        (e.data["seat"], e.data["value"], e.data["reason"])
        for e in events
        if e.type == "noble_ignored"
    ]
    assert ignored == [(2, 3, "no_wire"), (3, 4, "no_wire"), (3, 8, "no_wire")]
    assert state.info[state.wire_id(0, 1)] == 1 and state.info[state.wire_id(2, 1)] == 7
    assert state.phase.value == "turn" and state.to_move == 1
    # Public: every seat sees every received card, and the facts follow.
    obs = state.observation(1)
    assert four_at_once.view(obs)["noble"]["received"] == [[1, 5], [2, 6], [3, 7], [4, 8]]  # type: ignore[index]
    solution = solve(position_from_observation(obs))
    for slot in range(len(STANDS[2])):  # Carlo holds no 3, Dario no 4 and no 8
        assert 30 not in solution.code_probabilities((2, slot))
    for slot in range(len(STANDS[3])):
        probabilities = solution.code_probabilities((3, slot))
        assert 40 not in probabilities and 80 not in probabilities
    # Carlo's 7 token is on his leftmost 7: his first wire (left of it) is not a 7.
    assert 70 not in solution.code_probabilities((2, 0))


def test_italian_hand_out_ignores_a_card_without_a_free_token() -> None:
    # The finite supply: Ana's and Bea's setup tokens are both 1s, so Ana's 1 card is ignored.
    state = m39(Options(faithful_token_supply=True), tokens=[1, 1, 12, 6])
    assert sorted(state.info.values()) == [1, 1]
    state, events = noble_cut(state)
    ignored = [e.data for e in events if e.type == "noble_ignored"]
    assert ignored[0] == {"seat": 0, "value": 1, "reason": "no_token", "marked": 1}
    assert state.wire_id(0, 1) not in state.info


def test_english_hand_out_secret_cards_and_a_token_beside_the_stand() -> None:
    state = m39(Options(edition="EN"))
    state, events = noble_cut(state)
    dealt = next(e for e in events if e.type == "noble_dealt")
    assert dealt.data == {"counts": [2, 2, 2, 2], "edition": "EN"}
    assert dealt.view(1)["secret"] == {"cards": [2, 6]}
    # Ana chooses first: her wires of 1 and 5 (the values she received and holds).
    assert state.phase.value == "noble_token" and state.to_move == 0
    assert {(0, 1), (0, 11), (0, 12)} <= set(state.pending.options)
    assert all(state.code_at(*o) in (10, 50) for o in state.pending.options)
    hidden = four_at_once.view(state.observation(1))["noble"]["received"]  # type: ignore[index]
    assert hidden == [[None, None], [2, 6], [None, None], [None, None]]
    assert four_at_once.view(state.observation(None))["noble"]["received"][1] == [None, None]  # type: ignore[index]
    state, events = play(state, Pick(0, 0, 11))
    assert events[0].type == "noble_beside" and events[0].data == {"seat": 0, "value": 5}
    # Bea's bot shows the value it holds most: three 6s against two 2s.
    bot = make_bot("expert", 1)
    action = bot.choose(state.observation(1), state.legal_actions(1))
    assert isinstance(action, Pick) and state.code_at(action.stand, action.slot) == 60
    assert bot.explain().key == "noble_token"
    state, _ = play(state, action)
    # Carlo shows his 7 (his only choice); Dario holds neither 4 nor 8: no token, his turn skipped.
    assert state.phase.value == "noble_token" and state.to_move == 2
    state, events = play(state, Pick(2, 2, 1))
    assert types(events)[0] == "noble_beside" and state.phase.value == "turn" and state.to_move == 1
    part = four_at_once.view(state.observation(3))
    assert part is not None and part["noble"]["beside"] == [[0, 5], [1, 6], [2, 7]]
    solution = solve(position_from_observation(state.observation(3)))
    assert sum(solution.code_probabilities((2, slot)).get(70, 0) for slot in range(13)) >= 1


@pytest.mark.parametrize("edition", ["IT", "EN"])
def test_random_walks_of_both_editions(edition: str) -> None:
    """Every invariant (legal list, refusals, record round trip, the hidden twin) in random
    games of mission 39 at every player count, the English hand-out's secret cards included."""
    stats = WalkStats()
    for players in range(2, 6):
        for seed in range(3):
            walk_game(
                seed=700 + 10 * seed + players,
                mission=39,
                players=players,
                stats=stats,
                options=Options(edition=edition),  # type: ignore[arg-type]
            )
    assert stats.action_types["four_at_once"] > 0


def test_the_cli_types_the_special_action_and_its_picks() -> None:
    state = m39()
    assert format_action(FourAtOnce(0)) == "four"
    assert parse_action("four", 0, state) == FourAtOnce(0)
    state, _ = state.apply(FourAtOnce(0))
    assert parse_action("pick 4.10", 0, state) == Pick(0, 3, 9)


def test_italian_hand_out_ignores_a_card_whose_wires_all_carry_a_token() -> None:
    state = m39()
    state, _ = play(state, Cut(0, ((1, 0),), (1,)), Pick(0, 0, 1))  # Ana cuts her second 1
    state, events = noble_cut(state, seat=1)  # Bea's noble cut: Ana's last 1 has its token
    ignored = [e.data for e in events if e.type == "noble_ignored"]
    assert ignored[0] == {"seat": 0, "value": 1, "reason": "no_wire", "marked": 1}
    solution = solve(position_from_observation(state.observation(2)))
    for slot in range(2, len(STANDS[0])):  # no other 1 left on Ana's stand
        if not state.cut[state.wire_id(0, slot)]:
            assert 10 not in solution.code_probabilities((0, slot))
