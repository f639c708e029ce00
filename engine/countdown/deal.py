"""The setup of a game: who plays and starts, the combination and the spare wires, the hands and
the deck in order; optionally a position further on (for puzzles, tutorials and tests).

A :class:`Setup` is the whole outcome of chance at the start, so a record that stores it replays
without any random generator (reshuffles and later deals are stored in the record as they happen).
It comes from a seed (:func:`random_setup`) or is written by hand (:func:`explicit_setup`).

>>> s = random_setup(players=3, seed=7)
>>> [len(h) for h in s.hands], len(s.deck), len(s.combination), len(s.reserve), s.first
([4, 4, 4], 54, 4, 4, 1)
>>> explicit_setup(players=2, first=0, combination=["red", "red", "blue", "teal"], reserve=[],
...                hands=[[], []], deck=[])
Traceback (most recent call last):
engine.core.errors.SetupError: setup.combination[3]: 'teal' is not a wire colour (red, blue, green, yellow, black, white, orange, purple)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.rng import Rng
from .cards import (
    AGENTS,
    COMBINATION,
    MAX_CUTS,
    PALETTE,
    PLAYER_COUNTS,
    CardData,
    colour_order,
    cut_kind,
    is_kind,
    load_cards,
    sort_cards,
)
from .errors import SetupError
from .options import Options

START_COUNTDOWN = 10
HAND_SIZE = 4
_MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class AgentSetup:
    """One agent at the start: inside or out, and the Snips under it (colours)."""

    out: bool = False
    cuts: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"out": self.out, "cuts": list(self.cuts)}


FRESH_TEAM: tuple[AgentSetup, ...] = (AgentSetup(),) * AGENTS


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first decision. Position fields default to the rulebook's
    start (countdown 10, every agent inside, nothing face up, no mascot keeper, no discards)."""

    players: int
    first: int
    #: The four combination wires by position (colours).
    combination: tuple[str, ...]
    #: The spare wires in the order a Rewire takes them.
    reserve: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    #: The draw deck, top card first.
    deck: tuple[str, ...]
    options: Options = field(default_factory=Options)
    #: The seed it was dealt from, if any. Replays never use it; a game continued after a
    #: replay draws its reshuffles and next deals from it.
    seed: int | None = None
    countdown: int = START_COUNTDOWN
    face_up: tuple[bool, ...] = (False,) * COMBINATION
    agents: tuple[tuple[AgentSetup, ...], ...] = ()
    discard: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    mascot: int | None = None

    def team(self, seat: int) -> tuple[AgentSetup, ...]:
        return self.agents[seat] if self.agents else FRESH_TEAM

    def all_cards(self) -> Counter[str]:
        """Every action card of the game, wherever it starts (the public composition)."""
        cards = Counter(self.deck)
        cards.update(self.discard)
        for hand in self.hands:
            cards.update(hand)
        for seat in range(self.players):
            for agent in self.team(seat):
                cards.update(cut_kind(c) for c in agent.cuts)
        return cards

    def all_wires(self) -> Counter[str]:
        return Counter([*self.combination, *self.reserve, *self.removed])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players,
            "first": self.first,
            "combination": list(self.combination),
            "reserve": list(self.reserve),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "options": self.options.to_json(),
            "seed": self.seed,
        }
        if self.countdown != START_COUNTDOWN:
            out["countdown"] = self.countdown
        if any(self.face_up):
            out["face_up"] = list(self.face_up)
        if self.agents:
            out["agents"] = [[a.to_json() for a in team] for team in self.agents]
        if self.discard:
            out["discard"] = list(self.discard)
        if self.removed:
            out["removed"] = list(self.removed)
        if self.mascot is not None:
            out["mascot"] = self.mascot
        return out

    @classmethod
    def from_json(cls, raw: object) -> Setup:
        """Parse and validate; raises SetupError naming what is wrong."""
        if not isinstance(raw, dict):
            raise SetupError("setup must be an object")
        known = {
            "players", "first", "combination", "reserve", "hands", "deck", "options", "seed",
            "countdown", "face_up", "agents", "discard", "removed", "mascot",
        }  # fmt: skip
        unknown = sorted(set(raw) - known)
        if unknown:
            raise SetupError(f"setup has an unknown field {unknown[0]!r}")
        try:
            agents_raw = raw.get("agents")
            agents = None
            if agents_raw is not None:
                agents = [
                    _list(team, "setup.agents[]") for team in _list(agents_raw, "setup.agents")
                ]
            return explicit_setup(
                players=_int(raw.get("players"), "setup.players"),
                first=_int(raw.get("first"), "setup.first"),
                combination=_list(raw.get("combination"), "setup.combination"),
                reserve=_list(raw.get("reserve"), "setup.reserve"),
                hands=[_list(h, "setup.hands[]") for h in _list(raw.get("hands"), "setup.hands")],
                deck=_list(raw.get("deck"), "setup.deck"),
                options=Options.from_json(raw.get("options")),
                seed=_seed(raw.get("seed")),
                countdown=_int(raw.get("countdown", START_COUNTDOWN), "setup.countdown"),
                face_up=_list(raw.get("face_up", [False] * COMBINATION), "setup.face_up"),
                agents=agents,
                discard=_list(raw.get("discard", []), "setup.discard"),
                removed=_list(raw.get("removed", []), "setup.removed"),
                mascot=None if raw.get("mascot") is None else _int(raw["mascot"], "setup.mascot"),
            )
        except (TypeError, ValueError, AttributeError) as exc:
            raise SetupError(f"setup is invalid: {exc}") from exc


def _int(raw: object, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise SetupError(f"{name} must be a whole number, got {raw!r}")
    return raw


def _seed(raw: object) -> int | None:
    if raw is None:
        return None
    return _int(raw, "setup.seed")


def _list(raw: object, name: str) -> list[Any]:
    if not isinstance(raw, list):
        raise SetupError(f"{name} must be a list, got {raw!r}")
    return raw


def _colours(raw: Sequence[object], name: str) -> tuple[str, ...]:
    for index, colour in enumerate(raw):
        if colour not in PALETTE:
            raise SetupError(
                f"{name}[{index}]: {colour!r} is not a wire colour ({', '.join(PALETTE)})"
            )
    return tuple(str(c) for c in raw)


def _cards(raw: Sequence[object], name: str) -> tuple[str, ...]:
    for index, kind in enumerate(raw):
        if not is_kind(kind):
            raise SetupError(f"{name}[{index}]: {kind!r} is not a card kind")
    return tuple(str(k) for k in raw)


def explicit_setup(
    *,
    players: int,
    first: int,
    combination: Sequence[str],
    reserve: Sequence[str],
    hands: Sequence[Sequence[str]],
    deck: Sequence[str],
    options: Options | None = None,
    seed: int | None = None,
    countdown: int = START_COUNTDOWN,
    face_up: Sequence[bool] = (False,) * COMBINATION,
    agents: Sequence[Sequence[AgentSetup | dict[str, Any]]] | None = None,
    discard: Sequence[str] = (),
    removed: Sequence[str] = (),
    mascot: int | None = None,
) -> Setup:
    """A setup written by hand, checked: raises SetupError naming the field that is wrong.

    >>> s = explicit_setup(players=2, first=1, combination=["red", "blue", "blue", "green"],
    ...                    reserve=["yellow"], hands=[["analyze"], ["timer", "cut_red"]],
    ...                    deck=["exit"] * 3, countdown=3)
    >>> s.hands[1], s.countdown
    (('cut_red', 'timer'), 3)
    """
    if players not in PLAYER_COUNTS:
        raise SetupError(f"Countdown is for 2 to 5 players, not {players}")
    if first not in range(players):
        raise SetupError(f"setup.first must be a seat 0..{players - 1}, got {first!r}")
    if len(combination) != COMBINATION:
        raise SetupError(f"setup.combination must hold {COMBINATION} wires, got {len(combination)}")
    combo = _colours(combination, "setup.combination")
    spare = _colours(reserve, "setup.reserve")
    if len(hands) != players:
        raise SetupError(f"setup.hands must hold one hand per player ({players}), got {len(hands)}")
    dealt = tuple(
        tuple(sort_cards(list(_cards(h, f"setup.hands[{seat}]")))) for seat, h in enumerate(hands)
    )
    if isinstance(countdown, bool) or not isinstance(countdown, int) or not 1 <= countdown <= 10:
        raise SetupError(f"setup.countdown must be the number showing, 1..10, got {countdown!r}")
    if len(face_up) != COMBINATION or not all(isinstance(f, bool) for f in face_up):
        raise SetupError(f"setup.face_up must be {COMBINATION} true/false values")
    teams: tuple[tuple[AgentSetup, ...], ...] = ()
    if agents is not None:
        teams = _teams(agents, players)
    if mascot is not None and mascot not in range(players):
        raise SetupError(f"setup.mascot must be a seat 0..{players - 1} or null, got {mascot!r}")
    return Setup(
        players=players,
        first=first,
        combination=combo,
        reserve=spare,
        hands=dealt,
        deck=_cards(deck, "setup.deck"),
        options=options or Options(),
        seed=seed,
        countdown=countdown,
        face_up=tuple(face_up),
        agents=teams,
        discard=_cards(discard, "setup.discard"),
        removed=_colours(removed, "setup.removed"),
        mascot=mascot,
    )


def _teams(
    agents: Sequence[Sequence[AgentSetup | dict[str, Any]]], players: int
) -> tuple[tuple[AgentSetup, ...], ...]:
    if len(agents) != players:
        raise SetupError(f"setup.agents must hold one team per player ({players})")
    teams = []
    for seat, team in enumerate(agents):
        if len(team) != AGENTS:
            raise SetupError(f"setup.agents[{seat}] must hold {AGENTS} agents")
        parsed = []
        for index, agent in enumerate(team):
            where = f"setup.agents[{seat}][{index}]"
            if isinstance(agent, dict):
                out, cuts = agent.get("out", False), agent.get("cuts", [])
            elif isinstance(agent, AgentSetup):
                out, cuts = agent.out, list(agent.cuts)
            else:
                raise SetupError(f"{where} must be an object with 'out' and 'cuts'")
            if not isinstance(out, bool) or not isinstance(cuts, list | tuple):
                raise SetupError(f"{where}: 'out' is true/false and 'cuts' a list of colours")
            colours = _colours(cuts, f"{where}.cuts")
            if out and colours:
                raise SetupError(f"{where}: an agent outside the building has no Snips")
            parsed.append(AgentSetup(out, tuple(sorted(colours, key=colour_order))))
        if sum(len(a.cuts) for a in parsed) > MAX_CUTS:
            raise SetupError(f"setup.agents[{seat}]: at most {MAX_CUTS} Snips in all")
        teams.append(tuple(parsed))
    return tuple(teams)


def chance_rng(seed: int | None, index: int) -> Rng:
    """The generator of the ``index``-th chance event after the deal (a reshuffle, a next deal):
    each from its own stream, so it does not depend on how the others were used."""
    base = (seed or 0) & _MASK64
    return Rng((base * 0x9E3779B97F4A7C15 + 0xD1B54A32D192ED03 * (index + 1)) & _MASK64)


@dataclass(frozen=True)
class Deal:
    """A fresh deal: wires in order (the first four are the combination), hands, deck."""

    combination: tuple[str, ...]
    reserve: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]


def deal(rng: Rng, players: int, wires: Sequence[str], cards: Sequence[str]) -> Deal:
    """Shuffle the wires and the action cards and deal 4 cards to each seat, seat 0 first."""
    shuffled_wires = list(wires)
    rng.shuffle(shuffled_wires)
    deck = list(cards)
    rng.shuffle(deck)
    hands = tuple(
        tuple(sort_cards(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]))
        for seat in range(players)
    )
    return Deal(
        tuple(shuffled_wires[:COMBINATION]),
        tuple(shuffled_wires[COMBINATION:]),
        hands,
        tuple(deck[players * HAND_SIZE :]),
    )


def random_setup(
    players: int,
    seed: int,
    *,
    first: int | None = None,
    options: Options | None = None,
    cards: CardData | None = None,
) -> Setup:
    """A setup dealt from ``seed`` with the shipped card data (or ``cards``)."""
    if players not in PLAYER_COUNTS:
        raise SetupError(f"Countdown is for 2 to 5 players, not {players}")
    if first is not None and first not in range(players):
        raise SetupError(f"first must be a seat 0..{players - 1}, got {first!r}")
    data = cards or load_cards()
    rng = Rng(seed)
    dealt = deal(rng, players, data.wire_list(), data.deck_list())
    if first is None:
        first = rng.below(players)
    return Setup(
        players=players,
        first=first,
        combination=dealt.combination,
        reserve=dealt.reserve,
        hands=dealt.hands,
        deck=dealt.deck,
        options=options or Options(),
        seed=seed,
    )
