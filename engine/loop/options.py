"""Named rule options: the points the rulebook leaves open that change play (spec §13), each with
the recommended resolution as its default.

>>> Options().record_bonus, Options.from_json({"record_bonus": "own"}).record_bonus
('table', 'own')
>>> Options.from_json({"max_rounds": 0})
Traceback (most recent call last):
engine.core.errors.SetupError: option max_rounds must be null or an integer 1..999, got 0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from ..core.errors import SetupError

RecordBonus = Literal["table", "own"]
SeventhDieTiming = Literal["any", "before_roll"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "record_bonus": ("table", "own"),
    "seventh_die_timing": ("any", "before_roll"),
}
_FLAGS = ("fly_existing", "allow_pass")


@dataclass(frozen=True)
class Options:
    """Rule variants. The defaults follow the spec's recommended resolutions."""

    #: Q6: the "new record" bonus goes to a score strictly above every score registered on that
    #: plan by anyone ("table"), which needs one to exist; "own": above your own previous score.
    record_bonus: RecordBonus = "table"
    #: Q9: when the 7th die may be added: at any moment of your own flight, up to just before
    #: scoring ("any"), or only before a roll ("before_roll").
    seventh_die_timing: SeventhDieTiming = "any"
    #: Q4: declaring means laying 1 or 3 cards from hand; on: a full plan may also be flown as it
    #: lies, laying nothing (and drawing nothing after).
    fly_existing: bool = False
    #: Q7: an exchange draws 1 to 3 cards; on: a player may also draw none (pass).
    allow_pass: bool = False
    #: Q18: bonus tokens in the box (23); an empty supply awards nothing.
    bonus_supply: int = 23
    #: Q21: end the game after this many rounds if no free flight succeeded (bots and tests);
    #: None: no limit.
    max_rounds: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: object) -> Options:
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise SetupError(f"options must be an object, got {raw!r}")
        known = [f.name for f in fields(cls)]
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise SetupError(f"unknown option {unknown[0]!r}; known options: {known}")
        options = cls(**raw)
        options.validate()
        return options

    def validate(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise SetupError(
                    f"option {name} must be one of {', '.join(map(repr, choices))}, got {value!r}"
                )
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise SetupError(f"option {name} must be true or false")
        supply = self.bonus_supply
        if isinstance(supply, bool) or not isinstance(supply, int) or not 0 <= supply <= 99:
            raise SetupError(f"option bonus_supply must be an integer 0..99, got {supply!r}")
        cap = self.max_rounds
        if cap is not None and (
            isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= 999
        ):
            raise SetupError(f"option max_rounds must be null or an integer 1..999, got {cap!r}")
