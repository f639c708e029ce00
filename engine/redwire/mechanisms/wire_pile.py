"""A face-down pile of wires on the mission card, brought into play by an audio track
(mission 54, ``"wire_pile:red"``: all eleven red wires).

* **Setup**: every wire of the colour is kept out of the deal, shuffled face down in a pile on
  the mission card. The setup records the pile in the order it lies, top first
  (``setup.parts.wire_pile.wires``): a record replays without the RNG, and since the pile was
  shuffled, the top wire is any of those left equally likely. The game gives the pile's wires the
  ids after the stands' (``pile_codes``); no stand holds them (``off_stand``) and nobody sees
  them, not even the seer's page (only the seer's observation for the checks).
* **The join**: how the wires leave the pile is said only by the official audio track, which
  the page cannot play. The table gets one control, our reading of the card: "a wire from the
  pile joins a stand" (``PileJoin``: any seat, at any time no action is being resolved, names the
  stand, when the track says so). The pile's top wire goes on that stand in sorted order (after
  the wires of a code not above its own, cut ones included); its owner sees its value, the others
  see where it went (``pile_join``), as with Nano's wires (mission 43). Computer players do not
  hear the track: they never press it.
* **The end**: the wires still on the pile are not in play: the bomb is defused when every wire
  on the stands is cut or revealed (``unneeded``), however many the track brought in.

What everyone knows, read by the deduction: a wire that joined a stand is of the pile's colour
(``pile_join``'s ``colour``), any of those not seen elsewhere, put in sorted order at the stand
and slot given. The pile is "outside" the deal (``pile.outside``): the deduction leaves the wires
still on it out of the position (its order is no part of the deal: every order gives the same
stands) and counts those that joined as "k of" the colour's wires, each a place of its own.

>>> PileJoin(0, 2).to_json()
{'type': 'pile_join', 'seat': 0, 'stand': 2}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import SEER, Event, Viewer
from ..actions import Action, Parser, bad
from ..errors import IllegalActionError, SetupError
from ..model import Table
from ..turn import require_any_time
from ..wires import COLOURED_VALUES, code_of, label_of, red, yellow
from .base import ActionSpec, Events, Mechanism, name_of, where

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options

ID = "wire_pile"
#: The colours a pile may hold, and their wires.
_COLOURS = {
    "red": tuple(red(n) for n in COLOURED_VALUES),
    "yellow": tuple(yellow(n) for n in COLOURED_VALUES),
}


class PileReason(ReasonCode):
    """Refusals of the pile on the card."""

    PILE_EMPTY = ("pile_empty", "The pile on the mission card is empty.")
    PILE_NONE = ("pile_none", "This mission has no pile of wires on its card.")
    PILE_NO_STAND = ("pile_no_stand", "There is no such stand.")


def _as_int(raw: object, name: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise bad(f"{name} must be a whole number")
    return raw


@dataclass(frozen=True)
class PileJoin(Action):
    """The pile's top wire joins ``stand`` in sorted order (when the audio track says so)."""

    type: ClassVar[str] = "pile_join"
    parsers: ClassVar[Mapping[str, Parser]] = {"stand": _as_int}
    #: Computer players do not hear the track: only a person brings a wire in.
    for_bots: ClassVar[bool] = False
    seat: int
    stand: int


@dataclass(frozen=True)
class PileConfig:
    #: The colour whose wires all wait on the card ("red": mission 54).
    colour: str


@dataclass(frozen=True)
class PilePart:
    """The wires still on the pile (ids, top first)."""

    pile: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"pile": list(self.pile)}


class PileCount(TypedDict):
    """How many wires the pile was dealt and holds now (what the deduction reads); ``outside``:
    the pile's order is not part of the deal (the deduction leaves its wires still there out
    of the position, and counts those that joined a stand as "k of" the colour)."""

    dealt: int
    left: int
    outside: bool


class WirePileView(TypedDict):
    """``observation["mechanisms"]["wire_pile"]``: the pile's colour and counts (nobody sees its
    wires)."""

    colour: str
    pile: PileCount


def view(obs: Observation) -> WirePileView | None:
    return cast("WirePileView | None", obs["mechanisms"].get(ID))


def _part(table: Table) -> PilePart:
    return table.part(ID, PilePart)


def _in_play(table: Table) -> bool:
    return any(m.id == ID for m in table.mechanisms)


def _join_legal(s: Table, seat: int) -> Iterator[PileJoin]:
    if _part(s).pile:
        for stand in range(len(s.stands)):
            yield PileJoin(seat, stand)


def _join(s: Table, a: PileJoin) -> Events:
    from .equipment.labels import drop_apart
    from .nano import insert_slot

    if not _in_play(s):
        raise IllegalActionError(PileReason.PILE_NONE)
    require_any_time(s)
    part = _part(s)
    if not part.pile:
        raise IllegalActionError(PileReason.PILE_EMPTY)
    if not 0 <= a.stand < len(s.stands):
        raise IllegalActionError(PileReason.PILE_NO_STAND)
    wire, rest = part.pile[0], part.pile[1:]
    s.set_part(ID, replace(part, pile=rest))
    slot = insert_slot(s, a.stand, wire)
    s.stands[a.stand].insert(slot, wire)
    owner = s.owners[a.stand]
    data: dict[str, Any] = {
        "seat": a.seat,
        "stand": a.stand,
        "owner": owner,
        "slot": slot,
        "colour": cast("PileConfig", s.mission.config(ID)).colour,
        "left": len(rest),
    }
    removed = drop_apart(s)  # a wire now between the two wires of a label
    if removed:
        data["labels_removed"] = removed
    return [Event("pile_join", data, {owner: {"wire": label_of(s.codes[wire])}})]


# --------------------------------------------------------------------------- deduction


def _read_join(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The pile's top wire went to ``(stand, slot)``, in sorted order there; it is of the
    pile's colour."""
    from ..deduction.facts import SlotIn
    from .nano import pile_stand

    wire = tracker.take(pile_stand(tracker), 0)
    tracker.add(SlotIn(wire, _COLOURS[str(event["colour"])]))
    tracker.mark_sorted(wire)
    tracker.put(wire, int(event["stand"]), int(event["slot"]))


# --------------------------------------------------------------------------- the mechanism


class WirePile(Mechanism[PilePart]):
    id = ID
    reasons = PileReason
    actions = (ActionSpec(PileJoin, "any_time", _join_legal, _join),)
    events = ("wire_pile", "pile_join")
    facts = {"pile_join": _read_join}
    lines = {
        "wire_pile": lambda e, n, o: (
            f"{e['wires']} {e['colour']} wires wait face down in a pile on the mission card."
        ),
        "pile_join": lambda e, n, o: (
            f"{name_of(n, e['seat'])} brings a wire from the pile to "
            f"{where(n, o, e['stand'], e['slot'])}"
            + (f" (it is {wire})" if (wire := _secret(e)) else "")
            + f"; {e['left']} left on the pile."
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> PileConfig:
        if table is not None or len(params) != 1 or params[0] not in _COLOURS:
            raise reader.fail(f"mechanisms.{ID}", "wire_pile:red or wire_pile:yellow", params)
        return PileConfig(params[0])

    def deal_pile(
        self, config: PileConfig, rng: Rng, pool: list[int], players: int
    ) -> tuple[int, ...]:
        """Every wire of the colour, out of the deal, shuffled (top first)."""
        pile = [code for code in pool if code in _COLOURS[config.colour]]
        for code in pile:
            pool.remove(code)
        rng.shuffle(pile)
        return tuple(pile)

    def pile_codes(self, config: PileConfig, data: Any) -> tuple[int, ...]:
        return tuple(data)

    def setup_from_json(
        self,
        config: PileConfig,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        wanted = _COLOURS[config.colour]
        message = (
            f'setup.parts.{ID} must be {{"wires": [the {len(wanted)} {config.colour} wire '
            "labels, top first]}"
        )
        wires = raw.get("wires") if isinstance(raw, dict) and set(raw) == {"wires"} else None
        if not isinstance(wires, list):
            raise SetupError(message)
        try:
            codes = tuple(code_of(str(w)) for w in wires)
        except (TypeError, ValueError) as exc:
            raise SetupError(message) from exc
        if sorted(codes) != sorted(wanted):
            raise SetupError(message)
        return codes

    def setup_to_json(self, data: tuple[int, ...]) -> dict[str, Any]:
        return {"wires": [label_of(c) for c in data]}

    def init_part(self, table: Table) -> PilePart:
        codes = table.setup.parts.get(ID)
        if not isinstance(codes, tuple):
            raise SetupError("a mission with a pile of wires needs setup.parts.wire_pile")
        first = sum(len(stand) for stand in table.setup.stands)
        return PilePart(tuple(range(first, first + len(codes))))

    def start_game(self, table: Table, events: Events) -> None:
        colour = cast("PileConfig", table.mission.config(ID)).colour
        events.append(Event("wire_pile", {"colour": colour, "wires": len(_part(table).pile)}))

    def off_stand(self, table: Table) -> frozenset[int]:
        return frozenset(_part(table).pile)

    def off_stand_seen(self, table: Table, viewer: Viewer) -> frozenset[int]:
        return frozenset(_part(table).pile) if viewer == SEER else frozenset()

    def unneeded(self, table: Table) -> frozenset[int]:
        """The wires the track did not bring in are not in play: no cut needs them."""
        return frozenset(_part(table).pile)

    def observe(self, table: Table, viewer: Viewer) -> WirePileView:
        dealt = table.setup.parts.get(ID)
        return {
            "colour": cast("PileConfig", table.mission.config(ID)).colour,
            "pile": {
                "dealt": len(dealt) if isinstance(dealt, tuple) else 0,
                "left": len(_part(table).pile),
                "outside": True,
            },
        }


def _secret(view: Mapping[str, Any]) -> str | None:
    """The joined wire's value in an event's view: its owner's (``secret``), or the seer's."""
    mine = view.get("secret", {}).get("wire")
    if mine is None:
        mine = next((s["wire"] for s in view.get("secrets", {}).values() if "wire" in s), None)
    return None if mine is None else str(mine)


MECHANISM = WirePile()

__all__ = ["ID", "MECHANISM", "PileJoin", "WirePileView", "view"]
