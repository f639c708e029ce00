"""Why a bot chose its move: one sentence, structured so that the page can translate it.

An ``Explanation`` carries a ``key`` (which sentence), ``params`` (what fills it) and ``text`` (the
English sentence). The page looks the key up in its own strings (English, Italian) and fills in
the params, substituting player names for seat numbers. ``KEYS`` lists every key with its params
and English template; docs/bots.md shows the same table.

Param conventions:

* ``seat``, ``partner``, ``next_seat``: a seat as the engine numbers it (0-based); the page shows
  the player's name. ``seats``: a list of them.
* ``stand``: the engine's stand index (0-based), for highlighting; ``wire``: the 1-based position
  of a wire on that stand, from the left; ``wires``: a list of ``[stand, wire]`` pairs (detectors).
* ``value``, ``value2``: 1..12 or ``"yellow"``; ``values``: a list of them. ``card``: an equipment card number (1..12).
* ``percent``: a chance as a whole percentage (0..100). ``left``: detonator steps left.
* ``tool``: ``"double"``, ``"triple"``, ``"super"`` or ``"own_triple"`` (a new character's);
  ``kind``: an action type name. ``character``: a new character, ``"E1"``..``"E4"``.

>>> e = explanation("cut_guess", seat=1, stand=1, wire=4, value=9, percent=92)
>>> e.text
"9 on player 2's wire 4: 92%, the best chance."
>>> e.key, e.params["percent"]
('cut_guess', 92)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.text import counted


@dataclass(frozen=True)
class Explanation:
    """One sentence on a bot's choice: ``key`` + ``params`` for translation, ``text`` in English."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON for the page: ``{"key", "params", "text"}``."""
        return {"key": self.key, "params": dict(self.params), "text": self.text}


@dataclass(frozen=True)
class Key:
    """A sentence: its params, its English template (``str.format`` over the params, shown as
    ``_readable`` says) and when it is used."""

    params: tuple[str, ...]
    template: str
    meaning: str


#: Every key a bot may give, with its params and English template.
KEYS: dict[str, Key] = {
    "setup_token": Key(
        ("stand", "wire", "value"),
        "Info token on my wire {wire}: {value}, the one that helps the team most.",
        "expert setup token: the most useful value and place",
    ),
    "setup_token_any": Key(
        ("stand", "wire", "value"),
        "Info token on my wire {wire}: {value}.",
        "setup token without a preference",
    ),
    "reveal_reds": Key((), "Only red wires are left in my hand: I reveal them.", "reveal reds"),
    "solo_cut": Key(
        ("value",), "I hold every {value} still in play: solo cut.", "solo cut (certain)"
    ),
    "cut_token": Key(
        ("seat", "stand", "wire", "value"),
        "{value} on {seat}'s wire {wire}: an info token shows it.",
        "certain cut of a wire whose info token shows the value",
    ),
    "cut_certain": Key(
        ("seat", "stand", "wire", "value"),
        "{value} on {seat}'s wire {wire}: certain from what the team has seen.",
        "certain cut found by deduction",
    ),
    "cut_certain_teach": Key(
        ("seat", "stand", "wire", "value"),
        "{value} on {seat}'s wire {wire}: certain, and it shows the team the most.",
        "expert: the certain cut that tells the others most",
    ),
    "cut_guess": Key(
        ("seat", "stand", "wire", "value", "percent"),
        "{value} on {seat}'s wire {wire}: {percent}%, the best chance.",
        "no certain cut: the likeliest one",
    ),
    "cut_probe": Key(
        ("seat", "stand", "wire", "value", "percent"),
        "{value} on {seat}'s wire {wire}: {percent}%, and even a miss would show the team that wire.",
        "expert: a likely cut that also teaches (chosen over a slightly safer one)",
    ),
    "cut_stall": Key(
        ("seat", "stand", "wire", "value"),
        "{value} on {seat}'s wire {wire}: a sure miss, but every other cut could hit the red wire.",
        "expert: a deliberate miss (one detonator step) instead of risking an explosion",
    ),
    "cut_stall_ahead": Key(
        ("seat", "stand", "wire", "value"),
        "{value} on {seat}'s wire {wire}: a sure miss, as every certain cut would leave the next player a risky guess.",
        "expert near the end: a deliberate miss instead of a certain cut that would leave the next player in a standoff over the red wire",
    ),
    "cut_either": Key(
        ("seat", "stand", "wire", "value", "value2", "percent"),
        "{value} or {value2} on {seat}'s wire {wire}: {percent}%.",
        "cut with the X-or-Y ray (card 10)",
    ),
    "cut_detector": Key(
        ("tool", "seat", "wires", "values", "percent"),
        "{tool} on {seat}'s wires {wires} for {values}: {percent}%.",
        "cut with a detector (Double Detector, card 3 or card 5)",
    ),
    "cut_blind": Key(
        ("seat", "stand", "wire", "value"),
        "{value} on {seat}'s wire {wire}: no certain cut, a guess.",
        "simple bot: a guess without odds",
    ),
    "stabilize": Key(
        ("percent",),
        "Stabilizer first: my best cut is only {percent}%.",
        "card 9 before a risky cut",
    ),
    "fast_pass": Key(
        ("value",),
        "Fast Pass on two of my {value}s: no cut is certain, so I cut a pair of mine safely.",
        "card 9-9 instead of a guess",
    ),
    "single_label": Key(
        ("stand", "wire"),
        "x1 token on my wire {wire}: its value is nowhere else on my stand.",
        "card 2-2, at once: it tells the team something at no cost",
    ),
    "hook_solo": Key(
        ("partner", "wire", "value", "percent"),
        "Grappling Hook on {partner}'s wire {wire}: {percent}% it is the last {value} I lack, "
        "and then I Solo-Cut them all.",
        "card 11-11 when no cut is certain",
    ),
    "hook_look": Key(
        ("partner", "wire", "percent"),
        "Grappling Hook on {partner}'s wire {wire}: rather than guess at it ({percent}%), I take "
        "it and see it.",
        "card 11-11 instead of a risky guess",
    ),
    "rewind": Key(
        ("left",),
        "Rewind: the detonator is {left} from the skull.",
        "card 6",
    ),
    "radar": Key(
        ("value",),
        "Radar on {value}: no cut is certain, so first find where the {value}s are.",
        "card 8 before a guess",
    ),
    "post_it": Key(
        ("stand", "wire", "value"),
        "Sticky note on my wire {wire}: {value}, so a teammate can cut it safely.",
        "card 4",
    ),
    "label": Key(
        ("card", "stand", "wire"),
        "{card} on my wire {wire} and the next one: it narrows them down for the team.",
        "card 1 (≠) or card 12 (=) on wires wire and wire+1",
    ),
    "batteries": Key(
        ("seats",),
        "Spare batteries: the Double Detector of {seats} is ready again.",
        "card 7",
    ),
    "walkie": Key(
        ("partner", "stand", "wire"),
        "Walkie-Talkies with {partner}: my wire {wire} for one of theirs.",
        "card 2",
    ),
    "coffee": Key(
        ("next_seat", "percent"),
        "Coffee break: my best cut is only {percent}%, {next_seat} plays next.",
        "card 11 instead of a risky cut",
    ),
    "pick_own_cut": Key(
        ("stand", "wire", "value"),
        "I cut my {value} on wire {wire}: it shows the team the most.",
        "after a hit: which of my matching wires I cut",
    ),
    "pick_detector_cut": Key(
        ("stand", "wire", "value"),
        "The detector found my {value}: I cut wire {wire}.",
        "owner, after a detector hit: which matching wire is cut",
    ),
    "pick_detector_token": Key(
        ("stand", "wire"),
        "The detector missed: the token goes on my wire {wire}, where it teaches the most.",
        "owner, after a detector miss: where the info token goes",
    ),
    "pick_walkie_give": Key(
        ("stand", "wire"),
        "Walkie-Talkies: I give my wire {wire}.",
        "partner of the Walkie-Talkies: which wire is given",
    ),
    "pick_any": Key(
        ("stand", "wire"),
        "Wire {wire}: one of the allowed choices.",
        "a pick without a preference",
    ),
    "random_move": Key(
        ("kind",),
        "A random legal move ({kind}).",
        "random bot",
    ),
    "sees_all": Key((), "It sees every wire.", "omniscient bot (harness check only)"),
}


def _mechanism_keys() -> dict[str, Key]:
    """The sentences the mechanisms' advice gives (``Mechanism.bot_keys``)."""
    from ..mechanisms import ALL  # the bots load after the engine: no cycle

    return {key: Key(*spec) for m in ALL for key, spec in m.bot_keys.items()}


KEYS.update(_mechanism_keys())

_TOOL_NAMES = {
    "double": "Double Detector",
    "triple": "Triple Scanner",
    "super": "Stand Scanner",
    "own_triple": "own Triple Scanner",
}
_CARD_NAMES = {1: "≠ label", 12: "= label"}


def _player(seat: int) -> str:
    return f"player {seat + 1}"


def _readable(params: Mapping[str, Any]) -> dict[str, Any]:
    """The params as the English sentence shows them (the page does the same in its language):
    seats as player names, lists joined, tools and cards by name."""
    fields = dict(params)
    for name in ("seat", "partner", "next_seat"):
        if name in params:
            fields[name] = _player(params[name])
    if "seats" in params:
        fields["seats"] = " and ".join(_player(seat) for seat in params["seats"])
    if "wires" in params:
        fields["wires"] = ", ".join(str(wire) for _, wire in params["wires"])
    if "values" in params:
        fields["values"] = " or ".join(str(v) for v in params["values"])
    if "tool" in params:
        fields["tool"] = _TOOL_NAMES.get(params["tool"], str(params["tool"]))
    if isinstance(params.get("left"), int):  # the detonator's steps left
        fields["left"] = counted(params["left"], "step", "steps")
    if "card" in params:
        fields["card"] = _CARD_NAMES.get(params["card"], f"card {params['card']}")
    if "character" in params:
        from ..mechanisms.new_characters import NAMES  # the bots load after the engine

        fields["character"] = NAMES.get(params["character"], {"en": "?"})["en"]
    return fields


def explanation(key: str, **params: Any) -> Explanation:
    """Build an explanation; its params must be exactly those ``KEYS[key]`` documents.

    >>> explanation("solo_cut", value="yellow").text
    'I hold every yellow still in play: solo cut.'
    """
    spec = KEYS[key]
    if set(params) != set(spec.params):
        raise ValueError(f"{key} takes {spec.params}, not {tuple(params)}")
    return Explanation(key, params, spec.template.format(**_readable(params)))
