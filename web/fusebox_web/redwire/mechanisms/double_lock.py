"""Double locks on the page (mission 12): the Number card lying on each equipment card, shown on
the card with its state, and the log line when it is discarded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import double_lock

from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def card_note(obs: Observation, card: int, w: Words) -> str | None:
    """The second lock on a card, in words: "Number card 9: needs two 9s cut" (or open)."""
    locks = double_lock.view(obs)
    lock = next((lk for lk in locks["locks"] if lk["card"] == card), None) if locks else None
    if lock is None:
        return None
    key = "rw.lock.open" if lock["open"] else "rw.lock.closed"
    return w.t(key, value=lock["value"])


def _open(e: View, w: Words) -> Found:
    return w.t("rw.log.lockOpen", value=e["value"], card=w.card_name(e["card"])), "info"


CARD_NOTES = (card_note,)
LINES = {"lock_open": _open}
