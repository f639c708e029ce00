"""Exceptions with machine-readable reasons.

Every refusal of the engine is an :class:`IllegalActionError` carrying a :class:`Reason` (a stable
code the page translates) and a sentence a player understands. The state is never changed by a
refused action.

>>> err = IllegalActionError(Reason.VALUE_NOT_HELD, value=9)
>>> err.reason.value, str(err)
('value_not_held', 'You can only announce a value you hold (you have no 9).')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import FuseboxError, IllegalActionError, ReasonCode, RecordError, SetupError

__all__ = [
    "EXPECTED_PICK",
    "WAITING_FOR",
    "FuseboxError",
    "IllegalActionError",
    "MissionError",
    "Reason",
    "RecordError",
    "SetupError",
    "describe_phase",
]


class Reason(ReasonCode):
    """Why an action was refused. The value is the stable code; ``template`` the English text."""

    def words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Fill ``waiting`` / ``expected`` from a ``phase`` and ``who`` from a ``seat``."""
        words = self.common_words(params, WAITING_FOR)
        if "phase" in params:
            words.setdefault(
                "expected", EXPECTED_PICK.get(params["phase"], "choose an offered wire")
            )
        return words

    MALFORMED = ("malformed", "That action is not understood: {detail}.")
    GAME_OVER = ("game_over", "The mission is over.")
    NOT_YOUR_DECISION = ("not_your_decision", "It is {who}'s decision now, not yours.")
    NOT_NOW = ("not_now", "That is not possible now: {waiting}.")
    NOT_YOUR_TURN = ("not_your_turn", "That can only be done on your own turn.")
    NO_SUCH_WIRE = ("no_such_wire", "There is no such wire.")
    NO_SUCH_PLAYER = ("no_such_player", "There is no such player.")
    OWN_STAND = ("own_stand", "Point at a teammate's wire, not at your own.")
    NOT_OWN_STAND = ("not_own_stand", "That must be one of your own wires.")
    ALREADY_CUT = ("already_cut", "That wire is already cut.")
    SAME_WIRE_TWICE = ("same_wire_twice", "Point at different wires.")
    ONE_TEAMMATE = ("one_teammate", "Point at the wires of one teammate.")
    WIRE_COUNT = ("wire_count", "Point at exactly {count} wire(s) of one teammate.")
    WHOLE_STAND = ("whole_stand", "The Super Detector points at every uncut wire of one stand.")
    ONE_STAND = ("one_stand", "With this rule option, detectors point at wires of one stand.")
    VALUE_NOT_HELD = (
        "value_not_held",
        "You can only announce a value you hold (you have no {value}).",
    )
    RED_ANNOUNCED = ("red_announced", "Red is never announced: red wires are only ever revealed.")
    NUMBERS_ONLY = (
        "numbers_only",
        "Detectors and the radar work with numbers only, not with yellow.",
    )
    MUST_REVEAL = (
        "must_reveal",
        "Only red wires are left in your hand: you must reveal them this turn.",
    )
    SOLO_NOT_ALLOWED = (
        "solo_not_allowed",
        "You may solo-cut {value} only when you hold every remaining {value} (4, or the last 2).",
    )
    REVEAL_NOT_ALLOWED = (
        "reveal_not_allowed",
        "You may reveal your red wires only when nothing but red wires is left in your hand.",
    )
    NOT_AN_OPTION = ("not_an_option", "That is not one of the choices: {expected}.")
    NOT_BLUE = ("not_blue", "Info tokens go on blue wires only.")
    NOT_YOURSELF = ("not_yourself", "Choose a teammate, not yourself.")
    NO_WIRES = ("no_wires", "{who} has no uncut wires.")


#: English for the ``phase`` parameter of NOT_NOW / NOT_AN_OPTION (the page has its own catalog).
WAITING_FOR = {
    "setup_token": "info tokens are being placed",
    "turn": "a turn is waiting for its action",
    "own_cut": "a cut is being completed",
    "detector_cut": "a detector result is being resolved",
    "detector_token": "a detector miss is being resolved",
    "over": "the mission is over",
}
EXPECTED_PICK = {
    "own_cut": "cut one of your own wires of the announced value",
    "detector_cut": "cut one of the pointed wires that matches",
    "detector_token": "put the token on one of the pointed wires that is not red",
}


def describe_phase(phase: str, waiting: str, expected: str) -> None:
    """Say in English what a mechanism's decision is (called once per phase by the registry)."""
    WAITING_FOR[phase] = waiting
    EXPECTED_PICK[phase] = expected


class MissionError(FuseboxError):
    """A mission file is invalid: names the file, the field and what was expected."""

    def __init__(self, source: str, field: str, expected: str, got: object = None) -> None:
        self.source, self.field, self.expected = source, field, expected
        detail = f"{source}: field {field!r}: expected {expected}"
        if got is not None:
            detail += f", got {got!r}"
        super().__init__(detail)
