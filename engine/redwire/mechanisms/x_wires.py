"""X wires (mission 20): the last wire dealt to each stand is not sorted in.

It lies at the far right of its stand, marked with an X token, whatever its value (any colour).
Play goes on as usual, but no equipment may be used on an X wire, personal equipment included,
and every equipment effect ignores it: no detector points at it (the Stand Scanner's whole stand
leaves it out), the X-or-Y ray and a stabilized Dual Cut do not point at it, no Sticky Note or
label goes on it, and it does not answer the Radar. No setup info token goes on it (FAQ).

>>> from engine.redwire import new_game
>>> view(new_game(mission=20, players=4, seed=3).observation(None))["x"]
[[0, 12], [1, 12], [2, 12], [3, 12]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Viewer
from ..actions import Action, Cut, PlaceToken
from ..errors import IllegalActionError
from ..model import Table
from .base import Mechanism
from .equipment.labels import Label
from .equipment.post_it import PostIt

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "x_wires"


class XReason(ReasonCode):
    """Refusals around X wires."""

    X_WIRE = ("x_wire", "No equipment and no info token on an X wire (it is unsorted).")


class XView(TypedDict):
    """``observation["mechanisms"]["x_wires"]``: where the X wires lie."""

    x: list[list[int]]


def view(obs: Observation) -> XView | None:
    return cast("XView | None", obs["mechanisms"].get(ID))


def x_ids(table: Table) -> frozenset[int]:
    """The X wires' ids: the last wire of each stand as dealt."""
    ids: list[int] = []
    first = 0
    for stand in table.setup.stands:
        ids.append(first + len(stand) - 1)
        first += len(stand)
    return frozenset(ids)


def _stabilized(table: Table) -> bool:
    shield = table.parts.get("stabilizer")
    return bool(getattr(shield, "active", False))


def _wire(table: Table, stand: int, slot: int) -> int | None:
    if 0 <= stand < len(table.stands) and 0 <= slot < len(table.stands[stand]):
        return table.stands[stand][slot]
    return None


def _touches_x(table: Table, action: Action) -> bool:
    """An action that uses equipment (or places a token) on an X wire."""
    xs = x_ids(table)
    if isinstance(action, PlaceToken | PostIt):
        return _wire(table, action.stand, action.slot) in xs
    if isinstance(action, Label):
        return any(_wire(table, action.stand, s) in xs for s in (action.slot, action.slot + 1))
    if isinstance(action, Cut):
        with_equipment = action.tool is not None or len(action.values) > 1 or _stabilized(table)
        return with_equipment and any(_wire(table, st, sl) in xs for st, sl in action.targets)
    return False


def _read_x(part: Mapping[str, Any], tracker: Tracker) -> None:
    """The X wires lie outside the sorted order of their stands."""
    for stand, slot in part.get("x", ()):
        tracker.mark_unsorted(tracker.wire(stand, slot))


class XWires(Mechanism[None]):
    id = ID
    reasons = XReason
    part_facts = staticmethod(_read_x)

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> str:
        if table is not None or params != ("last",):
            raise reader.fail(f"mechanisms.{ID}", "x_wires:last", ":".join(params))
        return "last"

    def arrange(self, config: Any, codes: Sequence[int]) -> tuple[int, ...]:
        """Sorted, but the last wire dealt stays at the far right."""
        if not codes:
            return ()
        return (*sorted(codes[:-1]), codes[-1])

    def equipment_ignores(self, table: Table) -> frozenset[int]:
        return x_ids(table)

    def unsorted_wires(self, table: Table) -> frozenset[int]:
        return x_ids(table)

    def check_action(self, table: Table, action: Action) -> None:
        if _touches_x(table, action):
            raise IllegalActionError(XReason.X_WIRE)

    def allows(self, table: Table, action: Action) -> bool:
        return not _touches_x(table, action)

    def observe(self, table: Table, viewer: Viewer) -> XView:
        return {"x": sorted(list(table.position_of(w)) for w in x_ids(table))}


MECHANISM = XWires()
