"""Named rule options: the points the spec leaves open, each with its recommended default.

>>> Options().edition, Options.from_json({"edition": "EN"}).edition
('IT', 'EN')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from .errors import SetupError

Edition = Literal["IT", "EN"]
DetectorScope = Literal["hand", "stand"]


#: The options of one mission (``[UNCERTAIN]`` points of the spec, §12), all true/false.
MISSION_OPTIONS = (
    "m12_lock_added_cards",
    "m17_rhett_no_dd",
    "m18_unheld",
    "m47_pass_discards",
    "m50_memory",
    "m65_stranded_loss",
)
#: The mission options whose values are words, with the words allowed.
_WORDS: dict[str, tuple[str, ...]] = {"m18_unheld": ("token", "forbidden")}


@dataclass(frozen=True)
class Options:
    """Rule variants (spec §12). The defaults follow the spec's recommendations."""

    #: A1: mission 3 replaces equipment 11 and 12 (Italian rulebook) or 2 and 12 (English card).
    edition: Edition = "IT"
    #: §5.8: only two info tokens per number exist; when both are out, one is taken back from a cut
    #: wire, and if none is free the value is only announced (it stays in the log). Off by default:
    #: a digital table has an unlimited supply.
    faithful_token_supply: bool = False
    #: Double Detector and Triple Detector on a teammate with two stands: the Italian rulebook
    #: lets them point at wires "of another player" and counts both stands as one hand for
    #: equipment ("hand"); the English card / FAQ keep them on one stand ("stand").
    detector_scope: DetectorScope = "hand"
    #: B5: "move the dial back" stops at the purple segment, 6 steps from the skull.
    dial_cap: int = 6
    #: A6, mission 12: the cards the yellow card adds get a Number card (a second lock) too
    #: (a French-derived note); the English card is silent: none by default.
    m12_lock_added_cards: bool = False
    #: A7, mission 17: the Bluffer's character card is removed (no Double Detector), as a
    #: French-derived note says; the English card is silent: he keeps it by default.
    m17_rhett_no_dd: bool = False
    #: B16, mission 18: a player named to cut a value he does not hold puts an info token of
    #: his choice and the detonator moves ("token", as mission 51); or naming him is not
    #: allowed ("forbidden": the radar shows who holds it).
    m18_unheld: str = "token"
    #: A8, mission 47: a player who passes also discards two Number cards of his choice (a
    #: French-derived note); the English card says only the detonator moves: off by default.
    m47_pass_discards: bool = False
    #: §9.2, mission 50: the spec's digital option. Off (its recommendation): the table
    #: remembers perfectly, every info token shown at the wire it was pointed at and the red
    #: and yellow wires in play known. On: after the moment they are seen, the tokens lie
    #: beside their stands (only "this stand has an X" is kept: where a failed cut pointed is
    #: forgotten) and the markers are gone (how many red and yellow wires, not which).
    m50_memory: bool = False
    #: §12 B20, mission 65 (a second-hand FAQ, uncertain): the bomb explodes as a turn ends
    #: when a player with no wires left holds a face-up Number card (nobody can cut its value
    #: any more). Off by default: no extra loss condition.
    m65_stranded_loss: bool = False

    def to_json(self) -> dict[str, Any]:
        """The options as JSON; a mission's option is left out at its default, so records and
        observations of the other missions stay as they were."""
        data = asdict(self)
        for name in MISSION_OPTIONS:
            if data[name] == getattr(Options, name):
                del data[name]
        return data

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
        if self.edition not in ("IT", "EN"):
            raise SetupError(f"option edition must be 'IT' or 'EN', got {self.edition!r}")
        if self.detector_scope not in ("hand", "stand"):
            raise SetupError(
                f"option detector_scope must be 'hand' or 'stand', got {self.detector_scope!r}"
            )
        for name in ("faithful_token_supply", *MISSION_OPTIONS):
            value = getattr(self, name)
            if name in _WORDS:
                if value not in _WORDS[name]:
                    raise SetupError(f"option {name} must be one of {_WORDS[name]}, got {value!r}")
            elif not isinstance(value, bool):
                raise SetupError(f"option {name} must be true or false")
        if (
            isinstance(self.dial_cap, bool)
            or not isinstance(self.dial_cap, int)
            or not 1 <= self.dial_cap <= 6
        ):
            raise SetupError(f"option dial_cap must be an integer 1..6, got {self.dial_cap!r}")
