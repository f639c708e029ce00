"""Sentences about actions: the confirm button says exactly what will happen.

>>> from fusebox_web.shell.i18n import load_catalogs
>>> from pathlib import Path
>>> from engine.redwire import Cut
>>> cat = load_catalogs(Path(__file__).resolve().parents[2] / "i18n")
>>> w = Words(cat, ["Ana", "Bea", "Carlo"], [0, 1, 2])
>>> confirm_text(Cut(0, ((2, 4),), (9,)), w, {"stands": [], "mechanisms": {}})
"Cut: is Carlo's wire 5 a 9?"
"""

from __future__ import annotations

from engine.redwire import Cut, Pick, PlaceToken, RevealReds, SoloCut
from engine.redwire.actions import Action
from engine.redwire.mechanisms import TOOLS
from engine.redwire.mechanisms.equipment import stabilizer
from engine.redwire.observation_types import Observation
from engine.redwire.wires import value_to_json

from . import mechanisms
from .mechanisms.base import own_label
from .words import Words


def confirm_text(action: Action, w: Words, obs: Observation) -> str:
    """What the confirm button says for ``action`` (the viewer's own wires in their words)."""
    if isinstance(action, Cut):
        values = w.values([value_to_json(v) for v in action.values])
        if action.tool is None:
            text = w.t("rw.confirm.cut", where=w.where(*action.targets[0]), values=values)
        elif TOOLS[action.tool].wires is None:  # a whole stand
            owner = w.name(w.owners[action.targets[0][0]])
            text = w.t("rw.confirm.super", tool=w.tool_name(action.tool), name=owner, values=values)
        else:
            text = w.t(
                "rw.confirm.detector",
                tool=w.tool_name(action.tool),
                wires=w.wires_of([list(t) for t in action.targets]),
                values=values,
            )
        if stabilizer.active(obs):
            text += " " + w.t("rw.confirm.stabilized")
        return " ".join([text, *mechanisms.confirm_notes(action, obs, w)])
    if isinstance(action, Pick):
        where = w.where_own(action.stand, action.slot)
        prompt = obs["prompt"]
        return w.t(
            f"rw.confirm.{prompt['kind'] if prompt else 'own_cut'}",
            where=where,
            wire=w.wire(own_label(obs, action.stand, action.slot)),
            who=w.name(prompt.get("actor") if prompt else None),
        )
    if isinstance(action, PlaceToken):
        own = mechanisms.token_confirm(action, w, obs)
        if own is not None:
            return own
        label = own_label(obs, action.stand, action.slot)
        return w.t("rw.confirm.token", where=w.where_own(action.stand, action.slot), value=label)
    if isinstance(action, SoloCut):
        text = w.t("rw.confirm.solo", value=w.value(value_to_json(action.value)))
        return " ".join([text, *mechanisms.confirm_notes(action, obs, w)])
    if isinstance(action, RevealReds):
        return w.t("rw.confirm.reveal")
    said = mechanisms.confirm_text(action, w, obs)
    if said is not None and action.counts_as_solo:  # the Fast Pass: a Solo Cut's notes too
        return " ".join([said, *mechanisms.confirm_notes(action, obs, w)])
    return said if said is not None else w.t("rw.confirm.choose")
