"""The Red Wire board of one seat as HTML, drawn as the page draws it, and a bots' game drawn
state after state (for the page tests)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fusebox_web.redwire import board, screens
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, load_mission, new_game
from engine.redwire.actions import Action
from engine.redwire.bots import make_bot

NAMES = ("Ana", "Bea", "Carlo", "Dario", "Elena")


def board_html(
    state: GameState,
    viewer: int | None,
    catalog: Catalog,
    panel: str | None = "log",
    names: Sequence[str] = NAMES,
    odds_toggle: bool = False,
) -> str:
    """Every part of the board ``viewer`` sees (``None``: a spectator), with fresh selection
    (``odds_toggle``: the "show odds" button offered)."""
    obs = state.observation(viewer)
    w = Words(catalog, list(names[: obs["players"]]), [st["owner"] for st in obs["stands"]])
    aff = affordances(state, viewer)
    inp = board.BoardInput(
        obs=obs,
        words=w,
        aff=aff,
        sel=fresh(aff),
        kinds=["human"] * state.players,
        lines=log_lines(obs["log"], w),
        panel=panel,
        title="T",
        rules="R",
        contents=screens.bomb_contents(obs, w),
        odds_toggle=odds_toggle,
    )
    return "".join(board.render(inp).values())


#: A placeholder left in a sentence ("{who}"): a message missing a parameter.
RAW = re.compile(r"\{\w+\}")

#: A wire's button on the board, whole.
TILE = re.compile(r"<button[^>]*data-act=\"tile\"[^>]*>.*?</button>", re.S)


def stand_tiles(html: str, stand: int) -> list[str]:
    """The wire buttons of ``stand`` on a drawn board, left to right."""
    return [t for t in TILE.findall(html) if f'data-stand="{stand}"' in t]


def tile_at(html: str, stand: int, slot: int) -> str:
    """The button of the wire at ``stand``/``slot`` on a drawn board."""
    for found in stand_tiles(html, stand):
        if f'data-slot="{slot}"' in found:
            return str(found)
    raise AssertionError(f"no tile {stand}/{slot}")


def tokens_placed(state: GameState) -> GameState:
    """The game once every setup token is placed (each seat's first choice)."""
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move or 0)[0])
    return state


def past_setup_tokens(mission: int, players: int, seed: int) -> GameState:
    """A new game of ``mission`` once every setup token is placed (each seat's first choice)."""
    return tokens_placed(new_game(mission, players, seed))


def log_texts(state: GameState, seat: int, catalog: Catalog, players: int = 3) -> set[str]:
    """The sentences of the log as ``seat`` reads it (the players named from :data:`NAMES`)."""
    obs = state.observation(seat)
    w = Words(catalog, list(NAMES[:players]), [st["owner"] for st in obs["stands"]])
    return {line.text for line in log_lines(obs["log"], w)}


def constraint_card(catalog: Catalog, letter: str) -> str:
    """A constraint card as the page names it: its letter and its rule."""
    return catalog.t("rw.constraint.card", letter=letter, rule=catalog.t(f"rw.constraint.{letter}"))


@dataclass
class DrawnGame:
    """What :func:`walk_drawing` leaves: the game's end, the seer's words, the log's sentences."""

    state: GameState
    words: Words
    texts: set[str]


def walk_drawing(
    catalog: Catalog,
    mission: int,
    seed: int,
    level: str = "random",
    *,
    first: int = 40,
    selections: bool = True,
    on_turn: Callable[[GameState, int, list[Action]], None] | None = None,
) -> DrawnGame:
    """A table of ``level`` bots plays ``mission`` (the player count drawn by ``seed`` among
    those the mission allows); at each turn the board is drawn (one turn in seven) and the first
    ``first`` legal actions must read as a confirm sentence (and, with ``selections``, map back to
    a selection of the board); ``on_turn(state, seat, legal)`` sees each turn first. At the end
    the whole log must read as sentences with no placeholder left."""
    rng = random.Random(seed)
    players = rng.choice(list(load_mission(mission).players))
    state = new_game(mission, players, seed)
    bots = [make_bot(level, seed * 10 + k) for k in range(players)]
    for step in range(400):
        if state.is_over:
            break
        mover = state.to_move
        assert mover is not None
        obs = state.observation(mover)
        w = Words(catalog, list(NAMES[:players]), [st["owner"] for st in obs["stands"]])
        if step % 7 == 0:
            assert not RAW.search(board_html(state, mover, catalog))
        legal = state.legal_actions(mover)
        if on_turn is not None:
            on_turn(state, mover, legal)
        start = fresh(affordances(state, mover)) if selections else None
        for action in legal[:first]:
            text = confirm_text(action, w, obs)
            assert text and not RAW.search(text), (action, text)
            if start is not None:
                assert selection_of(action, start).mode
        state, _ = state.apply(bots[mover].choose(obs, legal))
    seer = state.observation("seer")
    w = Words(catalog, list(NAMES[:players]), [st["owner"] for st in seer["stands"]])
    lines = log_lines(seer["log"], w)
    assert lines and all(not RAW.search(line.text) for line in lines)
    return DrawnGame(state, w, {line.text for line in lines})
