"""What the player has tapped so far, and the action it makes.

A :class:`Selection` is a mode (which kind of action is being built) plus the wires, values and
seats chosen. It is immutable: every tap gives a new one. :func:`build` turns a complete selection
into an engine action (or None while something is missing); the engine then has the last word.

>>> s = Selection("cut").tap_tile((2, 4)).tap_value(9, xy=False)
>>> build(s, seat=0)
Cut(seat=0, targets=((2, 4),), values=(9,), tool=None)
>>> Selection("double").tap_tile((2, 1), group=1).tap_tile((2, 3), group=1).targets
((2, 1), (2, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.redwire import Cut, Pick, PlaceToken, RevealReds, SoloCut
from engine.redwire.actions import Action
from engine.redwire.mechanisms import TOOLS

from . import mechanisms
from .affordances import Affordances

Tile = tuple[int, int]
#: The Dual Cut's modes: one wire, or a detector by its engine name.
CUT_MODES = ("cut", *TOOLS)
#: How many wires each Dual Cut mode points at (a detector of a whole stand is not here).
WIRES_OF_MODE = {"cut": 1, **{name: t.wires for name, t in TOOLS.items() if t.wires is not None}}


@dataclass(frozen=True)
class Selection:
    mode: str | None = None
    targets: tuple[Tile, ...] = ()
    values: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()
    #: X or Y ray on: two values are announced.
    xy: bool = False
    #: The card a mode uses when several cards share it (the ≠ and = labels).
    card: int | None = None
    #: Detectors: the group the pointed wires belong to (see :meth:`tap_tile`).
    stand: int | None = None

    # ------------------------------------------------------------------ taps

    def tap_tile(
        self, tile: Tile, group: int | None = None, stand_tiles: tuple[Tile, ...] = ()
    ) -> Selection:
        """A wire was tapped.

        ``group`` says whose wires belong together for a detector (the owner, or the stand with
        the "stand" detector scope): tapping another teammate's wire starts a new group.
        ``stand_tiles`` are the uncut wires of the tapped wire's stand (the Stand Scanner takes
        them all).
        """
        mode = self.mode
        if mode in CUT_MODES and mode not in WIRES_OF_MODE:  # a detector of a whole stand
            return replace(self, targets=stand_tiles, stand=tile[0])
        if mode in WIRES_OF_MODE and mode != "cut":
            if tile in self.targets:
                return replace(self, targets=tuple(t for t in self.targets if t != tile))
            kept = self.targets if group == self.stand else ()
            return replace(self, targets=(*kept, tile)[-WIRES_OF_MODE[mode] :], stand=group)
        use = mechanisms.use_of(self)
        if use is not None and use.taps > 1:
            if tile in self.targets:
                return replace(self, targets=tuple(t for t in self.targets if t != tile))
            return replace(self, targets=(*self.targets, tile)[-use.taps :])
        if self.targets == (tile,):
            return replace(self, targets=())  # a second tap on the same wire lets go of it
        return replace(self, targets=(tile,))

    def tap_value(self, value: int, xy: bool) -> Selection:
        if xy:
            if value in self.values:
                return replace(self, values=tuple(v for v in self.values if v != value))
            return replace(self, values=(*self.values, value)[-2:])
        if self.values == (value,):
            return replace(self, values=())
        return replace(self, values=(value,))

    def tap_seat(self, seat: int, many: int = 1) -> Selection:
        if seat in self.seats:
            return replace(self, seats=tuple(s for s in self.seats if s != seat))
        return replace(self, seats=(*self.seats, seat)[-many:])

    def with_mode(self, mode: str | None, card: int | None = None) -> Selection:
        """Switch to another kind of action; what was chosen and still fits is kept."""
        keep_targets = self.targets if mode in WIRES_OF_MODE and self.mode in WIRES_OF_MODE else ()
        if mode == "cut" and len(keep_targets) > 1:
            keep_targets = keep_targets[:1]
        keep_values = self.values if mode in CUT_MODES and self.mode in CUT_MODES else ()
        group = self.stand if keep_targets else None
        return Selection(
            mode, keep_targets, keep_values, (), self.xy and mode in CUT_MODES, card, group
        )

    def toggle_xy(self) -> Selection:
        values = self.values if not self.xy else self.values[:1]
        return replace(self, xy=not self.xy, values=values)

    @property
    def empty(self) -> bool:
        return not (self.targets or self.values or self.seats)


def default_mode(aff: Affordances) -> str | None:
    """The mode a decision starts in: cutting on a turn, picking when asked to pick."""
    if aff.decision == "turn":
        if aff.reveal:
            return "reveal"
        return "cut" if aff.cut_targets else mechanisms.forced_mode(aff)
    if aff.decision == "setup_token":
        return "token" if aff.token_tiles else mechanisms.forced_mode(aff)
    if aff.picks:
        return "pick"
    return mechanisms.forced_mode(aff)  # a mechanism's decision (its one action), or nothing


def fresh(aff: Affordances) -> Selection:
    return Selection(default_mode(aff))


def build(s: Selection, seat: int, aff: Affordances | None = None) -> Action | None:
    """The engine action a complete selection makes, or None while something is missing.

    ``aff`` (the seat's affordances) is needed by the modes whose taps alone do not name the
    action (a card's ``build_from``): they pick it among the actions the seat was offered."""
    mode = s.mode
    if mode in CUT_MODES:
        if not s.targets or not s.values or (s.xy and len(s.values) != 2):
            return None
        if mode in WIRES_OF_MODE and len(s.targets) != WIRES_OF_MODE[mode]:
            return None
        tool = None if mode == "cut" else mode
        return Cut(seat, s.targets, s.values, tool)
    one = s.targets[0] if len(s.targets) == 1 else None
    if mode == "pick" and one:
        return Pick(seat, *one)
    if mode == "token" and one:
        return PlaceToken(seat, *one)
    if mode == "solo" and len(s.values) == 1:
        return SoloCut(seat, s.values[0])
    if mode == "reveal":
        return RevealReds(seat)
    return mechanisms.build(s, seat, aff)


def selection_of(action: Action, current: Selection) -> Selection:
    """The selection that builds ``action`` (a hint shows its move as if the player had tapped it)."""
    if isinstance(action, Cut):
        mode = action.tool or "cut"
        return Selection(mode, action.targets, action.values, xy=len(action.values) == 2)
    if isinstance(action, Pick):
        return Selection("pick", ((action.stand, action.slot),))
    if isinstance(action, PlaceToken):
        return Selection("token", ((action.stand, action.slot),))
    if isinstance(action, SoloCut):
        return Selection("solo", values=(action.value,))
    if isinstance(action, RevealReds):
        return Selection("reveal")
    fields = mechanisms.chosen(action)
    return Selection(**fields) if fields is not None else current
