"""Rule sticker B (from mission 31) on hand-made deals: the new characters E1-E4 chosen at the
table for every seat but the captain, each with its personal equipment once per mission (the
Radar Sweep, the Walkie-Talkies, the Triple Scanner, the Either-Or Ray), instead of the Double
Detector; Spare Batteries turn them face up again; the choice is kept in the record."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Batteries,
    Cut,
    IllegalActionError,
    Pick,
    Radar,
    Record,
    SetupError,
    new_game,
)
from engine.redwire.mechanisms import double_detector, new_characters
from engine.redwire.mechanisms.new_characters import CharacterReason, OwnRadar, OwnWalkie

from .helpers import fill_deal, game, play

RED = ["4.5", "8.5"]
MARKERS = ["4.5", "8.5", "10.5"]
STANDS = fill_deal(
    31,
    4,
    0,
    {1: [1, 2, 2, 3, "4.5", 5, 6, 7, 8, 9, 10, 11, 12], 2: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]},
    red=RED,
)
#: The captain's entry (E4 here) is never used: he keeps the Double Detector.
CHOSEN = ["E4", "E1", "E2", "E3"]


def m31(chosen: list[str] | None = None, cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    parts = {
        "new_characters": {"characters": chosen or CHOSEN},
        "equipment": {"cards": cards or [1, 4, 6, 9]},
    }
    # Constraint cards (mission 31) that let each seat make the cuts these tests make.
    return game(31, 4, STANDS, parts=parts, red_markers=MARKERS, constraints=["C", "E", "A", "B"])


def unlocked(state, values):  # type: ignore[no-untyped-def]
    table = state.clone()
    for value in values:
        for wire, code in enumerate(table.codes):
            if code == 10 * value and table.cut_count(value) < 2:
                table.mark_cut(wire)
    return table


def to_seat_1(state):  # type: ignore[no-untyped-def]
    """The captain cuts a 1 of seat 1 (a hit), cuts his own, and seat 1 plays."""
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))
    while state.to_move == 0:
        state, _ = play(state, next(a for a in state.legal_actions(0) if isinstance(a, Pick)))
    assert state.to_move == 1
    return state


def test_the_captain_keeps_the_double_detector_and_everyone_sees_the_characters() -> None:
    state = m31()
    for viewer in (None, 0, 2):
        obs = state.observation(viewer)
        assert [new_characters.character_in(obs, s) for s in range(4)] == ["dd", "E1", "E2", "E3"]
        assert not double_detector.absent_in(obs, 0)
        assert all(double_detector.absent_in(obs, s) for s in (1, 2, 3))


def test_a_new_character_has_no_double_detector() -> None:
    state = to_seat_1(m31())
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(1, ((2, 0), (2, 1)), (5,), "double"))
    assert err.value.reason is CharacterReason.NOT_YOUR_CHARACTER
    assert not any(isinstance(a, Cut) and a.tool == "double" for a in state.legal_actions(1))


def test_e1_radar_any_time_once() -> None:
    state = m31()
    assert state.to_move == 0 and state.is_legal(OwnRadar(1, 7))  # not seat 1's turn
    assert not state.is_legal(OwnRadar(2, 7)) and not state.is_legal(Radar(1, 7))
    state, events = play(state, OwnRadar(1, 7))
    assert [e.type for e in events] == ["personal", "radar"]
    assert events[1].data["answers"] == [True, True, True, True]
    assert new_characters.view(state.observation(None))["characters"][1]["used"]  # type: ignore[index]
    with pytest.raises(IllegalActionError) as err:
        state.apply(OwnRadar(1, 3))
    assert err.value.reason is CharacterReason.PERSONAL_USED
    assert not any(isinstance(a, OwnRadar) for a in state.legal_actions(1))


def test_e2_walkie_talkies_partner_gives_one_back() -> None:
    state = m31()
    state, events = play(state, OwnWalkie(2, 2, 0, 1))  # seat 2 offers its 1 to seat 1
    assert events[-1].data == {"seat": 2, "character": "E2", "stand": 2, "slot": 0, "partner": 1}
    assert state.to_move == 1 and state.pending is not None
    state, events = play(state, Pick(1, 1, 12))  # seat 1 gives its 12
    walkie = events[-1]
    assert walkie.type == "walkie"
    assert walkie.view(2)["secret"] == {"gave": "1", "got": "12"}
    assert "secret" not in walkie.view(3)
    assert not state.is_legal(OwnWalkie(2, 2, 0, 1))


def test_e3_triple_scanner_on_three_wires_once() -> None:
    state = to_seat_1(m31(["dd", "E3", "E1", "E1"]))
    triples = [a for a in state.legal_actions(1) if isinstance(a, Cut) and a.tool is not None]
    assert triples and {a.tool for a in triples} == {"own_triple"}
    assert all(len(a.targets) == 3 for a in triples)
    state, events = play(state, triples[0])
    assert events[0].type == "personal" and events[0].data["character"] == "E3"
    while not state.is_over and state.to_move is not None:  # the owner's and the actor's picks
        picks = [a for a in state.legal_actions(state.to_move) if isinstance(a, Pick)]
        if not picks:
            break
        state, _ = play(state, picks[0])
    used = new_characters.view(state.observation(None))["characters"][1]["used"]  # type: ignore[index]
    assert used and not state.is_legal(triples[0])


def test_e4_either_or_ray_spent_before_the_card() -> None:
    chosen = ["dd", "E4", "E4", "E4"]
    state = to_seat_1(unlocked(m31(chosen, cards=[1, 4, 6, 10]), [10]))  # card 10 usable
    two = Cut(1, ((2, 5),), (5, 6))
    assert state.is_legal(two)
    state, events = play(state, two)
    assert events[0].type == "personal" and events[0].data["character"] == "E4"
    tray = state.observation(None)["mechanisms"]["equipment"]["cards"]
    assert next(c for c in tray if c["card"] == 10)["state"] == "usable"


def test_spare_batteries_turn_a_new_character_face_up() -> None:
    state = unlocked(m31(cards=[1, 4, 7, 9]), [7])
    assert not state.is_legal(Batteries(0, (1,)))
    state, _ = play(state, OwnRadar(1, 7))
    assert state.is_legal(Batteries(0, (1,)))
    state, _ = play(state, Batteries(0, (1,)))
    assert state.is_legal(OwnRadar(1, 3))


def test_the_choice_is_checked_and_kept_in_the_record() -> None:
    with pytest.raises(SetupError):
        m31(["dd", "E5", "dd", "dd"])
    with pytest.raises(SetupError):
        m31(["dd", "E1"])
    state = new_game(31, 3, 7, chosen={"new_characters": {"characters": ["E2", "E3", "E1"]}})
    again = Record.loads(state.record.dumps()).replay()
    assert again.setup == state.setup and again.setup.parts == state.setup.parts
    with pytest.raises(SetupError):
        new_game(21, 3, 7, chosen={"new_characters": {"characters": ["dd"] * 3}})
    assert new_characters.allowed(("no_e4",)) == ("E1", "E2", "E3")


def test_a_mission_that_forbids_e4_or_every_new_character() -> None:
    """``new_characters:no_e4`` (missions 44, 45, 47...) allows E1-E3 only: a record with E4 is
    refused and a person's E4 from the table gives the Double Detector back; a mission that does
    not list the mechanism (58) keeps every Double Detector."""
    import tomllib
    from pathlib import Path

    from engine.redwire.bots.characters import table_characters
    from engine.redwire.missions import parse_mission
    from engine.redwire.options import Options

    raw = tomllib.loads((Path(__file__).parents[3] / "missions" / "m31.toml").read_text())
    raw["mechanisms"] = ["new_characters:no_e4", "double_detector", "equipment"]
    spec = parse_mission(raw, "test")
    config = spec.config("new_characters")
    assert config.allowed == ("E1", "E2", "E3")
    mechanism = new_characters.MECHANISM
    with pytest.raises(SetupError):
        mechanism.setup_from_json(config, {"characters": ["dd", "E4"]}, 2, Options(), 44, {})
    ok = mechanism.setup_from_json(config, {"characters": ["dd", "E3"]}, 2, Options(), 44, {})
    assert ok.characters == ("dd", "E3")
    bad = dict(raw, mechanisms=["new_characters:e5", "double_detector", "equipment"])
    with pytest.raises(Exception, match="no_e4"):
        parse_mission(bad, "test")
    chosen, why = table_characters(
        30, 3, captain=0, levels=[None, "expert", None], picks=[None, None, "E4"], seed=1
    )
    assert chosen is None and why == [None, None, None]  # no new characters before mission 31
