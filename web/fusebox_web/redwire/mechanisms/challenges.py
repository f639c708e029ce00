"""Doctor Nope's Challenge cards on the page (missions 55 and 60): the cards in the mission's
panel (each with a star and its number besides its colour, its condition in words, a tick once
met; card 8 with its two Number cards; the validation tokens so far and the team's last turns),
card 1's red call as a dock button (tap a teammate's wire, confirm "it is red") and card 9's
claim offered any time to the owner of a stand that meets it (tap a wire of that stand), by
touch or keyboard, and the log's lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import challenges
from engine.redwire.mechanisms.challenges import ChallengeClaim, RedCall

from ..markup import esc, tag
from .base import Found, View, action_use

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _card(card: int, done: bool, numbers: list[int], w: Words) -> str:
    name = w.t(f"rw.chal.name.{card}")
    text = w.t(f"rw.chal.text.{card}")
    if card == challenges.NUMBERS_CARD and numbers:
        text += " " + w.t("rw.chal.numbers", first=numbers[0], second=numbers[1])
    state = w.t("rw.chal.met" if done else "rw.chal.open")
    mark = "\u2713" if done else "\u2605"  # a tick once met, a star while face up
    label = w.t("rw.chal.cardLabel", card=card, name=name, text=text, state=state)
    return tag(
        "li",
        tag("span", esc(f"{mark} {card}"), class_="rw-chal-num", aria_hidden="true")
        + tag("b", esc(name))
        + " "
        + esc(text),
        class_="rw-chal" + (" is-done" if done else ""),
        aria_label=label,
        data_testid="challenge-card",
        data_card=card,
        data_state="done" if done else "up",
    )


def _part(obs: Observation, w: Words) -> str:
    part = challenges.view(obs)
    if part is None:
        return ""
    cards = [_card(c, False, part["numbers"], w) for c in part["face_up"]]
    cards += [_card(c, True, part["numbers"], w) for c in part["done"]]
    progress = [w.t("rw.chal.rule")]
    if part["validations"]:
        progress.append(
            w.t("rw.chal.validations", values=w.listing([str(v) for v in part["validations"]]))
        )
    if part["turns"]:
        said = [w.t("rw.chal.none") if v is None else str(v) for v in part["turns"]]
        progress.append(w.t("rw.chal.turns", values=w.listing(said)))
    return tag(
        "div",
        tag("p", esc(" ".join(progress)), class_="rw-seq")
        + tag("ul", "".join(cards), class_="rw-chals", aria_label=w.t("rw.chal.title")),
        data_testid="challenges",
    )


def _call_afford(state: GameState, seat: int) -> list[Tile] | None:
    tiles = [(a.stand, a.slot) for a in state.legal_set(seat) if isinstance(a, RedCall)]
    return sorted(tiles) or None


def _claim_afford(state: GameState, seat: int) -> list[Tile] | None:
    stands = {a.stand for a in state.legal_set(seat) if isinstance(a, ChallengeClaim)}
    tiles = [
        (stand, slot)
        for stand in sorted(stands)
        for slot, wire in enumerate(state.stands[stand])
        if not state.cut[wire]
    ]
    return tiles or None


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _call_build(sel: Selection, seat: int) -> RedCall | None:
    if len(sel.targets) != 1:
        return None
    stand, slot = sel.targets[0]
    return RedCall(seat, stand, slot)


def _claim_build(sel: Selection, seat: int) -> ChallengeClaim | None:
    if len(sel.targets) != 1:
        return None
    return ChallengeClaim(seat, sel.targets[0][0])


def _call_line(e: View, w: Words) -> Found:
    where = w.where(e["stand"], e["slot"])
    if e["outcome"] == "red":
        return w.t("rw.log.redCallHit", who=w.name(e["seat"]), where=where), "hit"
    return w.t("rw.log.redCallMiss", who=w.name(e["seat"]), where=where), "warn"


def _claim_line(e: View, w: Words) -> Found:
    number = w.stand_number(int(e["stand"]))
    key = "rw.log.chalClaim" if number is None else "rw.log.chalClaimStand"
    return w.t(key, who=w.name(e["seat"]), stand=number), "hit"


def _done_line(e: View, w: Words) -> Found:
    card = int(e["card"])
    return w.t("rw.log.chalDone", card=card, name=w.t(f"rw.chal.name.{card}")), "hit"


def _dealt_line(e: View, w: Words) -> Found:
    names = [f"{c} ({w.t(f'rw.chal.name.{c}')})" for c in e["cards"]]
    return w.t("rw.log.chalDealt", cards=w.listing(names)), "info"


PARTS = (_part,)
USES = (
    action_use(
        "red_call",
        RedCall,
        _call_afford,
        _call_build,
        lambda a, w, obs: w.t("rw.confirm.red_call", where=w.where(a.stand, a.slot)),
        plain=False,
        tiles=_tiles,
        select=lambda a: {"mode": "red_call", "targets": ((a.stand, a.slot),)},
        missing=lambda sel: "rw.msg.needWire",
        probe=lambda seat, tile, sel, players: RedCall(seat, tile[0], tile[1]),
    ),
    action_use(
        "challenge_claim",
        ChallengeClaim,
        _claim_afford,
        _claim_build,
        lambda a, w, obs: w.t("rw.confirm.challenge_claim"),
        timing="any_time",
        plain=False,
        tiles=_tiles,
        select=lambda a: {"mode": "challenge_claim", "targets": ((a.stand, 0),)},
        missing=lambda sel: "rw.msg.needWire",
        probe=lambda seat, tile, sel, players: ChallengeClaim(seat, tile[0]),
    ),
)
LINES = {
    "red_call": _call_line,
    "challenge_claim": _claim_line,
    "challenge_done": _done_line,
    "challenges": _dealt_line,
}
