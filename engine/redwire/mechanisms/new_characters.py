"""Rule sticker B (from mission 31): the new characters E1-E4.

Every player but the captain may take, instead of a character with the Double Detector, one of
four new characters whose personal equipment works exactly like the equipment card of the same
effect, once per mission (§6.3): E1 the Radar Sweep (card 8, any time), E2 the Walkie-Talkies
(card 2, any time once the turns have begun), E3 the Triple Scanner (card 3, on your turn), E4 the Either-Or Ray (card 10,
on your turn). A mission lists ``"new_characters"``, or ``"new_characters:no_e4"`` when it
forbids E4; a mission that forbids them all does not list it.

The choice is made at the table before the deal (setup step 3): it is this mechanism's setup
part, ``{"characters": ["dd", "E3", ...]}`` one per seat (``"dd"``: a character with the Double
Detector), given to :func:`engine.redwire.new_game` as ``chosen={"new_characters": ...}`` and kept
in the record. The captain always has the Double Detector: his seat's entry is not used.

The cards lie face up, so everyone sees who has what, and whether it is used (the part of the
observation; the ``characters`` event at the start lists them). Spare Batteries (card 7) turn a used character card face up again: its personal
equipment, whichever it is. Using one reports a ``personal`` event; the Radar and the
Walkie-Talkies then report as the cards do (``radar``; the partner's pick, ``walkie``), and a
Dual Cut names the tool ``own_triple`` or announces two values: what they prove is what the
cards' events prove.

>>> from engine.redwire.mechanisms import new_characters as nc
>>> nc.allowed(("no_e4",)), nc.NAMES["E3"]["en"]
(('E1', 'E2', 'E3'), 'Triple Scanner')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..errors import IllegalActionError, Reason, SetupError
from ..model import Phase, Table
from ..turn import check_teammate, own_uncut_wire, require_any_time
from .base import ActionSpec, Announcer, Events, Mechanism, Tool, name_of
from .equipment import radar, walkie

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options


class CharacterReason(ReasonCode):
    """Refusals of the new characters' personal equipment."""

    NOT_YOUR_CHARACTER = (
        "not_your_character",
        "Your character does not have this personal equipment.",
    )
    PERSONAL_USED = ("personal_used", "Your personal equipment has already been used.")


ID = "new_characters"
#: A character with the Double Detector (every captain; the others' default).
DD = "dd"
CHARACTERS = ("E1", "E2", "E3", "E4")
#: The equipment card each character's personal equipment copies.
CARD_OF = {"E1": radar.NUMBER, "E2": walkie.NUMBER, "E3": 3, "E4": 10}
#: The personal equipment's name: the name of the card whose effect it has.
NAMES = {
    "E1": {"en": "Radar Sweep", "it": "Scansione radar"},
    "E2": {"en": "Walkie-Talkies", "it": "Walkie-talkie"},
    "E3": {"en": "Triple Scanner", "it": "Scanner triplo"},
    "E4": {"en": "Either-Or Ray", "it": "Raggio o-o"},
}
#: The Dual Cut's tool of E3.
TRIPLE = "own_triple"


def allowed(params: Sequence[str]) -> tuple[str, ...]:
    """The new characters a mission allows, from its parameters (``no_e4``)."""
    return CHARACTERS[:3] if "no_e4" in params else CHARACTERS


@dataclass(frozen=True)
class Config:
    allowed: tuple[str, ...]


@dataclass(frozen=True)
class Chosen:
    """The table's choice, one per seat: ``"dd"`` or a new character (setup data)."""

    characters: tuple[str, ...]


@dataclass(frozen=True)
class Personal:
    """Per seat: its character (the captain's is always ``"dd"``) and whether a new character's
    personal equipment is used (its card face down)."""

    characters: tuple[str, ...]
    used: tuple[bool, ...]

    def to_json(self) -> dict[str, Any]:
        return {"characters": list(self.characters), "used": list(self.used)}


class CharacterView(TypedDict):
    seat: int
    #: ``"dd"`` or ``"E1"``..``"E4"``.
    character: str
    #: For a new character: its personal equipment is used (False for ``"dd"``: see the
    #: Double Detector's part).
    used: bool


class NewCharactersView(TypedDict):
    """``observation["mechanisms"]["new_characters"]``: public, as the cards lie face up."""

    characters: list[CharacterView]


def view(obs: Observation) -> NewCharactersView | None:
    return cast("NewCharactersView | None", obs["mechanisms"].get(ID))


def character_in(obs: Observation, seat: int) -> str:
    """A seat's character as an observation shows it (``"dd"`` without this mechanism)."""
    part = view(obs)
    return part["characters"][seat]["character"] if part else DD


def character(s: Table, seat: int) -> str:
    """A seat's character (``"dd"`` when the mission has no new characters)."""
    part = s.parts.get(ID)
    return part.characters[seat] if isinstance(part, Personal) else DD


def replaces_detector(s: Table, seat: int) -> bool:
    """Whether this seat's character has other personal equipment than the Double Detector."""
    return character(s, seat) != DD


def used(s: Table, seat: int) -> bool:
    """Whether this seat's new character's personal equipment is used."""
    part = s.parts.get(ID)
    return isinstance(part, Personal) and part.used[seat]


def recharge(s: Table, seats: Sequence[int]) -> None:
    """Turn these seats' used new characters face up again (Spare Batteries)."""
    part = s.parts.get(ID)
    if isinstance(part, Personal):
        again = tuple(u and i not in seats for i, u in enumerate(part.used))
        s.set_part(ID, Personal(part.characters, again))


def ready(s: Table, seat: int, which: str) -> bool:
    """Whether ``seat`` has the character ``which``, its personal equipment not used yet."""
    return character(s, seat) == which and not used(s, seat)


def spend(s: Table, seat: int, which: str, events: Events, **data: Any) -> None:
    """Use ``seat``'s personal equipment ``which`` (refusing otherwise); report it."""
    if character(s, seat) != which:
        raise IllegalActionError(CharacterReason.NOT_YOUR_CHARACTER)
    part = s.part(ID, Personal)
    if part.used[seat]:
        raise IllegalActionError(CharacterReason.PERSONAL_USED)
    s.set_part(
        ID, Personal(part.characters, tuple(u or i == seat for i, u in enumerate(part.used)))
    )
    events.append(Event("personal", {"seat": seat, "character": which, **data}))


# --------------------------------------------------------------------------- E1, E2: actions


@dataclass(frozen=True)
class OwnRadar(radar.Radar):
    """E1's personal equipment: every stand answers whether it holds an uncut blue ``value``."""

    type: ClassVar[str] = "own_radar"


@dataclass(frozen=True)
class OwnWalkie(walkie.Walkie):
    """E2's personal equipment: give one of your uncut wires to ``partner``, who gives one back."""

    type: ClassVar[str] = "own_walkie"


def _radar(s: Table, a: OwnRadar) -> Events:
    require_any_time(s)
    radar.check_value(s, a.value)
    events: Events = []
    spend(s, a.seat, "E1", events)
    radar.answer(s, a.seat, a.value, events)
    return events


def _radar_legal(s: Table, seat: int) -> Iterator[OwnRadar]:
    if ready(s, seat, "E1"):
        for value in s.wireset.blue:
            yield OwnRadar(seat, value)


def _walkie(s: Table, a: OwnWalkie) -> Events:
    require_any_time(s)
    if s.pending.phase is not Phase.TURN:  # not during the setup: the exchange resumes a turn
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    own_uncut_wire(s, a.seat, a.stand, a.slot)
    partner = check_teammate(s, a.seat, a.partner)
    events: Events = []
    spend(s, a.seat, "E2", events, stand=a.stand, slot=a.slot, partner=partner)
    walkie.ask_partner(s, a.seat, a.stand, a.slot, partner)
    return events


def _walkie_legal(s: Table, seat: int) -> Iterator[OwnWalkie]:
    if not ready(s, seat, "E2") or s.pending.phase is not Phase.TURN:
        return
    partners = [p for p in range(s.players) if p != seat and s.has_wires(p)]
    for stand, slot, _ in s.hand(seat):
        for partner in partners:
            yield OwnWalkie(seat, stand, slot, partner)


# --------------------------------------------------------------------------- E3, E4: the Dual Cut


def _triple_ready(s: Table, seat: int) -> bool:
    return ready(s, seat, "E3")


def _triple_use(s: Table, seat: int, events: Events) -> None:
    spend(s, seat, "E3", events)


def _ray_ready(s: Table, seat: int) -> bool:
    return ready(s, seat, "E4")


def _ray_use(s: Table, seat: int, events: Events) -> None:
    spend(s, seat, "E4", events)


def _line(e: Mapping[str, Any], n: Sequence[str], o: Sequence[int] | None) -> str:
    name = NAMES.get(str(e.get("character")), {"en": "?"})["en"]
    text = f"{name_of(n, e['seat'])} uses their own {name}"
    if "partner" in e:
        text += f": a wire offered to {name_of(n, e['partner'])}"
    return text + "."


def _characters_line(e: Mapping[str, Any], n: Sequence[str], o: Sequence[int] | None) -> str:
    names = [
        f"{name_of(n, seat)}: {'Double Detector' if c == DD else NAMES[c]['en']}"
        for seat, c in enumerate(e["characters"])
    ]
    return "Personal equipment: " + ", ".join(names) + "."


class NewCharacters(Mechanism[Personal]):
    id = ID
    reasons = CharacterReason
    actions = (
        ActionSpec(OwnRadar, "any_time", _radar_legal, _radar),
        ActionSpec(OwnWalkie, "any_time", _walkie_legal, _walkie),
    )
    tools = (Tool(TRIPLE, "Triple Scanner", 3, _triple_ready, _triple_use),)
    announcers = (Announcer(2, _ray_ready, _ray_use),)
    events = ("characters", "personal")
    lines = {"characters": _characters_line, "personal": _line}
    # Said at the table, before the deal (``engine.redwire.bots.characters``).
    bot_keys = {
        "character_triple": (
            (),
            "I take the Triple Scanner: it points at three wires, one more than the Double Detector.",
            "rule sticker B (`new_characters`): a computer's character at the table",
        ),
        "character_random": (
            ("character",),
            "I take the {character} at random.",
            "rule sticker B: the random level's character",
        ),
        "character_dd_random": (
            (),
            "I keep the Double Detector, at random.",
            "rule sticker B: the random level keeps the Double Detector",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> Config:
        if table is not None:
            raise reader.fail(
                ID, "no table: the forbidden E4 is a parameter (new_characters:no_e4)"
            )
        if params not in ((), ("no_e4",)):
            raise reader.fail(f"mechanisms.{ID}", "no parameter, or no_e4", ":".join(params))
        return Config(allowed(params))

    def deal(
        self,
        config: Config,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, object],
    ) -> Chosen:
        return Chosen((DD,) * players)  # nothing drawn: the table chooses (see ``chosen``)

    def setup_from_json(
        self,
        config: Config,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, object],
    ) -> Chosen:
        if raw is None:
            return Chosen((DD,) * players)
        chosen = raw.get("characters") if isinstance(raw, dict) else None
        if not isinstance(chosen, list) or len(chosen) != players:
            raise SetupError(f"new_characters: a list of {players} characters ('dd', 'E1'..'E4')")
        for entry in chosen:
            if entry != DD and entry not in config.allowed:
                raise SetupError(
                    f"new_characters: {entry!r} is not allowed here; choose among "
                    f"{', '.join((DD, *config.allowed))}"
                )
        return Chosen(tuple(chosen))

    def setup_to_json(self, data: Chosen) -> dict[str, Any]:
        return {"characters": list(data.characters)}

    def init_part(self, table: Table) -> Personal:
        chosen = table.setup.parts.get(ID)
        picks = chosen.characters if isinstance(chosen, Chosen) else (DD,) * table.players
        characters = tuple(DD if seat == table.setup.captain else c for seat, c in enumerate(picks))
        return Personal(characters, (False,) * table.players)

    def start_game(self, table: Table, events: Events) -> None:
        events.append(Event("characters", {"characters": list(self.part(table).characters)}))

    def observe(self, table: Table, viewer: Viewer) -> NewCharactersView:
        part = self.part(table)
        return {
            "characters": [
                {"seat": seat, "character": c, "used": part.used[seat]}
                for seat, c in enumerate(part.characters)
            ]
        }


MECHANISM = NewCharacters()
