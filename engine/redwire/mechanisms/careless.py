"""Captain Careless (mission 28): the captain puts his character card back in the box.

He has no Double Detector, may use no equipment card (he still gives a wire to the
Walkie-Talkies and answers the Radar), and if his Dual Cut misses, the bomb explodes at once.

>>> from engine.redwire import new_game
>>> game = new_game(mission=28, players=3, seed=1)
>>> view(game.observation(None))["careless"] == game.setup.captain
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Viewer
from ..actions import Action, Cut
from ..errors import IllegalActionError
from ..model import Table
from .base import Mechanism
from .equipment import uses_card

if TYPE_CHECKING:
    from ..observation_types import Observation

ID = "careless"


class CarelessReason(ReasonCode):
    """The careless captain's refusals."""

    CARELESS_NO_DETECTOR = (
        "careless_no_detector",
        "The captain put his character card back: no Double Detector for him.",
    )
    CARELESS_NO_EQUIPMENT = (
        "careless_no_equipment",
        "The captain may not use equipment cards in this mission.",
    )


class CarelessView(TypedDict):
    """``observation["mechanisms"]["careless"]``: the captain's seat."""

    careless: int


def view(obs: Observation) -> CarelessView | None:
    return cast("CarelessView | None", obs["mechanisms"].get(ID))


def _refusal(table: Table, action: Action) -> IllegalActionError | None:
    if action.seat != table.setup.captain:
        return None
    if isinstance(action, Cut) and action.tool == "double":
        return IllegalActionError(CarelessReason.CARELESS_NO_DETECTOR)
    if uses_card(action):
        return IllegalActionError(CarelessReason.CARELESS_NO_EQUIPMENT)
    return None


class Careless(Mechanism[None]):
    id = ID
    causes = {"careless": "the careless captain missed"}
    reasons = CarelessReason

    def miss_explodes(self, table: Table, seat: int) -> str | None:
        return "careless" if seat == table.setup.captain else None

    def without_character(self, table: Table, seat: int) -> bool:
        return seat == table.setup.captain

    def explodes_on_miss_in(self, obs: Observation, seat: int) -> bool:
        part = view(obs)
        return part is not None and part["careless"] == seat

    def check_action(self, table: Table, action: Action) -> None:
        refusal = _refusal(table, action)
        if refusal is not None:
            raise refusal

    def allows(self, table: Table, action: Action) -> bool:
        return _refusal(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> CarelessView:
        return {"careless": table.setup.captain}


MECHANISM = Careless()
