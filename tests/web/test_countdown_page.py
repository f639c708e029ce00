"""Countdown's page package in CPython: its pure rendering functions, words, links, session.

Positions come from real games (computers playing), so every kind of decision and event shows
up; the board is rendered for every viewer and checked against what that viewer may know.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import json
import re
from collections.abc import Iterator

import pytest
from fusebox_web.countdown import board, screens
from fusebox_web.countdown.board import BoardInput
from fusebox_web.countdown.links import Link, LinkError, link_query, parse_link
from fusebox_web.countdown.log_text import Note, bot_text, line, log_lines
from fusebox_web.countdown.session import Game, Session
from fusebox_web.countdown.storage import SAVES, MemoryStore
from fusebox_web.countdown.table import Table
from fusebox_web.countdown.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.core.events import SEER
from engine.countdown import GameState, Options, Phase, Reason, new_game
from engine.countdown.actions import (
    AlarmAgent,
    EndPlay,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.bots import KEYS, make_bot

PURE = ["links", "log_text", "page", "session", "storage", "table", "words"]
PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.mark.parametrize("name", PURE)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fusebox_web.countdown.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0 and attempted > 0


def positions(players: int, seed: int, options: Options | None = None) -> Iterator[GameState]:
    """Every state of a game between computers of every level."""
    game = new_game(players, seed, options=options)
    bots = [make_bot(("strong", "basic", "random")[k % 3], seed + k) for k in range(players)]
    while not game.is_over:
        yield game
        seat = game.to_move
        assert seat is not None
        game, _ = game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(seat)))
    yield game


def words(catalog: Catalog, players: int) -> Words:
    return Words(catalog, [catalog.t(f"cd.name.{k + 1}") for k in range(players)])


def board_input(
    state: GameState, viewer: int | None, catalog: Catalog, selected: tuple[int, ...] = ()
) -> BoardInput:
    obs = state.observation(viewer)
    w = words(catalog, state.players)
    legal = state.legal_actions(viewer) if viewer is not None else []
    return BoardInput(
        obs=obs,
        words=w,
        legal=legal,
        kinds=["human"] * state.players,
        lines=log_lines(obs["log"], w),
        selected=selected,
    )


def test_the_board_holds_only_what_its_viewer_may_know(catalog: Catalog) -> None:
    checked = 0
    for index, state in enumerate(positions(4, 7)):
        if index % 5:
            continue
        for viewer in (None, 0, 1, 2, 3):
            html = "".join(board.render(board_input(state, viewer, catalog)).values())
            hands = re.findall(r'data-testid="hand" data-seat="(\d)"', html)
            assert hands == ([] if viewer is None else [str(viewer)])
            # A face-down wire carries no colour; the viewer's own notes only.
            for position, up in enumerate(state.face_up):
                if not up and not state.is_over:
                    assert f'data-position="{position}" data-wire="down" data-colour' not in html
            notes = set(re.findall(r'data-note="(\d)"', html))
            known = {str(p) for p in state.knowledge[viewer]} if isinstance(viewer, int) else set()
            assert notes <= known
            if viewer is not None and not state.is_over:
                kinds = re.findall(r'data-act="card" data-index="\d+" data-kind="([a-z_]+)"', html)
                assert sorted(kinds) == sorted(state.hands[viewer])
            checked += 1
    assert checked > 40


def enabled(html: str, act: str) -> int:
    """How many buttons of ``act`` may be pressed (not aria-disabled)."""
    buttons = re.findall(rf'<button [^>]*data-act="{act}"[^>]*>', html)
    return sum("aria-disabled" not in found for found in buttons)


def test_the_dock_offers_exactly_the_legal_choices(catalog: Catalog) -> None:
    seen: set[str] = set()
    for seed in range(6):
        for state in positions(3 + seed % 3, 100 + seed):
            seat = state.to_move
            if seat is None:
                continue
            legal = state.legal_actions(seat)
            phase = state.phase.value
            inp = board_input(state, seat, catalog)
            dock = board.dock(inp)
            counts = {
                "analyze_pick": ("pick", PickWire),
                "bypass_pick": ("pick", PickWire),
                "cut_place": ("place", PlaceCut),
                "intercept_target": ("target", PickTarget),
                "intercept_card": ("take", TakeCard),
                "alarm_choice": ("alarm", AlarmAgent),
            }
            if phase in counts:
                act, kind = counts[phase]
                assert enabled(dock, act) == sum(isinstance(a, kind) for a in legal), phase
                seen.add(phase)
            elif phase == "play":
                assert enabled(dock, "end-play") == 1
                hand = list(state.hands[seat])
                for index, card in enumerate(hand):
                    one = board.dock(board_input(state, seat, catalog, selected=(index,)))
                    plays = sum(isinstance(a, PlayCard) and a.card == card for a in legal)
                    assert enabled(one, "play") == plays
                if len(hand) >= 2:
                    two = board.dock(board_input(state, seat, catalog, selected=(0, 1)))
                    pair = tuple(hand[:2])
                    wilds = sum(
                        isinstance(a, PlayWild) and sorted(a.cards) == sorted(pair) for a in legal
                    )
                    assert enabled(two, "wild") == wilds
                seen.add(phase)
            elif phase == "defuse":
                assert enabled(dock, "defuse") == 1 and enabled(dock, "no-defuse") == 1
                seen.add(phase)
            elif phase == "discard":
                count = state.pending.count
                wanted = tuple(range(count))
                assert (
                    enabled(
                        board.dock(board_input(state, seat, catalog, selected=wanted)), "discard"
                    )
                    == 1
                )
                assert enabled(dock, "discard") == 0
                seen.add(phase)
    assert {"play", "analyze_pick", "cut_place", "discard"} <= seen, seen


def test_every_event_and_reason_has_words_in_every_language(catalog: Catalog) -> None:
    """No line of the log, no computer's reason, no refusal falls back to a key or leaves a
    placeholder unfilled."""
    types: set[str] = set()
    for seed in range(8):
        *_, state = positions(
            2 + seed % 4, 300 + seed, Options(points=seed % 2 == 1, points_goal=3)
        )
        w = words(catalog, state.players)
        for viewer in (None, 0, SEER):
            for event in state.log:
                shown = line(event.view(viewer), w)
                types.add(event.type)
                assert "cd." not in shown.text and not PLACEHOLDER.search(shown.text), shown
    assert {"draw", "play", "analyze", "cut", "game_over", "turn", "round", "tick"} <= types
    english = catalog.messages["en"]
    for key, (params, _) in KEYS.items():
        assert f"cd.bot.{key}" in english, key
        note = Note(
            0,
            0,
            key,
            {
                p: (
                    "timer"
                    if p == "card"
                    else ["timer"]
                    if p == "cards"
                    else "red"
                    if p in ("colour", "old")
                    else 1
                )
                for p in params
            },
        )
        text = bot_text(note, words(catalog, 2))
        assert not PLACEHOLDER.search(text), (key, text)
    for reason in Reason:
        assert f"cd.reason.{reason.value}" in english, reason
    for phase in Phase:
        assert f"cd.doing.{phase.value}" in english, phase


def test_the_screens(catalog: Catalog) -> None:
    t = catalog.t
    table = Table.default().with_players(3).with_kinds(["human", "human", "bot"])
    html = screens.table_screen(
        t, screens.TableInput(table, [t(f"cd.name.{k}") for k in range(1, 6)])
    )
    assert html.count('data-act="seat-kind"') == 6 and 'data-act="start"' in html
    # Two choices for each option: the Points variant, the three rule options, memory play.
    assert html.count('data-act="option"') == 10
    state = list(positions(3, 9))[-1]
    w = words(catalog, 3)
    end = screens.end_screen(screens.EndInput(state.observation(SEER), w, [], ["human"] * 3))
    for colour in state.combination:
        assert f'data-colour="{colour}"' in end
    assert end.count('<li class="cd-end-player') == 3
    handoff = screens.handoff(w, 1, "reason", [])
    assert 'data-act="handoff"' in handoff and w.name(1) in handoff


def test_links() -> None:
    assert parse_link("?game=countdown&players=3&seed=5&first=2&points=1&memory=0") == Link(
        3, 5, None, None, None, 1, True, False
    )
    assert parse_link("?lang=it") is None
    for bad, key in (("?seed=x", "cd.link.seed"), ("?bots=9", "cd.link.bots"), ("?level=x", "cd.link.level"),
                     ("?pace=x", "cd.link.pace"), ("?players=3&first=4", "cd.link.first"), ("?points=maybe", "cd.link.flag.points")):  # fmt: skip
        found = parse_link(bad)
        assert isinstance(found, LinkError) and found.key == key, bad
    query = link_query(4, 77, first=2, points=True)
    assert parse_link(query) == Link(4, 77, None, None, None, 2, True, None)


def test_the_session_saves_resumes_and_sets_bad_saves_aside() -> None:
    store = MemoryStore()
    session = Session(store)
    session.table = (
        session.table.with_players(3)
        .with_kinds(["human", "bot", "bot"])
        .with_option("points", True)
    )
    session.start(seed=12)
    while session.bot_seat() is not None:
        session.play_bot()
    again = Session(store)
    again.load()
    assert again.game is not None and again.game.state.same_as(session.state)
    assert again.game.notes == session.game.notes  # type: ignore[union-attr]
    assert again.game.state.setup.options.points
    store.set(
        SAVES.key("game"),
        json.dumps({"format": "fusebox.countdown.game", "version": 1, "data": {"record": 1}}),
    )
    broken = Session(store)
    broken.load()
    assert broken.game is None and broken.problems == ["cd.storage.badGame"]
    assert any(k.startswith("fusebox.countdown.quarantine.game.") for k in store.items)
    with pytest.raises(ValueError):
        Game.from_json(
            {
                "table": Table.default().to_json(),
                "record": session.state.record.to_json(),
                "stage": "?",
            }
        )


def test_pass_and_play_hands_over_before_each_turn_and_each_siren_choice() -> None:
    session = Session(MemoryStore())
    session.table = session.table.with_players(3).with_kinds(["human", "human", "human"])
    state = session.start(seed=4).state
    seats_asked = []
    for _ in range(40):
        if session.game is None or not session.live:
            break
        seat = session.handoff
        if seat is not None:
            seats_asked.append(seat)
            assert session.viewer is None
            session.accept_handoff()
        viewer = session.viewer
        assert viewer is not None and viewer == session.state.to_move
        action = make_bot("basic", 1).choose(
            session.state.observation(viewer), session.state.legal_actions(viewer)
        )
        session.apply(action)
    assert len(seats_asked) >= 5
    assert all(a != b for a, b in itertools.pairwise(seats_asked))
    del state


def test_a_frisked_player_learns_at_their_next_turn_what_was_taken() -> None:
    session = Session(MemoryStore())
    session.table = session.table.with_players(2).with_kinds(["human", "human"])
    session.start(seed=1)
    # Play until seat 0 frisks seat 1 (driving both with the basic bot, frisking when possible).
    for _ in range(400):
        if not session.live:
            break
        if session.handoff is not None:
            session.accept_handoff()
        seat = session.state.to_move
        assert seat is not None
        legal = session.state.legal_actions(seat)
        frisk = [a for a in legal if isinstance(a, PlayCard) and a.card == "intercept"]
        action = (
            frisk[0]
            if frisk
            else make_bot("basic", 2).choose(session.state.observation(seat), legal)
        )
        session.apply(action)
        victims = [e.data["target"] for e in session.state.log if e.type == "intercept"]
        if victims:
            notices = session.notices(victims[0])
            assert notices and notices[0]["secret"]["took"]
            session.mark_seen(victims[0])
            assert session.notices(victims[0]) == []
            return
        if session.state.phase is Phase.PLAY and EndPlay(seat) in legal and not frisk:
            continue
    raise AssertionError("no Frisk in this game: this test checks nothing")


def test_the_table_offers_every_rule_option_of_the_engine() -> None:
    from fusebox_web.countdown.table import ENGINE_OPTIONS, OPTION_CHOICES

    from engine.countdown.options import BOOLEAN_OPTIONS

    assert set(ENGINE_OPTIONS) == set(BOOLEAN_OPTIONS)
    assert set(ENGINE_OPTIONS) <= set(OPTION_CHOICES)
    table = Table.default()
    for name in BOOLEAN_OPTIONS:
        # The table's default is the engine's (the spec's recommendation); the other value flips it.
        assert table.engine_options()[name] == getattr(Options(), name)
        flipped = table.with_option(name, not getattr(Options(), name)).engine_options()
        assert getattr(Options.from_json(flipped), name) is not getattr(Options(), name)


def test_a_card_taken_with_a_frisk_is_marked_when_it_must_wait(catalog: Catalog) -> None:
    from engine.countdown import explicit_setup, start

    setup = explicit_setup(
        players=2,
        first=0,
        combination=["red", "blue", "green", "yellow"],
        reserve=["red", "blue", "green", "yellow"],
        hands=[["intercept", "cut_red"], ["cut_red", "exit"]],
        deck=["reenter"] * 20,
        agents=[
            [{"out": True}, {"out": False}, {"out": False}, {"out": False}],
            [{"out": False}] * 4,
        ],
        options=Options(frisked_card_playable=False),
    )
    state = start(setup)
    state, _ = state.apply(PlayCard(0, "intercept", 0))
    state, _ = state.apply(TakeCard(0, "cut_red"))
    html = board.hand(board_input(state, 0, catalog))
    cards = re.findall(r'<button [^>]*data-kind="([a-z_]+)"[^>]*>(.*?)</button>', html)
    marked = [kind for kind, face in cards if "cd-locked" in face]
    assert marked == ["cut_red"] and [k for k, _ in cards].count("cut_red") == 2
    # The dock still offers the red Snip already held; the engine refuses the second one.
    dock = board.dock(board_input(state, 0, catalog, selected=(0,)))
    assert enabled(dock, "play") == 3


def test_computers_reasons_that_tell_private_things_wait_for_the_end(catalog: Catalog) -> None:
    """A person playing against computers never reads, while the game is on, a computer's
    reason built on what only its seat knows (its Scans and beliefs, the card it took with a
    Frisk); once the game is over, the log tells every reason."""
    from engine.countdown.bots.explanation import PRIVATE_KEYS

    w = words(catalog, 4)
    private_seen: set[str] = set()
    for seed in range(6):
        session = Session(MemoryStore())
        session.table = session.table.with_players(4).with_kinds(["human", "bot", "bot", "bot"])
        session.table = session.table.with_option("frisked_card_playable", True)
        session.start(seed=200 + seed)
        person = make_bot("basic", seed)
        while session.live:
            if session.bot_seat() is not None:
                session.play_bot()
            else:
                state = session.state
                seat = state.to_move
                assert seat == 0
                session.apply(person.choose(state.observation(0), state.legal_actions(0)))
            game = session.game
            assert game is not None
            secret = [bot_text(n, w) for n in game.notes if n.key in PRIVATE_KEYS]
            private_seen.update(n.key for n in game.notes if n.key in PRIVATE_KEYS)
            if session.live:
                obs = game.state.observation(0)
                shown = "\n".join(x.text for x in log_lines(obs["log"], w, game.notes))
                assert not [text for text in secret if text in shown]
        game = session.game
        assert game is not None
        everything = log_lines(game.state.observation(None)["log"], w, game.notes, reveal=True)
        assert len([x for x in everything if x.kind == "bot"]) == len(
            [n for n in game.notes if n.key != "only_choice"]
        )
    assert {"snip_known", "frisk_take", "no_defuse"} & private_seen, private_seen


def test_memory_play_keeps_no_note_of_a_scan(catalog: Catalog) -> None:
    """Memory play (spec §10.2.7): after the Scan, neither the board nor the log shows the
    colour; by default the notes panel and the log keep it for its owner."""
    from engine.countdown import explicit_setup, start

    setup = explicit_setup(
        players=2,
        first=0,
        combination=["red", "blue", "green", "yellow"],
        reserve=["red", "blue", "green", "yellow"],
        hands=[["analyze"], []],
        deck=["reenter"] * 20,
    )
    state = start(setup)
    state, _ = state.apply(PlayCard(0, "analyze", 0))
    state, _ = state.apply(PickWire(0, 2))
    obs = state.observation(0)
    w = words(catalog, 2)
    green = w.colour("green")
    for memory in (False, True):
        inp = BoardInput(
            obs=obs,
            words=w,
            legal=state.legal_actions(0),
            kinds=["human", "human"],
            lines=log_lines(obs["log"], w, memory=memory),
            memory=memory,
            panel="log",
        )
        html = "".join(board.render(inp).values())
        noted = 'data-note="2"' in html and green in html
        assert noted is not memory, memory
        assert 'data-testid="notes"' in html if not memory else 'data-testid="notes"' not in html


def test_memory_play_keeps_only_the_card_a_frisk_took(catalog: Catalog) -> None:
    w = words(catalog, 2)
    seen = {
        "type": "intercept",
        "seat": 0,
        "target": 1,
        "secret": {"hand": ["analyze", "cut_red", "timer"], "took": "cut_red"},
    }
    noted, remembered = line(seen, w).text, line(seen, w, memory=True).text
    assert w.card("timer") in noted and w.card("cut_red") in noted
    assert w.card("timer") not in remembered and w.card("cut_red") in remembered


#: A count of one said in the plural, in either language ("(1 cards)", "1 agenti fuori").
ONE_PLURAL = re.compile(r"\b1 (cards|agents|carte|agenti)\b")


def test_a_count_of_one_is_said_in_the_singular(catalog: Catalog) -> None:
    """The bomb's facts said "Discard pile: Sneak Back on top (1 cards)" from the first turn of
    every game, and the log "(1 agents out)": no board of computers' games says a count of one
    in the plural, and such counts were met."""
    met = set()
    for players, seed in ((2, 0), (3, 1), (4, 2), (5, 0)):
        for state in positions(players, seed):
            html = "".join(board.render(board_input(state, state.to_move, catalog)).values())
            assert not ONE_PLURAL.search(html), ONE_PLURAL.search(html)
            obs = state.observation(None)
            if len(obs["discard"]) == 1:
                met.add("discard")
            met |= {
                "mascot" for e in obs["log"] if e.get("type") == "mascot" and e.get("outside") == 1
            }
    assert met == {"discard", "mascot"}
