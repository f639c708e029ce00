"""Pass and play, for any game: who holds the device, when it must be passed, whose view it shows.

With two or more human seats the device belongs to one of them at a time (the ``holder``). When
the game waits for another human, a ``handoff`` to that seat is asked: the page shows nothing
private until that player says they hold the device. With one human seat, the view is always
theirs; with none, a spectator's (None). A game keeps a :class:`Device` with each game in
progress (and saves its two fields), and calls :meth:`Device.settle` after every change.

>>> device = Device()
>>> device.settle(humans=[0, 2], to_move=0, live=True)
>>> device.handoff, device.viewer([0, 2])
(0, None)
>>> device.accept()
True
>>> device.holder, device.viewer([0, 2])
(0, 0)
>>> device.settle(humans=[0, 2], to_move=1, live=True)  # a computer's turn: nothing to pass
>>> device.handoff, device.viewer([0, 2])
(None, 0)
>>> device.settle(humans=[0, 2], to_move=2, live=True)
>>> device.handoff
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Device:
    """Who holds the device (a human seat, or None before anyone took it), and the seat it must
    be passed to (or None)."""

    holder: int | None = None
    handoff: int | None = None

    def viewer(self, humans: Sequence[int]) -> int | None:
        """The seat whose view the page shows: never anyone's during a handoff; the only human's
        with one; the holder's with several; a spectator's (None) with none."""
        if self.handoff is not None:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.holder

    def settle(self, humans: Sequence[int], to_move: int | None, live: bool) -> None:
        """After any change: ask for a handoff when the game waits for another human.

        ``live`` is False when nobody plays now (before the game starts, after it ended): no
        handoff then. With fewer than two humans, there is never one.
        """
        if not live or len(humans) < 2:
            self.handoff = None
            return
        if to_move in humans and to_move != self.holder:
            self.handoff = to_move

    def accept(self) -> bool:
        """The player named by the handoff says they hold the device; False if none was asked."""
        if self.handoff is None:
            return False
        self.holder, self.handoff = self.handoff, None
        return True
