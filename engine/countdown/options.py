"""Named rule options: the open points of the spec (§12) that change play, each defaulting to
the spec's recommendation, and the Points variant (§9.2).

>>> Options().mascot_count_alarm_exits, Options.from_json({"points": True}).points_goal
(True, 10)
>>> Options.from_json({"point": True})
Traceback (most recent call last):
engine.core.errors.SetupError: unknown option 'point'; known options: ['frisked_card_playable', 'mascot_count_alarm_exits', 'points', 'points_goal', 'siren_agents_may_act']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import SetupError

#: The options that are true or false (the others: ``points_goal``, a whole number).
BOOLEAN_OPTIONS = (
    "mascot_count_alarm_exits",
    "siren_agents_may_act",
    "frisked_card_playable",
    "points",
)


@dataclass(frozen=True)
class Options:
    """Rule variants. The defaults follow the spec's recommendations."""

    #: §12 A4: "the Siren does not count for the mascot". True (reading a, the default): only an
    #: Evacuate can hand the mascot over, and it compares every agent outside, however it left.
    #: False (reading b): agents sent out by a Siren are left out of those counts.
    mascot_count_alarm_exits: bool = True
    #: §12 A12: True (the default): an agent of yours that your own Siren sends out before it
    #: acted may still act this turn (with an outside card). False: the Siren uses up its action.
    siren_agents_may_act: bool = True
    #: §12 A13: True (the default): a card taken with a Frisk may be played (alone or in a pair)
    #: later in the same turn. False: only from the taker's next turn on.
    frisked_card_playable: bool = True
    #: §9.2: play a match of several games; a defuser scores the countdown showing, the mascot's
    #: keeper 3 when the bomb explodes; the first player clockwise starts the next game.
    points: bool = False
    #: The score that wins the match in the Points variant.
    points_goal: int = 10

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: object) -> Options:
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise SetupError(f"options must be an object, got {raw!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise SetupError(f"unknown option {unknown[0]!r}; known options: {sorted(known)}")
        options = cls(**raw)
        options.validate()
        return options

    def validate(self) -> None:
        for name in BOOLEAN_OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise SetupError(f"option {name} must be true or false")
        goal = self.points_goal
        if isinstance(goal, bool) or not isinstance(goal, int) or not 1 <= goal <= 99:
            raise SetupError(f"option points_goal must be a whole number 1..99, got {goal!r}")
