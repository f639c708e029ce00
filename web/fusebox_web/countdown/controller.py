"""The game in the page: screens, one delegated listener per event type, computers in an asyncio
task. The only part of Countdown that talks to the page (through ``fusebox_web.shell.dom``).

Each screen is drawn from pure functions (``board``, ``screens``) as HTML strings; the board's
regions are set with one ``innerHTML`` each, and only when their HTML changed. Clicks, keys and
input changes are read from ``data-*`` attributes by one listener each on the game's root.

Pass and play: the board is drawn only from ``observation(viewer)`` and the viewer's legal
actions; during a handoff the screen holds the spectator's view only, so the page (its DOM)
holds nobody's hand, scans or the wires still face down.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.countdown import IllegalActionError
from engine.countdown.actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.state import Phase

from ..shell import dom
from ..shell.controls import BoardControls, PanelControls, num, text
from ..shell.errors import Tasks
from ..shell.host import GameHost
from ..shell.i18n import counted
from ..shell.pacing import BoardBots as ShellBoardBots
from ..shell.regions import draw_regions
from . import board, screens
from .board import BoardInput
from .links import Link, LinkError, link_query, parse_link, without_game_params
from .log_text import Line, last_line, line, log_lines
from .mount import home_html
from .session import Session
from .table import LEVELS
from .words import Words

GAME_SCREENS = ("table", "board", "handoff", "end", "link", "leave")


class App(BoardControls, PanelControls):
    """Countdown mounted in its card (``#cd-root``)."""

    PREFIX = "cd"

    session: Session

    def __init__(self, context: GameHost, session: Session, notices: list[str]) -> None:
        self.ctx = context
        self.session = session
        self.screen = "home"
        self.selected: tuple[int, ...] = ()
        self.message: str | None = None
        self.panel = None
        self.thinking: int | None = None
        self.paused = False
        self.notices = notices
        self.private: tuple[int | None, list[str]] = (None, [])
        self.rendered: dict[str, str] = {}
        self.pending_link: Link | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._tasks = Tasks()
        self._decision_key: tuple[int, int | None, str | None] | None = None
        self.root: Any = dom.query("#cd-root")
        self.live: Any = dom.query("#cd-live")

    def start_up(self) -> None:
        search = self.ctx.search
        link = parse_link(search)
        if link is not None:
            dom.replace_search(without_game_params(search))
        if isinstance(link, LinkError):
            self.notices.append(self.t("cd.link.bad", detail=self.t(link.key, **link.params)))
            self.show("table")
            return
        game = self.session.game
        if isinstance(link, Link):
            if game is not None and game.stage != "over":
                self.pending_link = link
                self.show("link")
                return
            self.start_link(link)
            return
        resumable = game is not None and game.stage != "over" and not self.notices
        if resumable and self.screen == "home" and self.ctx.may_open:
            self.after_change()

    def board_bots(self) -> BoardBots:
        """This board as the shell's pacing loop sees it."""
        return BoardBots(self)

    # ------------------------------------------------------------------ words

    def default_name(self, seat: int) -> str:
        return self.t(f"cd.name.{seat + 1}")

    def words(self) -> Words:
        return Words(self.ctx.catalog, self.session.names(self.default_name))

    # ------------------------------------------------------------------ screens

    def show(self, screen: str) -> None:
        self.screen = screen
        self.panel = None
        self.rendered = {}
        self.ctx.show_screen(screen if screen in GAME_SCREENS else None)
        self.set_title()
        self.redraw()
        if screen in ("board", "handoff", "end"):
            dom.set_root_attribute("data-board-ready", "")

    def set_title(self) -> None:
        """The tab names the game while its screens are open ("Countdown — Fusebox")."""
        key = "cd.tabTitle" if self.screen in GAME_SCREENS else "app.title"
        dom.js.document.title = self.t(key)

    def redraw(self) -> None:
        if self.screen != "board":
            self.rendered = {}
        self.set_title()
        {
            "home": self.draw_home,
            "table": self.draw_table,
            "board": self.draw_board,
            "handoff": self.draw_handoff,
            "end": self.draw_end,
            "link": self.draw_link,
            "leave": self.draw_leave,
        }[self.screen]()

    def set_root(self, html: str, focus: str | None = "#cd-heading") -> None:
        dom.set_html(self.root, html)
        self.rendered = {}
        if focus:
            dom.focus(focus)

    def draw_home(self) -> None:
        self.set_root(home_html(self.t, self.session, self.notices), focus=None)

    def draw_table(self) -> None:
        game = self.session.game
        resume = None
        if game is not None and game.stage != "over":
            resume = self.t("cd.home.where", round=game.state.round, game=game.state.game)
        inp = screens.TableInput(
            self.session.table, [self.default_name(i) for i in range(5)], list(self.notices), resume
        )
        self.set_root(screens.table_screen(self.t, inp), focus="#cd-heading")

    def draw_handoff(self) -> None:
        session = self.session
        seat = session.handoff
        assert seat is not None and session.game is not None
        public = session.state.observation(None)
        w = self.words()
        lines = log_lines(public["log"], w, session.game.notes, memory=True, reveal=False)
        recent = [x for x in lines if x.kind not in ("turn", "end_play")][-4:]
        phase = session.state.phase
        actor = public["prompt"]["actor"] if public["prompt"] else None
        key = "cd.handoff.alarm" if phase is Phase.ALARM_CHOICE else "cd.handoff.turn"
        reason = self.t(key, name=w.name(seat), actor=w.name(actor))
        self.set_root(screens.handoff(w, seat, reason, recent), focus='[data-act="handoff"]')
        self.announce(self.t("cd.handoff.title", name=w.name(seat)))

    def draw_end(self) -> None:
        game = self.session.game
        assert game is not None
        seer = game.state.observation("seer")
        w = self.words()
        lines = log_lines(
            game.state.observation(None)["log"], w, game.notes, memory=True, reveal=True
        )
        next_game = game.state.phase is Phase.NEXT_GAME
        inp = screens.EndInput(seer, w, lines, game.table.seat_kinds(), next_game)
        self.set_root(screens.end_screen(inp))

    def draw_link(self) -> None:
        game = self.session.game
        assert game is not None
        where = self.t("cd.home.where", round=game.state.round, game=game.state.game)
        self.set_root(
            screens.ask(
                self.t,
                "linkask",
                self.t("cd.link.askTitle"),
                self.t("cd.link.ask", where=where),
                (self.t("cd.link.start"), "link-start"),
                (self.t("cd.link.keep"), "link-keep"),
            )
        )

    def draw_leave(self) -> None:
        self.set_root(
            screens.ask(
                self.t,
                "leave",
                self.t("cd.leave.title"),
                self.t("cd.leave.text"),
                (self.t("cd.leave.yes"), "leave"),
                (self.t("cd.leave.no"), "continue"),
            )
        )

    # ------------------------------------------------------------------ the board

    def reveal(self) -> bool:
        """The computers' reasons that tell what only their seat knows may be read: the game
        is over, or no person plays (a demonstration)."""
        game = self.session.game
        return game is None or game.stage == "over" or not game.table.humans()

    def board_input(self) -> BoardInput:
        session = self.session
        game = session.game
        assert game is not None
        viewer = session.viewer
        state = game.state
        obs = state.observation(viewer)
        w = self.words()
        legal = state.legal_actions(viewer) if viewer is not None else []
        memory = game.table.memory
        notices = self.private[1] if self.private[0] == viewer else []
        setup = state.setup
        share = link_query(setup.players, setup.seed or 0, setup.first, setup.options.points)
        return BoardInput(
            obs=obs,
            words=w,
            legal=legal,
            kinds=game.table.seat_kinds(),
            lines=log_lines(obs["log"], w, game.notes, memory=memory, reveal=self.reveal()),
            selected=self.selected,
            thinking=self.thinking,
            message=self.message
            or (self.t("cd.storage.saveFailed") if session.save_failed else None),
            panel=self.panel,
            pace=game.table.pace,
            paused=self.paused,
            memory=memory,
            notices=notices,
            share=share,
            moves=len(state.history),
        )

    def draw_board(self) -> None:
        self.rendered = draw_regions(
            self.root,
            "cd",
            self.rendered,
            board.skeleton,
            lambda: board.render(self.board_input()),
            fallback="#cd-prompt",
        )

    # ------------------------------------------------------------------ flow

    def start_link(self, link: Link) -> None:
        session = self.session
        table = session.table.with_players(link.players or session.table.players)
        problem = link.check(table.players)
        if problem is not None:
            self.notices.append(self.t("cd.link.bad", detail=self.t(problem.key, **problem.params)))
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
        options = dict(table.options)
        if link.points is not None:
            options["points"] = link.points
        if link.memory is not None:
            options["memory"] = link.memory
        table = replace(table, options=options)
        session.set_table(table)
        session.start(link.seed, link.first)
        self.after_change()

    def after_change(self, draw: bool = True) -> None:
        """Go to the screen the session is in, and let the computers play (``draw``: False
        leaves the board as drawn, while computers play on at the instant pace)."""
        session = self.session
        game = session.game
        if game is None:
            self.show("table")
            return
        key = None
        if session.live and session.handoff is None:
            viewer = session.viewer
            decision = (
                game.state.phase.value
                if viewer is not None and game.state.to_move == viewer
                else None
            )
            key = (len(game.state.history), viewer, decision)
        opened = key is not None and key != self._decision_key
        if opened:
            self.selected = ()
            self.message = self.message if self.keep_message else None
        self.keep_message = False
        self._decision_key = key
        if game.stage == "over" or game.state.phase is Phase.NEXT_GAME:
            self.show("end")
        elif session.handoff is not None:
            self.show("handoff")
        else:
            self.collect_notices()
            if self.screen != "board":
                self.show("board")
                dom.focus("#cd-prompt", scroll=False)
            elif draw:
                self.draw_board()
                if opened and key is not None and key[2] is not None:
                    dom.focus("#cd-prompt", scroll=False)
            self.run_bots()

    keep_message = False

    def collect_notices(self) -> None:
        """The viewer's private notices (Frisks against them), shown until they act."""
        viewer = self.session.viewer
        if viewer is None or self.session.game is None:
            return
        found = self.session.notices(viewer)
        if found:
            w = self.words()
            texts = [line(view, w).text for view in found]
            current = self.private[1] if self.private[0] == viewer else []
            self.private = (viewer, current + texts)
            self.session.mark_seen(viewer)
        elif self.private[0] != viewer:
            self.private = (viewer, [])
            self.session.mark_seen(viewer)

    def announce_last(self) -> None:
        game = self.session.game
        if game is None:
            return
        viewer = self.session.viewer
        # Read back from the end: the last line said costs the events after it, not the game's.
        log = game.state.log
        tail = ((i, log[i].view(viewer)) for i in reversed(range(len(log))))
        said = last_line(tail, self.words(), game.notes, game.table.memory, self.reveal())
        if said is not None:
            self.announce(said.text)

    # ------------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        target = dom.closest(event.target, "[data-act]")
        if target is None:
            return
        act = text(target, "data-act")
        handler = self.CLICKS.get(act)
        if handler is None or target.tagName == "A":
            return
        handler(self, target)
        dom.measure("fusebox:click", float(event.timeStamp))

    def on_change(self, event: Any) -> None:
        target = event.target
        act = dom.attr(target, "data-act")
        if act == "seat-name":
            seat = num(target, "data-seat")
            self.session.set_table(self.session.table.with_seat(seat, name=str(target.value)))
        elif act == "seat-level":
            level = str(target.value)
            if level in LEVELS:
                seat = num(target, "data-seat")
                self.session.set_table(self.session.table.with_seat(seat, level=level))

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.screen == "board":
            event.preventDefault()
            if self.panel is not None:
                self.close_panel()
                return
            self.selected = ()
            self.message = None
            self.draw_board()
            dom.focus("#cd-prompt", scroll=False)

    # ------------------------------------------------------------------ the home card and table

    def act_open_table(self, target: Any) -> None:
        self.show("table")

    def act_home(self, target: Any) -> None:
        self.notices.clear()
        self.show("home")

    def act_continue(self, target: Any) -> None:
        self.notices.clear()
        if self.session.game is None:
            self.show("table")
            return
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
        value: object = {"true": True, "false": False}.get(raw, raw)
        self.session.set_table(self.session.table.with_option(name, value))
        self.draw_table()
        dom.focus(f'[data-act="option"][data-option="{name}"][data-value="{raw}"]')

    def act_table_pace(self, target: Any) -> None:
        pace = text(target, "data-value")
        self.session.set_table(self.session.table.with_pace(pace))
        self.draw_table()
        dom.focus(f'[data-act="table-pace"][data-value="{pace}"]')

    def act_start(self, target: Any) -> None:
        self.notices.clear()
        self.session.start()
        self._decision_key = None
        self.after_change()

    def act_link_start(self, target: Any) -> None:
        link, self.pending_link = self.pending_link, None
        if link is not None:
            self.start_link(link)

    def act_link_keep(self, target: Any) -> None:
        self.pending_link = None
        self.after_change()

    def act_leave_ask(self, target: Any) -> None:
        self.show("leave")

    def act_leave(self, target: Any) -> None:
        self.session.quit()
        self.show("table")

    def act_handoff(self, target: Any) -> None:
        self.session.accept_handoff()
        self.after_change()

    # ------------------------------------------------------------------ the end

    def act_next_game(self, target: Any) -> None:
        self.session.next_game()
        self.after_change()

    def act_again(self, target: Any) -> None:
        self.session.start()
        self._decision_key = None
        self.after_change()

    def act_table(self, target: Any) -> None:
        if self.session.game is not None and self.session.game.stage == "over":
            self.session.quit()
        self.show("table")

    # ------------------------------------------------------------------ the board

    def act_card(self, target: Any) -> None:
        inp = self.board_input()
        decision = inp.decision
        if decision not in board.HAND_PHASES:
            self.say(self.t("cd.msg.notNow"))
            return
        index = num(target, "data-index")
        limit = 2 if decision == "play" else int(inp.obs["prompt"]["count"])
        chosen = list(self.selected)
        if index in chosen:
            chosen.remove(index)
        else:
            chosen.append(index)
            chosen = chosen[-limit:]
        self.selected = tuple(chosen)
        self.message = None
        self.draw_board()

    def act_clear(self, target: Any) -> None:
        self.selected = ()
        self.message = None
        self.draw_board()
        dom.focus("#cd-prompt", scroll=False)

    def chosen(self) -> list[str]:
        return self.board_input().chosen()

    def act_play(self, target: Any) -> None:
        viewer = self.session.viewer
        chosen = self.chosen()
        if viewer is None or len(chosen) != 1:
            return
        self.play(PlayCard(viewer, chosen[0], num(target, "data-agent")))

    def act_wild(self, target: Any) -> None:
        viewer = self.session.viewer
        chosen = self.chosen()
        if viewer is None or len(chosen) != 2:
            return
        self.play(
            PlayWild(viewer, tuple(chosen), num(target, "data-agent"), text(target, "data-mode"))
        )

    def act_end_play(self, target: Any) -> None:
        self.seat_action(EndPlay)

    def act_pick(self, target: Any) -> None:
        viewer = self.session.viewer
        if viewer is not None:
            self.play(PickWire(viewer, num(target, "data-position")))

    def act_place(self, target: Any) -> None:
        viewer = self.session.viewer
        raw = text(target, "data-replace")
        if viewer is not None:
            self.play(PlaceCut(viewer, None if raw == "add" else raw))

    def act_target(self, target: Any) -> None:
        viewer = self.session.viewer
        if viewer is not None:
            self.play(PickTarget(viewer, num(target, "data-seat")))

    def act_take(self, target: Any) -> None:
        viewer = self.session.viewer
        if viewer is not None:
            self.play(TakeCard(viewer, text(target, "data-kind")))

    def act_alarm(self, target: Any) -> None:
        viewer = self.session.viewer
        if viewer is not None:
            self.play(AlarmAgent(viewer, num(target, "data-agent")))

    def act_defuse(self, target: Any) -> None:
        self.seat_action(Defuse)

    def act_no_defuse(self, target: Any) -> None:
        self.seat_action(NoDefuse)

    def act_discard(self, target: Any) -> None:
        viewer = self.session.viewer
        if viewer is not None:
            self.play(Discard(viewer, tuple(self.chosen())))

    def seat_action(self, kind: Callable[[int], Action]) -> None:
        viewer = self.session.viewer
        if viewer is not None:
            self.play(kind(viewer))

    def say(self, message: str) -> None:
        self.message = message
        self.draw_board()
        self.announce(message)

    def play(self, action: Action) -> None:
        if self.screen != "board" or self.session.viewer is None:
            return
        analysing = self.session.state.phase is Phase.ANALYZE_PICK
        try:
            events = self.session.apply(action)
        except IllegalActionError as error:
            self.say(self.refusal_text(error))
            return
        self.selected = ()
        self.panel = None
        self.message = None
        self.private = (None, [])
        game = self.session.game
        if (
            game is not None
            and game.table.memory
            and (analysing or isinstance(action, PlayCard | PlayWild))
        ):
            # Memory play: the colour is shown once, now, and nowhere else afterwards.
            for event in events:
                colour = (
                    event.secret.get(action.seat, {}).get("colour")
                    if event.type == "analyze"
                    else None
                )
                if colour is not None:
                    self.message = self.t(
                        "cd.msg.remember",
                        n=event.data["position"] + 1,
                        colour=self.words().colour(colour),
                    )
                    self.keep_message = True
        self.announce_last()
        self.after_change()

    def refusal_text(self, error: IllegalActionError) -> str:
        """The engine's refusal, translated by its reason code."""
        w = self.words()
        params: dict[str, object] = {}
        for name, value in error.params.items():
            if name == "card" and isinstance(value, str):
                params[name] = w.card(value)
            elif name in ("agent", "position") and isinstance(value, int):
                params[name] = value + 1
            elif name == "seat":
                params["who"] = w.name(value)
            elif name == "zone":
                params[name] = self.t(f"cd.zone.word.{value}")
            elif name == "colour":
                params[name] = w.colour(value)
            elif name == "phase":
                params["waiting"] = self.t(f"cd.doing.{value}", actor="")
            else:
                params[name] = value
        key = f"cd.reason.{error.reason.value}"
        if key not in self.ctx.catalog.messages.get("en", {}):
            return str(error)
        count = params.get("count")
        if isinstance(count, int) and not isinstance(count, bool):  # "1 card", not "1 card(s)"
            return counted(self.ctx.catalog, key, count, **params)
        return self.t(key, **params)

    CLICKS: dict[str, Callable[[App, Any], None]] = {
        "open-table": act_open_table,
        "home": act_home,
        "continue": act_continue,
        "players": act_players,
        "seat-kind": act_seat_kind,
        "option": act_option,
        "table-pace": act_table_pace,
        "start": act_start,
        "link-start": act_link_start,
        "link-keep": act_link_keep,
        "leave-ask": act_leave_ask,
        "leave": act_leave,
        "handoff": act_handoff,
        "next-game": act_next_game,
        "again": act_again,
        "table": act_table,
        "panel": PanelControls.act_panel,
        "close": PanelControls.act_close,
        "pace": BoardControls.act_pace,
        "pause": BoardControls.act_pause,
        "card": act_card,
        "clear": act_clear,
        "play": act_play,
        "wild": act_wild,
        "end-play": act_end_play,
        "pick": act_pick,
        "place": act_place,
        "target": act_target,
        "take": act_take,
        "alarm": act_alarm,
        "defuse": act_defuse,
        "no-defuse": act_no_defuse,
        "discard": act_discard,
    }


class BoardBots(ShellBoardBots):
    """Countdown's board as the pacing loop sees it (``fusebox_web.shell.pacing``)."""

    app: App

    def move(self, start: float) -> bool:
        # Saved when drawn or when the computers stop (the shell's ``BoardBots``).
        return self.app.session.play_bot(save=False) is not None

    def announce(self) -> None:
        self.app.announce_last()


__all__ = ["App", "BoardBots", "Line"]
