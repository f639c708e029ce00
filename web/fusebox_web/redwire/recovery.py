"""Bringing back what a damaged save still holds, instead of starting afresh.

A saved game is its table and the engine's record (the deal and every action). When the record
breaks at action k (an action hand-edited into an illegal one, a file cut short, a value the
engine no longer reads), the first k - 1 actions still replay: the game resumes just before the
damage. Saved progress keeps every mission whose entry still reads. What cannot be read at all
(not a Red Wire save, a version newer than this page) is not guessed at: it stays in the
quarantine, where the player can download or restore it (``fusebox_web.shell.storage``).

The damaged text itself is never changed here: the caller has already set it aside.

>>> from engine import redwire
>>> state = redwire.new_game(1, 3, 5)
>>> for _ in range(5):
...     state, _ = state.apply(state.legal_actions(state.to_move)[0])
>>> from .table import PACES, Table
>>> data = {"table": Table.default().to_json(), "record": state.record.to_json()}
>>> data["record"]["actions"][3]["seat"] = 9  # hand-edited: there is no seat 9
>>> repaired = salvage_game(json.dumps(SAVES.wrap("game", data)))
>>> repaired.kept, repaired.broken_at, repaired.game.stage
(3, 4, 'playing')
>>> text = json.dumps(SAVES.wrap("game", {**data, "record": state.record.to_json()}))
>>> salvage_game(text[:-60]).kept  # cut short in the last action: the others replay
4
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.redwire.campaign import FORMAT as CAMPAIGN_FORMAT
from engine.redwire.campaign import VERSION as CAMPAIGN_VERSION
from engine.redwire.campaign import Campaign, MissionProgress
from engine.redwire.deal import Setup
from engine.redwire.game import start
from engine.redwire.mechanisms import action_from_json
from engine.redwire.missions import mission_ids
from engine.redwire.record import ENVELOPE

from ..shell.handoff import Device
from .notes import Note
from .storage import SAVES, BadData
from .table import PACES, Table

#: How many cut points of a truncated file are tried (from its end) before giving up.
CUT_TRIES = 400


def lenient_json(text: str) -> Any:
    """The JSON of ``text``, or of its longest prefix that can be closed into JSON (a file cut
    short keeps everything before the cut); None when nothing reads.

    >>> lenient_json('{"a": [1, 2, {"b": 3}, {"c"')
    {'a': [1, 2, {'b': 3}]}
    >>> lenient_json("nothing") is None
    True
    """
    try:
        return json.loads(text)
    except ValueError:
        pass
    stack: list[str] = []
    cuts: list[tuple[int, str]] = []
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append("}" if ch == "{" else "]")
        elif ch in "}]":
            if not stack:
                break
            stack.pop()
            cuts.append((i + 1, "".join(reversed(stack))))
        elif ch == ",":
            # Everything before a comma is whole: close what is open after it.
            cuts.append((i, "".join(reversed(stack))))
    for pos, closing in reversed(cuts[-CUT_TRIES:]):
        try:
            return json.loads(text[:pos] + closing)
        except ValueError:
            continue
    return None


@dataclass(frozen=True)
class RepairedGame:
    """A saved game brought back: ``kept`` actions replayed; ``broken_at`` is the (1-based)
    action that could not be read or played (None: the record was whole, something else of
    the save was damaged and was reset)."""

    game: Any  # session.Game (imported lazily: the session imports this module)
    kept: int
    broken_at: int | None
    #: The computer seats whose level was unknown (seat, the level as saved): they play at
    #: the best level.
    levels: tuple[tuple[int, str], ...] = ()
    #: Those levels were all that kept the save from loading as it was.
    only_levels: bool = False


def salvage_game(text: str) -> RepairedGame | None:
    """The game a damaged save still holds, up to the last action that replays (None when it
    holds no readable deal, or is newer than this page)."""
    from .session import STAGES, Game, unknown_levels

    raw = lenient_json(text)
    try:
        data = SAVES.unwrap("game", raw)
    except (BadData, KeyError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        record = ENVELOPE.read(data.get("record"))
        setup = Setup.from_json(record.get("setup"))
        state = start(setup)
    except Exception:  # no deal to replay: nothing to bring back
        return None
    actions = record.get("actions")
    actions = actions if isinstance(actions, list) else []
    broken_at: int | None = None
    for index, item in enumerate(actions):
        try:
            state, _ = state.apply(action_from_json(item))
        except Exception:
            broken_at = index + 1
            break
    kept = len(state.history)
    try:
        table, table_read = Table.from_json(data.get("table")), True
        if table.players != state.players:
            raise ValueError("players")
    except Exception:
        table, table_read = lenient_table(data.get("table"), state.players), False
    seats = range(state.players)

    def seat_or_none(value: object) -> int | None:
        return (
            value
            if isinstance(value, int) and not isinstance(value, bool) and value in seats
            else None
        )

    stage = data.get("stage")
    if state.is_over:
        stage = "over"
    elif stage not in STAGES or stage == "over":
        stage = "playing" if kept else "briefing"
    notes = []
    for item in data.get("notes", []) if isinstance(data.get("notes"), list) else []:
        try:
            note = Note.from_json(item)
        except ValueError:
            continue
        if note.at <= len(state.log):
            notes.append(note)
    game = Game(
        state,
        table,
        Device(seat_or_none(data.get("holder")), seat_or_none(data.get("handoff"))),
        str(stage),
        data.get("counted") is True and state.is_over,
        data.get("assisted") is True,
        notes,
        data.get("odds") is True,
        _clock(data.get("clock")),
    )
    levels = tuple(unknown_levels(data.get("table"))) if table_read else ()
    only_levels = False
    if levels and broken_at is None:
        try:  # the same save with the levels read as the best one
            Game.from_json({**data, "table": table.to_json()})
            only_levels = True
        except Exception:
            pass
    return RepairedGame(game, kept, broken_at, levels, only_levels)


def _clock(raw: object) -> float:
    """A mission countdown's seconds run, if the damaged save kept a readable one."""
    if isinstance(raw, bool) or not isinstance(raw, int | float) or raw < 0:
        return 0.0
    return float(raw)


@dataclass(frozen=True)
class RepairedProgress:
    """Saved progress brought back: the missions whose entries still read (``lost``: how many
    could not), the table (``table_reset``: what of it still reads, field by field), the
    table screen's captain."""

    campaign: Campaign
    table: Table
    lost: int
    table_reset: bool
    #: The table's computer seats whose level was unknown (seat, the level as saved): they
    #: play at the best level.
    levels: tuple[tuple[int, str], ...] = ()
    #: Those levels were all that kept the save from loading as it was.
    only_levels: bool = False
    #: The captain chosen on the table screen for the next mission, if it still reads.
    captain: int | None = None


def lenient_table(raw: object, players: int | None = None) -> Table:
    """What a damaged saved table still says, field by field: each seat's kind, name and level,
    the rule options and the pace that read, the default for the rest (``players``: the game's
    count; else the saved one if it reads). A bad pace no longer turns a pass-and-play table
    into one person and computers with the default names.

    >>> t = Table.default().with_players(3).with_kinds(["human", "human", "bot"])
    >>> raw = {**t.with_seat(1, name="Zed").to_json(), "pace": "zoom"}
    >>> table = lenient_table(raw, 3)
    >>> table.seat_kinds(), table.seat(1).name, table.pace
    (['human', 'human', 'bot'], 'Zed', 'normal')
    """
    table = Table.default()
    data = raw if isinstance(raw, dict) else {}
    saved = data.get("players")
    if players is None and isinstance(saved, int) and not isinstance(saved, bool):
        players = saved
    if players is not None:
        table = table.with_players(players)
    seats = data.get("seats")
    for index, seat in enumerate(seats[: len(table.seats)] if isinstance(seats, list) else []):
        if not isinstance(seat, dict):
            continue
        for name in ("kind", "name", "level"):
            value = seat.get(name)
            if isinstance(value, str):
                try:
                    table = table.with_seat(index, **{name: value})
                except ValueError:
                    continue
    options = data.get("options")
    for name, value in options.items() if isinstance(options, dict) else []:
        try:
            table = table.with_option(name, value)
        except ValueError:
            continue
    pace = data.get("pace")
    return table.with_pace(pace) if isinstance(pace, str) and pace in PACES else table


def salvage_progress(text: str) -> RepairedProgress | None:
    """The campaign a damaged progress save still holds (None: nothing of it reads)."""
    raw = lenient_json(text)
    try:
        data = SAVES.unwrap("progress", raw)
    except (BadData, KeyError):
        return None
    if not isinstance(data, dict):
        return None
    campaign_raw = data.get("campaign")
    if not isinstance(campaign_raw, dict) or campaign_raw.get("format") != CAMPAIGN_FORMAT:
        return None
    if campaign_raw.get("version") != CAMPAIGN_VERSION:
        return None  # another version of the campaign: not guessed at
    progress: dict[int, MissionProgress] = {}
    lost = 0
    missions = campaign_raw.get("missions")
    known = mission_ids()
    for key, item in missions.items() if isinstance(missions, dict) else []:
        try:
            one = Campaign.from_json(
                {"format": CAMPAIGN_FORMAT, "version": CAMPAIGN_VERSION, "missions": {key: item}}
            )
        except Exception:
            lost += 1
            continue
        progress.update({m: p for m, p in one.progress.items() if m in known})
    captain = campaign_raw.get("last_captain")
    if not (
        captain is None
        or (isinstance(captain, int) and not isinstance(captain, bool) and captain >= 0)
    ):
        captain = None
    try:
        table, reset = Table.from_json(data.get("table")), False
    except Exception:
        table, reset = lenient_table(data.get("table")), True
    if not progress and lost:
        return None
    from .session import Progress, unknown_levels

    levels = () if reset else tuple(unknown_levels(data.get("table")))
    only_levels = False
    if levels:
        try:  # the same save with the levels read as the best one
            Progress.from_json({**data, "table": table.to_json()})
            only_levels = True
        except Exception:
            pass
    chosen = data.get("captain")  # the table screen's captain for the next mission
    if not (isinstance(chosen, int) and not isinstance(chosen, bool) and 0 <= chosen < 5):
        chosen = None
    return RepairedProgress(
        Campaign(progress, captain), table, lost, reset, levels, only_levels, chosen
    )
