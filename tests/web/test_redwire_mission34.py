"""Mission 34 on the page (in CPython): each seat's board holds its own hidden cards and never
another seat's (the spectator's none); the accusation is one dock button per card, then a seat
to name, built into the engine's action with its confirm sentence; the stuck weak spot's
button; every outcome is said in words in each language; every state draws."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, Pick
from engine.redwire.mechanisms.constraints import CARDS
from engine.redwire.mechanisms.weakest_link import Accuse, WeakLinkStuck
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import fill_deal, game
from tests.web.board_page import NAMES, board_html, walk_drawing

LETTERS = ["B", "A", "C", "D"]


def m34(stands: list[list[str]]) -> GameState:
    parts = {
        "weakest_link": {"link": 1, "cards": LETTERS},
        "equipment": {"cards": [1, 4, 8, 9]},
    }
    return game(34, 4, stands, parts=parts, red_markers=["4.5"])


def words(state: GameState, viewer: int, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    return obs, Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_each_board_shows_only_its_own_hidden_cards(catalog: Catalog) -> None:
    state = m34(fill_deal(34, 4, 0, {1: list(range(1, 13))}, red=["4.5"]))
    for seat in range(4):
        html = board_html(state, seat, catalog)
        assert html.count('data-testid="weak-mine"') == 1
        assert f'data-card="{LETTERS[seat]}"' in html
        assert f'data-link="{"true" if seat == 1 else "false"}"' in html
        for other in set(LETTERS) - {LETTERS[seat]}:  # another seat's card is nowhere
            assert f'data-card="{other}"' not in html
            assert esc_rule(catalog, other) not in html
    spectator = board_html(state, None, catalog)
    assert 'data-testid="weak-mine"' not in spectator and 'data-testid="weak-hidden"' in spectator
    assert not any(f'data-card="{c}"' in spectator for c in LETTERS)


def esc_rule(catalog: Catalog, letter: str) -> str:
    return catalog.t(f"rw.constraint.{letter}")


def test_the_accusation_is_a_card_button_then_a_seat(catalog: Catalog) -> None:
    state = m34(fill_deal(34, 4, 0, {1: list(range(1, 13))}, red=["4.5"]))
    offered = cards_now(state, 0, own_turn=True)
    assert {f"weakest_accuse_{c}" for c in "ABCDE"} <= set(offered)
    assert offered["weakest_accuse_A"] == [1, 2, 3]  # never oneself
    assert all(ACTION_USES[f"weakest_accuse_{c}"].button for c in "ABCDE")
    action = Accuse(0, 1, "A")
    sel = selection_of(action, fresh(affordances(state, 0)))
    assert sel.mode == "weakest_accuse_A" and build(sel, 0) == action
    obs, w = words(state, 0, catalog)
    assert confirm_text(action, w, obs) == catalog.t(
        "rw.confirm.weakest_accuse",
        who=w.name(1),
        card=catalog.t("rw.constraint.card", letter="A", rule=catalog.t("rw.constraint.A")),
    )
    html = board_html(state, 0, catalog)
    assert catalog.t("rw.act.weakest_accuse_A") in html
    # The weak spot himself has no accusation (only he sees his own board).
    assert not any(str(k).startswith("weakest_accuse") for k in cards_now(state, 1, own_turn=True))
    wrong, _ = state.apply(Accuse(0, 2, "A"))
    obs, w = words(wrong, 3, catalog)
    said = catalog.t("rw.log.weakWrong", who=w.name(0), named=w.name(2), letter="A")
    assert said in {line.text for line in log_lines(obs["log"], w)}
    assert 'data-testid="weak-wrong"' in board_html(wrong, 3, catalog)
    right, _ = state.apply(Accuse(0, 1, "A"))
    obs, w = words(right, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.weakRight", who=w.name(0), named=w.name(1), letter="A") in texts
    html = board_html(right, 2, catalog)
    assert 'data-stage="revealed"' in html and all(f"{CARDS[c].letter}:" in html for c in LETTERS)


def test_the_stuck_weak_spot_has_one_button_and_it_is_said(catalog: Catalog) -> None:
    state = m34(fill_deal(34, 4, 0, {1: [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11]}, red=["4.5"]))
    state, _ = state.apply(Cut(0, ((1, 0),), (1,)))
    while state.to_move == 0:
        state, _ = state.apply(next(a for a in state.legal_actions(0) if isinstance(a, Pick)))
    assert "weakest_stuck" in cards_now(state, 1, own_turn=True)
    sel = selection_of(WeakLinkStuck(1), fresh(affordances(state, 1)))
    assert build(sel, 1) == WeakLinkStuck(1)
    obs, w = words(state, 1, catalog)
    assert confirm_text(WeakLinkStuck(1), w, obs) == catalog.t("rw.confirm.weakest_stuck")
    state, _ = state.apply(WeakLinkStuck(1))
    obs, w = words(state, 3, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    card = catalog.t("rw.constraint.card", letter="A", rule=catalog.t("rw.constraint.A"))
    assert catalog.t("rw.log.weakStuck", who=w.name(1), card=card) in texts
    assert 'data-stage="discarded"' in board_html(state, 3, catalog)


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 34, seed)
