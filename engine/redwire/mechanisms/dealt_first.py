"""Wires of one colour dealt first, one per player (mission 13's red wires; ``"dealt_first:red"``).

They are not shuffled in with the others: starting with the captain and going clockwise, each
player gets one, face down, on his first stand (with two players the captain gets two, one on
each stand), until they run out; then the other wires are shuffled and dealt on, from the next
stand, as evenly as possible. How many of that colour each stand got is public (everyone saw
the deal): the deduction reads it as an exact count per stand (``part_facts``).

>>> from engine.redwire import new_game
>>> view(new_game(mission=13, players=4, seed=1).observation(None))
{'colour': 'red', 'stands': [0, 1, 1, 1]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.events import Viewer
from ..errors import SetupError
from ..model import Table
from ..wires import Colour, colour_of
from .base import Mechanism

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "dealt_first"


@dataclass(frozen=True)
class DealtFirstConfig:
    colour: Colour


class DealtFirstView(TypedDict):
    """``observation["mechanisms"]["dealt_first"]``: how many wires of the colour each stand
    was dealt."""

    colour: str
    stands: list[int]


def view(obs: Observation) -> DealtFirstView | None:
    return cast("DealtFirstView | None", obs["mechanisms"].get(ID))


def receivers(order: Sequence[int], owners: Sequence[int], captain: int) -> list[int]:
    """The stands that get one each, in turn: each player's first stand from the captain
    clockwise (with two players every stand: the captain's two first)."""
    players = max(owners) + 1
    if players == 2:
        return list(order)
    firsts: list[int] = []
    for stand in order:
        if owners[stand] not in {owners[s] for s in firsts}:
            firsts.append(stand)
    return firsts


def quota(count: int, order: Sequence[int], owners: Sequence[int], captain: int) -> list[int]:
    """How many of the colour each stand is dealt when ``count`` are in play."""
    out = [0] * len(owners)
    ring = receivers(order, owners, captain)
    for i in range(count):
        out[ring[i % len(ring)]] += 1
    return out


def _order(owners: Sequence[int], captain: int) -> list[int]:
    first = list(owners).index(captain)
    return [(first + i) % len(owners) for i in range(len(owners))]


class DealtFirst(Mechanism[None]):
    id = ID

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> DealtFirstConfig:
        if table is not None or len(params) != 1 or params[0] not in ("red", "yellow"):
            raise reader.fail(f"mechanisms.{ID}", "dealt_first:red or dealt_first:yellow", params)
        return DealtFirstConfig(Colour(params[0]))

    def deal_wires(
        self,
        config: DealtFirstConfig,
        rng: Rng,
        pool: list[int],
        order: list[int],
        owners: tuple[int, ...],
        captain: int,
    ) -> list[list[int]]:
        special = [c for c in pool if colour_of(c) is config.colour]
        rest = [c for c in pool if colour_of(c) is not config.colour]
        rng.shuffle(special)
        rng.shuffle(rest)
        stands: list[list[int]] = [[] for _ in owners]
        ring = receivers(order, owners, captain)
        last = 0
        for i, code in enumerate(special):
            stand = ring[i % len(ring)]
            stands[stand].append(code)
            last = order.index(stand)
        start = last + 1 if special else 0
        for i, code in enumerate(rest):
            stands[order[(start + i) % len(order)]].append(code)
        return stands

    def check_stands(
        self,
        config: DealtFirstConfig,
        stands: Sequence[Sequence[int]],
        owners: tuple[int, ...],
        captain: int,
    ) -> None:
        counts = [sum(colour_of(c) is config.colour for c in stand) for stand in stands]
        wanted = quota(sum(counts), _order(owners, captain), owners, captain)
        if counts != wanted:
            raise SetupError(
                f"the {config.colour.value} wires are dealt first, one per player from the "
                f"captain: {wanted} per stand, not {counts}"
            )

    def observe(self, table: Table, viewer: Viewer) -> DealtFirstView:
        config = table.mission.config(ID)
        assert isinstance(config, DealtFirstConfig)
        counts = [sum(colour_of(c) is config.colour for c in stand) for stand in table.setup.stands]
        return {"colour": config.colour.value, "stands": counts}

    @staticmethod
    def _read(part: Mapping[str, Any], tracker: Tracker) -> None:
        """Each stand was dealt exactly that many of the colour (its wires as dealt, wherever
        they lie now)."""
        from ..deduction.codes import RED, YELLOW
        from ..deduction.facts import Count

        colour = RED if part["colour"] == "red" else YELLOW
        everywhere = [w for s in range(len(tracker.owners)) for w in tracker.wires(s)]
        for stand, count in enumerate(part["stands"]):
            dealt = [w for w in everywhere if w[0] == stand]
            tracker.add(Count.classes(dealt, colour, low=count, high=count))

    part_facts = _read


MECHANISM = DealtFirst()
