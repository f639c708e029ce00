"""Mission 45 on the page (in CPython): the Number card drawn with its number in words and the
call (asked, passed, Snip! without the value, must cut: a symbol and words each); the Snip! and
pass buttons and the captain's naming by seat, each built into the engine's action with its
confirm; the cutter's prompt; the named player's token pick; log lines and refusals in each
language; the bots' reasons; every state drawn."""

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

from engine.redwire import GameState, Pick
from engine.redwire.mechanisms.volunteers import (
    MECHANISM,
    NameVolunteer,
    PassVolunteer,
    Volunteer,
    VolunteerReason,
)
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_volunteers import m45
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def test_the_card_and_the_call_are_drawn_with_symbols_and_words(catalog: Catalog) -> None:
    state = m45()
    html = board_html(state, 1, catalog)
    assert 'data-testid="volunteers"' in html and 'data-testid="vol-card"' in html
    assert f'aria-label="{esc(catalog.t("rw.vol.card", value=1))}"' in html
    assert esc(catalog.t("rw.vol.state.asked")) in html  # the captain is asked first
    assert esc(catalog.t("rw.vol.rule")) in html
    after, _ = play(state, PassVolunteer(0), Volunteer(2))  # seat 2 holds no 1
    html = board_html(after, 3, catalog)
    assert "is-wrong" in html and "✗" in html
    assert esc(catalog.t("rw.vol.state.wrong", value=1)) in html
    assert esc(catalog.t("rw.vol.state.passed")) in html


def test_snip_and_pass_are_dock_buttons_built_into_the_engines_actions(catalog: Catalog) -> None:
    state = m45()
    assert {"volunteer", "pass_volunteer"} <= set(cards_now(state, 0, own_turn=True))
    others = cards_now(state, 1, own_turn=False)
    assert "volunteer" in others and "pass_volunteer" not in others  # Snip! any time
    assert ACTION_USES["volunteer"].button and ACTION_USES["pass_volunteer"].button
    for action in (Volunteer(0), PassVolunteer(0)):
        sel = selection_of(action, fresh(affordances(state, 0)))
        assert build(sel, 0) == action
    obs, w = words(state, 0, catalog)
    assert confirm_text(Volunteer(0), w, obs) == catalog.t("rw.confirm.volunteer", value=1)
    assert confirm_text(PassVolunteer(0), w, obs) == catalog.t("rw.confirm.pass_volunteer")
    assert esc(catalog.t("rw.vol.who", value=1)) in board_html(state, 0, catalog)


def test_the_captain_names_by_seat_and_the_cutter_is_told_his_value(catalog: Catalog) -> None:
    state, _ = play(m45(), *(PassVolunteer(s) for s in range(4)))
    aff = affordances(state, 0)
    assert "name_volunteer" in cards_now(state, 0, own_turn=True)
    sel = selection_of(NameVolunteer(0, 1), fresh(aff))
    assert sel.mode == "name_volunteer" and build(sel, 0) == NameVolunteer(0, 1)
    obs, w = words(state, 0, catalog)
    assert confirm_text(NameVolunteer(0, 1), w, obs) == catalog.t(
        "rw.confirm.name_volunteer", who=w.name(1), value=1
    )
    cutter, _ = play(state, NameVolunteer(0, 0))
    html = board_html(cutter, 0, catalog)
    assert esc(catalog.t("rw.vol.cutNow", value=1)) in html
    assert esc(catalog.t("rw.vol.state.cutter", value=1)) in html


def test_the_log_says_each_step_of_the_call(catalog: Catalog) -> None:
    state, _ = play(
        m45(),
        Volunteer(1),
        PassVolunteer(0),
        *(PassVolunteer(s) for s in (2, 3)),
        NameVolunteer(0, 3),
        Pick(3, 3, 11),
    )
    obs, w = words(state, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    expected = {
        catalog.t("rw.log.volCard", who=w.name(0), value=1),
        catalog.t("rw.log.volWrong", who=w.name(1), value=1),
        catalog.t("rw.log.volPass", who=w.name(0), next=w.name(2)),
        catalog.t("rw.log.volNobody", who=w.name(3)),
        catalog.t("rw.log.volNameNone", who=w.name(0), named=w.name(3), value=1),
        catalog.t(
            "rw.log.tokenVolunteer", who=w.name(3), value=w.value(12), where=w.where_their(3, 11)
        ),
    }
    assert expected <= texts, expected - texts


def test_refusals_and_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for reason in VolunteerReason:
        assert catalog.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"
    for phase in ("volunteer", "volunteer_name", "volunteer_token"):
        for kind in ("handoff", "waiting", "expected", "prompt"):
            assert catalog.t(f"rw.{kind}.{phase}", name="Ana") != f"rw.{kind}.{phase}"


@pytest.mark.parametrize("seed", range(2))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 45, seed, "simple" if seed else "random")
