"""An oracle over real games: what a viewer can know, by replaying the game in every world.

A game is played by the engine's bots. At a late position (few wires the viewer cannot see), every
way to put the unseen tiles on the unseen wires (which "k of m" candidates are in play included)
is dealt with ``explicit_setup``, and the game's actions are replayed on it: a world is consistent
when every action stays legal and the viewer's observation is identical to the real one (the log
included). A world weighs its number of physical deals (copies of a value are distinct tiles; a pair
of wires drawn at once, mission 64's flipped pair, is one place of the deal). The
exact distribution of every unseen wire follows, to compare with the solver's.

This shares nothing with the deduction package but the engine's public API: the definition of
"what the viewer can know" is the engine's own.

>>> game = play_game(1, 2, seed=3, levels=("expert", "expert"))
>>> truth = enumerate_worlds(game, len(game.states) - 1, 0, max_worlds=2000)
>>> truth is None or truth.total > 0
True
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.redwire import (
    GameState,
    IllegalActionError,
    Options,
    SetupError,
    explicit_setup,
    new_game,
    start,
)
from engine.redwire.bots import make_bot
from engine.redwire.bots.characters import table_characters
from engine.redwire.mechanisms.base import Mechanism
from engine.redwire.mechanisms.flipped_wires import flipped_ids, paired
from engine.redwire.observation import _stand as observed_stand
from engine.redwire.observation import event_view
from engine.redwire.wires import colour_of, label_of, value_to_json

LEVELS = ("random", "cautious", "expert", "eager")
#: Equipment actions an "eager" seat plays whenever it can, half the time.
EQUIPMENT = {
    "radar",
    "walkie",
    "label",
    "post_it",
    "stabilize",
    "coffee",
    "rewind",
    "batteries",
    "own_radar",
    "own_walkie",
    "hook",
}
Viewer = int | None


@dataclass
class PlayedGame:
    """A game and every state it went through (``states[k]``: after ``k`` actions)."""

    mission: int
    players: int
    seed: int
    states: list[GameState]
    levels: tuple[str, ...] = ()

    @property
    def actions(self) -> tuple[Any, ...]:
        return self.states[-1].record.actions


def play_game(
    mission: int,
    players: int,
    seed: int,
    levels: Sequence[str],
    max_actions: int = 400,
    options: Options | None = None,
) -> PlayedGame:
    """A game where seat ``k`` is played by a bot of level ``levels[k]`` (``"eager"``: the expert
    bot, but half the time any equipment it can use, so that every card shows up), under the
    rule ``options``."""
    # From mission 31 the characters are drawn (rule sticker B): every personal equipment shows up.
    chosen, _ = table_characters(
        mission, players, captain=None, levels=["random"] * players, picks=[], seed=seed
    )
    state = new_game(mission, players, seed, chosen=chosen, options=options)
    rng = random.Random(seed)
    bots = [
        make_bot("expert" if level == "eager" else level, seed * 10 + k)
        for k, level in enumerate(levels)
    ]
    states = [state]
    while not state.is_over and len(states) <= max_actions:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        eager = levels[seat] == "eager"
        special = [a for a in legal if a.type in EQUIPMENT] if eager else []
        if eager and special and rng.random() < 0.5:
            action = rng.choice(special)
        else:
            action = bots[seat].choose(state.observation(seat), legal)
        state, _ = state.apply(action)
        states.append(state)
    return PlayedGame(mission, players, seed, states, tuple(levels))


def random_levels(players: int, rng: random.Random) -> tuple[str, ...]:
    """Mostly careful bots (so that games get late), sometimes a random or an eager one."""
    return tuple(
        rng.choice(("expert", "expert", "cautious", "cautious", "eager", "eager", "random"))
        for _ in range(players)
    )


def unseen_slots(obs: dict[str, Any]) -> list[tuple[int, int]]:
    """The slots whose wire the viewer does not see."""
    return [
        (s, i)
        for s, stand in enumerate(obs["stands"])
        for i, slot in enumerate(stand["slots"])
        if slot["wire"] is None
    ]


def unseen_count(state: GameState, viewer: Viewer) -> int:
    """``len(unseen_slots(state.observation(viewer)))``, from the observation's own stands
    alone: scanning every position of a game for late ones, the rest of each observation (its
    log above all) would cost far more than the stands."""
    return sum(
        slot["wire"] is None
        for stand in range(len(state.stands))
        for slot in observed_stand(state, stand, viewer)["slots"]
    )


@dataclass
class Truth:
    """The consistent worlds of a position: their total weight (physical deals) and, per unseen
    slot, the weight of each code there."""

    total: int = 0
    weights: dict[tuple[int, int], Counter[int]] = field(default_factory=dict)
    worlds: int = 0  # consistent worlds (code layouts)
    tried: int = 0  # layouts replayed

    def distribution(self, slot: tuple[int, int]) -> dict[int, Fraction]:
        return {c: Fraction(w, self.total) for c, w in sorted(self.weights[slot].items()) if w}


def enumerate_worlds(
    game: PlayedGame, k: int, viewer: Viewer, max_worlds: int = 400
) -> Truth | None:
    """The truth of the position after ``k`` actions seen by ``viewer`` (None: a spectator), or
    None when more than ``max_worlds`` layouts would have to be replayed."""
    layouts = candidate_layouts(game, k, viewer, max_worlds)
    if layouts is None:
        return None
    state = game.states[k]
    obs = state.observation(viewer)
    unseen = _unseen_wires(state, obs, viewer)
    dealt_at = _dealt_at(state)
    apart = _apart(state)
    together = _together(state)
    truth = Truth()
    views = log_views(game, k, viewer)
    for codes in layouts:
        truth.tried += 1
        replayed = _replay(game, k, viewer, codes, views, obs)
        if replayed is None or replayed.observation(viewer) != obs:
            continue
        weight = _physical_deals(codes, dealt_at, apart, together)
        truth.total += weight
        truth.worlds += 1
        for s, stand in enumerate(replayed.stands):
            for i, wire in enumerate(stand):
                if wire in unseen:
                    truth.weights.setdefault((s, i), Counter())[codes[wire]] += weight
    return truth


def candidate_layouts(
    game: PlayedGame, k: int, viewer: Viewer, most: int
) -> list[dict[int, int]] | None:
    """Every deal (wire id -> code) the viewer cannot tell from the real one by what he sees
    now: the unseen tiles on the unseen wires, each stand sorted as dealt, every token shown
    true (None: more than ``most``). Only a replay tells which are consistent."""
    state = game.states[k]
    obs = state.observation(viewer)
    unseen = _unseen_wires(state, obs, viewer)
    known = {w: state.codes[w] for w in range(len(state.codes)) if w not in unseen}
    shown = _shown_values(state, obs)
    dealt_at = _dealt_at(state)
    apart = _apart(state)
    layouts: list[dict[int, int]] = []
    seen_codes = Counter(known.values())
    for tiles in _tile_sets(obs):
        missing = tiles - seen_codes
        if any(tiles[c] < n for c, n in seen_codes.items()) or missing.total() != len(unseen):
            continue
        found = _layouts(
            state.setup.stands, dealt_at, known, missing, shown, apart, *_outside(state)
        )
        layouts += itertools.islice(found, most + 1 - len(layouts))
        if len(layouts) > most:
            return None
    return layouts


def _piles(state: GameState) -> list[tuple[Any, tuple[int, ...]]]:
    """The mechanisms that deal wires to a face-down pile (Nano), with the ids dealt there (the
    ids after the stands', in the order their setup lists them)."""
    found = []
    first = sum(len(stand) for stand in state.setup.stands)
    for use in state.mission.mechanisms:
        for m in state.mechanisms:
            if m.id == use.id and use.id in state.setup.parts:
                count = len(m.pile_codes(use.config, state.setup.parts[use.id]))
                if count:
                    found.append((m, tuple(range(first, first + count))))
                    first += count
    return found


def _outside(state: GameState) -> tuple[frozenset[int], dict[int, str]]:
    """The wires still on a pile outside the deal (mission 54's reds on the card: the
    observation's ``pile.outside``): nothing ever told their order, so one order stands for
    all (the deduction counts the deals of the stands, not the pile's orders); and the colour
    of every wire dealt to such a pile (all of its colour: everyone knows it)."""
    left: set[int] = set()
    colours: dict[int, str] = {}
    parts = state.observation(None)["mechanisms"]
    for m, ids in _piles(state):
        part = parts.get(m.id)
        pile = part.get("pile") if isinstance(part, dict) else None
        if isinstance(pile, dict) and pile.get("outside"):
            left |= m.off_stand(state)
            colours.update({w: str(part["colour"]) for w in ids})
    return frozenset(left), colours


def _unseen_wires(state: GameState, obs: dict[str, Any], viewer: Viewer) -> set[int]:
    """The ids of the wires the viewer does not see: on the stands, and off them (Nano's, but
    the one he took and is placing)."""
    unseen = {state.stands[s][i] for s, i in unseen_slots(obs)}
    for mechanism in state.mechanisms:
        seen = mechanism.off_stand_seen(state, viewer)
        unseen |= {w for w in mechanism.off_stand(state) if w not in seen}
    return unseen


def _dealt_at(state: GameState) -> list[tuple[int, int]]:
    """Where each wire id was dealt: (stand, slot), a pile counting as one more stand."""
    dealt_at = [(s, i) for s, stand in enumerate(state.setup.stands) for i in range(len(stand))]
    for k, (_, ids) in enumerate(_piles(state)):
        dealt_at += [(len(state.setup.stands) + k, i) for i in range(len(ids))]
    return dealt_at


def _apart(state: GameState) -> frozenset[int]:
    """Wires kept out of the sorted order (X wires) and every wire dealt to a pile (in no
    order), by id (ids follow the deal)."""
    apart = {w for m in state.mechanisms for w in m.unsorted_wires(state)}
    for _, ids in _piles(state):
        apart |= set(ids)
    return frozenset(apart)


def _together(state: GameState) -> dict[int, int]:
    """Mission 64: each flipped wire's pair (by its left wire's id). A seat's two flipped wires
    are one unordered pair of his tiles, drawn at once: one place of the deal, like a sorted
    stand of two (a pair of equal codes is one draw, two different codes are one too)."""
    found: dict[int, int] = {}
    if paired(state):
        wires = flipped_ids(state)
        for left, right in zip(wires[0::2], wires[1::2], strict=True):
            found[left] = found[right] = left
    return found


def _shown_values(state: GameState, obs: dict[str, Any]) -> dict[int, Any]:
    """Wire id -> the value of the info token shown in front of it (the observation must show
    the same in every consistent world)."""
    return {
        state.stands[s][i]: slot["info"]
        for s, stand in enumerate(obs["stands"])
        for i, slot in enumerate(stand["slots"])
        if slot["info"] is not None
    }


def _tile_sets(obs: dict[str, Any]) -> Iterator[Counter[int]]:
    """Every multiset of tiles that may be in play (each "k of m" choice)."""
    low, high = obs["blue_values"]
    base = Counter({10 * n: 4 for n in range(low, high + 1)})
    choices = []
    for colour in ("red", "yellow"):
        marker = obs["markers"][colour]
        codes = [_code(label) for label in marker["values"]]
        choices.append(list(itertools.combinations(codes, int(marker["in_play"]))))
    for kept in itertools.product(*choices):
        yield base + Counter(c for subset in kept for c in subset)


def _code(label: str) -> int:
    whole, _, frac = label.partition(".")
    return 10 * int(whole) + (int(frac) if frac else 0)


def _layouts(
    stands: Sequence[Sequence[int]],
    dealt_at: list[tuple[int, int]],
    known: dict[int, int],
    missing: Counter[int],
    shown: dict[int, Any],
    apart: frozenset[int] = frozenset(),
    outside: frozenset[int] = frozenset(),
    colours: Mapping[int, str] | None = None,
) -> Iterator[dict[int, int]]:
    """Every way to give the ``missing`` tiles to the unseen wires so that each stand, as dealt,
    is sorted (but the wires kept ``apart``) and every shown token is true; the wires still on a
    pile ``outside`` the deal get theirs in one order only (ascending by id), and every wire
    dealt to such a pile one of its colour (``colours``)."""
    colours = colours or {}
    piled = set(colours.values())
    order = [w for w in range(len(dealt_at)) if w not in known]
    codes = dict(known)
    left = Counter(missing)

    def fits(wire: int, code: int) -> bool:
        s, i = dealt_at[wire]
        if wire in shown and value_to_json(_value(code)) != shown[wire]:
            return False
        # A pile outside the deal holds every wire of its colour, and only them.
        colour = colour_of(code).value
        if wire in colours and colours[wire] != colour:
            return False
        if wire not in colours and colour in piled:
            return False
        if wire in outside:
            earlier = [codes[w] for w in outside if w < wire and w in codes]
            return not earlier or max(earlier) <= code
        if wire in apart:
            return True
        first = wire - i
        before = [codes[w] for w in range(first, wire) if w in codes and w not in apart]
        after = [
            codes[w]
            for w in range(wire + 1, first + len(stands[s]))
            if w in codes and w not in apart
        ]
        return (not before or before[-1] <= code) and (not after or code <= min(after))

    def place(k: int) -> Iterator[dict[int, int]]:
        if k == len(order):
            yield dict(codes)
            return
        wire = order[k]
        for code in sorted(left):
            if left[code] and fits(wire, code):
                left[code] -= 1
                codes[wire] = code
                yield from place(k + 1)
                del codes[wire]
                left[code] += 1

    yield from place(0)


def _value(code: int) -> int:
    rest = code % 10
    return code // 10 if rest == 0 else (0 if rest == 1 else -1)


def _views(state: GameState, viewer: Viewer, start: int = 0) -> list[dict[str, Any]]:
    """The events of ``state``'s log from ``start`` as the viewer keeps them (less what a
    mechanism makes him forget: mission 50's memory option)."""
    return [event_view(state, event, viewer) for event in state.log[start:]]


#: Per state of a game: the length of its log, and the viewer's views of the events it added to
#: the previous state's (the first state: its whole log).
LogViews = list[tuple[int, list[dict[str, Any]]]]


def log_views(game: PlayedGame, k: int, viewer: Viewer) -> LogViews:
    """The viewer's views of the logs of the game's first ``k + 1`` states, each state's only
    from where the previous state's log ended (what a replay compares an action's events to):
    every event viewed once, not once per later state."""
    views: LogViews = []
    start = 0
    for state in game.states[: k + 1]:
        views.append((len(state.log), _views(state, viewer, start)))
        start = len(state.log)
    return views


def _forgetful(state: GameState) -> bool:
    """True when a mechanism in play makes the viewers forget part of the log: then an action
    whose places the viewer no longer knows may have been any other with the same view."""
    return any(type(m).log_view is not Mechanism.log_view for m in state.mechanisms)


#: At most this many variants of one action are tried (every place on the same stands).
MAX_VARIANTS = 400


def _variants(state: GameState, action: Any) -> Iterator[Any]:
    """``action`` first, then (in a forgetful game) the same action pointing elsewhere on the
    same stands: another wire for each ``targets`` entry, or another ``slot``."""
    yield action
    if not _forgetful(state):
        return
    fields = {f.name for f in dataclasses.fields(action)}
    if "targets" in fields and action.targets:
        places = [range(len(state.stands[stand])) for stand, _ in action.targets]
        tried = {tuple(action.targets)}
        for n, slots in enumerate(itertools.product(*places)):
            if n >= MAX_VARIANTS:
                return
            targets = tuple(
                sorted((t[0], slot) for t, slot in zip(action.targets, slots, strict=True))
            )
            if len(set(targets)) < len(targets) or targets in tried:
                continue
            tried.add(targets)
            yield dataclasses.replace(action, targets=targets)
    elif {"stand", "slot"} <= fields:
        for slot in range(len(state.stands[action.stand])):
            if slot != action.slot:
                yield dataclasses.replace(action, slot=slot)


def _replay(
    game: PlayedGame,
    k: int,
    viewer: Viewer,
    codes: dict[int, int],
    views: LogViews,
    obs: Any = None,
) -> GameState | None:
    """The game's first ``k`` actions on the deal ``codes`` (by wire id), or None as soon as an
    action is illegal or an event looks different to the viewer (in a forgetful game: when no
    variant of the actions shows him the same, and ``obs`` at the end)."""
    real = game.states[0].setup
    stands, w = [], 0
    for stand in real.stands:
        stands.append([label_of(codes[w + i]) for i in range(len(stand))])
        w += len(stand)
    parts = real.to_json()["parts"]
    for mechanism, ids in _piles(game.states[0]):  # the pile's wires of this world
        parts[mechanism.id] = mechanism.setup_to_json(tuple(codes[i] for i in ids))
    try:
        setup = explicit_setup(
            real.mission,
            real.players,
            real.captain,
            stands,
            parts,
            [label_of(c) for c in real.red_markers],
            [label_of(c) for c in real.yellow_markers],
            real.options,
        )
        # A deal its mechanisms refuse as the game starts (mission 64: the lower of a seat's
        # flipped wires must lie at the far left) is no world.
        state = start(setup)
    except SetupError:
        return None
    if _views(state, viewer) != views[0][1]:
        return None
    return _replay_from(state, game.actions, 0, k, viewer, views, obs)


def _replay_from(
    state: GameState,
    actions: Sequence[Any],
    n: int,
    k: int,
    viewer: Viewer,
    views: LogViews,
    obs: Any,
) -> GameState | None:
    """Actions ``n`` to ``k`` from ``state``, each showing the viewer what it showed him; in a
    forgetful game an action may be any variant with the same view, searched depth first (a
    later action may rule an earlier variant out, and so may the last observation, ``obs``)."""
    if n == k:
        if obs is not None and _forgetful(state) and state.observation(viewer) != obs:
            return None
        return state
    seen = views[n][0]
    for action in _variants(state, actions[n]):
        try:
            after, _ = state.apply(action)
        except IllegalActionError:
            continue
        if len(after.log) != views[n + 1][0] or _views(after, viewer, seen) != views[n + 1][1]:
            continue
        found = _replay_from(after, actions, n + 1, k, viewer, views, obs)
        if found is not None:
            return found
    return None


def _physical_deals(
    codes: dict[int, int],
    dealt_at: list[tuple[int, int]],
    apart: frozenset[int] = frozenset(),
    together: Mapping[int, int] | None = None,
) -> int:
    """The number of physical deals of this layout: per code, its copies (4 for blue, 1 for red
    and yellow) shared among the stands as dealt, each copy a distinct tile; a wire kept out of
    the sorted order (an X wire) is a place of its own, but a pair drawn ``together`` (mission
    64's flipped pair, wire -> its pair) is one place of two."""
    together = together or {}
    per_stand: dict[object, Counter[int]] = {}
    for wire, code in codes.items():
        if wire in together:
            group: object = ("pair", together[wire])
        else:
            group = ("apart", wire) if wire in apart else dealt_at[wire][0]
        per_stand.setdefault(group, Counter())[code] += 1
    total = Counter(codes.values())
    weight = 1
    for code, n in total.items():
        copies = 4 if code % 10 == 0 else 1
        weight *= math.factorial(copies) // math.factorial(copies - n)
        for counts in per_stand.values():
            weight //= math.factorial(counts[code])
    return weight
