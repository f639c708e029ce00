"""The "basic" level: sensible rules of thumb, no probabilities.

It scans the wires it does not know, snips the colours it knows (and, failing that, guesses
distinct colours), defuses when it knows the whole combination (or all but one or two wires
when time is short), takes the mascot whenever an agent without Snips can evacuate and then
runs the countdown down, frisks the biggest hand, sounds the Siren on a player with four
Snips, and keeps the cards it needs at the end of its turn.

>>> from engine.countdown import new_game
>>> game = new_game(players=3, seed=4)
>>> bot = BasicBot(seed=0)
>>> action = bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move))
>>> game.is_legal(action), bot.explain().key in KEYS
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.rng import Rng
from ..actions import (
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
from ..cards import (
    ALARM,
    ANALYZE,
    BYPASS,
    DOUBLE_TIMER,
    EXIT,
    INTERCEPT,
    REENTER,
    TIMER,
    cut_colour,
    cut_kind,
)
from .base import register_bot
from .explanation import KEYS, Explanation, explanation
from .view import View

__all__ = ["KEYS", "BasicBot"]


class BasicBot:
    name = "basic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._why = explanation("only_choice")

    def explain(self) -> Explanation:
        return self._why

    def _say(self, key: str, **params: Any) -> None:
        self._why = explanation(key, **params)

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        if len(legal) == 1:
            self._say("only_choice") if not isinstance(legal[0], NextGame) else self._say(
                "next_game"
            )
            return legal[0]
        v = View(observation)
        handler = getattr(self, f"_{v.phase}")
        action: Action = handler(v, legal)
        assert action in legal, (action, v.phase)
        return action

    # ------------------------------------------------------------------ what I aim for

    def target(self, v: View) -> Counter[str]:
        """The colours I aim to snip: the ones I know, then distinct guesses."""
        target = Counter(v.known.values())
        for colour in sorted(v.colours, key=lambda c: (target[c], v.colours.index(c))):
            if sum(target.values()) >= 4:
                break
            if target[colour] < v.wire_counts[colour] and target[colour] == 0:
                target[colour] += 1
        while sum(target.values()) < 4:  # more positions than colours: repeat one
            target[min(v.colours, key=lambda c: target[c])] += 1
        return target

    def value(self, v: View, card: str) -> float:
        """How much I want to keep a card."""
        colour = cut_colour(card)
        if colour is not None:
            return 5.0 if v.wanted_colours(self.target(v))[colour] else 1.5
        base = {
            ANALYZE: 4.0 if v.unknown_positions else 0.5,
            EXIT: 2.5,
            INTERCEPT: 2.0,
            TIMER: 3.0 if v.is_keeper else 1.0,
            DOUBLE_TIMER: 3.5 if v.is_keeper else 1.0,
            ALARM: 1.5,
            REENTER: 1.0,
            BYPASS: 1.5 if v.unknown_positions else 0.5,
        }
        return base.get(card, 1.0)

    # ------------------------------------------------------------------ play phase

    def _play(self, v: View, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, PlayCard)]

        def find(card: str) -> PlayCard | None:
            return next((a for a in plays if a.card == card), None)

        # 1. Keeper of the mascot with enough timers: end it now.
        if v.is_keeper and v.timer_reach() >= v.showing:
            for card in (DOUBLE_TIMER, TIMER):
                if (a := find(card)) is not None:
                    self._say("explode", card=card)
                    return a
        # 2. Scan a wire I do not know.
        if v.unknown_positions and (a := find(ANALYZE)) is not None:
            self._say("scan", position=v.unknown_positions[0] + 1)
            return a
        # 3. Snip a colour I aim for.
        target = self.target(v)
        wanted = v.wanted_colours(target)
        for colour in sorted(wanted, key=lambda c: (c not in v.known_multiset, v.colours.index(c))):
            a = self._cut_play(v, plays, colour, target)
            if a is not None:
                if colour in v.known_multiset:
                    self._say("snip_known", colour=colour, agent=a.agent + 1)
                else:
                    self._say("snip_guess", colour=colour, agent=a.agent + 1, percent=25)
                return a
        # 4. Two cards I need little as a Scan.
        if v.unknown_positions and v.wild_allowed:
            pair = self._junk_pair(v)
            if pair is not None:
                for w in legal:
                    if isinstance(w, PlayWild) and w.mode == ANALYZE and w.cards == pair:
                        self._say(
                            "scan_wild", position=v.unknown_positions[0] + 1, cards=list(pair)
                        )
                        return w
        # 5. The keeper runs the countdown down.
        if v.is_keeper:
            for card in (DOUBLE_TIMER, TIMER):
                if (a := find(card)) is not None:
                    self._say("timer_keeper", card=card)
                    return a
        # 6. Siren on a player about to defuse.
        threat = [q for q in range(v.players) if q != v.me and len(v.cuts_of(q)) >= 4]
        if threat and (a := find(ALARM)) is not None:
            self._say("siren_block", seat=threat[0])
            return a
        # 7. Frisk the biggest hand.
        if (a := find(INTERCEPT)) is not None:
            self._say("frisk", seat=self._frisk_target(v))
            return a
        # 8. Take the mascot when an agent without Snips can evacuate (it wins if the bomb blows).
        if self._can_take_mascot(v):
            for a in plays:
                if a.card == EXIT and not v.agents[a.agent]["cuts"]:
                    self._say("exit_mascot", agent=a.agent + 1)
                    return a
        # 9. Back inside if I have too few agents in to snip.
        if not v.is_keeper and v.inside_count(v.me) < 2 and (a := find(REENTER)) is not None:
            self._say("sneak_back", agent=a.agent + 1)
            return a
        # 10. Rewire a wire I do not know.
        if v.unknown_positions and (a := find(BYPASS)) is not None:
            self._say("rewire", position=v.unknown_positions[0] + 1)
            return a
        self._say("end_play")
        return next(a for a in legal if isinstance(a, EndPlay))

    def _cut_play(
        self, v: View, plays: list[PlayCard], colour: str, target: Counter[str]
    ) -> PlayCard | None:
        kind = cut_kind(colour)
        options = [a for a in plays if a.card == kind]
        if not options:
            return None
        if not v.cuts_full:
            # Pile Snips on the agent that holds most: a Siren then takes an empty agent.
            return max(options, key=lambda a: (len(v.agents[a.agent]["cuts"]), -a.agent))
        surplus = v.surplus_cuts(target)
        for a in options:
            if any(c in surplus for c in v.agents[a.agent]["cuts"]):
                return a
        return None

    def _junk_pair(self, v: View) -> tuple[str, ...] | None:
        ranked = sorted(v.hand, key=lambda c: (self.value(v, c), c))
        if len(ranked) >= 2 and self.value(v, ranked[1]) <= 2.0:
            return tuple(sorted(ranked[:2], key=lambda c: (c != ANALYZE, c)))
        return None

    def _can_take_mascot(self, v: View) -> bool:
        if v.is_keeper:
            return False
        mine = v.outside(v.me) + 1
        if v.mascot is not None:
            return mine >= v.outside(v.mascot)
        return all(mine >= v.outside(q) for q in range(v.players) if q != v.me)

    def _frisk_target(self, v: View) -> int:
        others = [(v.me + k) % v.players for k in range(1, v.players)]
        return max(others, key=lambda q: (v.hand_size(q), -others.index(q)))

    # ------------------------------------------------------------------ sub-decisions

    def _analyze_pick(self, v: View, legal: Sequence[Action]) -> Action:
        picks = [a for a in legal if isinstance(a, PickWire)]
        unknown = [a for a in picks if a.position not in v.known]
        choice = (unknown or picks)[0]
        self._say("scan_pick", position=choice.position + 1)
        return choice

    def _bypass_pick(self, v: View, legal: Sequence[Action]) -> Action:
        picks = [a for a in legal if isinstance(a, PickWire)]
        unknown = [a for a in picks if a.position not in v.known]
        choice = (unknown or picks)[0]
        self._say("rewire_pick", position=choice.position + 1)
        return choice

    def _cut_place(self, v: View, legal: Sequence[Action]) -> Action:
        target = self.target(v)
        surplus = v.surplus_cuts(target)
        colour = v.prompt["colour"]
        for a in legal:
            if isinstance(a, PlaceCut) and a.replace is not None and surplus[a.replace]:
                self._say("snip_replace", colour=colour, old=a.replace)
                return a
        for a in legal:
            if isinstance(a, PlaceCut) and a.replace is None:
                self._say("snip_add", colour=colour)
                return a
        choice = legal[0]
        assert isinstance(choice, PlaceCut) and choice.replace is not None
        self._say("snip_replace", colour=colour, old=choice.replace)
        return choice

    def _intercept_target(self, v: View, legal: Sequence[Action]) -> Action:
        seat = self._frisk_target(v)
        choice = next(
            (a for a in legal if isinstance(a, PickTarget) and a.target == seat), legal[0]
        )
        assert isinstance(choice, PickTarget)
        self._say("frisk", seat=choice.target)
        return choice

    def _intercept_card(self, v: View, legal: Sequence[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakeCard)]
        choice = max(takes, key=lambda a: (self.value(v, a.card), -takes.index(a)))
        self._say("frisk_take", card=choice.card)
        return choice

    def _alarm_choice(self, v: View, legal: Sequence[Action]) -> Action:
        outs = [a for a in legal if isinstance(a, AlarmAgent)]
        choice = min(outs, key=lambda a: (len(v.agents[a.agent]["cuts"]), a.agent))
        self._say("siren_choice", agent=choice.agent + 1)
        return choice

    def _defuse(self, v: View, legal: Sequence[Action]) -> Action:
        known = v.known_multiset
        matched = not (known - Counter(v.my_cuts))
        unknown = len(v.unknown_positions)
        # The less time is left, the more it guesses: one unknown wire from 5, two from 2.
        if matched and (
            unknown == 0 or (unknown == 1 and v.showing <= 5) or (unknown == 2 and v.showing <= 2)
        ):
            percent = {0: 100, 1: 35, 2: 15}[unknown]
            self._say("defuse", percent=percent)
            return Defuse(v.me)
        if v.showing <= 1:  # the round's tick will blow the bomb: a last try costs nothing
            self._say("defuse_last", percent=25 if matched else 5)
            return Defuse(v.me)
        self._say("no_defuse", percent=100 - 25 * unknown if matched else 0)
        return NoDefuse(v.me)

    def _discard(self, v: View, legal: Sequence[Action]) -> Action:
        count = int(v.prompt["count"])
        ranked = sorted(v.hand, key=lambda c: (self.value(v, c), c))
        wanted = tuple(ranked[:count])
        choice = next(
            a for a in legal if isinstance(a, Discard) and Counter(a.cards) == Counter(wanted)
        )
        assert isinstance(choice, Discard)
        self._say("discard", cards=list(choice.cards))
        return choice

    def _next_game(self, v: View, legal: Sequence[Action]) -> Action:
        self._say("next_game")
        return legal[0]


register_bot("basic", BasicBot)
