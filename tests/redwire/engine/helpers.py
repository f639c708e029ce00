"""Builders for hand-made deals and short games, shared by the engine tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import pytest

from engine.core.events import Event
from engine.redwire import GameState, IllegalActionError, Options, explicit_setup, start
from engine.redwire.actions import Action, PlaceToken
from engine.redwire.deal import deal_order, stand_owners
from engine.redwire.missions import load_mission
from engine.redwire.model import Pending, Phase
from engine.redwire.wires import code_of, label_of

#: Stands 0 and 1 of a four-player deal, captain 0, two red wires (4.5, 8.5): with
#: ``fill_deal(mission, 4, 0, TWO_STANDS, red=["4.5", "8.5"])`` stand 2 holds 6 6 6 7 8 8 8 8 9 9 9
#: 9 and stand 3: 10, 11, 12 four times.
TWO_STANDS: dict[int, list[str]] = {
    0: ["1", "1", "1", "1", "2", "3", "3", "3", "3", "7", "7", "7", "4.5"],
    1: ["2", "2", "2", "4", "4", "4", "4", "5", "5", "5", "5", "6", "8.5"],
}


def fill_deal(
    mission: int,
    players: int,
    captain: int,
    fixed: Mapping[int, Sequence[str | int]],
    red: Sequence[str] = (),
    yellow: Sequence[str] = (),
) -> list[list[str]]:
    """Stands for a deal where ``fixed`` stands are given and the rest of the pool fills the
    others in ascending order (so the test controls exactly the wires it talks about)."""
    spec = load_mission(mission).wires_for(players)
    pool = Counter(10 * n for n in spec.blue for _ in range(4))
    pool.update(code_of(x) for x in (*red, *yellow))
    owners = stand_owners(players, captain)
    total = sum(pool.values())
    order = deal_order(players, captain)
    sizes = [0] * len(owners)
    for i in range(total):
        sizes[order[i % len(order)]] += 1
    stands: list[list[str]] = [[] for _ in owners]
    for stand, wires in fixed.items():
        codes = [code_of(str(w)) for w in wires]
        assert len(codes) == sizes[stand], f"stand {stand} must hold {sizes[stand]} wires"
        pool.subtract(codes)
        stands[stand] = [label_of(c) for c in codes]
    assert all(v >= 0 for v in pool.values()), "fixed stands use wires the pool lacks"
    rest = sorted(pool.elements())
    for stand in range(len(owners)):
        if stand in fixed:
            continue
        stands[stand] = [label_of(c) for c in rest[: sizes[stand]]]
        rest = rest[sizes[stand] :]
    return stands


def game(
    mission: int,
    players: int,
    stands: Sequence[Sequence[str | int]],
    *,
    captain: int = 0,
    equipment: Sequence[int] = (),
    red_markers: Sequence[str] | None = None,
    yellow_markers: Sequence[str] | None = None,
    options: Options | None = None,
    tokens: Iterable[tuple[int, int]] | None = None,
    parts: Mapping[str, object] | None = None,
    constraints: Sequence[str] | None = None,
) -> GameState:
    """A game from an explicit deal. ``tokens`` gives each seat's setup token as (stand, slot)
    in placing order; by default every seat marks its first blue wire. ``parts``: the
    mechanisms' setup as in a record (``{"number_cards": {"order": [...]}}``); ``constraints``:
    the constraint cards taken in choosing order (mission 31; by default the first offered)."""
    given = dict(parts or {})
    if equipment:
        given.setdefault("equipment", {"cards": list(equipment)})
    setup = explicit_setup(
        mission,
        players,
        captain,
        stands,
        parts=given or None,
        red_markers=red_markers,
        yellow_markers=yellow_markers,
        options=options,
    )
    state = start(setup)
    cards = list(constraints or ())
    while state.phase.value == "constraint_choose":  # mission 31: as given, else the first
        seat = state.to_move
        assert seat is not None
        choices = state.legal_actions(seat)
        wanted = cards.pop(0) if cards else None
        state, _ = state.apply(
            next((a for a in choices if getattr(a, "card", None) == wanted), choices[0])
        )
    if tokens is None:
        while state.phase.value == "setup_token":
            seat = state.to_move
            assert seat is not None
            state, _ = state.apply(state.legal_actions(seat)[0])
        return state
    for stand, slot in tokens:
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(PlaceToken(seat, stand, slot))
    return state


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply actions in order; return the final state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = state.apply(action)
        events.extend(new)
    return state, events


def play_picking_first(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply actions in order, each cut completed by its first pick (the own wire cut, the
    detector's wire); return the final state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = play(state, action)
        events.extend(new)
        while state.phase.value in ("own_cut", "detector_cut", "detector_token"):
            seat = state.to_move
            assert seat is not None
            state, new = play(state, state.legal_actions(seat)[0])
            events.extend(new)
    return state, events


def with_cut(state: GameState, wires: list[tuple[int, int]]) -> GameState:
    """A copy with these wires cut (as if cut earlier)."""
    table = state.clone()
    for stand, slot in wires:
        table.mark_cut(table.wire_id(stand, slot))
    return table


def turn_of(state: GameState, seat: int) -> GameState:
    """A copy where it is ``seat``'s turn."""
    table = state.clone()
    table.active = seat
    table.pending = Pending(Phase.TURN, seat)
    return table


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]


def refused(state: GameState, action: Action, reason: object) -> None:
    """The engine refuses ``action`` with ``reason``, and does not list it among the seat's
    legal actions (the listing and the refusal agree)."""
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.reason is reason
    assert action not in state.legal_actions(action.seat)
