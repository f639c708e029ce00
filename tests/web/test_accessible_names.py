"""Accessible names in the markup the page draws, where an audit with axe-core found them wrong:
a name set with aria-label must contain the words one sees (WCAG 2.5.3, label in name: a
voice-control user says what he sees), an aria-label only where a role can carry it (ARIA
forbids it on a bare <p>, <span> or <div>: screen readers drop it), and a box that scrolls can be
reached by keyboard (WCAG 2.1.1). Red Wire's dock on a phone (short names) and on a wide screen,
mission 63's oxygen, Loop the Loop's hand and log."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from fusebox_web.loop import render as loop_render
from fusebox_web.loop.choices import choices as loop_choices
from fusebox_web.loop.words import Words as LoopWords
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState
from tests.redwire.engine.test_oxygen_relay import m63
from tests.web.board_page import board_html, past_setup_tokens
from tests.web.test_loop_page import states as loop_states
from tests.web.test_loop_page import words as loop_words

#: Elements the page hides from sight: visually hidden text, and the long or short form of a
#: button's name that the layout does not show ("phone": below 40rem; "wide": above).
SR_ONLY = {"lp-sr", "rw-sr", "cd-sr", "sr-only"}
HIDDEN_BY = {"phone": "rw-long", "wide": "rw-short"}
#: Tags with no implicit role (or the "generic" one): aria-label is prohibited on them.
NO_ROLE = {"p", "span", "div", "strong", "em", "b", "i", "small", "code"}
#: Controls, named from their content unless an aria-label says otherwise (label in name is
#: about them: a group's or a region's label names what it holds, not words one says).
CONTROLS = {"button", "a", "summary"}
CONTROL_ROLES = {"button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "option"}
VOID = {"br", "img", "input", "hr", "meta", "link", "source", "wbr", "col", "area"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found += child.walk()
        return found


class Tree(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {})
        self.stack = [self.root]
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def words_of(text: str) -> str:
    """Lower case, letters and digits only, one space between words (as axe-core compares)."""
    return " ".join(re.findall(r"\w+", text.lower()))


def text(node: Node, layout: str, *, seen: bool) -> str:
    """The words one sees (``seen``) or a screen reader reads in ``node`` on ``layout``."""
    parts: list[str] = []
    for child in node.children:
        if isinstance(child, str):
            parts.append(child)
            continue
        classes = child.classes()
        if HIDDEN_BY[layout] in classes:
            continue
        if seen and classes & SR_ONLY:
            continue
        if not seen and child.attrs.get("aria-hidden") == "true":
            continue
        parts.append(" " + text(child, layout, seen=seen) + " ")
    return "".join(parts)


def name_problems(html: str) -> list[str]:
    """What is wrong with the names in ``html``, on a phone and on a wide screen."""
    problems = []
    for node in Tree(html).root.walk():
        label = node.attrs.get("aria-label")
        if label is None:
            continue
        if node.tag in NO_ROLE and "role" not in node.attrs:
            problems.append(f"aria-label on a bare <{node.tag}>: {label!r}")
        if node.tag not in CONTROLS and node.attrs.get("role") not in CONTROL_ROLES:
            continue
        for layout in HIDDEN_BY:
            seen = words_of(text(node, layout, seen=True))
            if seen and f" {seen} " not in f" {words_of(label)} ":
                problems.append(f"{layout}: <{node.tag}> shows {seen!r}, named {label!r}")
    return problems


def redwire_board(state: GameState, viewer: int, catalog: Catalog) -> str:
    """The board as the page draws it for a person at the device, the odds toggle offered."""
    return board_html(state, viewer, catalog, odds_toggle=True)


def test_the_checker_finds_what_it_looks_for() -> None:
    assert name_problems('<p aria-label="Reserve: 0"><strong>Reserve: 0</strong></p>')
    assert name_problems(
        '<button aria-label="Suggerimento"><span class="rw-long">Suggerimento</span>'
        '<span class="rw-short">Aiuto</span></button>'
    ) == ["phone: <button> shows 'aiuto', named 'Suggerimento'"]
    assert not name_problems(
        '<button aria-label="Full log"><span class="rw-long">Full log</span>'
        '<span class="rw-short">Log</span></button>'
        '<span role="img" aria-label="DD, ready">DD</span>'
    )


@pytest.mark.parametrize("mission", [2, 24, 63])
def test_red_wire_names_contain_what_the_board_shows(catalog: Catalog, mission: int) -> None:
    state = m63() if mission == 63 else past_setup_tokens(mission, 3, 7)
    seat = state.to_move
    assert seat is not None
    html = redwire_board(state, seat, catalog)
    assert 'data-act="hint"' in html and 'data-testid="odds-toggle"' in html
    assert name_problems(html) == []


def loop_board(catalog: Catalog, log_open: bool) -> tuple[str, list[Any], LoopWords]:
    """Seat 0's board at its first turn, its hand's cards selectable, a long log."""
    for state in loop_states(3, 7):
        obs = state.observation(0)
        offered = loop_choices(obs, state.legal_actions(0), frozenset())
        if state.to_move == 0 and offered.selectable:
            break
    w = loop_words(catalog, obs)
    lines = [w.line(e) for e in state.log_view(0)] * 6
    inp = loop_render.BoardInput(
        obs=obs,
        words=w,
        choices=offered,
        kinds=["human", "bot", "bot"],
        selected=frozenset(),
        lines=lines,
        odds_text="x",
        log_open=log_open,
        full_log=lines,
    )
    html = loop_render.skeleton() + "".join(loop_render.board(inp).values())
    return html, list(obs["seats"][0]["hand"]), w


def test_loop_cards_in_hand_are_named_by_what_they_show(catalog: Catalog) -> None:
    html, hand, w = loop_board(catalog, log_open=False)
    assert name_problems(html) == []
    picks = [n for n in Tree(html).root.walk() if "lp-pick" in n.classes()]
    assert len(picks) == len(hand) > 0
    for node, card in zip(picks, hand, strict=True):
        name = " ".join(text(node, "wide", seen=False).split())
        assert name == w.card_full(card)  # the whole card in words...
        seen = " ".join(text(node, "wide", seen=True).split())
        assert name.startswith(" ".join(seen.split()[:2]))  # ...from its name and difficulty


@pytest.mark.parametrize("log_open", [False, True])
def test_loop_log_boxes_that_scroll_take_the_focus(catalog: Catalog, log_open: bool) -> None:
    """The boxes are named and focusable; web/js/scrollstops.js puts them in the tab order
    (tabindex 0) only while they scroll (tests/e2e/test_loop_play.py checks it in a browser)."""
    html, _, _ = loop_board(catalog, log_open)
    boxes = [n for n in Tree(html).root.walk() if n.classes() & {"lp-log-box", "lp-log-all"}]
    assert len(boxes) == (2 if log_open else 1)
    for box in boxes:
        assert box.attrs.get("tabindex") == "-1", box.attrs
        assert "data-scroll-stop" in box.attrs, box.attrs
        assert box.attrs.get("id"), box.attrs  # the redraw focuses its twin by its id
        assert box.attrs.get("aria-label"), box.attrs
    assert name_problems(html) == []
