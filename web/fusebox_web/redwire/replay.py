"""Replays: a finished game, or a record file, stepped through move by move.

A record holds the deal and every action, so the whole game replays exactly (the engine's
``Record``). :class:`Replay` keeps the state after each action and draws one of them from the
view chosen: any seat's (what that player saw then: their own wires face up, the others' face
down), the public table's, or the whole deal (every wire face up). Names come with the game
when it is the one just played, otherwise the default ones.

>>> from engine import redwire
>>> state = redwire.new_game(1, 3, 4)
>>> while not state.is_over:
...     state, _ = state.apply(state.legal_actions(state.to_move)[0])
>>> r = Replay.of(state.record)
>>> r.last == len(state.history), r.at(0).history, r.at(r.last).same_as(state)
(True, (), True)
>>> r.view_of("seer"), r.view_of("2"), r.view_of("table"), r.view_of("x")
('seer', 2, None, 'seer')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.redwire import GameState, Record
from engine.redwire.game import start

from . import board
from .affordances import affordances
from .icons import SPRITE
from .log_text import Line, log_lines
from .markup import classes, esc, tag
from .notes import Note
from .selection import Selection
from .words import Words

#: The views a replay offers besides each seat's: the whole deal, and the public table.
SEER: Literal["seer"] = "seer"
TABLE = "table"


@dataclass
class Replay:
    """A game to step through: its record, the states after each action, where we are."""

    record: Record
    names: Sequence[str] = ()
    kinds: Sequence[str] = ()
    notes: Sequence[Note] = ()
    states: list[GameState] = field(default_factory=list)
    index: int = 0
    #: A seat, None for the public table, or "seer" for the whole deal.
    view: int | str | None = SEER

    @classmethod
    def of(
        cls,
        record: Record,
        names: Sequence[str] = (),
        kinds: Sequence[str] = (),
        notes: Sequence[Note] = (),
    ) -> Replay:
        """Replay ``record`` (raises the engine's RecordError if an action cannot be played)."""
        state = start(record.setup)
        states = [state]
        for action in record.actions:
            state, _ = state.apply(action)
            states.append(state)
        return cls(record, names, kinds, notes, states, len(states) - 1)

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def at(self, index: int) -> GameState:
        return self.states[max(0, min(self.last, index))]

    def step(self, how: str) -> None:
        """ "first", "back", "next", "last", or a move number."""
        moves = {"first": 0, "back": self.index - 1, "next": self.index + 1, "last": self.last}
        target = moves.get(how)
        if target is None and how.lstrip("-").isdigit():
            target = int(how)
        if target is not None:
            self.index = max(0, min(self.last, target))

    def view_of(self, raw: str) -> int | str | None:
        """A view from a button's value: a seat number, "table" or "seer" (anything else:
        the whole deal)."""
        if raw == TABLE:
            return None
        if raw.isdigit() and int(raw) < self.at(0).players:
            return int(raw)
        return SEER

    @property
    def players(self) -> int:
        return self.at(0).players


def record_from_file(text: str) -> Record:
    """A record from a file: a record itself, or a Red Wire export or save that holds one
    (raises the engine's RecordError, or ValueError, when there is none).

    >>> from engine import redwire
    >>> record = redwire.new_game(1, 2, 3).record
    >>> record_from_file(record.dumps()) == record
    True
    >>> export = {"format": "fusebox.redwire.export", "game": {"data": {"record": record.to_json()}}}
    >>> record_from_file(json.dumps(export)) == record
    True
    """
    try:
        return Record.loads(text)
    except Exception as error:
        raw = json.loads(text)
        for path in (("game", "data", "record"), ("data", "record"), ("record",)):
            found: Any = raw
            for key in path:
                found = found.get(key) if isinstance(found, dict) else None
            if found is not None:
                return Record.from_json(found)
        raise ValueError("no Red Wire record in this file") from error


def move_lines(replay: Replay, words: Words) -> list[Line]:
    """What the move that led to the state on screen did, in words (public: the spectator's log)."""
    if replay.index == 0:
        return []
    before = len(replay.at(replay.index - 1).log)
    obs = replay.at(replay.index).observation(None)
    lines = log_lines(obs["log"], words)
    return [line for line in lines if line.at >= before and line.kind not in ("turn", "bot")]


def render(replay: Replay, words: Words, title: str, t: Any) -> str:
    """The replay screen: the controls, the view chooser, what the move did, the board."""
    state = replay.at(replay.index)
    view = replay.view
    obs = state.observation(SEER if view == SEER else view if isinstance(view, int) else None)
    viewer = view if isinstance(view, int) else None
    view_words = Words(words.catalog, words.names, words.owners, viewer)
    inp = board.BoardInput(
        obs=obs,
        words=view_words,
        aff=affordances(state, None),
        sel=Selection(),
        kinds=list(replay.kinds) or ["human"] * state.players,
        lines=log_lines(obs["log"], view_words),
        title=title,
    )
    steps = "".join(
        tag(
            "button",
            esc(t(f"rw.replay.{how}")),
            type="button",
            class_="rw-chip",
            data_act="replay-step",
            data_step=how,
            aria_disabled="true" if disabled else None,
            data_testid=f"replay-{how}",
        )
        for how, disabled in (
            ("first", replay.index == 0),
            ("back", replay.index == 0),
            ("next", replay.index == replay.last),
            ("last", replay.index == replay.last),
        )
    )
    position = t("rw.replay.position", move=replay.index, total=replay.last)
    slider = (
        f'<input type="range" class="rw-replay-slider" id="rw-replay-slider" min="0" '
        f'max="{replay.last}" value="{replay.index}" data-act="replay-seek" '
        f'aria-label="{esc(t("rw.replay.slider"))}" aria-valuetext="{esc(position)}">'
    )
    views = [(SEER, t("rw.replay.seer")), (TABLE, t("rw.replay.table"))]
    views += [(str(seat), words.name(seat)) for seat in range(state.players)]
    current = SEER if replay.view == SEER else TABLE if replay.view is None else str(replay.view)
    chooser = tag(
        "div",
        "".join(
            tag(
                "button",
                esc(text),
                type="button",
                class_="rw-chip",
                data_act="replay-view",
                data_view=value,
                aria_pressed="true" if value == current else "false",
            )
            for value, text in views
        ),
        class_="rw-segmented",
        role="group",
        aria_label=t("rw.replay.view"),
    )
    told = move_lines(replay, words)
    what = " ".join(line.text for line in told) if told else t("rw.replay.start")
    stands = board.team(inp) + (board.own(inp) if isinstance(inp.viewer, int) else "")
    return tag(
        "div",
        tag(
            "div",
            tag(
                "button",
                esc(t("rw.replay.close")),
                type="button",
                class_="rw-chip rw-back",
                data_act="replay-close",
            )
            + tag(
                "h2",
                esc(t("rw.replay.title", title=title)),
                class_="rw-title",
                id="rw-heading",
                tabindex="-1",
            ),
            class_="rw-screen-head",
        )
        + tag(
            "div",
            tag(
                "div",
                steps,
                class_="rw-replay-steps",
                role="group",
                aria_label=t("rw.replay.steps"),
            )
            + slider
            + tag("p", esc(position), class_="rw-replay-position", data_testid="replay-position"),
            class_="rw-replay-controls",
        )
        + tag("h3", esc(t("rw.replay.view")), class_="rw-h3")
        + chooser
        + tag("p", esc(what), class_="rw-replay-what", role="status", data_testid="replay-what")
        + tag(
            "div",
            SPRITE
            + tag("div", board.top(inp), class_="rw-top")
            + tag("div", stands, class_=classes("rw-main", "rw-replay-stands")),
            class_="rw-board rw-replay-board",
            data_testid="replay-board",
            data_view=current,
            data_move=replay.index,
        ),
        class_="rw-screen rw-replay",
        data_testid="replay",
    )
