"""The rookie (mission 14): the character cards are dealt at random, and the player who gets
the captain's card is the rookie.

If the rookie's Dual Cut misses (with or without a detector), the bomb explodes at once instead
of the detonator moving. The rookie may not use the Stabilizer (equipment 9). The captain who
plays first and leads the deal stays the campaign's (the card only names the rookie).

>>> from engine.redwire import new_game
>>> view(new_game(mission=14, players=3, seed=5).observation(None))
{'rookie': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Viewer
from ..actions import Action
from ..errors import IllegalActionError, SetupError
from ..model import Table
from .base import Mechanism
from .equipment.stabilizer import Stabilize

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..observation_types import Observation
    from ..options import Options

ID = "rookie"


class RookieReason(ReasonCode):
    """The rookie's refusal."""

    ROOKIE_STABILIZER = ("rookie_stabilizer", "The rookie may not use the Stabilizer.")


class RookieView(TypedDict):
    """``observation["mechanisms"]["rookie"]``: the rookie's seat (public: cards face up)."""

    rookie: int


def view(obs: Observation) -> RookieView | None:
    return cast("RookieView | None", obs["mechanisms"].get(ID))


def rookie(table: Table) -> int:
    seat = table.setup.parts[ID]
    assert isinstance(seat, int)
    return seat


def miss_explodes_in(obs: Observation, seat: int) -> bool:
    """Whether an observation shows ``seat`` as the rookie (a miss explodes the bomb)."""
    part = view(obs)
    return part is not None and part["rookie"] == seat


class Rookie(Mechanism[None]):
    id = ID
    causes = {"rookie": "the rookie missed"}
    reasons = RookieReason

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> int:
        return rng.below(players)

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> int:
        seat = raw.get("seat") if isinstance(raw, dict) and set(raw) == {"seat"} else None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SetupError(f'setup.parts.rookie must be {{"seat": 0..{players - 1}}}')
        return seat

    def setup_to_json(self, data: int) -> dict[str, Any]:
        return {"seat": data}

    def miss_explodes(self, table: Table, seat: int) -> str | None:
        return "rookie" if seat == rookie(table) else None

    def explodes_on_miss_in(self, obs: Observation, seat: int) -> bool:
        return miss_explodes_in(obs, seat)

    def check_action(self, table: Table, action: Action) -> None:
        if isinstance(action, Stabilize) and action.seat == rookie(table):
            raise IllegalActionError(RookieReason.ROOKIE_STABILIZER)

    def allows(self, table: Table, action: Action) -> bool:
        return not (isinstance(action, Stabilize) and action.seat == rookie(table))

    def observe(self, table: Table, viewer: Viewer) -> RookieView:
        return {"rookie": rookie(table)}


MECHANISM = Rookie()
