"""Red Wire's mechanisms by id, and what the core looks up in them.

Every mechanism is listed here once (:data:`ALL`); a mission names those it uses, with their
parameters (``mechanisms = ["double_detector", "equipment"]``), and a mechanism may bring others
into play (the equipment tray brings the cards it drew). The core finds

* the mechanisms of a game, in the order their hooks are called (:func:`in_play`);
* any action's JSON type, class, legal-move generator and handler (:data:`ACTIONS`);
* the Dual Cut's detectors by name (:data:`TOOLS`), multi-value announcements by count
  (:data:`ANNOUNCERS`), and the pick decisions mechanisms declare (:data:`PICKS`).

Handlers are found for every action, in play or not: an action of a mechanism this game does not
have is refused by the mechanism itself, with its own reason (Radar in mission 1:
``equipment_absent``).

>>> [m.id for m in ALL][:3]
['double_detector', 'equipment', 'stash']
>>> get("submarine")  # doctest: +ELLIPSIS
Traceback (most recent call last):
KeyError: "no mechanism 'submarine'; known: arithmetic, audio, bat_radar, ..."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import ReasonCode
from ..actions import CORE_ACTIONS, Action, parse_action
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Phase
from . import (
    arithmetic,
    audio,
    bat_radar,
    bluffer,
    captain_token,
    careless,
    challenges,
    claims,
    constraints,
    count_tokens,
    dealt_first,
    double_detector,
    double_lock,
    equipment,
    flipped_wires,
    four_at_once,
    guessing,
    hand_me_downs,
    hidden_equipment,
    memory,
    nano,
    negative_tokens,
    new_characters,
    no_tokens,
    number_cards,
    number_choice,
    number_flip,
    oxygen,
    parity_tokens,
    random_token,
    recovery_targets,
    red_value,
    rookie,
    sequence,
    silence,
    sweep,
    timer,
    token_draft,
    tripwires,
    volunteers,
    weakest_link,
    wire_pile,
    x_wires,
)
from .base import ActionSpec, Announcer, Mechanism, PickSpec, Tool

if TYPE_CHECKING:
    from ..missions import Mission
    from ..observation_types import Observation

#: Every mechanism, in the order their hooks and legal moves come when several are in play.
ALL: tuple[Mechanism[Any], ...] = (
    double_detector.MECHANISM,
    equipment.MECHANISM,
    *equipment.CARD_MECHANISMS,
    number_cards.MECHANISM,
    sequence.MECHANISM,
    claims.MECHANISM,
    timer.MECHANISM,
    red_value.MECHANISM,
    captain_token.MECHANISM,
    double_lock.MECHANISM,
    dealt_first.MECHANISM,
    random_token.MECHANISM,
    sweep.MECHANISM,
    rookie.MECHANISM,
    hidden_equipment.MECHANISM,
    bluffer.MECHANISM,
    bat_radar.MECHANISM,
    audio.MECHANISM,
    x_wires.MECHANISM,
    parity_tokens.MECHANISM,
    negative_tokens.MECHANISM,
    four_at_once.MECHANISM,
    count_tokens.MECHANISM,
    silence.MECHANISM,
    number_choice.MECHANISM,
    token_draft.MECHANISM,
    careless.MECHANISM,
    guessing.MECHANISM,
    number_flip.MECHANISM,
    new_characters.MECHANISM,
    constraints.MECHANISM,
    weakest_link.MECHANISM,
    flipped_wires.MECHANISM,
    tripwires.MECHANISM,
    nano.MECHANISM,
    oxygen.MECHANISM,
    wire_pile.MECHANISM,
    volunteers.MECHANISM,
    arithmetic.MECHANISM,
    memory.MECHANISM,
    no_tokens.MECHANISM,
    challenges.MECHANISM,
    hand_me_downs.MECHANISM,
    recovery_targets.MECHANISM,
)
REGISTRY: dict[str, Mechanism[Any]] = {m.id: m for m in ALL}
ACTIONS: dict[type[Action], ActionSpec[Any]] = {a.cls: a for m in ALL for a in m.actions}
#: Every action class by its JSON type: the core's and the mechanisms'.
ACTION_TYPES: dict[str, type[Action]] = {
    **{cls.type: cls for cls in CORE_ACTIONS},
    **{cls.type: cls for cls in ACTIONS},
}
TOOLS: dict[str, Tool] = {t.name: t for m in ALL for t in m.tools}
#: The counts of values a Dual Cut may announce with some mechanism's help (2: the Either-Or Ray,
#: the card or a character's own).
ANNOUNCERS: frozenset[int] = frozenset(a.count for m in ALL for a in m.announcers)
PICKS: dict[Phase, PickSpec] = {p.phase: p for m in ALL for p in m.picks}
_codes = [reason.value for m in ALL if m.reasons for reason in m.reasons] + list(Reason)
if len(set(_codes)) != len(_codes):  # a page translates by code: two reasons cannot share one
    raise RuntimeError(f"a refusal code is defined twice: {sorted(_codes)}")
for _pick in PICKS.values():
    describe_phase(_pick.phase.value, _pick.waiting, _pick.expected)


def miss_explodes_in(obs: Observation, seat: int) -> bool:
    """Whether a miss of ``seat`` explodes the bomb, as its observation shows (the rookie of
    mission 14, the careless captain of mission 28)."""
    return any(m.explodes_on_miss_in(obs, seat) for m in ALL)


def reasons() -> tuple[ReasonCode, ...]:
    """Every refusal reason of the game: the core's, then each mechanism's (codes are unique).

    >>> [r.value for r in reasons() if r.value.startswith("equipment_")]
    ['equipment_absent', 'equipment_locked', 'equipment_used', 'equipment_locked_all', 'equipment_double_locked']
    """
    found: tuple[ReasonCode, ...] = (*Reason, *(r for m in ALL if m.reasons for r in m.reasons))
    return found


def get(mechanism_id: str) -> Mechanism[Any]:
    """The mechanism called ``mechanism_id``; KeyError naming the known ones."""
    found = REGISTRY.get(mechanism_id)
    if found is None:
        raise KeyError(f"no mechanism {mechanism_id!r}; known: {', '.join(sorted(REGISTRY))}")
    return found


def in_play(mission: Mission, setup_parts: Mapping[str, Any]) -> tuple[Mechanism[Any], ...]:
    """The mechanisms of a game: each one the mission lists, followed by those it brings."""
    out: dict[str, Mechanism[Any]] = {}
    for use in mission.mechanisms:
        mechanism = get(use.id)
        out[use.id] = mechanism
        for brought in mechanism.brings(setup_parts.get(use.id)):
            out.setdefault(brought, get(brought))
    return tuple(out.values())


def action_from_json(raw: object) -> Action:
    """Parse any action; anything malformed raises IllegalActionError(MALFORMED).

    >>> action_from_json({"type": "radar", "seat": 1, "value": 7})
    Radar(seat=1, value=7)
    """
    if not isinstance(raw, dict):
        raise IllegalActionError(Reason.MALFORMED, detail="an action is an object with a 'type'")
    kind = raw.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalActionError(Reason.MALFORMED, detail=f"unknown action type {kind!r}")
    return parse_action(cls, raw, {"tool": _as_tool})


def _as_tool(raw: object, name: str) -> str | None:
    if raw is None or (isinstance(raw, str) and raw in TOOLS):
        return raw
    known = ", ".join(repr(t) for t in TOOLS)
    raise IllegalActionError(Reason.MALFORMED, detail=f"{name} must be null or one of {known}")


__all__ = [
    "ACTIONS",
    "ACTION_TYPES",
    "ALL",
    "ANNOUNCERS",
    "PICKS",
    "TOOLS",
    "ActionSpec",
    "Announcer",
    "Mechanism",
    "PickSpec",
    "Tool",
    "action_from_json",
    "get",
    "in_play",
]
