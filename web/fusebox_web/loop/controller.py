"""Loop the Loop in the page: screens, one delegated listener per event type, computers in an
asyncio task (the shell's pacing loop).

The only part of the game that talks to the page (through ``fusebox_web.shell.dom``). Each screen
is drawn by the pure functions of ``render``; the board's regions are set with one ``innerHTML``
each, and only when their HTML changed. Pass and play: the board is drawn only from
``observation(viewer)``, and during a handoff only the spectator's view is read, so the page never
holds another player's hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.loop import IllegalActionError
from engine.loop.actions import Action, Assign, Declare, Draw, EndDraw, Highlight, Stop

from ..shell import dom
from ..shell.controls import BoardControls, num, text
from ..shell.errors import Tasks, report
from ..shell.host import GameHost
from ..shell.pacing import BoardBots as ShellBoardBots
from ..shell.regions import draw_regions
from . import render
from .choices import SELECTING, Choices, choices
from .home import home_card, peek, resume_text
from .log_text import last_line, log_lines
from .session import Session
from .table import LEVELS, OPTION_CHOICES
from .urls import Link, LinkError, link_query, parse_link, without_game_params
from .words import Words

SCREENS = ("table", "board", "handoff", "end", "leave", "linkask")


class App(BoardControls):
    """The Loop the Loop app, drawn in its card's ``#lp-root``."""

    session: Session

    def __init__(self, context: GameHost, notices: list[str]) -> None:
        self.ctx = context
        self.notices = notices
        self.session = Session(context.store)
        self.screen = "home"
        self.selected: frozenset[str] = frozenset()
        self.dice: tuple[int, ...] = ()
        self.message: str | None = None
        self.thinking: int | None = None
        self.paused = False
        self.log_open = False
        self.settings_open = False
        self.rendered: dict[str, str] = {}
        self.pending_link: Link | None = None
        self._decision: tuple[int, int | None] | None = None
        self._animated = 0
        self._odds: tuple[tuple[object, object], str | None] | None = None
        self._odds_pending: tuple[object, object] | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._tasks = Tasks()
        self.root: Any = dom.query("#lp-root")
        self.live: Any = dom.query("#lp-live")
        self.loaded = False

    # ------------------------------------------------------------------ start

    def start_up(self) -> None:
        if not self.loaded:
            self.loaded = True
            self.session.load()
            self.notices.extend(self.t(key) for key in self.session.problems)
            self.session.problems.clear()
        search = self.ctx.search
        link = parse_link(search)
        if link is not None:
            dom.replace_search(without_game_params(search))
            self.ctx.search = ""
        game = self.session.game
        if isinstance(link, LinkError):
            self.notices.append(self.t("lp.link.bad", detail=self.t(link.key, **link.params)))
            self.show("table")
            return
        if isinstance(link, Link):
            if game is not None and not game.over:
                self.pending_link = link
                self.show("linkask")
                return
            self.start_link(link)
            return
        resumable = game is not None and not game.over and not self.notices
        if resumable and self.screen == "home" and self.ctx.may_open:
            self.after_change()
            return
        if self.ctx.may_open and "game=loop" in search:  # the game's link alone: its table
            dom.replace_search(without_game_params(search))
            self.show("table")
            return
        if self.screen == "home":
            self.draw_home()

    def board_bots(self) -> BoardBots:
        """This board as the shell's pacing loop sees it."""
        return BoardBots(self)

    # ------------------------------------------------------------------ words

    def default_name(self, seat: int) -> str:
        return self.t(f"lp.name.{seat + 1}")

    def words(self, obs: dict[str, Any] | None = None) -> Words:
        cards = {c["id"]: c for c in obs["cards"]} if obs else {}
        return Words(self.ctx.catalog, self.session.names(self.default_name), cards)

    # ------------------------------------------------------------------ screens

    def show(self, screen: str) -> None:
        self.screen = screen
        self.rendered = {}
        self.ctx.show_screen(screen if screen in SCREENS else None)
        dom.js.document.title = self.t("lp.tab") if screen in SCREENS else self.t("app.title")
        self.redraw()
        if screen in ("board", "handoff"):
            dom.set_root_attribute("data-board-ready", "")

    def redraw(self) -> None:
        self._odds = None  # its sentence may be in the other language now
        if self.screen in SCREENS:
            dom.js.document.title = self.t("lp.tab")
        draw: dict[str, Callable[[], None]] = {
            "home": self.draw_home,
            "table": self.draw_table,
            "board": self.draw_board,
            "handoff": self.draw_handoff,
            "end": self.draw_end,
            "leave": lambda: self.set_root(render.leave_screen(self.t)),
            "linkask": self.draw_link,
        }
        self.rendered = {} if self.screen != "board" else self.rendered
        draw[self.screen]()

    def set_root(self, html: str, focus: str | None = "#lp-heading") -> None:
        dom.set_html(self.root, html)
        self.rendered = {}
        if focus:
            dom.focus(focus)

    def draw_home(self) -> None:
        game = self.session.game
        summary = None
        if game is not None:
            summary = {"round": game.state.round, "over": game.over}
        elif not self.loaded:
            summary = peek(self.ctx.store)
        html = home_card(self.t, resume_text(self.t, summary), self.notices)
        self.set_root(html, focus=None)

    def draw_table(self) -> None:
        game = self.session.game
        inp = render.TableInput(
            self.session.table,
            [self.default_name(i) for i in range(6)],
            self.session.odds_default,
            list(self.notices),
            in_progress=game is not None and not game.over,
        )
        self.set_root(render.table_screen(self.t, inp))

    def draw_link(self) -> None:
        game = self.session.game
        assert game is not None
        self.set_root(render.link_screen(self.t, game.state.round))

    def draw_handoff(self) -> None:
        session = self.session
        seat = session.handoff
        assert seat is not None and session.game is not None
        public = session.state.observation(None)
        w = self.words(public)
        recent = [line for line in self.lines(None, w) if line][-5:]
        self.set_root(render.handoff_screen(w, seat, recent), focus='[data-act="handoff"]')
        self.announce(self.t("lp.handoff.title", name=w.name(seat)))

    def draw_end(self) -> None:
        game = self.session.game
        assert game is not None
        seer = game.state.observation("seer")
        w = self.words(seer)
        self.set_root(render.end_screen(w, seer, self.lines("seer", w)))

    def lines(self, viewer: Any, w: Words) -> list[str]:
        """The log as the viewer may read it, with the computers' reasons."""
        game = self.session.game
        assert game is not None
        return log_lines(game.state.log_view(viewer), w, game.notes)

    # ------------------------------------------------------------------ the board

    def current_choices(self, obs: dict[str, Any]) -> Choices:
        viewer = self.session.viewer
        if viewer is None or obs["to_move"] != viewer:
            return Choices(None)
        legal = self.session.state.legal_actions(viewer)
        return choices(obs, legal, self.selected, self.dice)

    def odds_text(self, obs: dict[str, Any]) -> str | None:
        """The learning aid's sentence for the flight on screen, when it is on. Worked out just
        after the board is drawn (an exact solve can take a few hundred ms in the page), once
        per position: meanwhile the board says it is working."""
        game = self.session.game
        if game is None or not game.odds or obs["flight"] is None or obs["flight"]["outcome"]:
            return None
        key = (game.state, obs["viewer"])
        if self._odds is not None and same_position(self._odds[0], key):
            return self._odds[1]
        if self._odds_pending is None or not same_position(self._odds_pending, key):
            self._odds_pending = key
            self.spawn(self.work_out_odds(key, obs))
        return self.t("lp.odds.working")

    async def work_out_odds(self, key: tuple[object, object], obs: dict[str, Any]) -> None:
        await asyncio.sleep(0.02)  # the board is painted first
        if self._odds_pending is None or not same_position(self._odds_pending, key):
            return  # the game moved on: that position's odds are not needed any more
        from engine.loop.odds import flight_odds

        start = dom.now()
        try:
            odds = flight_odds(obs)
            text: str | None = self.t(
                "lp.odds.flight",
                percent=round(100 * float(odds.success)),
                points=f"{float(odds.points):.1f}",
            )
        except Exception as error:  # the learning aid failed: say nothing, report it
            report(error)
            text = None
        dom.measure("fusebox:loop-odds", start)
        self._odds, self._odds_pending = (key, text), None
        if self.screen == "board":
            self.draw_board()

    def board_input(self) -> render.BoardInput:
        session = self.session
        game = session.game
        assert game is not None
        viewer = session.viewer
        obs = game.state.observation(viewer)
        w = self.words(obs)
        log = self.lines(viewer, w)
        history = len(game.state.history)
        last = game.state.log[-1].type if game.state.log else ""
        fresh = history != self._animated and last in ("roll", "reroll")
        self._animated = history
        setup = game.state.setup
        share = link_query(setup.players, setup.seed, setup.first, setup.options.to_json())
        return render.BoardInput(
            obs=obs,
            words=w,
            choices=self.current_choices(obs),
            kinds=game.table.seat_kinds(),
            selected=self.selected,
            dice=self.dice,
            thinking=self.thinking,
            lines=log,
            message=self.message
            or (self.t("lp.storage.saveFailed") if session.save_failed else None),
            fresh_roll=fresh,
            paused=self.paused,
            pace=game.table.pace,
            odds_on=game.odds,
            odds_text=self.odds_text(obs),
            log_open=self.log_open,
            full_log=log if self.log_open else (),
            share=share,
            settings_open=self.settings_open,
        )

    def draw_board(self) -> None:
        self.rendered = draw_regions(
            self.root,
            "lp",
            self.rendered,
            render.skeleton,
            lambda: render.board(self.board_input()),
            fallback="#lp-prompt",
        )

    # ------------------------------------------------------------------ flow

    def start_link(self, link: Link) -> None:
        session = self.session
        table = session.table.with_players(link.players or session.table.players)
        problem = link.check(table.players)
        if problem is not None:  # ?first=6 at a table of 4: said, not dealt
            self.notices.append(self.t("lp.link.bad", detail=self.t(problem.key, **problem.params)))
            self.show("table")
            return
        kinds = link.kinds(table.players)
        if kinds:
            table = table.with_kinds(kinds)
        if link.level:
            for seat in range(table.players):
                table = table.with_seat(seat, level=link.level)
        if link.pace:
            table = table.with_pace(link.pace)
        table = replace(table, options={**dict(table.options), **link.options})
        session.set_table(table)
        session.start(link.seed, first=link.first, rounds=link.rounds, odds=link.odds)
        self.fresh_decision()
        self.after_change()

    def fresh_decision(self) -> None:
        self.selected = frozenset()
        self.dice = ()
        self.message = None

    def after_change(self, draw: bool = True) -> None:
        """Go to the screen the session is in, and let the computers play (``draw``: False
        leaves the board as drawn, while computers play on at the instant pace)."""
        session = self.session
        game = session.game
        if game is None:
            self.show("home")
            return
        key = (len(game.state.history), session.viewer)
        if key != self._decision:
            self.fresh_decision()
        self._decision = key
        if game.over:
            self.show("end")
        elif session.handoff is not None:
            self.show("handoff")
        else:
            if self.screen != "board":
                self.show("board")
                dom.focus("#lp-prompt", scroll=False)
            elif draw:
                self.draw_board()
            self.run_bots()

    def announce_last(self) -> None:
        game = self.session.game
        if game is None:
            return
        viewer = self.session.viewer
        w = self.words(game.state.observation(viewer))
        # Read back from the end: the last sentence costs the events after it, not the game's.
        log = game.state.log
        tail = ((i, log[i].view(viewer)) for i in reversed(range(len(log))))
        said = last_line(tail, w, game.notes)
        if said:
            self.announce(said)

    def play(self, action: Action) -> None:
        try:
            self.session.apply(action)
        except IllegalActionError as error:
            obs = self.session.state.observation(self.session.viewer)
            self.message = self.words(obs).refusal(error.reason.value, error.params, str(error))
            self.draw_board()
            self.announce(self.message)
            return
        self.message = None
        self.announce_last()
        self.after_change()

    # ------------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        target = dom.closest(event.target, "[data-act]")
        if target is None:
            return
        act = text(target, "data-act")
        handler = self.CLICKS.get(act)
        if handler is None or target.tagName == "A" or dom.attr(target, "disabled") is not None:
            return
        handler(self, target)
        dom.measure("fusebox:click", float(event.timeStamp))

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.screen == "board" and (self.selected or self.dice):
            event.preventDefault()
            self.fresh_decision()
            self.draw_board()
            dom.focus("#lp-prompt", scroll=False)

    def on_change(self, event: Any) -> None:
        target = event.target
        act = dom.attr(target, "data-act")
        if act == "seat-name":
            seat = num(target, "data-seat")
            self.session.set_table(self.session.table.with_seat(seat, name=str(target.value)))
        elif act == "seat-level":
            seat = num(target, "data-seat")
            level = str(target.value)
            if level in LEVELS:
                self.session.set_table(self.session.table.with_seat(seat, level=level))

    # ------------------------------------------------------------------ the home card and table

    def act_table(self, target: Any) -> None:
        self.notices.clear()
        game = self.session.game
        if game is not None and game.over:
            self.session.quit()
        self.show("table")

    def act_home(self, target: Any) -> None:
        self.notices.clear()
        game = self.session.game
        if game is not None and game.over:
            self.session.quit()
        self.show("home")

    def act_continue(self, target: Any) -> None:
        self.notices.clear()
        self.after_change()

    def act_players(self, target: Any) -> None:
        n = num(target, "data-value")
        self.session.set_table(self.session.table.with_players(n))
        self.draw_table()
        dom.focus(f'[data-act="players"][data-value="{n}"]')

    def act_seat_kind(self, target: Any) -> None:
        seat, kind = num(target, "data-seat"), text(target, "data-value")
        self.session.set_table(self.session.table.with_seat(seat, kind=kind))
        self.draw_table()
        dom.focus(f'[data-act="seat-kind"][data-seat="{seat}"][data-value="{kind}"]')

    def act_option(self, target: Any) -> None:
        name, raw = text(target, "data-option"), text(target, "data-value")
        values = {str(v).lower(): v for v in OPTION_CHOICES.get(name, ())}
        if raw in values:
            self.session.set_table(self.session.table.with_option(name, values[raw]))
        self.draw_table()
        dom.focus(f'[data-act="option"][data-option="{name}"][data-value="{raw}"]')

    def act_table_pace(self, target: Any) -> None:
        pace = text(target, "data-pace")
        self.session.set_table(self.session.table.with_pace(pace))
        self.draw_table()
        dom.focus(f'[data-act="table-pace"][data-pace="{pace}"]')

    def act_table_odds(self, target: Any) -> None:
        self.session.odds_default = not self.session.odds_default
        self.session.save()
        self.draw_table()
        dom.focus('[data-act="table-odds"]')

    def act_start(self, target: Any) -> None:
        self.notices.clear()
        self.session.start()
        self.after_change()

    def act_again(self, target: Any) -> None:
        game = self.session.game
        if game is not None:
            self.session.set_table(replace(self.session.table, pace=game.table.pace))
        self.session.start()
        self.after_change()

    def act_link_start(self, target: Any) -> None:
        link, self.pending_link = self.pending_link, None
        if link is not None:
            self.start_link(link)

    def act_link_keep(self, target: Any) -> None:
        self.pending_link = None
        self.after_change()

    def act_handoff(self, target: Any) -> None:
        self.session.accept_handoff()
        self.after_change()

    def act_leave_ask(self, target: Any) -> None:
        self.screen = "leave"
        self.set_root(render.leave_screen(self.t))

    def act_leave(self, target: Any) -> None:
        self.session.quit()
        self.show("home")

    # ------------------------------------------------------------------ the board's controls

    def act_pace(self, target: Any) -> None:
        self.settings_open = True  # the settings stay open on the button pressed
        super().act_pace(target)

    def act_pause(self, target: Any) -> None:
        self.settings_open = True
        super().act_pause(target)

    def act_odds(self, target: Any) -> None:
        self.settings_open = True
        game = self.session.game
        if game is None:
            return
        self.session.set_odds(not game.odds)
        self.draw_board()
        self.announce(self.t("lp.odds.on" if game.odds else "lp.odds.off"))

    def act_log(self, target: Any) -> None:
        self.log_open = not self.log_open
        self.draw_board()

    # ------------------------------------------------------------------ moves

    def viewer(self) -> int | None:
        viewer = self.session.viewer
        if viewer is None or self.session.state.to_move != viewer:
            return None
        return viewer

    def act_card(self, target: Any) -> None:
        card = text(target, "data-card")
        if self.viewer() is None or self.session.state.phase.value not in SELECTING:
            return
        self.selected = self.selected ^ {card}
        self.message = None
        self.draw_board()

    def act_die(self, target: Any) -> None:
        index = num(target, "data-index")
        dice = set(self.dice) ^ {index}
        self.dice = tuple(sorted(dice))
        self.draw_board()

    def act_fly(self, target: Any) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self.play(Declare(viewer, text(target, "data-plan"), tuple(self.selected)))

    def act_draw(self, target: Any) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self.play(Draw(viewer, text(target, "data-deck")))

    def act_keep(self, target: Any) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self.play(EndDraw(viewer))

    def act_free(self, target: Any) -> None:
        from engine.loop.actions import DeclareFree

        viewer = self.viewer()
        if viewer is not None:
            self.play(DeclareFree(viewer, tuple(self.selected)))

    def act_discard(self, target: Any) -> None:
        from engine.loop.actions import Discard

        viewer = self.viewer()
        if viewer is not None:
            self.play(Discard(viewer, tuple(self.selected)))

    def act_highlight(self, target: Any) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self.play(Highlight(viewer, text(target, "data-card")))

    def act_roll(self, target: Any) -> None:
        from engine.loop.actions import Roll

        viewer = self.viewer()
        if viewer is not None:
            self.play(Roll(viewer))

    def act_seventh(self, target: Any) -> None:
        from engine.loop.actions import SeventhDie

        viewer = self.viewer()
        if viewer is not None:
            self.play(SeventhDie(viewer))

    def act_stop(self, target: Any) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self.play(Stop(viewer))

    def act_place(self, target: Any) -> None:
        viewer = self.viewer()
        raw = text(target, "data-dice")
        if viewer is None or not raw:
            return
        dice = tuple(int(x) for x in raw.split(",") if x.isdigit())
        self.play(Assign(viewer, text(target, "data-card"), dice))

    def act_reroll(self, target: Any) -> None:
        from engine.loop.actions import Reroll

        viewer = self.viewer()
        flight = self.session.state.flight
        if viewer is None or flight is None or flight.roll is None or not self.dice:
            return
        values = tuple(flight.roll[i] for i in self.dice if 0 <= i < len(flight.roll))
        self.play(Reroll(viewer, values))

    CLICKS: dict[str, Callable[[App, Any], None]] = {
        "table": act_table,
        "home": act_home,
        "continue": act_continue,
        "players": act_players,
        "seat-kind": act_seat_kind,
        "option": act_option,
        "table-pace": act_table_pace,
        "table-odds": act_table_odds,
        "start": act_start,
        "again": act_again,
        "link-start": act_link_start,
        "link-keep": act_link_keep,
        "handoff": act_handoff,
        "leave-ask": act_leave_ask,
        "leave": act_leave,
        "pace": act_pace,
        "pause": act_pause,
        "odds": act_odds,
        "log": act_log,
        "card": act_card,
        "die": act_die,
        "fly": act_fly,
        "draw": act_draw,
        "keep": act_keep,
        "free": act_free,
        "discard": act_discard,
        "highlight": act_highlight,
        "roll": act_roll,
        "seventh": act_seventh,
        "stop": act_stop,
        "place": act_place,
        "reroll": act_reroll,
    }


class BoardBots(ShellBoardBots):
    """Loop the Loop's board as the pacing loop sees it (``fusebox_web.shell.pacing``)."""

    MEASURE = "fusebox:loop-bot"
    app: App

    def move(self, start: float) -> bool:
        # The bot's decision (observation, legal moves, its choice) is measured too: with the
        # whole move (applying and saving it), the page's figures for the 300 ms target.
        # Saved when drawn or when the computers stop (the shell's ``BoardBots``).
        note = self.app.session.play_bot(
            lambda: dom.measure("fusebox:loop-bot-choice", start), save=False
        )
        return note is not None

    def announce(self) -> None:
        self.app.announce_last()


def same_position(a: tuple[object, object], b: tuple[object, object]) -> bool:
    """The same game state (the very object: states are immutable) seen by the same viewer."""
    return a[0] is b[0] and a[1] == b[1]
