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

    def common_words(
        self, params: Mapping[str, Any], waiting_for: Mapping[str, str]
    ) -> dict[str, Any]:
        """The words every game derives for its templates: ``who`` from a ``seat`` ("Player 2",
        or "nobody" when no seat is to move) and ``waiting`` from a ``phase`` (the game's English
        for it, ``waiting_for``); a word the caller gave itself is kept.

        >>> class Why(ReasonCode):
        ...     NOT_NOW = ("not_now", "{who} waits: {waiting}.")
        >>> Why.NOT_NOW.common_words({"seat": 1, "phase": "draw"}, {"draw": "cards are drawn"})
        {'seat': 1, 'phase': 'draw', 'waiting': 'cards are drawn', 'who': 'Player 2'}
        """
        words = dict(params)
        if "phase" in params:
            words.setdefault("waiting", waiting_for.get(params["phase"], params["phase"]))
        if "seat" in params and "who" not in params:
            seat = params["seat"]
            words["who"] = f"Player {seat + 1}" if isinstance(seat, int) else "nobody"
        return words

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
