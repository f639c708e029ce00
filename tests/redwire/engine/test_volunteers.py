"""Mission 45's rules on hand-made deals (``volunteers``): each turn the captain turns up a
Number card; the first to say "Snip!" cuts that value (the game asks from the captain clockwise,
anyone may say it any time of the call); "Snip!" without the value moves the detonator one step
and everyone learns it; nobody volunteers: the captain names a player (himself included), who
cuts the value or, lacking it, puts a true info token in front of a blue wire of his choice and
the detonator moves one step; a player with only red wires says "Snip!" to reveal them; cards
fully cut are discarded and the deck reshuffled."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.redwire import Cut, GameState, IllegalActionError, Pick, SoloCut
from engine.redwire.bots.knowledge import Knowledge
from engine.redwire.errors import Reason
from engine.redwire.mechanisms import volunteers
from engine.redwire.mechanisms.volunteers import (
    VOL_NAME,
    VOL_TOKEN,
    VOLUNTEER,
    NameVolunteer,
    PassVolunteer,
    Volunteer,
    VolunteerReason,
)
from engine.redwire.model import Phase

from .helpers import fill_deal, game, play, types
from .walk import WalkStats, walk_game

FIXED = {
    0: ["1", "1", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6"],
    1: ["2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7", "7", "8"],
}
#: stand 2: 3.5 6 7 7 8 8 8 9 9 9 9 9.5; stand 3: 10 10 10 10 11 11 11 11 12 12 12 12.
STANDS = fill_deal(45, 4, 0, FIXED, red=["3.5", "9.5"])
ORDERS = [[1, 2, 12, 3, 4, 5, 6, 7, 8, 9, 10, 11]] + [list(range(12, 0, -1))] * 7


def m45(captain: int = 0) -> GameState:
    return game(
        45,
        4,
        STANDS,
        captain=captain,
        equipment=[1, 4, 8, 12],
        parts={"volunteers": {"orders": ORDERS}},
    )


def refused(state: GameState, action: object) -> object:
    before = state.clone()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)  # type: ignore[arg-type]
    assert state.same_as(before)  # a refusal leaves the state unchanged
    return err.value.reason


def test_each_turn_the_captain_turns_up_a_card_and_asks_from_himself() -> None:
    state = m45(captain=2)
    card = next(e for e in state.log if e.type == "volunteer_card")
    assert card.data == {"seat": 2, "value": 1}
    assert state.phase is VOLUNTEER and state.to_move == 2
    part = volunteers.view(state.observation(1))
    assert part is not None and part["current"] == 1 and part["captain"] == 2 and part["calling"]
    # Anyone with wires may say Snip!; only the seat asked may pass the question on.
    assert [a for a in state.legal_actions(0) if a.type == "volunteer"] == [Volunteer(0)]
    assert not any(a.type == "pass_volunteer" for a in state.legal_actions(0))
    assert refused(state, PassVolunteer(0)) is Reason.NOT_YOUR_DECISION


def test_a_volunteer_holding_the_value_must_cut_it() -> None:
    state = m45()
    state, events = play(state, Volunteer(0))
    assert types(events) == ["volunteer", "turn"] and state.active == 0
    assert events[0].data == {"seat": 0, "value": 1, "held": True}
    assert refused(state, SoloCut(0, 5)) is VolunteerReason.VOLUNTEER_VALUE
    assert refused(state, Cut(0, ((1, 0),), (2,))) is VolunteerReason.VOLUNTEER_VALUE
    cuts = [a for a in state.legal_actions(0) if isinstance(a, Cut | SoloCut)]
    assert cuts and all(getattr(a, "values", (getattr(a, "value", 0),)) in ((1,), 1) for a in cuts)
    state, events = play(state, SoloCut(0, 1))
    # The turn is over: the next card (2) and the call again, from the captain.
    assert next(e for e in events if e.type == "volunteer_card").data["value"] == 2
    assert state.phase is VOLUNTEER and state.to_move == 0


def test_snip_without_the_value_costs_a_step_and_the_card_stays_up() -> None:
    state = m45()
    dial = state.dial
    state, events = play(state, Volunteer(1))  # seat 1 holds no 1 (said out of turn)
    assert types(events) == ["volunteer", "dial"] and state.dial == dial - 1
    assert events[0].data["held"] is False
    assert state.phase is VOLUNTEER and state.to_move == 0  # still the captain's question
    assert refused(state, Volunteer(1)) is VolunteerReason.VOLUNTEER_AGAIN
    part = volunteers.view(state.observation(2))
    assert part is not None and part["wrong"] == [1] and part["current"] == 1
    # What it proves: seat 2's solver knows no wire of seat 1 is a 1.
    know = Knowledge(state.observation(2))
    assert all(know.chance(slot, (1,)) == 0 for slot in know.hand_of(1))


def test_the_asked_seat_who_snips_wrongly_passes_the_question_on() -> None:
    state = m45()
    state, _ = play(state, PassVolunteer(0))
    assert state.to_move == 1
    state, _ = play(state, Volunteer(1))
    assert state.phase is VOLUNTEER and state.to_move == 2


def test_nobody_volunteers_the_captain_names_a_holder_who_cuts() -> None:
    state = m45()
    state, events = play(state, *(PassVolunteer(s) for s in range(4)))
    assert events[-1].data == {"seat": 3, "next": None}
    assert state.phase is VOL_NAME and state.to_move == 0
    assert [a.named for a in state.legal_actions(0) if isinstance(a, NameVolunteer)] == [0, 1, 2, 3]
    assert refused(state, Volunteer(2)) is Reason.NOT_NOW  # the call is over
    assert refused(state, NameVolunteer(1, 1)) is Reason.NOT_YOUR_DECISION
    state, events = play(state, NameVolunteer(0, 0))  # himself
    assert events[0].data == {"seat": 0, "named": 0, "value": 1, "held": True}
    assert state.phase is Phase.TURN and state.active == 0
    assert refused(state, SoloCut(0, 2)) is VolunteerReason.VOLUNTEER_VALUE


def test_a_named_player_without_the_value_places_a_token_of_his_choice_and_a_step() -> None:
    state = m45()
    dial = state.dial
    state, events = play(state, *(PassVolunteer(s) for s in range(4)), NameVolunteer(0, 3))
    assert types(events)[-3:] == ["name_volunteer", "turn", "dial"] and state.dial == dial - 1
    assert state.phase is VOL_TOKEN and state.to_move == 3
    # His blue wires without a token: he chooses (here his last 12).
    assert refused(state, Pick(2, 2, 0)) is Reason.NOT_YOUR_DECISION
    state, events = play(state, Pick(3, 3, 11))
    token = next(e for e in events if e.type == "token")
    assert token.data["value"] == 12 and token.data["reason"] == "volunteers"
    assert next(e for e in events if e.type == "volunteer_card").data["value"] == 2
    know = Knowledge(state.observation(1))
    assert all(know.chance(slot, (1,)) == 0 for slot in know.hand_of(3))


def test_a_player_with_only_red_wires_says_snip_to_reveal_them() -> None:
    state = m45()
    table = state.clone()
    for wire, code in enumerate(table.codes):  # every blue wire of seat 2 already cut
        stand, _ = table.position_of(wire)
        if stand == 2 and code % 10 == 0:
            table.mark_cut(wire)
    state, events = play(table, Volunteer(2))
    assert events[0].data == {"seat": 2, "value": 1, "held": False, "reds": True}
    plays = [a for a in state.legal_actions(2) if a.type in ("reveal", "cut", "solo")]
    assert state.active == 2 and [a.type for a in plays] == ["reveal"]
    state, events = play(state, plays[0])
    assert "volunteer_card" in types(events)


def test_a_fully_cut_card_is_discarded_and_the_deck_reshuffled() -> None:
    state = m45()
    table = state.clone()
    for wire, code in enumerate(table.codes):  # every 2 cut already
        if code == 20:
            table.mark_cut(wire)
    table.set_part(volunteers.ID, volunteers.VolunteersPart(deck=(2, 5), current=1))
    events: list[Event] = []
    assert volunteers._open(table, events)
    part = table.part(volunteers.ID, volunteers.VolunteersPart)
    assert (part.current, part.gone, part.used) == (5, (2,), (1,))
    assert volunteers._open(table, events)  # the deck is empty: the used cards reshuffled
    part = table.part(volunteers.ID, volunteers.VolunteersPart)
    # The second order (12 down to 1) of the used cards 1 and 5: 5 on top.
    assert (part.current, part.shuffles, part.deck) == (5, 1, (1,))


def test_the_cutter_plays_a_normal_turn_once_he_holds_no_wire_of_the_value() -> None:
    state = m45()
    state, _ = play(state, Volunteer(0))
    table = state.clone()
    for wire, code in enumerate(table.codes):
        if code == 10:
            table.mark_cut(wire)  # as if his 1s had left his stand
    assert volunteers._cut_value(table, 0) is None
    assert any(isinstance(a, SoloCut) and a.value == 4 for a in table.legal_actions(0)) is False
    assert any(isinstance(a, Cut) and a.values == (2,) for a in table.legal_actions(0))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    """The walk's checks, the hidden twin included (the deck's order and the shuffles to come
    scrambled), over whole games at every player count."""
    stats = WalkStats()
    walk_game(seed=4500 + players, mission=45, players=players, stats=stats)
    assert stats.action_types["volunteer"] or stats.action_types["name_volunteer"]


def test_bots_play_whole_games_with_reasons() -> None:
    """Every level makes the call and the naming from its observation, legally, with a reason."""
    from engine.redwire import new_game
    from engine.redwire.bots import make_bot

    seen: set[str] = set()
    for level, players in (("random", 3), ("cautious", 2), ("expert", 5)):
        state = new_game(45, players, 7)
        bots = [make_bot(level, seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.observation(seat), legal)
            assert action in legal
            explanation = bots[seat].explain()
            assert explanation.key
            seen.add(explanation.key)
            state, _ = state.apply(action)
    assert "vol_pass" in seen and seen & {"vol_sure", "vol_volunteer"}, seen
