"""Errors every game shares: refusals with machine-readable reasons, unusable records and setups.

Each game lists why it refuses an action in its own :class:`ReasonCode` enum: the value is the
stable code the page translates, ``template`` the English sentence. An
:class:`IllegalActionError` carries the reason and its parameters; the state it was raised
against is unchanged.

>>> class Why(ReasonCode):
...     FULL = ("full", "Stand {stand} is full.")
>>> err = IllegalActionError(Why.FULL, stand=2)
>>> err.reason.value, str(err), err.to_json()["params"]
('full', 'Stand 2 is full.', {'stand': 2})
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any


class ReasonCode(StrEnum):
    """Base of a game's refusal reasons: members are ``(code, English template)`` pairs."""

    template: str

    def __new__(cls, code: str, template: str) -> ReasonCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.template = template
        return member

    def words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The words the template is filled with (a game adds derived words, e.g. a seat's name)."""
        return dict(params)

    def sentence(self, params: Mapping[str, Any]) -> str:
        """The English sentence for these parameters (the template alone if a word is missing)."""
        try:
            return self.template.format(**self.words(params))
        except (KeyError, IndexError):
            return self.template


class FuseboxError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(FuseboxError):
    """An action the rules do not allow; the state is unchanged.

    ``reason`` is the machine-readable code, ``params`` fill the sentence, ``str(err)`` is the
    sentence for a player.
    """

    def __init__(self, reason: ReasonCode, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(reason.sentence(params))

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason.value, "message": str(self), "params": dict(self.params)}


class RecordError(FuseboxError):
    """A saved game or replay file cannot be used: corrupt, from an unknown version, or altered."""


class SetupError(FuseboxError):
    """An explicit setup or the game's parameters do not fit the game's rules."""
