"""Every legal action of a seat, in a stable order (the same rules as :mod:`.rules`, enumerated).

>>> from engine.countdown import new_game
>>> game = new_game(players=2, seed=1)
>>> legal = game.legal_actions(game.to_move)
>>> legal[-1].type, all(game.is_legal(a) for a in legal)
('end_play', True)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

from .actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NextGame,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from .cards import (
    ANALYZE,
    BYPASS,
    INTERCEPT,
    MAX_CUTS,
    REENTER,
    WILD_MIN_COUNTDOWN,
    WILD_MODES,
    cut_colour,
    kind_order,
    sort_cards,
    zone,
)
from .state import GameState, Phase


def legal_actions(s: GameState, seat: int) -> list[Action]:
    if s.result is not None or s.pending.seat != seat:
        return []
    phase = s.pending.phase
    if phase is Phase.PLAY:
        return [*_plays(s, seat), *_wilds(s, seat), EndPlay(seat)]
    if phase in (Phase.ANALYZE_PICK, Phase.BYPASS_PICK):
        return [PickWire(seat, pos) for pos in s.face_down()]
    if phase is Phase.CUT_PLACE:
        from .rules import cut_options

        assert s.pending.agent is not None
        return [PlaceCut(seat, option) for option in cut_options(s, seat, s.pending.agent)]
    if phase is Phase.INTERCEPT_TARGET:
        return [PickTarget(seat, q) for q in range(s.players) if q != seat and s.hands[q]]
    if phase is Phase.INTERCEPT_CARD:
        assert s.pending.target is not None
        return [TakeCard(seat, card) for card in sort_cards(list(set(s.hands[s.pending.target])))]
    if phase is Phase.ALARM_CHOICE:
        return [AlarmAgent(seat, i) for i, agent in enumerate(s.agents[seat]) if not agent.out]
    if phase is Phase.DEFUSE:
        return [Defuse(seat), NoDefuse(seat)]
    if phase is Phase.DISCARD:
        return [Discard(seat, cards) for cards in discard_choices(s.hands[seat], s.pending.count)]
    if phase is Phase.NEXT_GAME:
        return [NextGame(seat)]
    return []


def playable(s: GameState, seat: int, card: str) -> bool:
    """Whether ``card`` has an effect now (§12 A10), whatever agent it goes on."""
    if card in (ANALYZE, BYPASS) and not s.face_down():
        return False
    if card == BYPASS and not s.reserve:
        return False
    if card == INTERCEPT and not any(s.hands[q] for q in range(s.players) if q != seat):
        return False
    return not (card == REENTER and s.mascot == seat)


def _plays(s: GameState, seat: int) -> Iterator[Action]:
    full = s.cut_count(seat) >= MAX_CUTS
    for card in sort_cards(list(s.playable_cards(seat))):
        if not playable(s, seat, card):
            continue
        out = zone(card) == "out"
        is_cut = cut_colour(card) is not None
        for index, agent in enumerate(s.agents[seat]):
            if agent.acted or agent.out != out:
                continue
            if is_cut and full and not agent.cuts:
                continue
            yield PlayCard(seat, card, index)


def _wilds(s: GameState, seat: int) -> Iterator[Action]:
    if (s.showing or 0) < WILD_MIN_COUNTDOWN:
        return
    agents = [i for i, a in enumerate(s.agents[seat]) if not a.acted and not a.out]
    if not agents:
        return
    counts = s.playable_cards(seat)
    kinds = sort_cards(list(counts))
    pairs = [(a, b) for a, b in combinations_with_replacement(kinds, 2) if a != b or counts[a] >= 2]
    modes = [m for m in WILD_MODES if m != ANALYZE or s.face_down()]
    for pair in pairs:
        for agent in agents:
            for mode in modes:
                yield PlayWild(seat, pair, agent, mode)


def discard_choices(hand: tuple[str, ...], count: int) -> list[tuple[str, ...]]:
    """Every distinct multiset of ``count`` cards of ``hand``, in a stable order."""
    return sorted(set(combinations(hand, count)), key=lambda cs: [kind_order(k) for k in cs])
