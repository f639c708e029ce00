"""Mission 29's bots at the cut: while a teammate's Number card lies face down for his turn, the
active player makes a certain cut of a value the card cannot be (its card in his hand or out of
the game) before one it may be; with no such cut, the usual play."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, SoloCut
from engine.redwire.bots import make_bot
from engine.redwire.mechanisms.guessing import PlayNumber, card_odds
from tests.redwire.bots.checks import check_explanation
from tests.redwire.engine.helpers import play, with_cut
from tests.redwire.engine.test_guessing import m29


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_a_certain_cut_of_a_value_whose_card_he_holds_comes_first(level: str) -> None:
    # Ana holds all four 1s and 2s (her cards: 1 and 2) and, the other two cut, the last 7s.
    state, _ = play(m29(), PlayNumber(3, 7))
    state = with_cut(state, [(2, 3), (2, 4)])
    legal = state.legal_actions(0)
    assert {SoloCut(0, 1), SoloCut(0, 2), SoloCut(0, 7)} <= set(legal)
    bot = make_bot(level, 5)
    action = bot.choose(state.observation(0), legal)
    assert action in (SoloCut(0, 1), SoloCut(0, 2))
    assert bot.explain().key == "number_safe_cut"
    check_explanation(bot.explain(), state, 0)


def test_when_every_certain_cut_is_safe_the_usual_play() -> None:
    """Offered only her Solo Cuts of 1 and 2 (whose cards she holds) and no Dual Cut, Ana gets
    no advice: the expert's own choice and reason (a Solo Cut)."""
    state, _ = play(m29(), PlayNumber(3, 7))
    legal = [a for a in state.legal_actions(0) if not isinstance(a, Cut)]
    assert {SoloCut(0, 1), SoloCut(0, 2)} <= set(legal)
    bot = make_bot("expert", 5)
    action = bot.choose(state.observation(0), legal)
    assert action in (SoloCut(0, 1), SoloCut(0, 2))
    assert bot.explain().key == "solo_cut"


def test_the_cards_odds_come_from_the_cards_seen_taken() -> None:
    """Ana took Dario's 7 face up, drew one card after her 1s went, and puts one face down for
    Bea: it is her 7 with one chance in three (three cards), else one of the two cards nobody
    saw, each of the eight values nobody is seen to hold (not Bea's 3 and 4, not the discarded
    1) alike."""
    state, _ = play(m29(), PlayNumber(3, 7), SoloCut(0, 1))
    assert state.to_move == 0 and state.phase.value == "number_play"
    state, _ = play(state, PlayNumber(0, 2))
    odds = card_odds(state.observation(1))
    assert odds[7] == pytest.approx(1 / 3)
    assert set(odds) == {2, 5, 6, 7, 8, 9, 10, 11, 12}
    assert all(odds[v] == pytest.approx(2 / 3 / 8) for v in odds if v != 7)
    assert sum(odds.values()) == pytest.approx(1)
    assert card_odds(state.observation(0)) == {2: 1.0}  # her own card: known


def test_the_cut_least_likely_to_cost_a_step_comes_first() -> None:
    """Bea is sure of her 3s and 4s (her cards) and, by the others' cuts, of a 7 at Carlo's:
    the 7 is Ana's likeliest card, so a 3 or 4 first."""
    state, _ = play(m29(), PlayNumber(3, 7), SoloCut(0, 1), PlayNumber(0, 7))
    assert state.to_move == 1 and state.phase.value == "turn"
    odds = card_odds(state.observation(1))
    assert odds[7] > max(odds.get(v, 0.0) for v in (3, 4))
    bot = make_bot("expert", 5)
    action = bot.choose(state.observation(1), state.legal_actions(1))
    value = action.value if isinstance(action, SoloCut) else getattr(action, "values", (None,))[0]
    assert value != 7
    check_explanation(bot.explain(), state, 1)
