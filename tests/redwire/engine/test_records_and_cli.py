"""Records, campaign progress, mission files and the command line."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.redwire import Record, RecordError, action_from_json, new_game
from engine.redwire.campaign import Campaign
from engine.redwire.cli import HELP, format_action, main, parse_action
from engine.redwire.errors import IllegalActionError, MissionError
from engine.redwire.mechanisms import ACTION_TYPES
from engine.redwire.missions import all_missions, load_mission, mission_ids, parse_mission

from .walk import WalkStats, walk_game

ROOT = Path(__file__).resolve().parents[3]


# --------------------------------------------------------------------------- records


def test_record_replays_the_same_game_and_events() -> None:
    final = walk_game(seed=21, mission=6, players=4, stats=WalkStats(), checks=False)
    assert len(final.record.actions) > 20
    record = Record.loads(final.record.dumps())
    replayed, replay_events = record.replay_events()
    assert replayed.same_as(final)
    assert [e.to_json() for e in replay_events] == [e.to_json() for e in final.log]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ('{"format": "chess"}', "unknown format"),
        ('{"format": "fusebox.redwire.record", "version": 99, "actions": []}', "version 99"),
        (
            '{"format": "fusebox.redwire.record", "version": 1, "setup": {}, "actions": []}',
            "damaged",
        ),
        ('{"format": "fusebox.redwire.record", "version": 1, "actions": {}}', "list of actions"),
    ],
)
def test_bad_records_are_refused_with_one_line(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.loads(text)


def test_an_altered_record_is_refused_at_the_bad_action() -> None:
    raw = json.loads(new_game(1, 2, seed=3).record.dumps())
    raw["actions"] = [{"type": "solo", "seat": 1, "value": 1}]
    with pytest.raises(RecordError, match="action 1 cannot be played"):
        Record.from_json(raw).replay()


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "cut", "seat": 0, "targets": [[0, 1]], "values": ["blue"]},
        {"type": "cut", "seat": 0, "targets": [0, 1], "values": [3]},
        {"type": "cut", "seat": True, "targets": [[0, 1]], "values": [3]},
        {"type": "cut", "seat": 0, "targets": [[0, 1]], "values": [3], "tool": "hammer"},
        {"type": "cut", "seat": 0, "targets": [[0, 1]], "values": [3], "extra": 1},
        {"type": "teleport", "seat": 0},
        {"type": "label", "seat": 0, "card": 5, "stand": 0, "slot": 0},
        {"seat": 0},
        [],
    ],
)
def test_malformed_actions_are_refused(raw: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        action_from_json(raw)
    assert caught.value.reason.value == "malformed"


def test_campaign_round_trip_unlocks_and_rotates_the_captain() -> None:
    campaign = Campaign()
    captain = campaign.next_captain(4, seed=5)
    campaign = campaign.finished(1, 4, captain, won=False)
    assert campaign.status(1) == "open" and campaign.next_captain(4, seed=5) == (captain + 1) % 4
    campaign = campaign.finished(1, 4, (captain + 1) % 4, won=True, assisted=True)
    assert campaign.status(2) == "open" and campaign.status(3) == "locked"
    again = Campaign.from_json(json.loads(json.dumps(campaign.to_json())))
    assert again == campaign and again.progress[1].assisted


@pytest.mark.parametrize(
    "raw",
    [
        {},
        {"format": "fusebox.redwire.campaign", "version": 2, "missions": {}},
        {
            "format": "fusebox.redwire.campaign",
            "version": 1,
            "missions": {"99": {"attempts": 1, "wins": 0}},
        },
        {
            "format": "fusebox.redwire.campaign",
            "version": 1,
            "missions": {"1": {"attempts": 1, "wins": 2}},
        },
        {"format": "fusebox.redwire.campaign", "version": 1, "last_captain": "x", "missions": {}},
    ],
)
def test_bad_campaigns_are_refused(raw: object) -> None:
    with pytest.raises(RecordError):
        Campaign.from_json(raw)


# --------------------------------------------------------------------------- missions


def test_the_missions_ship_and_validate() -> None:
    missions = all_missions()
    assert sorted(missions) == list(range(1, len(missions) + 1)) and len(missions) >= 9
    for mission in missions.values():
        assert mission.title["en"] and mission.title["it"] and mission.rules["it"]
    # The page's quick paths (one file read, no listing) agree with the full listing.
    assert mission_ids() == tuple(sorted(missions))
    assert all(load_mission(n) == missions[n] for n in mission_ids())


def _m4() -> dict[str, object]:
    import tomllib

    return tomllib.loads((ROOT / "missions" / "m04.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("id",), "four", "'id'"),
        (("wires", "blue"), [1, 13], "'wires.blue'"),
        (("wires", "red", "keep"), "two", "'wires.red.keep'"),
        (("wires", "yellow", "of"), 1, "'wires.yellow.of'"),
        (("equipment", "pool"), "all", "'equipment.pool'"),
        (("equipment", "exclude"), [13], "'equipment.exclude'"),
        (("title", "en"), "", "'title.en'"),
        (("colour",), "x", "'colour'"),
        (("mechanisms",), "equipment", "'mechanisms'"),
        (("mechanisms",), ["double_detector", "sequence:A"], "'mechanisms'"),
        (("mechanisms",), ["equipment", "equipment"], "'mechanisms'"),
        (("mechanisms",), ["double_detector:3", "equipment"], "'mechanisms.double_detector'"),
        (("mechanisms",), ["double_detector"], "'equipment'"),
        (("equipment", "edition"), {"FR": {"exclude": [1]}}, "'equipment.edition.FR'"),
        (("double_detector",), {"uses": 2}, "'double_detector'"),
    ],
)
def test_a_bad_mission_file_names_file_field_and_expectation(
    path: tuple[str, ...], value: object, field: str
) -> None:
    data = _m4()
    node: dict[str, object] = data
    for key in path[:-1]:
        node = node[key]  # type: ignore[assignment]
    node[path[-1]] = value
    if path == ("double_detector",):
        data["mechanisms"] = ["double_detector", "equipment"]
    with pytest.raises(MissionError) as caught:
        parse_mission(data, "m04.toml")
    text = str(caught.value)
    assert text.startswith("m04.toml: field ") and field in text and "expected" in text


# --------------------------------------------------------------------------- command line


def run_cli(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_play_with_bots_prints_a_transcript_and_saves_a_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, text = run_cli(
        "play",
        "--mission",
        "4",
        "--players",
        "4",
        "--seed",
        "7",
        "--bots",
        "all",
        "--save",
        str(save),
    )
    assert code == 0 and "Turn 1" in text and "Result:" in text
    record = Record.loads(save.read_text())
    assert record.setup.seed == 7 and record.replay().is_over


@pytest.mark.parametrize("mission", [m for m in sorted(all_missions()) if m >= 9])
def test_every_campaign_mission_plays_and_replays_at_every_player_count(
    mission: int, tmp_path: Path
) -> None:
    counts = load_mission(mission).players  # mission 34: 3 to 5
    for players in counts:
        # One whole game at the default level; at the other counts random bots, whose games
        # end sooner: what is checked here is the command line, saving and replaying (the
        # random walk and the bots' tests play every count to its end).
        level = () if players == counts[mission % len(counts)] else ("--level", "random")
        save = tmp_path / f"m{mission}-p{players}.json"
        code, text = run_cli(
            "play", "--mission", str(mission), "--players", str(players), "--seed", "5",
            "--bots", "all", *level, "--save", str(save),
        )  # fmt: skip
        assert code == 0 and "Result:" in text
        code, text = run_cli("replay", str(save))
        assert code == 0 and json.loads(text)["result"] in ("won", "exploded")


@pytest.mark.parametrize(
    "mission, says",
    [
        ("66", "mission 66 (The Final Countdown) cannot be played here. Needs the physical box"),
        ("0", "no mission 0: the missions are 1 to 65"),
        ("67", "no mission 67: the missions are 1 to 65"),
    ],
)
def test_a_mission_that_cannot_be_played_is_refused_with_its_reason(
    mission: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run_cli("play", "--mission", mission, "--players", "3", "--seed", "1")
    assert code == 2 and text == ""
    assert capsys.readouterr().err.startswith(f"play: {says}")


def test_same_seed_same_transcript() -> None:
    args = ("play", "--mission", "8", "--players", "5", "--seed", "3")
    assert run_cli(*args)[1] == run_cli(*args)[1]


def test_replay_prints_the_final_observation(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run_cli("play", "--mission", "2", "--players", "3", "--seed", "1", "--save", str(save))
    code, text = run_cli("replay", str(save), "--view", "1")
    obs = json.loads(text)
    assert code == 0 and obs["viewer"] == 1 and obs["result"] in ("won", "exploded")


def test_replay_of_a_bad_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fusebox.redwire.record", "version": 7}')
    result = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert (
        result.stderr.count("\n") == 1
        and "version 7" in result.stderr
        and "Traceback" not in result.stderr
    )
    missing = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_a_human_plays_seat_0_in_the_terminal() -> None:
    state = new_game(1, 2, seed=9, captain=0)
    first = format_action(state.legal_actions(0)[0])
    code, text = run_cli(
        "play",
        "--mission",
        "1",
        "--players",
        "2",
        "--seed",
        "9",
        "--captain",
        "0",
        "--human",
        "0",
        stdin=f"help\n{first}\nsolo 99\nquit\n",
    )
    assert code == 0 and "Dual Cut on wire" in text and "Game abandoned." in text
    assert "That action is not understood: values are 1..12 or yellow." in text
    # The human's board shows their own wires and only backs for the others.
    assert "?" in text


def test_action_syntax_round_trips() -> None:
    state = new_game(4, 2, seed=2)
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    seat = state.to_move
    assert seat is not None
    for action in state.legal_actions(seat)[:300]:
        assert parse_action(format_action(action), seat, state) == action


#: A sample value for each field of an action (a field missing here fails the test below: give
#: the new field a sample, and its action a terminal syntax).
SAMPLES: dict[str, object] = {
    "seat": 0,
    "stand": 1,
    "slot": 2,
    "value": 5,
    "values": (5,),
    "targets": ((1, 2),),
    "tool": None,
    "seats": (1,),
    "named": 1,
    "partner": 1,
    "target": 1,
    "next_seat": 1,
    "end": "left",
    "move": True,
    "swap": True,
    "same": True,
    "first": 7,
    "second": 3,
    "sign": "-",
    "discard": (2, 9),
    "to": 1,
    "flip": 1,
    "flips": (0, 1),
    "stand2": 1,
    "slot2": 4,
    "way": "clockwise",
    "facing": "left",
    "into": 1,
}
#: Fields whose sample depends on the action.
CARD_SAMPLES: dict[str, object] = {"label": 12, "choose_constraint": "B", "weakest_accuse": "C"}


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_every_action_type_has_a_terminal_syntax(kind: str) -> None:
    """Every action any mission adds can be typed at the terminal, and reads back the same."""
    cls = ACTION_TYPES[kind]
    values = {
        f.name: CARD_SAMPLES[kind] if f.name == "card" else SAMPLES[f.name]
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
    }
    action = cls(**values)
    text = format_action(action)
    assert text.split()[0] in HELP
    assert parse_action(text, 0, new_game(1, 3, seed=1)) == action


@pytest.mark.parametrize("mission", sorted(all_missions()))
def test_every_legal_action_of_a_real_game_round_trips(mission: int) -> None:
    """Random games of the mission: at every fifth decision, each legal action (the first 60)
    written as the terminal shows it reads back as the same action, in that position."""
    rng = random.Random(mission)
    checked = 0
    for seed in range(mission, mission + 60):  # mission 41's random games end at a first miss
        state = new_game(mission, 3, seed=seed)
        for step in range(400):
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            if step % 5 == 0:
                for action in legal[:60]:
                    assert parse_action(format_action(action), seat, state) == action
                    checked += 1
            state, _ = state.apply(rng.choice(legal))
        if checked >= 60:
            break
    assert checked >= 60
