"""Campaign progress: which missions are open and won, attempts, and the captain's rotation.

The captain of the first attempt is drawn at random; every later attempt (a retry after an
explosion or the next mission) passes the role to the next seat clockwise (§3.2).

>>> c = Campaign()
>>> c.status(1), c.status(2)
('open', 'locked')
>>> c = c.finished(mission=1, players=3, captain=0, won=False)
>>> c = c.finished(mission=1, players=3, captain=c.next_captain(3, seed=9), won=True)
>>> c.status(1), c.status(2), c.progress[1].attempts, c.next_captain(3, seed=9)
('won', 'open', 2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..core.rng import Rng
from .errors import RecordError
from .missions import mission_ids

FORMAT = "fusebox.redwire.campaign"
VERSION = 1


@dataclass(frozen=True)
class MissionProgress:
    attempts: int = 0
    wins: int = 0
    #: Won at least once with the odds helper shown (the page marks such wins as assisted).
    assisted: bool = False

    @property
    def won(self) -> bool:
        return self.wins > 0


@dataclass(frozen=True)
class Campaign:
    progress: dict[int, MissionProgress] = field(default_factory=dict)
    #: Captain of the last attempt, or None before the first one.
    last_captain: int | None = None

    def status(self, mission: int) -> str:
        """'won', 'open' or 'locked': mission 1 is open, each win opens the next one."""
        if self.progress.get(mission, MissionProgress()).won:
            return "won"
        if mission == mission_ids()[0] or self.progress.get(mission - 1, MissionProgress()).won:
            return "open"
        return "locked"

    def next_captain(self, players: int, seed: int) -> int:
        """Random seat for the first attempt, then the next seat clockwise each time."""
        if self.last_captain is None:
            return Rng(seed).below(players)
        return (self.last_captain + 1) % players

    def finished(
        self, mission: int, players: int, captain: int, won: bool, assisted: bool = False
    ) -> Campaign:
        """The campaign after one attempt (the state is new; this one is unchanged)."""
        old = self.progress.get(mission, MissionProgress())
        new = MissionProgress(
            attempts=old.attempts + 1,
            wins=old.wins + (1 if won else 0),
            assisted=old.assisted or (won and assisted),
        )
        return replace(
            self, progress={**self.progress, mission: new}, last_captain=captain % players
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "last_captain": self.last_captain,
            "missions": {
                str(m): {"attempts": p.attempts, "wins": p.wins, "assisted": p.assisted}
                for m, p in sorted(self.progress.items())
            },
        }

    @classmethod
    def from_json(cls, raw: object) -> Campaign:
        """Validate saved progress; raises RecordError naming what is wrong."""
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise RecordError("not a Red Wire campaign")
        if raw.get("version") != VERSION:
            raise RecordError(f"campaign version {raw.get('version')!r} is not supported")
        captain = raw.get("last_captain")
        if captain is not None and (
            isinstance(captain, bool) or not isinstance(captain, int) or captain < 0
        ):
            raise RecordError("campaign: last_captain must be a seat number or null")
        missions = raw.get("missions")
        if not isinstance(missions, dict):
            raise RecordError("campaign: missions must be an object")
        progress: dict[int, MissionProgress] = {}
        known = mission_ids()
        for key, item in missions.items():
            if not key.isdigit() or int(key) not in known:
                raise RecordError(f"campaign: unknown mission {key!r}")
            if not isinstance(item, dict):
                raise RecordError(f"campaign: mission {key} must be an object")
            attempts, wins = item.get("attempts"), item.get("wins")
            if not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (attempts, wins)
            ):
                raise RecordError(f"campaign: mission {key} needs whole attempts and wins")
            assert isinstance(attempts, int) and isinstance(wins, int)  # checked just above
            if wins > attempts:
                raise RecordError(f"campaign: mission {key} has more wins than attempts")
            progress[int(key)] = MissionProgress(attempts, wins, bool(item.get("assisted", False)))
        return cls(progress, captain)
