"""What the viewer may do now, as the board offers it: from the engine's legal actions and the
viewer's selection (hand cards, dice), never from anything the viewer cannot see.

Placements after a roll are offered card by card, an exact hit with the fewest dice first, then
beating the card with the fewest dice (the spec's "minimal exact first").

>>> from engine.loop import Assign
>>> legal = [Assign(0, "red4a", (1, 3)), Assign(0, "red4a", (5,)), Assign(0, "red4a", (4,))]
>>> [a.dice for a in placement_order(legal, {"red4a": 4})]
[(4,), (1, 3), (5,)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.loop.actions import (
    Action,
    Assign,
    Declare,
    DeclareFree,
    Discard,
    Draw,
    EndDraw,
    Highlight,
    Reroll,
    Roll,
    SeventhDie,
    Stop,
)

#: Phases in which hand cards are selected before acting.
SELECTING = ("turn", "discard")


@dataclass(frozen=True)
class Choices:
    """The viewer's decision, and the actions the board offers for it."""

    phase: str | None
    draws: tuple[Draw, ...] = ()
    keep: EndDraw | None = None
    #: Plan id -> the declaration the selected cards make on it (only legal ones).
    fly: Mapping[str, Declare] = field(default_factory=dict)
    #: Plans some selection of hand cards could fly (to guide the player).
    flyable: frozenset[str] = frozenset()
    free: DeclareFree | None = None
    can_free: bool = False
    discard: Discard | None = None
    discard_count: int = 0
    highlights: tuple[Highlight, ...] = ()
    roll: Roll | None = None
    seventh: SeventhDie | None = None
    stop: Stop | None = None
    #: (card id, its placements in the order offered).
    placements: tuple[tuple[str, tuple[Assign, ...]], ...] = ()
    reroll: Reroll | None = None
    can_reroll: bool = False
    #: Hand cards that may be selected now.
    selectable: frozenset[str] = frozenset()


def placement_order(actions: Iterable[Assign], difficulty: Mapping[str, int]) -> list[Assign]:
    """Exact hits first, fewest dice first; then overs, fewest dice (then the lower sum) first."""
    return sorted(
        actions,
        key=lambda a: (sum(a.dice) != difficulty[a.card], len(a.dice), sum(a.dice), a.dice),
    )


def choices(
    obs: Mapping[str, Any],
    legal: Sequence[Action],
    selected: frozenset[str] = frozenset(),
    dice: tuple[int, ...] = (),
) -> Choices:
    """The board's offer for the viewer of ``obs`` whose legal actions are ``legal``.

    ``selected``: hand cards chosen (ids); ``dice``: positions in the roll chosen to roll again.
    """
    if not legal:
        return Choices(None)
    phase = str(obs["phase"])
    draws = tuple(a for a in legal if isinstance(a, Draw))
    keep = next((a for a in legal if isinstance(a, EndDraw)), None)
    hand = [c["id"] for c in obs["seats"][obs["to_move"]]["hand"] or []]
    legal_set = set(legal)
    out: dict[str, Any] = {"phase": phase, "draws": draws, "keep": keep}
    if phase == "turn":
        declares = [a for a in legal if isinstance(a, Declare)]
        chosen = tuple(sorted(selected))
        out["fly"] = {a.plan: a for a in declares if a.cards == chosen}
        out["flyable"] = frozenset(a.plan for a in declares)
        frees = [a for a in legal if isinstance(a, DeclareFree)]
        out["can_free"] = bool(frees)
        out["free"] = next((a for a in frees if a.cards == chosen), None)
        out["selectable"] = frozenset(hand) if declares or frees else frozenset()
    elif phase == "discard":
        count = obs["prompt"]["drawn"]
        out["discard_count"] = count
        candidate = Discard(obs["to_move"], tuple(selected))
        out["discard"] = candidate if candidate in legal_set else None
        out["selectable"] = frozenset(hand)
    elif phase == "highlight":
        out["highlights"] = tuple(a for a in legal if isinstance(a, Highlight))
    out["roll"] = next((a for a in legal if isinstance(a, Roll)), None)
    out["seventh"] = next((a for a in legal if isinstance(a, SeventhDie)), None)
    out["stop"] = next((a for a in legal if isinstance(a, Stop)), None)
    if phase == "rolled":
        flight = obs["flight"]
        difficulty = {c["id"]: c["difficulty"] for c in flight["cards"]}
        assigns = [a for a in legal if isinstance(a, Assign)]
        by_card: list[tuple[str, tuple[Assign, ...]]] = []
        for card in flight["cards"]:
            mine = [a for a in assigns if a.card == card["id"]]
            if mine:
                by_card.append((card["id"], tuple(placement_order(mine, difficulty))))
        out["placements"] = tuple(by_card)
        rerolls = [a for a in legal if isinstance(a, Reroll)]
        out["can_reroll"] = bool(rerolls)
        roll = flight["roll"] or []
        if dice and rerolls:
            values = tuple(sorted(roll[i] for i in dice if 0 <= i < len(roll)))
            candidate_reroll = Reroll(obs["to_move"], values)
            out["reroll"] = candidate_reroll if candidate_reroll in legal_set else None
    return Choices(**out)
