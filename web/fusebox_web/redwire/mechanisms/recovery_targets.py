"""Mission 62's recovery targets on the page: each face-up Number card says "target" (scissors and
words) until its four wires are cut, then "met" (a tick, the card dimmed); a line in the
mission's panel says the rule and how many targets are met; the log says each one met."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import recovery_targets

from ..markup import esc, tag
from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def marks(obs: Observation, w: Words) -> dict[int, tuple[str, str]]:
    """Each target card: met (done) or still to cut."""
    part = recovery_targets.view(obs)
    if part is None:
        return {}
    return {
        value: (
            ("done", w.t("rw.recovery.markDone"))
            if value in part["done"]
            else ("target", w.t("rw.recovery.mark"))
        )
        for value in part["targets"]
    }


def _line(obs: Observation, w: Words) -> str:
    part = recovery_targets.view(obs)
    if part is None:
        return ""
    return tag(
        "p",
        esc(
            w.t("rw.recovery.rule")
            + " "
            + w.t("rw.recovery.count", done=len(part["done"]), total=len(part["targets"]))
        ),
        class_="rw-recovery",
        data_testid="recovery",
        data_done=len(part["done"]),
    )


def _dealt(e: View, w: Words) -> Found:
    values = [str(v) for v in e["values"]]
    return w.t("rw.log.recoveryDealt", values=w.listing(values)), "info"


def _met(e: View, w: Words) -> Found:
    return w.t("rw.log.recovery", value=e["value"]), "hit"


PARTS = (_line,)
LINES = {"recovery_targets": _dealt, "recovery": _met}
