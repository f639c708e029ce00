"""The game in the page: screens, one delegated listener per event type, bots in an asyncio task.

The only part of the game that talks to the page (through ``fusebox_web.shell.dom``). Each screen is
drawn from pure functions (``board``, ``screens``) as HTML strings; the board's regions are set
with one ``innerHTML`` each, and only when their HTML changed, so a click costs a few bridge
calls. Clicks, keys and input changes are read from ``data-*`` attributes by one listener each
on the app's root.

Pass and play: the board is drawn only from ``observation(viewer)``; during a handoff the
screen holds public facts only, so the page (its DOM) holds no hidden wire of anyone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import redwire
from engine.redwire import IllegalActionError
from engine.redwire.actions import Action
from engine.redwire.campaign import box_of, opener_of
from engine.redwire.missions import boxed_missions
from engine.redwire.observation_types import Observation
from engine.redwire.turn import ignored

from ..shell import dom
from ..shell.controls import BoardControls, PanelControls, num, text
from ..shell.errors import Tasks, report
from ..shell.host import GameHost
from ..shell.i18n import counted
from ..shell.pacing import BoardBots as ShellBoardBots
from ..shell.regions import draw_regions, refocus
from . import board, home, mechanisms, projector, screens, tutorial
from .affordances import Affordances, affordances, held_values
from .board import BoardInput, value_of_data
from .log_text import explain, lines_since, log_lines, story
from .markup import esc
from .mount import home_html
from .notes import TABLE_NOTES
from .odds import OddsCache, WireOdds, odds_tile, reason_text
from .phrases import confirm_text
from .replay import Replay, record_from_file
from .replay import render as render_replay
from .selection import CUT_MODES, WIRES_OF_MODE, Selection, build, fresh, selection_of
from .session import OffScript, Session
from .table import Table, characters_of
from .urls import Link, LinkError, link_query, parse_link, refusal, without_game_params
from .words import Words

GAME_SCREENS = ("campaign", "brief", "board", "handoff", "end", "link", "replay")


class App(BoardControls, PanelControls):
    """The Red Wire app mounted in the page's ``#app``."""

    PREFIX = "rw"

    session: Session

    def __init__(self, context: GameHost, session: Session, notices: list[str]) -> None:
        self.ctx = context
        self.session = session
        self.screen = "home"
        self.sel = Selection()
        self.message: str | None = None
        self.panel = None
        self.focus_slots: dict[int, int] = {}
        self.thinking: int | None = None
        self.paused = False
        self.notices = notices
        self.open_sections: set[str] = set()
        self.rendered: dict[str, str] = {}
        self.export_url: str | None = None
        self.set_aside_urls: list[str] = []
        self.pending_link: Link | None = None
        #: The box the player asked to open early, waiting for the confirmation.
        self.box_confirm: int | None = None
        #: The last action has just happened: the next drawing of the board animates it once.
        self.fresh = False
        #: The prompt's mission sentences unfolded on a phone ("More"): kept until "Less".
        self.prompt_more = False
        #: The game being replayed (the one just finished, or a record file), and where its
        #: "close" goes back to.
        self.replay: Replay | None = None
        self.replay_back = "campaign"
        self.record_url: str | None = None
        #: What a projector window was last told (moves, thinking seat).
        self._told: tuple[int, int | None] | None = None
        self._aff: tuple[object, int | None, Affordances] | None = None
        #: The odds of the wires selected with "show odds" on, for the position on screen.
        self._odds = OddsCache()
        self._bot_task: asyncio.Task[None] | None = None
        #: The loop that runs a mission's countdown while its game is open.
        self._clock_task: asyncio.Task[None] | None = None
        self._tasks = Tasks()
        #: (moves, viewer, decision) last shown: a new one resets the selection and the focus.
        self._decision_key: tuple[int, int | None, str | None] | None = None
        # Drawn by fusebox_web.redwire.mount, which owns the listeners.
        self.root: Any = dom.query("#rw-root")
        self.live: Any = dom.query("#rw-live")

    def start_up(self) -> None:
        search = self.ctx.search
        link = parse_link(search)
        if link is not None:
            dom.replace_search(without_game_params(search))
        if isinstance(link, Link):
            link = self.link_at_table(link)
        if isinstance(link, LinkError):
            self.notices.append(refusal(self.t, link))
            self.draw_home()
            return
        game = self.session.game
        if isinstance(link, Link):
            if game is not None and game.stage != "over":
                self.pending_link = link
                self.show("link")
                return
            self.start_link(link)
            return
        # Back to the game in progress, unless the player already went elsewhere, or must first
        # read what went wrong with the saved data.
        resumable = game is not None and game.stage != "over" and not self.notices
        if resumable and self.screen == "home" and self.ctx.may_open:
            self.resume()

    def close(self) -> None:
        """Another game replaces this one in the page (a link followed in it): stop the
        computers, the clock and every other task, and free the download links."""
        self._tasks.cancel_all()
        self._bot_task = self._clock_task = None
        for url in [*self.set_aside_urls, self.export_url, self.record_url]:
            if url:
                dom.revoke_url(url)

    def board_bots(self) -> BoardBots:
        """This board as the shell's pacing loop sees it."""
        return BoardBots(self)

    # ------------------------------------------------------------------ words

    def default_name(self, seat: int) -> str:
        return self.t(f"rw.name.{seat + 1}")

    def words(self, obs: Observation | None = None) -> Words:
        names = self.session.names(self.default_name)
        owners = [s["owner"] for s in obs["stands"]] if obs else list(self.session.state.owners)
        viewer = obs.get("viewer") if obs else None
        return Words(self.ctx.catalog, names, owners, viewer if isinstance(viewer, int) else None)

    def mission_text(self, mission: int, field: str) -> str:
        data = getattr(redwire.load_mission(mission), field)
        return str(data.get(self.ctx.catalog.lang, data["en"]))

    # ------------------------------------------------------------------ screens

    def show(self, screen: str) -> None:
        self.screen = screen
        self.panel = None
        self.rendered = {}
        self.ctx.show_screen(screen if screen in GAME_SCREENS else None)
        self.redraw()
        if screen in ("board", "handoff"):
            dom.set_root_attribute("data-board-ready", "")

    def redraw(self) -> None:
        self.rendered = {} if self.screen != "board" else self.rendered
        draw = {
            "home": self.draw_home,
            "campaign": self.draw_campaign,
            "brief": self.draw_brief,
            "board": self.draw_board,
            "handoff": self.draw_handoff,
            "end": self.draw_end,
            "link": self.draw_link,
            "table": self.draw_nothing,
            "replay": self.draw_replay,
        }[self.screen]
        draw()

    def draw_nothing(self) -> None:
        """The table screen is js/redwire.js's (it works before the boot): nothing to draw."""

    def set_root(self, html: str, focus: str | None = "#rw-heading") -> None:
        dom.set_html(self.root, html)
        self.rendered = {}
        if focus:
            dom.focus(focus)

    def draw_home(self) -> None:
        if self.screen == "home":
            self.set_root(home_html(self.ctx, self.session, self.notices), focus=None)

    def set_aside_items(self) -> list[screens.SetAside]:
        """The saves kept aside, each with a download link (blob: URLs, renewed each time)."""
        for url in self.set_aside_urls:
            dom.revoke_url(url)
        self.set_aside_urls = []
        items = []
        for kept in self.session.quarantined():
            href = dom.blob_url(kept.text)
            self.set_aside_urls.append(href)
            when = (
                self.t("rw.saved.when", date=dom.local_date(kept.at, self.ctx.catalog.lang))
                if kept.at is not None
                else self.t("rw.saved.when.unknown")
            )
            items.append(
                screens.SetAside(kept.key, kept.kind, when, screens.why_key(kept.problem), href)
            )
        return items

    def draw_campaign(self) -> None:
        if self.export_url:
            dom.revoke_url(self.export_url)
        self.export_url = dom.blob_url(self.session.export_text())
        lang = self.ctx.catalog.lang
        titles, summaries = {}, {}
        for m in screens.MISSIONS:
            mission = redwire.load_mission(m)
            titles[m] = mission.title.get(lang, mission.title["en"])
            summaries[m] = mission.summary.get(lang, mission.summary["en"])
        inp = screens.CampaignInput(
            self.session.campaign,
            self.session.table,
            titles,
            summaries,
            [self.default_name(i) for i in range(5)],
            list(self.notices),
            frozenset(self.open_sections),
            self.export_url,
            self.ctx.catalog,
            self.set_aside_items(),
            self.session.next_captain(self.session.table.players),
            self.box_confirm,
            {
                m: (
                    boxed.title.get(lang, boxed.title["en"]),
                    boxed.needs.get(lang, boxed.needs["en"]),
                )
                for m, boxed in boxed_missions().items()
            },
        )
        self.set_root(screens.campaign(self.t, inp), focus=None)

    def draw_brief(self) -> None:
        game = self.session.game
        assert game is not None
        obs = game.state.observation(None)
        w = self.words(obs)
        html = screens.briefing(
            obs,
            w,
            game.table.seat_kinds(),
            self.mission_text(game.mission, "title"),
            self.mission_text(game.mission, "rules"),
            [explain(note, w) for note in game.notes if note.key in TABLE_NOTES],
        )
        self.set_root(html)

    def draw_handoff(self) -> None:
        session = self.session
        seat = session.handoff
        assert seat is not None and session.game is not None
        self._odds.clear()  # the next player starts with nothing the previous one was shown
        # Public facts only: the spectator's view of the game.
        public = session.state.observation(None)
        w = self.words(public)
        lines = log_lines(public["log"], w, session.game.notes)
        recent = [line for line in lines if line.kind != "turn"][-4:]
        kind = session.state.phase.value
        actor = public["prompt"].get("actor") if public["prompt"] else None
        reason = self.t(f"rw.handoff.{kind}", who=w.name(actor), name=w.name(seat))
        self.set_root(screens.handoff(w, seat, reason, recent), focus="#rw-handoff-ready")
        self.announce(self.t("rw.handoff.title", name=w.name(seat)))

    def draw_replay(self) -> None:
        replay = self.replay
        assert replay is not None
        setup = replay.record.setup
        words = Words(self.ctx.catalog, self.replay_names(replay), list(replay.at(0).owners))
        html = render_replay(replay, words, self.mission_text(setup.mission, "title"), self.t)
        focused = dom.active_key()
        self.set_root(html, focus=None)
        if focused:
            refocus(focused)

    def replay_names(self, replay: Replay) -> list[str]:
        names = list(replay.names)
        return names + [self.default_name(i) for i in range(len(names), replay.players)]

    def open_replay(self, replay: Replay, back: str) -> None:
        self.replay, self.replay_back = replay, back
        self.show("replay")
        dom.focus("#rw-heading")

    def draw_end(self) -> None:
        session = self.session
        game = session.game
        assert game is not None
        if self.record_url:
            dom.revoke_url(self.record_url)
        self.record_url = dom.blob_url(game.state.record.dumps())
        seer = game.state.observation("seer")
        w = self.words(seer)
        lines = log_lines(seer["log"], w, game.notes)
        players = game.table.players
        next_captain = w.name(session.next_captain(players))
        html = screens.end(
            seer,
            w,
            self.mission_text(game.mission, "title"),
            lines,
            story(lines),
            next_captain,
            game.mission < max(screens.MISSIONS),
            game.tutorial,
            self.record_url,
        )
        self.set_root(html)

    def draw_link(self) -> None:
        game, link = self.session.game, self.pending_link
        assert game is not None and link is not None
        body = (
            screens.heading(self.t("rw.link.askTitle"))
            + f'<p class="rw-lead">{esc(self.t("rw.link.ask", mission=link.mission, current=game.mission, turn=max(1, game.state.turn_number)))}</p>'
            + '<div class="rw-actions">'
            + screens.button(
                self.t("rw.link.start", mission=link.mission), "link-start", "rw-big rw-primary"
            )
            + screens.button(self.t("rw.link.keep"), "link-keep", "rw-big")
            + "</div>"
        )
        self.set_root(screens.screen("linkask", body))

    # ------------------------------------------------------------------ the board

    def viewer_affordances(self) -> Affordances:
        state, viewer = self.session.state, self.session.viewer
        cached = self._aff
        if cached is not None and cached[0] is state and cached[1] == viewer:
            return cached[2]
        aff = affordances(state, viewer)
        self._aff = (state, viewer, aff)
        return aff

    def board_input(self) -> BoardInput:
        session = self.session
        game = session.game
        assert game is not None
        viewer = session.viewer
        obs = game.state.observation(viewer)
        w = self.words(obs)
        aff = self.viewer_affordances()
        action = build(self.sel, viewer, aff) if viewer is not None else None
        confirm = confirm_text(action, w, obs) if action is not None else None
        setup = game.state.setup
        share = link_query(
            setup.mission,
            setup.players,
            setup.seed or 0,
            setup.captain,
            setup.options.to_json(),
            characters_of(setup),
        )
        return BoardInput(
            obs=obs,
            words=w,
            aff=aff,
            sel=self.sel,
            kinds=game.table.seat_kinds(),
            lines=log_lines(obs["log"], w, game.notes),
            thinking=self.thinking,
            message=self.message
            or (self.t("rw.storage.saveFailed") if session.save_failed else None),
            panel=self.panel,
            focus=self.focus_slots,
            pace=game.table.pace,
            paused=self.paused,
            title=self.mission_text(game.mission, "title"),
            rules=self.mission_text(game.mission, "rules"),
            contents=screens.bomb_contents(obs, w),
            share=share,
            confirm_text=confirm,
            moves=len(game.state.history),
            odds_toggle=session.odds_offered,
            odds_on=session.odds_shown,
            prompt_more=self.prompt_more,
            odds=self.wire_odds(obs) if session.odds_shown else None,
            fresh=self.fresh,
            coach=self.coach_text(w) if game.tutorial else None,
            coach_move=tutorial.expected(game.state) if game.tutorial else None,
        )

    def coach_text(self, w: Words) -> str:
        said = tutorial.coach(self.session.state)
        # The computers are named as the table names them (in the player's language).
        names = {"name": w.name(tutorial.YOU), "first": w.name(1), "third": w.name(3)}
        return self.t(said.key, **names, **said.params)

    def wire_odds(self, obs: Observation) -> WireOdds | None:
        """The selected teammate's wire's odds, from the viewer's observation only (None when no
        such wire is selected, or the solver failed: reported, and the board goes on)."""
        tile = odds_tile(self.sel, obs)
        if tile is None:
            return None
        start, computed = dom.now(), self._odds.computed
        try:
            found = self._odds.get(self.session.state, obs, tile)
        except Exception as error:
            report(error)
            return None
        if self._odds.computed != computed:
            dom.measure("fusebox:odds", start)
        return found

    def draw_board(self) -> None:
        game = self.session.game
        for tick in mechanisms.tickers(game.state if game else None):
            tick(self, dom.now(), may_play=False)  # the countdown as it is now, then drawn
        self.rendered = draw_regions(
            self.root,
            "rw",
            self.rendered,
            board.skeleton,
            lambda: board.render(self.board_input()),
        )
        self.fresh = False
        self.tell_projector()

    def tell_projector(self) -> None:
        """Keep a projector window in step (same-origin messaging: it reads the save again)."""
        game = self.session.game
        news = (len(game.state.history) if game else -1, self.thinking)
        if news != self._told:
            self._told = news
            dom.broadcast(projector.CHANNEL, {"moves": news[0], "thinking": news[1]})

    # ------------------------------------------------------------------ flow

    def resume(self) -> None:
        game = self.session.game
        if game is None:
            self.show("campaign")
            return
        self.after_change()

    def link_at_table(self, link: Link) -> Link | LinkError:
        """``link``, or what is wrong with it at the table it would be played at (the link's
        players, or the table's): a player count the mission is not played with (mission 34 and
        65: not by two), a captain beyond the last seat. Refused like any bad link, before a game
        in progress is put at stake."""
        players = link.players or self.session.table.players
        allowed = redwire.load_mission(link.mission).players
        if players not in allowed:
            params = {"mission": link.mission, "players": players}
            return LinkError(
                "rw.link.missionPlayers", {**params, "first": allowed[0], "last": allowed[-1]}
            )
        if link.captain is not None and link.captain >= players:
            return LinkError("rw.link.captain", {"value": str(link.captain + 1)})
        return link

    def start_link(self, link: Link) -> None:
        session = self.session
        table = session.table.with_players(link.players or session.table.players)
        kinds = link.kinds(table.players)
        if kinds:
            table = table.with_kinds(kinds)
        if link.level:
            for seat in range(table.players):
                table = table.with_seat(seat, level=link.level)
        if link.pace:
            table = table.with_pace(link.pace)
        options = dict(table.options)
        options.update(link.options)
        table = replace(table, options=options)
        if not self._players_allowed(link.mission, table.players):
            self.show("campaign")
            return
        session.set_table(table)
        session.start(
            link.mission, link.seed, from_link=True, players=table.players, captain=link.captain
        )
        if link.brief:
            self.show("brief")
        else:
            session.begin()
            self.after_change()

    def after_change(self, draw: bool = True) -> None:
        """Go to the screen the session is in, and let the computer players play (``draw``:
        False leaves the board as drawn, while computers play on at the instant pace)."""
        session = self.session
        game = session.game
        if game is None:
            self.show("campaign")
            return
        key = None
        if game.stage == "playing" and session.handoff is None:
            key = (len(game.state.history), session.viewer, self.viewer_affordances().decision)
        opened = key is not None and key != self._decision_key
        if key != self._decision_key:
            self.sel = self.keep_selection() if key is not None else Selection()
            self.message = None
        self._decision_key = key
        if game.stage == "briefing":
            self.show("brief")
        elif game.stage == "over":
            self.show("end")
        elif session.handoff is not None:
            self.show("handoff")
        else:
            if self.screen != "board":
                self.show("board")
                self.focus_start()
            elif draw:
                self.draw_board()
                if opened and key is not None and key[2] is not None:
                    self.focus_start()
                elif not dom.active_key():
                    # The control that had the focus is gone (the confirm button, say): the
                    # prompt says what happens next, and the next decision takes it from there.
                    dom.focus("#rw-prompt", scroll=False)
            self.run_bots()
            self.run_clock()

    def focus_start(self) -> None:
        """Where the focus goes when a decision opens: the first wire to choose (a teammate's
        on your turn), else the prompt."""
        decision = self.viewer_affordances().decision
        if decision not in (None, "turn") and dom.focus(".rw-tile.is-tappable", scroll=False):
            return
        if decision == "turn" and dom.focus("#rw-team .rw-tile.is-tappable", scroll=False):
            return
        dom.focus("#rw-prompt", scroll=False)

    def run_clock(self) -> None:
        """Run the mission's countdown (if it has one) while its game is being played."""
        game = self.session.game
        if self._clock_task is None and game is not None and mechanisms.tickers(game.state):
            self._clock_task = self.spawn(self.clock())

    async def clock(self) -> None:
        try:
            while (game := self.session.game) is not None and game.stage == "playing":
                for tick in mechanisms.tickers(game.state):
                    tick(self, dom.now())
                await asyncio.sleep(0.25)
        finally:
            self._clock_task = None

    def keep_selection(self) -> Selection:
        """After a move: a fresh selection for the new decision; but an equipment card the
        viewer was about to use while another seat played stays chosen."""
        aff = self.viewer_affordances()
        if aff.decision is None and self.sel.mode in board.CARD_MODES:
            return self.sel
        return fresh(aff)

    def announce_last(self, start: int | None = None) -> None:
        """Say what the last action did (every line of its events, from log index ``start``:
        "You point at Bea's wire 4: 9? No, it is 11. Detonator: 2 mistakes left."), and mark it
        fresh for the next drawing of the board (its wires and the detonator show it)."""
        game = self.session.game
        if game is None:
            return
        obs = game.state.observation(self.session.viewer)
        words = self.words(obs)
        # Only the move's own turn is read (each of a bots' game's moves is announced).
        told = lines_since(obs["log"], words, start, game.notes) if start is not None else []
        if not told:
            lines = log_lines(obs["log"], words, game.notes)
            told = [line for line in lines if line.kind != "turn"][-1:]
        if told:
            self.announce(" ".join(line.text for line in told))
        self.fresh = True

    # ------------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        target = dom.closest(event.target, "[data-act]")
        if target is None:
            return
        act = text(target, "data-act")
        handler = self.CLICKS.get(act)
        if handler is None:
            return
        if target.tagName == "A":
            return  # links (export, share) do their own thing
        handler(self, target)
        dom.measure("fusebox:click", float(event.timeStamp))

    def on_change(self, event: Any) -> None:
        target = event.target
        act = dom.attr(target, "data-act")
        if act == "replay-seek" and self.replay is not None:
            self.replay.step(str(target.value))
            self.draw_replay()
        elif act == "record-import":
            self.spawn(self.import_record(target))
        elif act == "import":
            self.spawn(self.import_file(target))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if self.screen == "replay" and self.replay is not None:
            # Arrow keys step through the game (the slider does so by itself).
            steps = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}
            if key in steps and dom.attr(event.target, "data-act") != "replay-seek":
                event.preventDefault()
                self.replay.step(steps[key])
                self.draw_replay()
            return
        if key == "Escape":
            if self.screen == "board":
                event.preventDefault()
                self.cancel()
            return
        if self.screen != "board":
            return
        target = event.target
        act = dom.attr(target, "data-act")
        if act in board.ROW_ACTS:
            if self.move_in_row(target, act or "", key):
                event.preventDefault()
            return
        if act != "tile":
            return
        stand = num(target, "data-stand")
        slot = num(target, "data-slot")
        moved = self.move_focus(stand, slot, key)
        if moved is not None:
            event.preventDefault()

    def move_in_row(self, target: Any, act: str, key: str) -> bool:
        """Arrow keys along a row of values (or seats, or ways to cut)."""
        items = dom.query_all(f'#rw-dock [data-act="{act}"]')
        keys = [dom.active_key_of(item) for item in items]
        here = dom.active_key_of(target)
        if here not in keys:
            return False
        nxt = board.next_in_row(len(items), keys.index(here), key)
        if nxt is None:
            return False
        items[nxt].focus()
        return True

    def move_focus(self, stand: int, slot: int, key: str) -> tuple[int, int] | None:
        """Arrow keys between tiles: left/right on a stand, up/down between stands."""
        obs = self.session.state.observation(self.session.viewer)
        order = board.stand_order(obs)
        sizes = {st: len(obs["stands"][st]["slots"]) for st in order}
        nxt = board.next_tile(order, sizes, (stand, slot), key)
        if nxt is None:
            return None
        # Roving tabindex: one tile per stand is in the tab order; moving within a stand moves it.
        # Set on the two nodes directly (and forgotten by the region cache) instead of redrawn.
        old = dom.query(f'[data-act="tile"][data-stand="{nxt[0]}"][tabindex="0"]')
        if old is not None:
            old.setAttribute("tabindex", "-1")
        node = dom.query(f'[data-act="tile"][data-stand="{nxt[0]}"][data-slot="{nxt[1]}"]')
        if node is None:
            return None
        node.setAttribute("tabindex", "0")
        node.focus()
        self.focus_slots[nxt[0]] = nxt[1]
        self.rendered.pop("team", None)
        self.rendered.pop("own", None)
        return nxt

    # ------------------------------------------------------------------ click handlers

    def act_campaign(self, target: Any) -> None:
        self.notices.clear()
        game = self.session.game
        if game is not None and game.stage == "over":
            self.session.quit()  # counted already: a finished game is not kept once left
        self.show("campaign")

    def act_home(self, target: Any) -> None:
        self.notices.clear()
        self.show("home")

    def act_continue(self, target: Any) -> None:
        self.notices.clear()
        self.resume()

    def act_mission(self, target: Any) -> None:
        mission = num(target, "data-mission")
        if self.session.campaign.status(mission) == "locked":
            box = box_of(mission)
            if box is None:
                self.announce(self.t("rw.campaign.locked", previous=mission - 1))
            else:
                self.announce(self.t("rw.campaign.boxLocked", previous=opener_of(box)))
            return
        if not self._players_allowed(mission, self.session.table.players):
            return
        self.notices.clear()
        self.session.start(mission)
        self.show("brief")

    def _players_allowed(self, mission: int, players: int) -> bool:
        """Whether ``mission`` may be played by ``players`` (mission 34: not by two); if not,
        say so (the table screen changes the count) and start nothing."""
        allowed = redwire.load_mission(mission).players
        if players in allowed:
            return True
        self.announce(
            self.t("rw.campaign.players", mission=mission, first=allowed[0], last=allowed[-1])
        )
        return False

    def act_box_ask(self, target: Any) -> None:
        self.box_confirm = num(target, "data-box")
        self.draw_campaign()
        dom.focus('[data-act="box-open"]')

    def act_box_open(self, target: Any) -> None:
        first = num(target, "data-box")
        self.box_confirm = None
        self.session.open_box(first)
        self.draw_campaign()
        self.announce(self.t("rw.campaign.boxOpened", first=first))
        dom.focus(f'[data-mission="{first}"]')

    def act_box_cancel(self, target: Any) -> None:
        first = num(target, "data-box")
        self.box_confirm = None
        self.draw_campaign()
        dom.focus(f'[data-act="box-ask"][data-box="{first}"]')

    def act_begin(self, target: Any) -> None:
        self.session.begin()
        self.after_change()

    def act_handoff(self, target: Any) -> None:
        self.session.accept_handoff()
        self.focus_slots.clear()
        self.after_change()

    def act_replay_open(self, target: Any) -> None:
        """Step through the game just finished (from its end screen)."""
        game = self.session.game
        if game is None:
            return
        names = game.table.names(self.default_name)
        replay = Replay.of(game.state.record, names, game.table.seat_kinds(), game.notes)
        self.open_replay(replay, "end")

    def act_replay_step(self, target: Any) -> None:
        if self.replay is not None:
            self.replay.step(text(target, "data-step"))
            self.draw_replay()

    def act_replay_view(self, target: Any) -> None:
        if self.replay is not None:
            self.replay.view = self.replay.view_of(text(target, "data-view"))
            self.draw_replay()

    def act_replay_close(self, target: Any) -> None:
        back = self.replay_back if self.session.game is not None else "campaign"
        self.replay = None
        self.show(back)

    async def import_record(self, target: Any) -> None:
        """Open a record file (a replay shared as a file) and step through it."""
        found = await dom.read_file(target)
        if found is None:
            return
        try:
            replay = Replay.of(record_from_file(found))
        except Exception:
            self.notices = [self.t("rw.replay.bad")]
            self.draw_campaign()
            self.announce(self.notices[0])
            return
        self.notices.clear()
        self.open_replay(replay, "campaign")

    def start_tutorial(self) -> None:
        """The first-game tutorial (from the home screen, or again from its end)."""
        self.notices.clear()
        self.session.start_tutorial()
        self._decision_key = None
        self.after_change()

    def act_tutorial(self, target: Any) -> None:
        self.start_tutorial()

    def act_tutorial_skip(self, target: Any) -> None:
        """Leave the tutorial for the home screen (it is never counted; replay it from there)."""
        self.session.quit()
        self.show("home")
        dom.focus('[data-early="play"]')

    def act_table(self, target: Any) -> None:
        """Back to the table screen (js/redwire.js draws it; the missions come after it)."""
        game = self.session.game
        if game is not None and game.stage == "over":
            self.session.quit()  # counted already: a finished game is not kept once left
        self.notices.clear()
        self.screen = "table"
        self.rendered = {}
        dom.dispatch("redwire:table")

    def open_missions(self, detail: Any) -> None:
        """The table screen is done (before or after the boot): take its table, then the
        missions. A table that does not read keeps the one the session has."""
        raw = detail.get("table") if isinstance(detail, dict) else None
        captain = detail.get("captain") if isinstance(detail, dict) else None
        try:
            table = Table.from_json(raw)
        except ValueError:
            table = self.session.table
        captain = captain if isinstance(captain, int) and not isinstance(captain, bool) else None
        self.session.set_table(table, captain)
        self.notices.clear()
        self.show("campaign")
        dom.focus("#rw-heading")

    def act_option(self, target: Any) -> None:
        name = text(target, "data-option")
        raw = text(target, "data-value")
        value: object = {"true": True, "false": False}.get(raw, raw)
        self.session.set_table(self.session.table.with_option(name, value))
        self.draw_campaign()
        dom.focus(f'[data-act="option"][data-option="{name}"][data-value="{raw}"]')

    def act_section(self, target: Any) -> None:
        name = text(target, "data-section")
        self.open_sections ^= {name}
        self.draw_campaign()
        dom.focus(f'[data-act="section"][data-section="{name}"]')

    def act_restore(self, target: Any) -> None:
        """Put a set-aside save back and read it again; say what came of it."""
        key = text(target, "data-key")
        try:
            self.session.restore(key)
        except Exception:
            self.notices = [self.t("rw.transfer.bad")]
        else:
            found = [home.problem_text(self.t, self.session, *p) for p in self.session.problems]
            self.session.problems.clear()
            self.notices = found or [self.t("rw.saved.restored")]
        self.draw_campaign()
        self.announce(" ".join(self.notices))
        dom.focus("#rw-heading")

    def act_link_start(self, target: Any) -> None:
        link = self.pending_link
        self.pending_link = None
        if link is not None:
            self.start_link(link)

    def act_link_keep(self, target: Any) -> None:
        self.pending_link = None
        self.resume()

    def act_retry(self, target: Any) -> None:
        self.session.retry()
        self.show("brief")

    def act_next(self, target: Any) -> None:
        self.session.next_mission()
        self.show("brief")

    def act_leave_ask(self, target: Any) -> None:
        """From the handoff screen: ask before the game is dropped (nothing private shown)."""
        body = (
            screens.heading(self.t("rw.leave.title"))
            + f'<p class="rw-lead">{esc(self.t("rw.leave.text"))}</p>'
            + '<div class="rw-actions">'
            + screens.button(self.t("rw.leave.yes"), "leave", "rw-big rw-danger")
            + screens.button(self.t("rw.leave.no"), "continue", "rw-big")
            + "</div>"
        )
        self.set_root(screens.screen("leave", body))

    def act_leave(self, target: Any) -> None:
        self.session.quit()
        self.show("campaign")

    def act_tile(self, target: Any) -> None:
        stand = num(target, "data-stand")
        slot = num(target, "data-slot")
        self.focus_slots[stand] = slot
        self.tap_tile((stand, slot))

    def act_value(self, target: Any) -> None:
        value = value_of_data(text(target, "data-value"))
        use = mechanisms.use_of(self.sel)
        two = use is not None and use.values_many == 2
        self.sel = self.sel.tap_value(value, self.sel.xy or two)
        self.message = None
        self.draw_board()
        if build(self.sel, self.session.viewer or 0, self.viewer_affordances()) is not None:
            dom.focus('[data-act="confirm"]', scroll=False)

    def act_seat(self, target: Any) -> None:
        seat = num(target, "data-seat")
        use = mechanisms.use_of(self.sel)
        many = use.seats_many if use is not None else 1
        self.sel = self.sel.tap_seat(seat, many)
        self.message = None
        self.draw_board()
        if build(self.sel, self.session.viewer or 0, self.viewer_affordances()) is not None:
            dom.focus('[data-act="confirm"]', scroll=False)

    def act_mode(self, target: Any) -> None:
        mode = text(target, "data-mode")
        self.sel = self.sel.with_mode(mode)
        self.message = None
        self.draw_board()
        # The next useful control: a value (the Solo Cut names one), a teammate's wire (a way
        # to cut points at one), else the prompt that says what the card asks for.
        if mode == "solo" and dom.focus('#rw-dock [data-act="value"]', scroll=False):
            return
        if mode in CUT_MODES and dom.focus("#rw-team .rw-tile.is-tappable", scroll=False):
            return
        dom.focus("#rw-prompt", scroll=False)

    def act_xy(self, target: Any) -> None:
        self.sel = self.sel.toggle_xy()
        self.draw_board()

    def act_use(self, target: Any) -> None:
        card = num(target, "data-card")
        mode = board.use_mode(card, self.viewer_affordances())
        self.panel = None
        if mode is None:
            self.message = self.t("rw.msg.cardNotNow")
        elif mode == "xy":
            self.sel = self.sel.with_mode("cut") if self.sel.mode not in CUT_MODES else self.sel
            if not self.sel.xy:
                self.sel = self.sel.toggle_xy()
        else:
            self.sel = self.sel.with_mode(mode, card=card)
            self.message = None
        self.draw_board()
        dom.focus("#rw-prompt", scroll=False)

    def act_cancel(self, target: Any) -> None:
        self.cancel()

    def cancel(self) -> None:
        if self.panel is not None:
            self.close_panel()
            return
        self.sel = fresh(self.viewer_affordances())
        self.message = None
        self.draw_board()
        dom.focus("#rw-prompt", scroll=False)

    def act_hint(self, target: Any) -> None:
        found = self.session.hint()
        if found is None:
            return
        action, note = found
        self.sel = selection_of(action, self.sel)
        obs = self.session.state.observation(self.session.viewer)
        self.message = self.t("rw.hint.says", why=explain(note, self.words(obs)))
        self.draw_board()
        dom.focus('[data-act="confirm"]', scroll=False)

    def act_odds(self, target: Any) -> None:
        """The "show odds" learning toggle (on: the game counts as assisted)."""
        game = self.session.game
        if game is None or not self.session.odds_offered:
            return
        on = not game.odds
        self.session.set_odds(on)
        self.message = self.t("rw.odds.on") if on else None
        self.draw_board()
        self.announce(self.t("rw.odds.on" if on else "rw.odds.off"))
        dom.focus('[data-act="odds"]', scroll=False)

    def act_prompt_more(self, target: Any) -> None:
        """Unfold (or fold again) the prompt's mission sentences on a phone."""
        self.prompt_more = not self.prompt_more
        self.draw_board()
        dom.focus('[data-act="prompt-more"]', scroll=False)

    def act_confirm(self, target: Any) -> None:
        viewer = self.session.viewer
        if viewer is None:
            return
        action = build(self.sel, viewer, self.viewer_affordances())
        if action is None:
            self.message = self.missing_text()
            self.draw_board()
            self.announce(self.message)
            return
        self.play(action)

    def play(self, action: Action) -> None:
        start = len(self.session.state.log)
        try:
            self.session.apply(action)
        except IllegalActionError as error:
            self.message = self.refusal_text(error)
            self.draw_board()
            self.announce(self.message)
            return
        except OffScript:
            obs = self.session.state.observation(self.session.viewer)
            self.message = self.t("rw.tutorial.offScript", what=self.coach_text(self.words(obs)))
            self.draw_board()
            self.announce(self.message)
            return
        self.message = None
        self.panel = None
        self.announce_last(start)
        self.after_change()

    # ------------------------------------------------------------------ taps on wires

    def tap_tile(self, tile: tuple[int, int]) -> None:
        session = self.session
        viewer = session.viewer
        if self.screen != "board" or viewer is None:
            return
        aff = self.viewer_affordances()
        inp = self.board_input()
        tappable, selected = board.tile_roles(inp)
        if tile not in tappable and tile not in selected:
            self.message = self.why_not(tile, aff)
            self.draw_board()
            self.announce(self.message)
            return
        state = session.state
        skip = ignored(state)  # wires no equipment points at (X wires)
        stand_tiles = tuple(
            (tile[0], slot)
            for slot, _ in state.uncut(tile[0])
            if state.stands[tile[0]][slot] not in skip
        )
        scope = state.setup.options.detector_scope
        group = tile[0] if scope == "stand" else state.owners[tile[0]]
        self.sel = self.sel.tap_tile(tile, group=group, stand_tiles=stand_tiles)
        self.message = None
        self.draw_board()
        self.announce_odds()
        if build(self.sel, viewer, self.viewer_affordances()) is not None:
            dom.focus('[data-act="confirm"]', scroll=False)
        elif (
            self.sel.mode in CUT_MODES
            and not self.sel.values
            and dom.query('[data-act="value"]') is not None
        ):
            dom.focus('[data-act="value"]', scroll=False)

    def announce_odds(self) -> None:
        """With "show odds" on, a screen reader hears the selected wire's one-line reason."""
        if not self.session.odds_shown:
            return
        obs = self.session.state.observation(self.session.viewer)
        odds = self.wire_odds(obs)
        if odds is not None:
            self.announce(reason_text(odds, self.words(obs)))

    def why_not(self, tile: tuple[int, int], aff: Affordances) -> str:
        """The engine's reason why this wire cannot be chosen now, in the player's words."""
        state, viewer = self.session.state, self.session.viewer
        assert viewer is not None
        mode = self.sel.mode
        probe: Action
        values = held_values(state, viewer) or (1,)
        use = mechanisms.use_of(self.sel)
        if mode == "pick":
            probe = redwire.Pick(viewer, *tile)
        elif mode == "token":
            probe = redwire.PlaceToken(viewer, *tile)
        elif use is not None and use.probe is not None:
            probe = use.probe(viewer, tile, self.sel, state.players)
        elif mode in CUT_MODES and mode != "cut":
            probe = detector_probe(state, viewer, tile, mode, values[0])
        else:
            probe = redwire.Cut(viewer, (tile,), (values[0],))
        try:
            state.check(probe)
        except IllegalActionError as error:
            return self.refusal_text(error)
        return self.t("rw.msg.notThisWire")

    def missing_text(self) -> str:
        sel = self.sel
        if sel.mode in CUT_MODES:
            if not sel.targets:
                return self.t("rw.msg.needWire")
            count = WIRES_OF_MODE.get(sel.mode, 1)
            if count > 1 and len(sel.targets) < count:
                return self.t("rw.msg.needWires", count=count)
            return self.t("rw.msg.needValue2" if sel.xy else "rw.msg.needValue")
        if sel.mode == "solo":
            return self.t("rw.msg.needValue")
        use = mechanisms.use_of(sel)
        return self.t(use.missing(sel) if use is not None else "rw.msg.needWire")

    def refusal_text(self, error: IllegalActionError) -> str:
        """The engine's refusal, translated by its reason code."""
        params = dict(error.params)
        obs = self.session.state.observation(self.session.viewer)
        w = self.words(obs)
        words: dict[str, object] = {}
        if "value" in params:
            words["value"] = w.value(params["value"])
        if "card" in params:
            words["card"] = params["card"]
            words["name"] = (
                w.card_name(params["card"])
                if params["card"] in mechanisms.CARD_USES
                else str(params["card"])
            )
        if "count" in params:
            words["count"] = params["count"]
        if "seat" in params:
            words["who"] = w.name(params["seat"])
        if "phase" in params:
            words["waiting"] = self.t(f"rw.waiting.{params['phase']}")
            words["expected"] = self.t(f"rw.expected.{params['phase']}")
        key = f"rw.reason.{error.reason.value}"
        if key not in self.ctx.catalog.messages.get("en", {}):
            return str(error)
        if isinstance(params.get("count"), int):
            return counted(self.ctx.catalog, key, params["count"], **words)
        return self.t(key, **words)

    # ------------------------------------------------------------------ files

    async def import_file(self, target: Any) -> None:
        text = await dom.read_file(target)
        if text is None:
            return
        try:
            self.session.import_text(text)
        except Exception:
            self.notices = [self.t("rw.transfer.bad")]
        else:
            self.notices = [self.t("rw.transfer.done")]
        self.draw_campaign()
        self.announce(self.notices[0])

    CLICKS: dict[str, Callable[[App, Any], None]] = {
        "campaign": act_campaign,
        "home": act_home,
        "continue": act_continue,
        "mission": act_mission,
        "begin": act_begin,
        "box-ask": act_box_ask,
        "box-open": act_box_open,
        "box-cancel": act_box_cancel,
        "handoff": act_handoff,
        "table": act_table,
        "tutorial": act_tutorial,
        "tutorial-skip": act_tutorial_skip,
        "replay-open": act_replay_open,
        "replay-step": act_replay_step,
        "replay-view": act_replay_view,
        "replay-close": act_replay_close,
        "option": act_option,
        "section": act_section,
        "link-start": act_link_start,
        "restore": act_restore,
        "link-keep": act_link_keep,
        "retry": act_retry,
        "next": act_next,
        "leave-ask": act_leave_ask,
        "leave": act_leave,
        "panel": PanelControls.act_panel,
        "close": PanelControls.act_close,
        "pace": BoardControls.act_pace,
        "pause": BoardControls.act_pause,
        "tile": act_tile,
        "value": act_value,
        "seat": act_seat,
        "mode": act_mode,
        "xy": act_xy,
        "use": act_use,
        "cancel": act_cancel,
        "hint": act_hint,
        "odds": act_odds,
        "prompt-more": act_prompt_more,
        "confirm": act_confirm,
    }


class BoardBots(ShellBoardBots):
    """Red Wire's board as the pacing loop sees it (``fusebox_web.shell.pacing``): a move is
    announced from the log entries it added."""

    app: App
    first = 0  # the log's length before the move

    def move(self, start: float) -> bool:
        self.first = len(self.app.session.state.log)
        # Saved when drawn or when the computers stop (the shell's ``BoardBots.shown`` and
        # ``thinking``): at the instant pace most moves are neither, and a page closed
        # meanwhile resumes at the last position it showed.
        return self.app.session.play_bot(save=False) is not None

    def announce(self) -> None:
        self.app.announce_last(self.first)


def detector_probe(
    state: redwire.GameState, viewer: int, tile: tuple[int, int], mode: str, value: int
) -> Action:
    """A detector's cut that points at ``tile`` (and, to make up its count, the stand's other
    uncut wires): its refusal says why a detector may not point there (an X wire...)."""

    stand, skip = tile[0], ignored(state)
    others = [
        (stand, slot)
        for slot, _ in state.uncut(stand)
        if (stand, slot) != tile and state.stands[stand][slot] not in skip
    ]
    count = WIRES_OF_MODE.get(mode)
    targets = (tile, *others) if count is None else (tile, *others[: count - 1])
    return redwire.Cut(viewer, tuple(sorted(targets)), (value,), mode)
