"""Shared setup of the oxygen missions' tests (54, 63 and their variants): the tokens in front of
each player, the reserve, a table with a chosen stock, and a refusal that leaves the state as it
was."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.redwire import Action, GameState, IllegalActionError
from engine.redwire.mechanisms import oxygen
from engine.redwire.mechanisms.oxygen import OxygenPart


def stock(state: GameState) -> list[int]:
    """The oxygen tokens in front of each player, by seat."""
    return list(state.part(oxygen.ID, OxygenPart).stock)


def reserve(state: GameState) -> int:
    """The tokens in the reserve."""
    return state.part(oxygen.ID, OxygenPart).reserve


def with_stock(state: GameState, *left: int) -> GameState:
    """A copy of the game where each seat has ``left[seat]`` tokens in front of it."""
    table = state.clone()
    table.set_part(oxygen.ID, replace(table.part(oxygen.ID, OxygenPart), stock=tuple(left)))
    return table


def refused(state: GameState, action: Action) -> object:
    """The reason the engine refuses ``action``; the refusal must leave the state unchanged."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert state.same_as(before)
    return err.value.reason
