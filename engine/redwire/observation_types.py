"""The observation's shape, typed: what crosses from the engine to the page, the bots and the
command line (docs/engine.md describes each field).

Observations stay plain JSON dicts at run time; these TypedDicts let ``mypy --strict`` check
every reader. The core's keys are here; each mechanism's part (under
``observation["mechanisms"][id]``) is typed in its own module and read through its accessor
(``equipment.tray.view(obs)``, ``double_detector.view(obs)``, ``labels.view(obs)``...), so no
file needs to know every mechanism.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

SCHEMA = "fusebox.redwire.observation"
#: 2: the mechanisms' parts moved under "mechanisms" (equipment, characters, labels, stabilized).
SCHEMA_VERSION = 2

#: An event as one viewer sees it (see engine.core.events.Event.view): "type" and its data.
EventView = dict[str, Any]


class Slot(TypedDict):
    cut: bool
    #: The wire's label ('7', '7.1', '7.5') when the viewer may see it, else None.
    wire: str | None
    #: The info token in front of it: 1..12, "yellow", or None.
    info: int | str | None


class StandView(TypedDict):
    owner: int
    slots: list[Slot]


class Dial(TypedDict):
    left: int
    start: int
    cap: int


class Markers(TypedDict):
    values: list[str]
    in_play: int
    certain: bool


class MarkerPair(TypedDict):
    red: Markers
    yellow: Markers


class _PromptBase(TypedDict):
    kind: str
    seat: int | None


class Prompt(_PromptBase, total=False):
    """What the game waits for; ``options`` and ``value`` only for the seat that decides."""

    actor: int
    options: list[list[int]]
    value: int | str
    given: list[int]


class _OptionsBase(TypedDict):
    edition: Literal["IT", "EN"]
    faithful_token_supply: bool
    detector_scope: Literal["hand", "stand"]
    dial_cap: int


class OptionsView(_OptionsBase, total=False):
    """The rule options; a mission's option shows only when it is not at its default."""

    m12_lock_added_cards: bool
    m17_rhett_no_dd: bool
    m18_unheld: str
    m47_pass_discards: bool
    m50_memory: bool
    m65_stranded_loss: bool


class Observation(TypedDict):
    schema: str
    version: int
    viewer: int | str | None
    mission: int
    players: int
    captain: int
    options: OptionsView
    phase: str
    active: int
    turn_number: int
    to_move: int | None
    prompt: Prompt | None
    result: str | None
    dial: Dial
    stands: list[StandView]
    markers: MarkerPair
    blue_values: list[int]
    validated: list[int]
    #: Each mechanism in play that shows something, by id (typed in the mechanism's module).
    mechanisms: dict[str, Any]
    log: list[EventView]
