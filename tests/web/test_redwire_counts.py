"""Red Wire's board says a count of one in the singular ("1 card", "1 carta")."""

from __future__ import annotations

import re

from fusebox_web.shell.i18n import Catalog

from engine.redwire import new_game
from engine.redwire.bots import make_bot
from engine.redwire.mechanisms import guessing
from tests.web.board_page import board_html

#: A count of one said in the plural, in either language.
ONE_PLURAL = re.compile(r"\b1 (cards|wires|tokens|carte|cavi|segnalini)\b")


def test_mission_29s_number_deck_of_one_card(catalog: Catalog) -> None:
    """Mission 29's deck of Number cards said "Number deck: 1 cards face down." ("1 carte
    coperte"), and a hand of one card "Carlo: 1 cards": every board of a computers' game says
    them in the singular, and the deck of one card was met."""
    met = False
    for seed in (1, 2):
        state = new_game(29, 3, seed)
        bots = [make_bot("expert", seed * 10 + k) for k in range(3)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            html = board_html(state, seat, catalog)
            assert not ONE_PLURAL.search(html), ONE_PLURAL.search(html)
            part = guessing.view(state.observation(seat))
            assert part is not None
            met |= part["deck"] == 1
            state, _ = state.apply(
                bots[seat].choose(state.observation(seat), state.legal_actions(seat))
            )
    assert met, "the deck never held one card"
