"""The first-game tutorial: a scripted deal of mission 1 that walks a newcomer through a Dual Cut,
a miss and its info token, a Solo Cut and the end, with three computer teammates.

Everything is fixed: the deal (four players, one stand of six wires each, you are the captain),
every computer's move, and the move the coach asks of you at each of your decisions. The game
is a real engine game (the rules check every move; a reload resumes it, as any saved game); the
page shows the coach's words for the moment (``coach``), marks the wires and value it asks for
(``expected``), and refuses any other move with the coach's reminder. The tutorial never counts
in the campaign.

>>> state = new_state()
>>> coach(state).key, expected(state)
('rw.tutorial.token', PlaceToken(seat=0, stand=0, slot=1))
>>> state = play_through(state)  # every scripted move
>>> state.result, len(state.history) == len(SCRIPT)
('won', True)
>>> sorted(i for i, a in enumerate(SCRIPT) if a.seat != YOU) == sorted(WHY)  # every reason
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.redwire import Cut, GameState, Pick, PlaceToken, SoloCut, explicit_setup, start
from engine.redwire.actions import Action

from .notes import Note

#: You are seat 0 and the captain; Ben, Cleo and Dev are computers.
YOU = 0
PLAYERS = 4
STANDS = (
    (1, 3, 6, 6, 6, 6),  # you: every 6, for the Solo Cut
    (1, 2, 3, 4, 5, 5),
    (2, 3, 4, 4, 5, 5),
    (1, 1, 2, 2, 3, 4),
)

#: Every move of the game, in order (yours included; your own wire after a hit is cut for you:
#: you hold only one 3, and a lone person is not asked to pick it).
SCRIPT: tuple[Action, ...] = (
    PlaceToken(0, 0, 1),  # your info token: your 3
    PlaceToken(1, 1, 2),  # Ben shows his 3
    PlaceToken(2, 2, 0),  # Cleo shows her 2
    PlaceToken(3, 3, 5),  # Dev shows his 4
    Cut(0, ((1, 2),), (3,)),  # you: Dual Cut on Ben's 3
    Pick(0, 0, 1),
    Cut(1, ((2, 0),), (2,)),  # Ben: Cleo's 2 (her token)
    Pick(1, 1, 1),
    Cut(2, ((3, 5),), (4,)),  # Cleo: Dev's 4 (his token)
    Pick(2, 2, 2),
    Cut(3, ((1, 0),), (1,)),  # Dev: Ben's lowest wire, a 1
    Pick(3, 3, 0),
    Cut(0, ((3, 2),), (1,)),  # you: a miss on Dev's wire 3 (a 2): his token shows it
    Cut(1, ((2, 4),), (5,)),  # Ben: Cleo's 5
    Pick(1, 1, 4),
    Cut(2, ((3, 4),), (3,)),  # Cleo: Dev's 3
    Pick(2, 2, 1),
    Cut(3, ((0, 0),), (1,)),  # Dev: your 1 (the last two 1s)
    Pick(3, 3, 1),
    SoloCut(0, 6),  # you: all four 6s
    Cut(1, ((2, 3),), (4,)),  # Ben: Cleo's last 4
    Pick(1, 1, 3),
    Cut(2, ((1, 5),), (5,)),  # Cleo: Ben's last 5
    Pick(2, 2, 5),
    SoloCut(3, 2),  # Dev: the last two 2s: the bomb is defused
)

#: Why each computer move was made (the bots' own sentences), by its place in the script.
WHY: dict[int, tuple[str, dict[str, object]]] = {
    1: ("setup_token_any", {"wire": 3, "value": 3}),
    2: ("setup_token_any", {"wire": 1, "value": 2}),
    3: ("setup_token_any", {"wire": 6, "value": 4}),
    6: ("cut_token", {"value": 2, "seat": 2, "stand": 2, "wire": 1}),
    8: ("cut_token", {"value": 4, "seat": 3, "stand": 3, "wire": 6}),
    10: ("tutorial_lowest", {"value": 1, "seat": 1, "stand": 1, "wire": 1}),
    13: ("tutorial_between", {"value": 5, "seat": 2, "stand": 2, "wire": 5}),
    15: ("tutorial_between", {"value": 3, "seat": 3, "stand": 3, "wire": 5}),
    17: ("tutorial_lowest", {"value": 1, "seat": 0, "stand": 0, "wire": 1}),
    20: ("tutorial_last", {"value": 4, "seat": 2, "stand": 2, "wire": 4}),
    22: ("tutorial_last", {"value": 5, "seat": 1, "stand": 1, "wire": 6}),
    24: ("solo_cut", {"value": 2}),
    **{
        index: ("tutorial_own", {"value": value, "wire": wire})
        for index, value, wire in (
            (7, 2, 2),
            (9, 4, 3),
            (11, 1, 1),
            (14, 5, 5),
            (16, 3, 2),
            (18, 1, 2),
            (21, 4, 4),
            (23, 5, 6),
        )
    },
}


@dataclass(frozen=True)
class Coach:
    """What the coach says now: a catalog key and its parameters."""

    key: str
    params: dict[str, object] = field(default_factory=dict)


#: The coach's words at each of your decisions (by the number of moves played), and while the
#: computers finish (from your Solo Cut on).
COACH = {
    0: Coach("rw.tutorial.token"),
    4: Coach("rw.tutorial.dual"),
    12: Coach("rw.tutorial.miss"),
    19: Coach("rw.tutorial.solo"),
}


def new_state() -> GameState:
    """The tutorial's deal, at its first decision (your info token)."""
    setup = explicit_setup(1, PLAYERS, YOU, [list(stand) for stand in STANDS])
    return start(setup)


def on_script(state: GameState) -> bool:
    """The game so far is the script's (a tutorial save that was not is no tutorial)."""
    moves = state.history
    return len(moves) <= len(SCRIPT) and all(a == b for a, b in zip(moves, SCRIPT, strict=False))


def expected(state: GameState) -> Action | None:
    """The move the script makes next (yours or a computer's), None at the end."""
    index = len(state.history)
    return SCRIPT[index] if index < len(SCRIPT) and not state.is_over else None


def coach(state: GameState) -> Coach:
    """The coach's words for this moment of the tutorial."""
    moves = len(state.history)
    if state.is_over:
        return Coach("rw.tutorial.done")
    if moves in COACH:
        return COACH[moves]
    if moves > max(COACH):
        return Coach("rw.tutorial.finish")
    if moves > 12:
        return Coach("rw.tutorial.afterMiss")
    if moves > 4:
        return Coach("rw.tutorial.watch")
    return Coach("rw.tutorial.tokens")


def note_for(state: GameState) -> Note | None:
    """The computer's explanation of the scripted move it is about to make."""
    index = len(state.history)
    action = expected(state)
    if action is None or index not in WHY:
        return None
    key, params = WHY[index]
    return Note(len(state.log), action.seat, key, dict(params), "")


def play_through(state: GameState) -> GameState:
    """The rest of the script played (tests, and the e2e's check of the deal)."""
    while (action := expected(state)) is not None:
        state, _ = state.apply(action)
    return state
