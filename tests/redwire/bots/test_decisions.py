"""Decisions on hand-written positions: what each level does where the right move is clear."""

from __future__ import annotations

from engine.redwire import Cut, PlaceToken, Walkie
from engine.redwire.bots import make_bot
from tests.redwire.bots.synthetic import observation

# Four players, blue 1..10 and the red 5.5; everything is cut but my 6, and one wire each for
# seats 1 and 2, both between a cut 5 and a cut 7: one is the other 6, the other the red wire.
STANDOFF = [
    "x1 x1 x2 x3 x4 x5 6 x7 x8 x9 x10",
    "x1 x2 x3 x4 x5 5.5 x7 x8 x9 x10",
    "x1 x2 x3 x4 x5 6 x7 x8 x9 x10",
    "x2 x3 x4 x5 x6 x6 x7 x8 x9 x10",
]
STANDOFF_CUTS = [Cut(0, ((1, 5),), (6,)), Cut(0, ((2, 5),), (6,))]


def test_the_standoff_over_the_red_wire_is_broken_with_the_walkie_talkies() -> None:
    obs = observation(STANDOFF, viewer=0, blue=(1, 10), red=["5.5"], dial=3)
    legal = [*STANDOFF_CUTS, Walkie(0, 0, 6, 1), Walkie(0, 0, 6, 2)]
    expert = make_bot("expert", 1)
    assert isinstance(expert.choose(obs, legal), Walkie)
    assert expert.explain().key == "walkie"
    cautious = make_bot("cautious", 1)
    assert cautious.choose(obs, legal) in STANDOFF_CUTS  # it only weighs the cuts


def test_a_sure_miss_is_better_than_a_coin_toss_on_the_red_wire() -> None:
    stands = [
        "x1 x1 x2 x3 x5 6 x7 x8 x9 x10 x10",
        "x1 x2 x3 x4 x5 5.5 x7 x8 x9 x10",
        "x1 x2 x3 x4 x5 6 x7 x8 x9 x10",
        "x2 x3 4[4] 4 x5 x6 x6 x7 x8 x9",
    ]
    obs = observation(stands, viewer=0, blue=(1, 10), red=["5.5"], dial=3)
    stalls = [Cut(0, ((3, 2),), (6,)), Cut(0, ((3, 3),), (6,))]
    expert = make_bot("expert", 2)
    assert expert.choose(obs, [*STANDOFF_CUTS, *stalls]) in stalls
    assert expert.explain().key == "cut_stall"


def test_near_the_end_the_expert_leaves_the_next_player_a_certain_cut() -> None:
    """Three players, seat 2 (two stands) holds 6, 8 and the red 6.5 and plays before seats 0
    and 1. Both its cuts are certain; after 8 on seat 0's last wire, seat 1 would have to find
    the 6 among my two last wires (one is the red 6.5). After 6 on seat 1's last wire, seat 0
    finds my 8 for sure: it can only sit on my second stand."""
    stands = [
        "x2 x2 x3 x4 x5[5] x6 x7 8 x9 x10",
        "x1 x2 x3 x3 x4[4] 6 x6 x7 x8 x10",
        "x1 x4 x5 x5 6.5 x7[7] x7 x8 x9 x9 x10",
        "x1 x1 x2 x3 x4 x5 6 8 x9 x10",
    ]
    obs = observation(stands, viewer=2, owners=[0, 1, 2, 2], blue=(1, 10), red=["6.5"], dial=3)
    legal = [Cut(2, (t,), (v,)) for t in ((0, 7), (1, 5)) for v in (6, 8)]
    assert make_bot("expert", 5).choose(obs, legal) == Cut(2, ((1, 5),), (6,))


def test_the_random_level_never_points_at_a_wire_it_knows_is_red() -> None:
    # Every 2 and 3 is cut, so the wire between seat 1's cut 2 and cut 3 is the red 2.5.
    stands = ["1 1 x2 x3 4 4", "x1 x2 2.5 x3 x4", "1 x2 x2 x3 x3 4"]
    obs = observation(stands, viewer=0, blue=(1, 4), red=["2.5"])
    targets = [(1, 2), (2, 0), (2, 5)]
    legal = [Cut(0, (t,), (v,)) for t in targets for v in (1, 4)]
    chosen = {make_bot("random", seed).choose(obs, legal).targets[0] for seed in range(60)}
    assert chosen == {(2, 0), (2, 5)}


def test_the_expert_setup_token_goes_on_a_value_the_others_hold() -> None:
    stands = ["1 1 1 1 2 3 4 5 5 6 6 6", "2 2 2 3 3 3 4 4 4 5 5 6"]
    obs = observation(stands, viewer=0, blue=(1, 6), prompt={"kind": "setup_token", "seat": 0})
    legal = [PlaceToken(0, 0, slot) for slot in range(12)]
    token = make_bot("expert", 4).choose(obs, legal)
    assert isinstance(token, PlaceToken)
    assert stands[0].split()[token.slot] in {"2", "3", "4"}  # I hold one; they hold three
