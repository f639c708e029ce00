"""Mission 50's rules on hand-made deals: two red and two yellow wires (three red and four
yellow with two players), every one of them known to the table (everyone looked at them before
the shuffle: the markers stay in the box, the board keeps them as certain); every info token (the
setup ones, a failed cut's true value, a yellow token for a yellow wire) lies beside the stand
and, by default, is remembered at the wire it was pointed at by every seat (a perfect memory,
the spec's recommendation: hiding them is §9.2's digital option), so the deduction reads it as
that wire's value."""

from __future__ import annotations

from engine.redwire import Cut, GameState, Options, new_game
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.wires import RED, YELLOW, code_of, cut_value, label_of

from .helpers import fill_deal, game, play, types
from .walk import WalkStats, walk_game

STANDS = fill_deal(
    50,
    4,
    0,
    {0: ["1", "1", "2", "3", "3.5", "4", "5", "6", "7", "8", "9", "10", "10.1"]},
    red=["3.5", "9.5"],
    yellow=["4.1", "10.1"],
)
# Seat 0 (captain) holds 3.5 (red) at slot 4 and 10.1 at slot 12; seat 1 holds 4.1 at slot 11;
# seat 3 holds 9.5 at slot 1. Every seat marks its first blue wire at setup (a 1, a 1, a 5, a 9).


def m50() -> GameState:
    return game(50, 4, STANDS, equipment=[1, 2, 3, 9])


def test_every_player_count_plays_its_red_and_yellow_wires_all_known() -> None:
    for players, reds, yellows in ((2, 3, 4), (3, 2, 2), (4, 2, 2), (5, 2, 2)):
        state = new_game(50, players, seed=players)
        dealt = [c for stand in state.setup.stands for c in stand]
        in_play = {
            RED: sorted(c for c in dealt if cut_value(c) == RED),
            YELLOW: sorted(c for c in dealt if cut_value(c) == YELLOW),
        }
        assert (len(in_play[RED]), len(in_play[YELLOW])) == (reds, yellows)
        markers = state.observation(None)["markers"]
        # Everyone saw the tiles in play: the values are certain, and exactly those dealt.
        for colour, key in ((RED, "red"), (YELLOW, "yellow")):
            seen = markers[key]  # type: ignore[literal-required]
            assert seen["certain"] and seen["in_play"] == len(in_play[colour])
            assert sorted(code_of(v) for v in seen["values"]) == in_play[colour]


def test_a_setup_token_is_remembered_at_its_wire_by_everyone() -> None:
    state = m50()
    for viewer in (None, 1, 2, 3):
        slots = state.observation(viewer)["stands"][0]["slots"]
        assert [s["info"] for s in slots[:2]] == [1, None]  # the captain's first 1
    odds = solve(position_from_observation(state.observation(2)))
    assert odds.code_probabilities((0, 0)) == {code_of("1"): 1}


def test_a_failed_cut_lays_the_true_value_and_a_yellow_token_for_a_yellow_wire() -> None:
    state = m50()
    seat = state.to_move
    assert seat == 0
    # The captain says 7 at seat 1's 4.1 (slot 11): a miss, one step, a yellow token there.
    after, events = play(state, Cut(0, ((1, 11),), (7,)))
    assert types(events)[:3] == ["cut", "dial", "token"]
    assert after.dial == state.dial - 1
    for viewer in (None, 0, 2, 3):
        assert after.observation(viewer)["stands"][1]["slots"][11]["info"] == "yellow"
    # Seat 1 says 5 at seat 2's 7 (slot 5): its true value, 7, lies there for everyone.
    after, _ = play(after, Cut(1, ((2, 5),), (5,)))
    assert after.observation(0)["stands"][2]["slots"][5]["info"] == 7
    odds = solve(position_from_observation(after.observation(3)))
    assert odds.code_probabilities((2, 5)) == {code_of("7"): 1}
    assert label_of(after.codes[after.stands[1][11]]) == "4.1"


# --------------------------------------------------------------------------- the memory option

MEMORY = Options(m50_memory=True)


def m50_memory() -> GameState:
    """The hand-made deal with the option on: the markers are "2 of 11" of each colour."""
    reds = [f"{n}.5" for n in range(1, 12)]
    yellows = [f"{n}.1" for n in range(1, 12)]
    return game(
        50,
        4,
        STANDS,
        equipment=[1, 2, 3, 9],
        options=MEMORY,
        red_markers=reds,
        yellow_markers=yellows,
    )


def test_with_the_memory_option_the_markers_say_how_many_not_which() -> None:
    for players, reds, yellows in ((2, 3, 4), (4, 2, 2)):
        state = new_game(50, players, seed=players, options=MEMORY)
        dealt = [cut_value(c) for stand in state.setup.stands for c in stand]
        assert (dealt.count(RED), dealt.count(YELLOW)) == (reds, yellows)
        markers = state.observation(0)["markers"]
        assert markers["red"] == {
            "values": [f"{n}.5" for n in range(1, 12)],
            "in_play": reds,
            "certain": False,
        }
        assert len(markers["yellow"]["values"]) == 11
        assert markers["yellow"]["in_play"] == yellows


def test_with_the_memory_option_every_token_lies_beside_its_stand() -> None:
    state = m50_memory()
    beside = [[0, 1], [1, 1], [2, 5], [3, 9]]  # the four setup tokens, in the order laid
    for viewer in (None, 0, 2, "seer"):
        obs = state.observation(viewer)
        assert all(s["info"] is None for st in obs["stands"] for s in st["slots"])
        assert obs["mechanisms"]["memory"] == {"beside": beside}
    # A miss: its token goes beside the stand; the others keep of it only "one of Bea's wires".
    after, events = play(state, Cut(0, ((1, 11),), (7,)))
    assert types(events) == ["cut", "dial", "token_beside", "turn"]
    assert after.observation(2)["mechanisms"]["memory"]["beside"][-1] == [1, "yellow"]
    seen = after.observation(2)["log"][-4]
    assert seen["type"] == "cut" and "targets" not in seen and seen["pointed"] == [[1, 1]]
    assert after.observation("seer")["log"][-4]["targets"] == [[1, 11]]
    # Nobody remembers the token's wire, so a second miss there lays a second token (no B14).
    _, events = play(after, Cut(1, ((0, 12),), (4,)), Cut(2, ((0, 12),), (6,)))
    assert [e.data["value"] for e in events if e.type == "token_beside"] == ["yellow", "yellow"]


def test_with_the_memory_option_a_token_is_a_fact_about_its_stand() -> None:
    state, _ = play(m50_memory(), Cut(0, ((2, 5),), (1,)))  # the captain says 1 at Carlo's 7
    odds = solve(position_from_observation(state.observation(1)))
    # Carlo's stand has a 7 (his setup token says a 5, this one a 7), but not at a known place.
    chances = [odds.code_probabilities((2, slot)).get(code_of("7"), 0) for slot in range(13)]
    assert max(chances) < 1 and sum(chances) >= 1
    # The 5 beside the stand too: its first wire is at most a 5, never the 7.
    assert chances[0] == 0


def test_the_memory_option_keeps_every_invariant_and_hides_where_the_tokens_are() -> None:
    """One random game with the option (the walk's hidden twin moves each token beside a stand
    to another wire of its value there: no observation nor legal move may change)."""
    walk_game(seed=5003, mission=50, players=3, stats=WalkStats(), options=MEMORY)
