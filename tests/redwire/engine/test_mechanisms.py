"""The mechanism layer: every mission's mechanisms exist, play and have a golden game (in the
spirit of OpenSpiel's per-game tests), and the core calls each hook point where it promises."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.core.events import Event
from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Reason,
    SoloCut,
    all_missions,
    explicit_setup,
    load_mission,
    new_game,
)
from engine.redwire.actions import Action
from engine.redwire.mechanisms import ACTIONS, ALL, PICKS, REGISTRY, TOOLS, in_play
from engine.redwire.mechanisms.base import Events, Mechanism
from engine.redwire.mechanisms.equipment import CARDS
from engine.redwire.model import Table
from engine.redwire.rules import start_events
from engine.redwire.state import GameState as PublicState

from .golden import CASES
from .helpers import play

MISSIONS = sorted(all_missions())


@pytest.mark.parametrize("mission", MISSIONS)
def test_every_mission_names_known_mechanisms_that_play(mission: int) -> None:
    """A mission file loads, each mechanism it lists exists and is in play in a new game at
    every player count it allows, someone has a legal move there, and it has a golden game.
    (The random walk plays every mission at every count to its end, checking every invariant
    at every step: ``test_the_default_walk_plays_every_mission_at_every_player_count``.)"""
    spec = load_mission(mission)
    assert spec.mechanisms, f"mission {mission} lists no mechanism"
    assert all(use.id in REGISTRY for use in spec.mechanisms)
    for players in spec.players:  # every count it allows (mission 34: not two)
        state = new_game(mission, players, 500 + 10 * mission + players)
        assert {m.id for m in state.mechanisms} >= {use.id for use in spec.mechanisms}
        assert state.to_move is not None and state.legal_actions(state.to_move)
    assert mission in {case[0] for case in CASES}, f"mission {mission} has no golden game"


def test_every_mechanism_is_reachable_and_owns_what_it_declares() -> None:
    """Ids are unique; every action type, tool and decision belongs to exactly one mechanism;
    each mechanism is used by some mission or brought into play by one."""
    assert len(REGISTRY) == len(ALL)
    assert len(ACTIONS) == sum(len(m.actions) for m in ALL)
    assert len(TOOLS) == sum(len(m.tools) for m in ALL)
    assert len(PICKS) == sum(len(m.picks) for m in ALL)
    listed = {use.id for m in MISSIONS for use in load_mission(m).mechanisms}
    brought = {b for m in ALL for b in m.brings(tuple(CARDS))}  # every card, sticker C too
    assert set(REGISTRY) == listed | brought


def test_the_mechanisms_in_play_follow_the_mission_and_the_deal() -> None:
    spec = load_mission(4)
    parts = {"equipment": (8, 6, 1, 4)}
    ids = [m.id for m in in_play(spec, parts)]
    assert ids == ["double_detector", "equipment", "labels", "post_it", "rewind", "radar"]
    assert [m.id for m in in_play(load_mission(1), {})] == ["double_detector"]


# --------------------------------------------------------------------------- hook points


@dataclass(frozen=True)
class Tally:
    turns: int = 0
    mistakes: int = 0

    def to_json(self) -> dict[str, int]:
        return {"turns": self.turns, "mistakes": self.mistakes}


class NoSolo(Mechanism[Tally]):
    """A test mechanism: counts turns and mistakes, forbids the Solo Cut, says hello."""

    id = "no_solo_test"

    def init_part(self, table: Table) -> Tally:
        return Tally()

    def start_game(self, table: Table, events: Events) -> None:
        events.append(Event("hello", {}))

    def turn_start(self, table: Table, events: Events) -> None:
        tally = self.part(table)
        table.set_part(self.id, Tally(tally.turns + 1, tally.mistakes))

    def after_mistake(self, table: Table, events: Events) -> None:
        tally = self.part(table)
        table.set_part(self.id, Tally(tally.turns, tally.mistakes + 1))

    def check_action(self, table: Table, action: Action) -> None:
        if isinstance(action, SoloCut):
            raise IllegalActionError(Reason.SOLO_NOT_ALLOWED, value=action.value)

    def allows(self, table: Table, action: Action) -> bool:
        return not isinstance(action, SoloCut)


def _with(extra: Mechanism[Tally]) -> GameState:
    setup = explicit_setup(
        1, 2, 0, [[1, 1, 2, 2, 3, 3], [1, 1, 2, 2, 3, 3], [4, 4, 5, 5, 6, 6], [4, 4, 5, 5, 6, 6]]
    )
    spec = load_mission(1)
    state = PublicState.__new__(PublicState)
    Table.__init__(state, setup, spec, (*in_play(spec, setup.parts), extra))
    state.log = tuple(start_events(state))
    return state


def _tokens(state: GameState) -> GameState:
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    return state


def test_the_core_calls_each_hook_point() -> None:
    state = _with(NoSolo())
    assert [e.type for e in state.log] == ["hello"]
    state = _tokens(state)
    assert state.parts["no_solo_test"] == Tally(turns=1)
    # Seat 0 holds all four 1s: a Solo Cut the rules allow, which the mechanism forbids.
    assert not any(isinstance(a, SoloCut) for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError) as refused:
        state.apply(SoloCut(0, 1))
    assert refused.value.reason is Reason.SOLO_NOT_ALLOWED
    state, events = play(state, Cut(0, [(2, 2)], [1]))  # a 5: wrong
    assert [e.type for e in events] == ["cut", "dial", "token", "turn"]
    assert state.parts["no_solo_test"] == Tally(turns=2, mistakes=1)
    assert state.parts_json()["no_solo_test"] == {"turns": 2, "mistakes": 1}
    assert not state.same_as(_with(NoSolo()))
