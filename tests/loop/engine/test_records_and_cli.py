"""Records replay without rolling; damaged ones are refused with a reason; the command line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.cli import main as box_main
from engine.core import games, load_game
from engine.loop import GAME, Options, Record, RecordError, chance, new_game
from engine.loop.bots import make_bot
from engine.loop.cli import main


def played(players: int = 3, seed: int = 4, steps: int = 400):
    state = new_game(players, seed, options=Options(max_rounds=20))
    bots = [make_bot("basic", seat) for seat in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(
            bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        )
    return state


def test_a_replay_reads_the_dice_and_never_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    state = played()
    text = state.record.dumps()
    rolls = [a for a in state.history if a.type in ("roll", "reroll")]
    assert rolls and all(a.result is not None for a in rolls)  # type: ignore[union-attr]

    def no_chance(*args: object) -> object:
        raise AssertionError("a replay must not roll or shuffle")

    monkeypatch.setattr(chance, "roll", no_chance)
    monkeypatch.setattr(chance, "shuffled", no_chance)
    again, events = Record.loads(text).replay_events()
    assert again.same_as(state)
    assert [e.view(None) for e in events] == state.log_view(None)


def test_a_game_resumed_from_its_record_goes_on_with_the_same_dice() -> None:
    state = played(steps=150)
    resumed = Record.loads(state.record.dumps()).replay()
    seat = state.to_move
    assert seat is not None
    bot_a, bot_b = make_bot("basic", 3), make_bot("basic", 3)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        action = bot_a.choose(state.observation(seat), state.legal_actions(seat))
        assert action == bot_b.choose(resumed.observation(seat), resumed.legal_actions(seat))
        state, events = state.apply(action)
        resumed, again = resumed.apply(action)
        assert [e.to_json() for e in events] == [e.to_json() for e in again]


def test_damaged_records_are_refused_with_a_reason() -> None:
    state = played(steps=60)
    raw = state.record.to_json()
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{")
    with pytest.raises(RecordError, match="not a Loop the Loop record"):
        Record.from_json({**raw, "format": "fusebox.redwire.record"})
    with pytest.raises(RecordError, match="newer than this program"):
        Record.from_json({**raw, "version": 2})
    with pytest.raises(RecordError, match="record is damaged"):
        Record.from_json({**raw, "setup": {**raw["setup"], "players": 9}})
    with pytest.raises(RecordError, match="record is damaged: That action is not understood"):
        Record.from_json({**raw, "actions": [{"type": "fly"}]})
    # Dice altered by hand: the placement that followed no longer fits.
    actions = raw["actions"]
    index = next(
        i
        for i, a in enumerate(actions)
        if a["type"] == "roll" and i + 1 < len(actions) and actions[i + 1]["type"] == "assign"
    )
    bad = json.loads(json.dumps(raw))
    bad["actions"][index]["result"] = [9] * len(actions[index]["result"])
    with pytest.raises(RecordError, match=f"action {index + 1} cannot be played"):
        Record.from_json(bad).replay()


def test_the_registry_and_the_protocol() -> None:
    assert list(games()) == ["redwire", "countdown", "loop"]
    assert load_game("loop") is GAME
    info = games()["loop"]
    assert info.title == {"en": "Loop the Loop", "it": "Loop the Loop"}
    assert info.players == range(2, 7)


def test_the_command_line_plays_saves_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    out = io.StringIO()
    argv = ["play", "--players", "4", "--seed", "7", "--bots", "all", "--level", "basic"]
    assert main([*argv, "--save", str(save)], out=out) == 0
    assert "Game over" in out.getvalue()
    assert json.loads(save.read_text())["format"] == "fusebox.loop.record"
    capsys.readouterr()
    assert box_main(["replay", str(save), "--view", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["viewer"] == 1
    assert box_main(["play", "--game", "loop", *argv[1:]]) == 0
    assert capsys.readouterr().out == out.getvalue().replace(f"Record saved to {save}\n", "")
    assert box_main(["replay", str(tmp_path / "missing.json")]) == 2


def test_a_human_plays_in_the_terminal_by_number_and_by_word() -> None:
    typed = io.StringIO("help\nlegal\nfly nowhere x\n1\nkeep\n1\nquit\n")
    out = io.StringIO()
    code = main(
        [
            "play",
            "--players",
            "2",
            "--seed",
            "3",
            "--human",
            "0",
            "--first",
            "0",
            "--level",
            "basic",
        ],
        out=out,
        inp=typed,
    )
    text = out.getvalue()
    assert code == 0 and "Game abandoned." in text
    assert "There is no flight plan nowhere." in text and "draws from deck A" in text
