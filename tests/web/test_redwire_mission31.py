"""Mission 31 and the new characters on the page (in CPython): the table screen's characters
reach the engine, every state draws and reads as sentences (no raw key, nothing hidden of
another seat), the constraint cards and the personal equipment are offered by the dock's
buttons and built into the engine's actions, and the computers' choice is said in the log."""

from __future__ import annotations

import random
import re

import pytest
from fusebox_web.redwire import screens
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import explain, log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now, chosen
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.session import Session
from fusebox_web.redwire.storage import MemoryStore
from fusebox_web.redwire.table import Table, rule_options
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire.bots import make_bot
from engine.redwire.mechanisms import constraints, new_characters
from engine.redwire.mechanisms.constraints import ChooseConstraint
from engine.redwire.mechanisms.new_characters import OwnRadar, OwnWalkie
from tests.web import board_page
from tests.web.board_page import NAMES

RAW = re.compile(r"\{\w+\}")


def session(kinds: list[str], characters: list[str], seed: int = 3) -> Session:
    s = Session(MemoryStore())
    table = Table.default().with_players(len(kinds)).with_kinds(kinds)
    for seat, character in enumerate(characters):
        table = table.with_option(f"character_{seat}", character)
    s.table = table
    s.start(mission=31, seed=seed, captain=0)
    return s


def test_the_table_screen_characters_reach_the_game() -> None:
    s = session(["human", "human", "bot", "human"], ["E4", "E1", "dd", "E2"])
    obs = s.state.observation(None)
    got = [new_characters.character_in(obs, seat) for seat in range(4)]
    assert got[0] == "dd" and got[1] == "E1" and got[3] == "E2"  # the captain keeps the DD
    assert got[2] == "E3"  # the computer's own choice, said in the log
    game = s.game
    assert game is not None
    assert [n.key for n in game.notes] == ["character_triple"] and game.notes[0].seat == 2
    assert rule_options(s.table.options) == {}


def test_the_choice_of_a_card_and_the_personal_equipment_in_the_dock(catalog: Catalog) -> None:
    s = session(["human"] * 4, ["dd", "E1", "E2", "E3"])
    state = s.state
    assert state.phase.value == "constraint_choose" and state.to_move == 0
    offered = cards_now(state, 0, own_turn=True)
    assert {k for k in offered if str(k).startswith("constraint_")} == {
        f"constraint_{c}" for c in "ABCDE"
    }
    assert "own_radar" in cards_now(state, 1, own_turn=False)  # any time, a teammate's turn
    assert "own_walkie" not in cards_now(state, 2, own_turn=False)  # once the turns have begun
    use = ACTION_USES["constraint_C"]
    aff = affordances(state, 0)
    sel = selection_of(ChooseConstraint(0, "C"), fresh(aff))
    assert sel.mode == "constraint_C" and build(sel, 0) == ChooseConstraint(0, "C")
    assert use.button
    radar = OwnRadar(1, 7)
    sel = selection_of(radar, fresh(affordances(state, 1)))
    assert sel.mode == "own_radar" and build(sel, 1) == radar
    assert chosen(OwnWalkie(2, 2, 0, 1)) == {
        "mode": "own_walkie",
        "targets": ((2, 0),),
        "seats": (1,),
    }
    obs = state.observation(0)
    w = Words(catalog, NAMES[:4], [st["owner"] for st in obs["stands"]])
    text = confirm_text(ChooseConstraint(0, "A"), w, obs)
    assert text == catalog.t("rw.confirm.constraint", card=f"A: {catalog.t('rw.constraint.A')}")
    html = board_html(s, 0, catalog)
    assert 'data-testid="constraints"' in html and 'data-testid="characters"' in html
    assert 'data-testid="character-badge-1"' in html and catalog.t("rw.character.E1") in html


def board_html(s: Session, viewer: int, catalog: Catalog) -> str:
    return board_page.board_html(s.state, viewer, catalog)


@pytest.mark.parametrize("seed", range(4))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice(range(2, 6))
    picks = [rng.choice(["dd", "E1", "E2", "E3", "E4"]) for _ in range(players)]
    s = session(["human"] * players, picks, seed)
    state = s.state
    bots = [make_bot("random", seed * 10 + k) for k in range(players)]
    for step in range(300):
        if state.is_over:
            break
        mover = state.to_move
        assert mover is not None
        obs = state.observation(mover)
        w = Words(catalog, NAMES[:players], [st["owner"] for st in obs["stands"]])
        if step % 5 == 0:
            assert s.game is not None
            s.game.state = state
            html = board_html(s, mover, catalog)
            assert not RAW.search(html), RAW.search(html)
        legal = state.legal_actions(mover)
        start = fresh(affordances(state, mover))
        for action in legal[:40]:
            text = confirm_text(action, w, obs)
            assert text and not RAW.search(text), (action, text)
            assert selection_of(action, start).mode
        state, _ = state.apply(bots[mover].choose(obs, legal))
    seer = state.observation("seer")
    w = Words(catalog, NAMES[:players], [st["owner"] for st in seer["stands"]])
    lines = log_lines(seer["log"], w)
    assert lines and all(not RAW.search(line.text) for line in lines)
    assert constraints.view(seer) is not None


def test_the_computers_reasons_read_in_each_language(catalog: Catalog) -> None:
    s = session(["human", "bot", "bot"], [], 5)
    w = Words(catalog, NAMES[:3], [st["owner"] for st in s.state.observation(None)["stands"]])
    game = s.game
    assert game is not None and len(game.notes) == 2
    for note in game.notes:
        assert not RAW.search(explain(note, w))


def test_the_log_names_a_used_triple_scanner_as_the_character_not_my(catalog: Catalog) -> None:
    """The Triple Scanner (E3) is "My Triple Scanner" on its owner's own buttons; the log says
    it of whoever used it: "Bea uses the Triple Scanner (E3) on ...", never "the My Triple
    Scanner" (in Italian "Bea, Il mio Scanner triplo"), for the table and for its owner."""
    s = session(["human"] * 3, ["dd", "E3", "dd"], 4)
    state = s.state
    bots = [make_bot("cautious", k) for k in range(3)]
    for _ in range(200):
        mover = state.to_move
        assert mover is not None and not state.is_over
        legal = state.legal_actions(mover)
        scans = [a for a in legal if getattr(a, "tool", None) == new_characters.TRIPLE]
        if scans:
            state, _ = state.apply(scans[0])
            break
        state, _ = state.apply(bots[mover].choose(state.observation(mover), legal))
    else:
        raise AssertionError("the Triple Scanner was never usable")
    character = catalog.t("rw.character.E3")
    own = catalog.t("rw.tool.own_triple")
    for viewer in ("seer", 1):
        obs = state.observation(viewer)
        w = Words(catalog, NAMES[:3], [st["owner"] for st in obs["stands"]])
        used = [line.text for line in log_lines(obs["log"], w) if character in line.text]
        assert used, f"no log line names the {character}"
        assert not [line.text for line in log_lines(obs["log"], w) if own in line.text]


#: The missions whose card forbids the Either-Or Ray (E4): urls.allowed_characters.
NO_E4 = (44, 45, 47, 49, 51, 54, 59, 63, 65)


@pytest.mark.parametrize("mission", NO_E4)
def test_a_table_pick_the_mission_forbids_is_said_at_the_start(
    catalog: Catalog, mission: int
) -> None:
    """A person's character from the table screen stays chosen from one mission to the next;
    when the next mission forbids it (E4), the seat plays with the Double Detector, and the
    briefing and the log's first lines say so, naming the seat and both characters (before:
    swapped without a word). The captain's Double Detector is the rules' own: not said."""
    s = Session(MemoryStore())
    table = Table.default().with_players(3).with_kinds(["human", "human", "bot"])
    s.table = table.with_option("character_0", "E4").with_option("character_1", "E4")
    s.start(mission=mission, seed=3, captain=0)
    game = s.game
    assert game is not None
    obs = s.state.observation(None)
    assert new_characters.character_in(obs, 1) == "dd"
    w = Words(catalog, list(NAMES[:3]), [st["owner"] for st in obs["stands"]])
    [note] = [n for n in game.notes if n.key == "character_given_back"]
    said = explain(note, w)
    e4 = catalog.t("rw.character.E4")
    assert NAMES[1] in said and e4 in said and str(mission) in said and NAMES[0] not in said
    assert catalog.t("rw.character.dd") in said
    assert not RAW.search(said)
    lines = [line.text for line in log_lines(obs["log"], w, game.notes)]
    assert said in lines[:3]
    brief = screens.briefing(obs, w, table.seat_kinds(), "T", "R", [said])
    assert esc(said) in brief
    # Kept with the game: a reload says it again; mission 31 allows E4, so nothing is said.
    again = Session(s.store)
    again.load()
    assert again.game is not None and note in again.game.notes
    s.start(mission=31, seed=3, captain=0)
    assert s.game is not None and not [n for n in s.game.notes if n.key == note.key]
