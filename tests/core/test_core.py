"""The shared core: the record envelope, reasons, the registry and the box's command line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.core import (
    Envelope,
    IllegalActionError,
    ReasonCode,
    RecordError,
    State,
    games,
    load_game,
)


def test_the_envelope_migrates_step_by_step_and_refuses_what_it_cannot_read() -> None:
    env = Envelope(
        "demo",
        "save",
        version=3,
        migrations={1: lambda raw: {**raw, "a": 1}, 2: lambda raw: {**raw, "b": raw["a"] + 1}},
    )
    assert env.read({"format": "fusebox.demo.save", "version": 1}) == {
        "format": "fusebox.demo.save",
        "version": 3,
        "a": 1,
        "b": 2,
    }
    assert env.oldest == 1
    assert env.wrap({"x": 0}) == {"format": "fusebox.demo.save", "version": 3, "x": 0}
    for raw, message in (
        ([], "JSON object"),
        ({"format": "fusebox.other.save", "version": 1}, "not a fusebox.demo.save"),
        ({"format": "fusebox.demo.save", "version": "1"}, "whole number"),
        ({"format": "fusebox.demo.save", "version": 0}, "not supported"),
        ({"format": "fusebox.demo.save", "version": 4}, "newer than this program"),
    ):
        with pytest.raises(RecordError, match=message):
            env.read(raw)


def test_a_reason_fills_its_sentence_and_keeps_the_template_when_a_word_is_missing() -> None:
    class Why(ReasonCode):
        FULL = ("full", "Stand {stand} is full.")

    assert str(IllegalActionError(Why.FULL, stand=3)) == "Stand 3 is full."
    assert str(IllegalActionError(Why.FULL)) == "Stand {stand} is full."
    assert IllegalActionError(Why.FULL, stand=3).to_json() == {
        "reason": "full",
        "message": "Stand 3 is full.",
        "params": {"stand": 3},
    }


def test_every_registered_game_follows_the_protocol() -> None:
    assert "redwire" in games()
    for game_id, info in games().items():
        game = load_game(game_id)
        assert game.id == game_id == info.id
        players = info.players[0]
        state = game.new_game(players=players, seed=5)
        assert isinstance(state, State)
        seat = state.to_move
        assert seat is not None
        action = state.legal_actions(seat)[0]
        assert game.action_from_json(action.to_json()) == action
        after, events = state.apply(action)
        assert events and after is not state
        assert game.load_record(after.record.dumps()).replay().same_as(after)
        # An explicit setup (JSON, as a tutorial or a puzzle writes it) starts the same game.
        assert game.start(game.setup_from_json(state.setup.to_json())).same_as(state)
    with pytest.raises(KeyError, match="no game 'chess'"):
        load_game("chess")


def test_the_command_line_lists_games_and_dispatches_on_game_and_record(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["games"], out=out) == 0
    assert out.getvalue().startswith("redwire")
    save = tmp_path / "g.json"
    assert (
        main(
            [
                "play",
                "--game",
                "redwire",
                "--mission",
                "2",
                "--players",
                "2",
                "--seed",
                "3",
                "--save",
                str(save),
            ]
        )
        == 0
    )
    assert json.loads(save.read_text())["format"] == "fusebox.redwire.record"
    assert main(["replay", str(save), "--view", "0"]) == 0
    assert main(["play", "--game=nope"]) == 2
