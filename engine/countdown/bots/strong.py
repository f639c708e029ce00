"""The "strong" level: an exact belief over the wire layouts, card counting, and expected values
for the defusal and the mascot race (spec §11).

Every decision starts from :class:`~.belief.Belief` (the seat's own Scans, the face-up wires, and
a bluff-tolerant reading of the opponents' Snips) and from what is still unseen of the deck.

* **Aim.** It aims for the combination with the best chance weighed by how soon its Snips can
  be under its agents (the Snips in hand, the ones to draw), and scans the wire that sharpens
  that choice most (a one-step value of information), with a Scan card or two spare cards.
* **Snips.** It stacks Snips under the agents that already hold some, so that a Siren costs an
  empty agent, and replaces Snips the aim does not need.
* **Defusal.** It defuses when the chance of a match beats the value of waiting: the chance it
  will have next turn, times the chance that nobody wins before (an opponent with matching Snips,
  the mascot's keeper with timers, the countdown's next tick), and in the Points variant the
  smaller payoff.
* **The mascot.** When a defusal looks out of reach late in the game, or the bomb is about to go
  off, it evacuates agents to keep the mascot, and as its keeper plays every timer it can.
* **Interaction.** Sirens on an opponent close to defusing (when the Siren must cost them a
  Snip), Frisks of the hand likeliest to hold what it needs, Rewires that move the combination
  towards its Snips, discards by value.

>>> from engine.countdown import new_game
>>> game = new_game(players=2, seed=4)
>>> bot = StrongBot(seed=0)
>>> action = bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move))
>>> game.is_legal(action)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
    MAX_CUTS,
    REENTER,
    TIMER,
    cut_colour,
    cut_kind,
)
from .base import register_bot
from .belief import Belief, Multiset, multiset
from .explanation import Explanation, explanation
from .view import View


@dataclass(frozen=True)
class Params:
    """The strong bot's tunable weights (tuned with ``python3 build.py bench countdown``)."""

    #: Discount of an aimed combination per Snip still to draw, and per Snip still to play.
    draw_discount: float = 0.45
    play_discount: float = 0.92
    #: Scan while the likeliest combination is below this chance.
    scan_until: float = 0.95
    #: A card worth at most this much may go into a pair.
    junk: float = 3.0
    #: Defuse at once at or above this chance.
    sure: float = 0.97
    #: Below this chance of defusing in time, the mascot becomes the plan (late in the game).
    mascot_plan: float = 0.3
    #: From this countdown down, the game is late.
    late: int = 4
    #: How often an opponent whose Snips may match defuses in a round (calibrated on games).
    hazard: float = 0.45
    #: Send an agent out to play outside cards: 0 never, 1 when that does not bring the mascot,
    #: 2 even when it does.
    open_door: int = 1


class Plan:
    """What the bot works out once per decision from its observation."""

    def __init__(self, v: View, belief: Belief, params: Params) -> None:
        self.v = v
        self.belief = belief
        self.params = params
        self.probs = belief.multisets()
        self.cuts = Counter(v.my_cuts)
        self.hand_cuts = Counter(c for k in v.hand if (c := cut_colour(k)) is not None)
        self.target, self.target_score = self._aim()
        self.p_target = self.probs.get(self.target, 0.0)
        self.need = Counter(self.target) - self.cuts
        self.surplus = self.cuts - Counter(self.target)
        self.p_now = self.probs.get(multiset(v.my_cuts), 0.0) if len(v.my_cuts) == MAX_CUTS else 0.0

    def score(self, m: Multiset, p: float) -> float:
        need = Counter(m) - self.cuts
        plays = sum(need.values())
        draws = sum((need - self.hand_cuts).values())
        return p * self.params.draw_discount**draws * self.params.play_discount**plays

    def _aim(self) -> tuple[Multiset, float]:
        if not self.probs:
            return multiset(self.v.my_cuts), 0.0
        scored = {m: self.score(m, p) for m, p in self.probs.items()}
        best = max(scored, key=lambda m: (scored[m], m))
        return best, scored[best]

    @property
    def uncertain(self) -> bool:
        return self.belief.best()[1] < self.params.scan_until

    def value(self, card: str) -> float:
        """How much the bot wants to keep (or take) a card."""
        v = self.v
        colour = cut_colour(card)
        if colour is not None:
            if self.need[colour] > v.hand.count(card):
                return 6.0
            if self.need[colour]:
                return 4.0
            return 2.5 if any(colour in m for m, p in self.probs.items() if p > 0.15) else 1.0
        late = v.showing <= self.params.late + 1
        values = {
            ANALYZE: 4.5 if self.uncertain and v.unknown_positions else 0.8,
            EXIT: 3.0 if late else 1.8,
            TIMER: 5.0 if v.is_keeper else (2.0 if late else 1.0),
            DOUBLE_TIMER: 6.0 if v.is_keeper else (2.5 if late else 1.2),
            INTERCEPT: 2.5,
            ALARM: 3.0 if self.threats() else 1.5,
            REENTER: 2.0 if v.inside_count(v.me) < 2 and not v.is_keeper else 0.8,
            BYPASS: 1.6 if v.reserve_left else 0.5,
        }
        return values.get(card, 1.0)

    def threats(self) -> list[tuple[int, float]]:
        """Opponents who may defuse soon, with the chance their Snips match (if they are 4)."""
        v = self.v
        out = []
        for q in range(v.players):
            if q in (v.me, v.mascot):
                continue
            cuts = v.cuts_of(q)
            if len(cuts) == MAX_CUTS:
                out.append((q, self.probs.get(multiset(cuts), 0.0)))
            elif len(cuts) == MAX_CUTS - 1:
                out.append((q, 0.4 * self.belief.p_contains(cuts)))
        return [t for t in out if t[1] > 0.05]

    def can_take_mascot(self, extra: int = 1) -> bool:
        v = self.v
        if v.is_keeper:
            return False
        mine = v.outside(v.me) + extra
        if v.mascot is not None:
            return mine >= v.outside(v.mascot)
        return mine >= 1 and all(mine >= v.outside(q) for q in range(v.players) if q != v.me)


class StrongBot:
    name = "strong"

    def __init__(self, seed: int = 0, params: Params | None = None) -> None:
        self._rng = Rng(seed)
        self.params = params or Params()
        self._why = explanation("only_choice")
        # The belief of the last observation: within a turn most questions share it.
        self._belief: tuple[tuple[int, int, int], Belief] | None = None

    def explain(self) -> Explanation:
        return self._why

    def _say(self, key: str, **params: Any) -> None:
        self._why = explanation(key, **params)

    def belief(self, observation: Mapping[str, Any]) -> Belief:
        """The belief for this observation (the same seat, game and log give the same one)."""
        key = (observation["viewer"], observation["game"], len(observation["log"]))
        if self._belief is None or self._belief[0] != key:
            self._belief = (key, Belief.of(observation))
        return self._belief[1]

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        if len(legal) == 1:
            self._say("next_game" if isinstance(legal[0], NextGame) else "only_choice")
            return legal[0]
        v = View(observation)
        plan = Plan(v, self.belief(observation), self.params)
        action: Action = getattr(self, f"_{v.phase}")(plan, legal)
        assert action in legal, (action, v.phase)
        return action

    # ------------------------------------------------------------------ play phase

    def _play(self, plan: Plan, legal: Sequence[Action]) -> Action:
        v = plan.v
        plays = [a for a in legal if isinstance(a, PlayCard)]

        def find(card: str) -> PlayCard | None:
            return next((a for a in plays if a.card == card), None)

        # 1. The keeper with enough timers makes the bomb go off.
        if v.is_keeper and v.timer_reach() >= v.showing:
            for card in (DOUBLE_TIMER, TIMER) if v.showing >= 2 else (TIMER, DOUBLE_TIMER):
                if (a := find(card)) is not None:
                    self._say("explode", card=card)
                    return a
        free_in = v.free_agents("in")
        planned_cuts = min(len(free_in), sum((plan.need & plan.hand_cuts).values()))
        # 2. Scan the wire that tells most, while the aim is uncertain.
        if plan.uncertain and v.unknown_positions and not v.is_keeper:
            spare_agent = len(free_in) > planned_cuts or plan.belief.best()[1] < 0.5
            if spare_agent and (a := find(ANALYZE)) is not None:
                self._say("scan", position=self._scan_position(plan) + 1)
                return a
        # 3. Snips the aim needs.
        a = self._snip(plan, plays)
        if a is not None:
            return a
        # 4. Two spare cards as a Scan.
        if plan.uncertain and v.unknown_positions and v.wild_allowed and not v.is_keeper:
            pair = self._junk_pair(plan)
            if pair is not None and len(free_in) > 0:
                wild = self._wild(legal, pair, ANALYZE, self._agent_for_pair(plan, free_in))
                if wild is not None:
                    self._say("scan_wild", position=self._scan_position(plan) + 1, cards=list(pair))
                    return wild
        # 5. The keeper runs the countdown down.
        if v.is_keeper:
            for card in (DOUBLE_TIMER, TIMER):
                if (a := find(card)) is not None:
                    self._say("timer_keeper", card=card)
                    return a
        # 6. A Siren on an opponent about to defuse, if it must cost them a Snip.
        siren = self._siren(plan, plays)
        if siren is not None:
            return siren
        # 7. The mascot, late in the game when a defusal is out of reach.
        exit_action = self._mascot_move(plan, legal, plays)
        if exit_action is not None:
            return exit_action
        # 8. Frisk the most promising hand.
        if (a := find(INTERCEPT)) is not None:
            self._say("frisk", seat=self._frisk_target(plan))
            return a
        # 9. A Rewire that moves the combination towards my Snips.
        if (a := find(BYPASS)) is not None and not v.is_keeper:
            position, gain = self._bypass_choice(plan)
            if gain > 0.05:
                self._say("rewire", position=position + 1)
                return a
        # 10. Back inside when too few agents are in to place Snips.
        needs_room = not v.is_keeper and plan.need.total() > 0 and v.inside_count(v.me) < 2
        if needs_room and (a := find(REENTER)) is not None:
            self._say("sneak_back", agent=a.agent + 1)
            return a
        # 11. An agent outside, for the outside cards in hand.
        door = self._open_door(plan, legal, plays)
        if door is not None:
            return door
        self._say("end_play")
        return next(a for a in legal if isinstance(a, EndPlay))

    def _open_door(
        self, plan: Plan, legal: Sequence[Action], plays: list[PlayCard]
    ) -> Action | None:
        v = plan.v
        if self.params.open_door == 0 or v.is_keeper:
            return None
        if any(a["out"] for a in v.agents) or v.inside_count(v.me) < 3:
            return None
        useful = [k for k in v.hand if k in (INTERCEPT, BYPASS, ALARM)]
        if not useful:
            return None
        if plan.can_take_mascot(1) and (self.params.open_door < 2 or plan.p_target > 0.6):
            return None
        empty = [i for i in v.free_agents("in") if not v.agents[i]["cuts"]]
        if not empty:
            return None
        exits = [a for a in plays if a.card == EXIT and a.agent in empty]
        if exits:
            self._say("exit_open", agent=exits[0].agent + 1)
            return exits[0]
        if v.wild_allowed:
            spare = sorted((k for k in v.hand if k not in useful), key=lambda c: (plan.value(c), c))
            if len(spare) >= 2 and plan.value(spare[1]) <= self.params.junk:
                wild = self._wild(legal, tuple(spare[:2]), EXIT, empty[0])
                if wild is not None:
                    self._say("exit_wild", agent=empty[0] + 1, cards=list(wild.cards))
                    return wild
        return None

    def _scan_position(self, plan: Plan) -> int:
        unknown = plan.v.unknown_positions or plan.v.face_down
        return max(unknown, key=lambda p: (plan.belief.scan_value(p), -p))

    def _snip(self, plan: Plan, plays: list[PlayCard]) -> PlayCard | None:
        v = plan.v
        if v.is_keeper and plan.p_target < 0.9:
            return None
        for colour in sorted(plan.need, key=lambda c: (-plan.need[c], v.colours.index(c))):
            options = [a for a in plays if a.card == cut_kind(colour)]
            if not options:
                continue
            if not v.cuts_full:
                # Stack on the agent holding the most Snips: an empty agent is the Siren's price.
                choice = max(options, key=lambda a: (len(v.agents[a.agent]["cuts"]), -a.agent))
            else:
                holders = [
                    a for a in options if any(plan.surplus[c] for c in v.agents[a.agent]["cuts"])
                ]
                if not holders:
                    continue
                choice = holders[0]
            if colour in v.known_multiset:
                self._say("snip_known", colour=colour, agent=choice.agent + 1)
            else:
                self._say(
                    "snip_guess",
                    colour=colour,
                    agent=choice.agent + 1,
                    percent=round(100 * plan.p_target),
                )
            return choice
        return None

    def _junk_pair(self, plan: Plan) -> tuple[str, ...] | None:
        ranked = sorted(plan.v.hand, key=lambda c: (plan.value(c), c))
        if len(ranked) >= 2 and plan.value(ranked[1]) <= self.params.junk:
            return tuple(ranked[:2])
        return None

    def _agent_for_pair(self, plan: Plan, free_in: list[int]) -> int:
        # The agent with the fewest Snips does the pair: the ones with Snips stay for Snips.
        return min(free_in, key=lambda i: (len(plan.v.agents[i]["cuts"]), i))

    def _wild(
        self, legal: Sequence[Action], pair: tuple[str, ...], mode: str, agent: int
    ) -> PlayWild | None:
        wanted = PlayWild(0, pair, agent, mode)
        for a in legal:
            if (
                isinstance(a, PlayWild)
                and a.cards == wanted.cards
                and a.agent == agent
                and a.mode == mode
            ):
                return a
        return None

    def _siren(self, plan: Plan, plays: list[PlayCard]) -> PlayCard | None:
        v = plan.v
        options = [a for a in plays if a.card == ALARM]
        if not options:
            return None
        for seat, chance in sorted(plan.threats(), key=lambda t: -t[1]):
            inside = [a for a in v.seats[seat]["agents"] if not a["out"]]
            costs_them = inside and all(a["cuts"] for a in inside)
            if costs_them and chance >= 0.2:
                self._say("siren_block", seat=seat)
                return options[0]
        return None

    def _defuse_chance_in_time(self, plan: Plan) -> float:
        """A rough chance of defusing before the end: the aim's chance, lowered by what is
        still to draw and place, and by the time left."""
        v = plan.v
        rounds_left = max(0, v.showing - 1)
        if rounds_left == 0:
            return plan.p_now
        return plan.target_score * min(1.0, 0.5 + 0.15 * rounds_left)

    def _mascot_move(
        self, plan: Plan, legal: Sequence[Action], plays: list[PlayCard]
    ) -> Action | None:
        v = plan.v
        if v.is_keeper:
            return None
        late = v.showing <= self.params.late
        hopeless = self._defuse_chance_in_time(plan) < self.params.mascot_plan
        about_to_blow = v.showing <= 2
        if not ((late and hopeless) or about_to_blow):
            return None
        if plan.p_now >= 0.5:  # this turn's defusal is the better bet
            return None
        if not plan.can_take_mascot(1) and not plan.can_take_mascot(len(v.free_agents("in"))):
            return None
        exits = [a for a in plays if a.card == EXIT]
        if exits:
            choice = min(exits, key=lambda a: (len(v.agents[a.agent]["cuts"]), a.agent))
            self._say("exit_mascot", agent=choice.agent + 1)
            return choice
        if v.wild_allowed:
            ranked = sorted(v.hand, key=lambda c: (plan.value(c), c))
            if len(ranked) >= 2:
                free_in = v.free_agents("in")
                if free_in:
                    agent = self._agent_for_pair(plan, free_in)
                    wild = self._wild(legal, tuple(ranked[:2]), EXIT, agent)
                    if wild is not None:
                        self._say("exit_wild", agent=agent + 1, cards=list(wild.cards))
                        return wild
        return None

    def _frisk_target(self, plan: Plan) -> int:
        v = plan.v
        others = [
            (v.me + k) % v.players
            for k in range(1, v.players)
            if v.hand_size((v.me + k) % v.players)
        ]
        if not others:
            return (v.me + 1) % v.players
        threat = dict(plan.threats())
        return max(
            others, key=lambda q: (v.hand_size(q) + 3 * threat.get(q, 0.0), -others.index(q))
        )

    def _bypass_choice(self, plan: Plan) -> tuple[int, float]:
        v = plan.v
        best_pos, best_gain = (v.face_down[0] if v.face_down else 0), -1.0
        if not v.reserve_left:
            return best_pos, best_gain
        for position in v.face_down:
            after = plan.belief.after_bypass(position)
            score = max((plan.score(m, p) for m, p in after.items()), default=0.0)
            gain = score - plan.target_score
            if gain > best_gain:
                best_pos, best_gain = position, gain
        return best_pos, best_gain

    # ------------------------------------------------------------------ sub-decisions

    def _analyze_pick(self, plan: Plan, legal: Sequence[Action]) -> Action:
        picks = [a for a in legal if isinstance(a, PickWire)]
        choice = max(
            picks,
            key=lambda a: (
                a.position not in plan.v.known,
                plan.belief.scan_value(a.position),
                -a.position,
            ),
        )
        self._say("scan_pick", position=choice.position + 1)
        return choice

    def _bypass_pick(self, plan: Plan, legal: Sequence[Action]) -> Action:
        position, _ = self._bypass_choice(plan)
        picks = [a for a in legal if isinstance(a, PickWire)]
        choice = next((a for a in picks if a.position == position), picks[0])
        self._say("rewire_pick", position=choice.position + 1)
        return choice

    def _cut_place(self, plan: Plan, legal: Sequence[Action]) -> Action:
        colour = plan.v.prompt["colour"]
        places = [a for a in legal if isinstance(a, PlaceCut)]
        # Replace a Snip the aim does not need (the one just played counts as placed).
        surplus = plan.surplus
        for a in places:
            if a.replace is not None and surplus[a.replace]:
                self._say("snip_replace", colour=colour, old=a.replace)
                return a
        add = next((a for a in places if a.replace is None), None)
        if add is not None:
            self._say("snip_add", colour=colour)
            return add
        worst = min(
            (a for a in places if a.replace is not None),
            key=lambda a: (plan.belief.p_contains([a.replace or ""]), a.replace or ""),
        )
        self._say("snip_replace", colour=colour, old=worst.replace)
        return worst

    def _intercept_target(self, plan: Plan, legal: Sequence[Action]) -> Action:
        seat = self._frisk_target(plan)
        targets = [a for a in legal if isinstance(a, PickTarget)]
        choice = next((a for a in targets if a.target == seat), targets[0])
        self._say("frisk", seat=choice.target)
        return choice

    def _intercept_card(self, plan: Plan, legal: Sequence[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakeCard)]
        choice = max(takes, key=lambda a: (plan.value(a.card), -takes.index(a)))
        self._say("frisk_take", card=choice.card)
        return choice

    def _alarm_choice(self, plan: Plan, legal: Sequence[Action]) -> Action:
        v = plan.v
        outs = [a for a in legal if isinstance(a, AlarmAgent)]

        def loss(a: AlarmAgent) -> tuple[float, int]:
            cuts = v.agents[a.agent]["cuts"]
            needed = Counter(plan.target)
            return (sum(2.0 if needed[c] else 0.5 for c in cuts), a.agent)

        choice = min(outs, key=loss)
        self._say("siren_choice", agent=choice.agent + 1)
        return choice

    def _defuse(self, plan: Plan, legal: Sequence[Action]) -> Action:
        v = plan.v
        p = plan.p_now
        percent = round(100 * p)
        if p >= self.params.sure:
            self._say("defuse", percent=percent)
            return Defuse(v.me)
        if v.showing <= 1 and p > 0:  # the round's tick will blow the bomb before my next turn
            self._say("defuse_last", percent=percent)
            return Defuse(v.me)
        if p > 0.05 and p >= self._value_of_waiting(plan):
            self._say("defuse", percent=percent)
            return Defuse(v.me)
        self._say("no_defuse", percent=percent)
        return NoDefuse(v.me)

    def _value_of_waiting(self, plan: Plan) -> float:
        """The best chance of a later defusal: after k more rounds the chance of a match has
        grown (Scans, Snips) while the others may have won; in the Points variant the payoff
        also shrinks with the countdown."""
        v = plan.v
        hazard = self._hazard(plan)
        growth = self._growth(plan)
        points = bool(v.obs["options"]["points"])
        best = 0.0
        for k in range(1, v.showing):
            chance = 1.0 - (1.0 - plan.p_now) * (1.0 - growth) ** k
            value = (1.0 - hazard) ** k * chance
            if points:
                value *= (v.showing - k) / v.showing
            best = max(best, value)
        return best

    def _growth(self, plan: Plan) -> float:
        """How much of the missing chance a turn of Scans and Snips wins back."""
        v = plan.v
        if v.unknown_positions:
            can_scan = ANALYZE in v.hand or (v.wild_allowed and v.showing > 4 and len(v.hand) >= 3)
            return 0.5 if can_scan else 0.3
        return 0.6 if sum((plan.need - plan.hand_cuts).values()) == 0 else 0.3

    def _hazard(self, plan: Plan) -> float:
        """The chance, each round, that the game ends against me: an opponent who may defuse
        (by the chance their Snips match and how much of the combination they have seen), and
        the mascot's keeper with timers."""
        v = plan.v
        safe = 1.0
        for q in range(v.players):
            if q in (v.me, v.mascot):
                continue
            cuts = v.cuts_of(q)
            if len(cuts) == MAX_CUTS:
                match = plan.probs.get(multiset(cuts), 0.0)
            elif len(cuts) == MAX_CUTS - 1:
                match = 0.5 * plan.belief.p_contains(cuts)
            else:
                match = 0.1 * len(cuts) * plan.belief.p_contains(cuts)
            seen = sum(1 for w in v.obs["combination"] if w["face_up"] or q in w["analysed_by"])
            safe *= 1.0 - self.params.hazard * match * (0.25 + 0.75 * (seen / 4) ** 2)
        keeper = v.mascot
        if keeper is not None and keeper != v.me:
            unseen = self._unseen(v)
            pool = sum(unseen.values()) or 1
            timers = unseen[TIMER] + 2 * unseen[DOUBLE_TIMER]
            reach = v.hand_size(keeper) * timers / pool * min(1, v.outside(keeper))
            if v.showing - 1 <= reach:
                safe *= 0.5
            elif v.showing - 2 <= reach:
                safe *= 0.8
        return 1.0 - safe

    @staticmethod
    def _unseen(v: View) -> Counter[str]:
        """Cards I have not seen: in the deck or in the other hands (card counting)."""
        unseen = Counter(v.obs["cards"]["composition"])
        unseen.subtract(v.obs["discard"])
        unseen.subtract(v.hand)
        for seat in v.seats:
            for agent in seat["agents"]:
                unseen.subtract(cut_kind(c) for c in agent["cuts"])
        for played in v.obs["played"]:
            if played["wild"] or not played["as"].startswith("cut_"):
                unseen.subtract(played["cards"])
        return +unseen

    def _discard(self, plan: Plan, legal: Sequence[Action]) -> Action:
        count = int(plan.v.prompt["count"])
        ranked = sorted(plan.v.hand, key=lambda c: (plan.value(c), c))
        wanted = Counter(ranked[:count])
        choice = next(a for a in legal if isinstance(a, Discard) and Counter(a.cards) == wanted)
        assert isinstance(choice, Discard)
        self._say("discard", cards=list(choice.cards))
        return choice

    def _next_game(self, plan: Plan, legal: Sequence[Action]) -> Action:
        self._say("next_game")
        return legal[0]


__all__ = ["Params", "StrongBot"]

register_bot("strong", StrongBot)
