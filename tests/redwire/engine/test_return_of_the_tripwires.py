"""Mission 64's flipped wires on hand-made deals: every player turns two wires round, the lower
at the far left and the higher at the far right (with two stands: of his first and of his last
stand), seen by every seat but their owner; the owner learns only that the left one is not
above the right one; he cuts either (or both, in a Solo Cut) as in mission 56, any failure
explodes; a Dual Cut at a teammate's flipped wire costs a step, also with his own flipped wire
as his side (FAQ); no equipment touches them, and a wire received goes between them."""

from __future__ import annotations

import json

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, Setup, Walkie, new_game, start
from engine.redwire.bots import make_bot
from engine.redwire.deduction import solve
from engine.redwire.deduction.facts import Order
from engine.redwire.deduction.observe import position_from_observation
from engine.redwire.errors import SetupError
from engine.redwire.mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReason,
    FlippedReveal,
    FlippedSolo,
)
from tests.redwire.bots.checks import check_explanation

from .helpers import fill_deal, game, play, turn_of, types, with_cut

#: Four players, captain seat 0; each stand as given: its left flipped wire first, its right
#: flipped wire last (seat 0: 3 and 9; seat 1: 5 and 5, an equal pair).
STAND_0 = [3, 1, 1, 2, 2, "4.5", 5, 6, 7, 7, 8, 8, 9]
STAND_1 = [5, 1, 1, 2, 2, 6, 7, 8, 10, 10, 11, 5]
#: Stands 2 and 3 get the rest, sorted: 3 3 3 4 4 4 4 5 6 6 7 8 (flipped: 3, 8) and
#: 9 9 9 10 10 11 11 11 12 12 12 12 (flipped: 9, 12).
FLIPPED = {0: (3, 9), 1: (5, 5), 2: (3, 8), 3: (9, 12)}


def m64(stand_0: list[str | int] = STAND_0, *, cards: tuple[int, ...] = (1, 4, 6, 9)):  # type: ignore[no-untyped-def]
    stands = fill_deal(64, 4, 0, {0: stand_0, 1: STAND_1}, red=["4.5"])
    return game(
        64,
        4,
        stands,
        parts={
            "equipment": {"cards": list(cards)},
            "flipped_wires": {"stands": [0, 0, 1, 1, 2, 2, 3, 3]},
        },
    )


def ends(state, stand: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The slots of a stand's left and right flipped wires."""
    return 0, len(state.stands[stand]) - 1


def only(state, keep: set[tuple[int, int]]):  # type: ignore[no-untyped-def]
    """A later position: every wire cut but those at ``keep`` (stand, slot)."""
    cut = [
        (st, sl)
        for st in range(len(state.stands))
        for sl, _ in state.uncut(st)
        if (st, sl) not in keep
    ]
    return with_cut(state, cut)


def test_each_seat_sees_the_others_two_flipped_wires_never_his_own() -> None:
    state = m64()
    for stand, pair in FLIPPED.items():
        for viewer in range(4):
            slots = state.observation(viewer)["stands"][stand]["slots"]
            shown = tuple(slots[i]["wire"] for i in ends(state, stand))
            assert shown == ((None, None) if viewer == stand else tuple(str(v) for v in pair))
        spectator = state.observation(None)["stands"][stand]["slots"]
        assert all(spectator[i]["wire"] is None for i in ends(state, stand))
    flipped = [(e.data["seat"], e.data["side"]) for e in state.log if e.type == "flipped"]
    assert flipped == [(s, side) for s in range(4) for side in ("left", "right")]
    assert state.observation(1)["mechanisms"]["flipped_wires"]["pair"] is True


def test_the_owner_knows_his_left_wire_is_not_above_his_right_one() -> None:
    """Late in the game seat 0 sees every wire but his two flipped ones (a 3 and a 9 are
    missing): the order alone tells him which is which; a spectator reads the same order for
    every seat; the pair is one draw of two tiles (``together``: one place of the deal)."""
    state = m64()
    position = position_from_observation(only(state, {(0, 0), (0, 12)}).observation(0))
    assert Order((0, 0), (0, 12), together=True) in position.facts
    solution = solve(position)
    assert solution.class_probabilities((0, 0)) == {3: 1}
    assert solution.class_probabilities((0, 12)) == {9: 1}
    spectator = position_from_observation(state.observation(None))
    pairs = {Order((s, 0), (s, ends(state, s)[1]), together=True) for s in range(4)}
    assert pairs <= set(spectator.facts)


def test_the_owner_cuts_either_flipped_wire_naming_it() -> None:
    state = m64()
    left, right = ends(state, 0)
    state, events = play(state, FlippedCut(0, 2, 1, 3, flip=0))  # seat 2's ordinary 3
    assert types(events)[:3] == ["flipped_cut", "wire_cut", "wire_cut"]
    assert state.cut[state.stands[0][left]] and not state.cut[state.stands[0][right]]
    assert events[0].data["flip"] == 0 and "flipped_toll" not in types(events)
    state = turn_of(state, 0)
    state, events = play(state, FlippedCut(0, 3, 1, 9, flip=1))  # seat 3's ordinary 9
    assert state.cut[state.stands[0][right]] and state.result is None
    # The used one is gone; the wrong one explodes the bomb.
    with pytest.raises(IllegalActionError) as err:
        turn_of(state, 0).apply(FlippedCut(0, 3, 2, 9, flip=1))
    assert err.value.reason is FlippedReason.FLIPPED_NONE
    state, events = play(m64(), FlippedCut(0, 3, 1, 9, flip=0))
    assert state.result == "exploded" and events[-2].data["wire"] == "3"


def test_the_owner_cutting_at_a_teammates_flipped_wire_pays_a_step() -> None:
    """FAQ: his own flipped 9 against seat 3's flipped 9 still moves the detonator."""
    state = m64()
    dial = state.dial
    state, events = play(state, FlippedCut(0, 3, 0, 9, flip=1))
    assert "flipped_toll" in types(events) and state.dial == dial - 1
    assert state.cut[state.stands[3][0]] and state.cut[state.stands[0][-1]]


def test_a_solo_cut_with_both_flipped_wires() -> None:
    """The last two 5s are seat 1's two flipped wires: a Solo Cut with both; not with one."""
    state = m64()
    keep = {(1, 0), (1, 11), (0, 0), (0, 12)}
    state = turn_of(only(state, keep | {(0, 1), (2, 0), (2, 11)}), 1)
    # Cut the other two 5s (seat 0's and seat 2's) by hand.
    state = with_cut(state, [(0, 6), (2, 7)])
    legal = state.legal_actions(1)
    assert FlippedSolo(1, 5, (0, 1)) in legal and FlippedSolo(1, 5, (0,)) not in legal
    state, events = play(state, FlippedSolo(1, 5, (0, 1)))
    assert types(events)[:3] == ["flipped_solo", "wire_cut", "wire_cut"]
    assert events[0].data["flips"] == [0, 1] and state.result is None
    with pytest.raises(IllegalActionError) as err:
        turn_of(m64(), 1).apply(FlippedSolo(1, 5, (0,)))
    assert err.value.reason is FlippedReason.FLIPPED_SOLO


def test_a_red_flipped_wire_is_revealed_alone_and_a_wrong_one_explodes() -> None:
    stand_0: list[str | int] = [3, 1, 1, 2, 2, 5, 6, 7, 7, 8, 8, 9, "4.5"]
    state = m64(stand_0)
    state = only(state, {(0, 0), (0, 12), (1, 0), (1, 11)})
    legal = state.legal_actions(0)
    assert {FlippedReveal(0, (1,)), FlippedReveal(0, (0,)), FlippedReveal(0, (0, 1))} <= set(legal)
    after, events = play(state, FlippedReveal(0, (1,)))
    assert "explosion" not in types(events) and after.cut[after.stands[0][12]]
    assert not after.cut[after.stands[0][0]] and after.result is None
    after, events = play(state, FlippedReveal(0, (0, 1)))
    assert after.result == "exploded" and events[-1].data == {"cause": "flipped"}


def test_no_token_equipment_or_second_value_on_a_flipped_wire() -> None:
    state = turn_of(m64(), 1)
    for action in (
        Cut(1, ((0, 11), (0, 12)), (8,), "double"),
        Cut(1, ((0, 0),), (3, 9)),
    ):
        assert action not in state.legal_actions(1)
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS
    # A teammate's plain Dual Cut at the far-left one is allowed, for a step; a miss: no token.
    dial = state.dial
    after, events = play(state, Cut(1, ((0, 0),), (6,)))
    assert types(events)[:2] == ["cut", "dial"] and after.stands[0][0] not in after.info
    assert after.dial == dial - 2


def test_a_wire_received_goes_between_the_two_flipped_wires() -> None:
    """The Walkie-Talkies: seat 0 gives one of his 1s and gets a 4, sorted in right of his far-left
    flipped 3; a teammate whose only wires are his two flipped ones is no partner."""
    state = m64(cards=(2, 4, 6, 9))
    state = with_cut(turn_of(state, 0), [(1, 3), (1, 4)])  # two 2s: the card is unlocked
    left = state.stands[0][0]
    state, _ = play(state, Walkie(0, 0, 1, 2), Pick(2, 2, 3))
    assert state.stands[0][0] == left and state.stands[0][-1] in state.own_hidden
    assert state.observation(0)["stands"][0]["slots"][4]["wire"] == "4"  # after 1 2 2
    state = turn_of(only(m64(cards=(2, 4, 6, 9)), {(0, 0), (0, 1), (0, 12), (1, 0), (1, 11)}), 0)
    swap = Walkie(0, 0, 1, 1)
    assert swap not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(swap)
    assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS


def test_the_setup_puts_the_lower_left_and_names_first_and_last_stands() -> None:
    stands = fill_deal(64, 4, 0, {0: STAND_0, 1: STAND_1}, red=["4.5"])
    swapped = [stands[0][-1], *stands[0][1:-1], stands[0][0]]  # the 9 left of the 3
    for deal, named in (([swapped, *stands[1:]], [0, 0, 1, 1, 2, 2, 3, 3]), (stands, [0, 1])):
        with pytest.raises(SetupError):
            game(64, 4, deal, parts={"flipped_wires": {"stands": named}})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_players_turn_two_wires_in_all_first_stand_left_last_stand_right(seed: int) -> None:
    """FAQ: with two stands a player turns two wires in all; a wire may change stands."""
    state = new_game(64, 2, seed)
    pairs = state.setup.parts["flipped_wires"]
    for seat in range(2):
        own = [st for st, owner in enumerate(state.owners) if owner == seat]
        assert pairs[2 * seat : 2 * seat + 2] == (own[0], own[-1])
        left, right = state.stands[own[0]][0], state.stands[own[-1]][-1]
        assert {left, right} <= state.own_hidden and state.codes[left] <= state.codes[right]
        middle = [*state.stands[own[0]][1:], *state.stands[own[-1]][:-1]]
        for st in own:
            sorted_part = [state.codes[w] for w in state.stands[st] if w not in (left, right)]
            assert sorted_part == sorted(sorted_part)
        assert not set(middle) & {left, right}
    assert sum(len(stand) for stand in state.stands) == 50  # 48 blue and 2 red wires
    replayed = start(Setup.from_json(json.loads(json.dumps(state.setup.to_json()))))
    assert replayed.same_as(state)


@pytest.mark.parametrize("level", ["random", "cautious", "expert"])
def test_every_level_cuts_with_a_flipped_wire_from_its_view_with_a_reason(level: str) -> None:
    """Seat 0's last wires are his two flipped ones; a 3 and a 9 are left elsewhere: the order
    tells him his left one is the 3, his right one the 9 (a certain cut for the deduction)."""
    state = only(m64(), {(0, 0), (0, 12), (2, 1), (3, 1)})
    legal = state.legal_actions(0)
    bot = make_bot(level, 7)
    action = bot.choose(state.observation(0), legal)
    assert action in legal
    check_explanation(bot.explain(), state, 0)
    if level != "random":
        assert action in (FlippedCut(0, 2, 1, 3, 0), FlippedCut(0, 3, 1, 9, 1))
        assert bot.explain().key == "flipped_cut"
        after, _ = state.apply(action)
        assert after.result is None
