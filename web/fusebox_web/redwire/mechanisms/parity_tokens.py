"""Even/odd tokens on the page (mission 21): each token drawn under its wire (a letter, said in
words), the rule in the mission's panel, the setup prompt and confirm button, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.actions import Action, PlaceToken
from engine.redwire.mechanisms import parity_tokens
from engine.redwire.wires import code_of

from ..markup import esc, tag
from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

Tile = tuple[int, int]


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = parity_tokens.view(obs)
    if part is None:
        return {}
    out: dict[Tile, tuple[str, str]] = {}
    for token in part["tokens"]:
        parity = token["parity"]
        drawn = tag(
            "span",
            esc(w.t(f"rw.parity.short.{parity}")),
            class_=f"rw-token rw-token--parity rw-token--{parity}",
            aria_hidden="true",
        )
        out[(token["stand"], token["slot"])] = (drawn, w.t(f"rw.parity.tile.{parity}"))
    return out


def _seats_ok(obs: Observation, seat: int | None) -> bool:
    """Whether ``seat``'s wires get these tokens (mission 40 gives them to some seats only)."""
    part = parity_tokens.view(obs)
    return part is not None and (seat is None or seat in part.get("seats", [seat]))


def _part(obs: Observation, w: Words) -> str:
    part = parity_tokens.view(obs)
    if part is None:
        return ""
    text = w.t("rw.parity.rule")
    if "seats" in part:  # mission 40: whose wires get them
        names = ", ".join(w.name(seat) for seat in part["seats"])
        text = f"{text} {w.t('rw.parity.who', names=names)}"
    return tag("p", esc(text), class_="rw-seq", data_testid="parity-rule")


def _prompt(obs: Observation, w: Words) -> str | None:
    if not _seats_ok(obs, obs["to_move"]) or obs["phase"] != "setup_token":
        return None
    return w.t("rw.parity.prompt")


def _confirm(action: Action, w: Words, obs: Observation) -> str | None:
    if not isinstance(action, PlaceToken) or not _seats_ok(obs, action.seat):
        return None
    label = obs["stands"][action.stand]["slots"][action.slot]["wire"]
    parity = parity_tokens.parity_of(code_of(str(label))) if label is not None else None
    if parity is None:
        return None
    return w.t(
        "rw.confirm.parityToken",
        where=w.where_own(action.stand, action.slot),
        parity=w.t(f"rw.parity.{parity}"),
    )


def _line(e: View, w: Words) -> Found:
    key = {"setup": "rw.log.paritySetup", "miss": "rw.log.parityMiss"}.get(
        str(e["reason"]), "rw.log.parityOther"
    )
    return (
        w.t(
            key,
            who=w.name(e["seat"]),
            parity=w.t(f"rw.parity.{e['parity']}"),
            where=w.where_their(e["stand"], e["slot"]),
        ),
        "info",
    )


TILE_MARKS = (_marks,)
PARTS = (_part,)
PROMPTS = (_prompt,)
TOKEN_CONFIRMS = (_confirm,)
LINES = {"parity_token": _line}
