"""The "expert" level: safe like ``cautious``, and it also thinks about what the team learns and
keeps its equipment for the moments that need it.

Its turn, in order:

1. Reveal the reds when only reds are left.
2. Equipment that only helps, at once: Spare Batteries on a used Double Detector, Rewind once a
   step was lost, the Single Wire Label (2-2), the Sticky Note and the labels on the wires that
   teach the team the most.
3. A certain move: a solo cut; a cut at a wire whose token shows a value it holds (found without
   solving); a cut the solver proves. Among several cuts, the one that shows the team the most.
4. Nothing certain: every cut is scored by its *risk*, the chance it loses the game (an explosion
   now; a mistake on the last step; an earlier mistake costs a spare step, ``Style.mistake_base``
   per step left), so a sure miss on a wire that cannot be red beats a coin toss over the red
   wire. Then: a detector whose exact odds are certain; the Radar (on the value it would guess
   with), the Walkie-Talkies (to break a standoff over the red wire), the Coffee Break (to the
   teammate likeliest to hold only reds) and the Stabilizer when the risk is high enough; a
   detector when it clearly lowers the risk; else the least risky single cut, among near ties the
   one whose miss would teach the most.

Its setup token and Sticky Note go on values the others hold, where they teach most
(``teaching``); after a hit, and as an owner after a detector, it cuts or marks the wire whose
reveal narrows its neighbours most.

>>> from engine.redwire import new_game
>>> game = new_game(mission=2, players=4, seed=8)
>>> bots = [ExpertBot(seed) for seed in range(4)]
>>> while not game.is_over:
...     seat = game.to_move
...     game, _ = game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(seat)))
>>> game.result
'won'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import (
    Action,
    Batteries,
    CoffeeMug,
    Cut,
    Label,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    RevealReds,
    Rewind,
    SoloCut,
    Walkie,
)
from ..mechanisms import double_detector
from ..mechanisms.equipment import stabilizer
from ..observation_types import Observation
from ..wires import value_to_json
from . import sticker_c
from .advice import ask_mechanisms
from .base import for_bots, register_bot, seen_wire
from .cuts import EXACT_DETECTORS, RatedCut, detector_bounds, rate_singles, token_cuts
from .explanation import Explanation, explanation
from .knowledge import CutOdds, Knowledge, Slot
from .phrasing import cut_explanation, percent
from .standoff import after_cut, after_miss, next_player_risk
from .teaching import number_of_label, reveal_value, token_value


@dataclass(frozen=True)
class Style:
    """The expert's thresholds (kept together so that they can be tuned and benchmarked)."""

    #: What a spare detonator step is worth, as a share of the game: a mistake with ``d`` steps
    #: left costs ``mistake_base ** (d - 1)`` (the whole game on the last step).
    mistake_base: float = 0.6
    #: A detector must lower the risk of the best single cut by this much.
    detector_margin: float = 0.02
    #: Use the Stabilizer before a cut whose risk is at least this.
    stabilize_risk: float = 0.25
    #: Use the Radar before a cut whose risk is at least this.
    radar_risk: float = 0.2
    #: Swap with the Walkie-Talkies to break a standoff over the red wire at this risk.
    walkie_risk: float = 0.2
    #: Take a teammate's wire with the Grappling Hook when it is at least this likely to be the
    #: last copy of a value I hold the others of (a certain Solo Cut follows).
    hook_chance: float = 0.34
    #: Or take the wire the best guess aims at, when that guess's risk is at least this.
    hook_risk: float = 0.25
    #: Pass the turn with the Coffee Break when the best cut's risk is at least this.
    coffee_risk: float = 0.3
    #: Guesses within this much of the best count as ties, broken by what a miss teaches.
    guess_tie: float = 0.01
    #: Keep solo cuts for turns without another certain move (benchmarks found no gain).
    solo_reserve: bool = False
    #: Near the end (at most this many hidden wires), choose among certain moves, or a sure
    #: miss, by the risk left to the next player (``standoff``), over this many drawn worlds,
    #: for at most this many moves.
    look_ahead: bool = True
    look_ahead_hidden: int = 10
    look_ahead_worlds: int = 6
    look_ahead_moves: int = 6
    #: Use the free equipment (batteries, rewind, sticky note, labels, radar).
    free_equipment: bool = True


class ExpertBot:
    """See the module docstring."""

    name = "expert"

    def __init__(self, seed: int = 0, style: Style | None = None) -> None:
        self._rng = random.Random(seed)
        self.style = style or Style()
        self._why = explanation("random_move", kind="none")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        legal = for_bots(legal)
        advised = ask_mechanisms(observation, legal, self.name, self._rng)
        if advised is not None:  # a decision the mission's own rule knows best
            action, self._why = advised
            return action
        if all(isinstance(a, Pick) for a in legal):
            return self._pick(observation, [a for a in legal if isinstance(a, Pick)])
        tokens = [a for a in legal if isinstance(a, PlaceToken)]
        if tokens:
            return self._setup_token(observation, tokens)
        return self._turn(Knowledge(observation), legal)

    # ------------------------------------------------------------------ setup and picks

    def _setup_token(self, obs: Observation, tokens: list[PlaceToken]) -> Action:
        best = max(tokens, key=lambda t: _token_score(obs, t.stand, t.slot))
        value = number_of_label(seen_wire(obs, best.stand, best.slot))
        self._why = explanation("setup_token", stand=best.stand, wire=best.slot + 1, value=value)
        return best

    def _pick(self, obs: Observation, picks: list[Pick]) -> Action:
        prompt = obs["prompt"]
        kind = prompt["kind"] if prompt else None
        low, high = obs["blue_values"]

        def teaches(pick: Pick) -> float:
            slots = obs["stands"][pick.stand]["slots"]
            return reveal_value(slots, pick.slot, low=low, high=high)

        if kind == "walkie_give":
            choice = self._walkie_give(obs, picks)
            self._why = explanation("pick_walkie_give", stand=choice.stand, wire=choice.slot + 1)
            return choice
        choice = max(picks, key=teaches)
        if kind == "detector_token":
            self._why = explanation("pick_detector_token", stand=choice.stand, wire=choice.slot + 1)
            return choice
        label = seen_wire(obs, choice.stand, choice.slot)
        value = value_to_json(_class_of_label(label))
        key = "pick_detector_cut" if kind == "detector_cut" else "pick_own_cut"
        self._why = explanation(key, stand=choice.stand, wire=choice.slot + 1, value=value)
        return choice

    @staticmethod
    def _walkie_give(obs: Observation, picks: list[Pick]) -> Pick:
        """Give a wire of a value I hold most copies of (a pair I keep stays a pair for a solo
        cut only if I hold all of it; a lone copy is the one the team needs least from me)."""
        labels = [seen_wire(obs, p.stand, p.slot) for p in picks]
        classes = [_class_of_label(label) for label in labels]
        counts = {c: classes.count(c) for c in classes}
        return min(picks, key=lambda p: (-counts[classes[picks.index(p)]], p.stand, p.slot))

    # ------------------------------------------------------------------ the turn

    def _turn(self, know: Knowledge, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, RevealReds):
                self._why = explanation("reveal_reds")
                return action
        if self.style.free_equipment:
            free = self._free_equipment(know, legal)
            if free is not None:
                return free
        certain = self._certain_moves(know, legal)
        if certain:
            return self._best_certain(know, legal, certain)
        sure = sticker_c.fast_pass(legal)  # a sure step instead of a guess
        if sure is None:  # a likely certain Solo Cut, at no cost to the turn (any time)
            sure = sticker_c.hook_solo(know, legal, self.style.hook_chance)
        if sure is not None:
            action, self._why = sure
            return action
        singles = rate_singles(know, legal)
        if not singles:  # only equipment is left (cannot happen in a turn; stay legal)
            action = legal[0]
            self._why = explanation("random_move", kind=action.type)
            return action
        return self._no_certain_move(know, legal, singles)

    def _certain_moves(self, know: Knowledge, legal: Sequence[Action]) -> list[Action]:
        """The certain moves, best first: solo cuts, cuts a token shows (found without solving),
        cuts the solver proves (cuts ordered by what they show the team); solo cuts go last
        when kept in reserve."""
        solos = sorted((a for a in legal if isinstance(a, SoloCut)), key=lambda a: -a.value)
        cuts = [] if self._near_end(know) else token_cuts(know, legal)
        if not cuts:  # solve (the end is near, or no token shows a value I hold)
            cuts = [r.action for r in rate_singles(know, legal) if r.certain]
        cuts.sort(key=lambda cut: -self._teach_cut(know, cut))
        if self.style.solo_reserve:
            return [*cuts, *solos]
        return [*solos, *cuts]

    def _near_end(self, know: Knowledge) -> bool:
        """Few enough hidden wires to look one turn ahead (cheap solves)."""
        style = self.style
        return style.look_ahead and len(know.position.hidden_slots()) <= style.look_ahead_hidden

    def _best_certain(
        self, know: Knowledge, legal: Sequence[Action], moves: list[Action]
    ) -> Action:
        """The first certain move, unless the end is near: then the one that leaves the next
        player the least risky turn (``standoff``), or even a sure miss when every certain move
        would leave him in a standoff over the red wire."""
        choice = moves[0]
        if self._near_end(know):
            choice = self._look_ahead(know, legal, moves) or choice
        if isinstance(choice, SoloCut):
            self._why = explanation("solo_cut", value=value_to_json(choice.value))
        elif isinstance(choice, Cut) and choice in moves:
            others = sum(isinstance(m, Cut) for m in moves) > 1
            rated = RatedCut(choice, CutOdds(1.0, 0.0))
            teach = others and know.tile(choice.targets[0])["info"] is None
            self._why = cut_explanation(know, rated, "cut_certain_teach" if teach else None)
        return choice

    def _look_ahead(
        self, know: Knowledge, legal: Sequence[Action], moves: list[Action]
    ) -> Action | None:
        """Score each certain move (and, holding spare steps, each sure miss) by the risk the
        next player will face, over a few worlds drawn from my odds; the best, or None."""
        style, dial = self.style, know.dial_left
        worlds = [know.solution.sample(self._rng) for _ in range(style.look_ahead_worlds)]

        def next_risk(cut_now: list[Slot], miss: Slot | None, dial_then: int) -> float:
            following = self._next_seat(know, cut_now)
            if following is None:
                return 0.0
            total = 0.0
            for world in worlds:
                position = after_cut(
                    know.position, [(slot, world[slot[0]][slot[1]]) for slot in cut_now]
                )
                if miss is not None:
                    position = after_miss(position, miss, world[miss[0]][miss[1]])
                total += next_player_risk(
                    position,
                    following,
                    world,
                    dial=dial_then,
                    mistake_base=style.mistake_base,
                    reds=know.reds,
                )
            return total / len(worlds)

        scored: list[tuple[float, int, Action]] = []
        for rank, move in enumerate(moves[: style.look_ahead_moves]):
            if isinstance(move, SoloCut):
                cut_now = [slot for slot, cls in know.hand.items() if cls == move.value]
            elif isinstance(move, Cut):
                cut_now = [move.targets[0], self._own_wire(know, move.values[0])]
            else:
                continue
            scored.append((next_risk(cut_now, None, dial), rank, move))
        if not scored:
            return None
        best_risk, _, best = min(scored, key=lambda item: item[:2])
        if best_risk <= 0.0 or dial < 2:
            return best
        stalls = [
            r
            for r in rate_singles(know, legal)
            if r.odds.success == 0.0 and r.odds.explosion == 0.0
        ]
        spare = style.mistake_base ** (dial - 1)
        for stall in stalls[:3]:
            target = stall.action.targets[0]
            risk = spare + next_risk([], target, dial - 1)
            if risk < best_risk - 0.05:
                best_risk, best = risk, stall.action
                self._why = cut_explanation(know, stall, "cut_stall_ahead")
        return best

    def _own_wire(self, know: Knowledge, value: int) -> Slot:
        """The wire of mine I would cut with ``value`` (the one whose reveal teaches most)."""
        low, high = know.obs["blue_values"]
        mine = [slot for slot, cls in know.hand.items() if cls == value]
        return max(
            mine,
            key=lambda slot: reveal_value(
                know.obs["stands"][slot[0]]["slots"], slot[1], low=low, high=high
            ),
        )

    def _next_seat(self, know: Knowledge, cut_now: Sequence[Slot]) -> int | None:
        """The next seat clockwise that still has uncut wires once ``cut_now`` are cut."""
        gone = set(cut_now)
        for step in range(1, know.players):
            seat = (know.seat + step) % know.players
            if any(slot not in gone for slot in know.hand_of(seat)):
                return seat
        return None

    def _teach_cut(self, know: Knowledge, cut: Cut) -> float:
        """What a successful cut shows the others: the target (unless a token showed it) and
        the wire of mine I will cut with it."""
        low, high = know.obs["blue_values"]
        score = 0.0
        target = cut.targets[0]
        if know.tile(target)["info"] is None:
            score += 1.0
        mine = [slot for slot, cls in know.hand.items() if cls == cut.values[0]]
        score += max(
            (reveal_value(know.obs["stands"][s]["slots"], i, low=low, high=high) for s, i in mine),
            default=0.0,
        )
        return score

    def risk(self, odds: CutOdds, dial: int) -> float:
        """The chance a cut loses the game, now or later: an explosion loses at once; a mistake
        loses at once on the last step, and otherwise spends a step the team may need later
        (worth ``mistake_base`` per spare step, halving with every step left)."""
        spare = self.style.mistake_base ** max(0, dial - 1)
        return odds.explosion + odds.mistake * spare

    def _no_certain_move(
        self, know: Knowledge, legal: Sequence[Action], singles: list[RatedCut]
    ) -> Action:
        style = self.style
        dial = know.dial_left
        stabilized = stabilizer.active(know.obs)
        best, probe = self._best_guess(know, singles, stabilized)
        best_risk = 0.0 if stabilized else self.risk(best.odds, dial)
        top_success = max(r.odds.success for r in singles)
        # Detectors are counted exactly only when their bound says they could matter.
        bounds = detector_bounds(know, legal, top_success)
        maybe_sure = [cut for bound, cut in bounds if bound >= 1.0 - 1e-9][:EXACT_DETECTORS]
        for rated in self._exact(know, maybe_sure):
            if rated.certain:
                self._why = cut_explanation(know, rated)
                return rated.action
        by_type = {a.type: a for a in legal}
        if "hook" in by_type and best_risk >= style.hook_risk:
            look = sticker_c.hook_look(know, legal, best.action.targets[0], best.odds.success)
            if look is not None:
                action, self._why = look
                return action
        if style.free_equipment and "radar" in by_type and best_risk >= style.radar_risk:
            value = best.action.values[0]
            radar = next((a for a in legal if isinstance(a, Radar) and a.value == value), None)
            if radar is None:
                radar = next(a for a in legal if isinstance(a, Radar))
            self._why = explanation("radar", value=radar.value)
            return radar
        if "walkie" in by_type and best_risk >= style.walkie_risk:
            walkie = self._walkie(know, legal, best.action.values[0])
            if walkie is not None:
                self._why = explanation(
                    "walkie", partner=walkie.partner, stand=walkie.stand, wire=walkie.slot + 1
                )
                return walkie
        if "coffee" in by_type and best_risk >= style.coffee_risk:
            coffee = self._coffee(know, legal)
            if coffee is not None:
                self._why = explanation(
                    "coffee", next_seat=coffee.next_seat, percent=percent(best.odds.success)
                )
                return coffee
        if "stabilize" in by_type and best_risk >= style.stabilize_risk:
            self._why = explanation("stabilize", percent=percent(best.odds.success))
            return by_type["stabilize"]
        detector = self._detector(know, bounds, best, best_risk, stabilized)
        if detector is not None:
            self._why = cut_explanation(know, detector)
            return detector.action
        key = "cut_probe" if probe else None
        if best.odds.success < 0.005 and best.odds.explosion == 0.0:
            key = "cut_stall"
        self._why = cut_explanation(know, best, key)
        return best.action

    def _detector(
        self,
        know: Knowledge,
        bounds: list[tuple[float, Cut]],
        best: RatedCut,
        best_risk: float,
        stabilized: bool,
    ) -> RatedCut | None:
        """The detector worth its tool: one that lowers the risk of the best single cut by the
        margin (under the Stabilizer: raises its success by the margin). Only detectors whose
        bound allows it are counted exactly."""
        style, dial = self.style, know.dial_left
        spare = style.mistake_base ** max(0, dial - 1)
        free = double_detector.unlimited_in(know.obs)

        def margin(cut: Cut) -> float:
            # A Double Detector that never runs out (mission 58) costs nothing to use: any gain.
            return 0.0 if free and cut.tool == "double" else style.detector_margin

        def could(bound: float, cut: Cut) -> bool:
            if stabilized:
                return bound >= best.odds.success + margin(cut)
            return best_risk - (1.0 - bound) * spare >= margin(cut)

        candidates = [cut for bound, cut in bounds if could(bound, cut)][:EXACT_DETECTORS]
        rated = self._exact(know, candidates)
        if stabilized:
            worth = [r for r in rated if r.odds.success >= best.odds.success + margin(r.action)]
            return max(worth, key=lambda r: r.odds.success, default=None)
        worth = [r for r in rated if self.risk(r.odds, dial) <= best_risk - margin(r.action)]
        return min(worth, key=lambda r: (self.risk(r.odds, dial), -r.odds.success), default=None)

    @staticmethod
    def _exact(know: Knowledge, cuts: Sequence[Cut]) -> list[RatedCut]:
        return [RatedCut(cut, know.cut_odds(cut.targets, cut.values)) for cut in cuts]

    def _best_guess(
        self, know: Knowledge, singles: list[RatedCut], stabilized: bool
    ) -> tuple[RatedCut, bool]:
        """The single cut least likely to lose the game (under the Stabilizer: the likeliest);
        among near ties, the one whose miss would teach the most (the target whose value is
        least predictable), then the one-value cut (keep the X-or-Y ray). The flag tells whether
        that tie-break chose a (slightly) riskier cut to teach more."""
        dial = know.dial_left

        def score(rated: RatedCut) -> float:
            if stabilized:
                return rated.odds.success
            return -self.risk(rated.odds, dial) + 1e-3 * rated.odds.success

        top = max(score(r) for r in singles)
        ties = [r for r in singles if score(r) >= top - self.style.guess_tie]

        def spread(rated: RatedCut) -> float:
            chances = know.classes_at(rated.action.targets[0]).values()
            return 1.0 - max(chances)

        safest = max(ties, key=lambda r: (score(r), -len(r.action.values)))
        chosen = max(ties, key=lambda r: (spread(r), score(r), -len(r.action.values)))
        return chosen, score(chosen) < score(safest) - 1e-12

    def _walkie(self, know: Knowledge, legal: Sequence[Action], value: int) -> Walkie | None:
        """Break a standoff over the red wire: swap with a teammate whose only wire may be the
        red one. Either I receive the red (and reveal it) or the teammate gets my wire and I
        learn where the red is. I give a wire of the value I could not place."""
        suspects = {
            seat
            for seat in know.teammates_with_wires()
            if len(slots := know.hand_of(seat)) == 1 and know.chance(slots[0], know.reds) >= 0.2
        }
        offers = [a for a in legal if isinstance(a, Walkie) and a.partner in suspects]
        if not offers:
            return None

        def order(offer: Walkie) -> tuple[bool, float, int]:
            partner_slot = know.hand_of(offer.partner)[0]
            gives_value = know.hand.get((offer.stand, offer.slot)) == value
            return (not gives_value, -know.chance(partner_slot, know.reds), offer.partner)

        return min(offers, key=order)

    def _coffee(self, know: Knowledge, legal: Sequence[Action]) -> CoffeeMug | None:
        """Hand the turn to the teammate likeliest to hold nothing but red wires (he will reveal
        them, which often ends a standoff over where the red wire is); else the next teammate
        clockwise."""
        mugs = [a for a in legal if isinstance(a, CoffeeMug)]
        if not mugs:
            return None

        def only_red(mug: CoffeeMug) -> float:
            slots = [s for st in know.stands_of(mug.next_seat) for s in know.uncut_slots(st)]
            return min((know.chance(slot, know.reds) for slot in slots), default=0.0)

        def order(mug: CoffeeMug) -> tuple[float, int]:
            return (-only_red(mug), (mug.next_seat - know.seat) % know.players)

        return min(mugs, key=order)

    # ------------------------------------------------------------------ free equipment

    def _free_equipment(self, know: Knowledge, legal: Sequence[Action]) -> Action | None:
        """Equipment with no downside, used as soon as it helps."""
        obs = know.obs
        batteries = [a for a in legal if isinstance(a, Batteries)]
        if batteries:
            choice = max(batteries, key=lambda a: (know.seat in a.seats, len(a.seats)))
            self._why = explanation("batteries", seats=list(choice.seats))
            return choice
        for action in legal:
            if isinstance(action, Rewind) and know.dial_left < know.players:
                self._why = explanation("rewind", left=know.dial_left)
                return action
        single = sticker_c.single_label(obs, legal)
        if single is not None:
            action, self._why = single
            return action
        notes = [a for a in legal if isinstance(a, PostIt)]
        if notes:
            note = max(notes, key=lambda a: _token_score(obs, a.stand, a.slot))
            value = number_of_label(seen_wire(obs, note.stand, note.slot))
            self._why = explanation("post_it", stand=note.stand, wire=note.slot + 1, value=value)
            return note
        labels = [a for a in legal if isinstance(a, Label)]
        if labels:
            low, high = obs["blue_values"]

            def teaches(label: Label) -> float:
                slots = obs["stands"][label.stand]["slots"]
                pair = [i for i in (label.slot, label.slot + 1) if not slots[i]["cut"]]
                same = 1.0 if label.same else 0.0
                return same + sum(reveal_value(slots, i, low=low, high=high) for i in pair)

            label = max(labels, key=teaches)
            self._why = explanation(
                "label", card=label.card, stand=label.stand, wire=label.slot + 1
            )
            return label
        return None


def _shown(know: Knowledge, rated: RatedCut) -> bool:
    return know.tile(rated.action.targets[0])["info"] is not None


def _class_of_label(label: str) -> int:
    """The cut value of a label: its number for blue, 0 for yellow, -1 for red."""
    whole, _, rest = label.partition(".")
    if not rest:
        return int(whole)
    return 0 if rest == "1" else -1


def _token_score(obs: Observation, stand: int, slot: int) -> float:
    """What an info token on my wire (``stand``, ``slot``) is worth to the team."""
    slots = obs["stands"][stand]["slots"]
    number = number_of_label(seen_wire(obs, stand, slot))
    viewer = obs["viewer"]
    mine = sum(
        1
        for data in obs["stands"]
        if data["owner"] == viewer
        for tile in data["slots"]
        if tile["wire"] == str(number)
    )
    mine += sum(
        1
        for data in obs["stands"]
        if data["owner"] != viewer
        for tile in data["slots"]
        if tile["cut"] and tile["wire"] == str(number)
    )
    shown = sum(
        1
        for data in obs["stands"]
        for tile in data["slots"]
        if not tile["cut"] and tile["info"] == number
    )
    low, high = obs["blue_values"]
    return token_value(slots, slot, low=low, high=high, mine=mine, shown=shown)


register_bot("expert", ExpertBot)
