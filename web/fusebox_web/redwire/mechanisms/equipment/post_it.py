"""Equipment 4, Sticky Note, on the page: tap one of your blue wires."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import PostIt
from engine.redwire.mechanisms.equipment.post_it import NUMBER

from ..base import own_label, own_wire_use

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...words import Words


def _confirm(action: PostIt, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.post_it",
        where=w.where_own(action.stand, action.slot),
        value=own_label(obs, action.stand, action.slot),
        card=w.card_name(NUMBER),
    )


#: The log sentence of the token it places (the ``token`` event's reason).
TOKEN_REASONS = {"post_it": "rw.log.tokenPostIt"}
USES = (own_wire_use(NUMBER, "post_it", PostIt, _confirm),)
