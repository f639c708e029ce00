"""Campaign progress: which missions are open and won, attempts, and the captain's rotation.

The training missions (1-8) open one by one: each win opens the next. Then come the boxes
(§8.1): winning mission 8 opens the box of missions 9-19, and winning a box's last mission opens
the next box (19 opens 20-30, 30 opens 31-42, 42 opens 43-54, 54 opens 55-66). Every mission of
an open box is open: the rulebook lets a group play them in any order. A group may also open a
box early (``open_box``; the page asks first).

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
#: The last training mission; the boxes follow, each as (first, last) mission.
TRAINING_LAST = 8
BOXES: tuple[tuple[int, int], ...] = ((9, 19), (20, 30), (31, 42), (43, 54), (55, 66))


def box_of(mission: int) -> tuple[int, int] | None:
    """The box a mission comes in, as (first, last), or None for a training mission.

    >>> box_of(8), box_of(9), box_of(30)
    (None, (9, 19), (20, 30))
    """
    return next((box for box in BOXES if box[0] <= mission <= box[1]), None)


def opener_of(box: tuple[int, int]) -> int:
    """The mission whose win opens a box: the last one before it.

    >>> opener_of((9, 19)), opener_of((20, 30))
    (8, 19)
    """
    return box[0] - 1


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
    #: Boxes opened early (by their first mission), before their opener was won.
    opened: frozenset[int] = frozenset()

    def won(self, mission: int) -> bool:
        return self.progress.get(mission, MissionProgress()).won

    def status(self, mission: int) -> str:
        """'won', 'open' or 'locked': mission 1 is open, each training win opens the next one,
        and a box's missions are open together once its box is (see the module docstring)."""
        if self.won(mission):
            return "won"
        box = box_of(mission)
        if box is not None:
            return "open" if self.box_open(box) else "locked"
        if mission == mission_ids()[0] or self.won(mission - 1):
            return "open"
        return "locked"

    def box_open(self, box: tuple[int, int]) -> bool:
        """Whether a box is open: its opener won, or the group opened it early."""
        return self.won(opener_of(box)) or box[0] in self.opened

    def open_box(self, box: tuple[int, int]) -> Campaign:
        """The campaign with this box opened early (the rulebook allows any order)."""
        if box not in BOXES:
            raise ValueError(f"no box {box}")
        return replace(self, opened=self.opened | {box[0]})

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
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "last_captain": self.last_captain,
            "missions": {
                str(m): {"attempts": p.attempts, "wins": p.wins, "assisted": p.assisted}
                for m, p in sorted(self.progress.items())
            },
        }
        if self.opened:  # written only when used: earlier saves and readers stay as they were
            out["opened_boxes"] = sorted(self.opened)
        return out

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
        opened = raw.get("opened_boxes", [])
        firsts = {first for first, _ in BOXES}
        if not isinstance(opened, list) or any(
            isinstance(b, bool) or b not in firsts for b in opened
        ):
            raise RecordError(f"campaign: opened_boxes must list boxes by first mission {firsts}")
        return cls(progress, captain, frozenset(opened))
