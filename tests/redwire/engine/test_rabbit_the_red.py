"""Mission 54's rules on hand-made deals (``oxygen`` paid to the central reserve, ``wire_pile:red``):
oxygen in front of each player (9, 6, 3, 2 each with 2-5 players); every cut action paid by the
depth of its value from one's own oxygen to the reserve (a miss too, a Solo Cut once); a player
whose oxygen pays for none of his values skips (a step) and nobody else may pass (FAQ: if you
can play, you must); each validation gives every player who still has wires one oxygen (FAQ:
none to those without); the eleven reds wait in a pile on the card, the top one joins a stand on
a person's press, in sorted order, seen by its owner only; reds left on the pile do not count."""

from __future__ import annotations

from engine.redwire import Cut, GameState, SoloCut, new_game
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import oxygen, wire_pile
from engine.redwire.mechanisms.oxygen import OxygenPass, OxygenReason
from engine.redwire.mechanisms.wire_pile import PileJoin, PileReason
from engine.redwire.missions import load_mission

from .helpers import game, turn_of, types, with_cut
from .helpers import play_picking_first as play
from .oxygen_stock import refused, stock, with_stock

#: Seats 0-3, captain 0; no red wire on the stands.
STANDS = [
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"],
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12"],
]
#: The pile on the card, top first.
PILE = ["5.5", "9.5", "1.5", "2.5", "3.5", "4.5", "6.5", "7.5", "8.5", "10.5", "11.5"]


def m54() -> GameState:
    """Seats 2 and 3 mark their 12s (their last wires), so nothing bounds their stands below."""
    return game(
        54,
        4,
        STANDS,
        equipment=[1, 3, 5, 8],
        parts={"wire_pile": {"wires": PILE}},
        tokens=[(0, 0), (1, 0), (2, 11), (3, 11)],
    )


def test_oxygen_in_front_of_each_player_and_the_reds_on_the_card() -> None:
    config = load_mission(54).config(oxygen.ID)
    assert (config.price, config.take_from, config.pay_to, config.refill) == (
        "depth",
        "own",
        "reserve",
        "validation",
    )
    for players, each in ((2, 9), (3, 6), (4, 3), (5, 2)):
        state = new_game(mission=54, players=players, seed=1)
        assert stock(state) == [each] * players
        assert all(not any(c % 10 == 5 for c in stand) for stand in state.setup.stands)
        pile = state.observation(0)["mechanisms"]["wire_pile"]
        assert pile == {"colour": "red", "pile": {"dealt": 11, "left": 11, "outside": True}}


def test_a_cut_pays_its_depth_from_ones_own_oxygen_to_the_reserve() -> None:
    after, events = play(m54(), Cut(0, ((1, 4),), (3,)))  # seat 1's 3: a hit, price 1
    assert types(events)[:2] == ["oxygen_paid", "cut"] and stock(after) == [2, 3, 3, 3]
    missed, events = play(turn_of(m54(), 2), Cut(2, ((3, 0),), (9,)))  # a 7, not a 9: 3
    assert stock(missed) == [3, 3, 0, 3] and missed.dial == m54().dial - 1
    solo = with_cut(m54(), [(1, 0), (1, 1)])
    after, events = play(solo, SoloCut(0, 1))
    assert [e.data["price"] for e in events if e.type == "oxygen_paid"] == [1]


def test_a_cut_the_stock_cannot_pay_is_refused_and_the_pass_only_when_nothing_is_affordable() -> (
    None
):
    state = with_stock(turn_of(m54(), 2), 3, 3, 2, 3)  # seat 2 holds 7-12: he can cut 7s, 8s
    assert refused(state, Cut(2, ((3, 4),), (9,))) is OxygenReason.OXYGEN_SHORT_OWN
    assert refused(state, OxygenPass(2)) is OxygenReason.OXYGEN_MUST_PLAY
    assert OxygenPass(2) not in state.legal_actions(2)
    short = with_stock(state, 3, 3, 1, 3)  # 1 pays for none of his values: he skips
    legal = short.legal_actions(2)
    assert OxygenPass(2) in legal and not [a for a in legal if isinstance(a, Cut | SoloCut)]
    after, events = play(short, OxygenPass(2))
    skip = next(e for e in events if e.type == "oxygen_pass")
    assert skip.data == {"seat": 2, "stock": 1, "holds_none_of": [1, 2, 3, 4]}
    assert after.dial == short.dial - 1 and after.active == 3


def test_the_forced_skip_proves_the_skipper_holds_no_value_his_oxygen_pays_for() -> None:
    short = with_stock(turn_of(m54(), 2), 3, 3, 1, 3)
    before = solve(position_from_observation(short.observation(0)))
    assert before.code_probabilities((2, 0)).get(10, 0) > 0  # a 1 could be there
    after, _ = play(short, OxygenPass(2))
    solution = solve(position_from_observation(after.observation(0)))
    for slot in range(12):
        odds = solution.code_probabilities((2, slot))
        assert not any(odds.get(10 * v, 0) for v in (1, 2, 3, 4))


def test_each_validation_gives_one_oxygen_to_every_player_with_wires_only() -> None:
    state = with_cut(m54(), [(1, 0), (1, 1)] + [(3, i) for i in range(12)])  # seat 3: no wires
    after, events = play(state, SoloCut(0, 1))
    breath = next(e for e in events if e.type == "oxygen_breath")
    assert breath.data == {"value": 1, "seats": [0, 1, 2], "stock": [3, 4, 4, 3]}
    assert stock(after) == [3, 4, 4, 3]


def test_the_top_red_joins_the_named_stand_in_order_seen_by_its_owner_only() -> None:
    after, events = play(m54(), PileJoin(1, 2))  # seat 1 presses; seat 2's stand gets the 5.5
    join = next(e for e in events if e.type == "pile_join")
    assert (join.data["stand"], join.data["slot"], join.data["left"]) == (2, 0, 10)
    assert [s["wire"] for s in after.observation(2)["stands"][2]["slots"]][:2] == ["5.5", "7"]
    assert after.observation(0)["stands"][2]["slots"][0]["wire"] is None
    assert after.observation(0)["mechanisms"]["wire_pile"]["pile"]["left"] == 10
    assert after.active == 0  # not an action of the turn
    odds = solve(position_from_observation(after.observation(0))).code_probabilities((2, 0))
    assert odds and all(code % 10 == 5 for code in odds)  # a red, any below the stand's first
    again, _ = play(after, PileJoin(0, 0))  # the 9.5 goes after seat 0's 6s
    assert [s["wire"] for s in again.observation(0)["stands"][0]["slots"]][-1] == "9.5"
    assert not PileJoin.for_bots
    assert refused(after, PileJoin(0, 9)) is PileReason.PILE_NO_STAND


def test_an_empty_pile_is_refused() -> None:
    state = m54()
    for _ in range(11):
        state, _ = play(state, PileJoin(0, 3))
    assert refused(state, PileJoin(0, 3)) is PileReason.PILE_EMPTY
    assert not [a for a in state.legal_actions(0) if isinstance(a, PileJoin)]


def test_reds_left_on_the_pile_do_not_count_the_bomb_is_defused() -> None:
    every = [(s, i) for s in range(4) for i in range(12)]
    state = with_cut(m54(), [w for w in every if w not in ((0, 0), (1, 0))])
    after, events = play(state, Cut(0, ((1, 0),), (1,)))
    assert after.result == "won" and "won" in types(events)
    assert after.part(wire_pile.ID, wire_pile.PilePart).pile  # eleven reds never came in
