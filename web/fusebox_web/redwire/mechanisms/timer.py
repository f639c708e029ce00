"""The countdown on the page (mission 10): the time left, ticking while the board is in view.

The engine keeps no clock: the page counts the seconds the board has been in view during play
(``Game.clock``, saved with the game, so a reload goes on where it stopped) and, when the time
is up, plays ``TimeUp`` (the bomb explodes) as soon as no action is being resolved. The clock
stops while the page is hidden (another tab, a locked phone), while the device is being passed
between players (the handoff screen) and away from the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.redwire.mechanisms import timer
from engine.redwire.mechanisms.timer import TimerConfig, TimeUp
from engine.redwire.turn import any_time_now

from ..markup import esc, tag
from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..session import Session
    from ..words import Words

#: How often the clock is saved while it runs (seconds of play).
SAVE_EVERY = 5.0


class Host(Protocol):
    """What the countdown needs of the app (``controller.App``)."""

    session: Session
    screen: str

    def play(self, action: Any) -> None: ...


@dataclass
class Clock:
    """The countdown's state between two ticks: the time last read (ms, None while stopped),
    the seconds left as last shown, and the game it belongs to."""

    last: float | None = None
    left: float | None = None
    game: int | None = None
    saved: float = 0.0


CLOCK = Clock()


def mm_ss(seconds: float) -> str:
    """Seconds as a countdown shows them: ``mm_ss(754.2)`` -> ``'12:35'``.

    >>> mm_ss(754.2), mm_ss(0), mm_ss(59.01)
    ('12:35', '0:00', '1:00')
    """
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def limit(session: Session) -> float | None:
    """The mission's countdown in seconds, or None without one."""
    game = session.game
    if game is None or timer.ID not in {m.id for m in game.state.mechanisms}:
        return None
    config = game.state.mission.config(timer.ID)
    assert isinstance(config, TimerConfig)
    return float(config.seconds(game.state.players))


def visible() -> bool:
    """Whether the page is in view (not another tab, not a locked phone)."""
    from ...shell import dom  # the browser's bridge: imported only in the page

    return str(dom.js.document.visibilityState) != "hidden"


def tick(host: Host, now: float, may_play: bool = True) -> None:
    """Count the time since the last tick (when the clock runs), show it, save it now and then,
    and when it is up play ``TimeUp`` (``may_play``: not while the board is being drawn)."""
    session = host.session
    game = session.game
    total = limit(session)
    if game is None or total is None:
        CLOCK.last = None
        return
    if CLOCK.game != id(game):
        CLOCK.game, CLOCK.last, CLOCK.saved = id(game), None, game.clock
    playing = game.stage == "playing" and not game.state.is_over
    running = playing and host.screen == "board" and session.handoff is None and visible()
    if running and CLOCK.last is not None:
        game.clock = min(total, game.clock + max(0.0, now - CLOCK.last) / 1000.0)
    CLOCK.last = now if running else None
    CLOCK.left = total - game.clock
    from ...shell import dom  # the browser's bridge: imported only in the page

    node = dom.query("#rw-clock")
    if node is not None:
        node.textContent = mm_ss(CLOCK.left)
    if running and game.clock - CLOCK.saved >= SAVE_EVERY:
        CLOCK.saved = game.clock
        session.save()
    if may_play and playing and CLOCK.left <= 0 and any_time_now(game.state):
        seat = session.viewer
        if seat is None:
            seat = game.state.to_move if game.state.to_move is not None else 0
        host.play(TimeUp(seat))


def _clock(obs: Observation, w: Words) -> str:
    part = timer.view(obs)
    if part is None:
        return ""
    left = CLOCK.left if CLOCK.left is not None else float(part["seconds"])
    return tag(
        "section",
        tag("h3", esc(w.t("rw.timer.title")), class_="rw-h3")
        + tag(
            "p",
            tag("span", esc(mm_ss(left)), id="rw-clock", class_="rw-clock", data_testid="timer")
            + " "
            + tag(
                "span",
                esc(w.t("rw.timer.of", time=mm_ss(part["seconds"]))),
                class_="rw-muted",
            ),
            role="timer",
            aria_label=w.t("rw.timer.label", time=mm_ss(part["seconds"])),
        )
        + tag("p", esc(w.t("rw.timer.paused")), class_="rw-muted"),
        class_="rw-mission-part rw-timer",
        data_testid="timer-part",
    )


def _time_up(e: View, w: Words) -> Found:
    return w.t("rw.log.timeUp"), "boom"


PARTS = (_clock,)
#: Called a few times a second while a game of a mission with a countdown is open.
TICKERS = {timer.ID: tick}
LINES = {"time_up": _time_up}
