"""Sentences about actions: the confirm button says exactly what will happen.

>>> from fusebox_web.shell.i18n import load_catalogs
>>> from pathlib import Path
>>> from engine.redwire import Cut
>>> cat = load_catalogs(Path(__file__).resolve().parents[2] / "i18n")
>>> w = Words(cat, ["Ana", "Bea", "Carlo"], [0, 1, 2])
>>> confirm_text(Cut(0, ((2, 4),), (9,)), w, {"stands": [], "stabilized": False})
"Cut: is Carlo's wire 5 a 9?"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.redwire import (
    Batteries,
    CoffeeMug,
    Cut,
    Label,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    RevealReds,
    SoloCut,
    Stabilize,
    Walkie,
)
from engine.redwire.actions import Action
from engine.redwire.wires import value_to_json

from .words import Words


def own_label(obs: Mapping[str, Any], stand: int, slot: int) -> str:
    try:
        return str(obs["stands"][stand]["slots"][slot]["wire"])
    except (KeyError, IndexError, TypeError):
        return "?"


def confirm_text(action: Action, w: Words, obs: Mapping[str, Any]) -> str:
    """What the confirm button says for ``action`` (the viewer's own wires in their words)."""
    if isinstance(action, Cut):
        values = w.values([value_to_json(v) for v in action.values])
        if action.tool is None:
            text = w.t("rw.confirm.cut", where=w.where(*action.targets[0]), values=values)
        elif action.tool == "super":
            owner = w.name(w.owners[action.targets[0][0]])
            text = w.t("rw.confirm.super", tool=w.tool_name("super"), name=owner, values=values)
        else:
            text = w.t(
                "rw.confirm.detector",
                tool=w.tool_name(action.tool),
                wires=w.wires_of([list(t) for t in action.targets]),
                values=values,
            )
        if obs.get("stabilized"):
            text += " " + w.t("rw.confirm.stabilized")
        return text
    if isinstance(action, Pick):
        where = w.where_own(action.stand, action.slot)
        kind = (obs.get("prompt") or {}).get("kind", "own_cut")
        return w.t(
            f"rw.confirm.{kind}",
            where=where,
            wire=w.wire(own_label(obs, action.stand, action.slot)),
            who=w.name((obs.get("prompt") or {}).get("actor")),
        )
    if isinstance(action, PlaceToken):
        label = own_label(obs, action.stand, action.slot)
        return w.t("rw.confirm.token", where=w.where_own(action.stand, action.slot), value=label)
    if isinstance(action, PostIt):
        label = own_label(obs, action.stand, action.slot)
        return w.t(
            "rw.confirm.post_it",
            where=w.where_own(action.stand, action.slot),
            value=label,
            card=w.card_name(4),
        )
    if isinstance(action, Label):
        return w.t(
            "rw.confirm.label",
            card=w.card_name(action.card),
            first=action.slot + 1,
            second=action.slot + 2,
        )
    if isinstance(action, Walkie):
        return w.t(
            "rw.confirm.walkie",
            where=w.where_own(action.stand, action.slot),
            wire=w.wire(own_label(obs, action.stand, action.slot)),
            partner=w.name(action.partner),
        )
    if isinstance(action, SoloCut):
        return w.t("rw.confirm.solo", value=w.value(value_to_json(action.value)))
    if isinstance(action, Radar):
        return w.t("rw.confirm.radar", value=action.value, card=w.card_name(8))
    if isinstance(action, Batteries):
        return w.t(
            "rw.confirm.batteries",
            seats=w.listing([w.name(s) for s in action.seats]),
            card=w.card_name(7),
        )
    if isinstance(action, CoffeeMug):
        return w.t("rw.confirm.coffee", name=w.name(action.next_seat), card=w.card_name(11))
    if isinstance(action, RevealReds):
        return w.t("rw.confirm.reveal")
    if isinstance(action, Stabilize):
        return w.t("rw.confirm.stabilize", card=w.card_name(9))
    return w.t("rw.confirm.rewind", card=w.card_name(6))
