"""Mission 50's memory (§9.2, "The Blackest Sea"): info tokens beside the stand.

Every info token of the mission (the setup ones, a failed cut's, the Sticky Note's) is laid
beside its stand after its player pointed at the wire. With the rule option ``m50_memory`` off
(the spec's recommendation) the table remembers perfectly: nothing changes, every token is shown
at its wire. With it on (§9.2's digital option, "after a short reveal, hide token positions and
markers"):

* a token is kept beside the stand only (``token_beside``: "this stand has an uncut X", a fact
  about the stand, not about one wire); the wire it was for stays in this part, seen by nobody;
* where a failed cut pointed is forgotten: every seat's (and a spectator's) log keeps of a
  ``cut`` missed only how many wires were pointed at on which stand (``pointed``), so the
  token's place cannot be read back from it; the deduction reads that form exactly
  (``readers_core``);
* the markers are gone: the red and yellow draws become "k of every tile" (``wire_draws``), so
  everyone knows how many red and yellow wires are in play, not which.

>>> from engine.redwire import Options, new_game
>>> game = new_game(mission=50, players=4, seed=1, options=Options(m50_memory=True))
>>> game.observation(None)["markers"]["red"]["in_play"], len(game.observation(None)["markers"]["red"]["values"])
(2, 11)
>>> view(new_game(mission=50, players=4, seed=1).observation(None)) is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.events import Event, Viewer
from ..model import Table
from ..wires import cut_value, value_to_json
from .base import Events, Mechanism, name_of

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader, WireSet
    from ..observation_types import Observation
    from ..options import Options

ID = "memory"


@dataclass(frozen=True)
class Beside:
    """The tokens laid beside the stands, in the order laid: (stand, value, wire); the wire is
    the one pointed at, which nobody remembers (the seer's observation alone shows it)."""

    tokens: tuple[tuple[int, int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"tokens": [[s, value_to_json(v), w] for s, v, w in self.tokens]}


class MemoryView(TypedDict):
    """``observation["mechanisms"]["memory"]`` (only with ``m50_memory`` on): the tokens beside
    each stand, as ``[stand, value]`` in the order they were laid."""

    beside: list[list[int | str]]


def view(obs: Observation) -> MemoryView | None:
    return cast("MemoryView | None", obs["mechanisms"].get(ID))


def forgets(table: Table) -> bool:
    """True when the option hides the tokens' places and the markers."""
    return bool(table.setup.options.m50_memory)


def _read_beside(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A token beside a stand: one of that stand's uncut wires of that moment has its value."""
    from ..deduction.codes import class_of_json
    from ..deduction.facts import AtLeastOne

    stand = int(event["stand"])
    tracker.add(AtLeastOne.classes(tracker.uncut(stand), class_of_json(event["value"])))


def _beside_line(e: Mapping[str, Any], n: Sequence[str], o: Sequence[int] | None) -> str:
    value = e["value"]
    return (
        f"{name_of(n, e['seat'])} lays an info token beside stand {int(e['stand']) + 1}: "
        f"{value} (a wire of it is there; which one is not remembered)."
    )


class Memory(Mechanism[Beside | None]):
    id = ID
    events = ("token_beside",)
    facts = {"token_beside": _read_beside}
    lines = {"token_beside": _beside_line}

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> None:
        if params or table is not None:
            raise reader.fail(f"mechanisms.{ID}", "memory (no parameters)", params)

    def wire_draws(self, config: Any, wires: WireSet, options: Options) -> WireSet:
        """With the option on, the markers are gone: "k of every tile" of each colour."""
        if not options.m50_memory:
            return wires

        def forgotten(draw: Any) -> Any:
            if draw is None:
                return None
            return dataclasses.replace(draw, of=len(draw.numbers))

        return dataclasses.replace(wires, red=forgotten(wires.red), yellow=forgotten(wires.yellow))

    def init_part(self, table: Table) -> Beside | None:
        return Beside() if forgets(table) else None

    def info_token(self, table: Table, wire: int, reason: str, events: Events) -> bool:
        """With the option on, every token goes beside its stand (never in front of a wire, so
        a second one for the same wire is laid too: nobody knows it is the same)."""
        if not forgets(table):
            return False
        stand, _ = table.position_of(wire)
        value = cut_value(table.codes[wire])
        part = cast(Beside, self.part(table))
        table.set_part(ID, Beside((*part.tokens, (stand, value, wire))))
        data = {
            "seat": table.owners[stand],
            "stand": stand,
            "value": value_to_json(value),
            "reason": reason,
        }
        events.append(Event("token_beside", data))
        return True

    def log_view(self, table: Table, viewer: Viewer, view: dict[str, Any]) -> dict[str, Any]:
        """A failed cut is kept without the wires it pointed at: how many on which stand."""
        if not forgets(table) or view["type"] != "cut" or view["outcome"] != "miss":
            return view
        counts: dict[int, int] = {}
        for stand, _ in view["targets"]:
            counts[stand] = counts.get(stand, 0) + 1
        kept = {k: v for k, v in view.items() if k != "targets"}
        kept["pointed"] = [[stand, k] for stand, k in sorted(counts.items())]
        return kept

    def observe(self, table: Table, viewer: Viewer) -> MemoryView | None:
        if not forgets(table):
            return None
        part = cast(Beside, self.part(table))
        return {"beside": [[s, value_to_json(v)] for s, v, _ in part.tokens]}

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """Nobody knows which wire a token beside a stand was for: any wire of its stand with
        its value."""
        if not forgets(table):
            return
        part = cast(Beside, self.part(table))
        moved = []
        for stand, value, wire in part.tokens:
            same = [w for w in table.stands[stand] if cut_value(table.codes[w]) == value]
            moved.append((stand, value, same[rng.below(len(same))] if same else wire))
        table.set_part(ID, Beside(tuple(moved)))


MECHANISM = Memory()
