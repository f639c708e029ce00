"""The Double Detector: every character's personal equipment, once per mission.

Its Dual Cut points at 2 wires of one teammate (numbers only); the card then lies face down
until Spare Batteries (equipment 7) turn it face up again. The part keeps, per seat, whether the
card is used; the observation shows it to everyone. ``"double_detector:unlimited"`` (mission 58,
"Double and/or Nothing"): the card never runs out, usable on every turn (the observation's
``unlimited`` says so, for the bots and the page).

>>> from engine.redwire import new_game
>>> game = new_game(mission=2, players=3, seed=1)
>>> used(game, 0), view(game.observation(None))
(False, {'characters': [{'seat': 0, 'used': False}, {'seat': 1, 'used': False}, {'seat': 2, 'used': False}]})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..errors import IllegalActionError
from ..model import Table
from . import new_characters
from .base import Events, Mechanism, Tool, name_of

if TYPE_CHECKING:
    from ..missions import ConfigReader
    from ..observation_types import Observation


class DetectorReason(ReasonCode):
    """The Double Detector's refusal."""

    CHARACTER_USED = ("character_used", "This Double Detector has already been used.")


ID = "double_detector"
NAME = {"en": "Double Detector", "it": "Doppio Detector"}
TEXT = {
    "en": "Once per mission, your Dual Cut points at 2 wires of one teammate (numbers only).",
    "it": "Una volta per missione, il tuo taglio in coppia indica 2 cavi di un compagno (solo numeri).",
}


@dataclass(frozen=True)
class Characters:
    """Per seat: is its Double Detector used (face down)?"""

    used: tuple[bool, ...]

    def to_json(self) -> list[bool]:
        return list(self.used)


class _CharacterBase(TypedDict):
    seat: int
    used: bool


class CharacterView(_CharacterBase, total=False):
    #: True for a seat with no character card in this mission (no Double Detector).
    absent: bool
    #: True for a seat whose new character (rule sticker B) has other personal equipment.
    replaced: bool


class DoubleDetectorView(TypedDict):
    """``observation["mechanisms"]["double_detector"]``."""

    characters: list[CharacterView]
    #: True when the Double Detector never runs out (mission 58); absent otherwise.
    unlimited: NotRequired[bool]


@dataclass(frozen=True)
class DetectorConfig:
    #: The card is never turned face down: usable on every turn.
    unlimited: bool


def view(obs: Observation) -> DoubleDetectorView | None:
    return cast("DoubleDetectorView | None", obs["mechanisms"].get(ID))


def used_in(obs: Observation, seat: int) -> bool:
    """Whether ``seat``'s Double Detector is used, as an observation shows (False without one)."""
    part = view(obs)
    return bool(part and part["characters"][seat]["used"])


def unlimited_in(obs: Observation) -> bool:
    """Whether the observation's Double Detectors never run out (mission 58)."""
    part = view(obs)
    return bool(part and part.get("unlimited"))


def absent_in(obs: Observation, seat: int) -> bool:
    """Whether ``seat`` has no Double Detector, as an observation shows: no character card, or
    a new character with other personal equipment."""
    part = view(obs)
    entry = part["characters"][seat] if part else None
    return bool(entry and (entry.get("absent") or entry.get("replaced")))


def used(s: Table, seat: int) -> bool:
    part = s.parts.get(ID)
    return isinstance(part, Characters) and part.used[seat]


def unlimited(s: Table) -> bool:
    """Whether this game's Double Detectors never run out."""
    if ID not in s.parts:
        return False
    config = s.mission.config(ID)
    return isinstance(config, DetectorConfig) and config.unlimited


def recharge(s: Table, seats: list[int]) -> None:
    """Turn these seats' Double Detectors face up again (Spare Batteries)."""
    part = s.part(ID, Characters)
    s.set_part(ID, Characters(tuple(u and i not in seats for i, u in enumerate(part.used))))


def _ready(s: Table, seat: int) -> bool:
    part = s.parts.get(ID)
    return (
        isinstance(part, Characters)
        and not part.used[seat]
        and not new_characters.replaces_detector(s, seat)
    )


def _use(s: Table, seat: int, events: Events) -> None:
    if new_characters.replaces_detector(s, seat):
        raise IllegalActionError(new_characters.CharacterReason.NOT_YOUR_CHARACTER)
    part = s.parts.get(ID)
    if not isinstance(part, Characters) or part.used[seat]:
        raise IllegalActionError(DetectorReason.CHARACTER_USED)
    if not unlimited(s):  # mission 58's card is never turned face down
        s.set_part(ID, Characters(tuple(u or i == seat for i, u in enumerate(part.used))))
    events.append(Event("character", {"seat": seat}))


class DoubleDetector(Mechanism[Characters]):
    id = ID
    reasons = DetectorReason
    tools = (Tool("double", NAME["en"], 2, _ready, _use),)
    events = ("character",)
    lines = {"character": lambda e, n, o: f"{name_of(n, e['seat'])} uses their Double Detector."}

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> DetectorConfig | None:
        if table is not None:
            raise reader.fail(ID, "no table: its one setting is a parameter (unlimited)")
        if params not in ((), ("unlimited",)):
            raise reader.fail(f"mechanisms.{ID}", "no parameter, or unlimited", ":".join(params))
        return DetectorConfig(unlimited=True) if params else None

    def init_part(self, table: Table) -> Characters:
        return Characters((False,) * table.players)

    def observe(self, table: Table, viewer: Viewer) -> DoubleDetectorView:
        part = self.part(table)
        characters: list[CharacterView] = []
        for seat, used_now in enumerate(part.used):
            entry: CharacterView = {"seat": seat, "used": used_now}
            if any(m.without_character(table, seat) for m in table.mechanisms):
                entry["absent"] = True
            if new_characters.replaces_detector(table, seat):
                entry["replaced"] = True
            characters.append(entry)
        if unlimited(table):
            return {"characters": characters, "unlimited": True}
        return {"characters": characters}


MECHANISM = DoubleDetector()
