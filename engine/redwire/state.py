"""The game state of one attempt at a mission, and its public API.

>>> from engine.redwire import new_game, Cut
>>> game = new_game(mission=1, players=3, seed=7)
>>> game.phase.value, game.to_move == game.setup.captain
('setup_token', True)
>>> first = game.legal_actions(game.to_move)[0]
>>> after, events = game.apply(first)
>>> events[0].type, game.phase.value          # the old state is untouched
('token', 'setup_token')

The state is never mutated by the public API: ``apply`` returns a new state and the events the
action caused, or raises :class:`IllegalActionError` and changes nothing.

Its data is a :class:`~engine.redwire.model.Table` (the core fields and the mechanisms' parts),
which knows no rule; this module adds the API, calling the rules, the legal-move generator and
the observation. They work on the Table and never import this module, so there is no cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import Event, Viewer
from .actions import Action
from .deal import Setup
from .errors import IllegalActionError
from .legal import legal_actions
from .mechanisms import in_play
from .missions import load_mission
from .model import Pending, Phase, Table
from .observation import observe
from .observation_types import Observation
from .rules import resolve

if TYPE_CHECKING:
    from .record import Record

__all__ = ["GameState", "Pending", "Phase"]


class GameState(Table):
    """One attempt at a mission. Build it with :func:`engine.new_game` or from a record."""

    __slots__ = ()

    def __init__(self, setup: Setup) -> None:
        mission = load_mission(setup.mission)
        super().__init__(setup, mission, in_play(mission, setup.parts))

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in a stable order."""
        # A state is never changed once apply has returned it, so its legal actions can be kept.
        if seat not in self._legal:
            self._legal[seat] = tuple(legal_actions(self, seat))
        return list(self._legal[seat])

    def legal_set(self, seat: int) -> frozenset[Action]:
        """The actions ``seat`` may take now, as a set: ``action in state.legal_set(seat)`` is
        :meth:`is_legal` without trying the action on a copy (the list is complete: the random
        walk checks that the engine accepts exactly the actions it lists)."""
        if seat not in self._legal_sets:
            self._legal_sets[seat] = frozenset(self.legal_actions(seat))
        return self._legal_sets[seat]

    def apply(self, action: Action) -> tuple[GameState, list[Event]]:
        """The state after ``action`` and the events it caused; raises IllegalActionError."""
        new = self.clone()
        events = resolve(new, action)
        new.history = (*self.history, action)
        new.log = (*self.log, *events)
        return new, events

    def check(self, action: Action) -> None:
        """Raise IllegalActionError if ``action`` is not legal now; never changes the state."""
        self.apply(action)

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def observation(self, viewer: Viewer) -> Observation:
        """What ``viewer`` may know: a seat, None (spectator) or "seer" (everything)."""
        return observe(self, viewer)

    @property
    def record(self) -> Record:
        from .record import Record  # the record module replays games: it imports this one

        return Record(self.setup, self.history)
