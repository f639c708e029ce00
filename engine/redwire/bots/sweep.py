"""The bots' sweep decisions (missions 13 and 48, ``sweep``), from the seat's observation.

Every level but the random one sweeps when the deduction makes every wire of the colour certain,
or when it must: its hand holds nothing else it may act on (mission 13: only red wires, which
are never revealed; mission 48: only yellow wires, with or without red ones), then at the
likeliest group. Where a wrong sweep only marks the wires and costs a step (mission 48), the
expert also sweeps at the likeliest group when it is at least ``LIKELY`` sure, none of its wires
can be red, a step is left to spare and no cut of his is certain. During a sweep, the planned
group's wires are pointed at one by one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Cut, Pick
from ..deduction import RED, YELLOW
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.sweep import SWEEP_POINT, Sweep, likeliest, sweep_view

if TYPE_CHECKING:
    from .knowledge import Knowledge

#: The expert's least chance of the whole group for a sweep that is not certain (mission 48).
LIKELY = 0.6

Slot = tuple[int, int]


def _plan(ask: BotAsk, floor: float = 0.0) -> tuple[list[Slot], float]:
    """The group of wires likeliest to be every wire of the colour left, and its chance (the
    wires already pointed at in a sweep under way are kept)."""
    part = sweep_view(ask.obs)
    if part is None:
        return [], 0.0
    colour = RED if part["colour"] == "red" else YELLOW
    chosen = [(int(a), int(b)) for a, b in part["chosen"]]
    return likeliest(ask.knowledge(), colour, int(part["count"]), chosen, floor)


def _sure_cut(ask: BotAsk, know: Knowledge) -> bool:
    return any(
        isinstance(action, Cut)
        and action.tool is None
        and len(action.targets) == 1
        and len(action.values) == 1
        and know.certain(action.targets[0], action.values)
        for action in ask.legal
    )


def advise(ask: BotAsk) -> Advice | None:
    part = sweep_view(ask.obs)
    if part is None:
        return None
    yellow = part["colour"] == "yellow"
    prefix = "yellow_" if yellow else ""
    picks = [a for a in ask.legal if isinstance(a, Pick)]
    prompt = ask.obs["prompt"]
    if picks and prompt is not None and prompt["kind"] == SWEEP_POINT.value:
        chosen = [(int(a), int(b)) for a, b in part["chosen"]]
        group, _ = _plan(ask)
        for slot in group:
            if slot not in chosen:
                pick = next((p for p in picks if (p.stand, p.slot) == slot), None)
                if pick is not None:
                    return (
                        pick,
                        prefix + "sweep_point",
                        {"stand": pick.stand, "wire": pick.slot + 1},
                    )
        pick = picks[0]
        return pick, prefix + "sweep_point", {"stand": pick.stand, "wire": pick.slot + 1}
    sweeps = [a for a in ask.legal if isinstance(a, Sweep)]
    if not sweeps:
        return None
    # Forced: nothing else to act on (equipment aside); revealing red wires is an act.
    forced = not any(a.type in ("cut", "solo", "reveal") for a in ask.legal)
    expert = yellow and part["miss"] == "tokens" and ask.level == "expert"
    floor = 0.0 if forced else (LIKELY if expert else 1.0 - 1e-9)
    group, chance = _plan(ask, floor)
    if chance >= 1.0 - 1e-12:
        return sweeps[0], prefix + "sweep_sure", {}
    percent = max(0, min(100, int(chance * 100 + 1e-9)))
    if forced:
        return sweeps[0], prefix + "sweep_forced", {"percent": percent}
    if not expert or chance < LIKELY:
        return None
    know: Knowledge = ask.knowledge()
    if know.dial_left < 2 or any(know.chance(slot, (RED,)) > 0 for slot in group):
        return None
    if _sure_cut(ask, know):
        return None
    return sweeps[0], "yellow_sweep_likely", {"percent": percent}
