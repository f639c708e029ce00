"""Mission 32 on the page (in CPython): the visible constraint card everyone obeys is drawn, the
captain's keep or replace and the skip are dock buttons built into the engine's actions, every
state draws and reads as sentences in each language, and the skip is explained in the log."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, explicit_setup, new_game, start
from engine.redwire.actions import Action
from engine.redwire.mechanisms.constraints import SkipTurn, SwapConstraint
from tests.web.board_page import NAMES, board_html, walk_drawing


def test_the_visible_card_and_the_captains_two_buttons(catalog: Catalog) -> None:
    state = new_game(32, 3, 4)
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move or 0)[0])
    assert state.phase.value == "constraint_swap"
    captain = state.to_move
    assert captain is not None
    offered = cards_now(state, captain, own_turn=True)
    assert {"constraint_keep", "constraint_replace"} <= set(offered)
    for swap, mode in ((False, "constraint_keep"), (True, "constraint_replace")):
        action = SwapConstraint(captain, swap)
        sel = selection_of(action, fresh(affordances(state, captain)))
        assert sel.mode == mode and build(sel, captain) == action and ACTION_USES[mode].button
    obs = state.observation(captain)
    w = Words(catalog, NAMES[:3], [st["owner"] for st in obs["stands"]])
    assert confirm_text(SwapConstraint(captain, True), w, obs) == catalog.t(
        "rw.confirm.constraint_replace"
    )
    assert confirm_text(SwapConstraint(captain, False), w, obs) == catalog.t(
        "rw.confirm.constraint_keep"
    )
    html = board_html(state, captain, catalog)
    visible = state.observation(None)["mechanisms"]["constraints"]["visible"]
    assert f'data-card="{visible}"' in html
    assert catalog.t(f"rw.constraint.{visible}") in html
    assert catalog.t("rw.act.constraint_replace") in html
    other = (captain + 1) % 3
    assert "constraint_replace" not in cards_now(state, other, own_turn=False)


# Random tables explode early; the cautious one of seed 3 (three players) meets skips.
@pytest.mark.parametrize(
    ("seed", "level"), [(0, "random"), (1, "random"), (2, "random"), (3, "cautious")]
)
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int, level: str) -> None:
    skipped = False

    def skip_offered(state: GameState, mover: int, legal: list[Action]) -> None:
        nonlocal skipped
        if SkipTurn(mover) in legal:
            skipped = True
            assert "constraint_skip" in cards_now(state, mover, own_turn=True)

    game = walk_drawing(catalog, 32, seed, level, on_turn=skip_offered)
    skips = [e for e in game.state.observation("seer")["log"] if e["type"] == "constraint_skip"]
    assert bool(skips) == skipped
    assert skipped or level == "random"
    for e in skips:  # the skip is said, with the card that forbade every cut
        said = catalog.t("rw.log.constraintSkip", who=game.words.name(e["seat"]), letter=e["card"])
        assert said in game.texts


def test_a_skip_is_offered_and_said_in_the_log(catalog: Catalog) -> None:
    # A hand-made deal: card A (even values) visible, seat 1 holds only odd values and a red.
    odd = ["1", "1", "3", "3", "5", "5", "7", "7", "9", "9", "11", "11", "4.5"]
    rest = sorted([f"{v}" for v in range(1, 13) for _ in range(4)] + ["8.5"], key=float)
    for label in odd:
        rest.remove(label) if label in rest else None
    stands = [rest[:13], odd, rest[13:25], rest[25:]]
    order = list("ABCDEFGHIJKL")
    setup = explicit_setup(
        32,
        4,
        0,
        stands,
        parts={"equipment": {"cards": [1, 4, 6, 9]}, "constraints": {"order": order}},
    )
    state = start(setup)
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move or 0)[0])
    state, _ = state.apply(SwapConstraint(0, False))
    cut = next(a for a in state.legal_actions(0) if isinstance(a, Cut) and a.values == (2,))
    state, _ = state.apply(cut)
    while state.active == 0 and not state.is_over:
        state, _ = state.apply(state.legal_actions(state.to_move or 0)[0])
    assert state.active == 1 and SkipTurn(1) in state.legal_actions(1)
    assert "constraint_skip" in cards_now(state, 1, own_turn=True)
    sel = selection_of(SkipTurn(1), fresh(affordances(state, 1)))
    assert build(sel, 1) == SkipTurn(1)
    affordances(state, 1)
    # The skip is all he may do: the dock holds it ready, its confirm button saying why.
    sel = fresh(affordances(state, 1))
    html = board_html(state, 1, catalog)
    assert sel.mode == "constraint_skip"
    assert esc(catalog.t("rw.prompt.constraint_skip")) in html and 'data-testid="confirm"' in html
    obs = state.observation(1)
    w = Words(catalog, NAMES[:4], [st["owner"] for st in obs["stands"]])
    assert confirm_text(SkipTurn(1), w, obs) == catalog.t("rw.confirm.constraint_skip")
    state, _ = state.apply(SkipTurn(1))
    obs = state.observation(2)
    w = Words(catalog, NAMES[:4], [st["owner"] for st in obs["stands"]])
    said = catalog.t("rw.log.constraintSkip", who=w.name(1), letter="A")
    assert said in {line.text for line in log_lines(obs["log"], w)}
