"""What each viewer may see (spec §10.1) and the card data file (§2.3-2.4, §12 A1-A2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.core.events import SEER
from engine.countdown import CardDataError, new_game, parse_card_data
from engine.countdown.actions import Defuse, EndPlay, PickWire, PlayCard
from engine.countdown.cards import load_cards

from .helpers import INSIDE, out, play, table

CARDS_JSON = Path(__file__).resolve().parents[3] / "engine" / "countdown" / "cards.json"


def test_a_seat_sees_its_hand_and_notes_a_spectator_nothing_private_the_seer_everything() -> None:
    game = table(3, hands=[["analyze"], ["timer"], ["exit"]])
    game, _ = play(game, PlayCard(0, "analyze", 0), PickWire(0, 1))
    mine, other, spectator, seer = (game.observation(v) for v in (0, 1, None, SEER))
    assert mine["seats"][0]["hand"] is not None and mine["seats"][1]["hand"] is None
    assert other["seats"][1]["hand"] == ["timer"] and other["seats"][0]["hand"] is None
    assert all(s["hand"] is None for s in spectator["seats"])
    assert mine["notes"] == [{"position": 1, "colour": "blue", "round": 1}] and other["notes"] == []
    for obs in (mine, other, spectator):
        assert [w["colour"] for w in obs["combination"]] == [None] * 4
        assert obs["reserve"] == {"count": 4, "colours": None}
        assert all(s["notes"] is None for s in obs["seats"])
        assert obs["seats"][1]["hand_size"] == 1
    assert [w["colour"] for w in seer["combination"]] == ["red", "blue", "green", "yellow"]
    assert seer["reserve"]["colours"] == ["red", "blue", "green", "yellow"]
    assert seer["seats"][0]["notes"] == [{"position": 1, "colour": "blue", "round": 1}]
    assert seer["log"][-1]["secrets"] == {"0": {"colour": "blue"}}
    assert "secret" not in spectator["log"][-1] and "secrets" not in spectator["log"][-1]
    json.dumps(seer)


def test_public_facts_are_public() -> None:
    game = table(
        2,
        hands=[["cut_red", "exit"], []],
        agents=[INSIDE, out(True, False, ["green"], False)],
        mascot=1,
    )
    game, _ = play(game, PlayCard(0, "cut_red", 0), PlayCard(0, "exit", 1))
    obs = game.observation(None)
    assert obs["seats"][0]["agents"][0] == {
        "out": False,
        "cuts": ["red"],
        "acted": True,
        "by_alarm": False,
    }
    assert obs["seats"][1]["agents"][2]["cuts"] == ["green"] and obs["seats"][1]["outside"] == 1
    assert obs["mascot"] == 0 and obs["played"] == [
        {"agent": 0, "cards": ["cut_red"], "as": "cut_red", "wild": False},
        {"agent": 1, "cards": ["exit"], "as": "exit", "wild": False},
    ]
    assert obs["countdown"] == {"showing": 10, "left": list(range(10, 0, -1)), "wild_allowed": True}
    assert obs["cards"]["wires"] == {"blue": 2, "green": 2, "red": 2, "yellow": 2}
    assert obs["prompt"] == {"kind": "play", "seat": 0, "actor": 0}


def test_the_end_of_a_game_reveals_everything_to_everyone() -> None:
    game = table(
        2, hands=[[], ["timer"]], agents=[out(["red"], ["red"], ["blue"], ["blue"]), INSIDE]
    )
    game, _ = play(game, EndPlay(0), Defuse(0))
    obs = game.observation(None)
    assert obs["phase"] == "over" and obs["prompt"] is None
    assert [w["colour"] for w in obs["combination"]] == ["red", "blue", "green", "yellow"]
    assert obs["seats"][1]["hand"] == ["timer"] and obs["reserve"]["colours"] is not None


def test_an_observation_names_a_real_viewer() -> None:
    with pytest.raises(ValueError, match="no seat 5"):
        new_game(2, seed=1).observation(5)


# --------------------------------------------------------------------------- card data


def test_the_shipped_card_data_is_the_specs_provisional_table() -> None:
    data = load_cards()
    assert data.provisional
    assert dict(data.wires) == {"red": 2, "blue": 2, "green": 2, "yellow": 2}
    assert dict(data.actions) == {
        "analyze": 10, "cut_red": 6, "cut_blue": 6, "cut_green": 6, "cut_yellow": 6, "exit": 8,
        "intercept": 5, "timer": 5, "double_timer": 2, "alarm": 3, "reenter": 5, "bypass": 4,
    }  # fmt: skip
    assert json.loads(CARDS_JSON.read_text(encoding="utf-8"))["provisional"] is True


def _raw() -> dict:  # type: ignore[type-arg]
    return json.loads(CARDS_JSON.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["wires"].update(red=3), "field 'wires': expected 8 wires in all"),
        (lambda r: r["wires"].update(teal=0), "field 'wires.teal': expected a colour"),
        (lambda r: r["wires"].update(red=True), "field 'wires.red': expected a whole number"),
        (
            lambda r: r["actions"].update(analyze=11),
            "field 'actions': expected 66 action cards in all (the rulebook's count), got 67",
        ),
        (
            lambda r: r["actions"].pop("bypass"),
            "field 'actions.bypass': expected a whole number of cards",
        ),
        (lambda r: r["actions"].update(joker=1), "field 'actions.joker'"),
        (
            lambda r: r["actions"]["cut"].pop("yellow"),
            "field 'actions.cut': expected one count per wire colour",
        ),
        (lambda r: r["actions"].update(timer=-1), "field 'actions.timer'"),
        (lambda r: r.update(extra=1), "field 'extra'"),
        (lambda r: r.update(provisional="yes"), "field 'provisional'"),
    ],
)
def test_wrong_card_data_is_refused_naming_the_field(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    raw = _raw()
    edit(raw)
    with pytest.raises(CardDataError, match=re.escape(message)) as info:
        parse_card_data(raw, "cards.json")
    assert str(info.value).startswith("cards.json: field ")


def test_corrected_card_data_needs_no_code(tmp_path: Path) -> None:
    raw = _raw()
    raw["actions"].update(analyze=9, exit=9)
    raw["wires"] = {"red": 3, "blue": 1, "green": 2, "yellow": 2}
    data = parse_card_data(raw, "fixed.json")
    from engine.countdown import random_setup

    setup = random_setup(3, seed=4, cards=data)
    assert setup.all_cards()["exit"] == 9 and setup.all_wires()["red"] == 3
