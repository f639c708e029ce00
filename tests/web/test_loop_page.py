"""Loop the Loop's page, outside the browser: screens as HTML (escaped, translated, nothing hidden
from the viewer), the log and the computers' reasons in words, what the board offers, links and
saves."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fusebox_web.loop import render
from fusebox_web.loop.choices import choices, placement_order
from fusebox_web.loop.home import peek
from fusebox_web.loop.session import Game, Session
from fusebox_web.loop.storage import SAVES, MemoryStore
from fusebox_web.loop.urls import Link, LinkError, link_query, parse_link
from fusebox_web.loop.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.core.events import SEER
from engine.loop import Assign, Declare, DeclareFree, GameState, Options, Reason, Roll, new_game
from engine.loop.bots import KEYS, make_bot

NAMES = ['<i>"Ana"</i>&', "Bea & Co", "Carlo", "D'Arcy", "Eli", "Fè"]
RAW = re.compile(r"\{\w+\}")
DATA_CARD = re.compile(r'data-card="([^"]+)"')


def states(players: int, seed: int) -> Iterator[GameState]:
    """Every state of a game played by basic bots (a round limit keeps it short)."""
    state = new_game(players, seed, options=Options(max_rounds=12))
    bots = [make_bot("basic", seat) for seat in range(players)]
    while True:
        yield state
        if state.is_over:
            return
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(
            bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        )


def words(catalog: Catalog, obs: dict[str, Any]) -> Words:
    return Words(catalog, NAMES[: obs["players"]], {c["id"]: c for c in obs["cards"]})


def board_html(state: GameState, viewer: int | None, catalog: Catalog) -> str:
    obs = state.observation(viewer)
    w = words(catalog, obs)
    legal = state.legal_actions(viewer) if viewer is not None else []
    first = legal[0] if legal else None
    selected = frozenset(getattr(first, "cards", ()) or ())
    inp = render.BoardInput(
        obs=obs,
        words=w,
        choices=choices(obs, legal, selected),
        kinds=["human", "bot", "human", "bot", "human", "bot"][: state.players],
        selected=selected,
        lines=[w.line(e) for e in state.log_view(viewer)],
        odds_text="x",
        log_open=True,
        full_log=[w.line(e) for e in state.log_view(viewer)],
    )
    return render.skeleton() + "".join(render.board(inp).values())


def test_the_board_holds_only_what_its_viewer_may_see(catalog: Catalog) -> None:
    checked = 0
    for n, state in enumerate(states(4, 17)):
        if n % 7:
            continue
        for viewer in (None, *range(state.players)):
            html = board_html(state, viewer, catalog)
            shown = set(DATA_CARD.findall(html))
            for seat in range(state.players):
                if seat != viewer:
                    assert not shown & set(state.hands[seat]), (n, viewer, seat)
            assert not RAW.search(html), RAW.search(html)
            assert "<i>" not in html and "&lt;i&gt;&quot;Ana&quot;&lt;/i&gt;&amp;" in html
            checked += 1
    assert checked > 60


def test_the_handoff_and_end_screens(catalog: Catalog) -> None:
    final = None
    for state in states(3, 4):
        final = state
        public = state.observation(None)
        w = words(catalog, public)
        html = render.handoff_screen(w, 1, [w.line(e) for e in state.log_view(None)][-5:])
        every_hand = {c for hand in state.hands for c in hand}
        assert not every_hand & set(DATA_CARD.findall(html))
        assert not RAW.search(html)
    assert final is not None and final.is_over
    seer = final.observation(SEER)
    w = words(catalog, seer)
    html = render.end_screen(w, seer, [w.line(e) for e in final.log_view(SEER)])
    assert not RAW.search(html) and 'data-testid="lp-scores"' in html
    for score in seer["result"]["scores"]:
        assert f">{score}<" in html


def test_every_event_and_every_reason_has_words(catalog: Catalog) -> None:
    seen: set[str] = set()
    for state in states(5, 8):
        w = words(catalog, state.observation(SEER))
        for event in state.log_view(SEER)[-12:]:
            seen.add(event["type"])
            line = w.line(event)
            assert (line == "") == (event["type"] == "stop"), event
            assert not RAW.search(line), (event, line)
    assert {"deal", "turn", "draw", "declare", "roll", "assign", "flight_end", "registered"} <= seen
    w = Words(catalog, NAMES)
    for key in KEYS:
        params: dict[str, object] = {"plan": "heron", "card": "red7a", "cards": ["red7a"]}
        params |= {"dice": [4, 5], "deck": "A", "color": "red", "percent": 41, "points": 6.2}
        params |= {"count": 2, "kind": "roll"}
        assert not RAW.search(w.why(key, params)), key
    for reason in Reason:
        text = w.refusal(
            reason.value,
            {
                "plan": "heron",
                "card": "red7a",
                "old": "red5a",
                "seat": 1,
                "count": 2,
                "total": 24,
                "dice": 7,
                "deck": "A",
                "difficulty": 9,
                "phase": "turn",
                "detail": "x",
            },
            "English",
        )
        assert text != "English" and not RAW.search(text), reason


def test_placements_are_offered_exact_first_with_the_fewest_dice() -> None:
    dice = [(6, 6), (3, 6), (1, 3, 5), (4, 5), (5, 6), (4, 6)]
    order = placement_order([Assign(0, "blue9a", d) for d in dice], {"blue9a": 9})
    assert [a.dice for a in order] == [(3, 6), (4, 5), (1, 3, 5), (4, 6), (5, 6), (6, 6)]


def test_the_board_offers_the_declaration_the_selection_makes() -> None:
    state = new_game(2, 5, first=0)
    obs = state.observation(0)
    legal = state.legal_actions(0)
    declare = next(a for a in legal if isinstance(a, Declare))
    offer = choices(obs, legal, frozenset(declare.cards))
    assert offer.fly == {declare.plan: declare}
    assert choices(obs, legal, frozenset()).fly == {}
    assert set(offer.selectable) == set(state.hands[0])
    assert choices(obs, state.legal_actions(1)).phase is None


def test_game_links() -> None:
    assert parse_link("?game=loop&players=4&seed=7&bots=all") == Link(4, 7, "all")
    assert parse_link("?lang=it") is None
    link = parse_link("?game=loop&players=3&first=2&record=own&seventh=before&rounds=9&odds=1")
    assert isinstance(link, Link) and link.first == 1 and link.rounds == 9 and link.odds
    assert link.options == {"record_bonus": "own", "seventh_die_timing": "before_roll"}
    for bad, key in (
        ("players=1", "lp.link.players"),
        ("seed=-3", "lp.link.seed"),
        ("bots=2", "lp.link.bots"),
        ("level=expert", "lp.link.level"),
        ("players=2&first=3", "lp.link.first"),
        ("record=mine", "lp.link.option.record"),
    ):
        found = parse_link(f"?game=loop&{bad}")
        assert isinstance(found, LinkError) and found.key == key, bad
    # Without players= the table's count decides whether the first seat is one of its seats.
    alone = parse_link("?game=loop&first=6")
    assert isinstance(alone, Link) and alone.check(6) is None
    refused = alone.check(4)
    assert isinstance(refused, LinkError) and refused.key == "lp.link.first"
    query = link_query(5, 123, 4, {"record_bonus": "own", "fly_existing": False})
    again = parse_link(query)
    assert isinstance(again, Link) and (again.players, again.seed, again.first) == (5, 123, 4)
    assert again.options == {"record_bonus": "own"}


def test_a_session_saves_every_move_and_resumes_with_the_same_dice() -> None:
    store = MemoryStore()
    session = Session(store)
    session.table = session.table.with_players(2).with_kinds(["human", "bot"])
    game = session.start(seed=9, first=0)
    seat = game.state.to_move
    assert (seat, session.viewer, session.handoff) == (0, 0, None)
    session.apply(next(a for a in game.state.legal_actions(0) if isinstance(a, Declare)))
    session.apply(Roll(0))
    dice = session.state.flight.roll  # type: ignore[union-attr]
    assert peek(store) == {"round": 1, "to_move": 0, "over": False}
    again = Session(store)
    again.load()
    assert again.game is not None and again.state.same_as(session.state)
    assert again.state.flight.roll == dice  # type: ignore[union-attr]
    while again.state.to_move == 0 and not again.state.is_over:
        again.apply(again.state.legal_actions(0)[0])
    note = again.play_bot()
    assert note is not None and note.key in KEYS and note.seat == 1
    third = Session(store)
    third.load()
    assert third.game is not None and third.game.notes[-1] == note


def test_a_damaged_save_is_set_aside_and_said() -> None:
    store = MemoryStore()
    SAVES.write(store, "game", {"record": {"format": "fusebox.loop.record", "version": 1}})
    store.set("fusebox.loop.table", "{oops")
    session = Session(store)
    session.load()
    assert session.game is None
    assert session.problems == ["lp.storage.tableDamaged", "lp.storage.gameDamaged"]
    assert sorted(store.keys()) == [
        "fusebox.loop.quarantine",  # the index: when and why each value was set aside
        "fusebox.loop.quarantine.game.1",
        "fusebox.loop.quarantine.table.1",
    ]
    assert store.get("fusebox.loop.quarantine.table.1") == "{oops"
    assert sorted(q.kind for q in SAVES.quarantined(store)) == ["game", "table"]


def test_pass_and_play_asks_for_the_device_before_showing_a_hand() -> None:
    session = Session(MemoryStore())
    session.table = session.table.with_players(3).with_kinds(["human", "human", "bot"])
    game = session.start(seed=2, first=1)
    assert (session.handoff, session.viewer) == (1, None)
    session.accept_handoff()
    assert session.viewer == 1
    raw = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(raw).device.holder == 1
    with pytest.raises(ValueError, match="no seat 7"):
        Game.from_json({**raw, "holder": 7})


def test_the_free_flight_is_declared_and_highlighted_from_the_board(catalog: Catalog) -> None:
    declared = highlighted = False
    for state in states(2, 3):
        seat = state.to_move
        if seat is None:
            continue
        legal = state.legal_actions(seat)
        obs = state.observation(seat)
        w = words(catalog, obs)
        free = next((a for a in legal if isinstance(a, DeclareFree)), None)
        if free is not None:
            offer = choices(obs, legal, frozenset(free.cards))
            assert offer.free == free and offer.can_free
            inp = render.BoardInput(obs=obs, words=w, choices=offer, kinds=["human", "bot"])
            dock = render.board(inp)["dock"]
            assert 'data-act="free"' in dock and 'data-act="free" disabled' not in dock
            declared = True
        if obs["phase"] == "highlight":
            offer = choices(obs, legal)
            inp = render.BoardInput(obs=obs, words=w, choices=offer, kinds=["human", "bot"])
            dock = render.board(inp)["dock"]
            assert dock.count('data-act="highlight"') == len(obs["seats"][seat]["free_plan"])
            highlighted = True
    assert declared and highlighted


#: A count of one said in the plural, in either language ("1 tokens", "1 segnalini", "1 dice").
ONE_PLURAL = re.compile(r"\b1 (tokens|points|dice|bonus tokens|segnalini|punti|dadi)\b")


def test_a_count_of_one_is_said_in_the_singular(catalog: Catalog) -> None:
    """The pilots' cards showed "1 tokens" ("1 segnalini") and the log "(1 dice left)" and "1
    points": every board and log line of a game says a count of one in the singular."""
    ones = {"tokens": False, "pool": False}
    for state in states(4, 2):
        obs = state.observation(None)
        html = board_html(state, None, catalog)
        assert not ONE_PLURAL.search(html), ONE_PLURAL.search(html)
        ones["tokens"] |= any(seat["tokens"] == 1 for seat in obs["seats"])
        w = words(catalog, obs)
        for event in state.log_view(None):
            line = w.line(event)
            assert not ONE_PLURAL.search(line), line
            ones["pool"] |= event.get("type") == "assign" and event.get("pool") == 1
    assert ones == {"tokens": True, "pool": True}, "the game never showed a count of one"
