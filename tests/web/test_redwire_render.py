"""Board and screens as HTML: escaped names, no hidden wire of anyone else, no raw placeholder."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

import pytest
from fusebox_web.redwire import screens
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines, story
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.session import Session
from fusebox_web.redwire.storage import MemoryStore
from fusebox_web.redwire.table import Table
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine import redwire
from engine.redwire import Cut, GameState, Pick, Rewind
from engine.redwire.bots import make_bot
from tests.redwire.engine.helpers import fill_deal, game, play
from tests.web import board_page

NAMES = ['<i>"Ana"</i>&', "Bea & Co", "Carlo", "D'Arcy", "Eli"]
TILE = re.compile(r'<button([^>]*data-act="tile"[^>]*)>(.*?)</button>', re.S)
RAW = re.compile(r"\{\w+\}")


def words(catalog: Catalog, obs: Mapping[str, Any]) -> Words:
    return Words(catalog, NAMES[: obs["players"]], [s["owner"] for s in obs["stands"]])


def board_html(
    state: GameState, viewer: int | None, catalog: Catalog, panel: str | None = None
) -> str:
    return board_page.board_html(state, viewer, catalog, panel, NAMES)


def random_states(seed: int, count: int = 400) -> list[GameState]:
    rng = random.Random(seed)
    players = rng.choice(range(2, 6))
    state = redwire.new_game(rng.choice(range(1, 9)), players, seed)
    bots = [make_bot("random", seed + s) for s in range(players)]
    states = [state]
    while not state.is_over and len(states) < count:
        mover = state.to_move
        assert mover is not None
        state, _ = state.apply(
            bots[mover].choose(state.observation(mover), state.legal_actions(mover))
        )
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(6))
def test_the_board_holds_no_hidden_wire_of_another_seat(catalog: Catalog, seed: int) -> None:
    for state in random_states(seed)[::3]:
        viewer = state.to_move if state.to_move is not None else 0
        html = board_html(
            state, viewer, catalog, panel=random.Random(seed).choice([None, "log", "rules"])
        )
        assert "<i>" not in html and "&lt;i&gt;&quot;Ana&quot;&lt;/i&gt;&amp;" in html
        assert not RAW.search(html), RAW.search(html)
        for attributes, inner in TILE.findall(html):
            stand = int(re.search(r'data-stand="(\d+)"', attributes).group(1))  # type: ignore[union-attr]
            slot = int(re.search(r'data-slot="(\d+)"', attributes).group(1))  # type: ignore[union-attr]
            cut = state.cut[state.wire_id(stand, slot)]
            if state.owners[stand] != viewer and not cut:
                assert "rw-tile--back" in attributes and "rw-face" not in inner
            else:
                assert "rw-tile--back" not in attributes


@pytest.mark.parametrize("seed", range(6))
def test_every_event_and_action_reads_as_a_sentence(catalog: Catalog, seed: int) -> None:
    states = random_states(seed + 100)
    final = states[-1]
    seer = final.observation("seer")
    w = words(catalog, seer)
    lines = log_lines(seer["log"], w)
    assert lines and all(not RAW.search(line.text) for line in lines), lines
    for state in states[:-1]:
        mover = state.to_move
        assert mover is not None
        obs = state.observation(mover)
        w = words(catalog, obs)
        start = fresh(affordances(state, mover))
        for action in state.legal_actions(mover)[:40]:
            text = confirm_text(action, w, obs)
            assert text and not RAW.search(text), (action, text)
            assert selection_of(action, start).mode
    if final.is_over:
        html = screens.end(seer, w, "T", lines, story(lines), "Bea", True)
        assert not RAW.search(html)
        expected = "won" if final.result == "won" else "boom"
        assert catalog.t(f"rw.end.{expected}").replace("&", "&amp;").replace("'", "&#x27;") in html


def test_handoff_screen_is_public_only(catalog: Catalog) -> None:
    s = Session(MemoryStore())
    s.table = Table.default().with_players(2).with_kinds(["human", "human"])
    s.start(mission=1, seed=5)
    s.begin()
    public = s.state.observation(None)
    w = words(catalog, public)
    html = screens.handoff(w, s.handoff or 0, "reason", log_lines(public["log"], w))
    assert "rw-tile" not in html and 'data-act="tile"' not in html
    assert "<i>" not in html


def test_a_mission_that_needs_the_box_is_listed_with_why_and_cannot_be_started(
    catalog: Catalog,
) -> None:
    """Mission 66 (its bunker map and audio track are in no source of ours): in its box, after
    the missions that ship, with the sentence saying why, and nothing to press."""
    boxed = redwire.missions.boxed_missions()
    assert 66 in boxed and not set(boxed) & set(screens.MISSIONS)
    titles = {m: redwire.load_mission(m).title["en"] for m in screens.MISSIONS}
    inp = screens.CampaignInput(
        redwire.campaign.Campaign(),
        Table.default(),
        titles,
        dict.fromkeys(screens.MISSIONS, "Summary"),
        [catalog.t(f"rw.name.{n}") for n in range(1, 6)],
        [],
        frozenset(),
        None,
        catalog,
        boxed={m: (b.title["en"], b.needs["en"]) for m, b in boxed.items()},
    )
    html = screens.campaign(catalog.t, inp)
    card = re.search(
        r'<div class="rw-mission-card is-boxed"[^>]*data-testid="mission-66".*?</div>', html
    )
    assert card is not None, "mission 66 is not listed"
    assert "The Final Countdown" in card.group() and "bunker map" in card.group()
    assert catalog.t("rw.campaign.needsBox") in card.group()
    assert "data-act" not in card.group() and "<button" not in card.group()
    last_box = html[html.index('data-testid="box-55"') :]
    shipped = [int(n) for n in re.findall(r'data-mission="(\d+)"', last_box)]
    assert last_box.index('data-testid="mission-66"') > last_box.index(
        f'data-testid="mission-{max(shipped)}"'
    )
    assert html.count('data-act="mission"') == len(screens.MISSIONS)


def test_campaign_and_briefing_screens(catalog: Catalog) -> None:
    table = Table.default().with_seat(0, name=NAMES[0])
    inp = screens.CampaignInput(
        redwire.campaign.Campaign().finished(1, 3, 0, won=True, assisted=True),
        table,
        {m: f"Title {m}" for m in range(1, 9)},
        dict.fromkeys(range(1, 9), "Summary"),
        [catalog.t(f"rw.name.{n}") for n in range(1, 6)],
        [],
        frozenset({"variants", "transfer"}),
        "blob:x",
        catalog,
        [
            screens.SetAside(
                "fusebox.redwire.quarantine.game.1",
                "game",
                "<today>",
                "rw.saved.why.newer",
                "blob:y",
            )
        ],
        0,
    )
    html = screens.campaign(catalog.t, inp)
    assert not RAW.search(html)
    # The table's names are the players' own text: escaped, never markup.
    assert "&lt;i&gt;&quot;Ana&quot;&lt;/i&gt;&amp;" in html and "<i>" not in html
    assert "&lt;today&gt;" in html and 'data-act="restore"' in html
    assert html.count('data-act="mission"') == len(screens.MISSIONS)
    assert catalog.t("rw.campaign.assisted") in html
    state = redwire.new_game(8, 4, 1)
    obs = state.observation(None)
    brief = screens.briefing(obs, words(catalog, obs), ["human", "bot", "bot", "bot"], "T", "A\nB")
    assert not RAW.search(brief) and brief.count("<li>") >= 4


def test_the_end_screen_counts_a_mistake_the_rewind_took_back(catalog: Catalog) -> None:
    """A miss moves the detonator, the Rewind card moves it back: the dial is where it started,
    but the mistake was made (the end screen lists it under "Where it went wrong"), so the
    summary says "Mistakes: 1", not 0 (seen in mission 43: a miss at turn 17, then a Rewind)."""
    # Mission 4's deal of the equipment tests: seat 0 holds one wire of each value, seat 1 too.
    fixed = {
        0: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "3.1"],
        1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "7.5"],
    }
    stands = fill_deal(4, 4, 0, fixed, red=["7.5"], yellow=["3.1", "8.1"])
    state = game(4, 4, stands, equipment=[1, 2, 6, 8])
    state, _ = play(state, Cut(0, ((1, 5),), (6,)), Pick(0, 0, 6))  # two 6s: the Rewind opens
    assert state.to_move == 1
    state, _ = play(state, Cut(1, ((2, 0),), (2,)))  # a 1: a miss, the dial 4 -> 3
    state, _ = play(state, Rewind(0))  # back to 4
    seer = state.observation("seer")
    assert seer["dial"]["left"] == seer["dial"]["start"]
    w = Words(catalog, board_page.NAMES[:4], [st["owner"] for st in seer["stands"]])
    html = screens.end(seer, w, "T", [], [], "Bea", True)
    turns = seer["turn_number"]
    summary = catalog.t(
        "rw.end.summary", mission=seer["mission"], title="T", turns=turns, mistakes=1
    )
    assert esc(summary) in html


def test_wires_of_a_two_stand_teammate_say_which_stand(catalog: Catalog) -> None:
    """Two players hold two stands each, and a detector may point at wires on both (the
    Italian rulebook's default scope): the log said "Ana uses the Triple Scanner on Carlo's wires
    1, 2 and 1" (mission 31, two players, seed 1), two wires 1 and no stand. Each wire now says
    its stand, and wires all on one stand say that stand once."""
    w = Words(catalog, ["Ana", "Bea"], [0, 0, 1, 1])
    across = w.wires_of([(2, 0), (2, 1), (3, 0)])
    on = catalog.t("rw.wireOn", wire=1, stand=2)
    assert on in across and catalog.t("rw.wireOn", wire=2, stand=1) in across
    assert across == catalog.t(
        "rw.whereMany",
        name="Bea",
        wires=w.listing(
            [catalog.t("rw.wireOn", wire=1, stand=1), catalog.t("rw.wireOn", wire=2, stand=1), on]
        ),
    )
    one = w.wires_of([(3, 4), (3, 6)])
    assert one == catalog.t("rw.whereManyOn", name="Bea", wires=w.listing(["5", "7"]), stand=2)
    # One stand each: as before.
    three = Words(catalog, ["Ana", "Bea", "Carlo"], [0, 1, 2])
    assert three.wires_of([(1, 0), (1, 3)]) == catalog.t(
        "rw.whereMany", name="Bea", wires=three.listing(["1", "4"])
    )


def test_the_end_screens_stand_headings_start_with_a_capital(catalog: Catalog) -> None:
    """The end screen's whole deal heads each stand with its name: in Italian it read
    "portatessere di Anna" (the phrase the wires' spoken names use, mid-sentence); as a heading
    it starts with a capital, "Portatessere di Anna", in every language."""
    state = redwire.new_game(1, 3, 5)
    bots = [make_bot("expert", k) for k in range(3)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(
            bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        )
    seer = state.observation("seer")
    w = Words(catalog, board_page.NAMES[:3], [st["owner"] for st in seer["stands"]])
    html = screens.end(seer, w, "T", [], [], "Bea", True)
    headings = re.findall(r'<p class="rw-name">([^<]*)</p>', html)
    assert len(headings) == len(seer["stands"]), headings
    assert all(h[:1].isupper() for h in headings), headings
