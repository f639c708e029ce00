"""One test per rule (spec §3-§10), on hand-made situations with scripted dice."""

from __future__ import annotations

import pytest

from engine.core.events import SEER
from engine.loop import (
    Assign,
    Declare,
    DeclareFree,
    Discard,
    Draw,
    EndDraw,
    Highlight,
    IllegalActionError,
    Options,
    Phase,
    Reason,
    Reroll,
    Roll,
    SeventhDie,
    Status,
    Stop,
)
from tests.loop.helpers import board, deal, only, register_all, run, types

KESTREL = ["yellow7a", "blue12a", "red4a"]  # the seed's worked example (red, blue, yellow plan)
HAND = [*KESTREL, "red3a", "green3a", "yellow3a"]


def refused(state, action, reason: Reason) -> None:
    with pytest.raises(IllegalActionError) as info:
        state.apply_recorded(action)
    assert info.value.reason is reason, info.value


def worked_example_flight(state):
    """The seed's worked example, from the declaration to the landing."""
    return run(
        state,
        Declare(0, "kestrel", tuple(KESTREL)),
        Roll(0, (1, 3, 5)),
        Assign(0, "yellow7a", (3, 5)),
        Roll(0, (4, 6, 6)),
        Assign(0, "blue12a", (6, 6)),
        Roll(0, (5, 4)),
        Assign(0, "red4a", (4,)),
    )


# --------------------------------------------------------------------------- the worked example


def test_the_seeds_worked_example_scores_15() -> None:
    state, events = worked_example_flight(deal(2, {0: HAND}))
    placed = [e.data for e in events if e.type == "assign"]
    assert [(p["dice"], p["exact"], p["points"], p["pool"]) for p in placed] == [
        ([3, 5], False, 2, 4),
        ([6, 6], True, 10, 2),
        ([4], True, 2, 1),
    ]
    end = only(events, "flight_end").data
    assert (end["outcome"], end["points"], end["unused"]) == ("success", 14, 1)
    registered = only(events, "registered").data
    assert (registered["score"], registered["gain"]) == (15, 15)
    assert state.scores[0] == 15 and state.best["kestrel"][0] == 15
    # 15 is the first 12+ on Kestrel: a bonus token; then the hand is refilled (3 cards).
    assert only(events, "bonus").data["reasons"] == ["first_12"] and state.tokens[0] == 1
    assert state.phase is Phase.REFILL and state.refill == 3
    state, _ = run(state, Draw(0, "A"), Draw(0, "B"), Draw(0, "A"))
    assert len(state.hands[0]) == 6 and state.to_move == 1
    assert state.plans["kestrel"] == ("red4a", "blue12a", "yellow7a")  # the cards stay


def test_a_roll_throws_three_dice_or_what_the_pool_holds() -> None:
    state, _ = run(deal(2, {0: HAND}), Declare(0, "kestrel", tuple(KESTREL)))
    refused(state, Roll(0, (1, 2)), Reason.BAD_OUTCOME)
    refused(state, Roll(0, (1, 2, 7)), Reason.BAD_OUTCOME)
    state, _ = run(state, Roll(0, (6, 6, 1)), Assign(0, "blue12a", (6, 6)))
    state, _ = run(state, Roll(0, (1, 3, 4)), Assign(0, "yellow7a", (3, 4)))
    assert state.flight is not None and state.flight.pool == 2
    refused(state, Roll(0, (1, 2, 3)), Reason.BAD_OUTCOME)
    state, events = run(state, Roll(0, (2, 2)))
    assert only(events, "roll").data["dice"] == [2, 2]


def test_a_player_cannot_bring_their_own_dice() -> None:
    state, _ = run(deal(2, {0: HAND}), Declare(0, "kestrel", tuple(KESTREL)))
    with pytest.raises(IllegalActionError) as info:
        state.apply(Roll(0, (6, 6, 6)))
    assert info.value.reason is Reason.CHANCE_IS_NOT_YOURS
    after, events = state.apply(Roll(0))
    assert len(only(events, "roll").data["dice"]) == 3
    assert after.history[-1].result == tuple(only(events, "roll").data["dice"])


# --------------------------------------------------------------------------- placing dice


def test_dice_must_reach_the_difficulty_and_exact_scores_more() -> None:
    state, _ = run(deal(2, {0: HAND}), Declare(0, "kestrel", tuple(KESTREL)), Roll(0, (1, 3, 5)))
    refused(state, Assign(0, "yellow7a", (1, 5)), Reason.TOO_LOW)
    refused(state, Assign(0, "yellow7a", (3, 3)), Reason.NOT_ROLLED)
    refused(state, Assign(0, "green3a", (3,)), Reason.NOT_IN_FLIGHT)
    refused(state, Assign(0, "yellow7a", ()), Reason.NOT_ROLLED)
    exact, events = run(state, Assign(0, "red4a", (1, 3)))
    assert only(events, "assign").data["points"] == 2  # exact: the upper space
    _over, events = run(state, Assign(0, "red4a", (5,)))
    assert only(events, "assign").data["points"] == 1  # over: the lower space
    refused(exact, Assign(0, "red4a", (4,)), Reason.NOT_NOW)


def test_a_placed_card_cannot_be_completed_again() -> None:
    state, _ = run(
        deal(2, {0: HAND}),
        Declare(0, "kestrel", tuple(KESTREL)),
        Roll(0, (4, 4, 4)),
        Assign(0, "red4a", (4,)),
        Roll(0, (4, 4, 4)),
    )
    refused(state, Assign(0, "red4a", (4,)), Reason.CARD_DONE)


def test_a_fitting_roll_must_be_placed() -> None:
    state, _ = run(deal(2, {0: HAND}), Declare(0, "kestrel", tuple(KESTREL)), Roll(0, (1, 3, 5)))
    refused(state, Stop(0), Reason.STOP_NOT_ALLOWED)


# --------------------------------------------------------------------------- failures


def test_a_roll_that_fits_no_card_fails_the_flight() -> None:
    state, events = run(
        deal(2, {0: HAND}), Declare(0, "kestrel", tuple(KESTREL)), Roll(0, (1, 1, 1))
    )
    end = only(events, "flight_end").data
    assert (end["outcome"], end["why"], end["completed"]) == ("failed", "no_fit", 0)
    assert state.scores[0] == 0 and state.tokens[0] == 0 and "bonus" not in types(events)
    assert state.best["kestrel"][0] is None
    assert state.plans["kestrel"] == ("red4a", "blue12a", "yellow7a")  # the cards stay
    assert state.phase is Phase.REFILL and state.refill == 3  # the hand is refilled anyway


def test_failing_the_third_card_earns_a_bonus_token() -> None:
    state, events = run(
        deal(2, {0: HAND}),
        Declare(0, "kestrel", tuple(KESTREL)),
        Roll(0, (4, 1, 1)),
        Assign(0, "red4a", (4,)),
        Roll(0, (3, 4, 1)),
        Assign(0, "yellow7a", (3, 4)),
        Roll(0, (1, 2, 3)),
    )
    assert only(events, "flight_end").data["completed"] == 2
    assert only(events, "bonus").data["reasons"] == ["two_of_three"] and state.tokens[0] == 1
    assert state.supply == 22


def test_running_out_of_dice_for_the_third_card_fails_with_a_bonus() -> None:
    state, events = run(
        deal(2, {0: HAND}),
        Declare(0, "kestrel", tuple(KESTREL)),
        Roll(0, (1, 2, 4)),
        Assign(0, "yellow7a", (1, 2, 4)),
        Roll(0, (1, 1, 2)),
        Assign(0, "red4a", (1, 1, 2)),
    )
    end = only(events, "flight_end").data
    assert (end["outcome"], end["why"]) == ("failed", "no_dice")
    assert state.tokens[0] == 1


def test_after_two_cards_the_pilot_may_stop_for_a_bonus() -> None:
    state, _ = run(
        deal(2, {0: HAND}),
        Declare(0, "kestrel", tuple(KESTREL)),
        Roll(0, (4, 1, 1)),
        Assign(0, "red4a", (4,)),
    )
    refused(state, Stop(0), Reason.STOP_NOT_ALLOWED)  # one card done: no stop yet
    state, _ = run(state, Roll(0, (3, 4, 1)), Assign(0, "yellow7a", (3, 4)))
    state, events = run(state, Stop(0))
    assert only(events, "flight_end").data["outcome"] == "stopped"
    assert state.scores[0] == 0 and state.tokens[0] == 1


def test_a_flight_under_8_is_not_registered_and_earns_nothing() -> None:
    hand = ["red3a", "blue3a", "yellow3a", "red4a", "green3a", "yellow7a"]
    state, events = run(
        deal(2, {0: hand}),
        Declare(0, "kestrel", ("red3a", "blue3a", "yellow3a")),
        Roll(0, (6, 6, 6)),
        Assign(0, "red3a", (6,)),
        Roll(0, (6, 6, 6)),
        Assign(0, "blue3a", (6,)),
        Roll(0, (6, 6, 6)),
        Assign(0, "yellow3a", (6,)),
    )
    assert only(events, "flight_end").data["outcome"] == "success"
    assert only(events, "not_registered").data["score"] == 6  # 1 + 1 + 1 + 3 unused
    assert state.best["kestrel"][0] is None and state.scores[0] == 0 and state.tokens[0] == 0


# --------------------------------------------------------------------------- scores and bonuses


def test_flying_again_registers_only_an_improvement() -> None:
    state = board(deal(2, {0: HAND}), best={"kestrel": {0: 10}}, scores={0: 10}, round=2)
    state, events = worked_example_flight(state)
    registered = only(events, "registered").data
    assert (registered["old"], registered["score"], registered["gain"]) == (10, 15, 5)
    assert state.scores[0] == 15 and state.best["kestrel"][0] == 15


def test_a_worse_flight_changes_nothing() -> None:
    state = board(
        deal(2, {0: HAND}), best={"kestrel": {0: 17}}, scores={0: 17}, first12={"kestrel": 0}
    )
    state, events = worked_example_flight(state)
    assert only(events, "registered").data["gain"] == 0
    assert state.scores[0] == 17 and state.best["kestrel"][0] == 17
    assert "bonus" not in types(events)


def test_a_score_of_20_locks_the_plan_for_its_pilot() -> None:
    state = board(deal(2, {0: HAND}), best={"kestrel": {0: 20}})
    refused(state, Declare(0, "kestrel", tuple(KESTREL)), Reason.PLAN_LOCKED)
    assert all(getattr(a, "plan", None) != "kestrel" for a in state.legal_actions(0))
    other = board(deal(2, {1: HAND}, first=1), best={"kestrel": {0: 20}})
    assert other.is_legal(Declare(1, "kestrel", tuple(KESTREL)))  # only for that pilot


def test_the_first_12_on_a_plan_earns_a_bonus_once() -> None:
    state = board(deal(2, {0: HAND}), first12={"kestrel": 1}, best={"kestrel": {1: 13}})
    state, events = worked_example_flight(state)
    # 15 beats the record of 13: a bonus, but not for the first 12 (already taken).
    assert only(events, "bonus").data["reasons"] == ["record"]


def test_the_record_bonus_needs_a_previous_score() -> None:
    state = board(deal(2, {0: HAND}), first12={"kestrel": 1})
    _, events = worked_example_flight(state)
    assert "bonus" not in types(events)  # the first score on a plan is no record
    state = board(deal(2, {0: HAND}), first12={"kestrel": 1}, best={"kestrel": {1: 15}})
    _, events = worked_example_flight(state)
    assert "bonus" not in types(events)  # equalling the record is not beating it


def test_the_record_bonus_option_own_counts_ones_own_best() -> None:
    options = Options(record_bonus="own")
    state = board(
        deal(2, {0: HAND}, options=options),
        first12={"kestrel": 1},
        best={"kestrel": {0: 9, 1: 19}},
    )
    _, events = worked_example_flight(state)
    assert only(events, "bonus").data["reasons"] == ["record"]


def test_20_or_more_earns_a_bonus_and_bonuses_come_one_per_turn() -> None:
    hand = ["red12a", "blue12a", "yellow12a", "red3a", "green3a", "yellow3a"]
    state, events = run(
        deal(2, {0: hand}),
        Declare(0, "kestrel", ("red12a", "blue12a", "yellow12a")),
        Roll(0, (6, 6, 1)),
        Assign(0, "red12a", (6, 6)),
        Roll(0, (6, 6, 1)),
        Assign(0, "blue12a", (6, 6)),
        Roll(0, (6, 6)),
        Assign(0, "yellow12a", (6, 6)),
    )
    assert only(events, "registered").data["score"] == 30
    assert only(events, "bonus").data["reasons"] == ["first_12", "twenty"]
    assert state.tokens[0] == 1  # one token, whatever the number of reasons


def test_an_empty_supply_awards_nothing() -> None:
    state = board(deal(2, {0: HAND}), supply=0)
    state, events = worked_example_flight(state)
    assert types(events).count("bonus_none") == 1 and state.tokens[0] == 0


# --------------------------------------------------------------------------- tokens


def test_the_7th_die_joins_the_pool_once_per_turn_for_a_token() -> None:
    state = board(deal(2, {0: HAND}), tokens={0: 2})
    refused(board(deal(2, {0: HAND})), SeventhDie(0), Reason.NOT_NOW)
    state, _ = run(state, Declare(0, "kestrel", tuple(KESTREL)))
    state, events = run(state, SeventhDie(0))
    assert state.flight is not None and state.flight.pool == 7 and state.tokens[0] == 1
    assert state.supply == 22  # 23 - 2 held + 1 returned
    refused(state, SeventhDie(0), Reason.SEVENTH_USED)
    state, events = run(state, Roll(0, (4, 6, 6)))
    assert only(events, "roll").data["red"] == 0  # the red die is rolled while in the pool


def test_the_7th_die_at_the_end_adds_an_unused_die() -> None:
    state = board(deal(2, {0: HAND}), tokens={0: 1})
    state, _ = worked_example_flight(state)
    assert state.phase is Phase.LANDING  # a token left: add the 7th die or score
    _landed, events = run(state, Stop(0))
    assert only(events, "registered").data["score"] == 15
    state, events = run(state, SeventhDie(0))
    assert only(events, "registered").data["score"] == 16 and state.tokens[0] == 1  # + bonus


def test_the_7th_die_option_before_roll_only() -> None:
    state = board(
        deal(2, {0: HAND}, options=Options(seventh_die_timing="before_roll")), tokens={0: 1}
    )
    state, _ = worked_example_flight(state)
    assert state.phase is Phase.REFILL  # no landing decision: the 7th die cannot join now
    state = board(
        deal(2, {0: HAND}, options=Options(seventh_die_timing="before_roll")), tokens={0: 1}
    )
    state, _ = run(state, Declare(0, "kestrel", tuple(KESTREL)), Roll(0, (1, 3, 5)))
    refused(state, SeventhDie(0), Reason.SEVENTH_TIMING)


def test_rolling_again_costs_a_token_and_rerolls_dice_of_this_roll() -> None:
    state = board(deal(2, {0: HAND}), tokens={0: 2})
    state, _ = run(state, Declare(0, "kestrel", tuple(KESTREL)), Roll(0, (1, 1, 1)))
    assert state.phase is Phase.ROLLED  # nothing fits, but a token could save the flight
    refused(state, Reroll(0, (2,)), Reason.NOT_ROLLED)
    refused(state, Reroll(0, (1, 1, 1, 1)), Reason.REROLL_COUNT)
    refused(state, Reroll(0, (1, 1), (5,)), Reason.BAD_OUTCOME)
    state, events = run(state, Reroll(0, (1, 1), (6, 6)))
    assert only(events, "reroll").data["roll"] == [6, 6, 1] and state.tokens[0] == 1
    state, _ = run(state, Reroll(0, (1,), (3,)))
    assert state.tokens[0] == 0 and state.flight is not None and state.flight.rerolls == 2
    refused(state, Reroll(0, (3,), (3,)), Reason.NO_TOKEN)


def test_with_tokens_the_pilot_may_give_up_a_roll_that_fits_nothing() -> None:
    state = board(deal(2, {0: HAND}), tokens={0: 1})
    state, _ = run(state, Declare(0, "kestrel", tuple(KESTREL)), Roll(0, (1, 1, 1)))
    state, events = run(state, Stop(0))
    assert only(events, "flight_end").data["why"] == "no_fit" and state.tokens[0] == 1


# --------------------------------------------------------------------------- declaring


def test_three_cards_must_match_the_plans_colours() -> None:
    state = deal(2, {0: HAND})
    refused(state, Declare(0, "kestrel", ("red4a", "red3a", "yellow7a")), Reason.PLAN_COLORS)
    refused(state, Declare(0, "swift", ("red4a", "blue12a", "yellow7a")), Reason.PLAN_COLORS)
    refused(state, Declare(0, "eagle", tuple(KESTREL)), Reason.NO_SUCH_PLAN)
    refused(state, Declare(0, "kestrel", ("red4a", "blue12a", "yellow9a")), Reason.NOT_IN_HAND)
    refused(state, Declare(0, "kestrel", ("red4a", "blue12a")), Reason.CARD_COUNT)


def test_three_new_cards_replace_a_plans_cards() -> None:
    state = board(deal(2, {0: HAND}), plans={"kestrel": ["red9a", "blue9a", "yellow9a"]})
    state, events = run(state, Declare(0, "kestrel", tuple(KESTREL)))
    assert [c["id"] for c in only(events, "declare").data["replaced"]] == [
        "red9a",
        "blue9a",
        "yellow9a",
    ]
    assert state.discard["A"] == ("red9a", "blue9a") and state.discard["B"] == ("yellow9a",)


def test_one_card_upgrades_a_full_plan_from_round_2() -> None:
    hand = ["red8a", "red3a", "blue5a", "green3a", "yellow3a", "yellow4a"]
    full = {"kestrel": ["red7a", "blue9a", "yellow9a"]}
    state = board(deal(2, {0: hand}), plans=full)
    refused(state, Declare(0, "kestrel", ("red8a",)), Reason.UPGRADE_FIRST_ROUND)
    state = board(deal(2, {0: hand}), plans=full, round=2)
    refused(state, Declare(0, "swift", ("red8a",)), Reason.PLAN_NOT_FULL)
    refused(state, Declare(0, "kestrel", ("red3a",)), Reason.UPGRADE_NOT_HIGHER)
    refused(state, Declare(0, "kestrel", ("blue5a",)), Reason.UPGRADE_NOT_HIGHER)
    refused(state, Declare(0, "kestrel", ("green3a",)), Reason.PLAN_COLORS)
    state, _events = run(state, Declare(0, "kestrel", ("red8a",)))
    assert state.plans["kestrel"] == ("red8a", "blue9a", "yellow9a")
    assert state.discard["A"] == ("red7a",) and state.flight is not None
    state, _ = run(state, Roll(0, (1, 1, 1)))  # fails; one card was laid: one is drawn back
    assert state.phase is Phase.REFILL and state.refill == 1


def test_flying_a_plan_as_it_lies_is_an_option() -> None:
    full = {"kestrel": ["red7a", "blue9a", "yellow9a"]}
    state = board(deal(2, {0: HAND}), plans=full)
    refused(state, Declare(0, "kestrel", ()), Reason.CARD_COUNT)
    state = board(deal(2, {0: HAND}, options=Options(fly_existing=True)), plans=full)
    state, _ = run(state, Declare(0, "kestrel", ()), Roll(0, (1, 1, 1)))
    assert state.to_move == 1  # nothing laid, nothing drawn back


# --------------------------------------------------------------------------- exchanges


def test_an_exchange_draws_one_to_three_then_discards_as_many() -> None:
    state = deal(2, {0: HAND}, top={"A": ["red11a", "blue10a"], "B": ["green9a"]})
    refused(state, EndDraw(0), Reason.MUST_DRAW)
    state, events = run(state, Draw(0, "A"))
    assert only(events, "draw").view(0)["secret"]["card"]["id"] == "red11a"
    assert "secret" not in only(events, "draw").view(1)  # the others see the back only
    state, _ = run(state, Draw(0, "B"), EndDraw(0))
    assert state.phase is Phase.DISCARD and len(state.hands[0]) == 8
    refused(state, Discard(0, ("red3a",)), Reason.DISCARD_COUNT)
    refused(state, Discard(0, ("red3a", "blue9a")), Reason.NOT_IN_HAND)
    refused(state, Discard(0, ("red3a", "red3a")), Reason.SAME_CARD_TWICE)
    state, events = run(state, Discard(0, ("red3a", "green9a")))
    assert sorted(state.hands[0]) == sorted([c for c in HAND if c != "red3a"] + ["red11a"])
    assert state.discard == {"A": ("red3a",), "B": ("green9a",)} and state.to_move == 1


def test_the_third_draw_ends_the_drawing() -> None:
    state, _ = run(deal(2, {0: HAND}), Draw(0, "A"), Draw(0, "A"), Draw(0, "B"))
    assert state.phase is Phase.DISCARD
    refused(state, Draw(0, "A"), Reason.NOT_NOW)


def test_passing_is_an_option() -> None:
    state, events = run(deal(2, {0: HAND}, options=Options(allow_pass=True)), EndDraw(0))
    assert "pass" in types(events) and state.to_move == 1


def test_an_empty_draw_pile_takes_its_discards_shuffled() -> None:
    state = deal(2, {0: HAND}, top={"B": ["green9a"]})
    state = state.clone()
    state.discard["B"] = state.draw["B"][1:]
    state.draw["B"] = ()
    after, events = state.apply(Draw(0, "B"))
    reshuffle = only(events, "reshuffle").data
    assert reshuffle["deck"] == "B" and after.discard["B"] == ()
    recorded = after.history[-1]
    assert isinstance(recorded, Draw) and recorded.shuffled is not None
    assert sorted(recorded.shuffled) == sorted(state.discard["B"])
    again, _ = state.apply_recorded(recorded)  # a replay reads the order
    assert again.same_as(after)
    refused(state, Draw(0, "B", ("green9a",)), Reason.BAD_OUTCOME)


def test_a_deck_with_no_cards_anywhere_cannot_be_drawn() -> None:
    state = deal(2, {0: HAND}).clone()
    state.draw["A"] = ()
    refused(state, Draw(0, "A"), Reason.DECK_EMPTY)
    assert Draw(0, "A") not in state.legal_actions(0) and Draw(0, "B") in state.legal_actions(0)


# --------------------------------------------------------------------------- the free flight

FREE_HAND = ["blue9a", "blue8a", "red5a", "red4a", "green3a", "yellow3a"]


def free_state(**extra: object):
    """Player 0 is free: 12 on three plans, 10 on Albatross (46 points), holding FREE_HAND."""
    state = deal(2, {0: FREE_HAND}, top={"A": ["red12a"], "B": ["green12a"]})
    state = register_all(state, 0, 12)
    return board(
        state, status={0: Status.FREE}, best={"albatross": {0: 10}}, scores={0: 46}, **extra
    )  # type: ignore[arg-type]


def test_all_four_plans_registered_make_the_next_turn_a_free_one() -> None:
    state = board(
        deal(2, {0: HAND}),
        best={"swift": {0: 9}, "heron": {0: 9}, "albatross": {0: 9}},
        first12={"kestrel": 1},
    )
    state, events = worked_example_flight(state)
    state, events = run(state, Draw(0, "A"), Draw(0, "A"), Draw(0, "A"))
    assert "all_plans" in types(events) and state.status[0] is Status.FREE
    refused(
        board(state, active=0), Declare(0, "kestrel", tuple(state.hands[0][:3])), Reason.NOT_NORMAL
    )


def test_the_free_flight_needs_25_difficulty_six_dice_three_to_six_cards() -> None:
    state = free_state()
    refused(
        deal(2, {0: FREE_HAND}),
        DeclareFree(0, ("blue9a", "blue8a", "red5a", "red4a")),
        Reason.NOT_FREE,
    )
    refused(state, DeclareFree(0, ("blue9a", "blue8a")), Reason.FREE_CARD_COUNT)
    refused(state, DeclareFree(0, ("blue9a", "blue8a", "red5a")), Reason.FREE_TOO_EASY)
    hard = board(
        deal(2, {0: ["red12a", "blue12a", "green12a", "yellow12a", "red3a", "blue3a"]}),
        status={0: Status.FREE},
    )
    refused(
        hard,
        DeclareFree(0, ("red12a", "blue12a", "green12a", "yellow12a")),
        Reason.FREE_TOO_MANY_DICE,
    )
    assert hard.is_legal(DeclareFree(0, ("red12a", "blue12a", "green12a")))


def test_the_seeds_9_9_6_free_flight_is_too_easy() -> None:
    state = board(
        deal(2, {0: ["red9a", "blue9a", "green6a", "red3a", "blue3a", "yellow3a"]}),
        status={0: Status.FREE},
    )
    refused(state, DeclareFree(0, ("red9a", "blue9a", "green6a")), Reason.FREE_TOO_EASY)


def test_the_seeds_free_flight_scores_18_and_replaces_the_worst_plan() -> None:
    state = free_state(tokens={0: 1})
    state, events = run(state, DeclareFree(0, ("blue9a", "blue8a", "red5a", "red4a")))
    assert sorted(c["id"] for c in only(events, "free_declared").data["discarded"]) == [
        "green3a",
        "yellow3a",
    ]
    assert state.hands[0] == [] and state.phase is Phase.HIGHLIGHT
    refused(state, Highlight(0, "green3a"), Reason.NOT_IN_FLIGHT)
    state, _ = run(
        state,
        Highlight(0, "blue9a"),
        SeventhDie(0),
        Roll(0, (4, 5, 1)),
    )
    refused(state, Assign(0, "blue9a", (4, 5, 1)), Reason.HIGHLIGHT_EXACT)
    state, events = run(
        state,
        Assign(0, "blue9a", (4, 5)),  # exact: 6, counted twice
        Roll(0, (4, 5, 2)),
        Assign(0, "blue8a", (4, 5)),  # over: 2
        Roll(0, (6, 1, 1)),
        Assign(0, "red5a", (6,)),  # over: 1
        Roll(0, (4, 2)),
        Assign(0, "red4a", (4,)),  # exact: 2, one die left
    )
    scored = only(events, "free_scored").data
    assert (scored["score"], scored["worst"], scored["gain"]) == (18, 10, 8)
    assert scored["worst_plan"] == "albatross"
    assert (
        state.scores[0] == 54
        and state.status[0] is Status.DONE
        and state.replaced[0] == "albatross"
    )


def test_a_free_flight_no_better_than_the_worst_plan_changes_nothing() -> None:
    state = free_state()
    state = board(state, best={p: {0: 20} for p in ("swift", "kestrel", "heron", "albatross")})
    state, events = run(
        state,
        DeclareFree(0, ("blue9a", "blue8a", "red5a", "red4a")),
        Highlight(0, "red4a"),
        Roll(0, (4, 5, 4)),
        Assign(0, "blue9a", (4, 5)),
        Roll(0, (4, 4, 2)),
        Assign(0, "blue8a", (4, 4)),
        Roll(0, (6, 1)),
        Assign(0, "red5a", (6,)),
        Roll(0, (4,)),
        Assign(0, "red4a", (4,)),
    )
    scored = only(events, "free_scored").data
    assert scored["gain"] == 0 and state.scores[0] == 46 and state.status[0] is Status.DONE


def test_a_failed_free_flight_costs_2_and_is_flown_again() -> None:
    state = free_state()
    state, events = run(
        state,
        DeclareFree(0, ("blue9a", "blue8a", "red5a", "red4a")),
        Highlight(0, "red4a"),
        Roll(0, (1, 1, 1)),
    )
    assert only(events, "free_failed").data["cost"] == 2 and state.scores[0] == 44
    assert state.status[0] is Status.RETRY and "bonus" not in types(events)
    # Player 1 plays, then player 0 must fly the same plan again; the highlight may move.
    state, _ = run(state, Draw(1, "A"), EndDraw(1), Discard(1, (state.hands[1][0],)))
    assert state.to_move == 0 and state.phase is Phase.HIGHLIGHT
    assert state.legal_actions(0) == [Highlight(0, c) for c in state.free_plans[0] or ()]
    state, _ = run(state, Highlight(0, "blue9a"))
    assert state.flight is not None and state.flight.highlight == "blue9a"


def test_failing_a_free_flight_on_its_last_card_earns_a_bonus() -> None:
    _state, events = run(
        free_state(),
        DeclareFree(0, ("blue9a", "blue8a", "red5a", "red4a")),
        Highlight(0, "red4a"),
        Roll(0, (4, 5, 1)),
        Assign(0, "blue9a", (4, 5)),
        Roll(0, (4, 4, 1)),
        Assign(0, "blue8a", (4, 4)),
        Roll(0, (6, 1)),
        Assign(0, "red5a", (6,)),
        Roll(0, (5,)),
    )
    assert only(events, "free_failed") and only(events, "bonus").data["reasons"] == ["last_card"]


def test_a_free_player_pays_a_point_per_exchanged_card() -> None:
    state, _ = run(free_state(), Draw(0, "A"), Draw(0, "B"), EndDraw(0))
    state, events = run(state, Discard(0, ("green3a", "yellow3a")))
    assert only(events, "discard").data["cost"] == 2 and state.scores[0] == 44


# --------------------------------------------------------------------------- the end


def seer_scores(state) -> list[int]:
    return list(state.observation(SEER)["result"]["scores"])


def free_success(state, seat: int):
    """``seat`` (FREE, holding FREE_HAND) flies the seed's free flight successfully."""
    return run(
        state,
        DeclareFree(seat, ("blue9a", "blue8a", "red5a", "red4a")),
        Highlight(seat, "red4a"),
        Roll(seat, (4, 5, 4)),
        Assign(seat, "blue9a", (4, 5)),
        Roll(seat, (4, 4, 2)),
        Assign(seat, "blue8a", (4, 4)),
        Roll(seat, (6, 1)),
        Assign(seat, "red5a", (6,)),
        Roll(seat, (4,)),
        Assign(seat, "red4a", (4,)),
    )


def test_the_game_ends_with_the_round_of_the_first_free_flight() -> None:
    state = deal(3, {1: FREE_HAND})
    state = board(register_all(state, 1, 10), status={1: Status.FREE}, active=1)
    state, events = free_success(state, 1)
    assert state.end_round == 1 and not state.is_over and state.to_move == 2
    state, events = run(state, Draw(2, "A"), EndDraw(2), Discard(2, (state.hands[2][0],)))
    assert state.is_over and only(events, "game_over").data["reason"] == "free_flight"
    assert state.round == 1  # player 0, first of round 2, never plays


def test_the_game_ends_at_once_when_the_last_of_the_round_succeeds() -> None:
    state = deal(2, {1: FREE_HAND})
    state = board(register_all(state, 1, 10), status={1: Status.FREE}, active=1)
    state, _events = free_success(state, 1)
    assert state.is_over and seer_scores(state) == [0, 50]  # 40 + (20 - 10)
    assert state.observation(0)["result"]["winners"] == [1]


def test_players_done_are_skipped_and_ties_share_the_victory() -> None:
    state = deal(3, {0: FREE_HAND}, first=0)
    state = board(register_all(state, 0, 10), status={0: Status.FREE}, scores={1: 50, 2: 10})
    state, _ = free_success(state, 0)
    assert state.status[0] is Status.DONE and state.to_move == 1
    state, _ = run(state, Draw(1, "A"), EndDraw(1), Discard(1, (state.hands[1][0],)))
    state, events = run(state, Draw(2, "A"), EndDraw(2), Discard(2, (state.hands[2][0],)))
    result = only(events, "game_over").data
    assert result["winners"] == [0, 1] and result["scores"] == [50, 50, 10]


def test_the_round_cap_option_ends_the_game() -> None:
    state = deal(2, {0: HAND}, options=Options(max_rounds=1))
    state, _ = run(state, Draw(0, "A"), EndDraw(0), Discard(0, ("red3a",)))
    state, events = run(state, Draw(1, "A"), EndDraw(1), Discard(1, (state.hands[1][0],)))
    assert only(events, "game_over").data["reason"] == "round_cap"
    with pytest.raises(IllegalActionError) as info:
        state.apply(Draw(0, "A"))
    assert info.value.reason is Reason.GAME_OVER


# --------------------------------------------------------------------------- turns and seats


def test_only_the_active_seat_decides() -> None:
    state = deal(3, {0: HAND})
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    refused(state, Draw(1, "A"), Reason.NOT_YOUR_DECISION)
    refused(state, Draw(7, "A"), Reason.NO_SUCH_PLAYER)


def test_a_refused_action_changes_nothing() -> None:
    state = deal(2, {0: HAND})
    before = state.clone()
    refused(state, Declare(0, "kestrel", ("red4a", "red3a", "yellow7a")), Reason.PLAN_COLORS)
    assert state.same_as(before)
