"""No info tokens at all (mission 58, "Double and/or Nothing"): every token back in the box.

Nobody places a setup token (each seat's ``token_skipped``, reason ``mission``); a failed cut
places none either, so a miss tells only what the public log says: the wires pointed at were not
the announced value (and, since the bomb did not explode, not all red). A detector's miss asks
its owner for no wire (``no_miss_token``: there is no token to place), and any other token a
rule would place (``info_token``) is not placed. The deduction needs no reader of its own: the
core's ``cut`` reader already reads a miss from the event, never from its token.

>>> from engine.redwire import new_game
>>> game = new_game(mission=58, players=3, seed=1)
>>> sorted({e.data["reason"] for e in game.log if e.type == "token_skipped"}), game.phase.value
(['mission'], 'turn')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, cast

from ...core.events import Viewer
from ..model import Table
from .base import Events, Mechanism

if TYPE_CHECKING:
    from ..observation_types import Observation

ID = "no_tokens"


class NoTokensView(TypedDict):
    """``observation["mechanisms"]["no_tokens"]``: the rule is in force (the page says it)."""

    in_box: bool


def view(obs: Observation) -> NoTokensView | None:
    return cast("NoTokensView | None", obs["mechanisms"].get(ID))


class NoTokens(Mechanism[None]):
    id = ID

    def observe(self, table: Table, viewer: Viewer) -> NoTokensView:
        return {"in_box": True}

    def places_setup_token(self, table: Table, seat: int) -> bool:
        return False

    def info_token(self, table: Table, wire: int, reason: str, events: Events) -> bool:
        return True  # taken instead of the token, and nothing is placed

    def no_miss_token(self, table: Table) -> bool:
        return True


MECHANISM = NoTokens()
