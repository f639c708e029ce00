"""Looking one turn ahead at the end of a game: what my move leaves the next player.

Late in a game a certain move can still lose it: if it leaves the next player with one hidden wire
on each of two stands, one the red wire and one the match he needs, he has nothing to tell them
apart. The seat to move can often see it coming (the holder of the red wire always can), so
before a move it looks at the game through the next player's eyes: that player's hand is drawn
from its own exact odds a few times, his view (the public wires, the facts, his hand) is solved,
and his best cut is scored by the same risk the expert uses. With few hidden wires this costs a few
milliseconds.

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> pool = Pool.standard(range(1, 3), red=[15], copies=2)  # blue 1, 1, 2, 2 and the red 1.5
>>> me, you = Stand(0, (10, 15)), Stand(1, (None, None, None))
>>> position = Position(pool, (me, you), viewer=0)
>>> next_player_risk(position, 1, ((10, 15), (10, 20, 20)), dial=2)  # my 1 is on the left
0.0
"""

from __future__ import annotations

from engine.redwire.deduction import RED, Position, SlotIn, Stand, solve
from engine.redwire.deduction.codes import class_of

World = tuple[tuple[int, ...], ...]
Slot = tuple[int, int]


def next_player_risk(
    position: Position,
    seat: int,
    world: World,
    *,
    dial: int,
    mistake_base: float = 0.6,
    reds: tuple[int, ...] = (RED,),
) -> float:
    """The risk of the best cut ``seat`` can make in ``position`` seen with his own hand from
    ``world``: 0 with a certain move (a solo cut, revealing his reds, a cut his odds make
    certain), else his least chance to lose (an explosion, or a mistake costing
    ``mistake_base ** (dial - 1)``). ``reds``: the classes that explode (red, and a mission's
    values that act as red)."""
    stands = tuple(
        Stand(
            stand.owner,
            tuple(
                world[s][i] if stand.owner == seat or i in stand.cut else None
                for i in range(len(stand.slots))
            ),
            stand.cut,
            stand.unsorted,
        )
        for s, stand in enumerate(position.stands)
    )
    mine = [
        class_of(code)
        for stand in stands
        if stand.owner == seat
        for i, code in enumerate(stand.slots)
        if code is not None and i not in stand.cut
    ]
    held = set(mine) - set(reds)
    if not held:
        return 0.0  # nothing, or only reds: he reveals them
    elsewhere = {
        class_of(world[s][i])
        for s, stand in enumerate(stands)
        if stand.owner != seat
        for i in range(len(stand.slots))
        if i not in stand.cut
    }
    if held - elsewhere:
        return 0.0  # he holds every copy left of some value: a solo cut
    solution = solve(Position(position.pool, stands, position.facts, seat, position.dealt))
    if not solution.feasible:
        return 1.0
    spare = mistake_base ** max(0, dial - 1)
    best = 1.0
    for s, stand in enumerate(stands):
        if stand.owner == seat or stand.owner is None:  # nobody points at Nano's wires
            continue
        for i, code in enumerate(stand.slots):
            if code is not None:
                continue
            weights = solution.class_weights((s, i))
            total = sum(weights.values())
            red = sum(weights.get(r, 0) for r in reds) / total
            for value in held:
                hit = weights.get(value, 0) / total
                best = min(best, red + (1.0 - hit - red) * spare)
    return best


def after_cut(position: Position, cuts: list[tuple[Slot, int]]) -> Position:
    """The position once the given slots are cut, showing the given codes."""
    stands = list(position.stands)
    for (s, i), code in cuts:
        stand = stands[s]
        slots = list(stand.slots)
        slots[i] = code
        stands[s] = Stand(stand.owner, tuple(slots), (*stand.cut, i), stand.unsorted)
    return Position(position.pool, tuple(stands), position.facts, position.viewer, position.dealt)


def after_miss(position: Position, target: Slot, code: int) -> Position:
    """The position once a missed cut put an info token on ``target`` (its class is shown)."""
    return position.with_facts(SlotIn.classes(target, class_of(code)))
