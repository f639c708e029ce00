"""The "show odds" learning aid: one teammate's wire as the viewer's seat sees it.

With the toggle on, the wire the player selects for a cut shows its value distribution (exact,
from ``engine.redwire.deduction``, solved from the observation of the seat holding the device: never the
game state), the chance that cutting it with each value the player holds succeeds or explodes,
and one sentence saying why (an info token, two neighbours of the same value, an "=" label, or
the most likely value). Computed only when a wire is selected, and remembered per position.

>>> from engine import redwire
>>> game = redwire.new_game(mission=1, players=4, seed=3)   # blue 1 to 6, one stand each
>>> obs = game.observation(0)
>>> odds = wire_odds(obs, (1, 0))                          # seat 1's first wire
>>> sum(c.chance for c in odds.distribution), [c.value for c in odds.distribution]
(Fraction(1, 1), [1, 2, 3, 4, 5])
>>> [c.value for c in odds.cuts] == sorted({int(t["wire"]) for t in obs["stands"][0]["slots"]})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.redwire.mechanisms import miss_explodes_in, red_value
from engine.redwire.mechanisms.equipment import labels, stabilizer
from engine.redwire.observation_types import Observation
from engine.redwire.wires import RED, YELLOW, value_from_json, value_to_json

from .log_text import explain
from .notes import Note
from .selection import WIRES_OF_MODE, Selection
from .words import Words

Obs = Observation
Tile = tuple[int, int]
#: Modes in which the selected wire's odds are shown (the Stand Scanner takes a whole stand).
ODDS_MODES = tuple(WIRES_OF_MODE)
#: The reasons of this module's own (the others are the bots' ``rw.why.cut_token``/``cut_certain``).
REASON_KEYS = tuple(f"rw.odds.why.{k}" for k in ("red", "between", "label", "likely", "tie"))


@dataclass(frozen=True)
class Chance:
    """One possible value of the wire (a blue number, ``YELLOW`` or ``RED``) and its chance."""

    value: int
    chance: Fraction


@dataclass(frozen=True)
class CutChance:
    """A Dual Cut at the wire announcing ``value``: the chance it succeeds, or explodes."""

    value: int
    success: Fraction
    explosion: Fraction


@dataclass(frozen=True)
class WireOdds:
    tile: Tile
    #: The seat whose knowledge this is (the viewer).
    seat: int
    #: Every possible value, most likely first (the chances add up to 1).
    distribution: tuple[Chance, ...]
    #: One per value the viewer may announce (numbers, then yellow; never red).
    cuts: tuple[CutChance, ...]
    #: Why, as a catalog key (``rw.odds.why.*`` or a bot's ``rw.why.*``) and its params.
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)
    #: The Stabilizer is on: a red wire would not explode this turn.
    stabilized: bool = False

    @property
    def certain(self) -> bool:
        return len(self.distribution) == 1


def odds_tile(sel: Selection, obs: Obs) -> Tile | None:
    """The teammate's uncut wire whose odds the selection asks for (the last one tapped)."""
    viewer = obs.get("viewer")
    if not isinstance(viewer, int) or sel.mode not in ODDS_MODES or not sel.targets:
        return None
    stand, slot = sel.targets[-1]
    stands = obs["stands"]
    if not (0 <= stand < len(stands) and 0 <= slot < len(stands[stand]["slots"])):
        return None
    if stands[stand]["owner"] == viewer or stands[stand]["slots"][slot]["cut"]:
        return None
    return stand, slot


def _value_order(value: int) -> int:
    """Ties are listed like the tiles: numbers, then yellow, then red."""
    return {YELLOW: 100, RED: 101}.get(value, value)


def held_values(obs: Obs) -> tuple[int, ...]:
    """The values the viewer may announce: numbers held, then yellow (never red)."""
    held: set[int] = set()
    for stand in obs["stands"]:
        if stand["owner"] != obs.get("viewer"):
            continue
        for tile in stand["slots"]:
            label = tile["wire"]
            if tile["cut"] or label is None:
                continue
            whole, _, colour = str(label).partition(".")
            held.add({"": int(whole), "1": YELLOW}.get(colour, RED))
    held.discard(RED)
    return tuple(sorted(held, key=_value_order))


def seat_of(obs: Obs) -> int:
    """The seat whose observation it is (odds are a seat's)."""
    viewer = obs["viewer"]
    if not isinstance(viewer, int):
        raise ValueError(f"odds are a seat's, not {viewer!r}'s")
    return viewer


def wire_odds(obs: Obs, tile: Tile, knowledge: Any = None) -> WireOdds:
    """The odds of ``tile`` from ``obs`` (a seat's observation) alone.

    ``knowledge`` is an ``engine.redwire.bots.knowledge.Knowledge`` of the same observation (solved
    once per position; it drops contradictory facts the way the bots do, should any appear).
    """
    if knowledge is None:
        from engine.redwire.bots.knowledge import (
            Knowledge,  # the solver, only once odds are asked for
        )

        knowledge = Knowledge(obs)
    weights: dict[int, int] = {v: w for v, w in knowledge.weights(tile).items() if w}
    total = sum(weights.values())
    distribution = tuple(
        Chance(value, Fraction(weight, total))
        for value, weight in sorted(weights.items(), key=lambda vw: (-vw[1], _value_order(vw[0])))
    )
    chances = {c.value: c.chance for c in distribution}
    stabilized = stabilizer.active(obs)
    # Red wires explode, and so do the blue values a mission turns red.
    reds = (RED, *red_value.values_in(obs))
    explosion = (
        Fraction(0) if stabilized else sum((chances.get(r, Fraction(0)) for r in reds), Fraction(0))
    )
    fatal = miss_explodes_in(obs, seat_of(obs)) and not stabilized
    cuts = tuple(
        CutChance(
            value,
            chances.get(value, Fraction(0)),
            1 - chances.get(value, Fraction(0)) if fatal else explosion,
        )
        for value in held_values(obs)
    )
    reason, params = _reason(obs, tile, distribution)
    return WireOdds(tile, seat_of(obs), distribution, cuts, reason, params, stabilized=stabilized)


def _known_value(tile: Mapping[str, Any]) -> int | None:
    """The value a wire shows to everyone: cut face up, or an info token."""
    if tile["cut"] and tile["wire"] is not None:
        whole, _, colour = str(tile["wire"]).partition(".")
        return {"": int(whole), "1": YELLOW}.get(colour, RED)
    if tile["info"] is not None:
        return value_from_json(tile["info"])
    return None


def _reason(obs: Obs, at: Tile, distribution: tuple[Chance, ...]) -> tuple[str, dict[str, Any]]:
    stand, slot = at
    slots = obs["stands"][stand]["slots"]
    owner = obs["stands"][stand]["owner"]
    where = {"seat": owner, "stand": stand, "wire": slot + 1}
    top = distribution[0]
    if len(distribution) == 1:
        value = top.value
        if value == RED:
            return "rw.odds.why.red", where
        shown = value_to_json(value)
        if slots[slot]["info"] is not None:
            return "rw.why.cut_token", {**where, "value": shown}  # the bots' own sentence
        left = next((_known_value(t) for t in reversed(slots[:slot]) if _known(t)), None)
        right = next((_known_value(t) for t in slots[slot + 1 :] if _known(t)), None)
        if value != YELLOW and left == value == right:
            return "rw.odds.why.between", {**where, "value": shown}
        for label in labels.view(obs):
            a, b = label["slots"]
            if label["stand"] == stand and label["kind"] == "eq" and slot in (a, b):
                other = b if slot == a else a
                if _known_value(slots[other]) == value:
                    return "rw.odds.why.label", {**where, "value": shown, "other": other + 1}
        return "rw.why.cut_certain", {**where, "value": shown}
    red = next((c.chance for c in distribution if c.value == RED), Fraction(0))
    tied = [c.value for c in distribution if c.chance == top.chance]
    params: dict[str, Any] = {**where, "percent": top.chance}
    if len(tied) > 1:
        key, params["values"] = "rw.odds.why.tie", [value_to_json(v) for v in tied]
    else:
        key, params["value"] = "rw.odds.why.likely", value_to_json(top.value)
    if red and top.value != RED and RED not in tied:
        params["red"] = red
    return key, params


def _known(tile: Mapping[str, Any]) -> bool:
    return _known_value(tile) is not None


# --------------------------------------------------------------------------- words


def percent_number(chance: Fraction) -> str:
    """A chance as a whole percentage: 100 only when certain, 0 only when impossible.

    >>> [percent_number(Fraction(n, 1000)) for n in (0, 3, 5, 449, 995, 1000)]
    ['0', '<1', '1', '45', '>99', '100']
    """
    if chance <= 0:
        return "0"
    if chance >= 1:
        return "100"
    whole = int(chance * 100 + Fraction(1, 2))  # half up
    if whole < 1:
        return "<1"
    if whole > 99:
        return ">99"
    return str(whole)


def percent(w: Words, chance: Fraction) -> str:
    return w.t("rw.odds.percent", n=percent_number(chance))


def reason_text(odds: WireOdds, w: Words) -> str:
    """The one-line reason, in the player's language."""
    p = dict(odds.params)
    if odds.reason.startswith("rw.why."):  # a bot's sentence: its own params and translation
        return explain(Note(0, odds.seat, odds.reason.removeprefix("rw.why."), p), w)
    fields: dict[str, object] = {"where": w.where(p["stand"], p["wire"] - 1)}
    if "value" in p:
        fields["value"] = w.value(p["value"])
    if "values" in p:
        fields["values"] = w.listing([w.value(v) for v in p["values"]])
    if "percent" in p:
        fields["percent"] = percent(w, p["percent"])
    if "other" in p:
        fields["other"] = p["other"]
    text = w.t(odds.reason, **fields)
    if "red" in p:
        text += " " + w.t("rw.odds.why.mayBeRed", red=percent(w, p["red"]))
    return text


class OddsCache:
    """Odds already computed for the position on screen (a new state or viewer starts afresh)."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._state: object = None
        self._knowledge: Any = None
        self._wires: dict[Tile, WireOdds] = {}
        #: How many wires were computed (not found here): for tests.
        self.computed = 0

    def get(self, state: object, obs: Obs, tile: Tile) -> WireOdds:
        """The odds of ``tile`` in ``obs``, the observation of ``state`` for its viewer."""
        viewer = seat_of(obs)
        if state is not self._state or self._key != (id(state), viewer):
            self._state, self._key = state, (id(state), viewer)
            self._knowledge, self._wires = None, {}
        found = self._wires.get(tile)
        if found is None:
            if self._knowledge is None:
                from engine.redwire.bots.knowledge import Knowledge

                self._knowledge = Knowledge(obs)
            found = wire_odds(obs, tile, self._knowledge)
            self._wires[tile] = found
            self.computed += 1
        return found

    def clear(self) -> None:
        self._state, self._key, self._knowledge, self._wires = None, None, None, {}
