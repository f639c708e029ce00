"""The setup of one attempt at a mission: who plays, who is captain, the deal, the mechanisms'.

A :class:`Setup` is the whole outcome of chance in the base game, so a record that stores it
replays without any random generator. The wires and markers are the core's; what a mechanism
draws (the equipment cards on the board) is its own, under its id in ``parts``: each mechanism
draws, after the wires and in the order the mission lists them, from the same seeded generator. It comes from a seed (:func:`random_setup`) or is written by
hand for tutorials, puzzles and tests (:func:`explicit_setup`).

>>> s = random_setup(mission=1, players=3, seed=7)
>>> [len(stand) for stand in s.stands], s.captain in range(3)
([6, 6, 6, 6], True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.rng import Rng
from .errors import SetupError
from .mechanisms import get as mechanism
from .mechanisms.base import Mechanism
from .missions import ColourDraw, Mission, WireSet, load_mission
from .options import Options
from .wires import blue, code_of, colour_of, label_of, number_of, red, yellow

PLAYER_COUNTS = range(2, 6)


def stands_per_seat(players: int, captain: int) -> tuple[int, ...]:
    """Stands each seat owns (§3.1): 2 each with 2 players, the captain 2 with 3, else 1."""
    if players == 2:
        return (2, 2)
    if players == 3:
        return tuple(2 if seat == captain else 1 for seat in range(3))
    return (1,) * players


def stand_owners(players: int, captain: int) -> tuple[int, ...]:
    """Owner seat of each stand; stands are numbered seat by seat, from seat 0."""
    return tuple(
        seat for seat, count in enumerate(stands_per_seat(players, captain)) for _ in range(count)
    )


def deal_order(players: int, captain: int) -> list[int]:
    """Stands in dealing order (B2): the captain's first stand, then clockwise."""
    owners = stand_owners(players, captain)
    first = owners.index(captain)
    return [(first + i) % len(owners) for i in range(len(owners))]


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first decision of an attempt."""

    mission: int
    players: int
    captain: int
    #: Wire codes of each stand, sorted (stand numbering: see stand_owners).
    stands: tuple[tuple[int, ...], ...]
    #: Red / yellow values shown by markers (the drawn candidates, or the exact wires).
    red_markers: tuple[int, ...] = ()
    yellow_markers: tuple[int, ...] = ()
    options: Options = field(default_factory=Options)
    #: The seed it was dealt from, if any (information only: replays never use it).
    seed: int | None = None
    #: What each mechanism drew or was given, by mechanism id (its own immutable value).
    parts: Mapping[str, object] = field(default_factory=dict, hash=False)

    @property
    def owners(self) -> tuple[int, ...]:
        return stand_owners(self.players, self.captain)

    def to_json(self) -> dict[str, Any]:
        return {
            "mission": self.mission,
            "players": self.players,
            "captain": self.captain,
            "stands": [[label_of(c) for c in stand] for stand in self.stands],
            "markers": {
                "red": [label_of(c) for c in self.red_markers],
                "yellow": [label_of(c) for c in self.yellow_markers],
            },
            "parts": {key: mechanism(key).setup_to_json(data) for key, data in self.parts.items()},
            "options": self.options.to_json(),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, raw: object) -> Setup:
        """Parse and validate; raises SetupError naming what is wrong."""
        if not isinstance(raw, dict):
            raise SetupError("setup must be an object")
        try:
            markers = raw.get("markers") or {}
            if not isinstance(markers, dict):
                raise SetupError("setup.markers must be an object")
            stands = raw["stands"]
            if not isinstance(stands, list) or not all(isinstance(s, list) for s in stands):
                raise SetupError("setup.stands must be a list of lists of wire labels")
            parts = raw.get("parts", {})
            if not isinstance(parts, dict):
                raise SetupError("setup.parts must be an object")
            seed = raw.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise SetupError("setup.seed must be an integer or null")
            return explicit_setup(
                mission=_int(raw, "mission"),
                players=_int(raw, "players"),
                captain=_int(raw, "captain"),
                stands=[[_label(x) for x in stand] for stand in stands],
                parts=parts,
                red_markers=[_label(x) for x in markers.get("red", [])],
                yellow_markers=[_label(x) for x in markers.get("yellow", [])],
                options=Options.from_json(raw.get("options")),
                seed=seed,
            )
        except KeyError as exc:
            raise SetupError(f"setup is missing the field {exc.args[0]!r}") from exc
        except (TypeError, ValueError) as exc:
            raise SetupError(f"setup is invalid: {exc}") from exc


def _int(raw: dict[str, Any], key: str) -> int:
    return _int_item(raw[key], key)


def _int_item(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"setup.{key} must be an integer, got {value!r}")
    return value


def _label(value: object) -> str:
    if not isinstance(value, str):
        raise SetupError(f"wires are written as labels like '7', '7.1', '7.5', got {value!r}")
    return value


# --------------------------------------------------------------------------- making setups


def _check_table(mission: Mission, players: int, captain: int) -> None:
    if players not in PLAYER_COUNTS:
        raise SetupError(f"Red Wire is for 2 to 5 players, not {players}")
    if players not in mission.players:
        first, last = mission.players[0], mission.players[-1]
        raise SetupError(f"mission {mission.id} is for {first} to {last} players, not {players}")
    if captain not in range(players):
        raise SetupError(f"captain must be a seat 0..{players - 1}, not {captain}")


def wire_draws(spec: Mission, players: int, options: Options) -> WireSet:
    """The mission's wires for ``players``, with the red and yellow draws a rule option of
    one of its mechanisms changes (mission 50's memory option)."""
    wires = spec.wires_for(players)
    for use in spec.mechanisms:
        wires = mechanism(use.id).wire_draws(use.config, wires, options)
    return wires


def _draw_colour(rng: Rng, draw: ColourDraw | None, make: Any) -> tuple[list[int], list[int]]:
    """Draw the marker candidates, then keep some of them face down (§3.3)."""
    if draw is None:
        return [], []
    candidates = rng.sample([make(n) for n in draw.numbers], draw.of)
    kept = rng.sample(candidates, draw.keep)
    return sorted(candidates), kept


def _arrange(
    spec: Mission,
    codes: Sequence[int],
    stand: int | None = None,
    parts: Mapping[str, object] | None = None,
) -> tuple[int, ...]:
    """A stand as its owner lays it out: sorted, unless a mechanism keeps some wires apart (the
    last wire dealt kept unsorted at the far right; the wire a mission's setup turned round on
    that ``stand``, by its setup data in ``parts``). ``codes`` are in the order dealt (a
    hand-made deal: as given)."""
    for use in spec.mechanisms:
        if stand is not None and parts is not None and use.id in parts:
            laid = mechanism(use.id).arrange_stand(use.config, parts[use.id], stand, codes)
            if laid is not None:
                return laid
    for use in spec.mechanisms:
        arranged = mechanism(use.id).arrange(use.config, codes)
        if arranged is not None:
            return arranged
    return tuple(sorted(codes))


def _deal_wires(
    spec: Mission,
    rng: Rng,
    pool: list[int],
    order: list[int],
    owners: tuple[int, ...],
    captain: int,
) -> list[list[int]]:
    """Shuffle and deal round-robin from the captain's first stand (B2), unless a mechanism
    deals the wires its own way (reds dealt first, one per player...)."""
    for use in spec.mechanisms:
        dealt = mechanism(use.id).deal_wires(use.config, rng, pool, order, owners, captain)
        if dealt is not None:
            return dealt
    rng.shuffle(pool)
    stands: list[list[int]] = [[] for _ in owners]
    for i, code in enumerate(pool):
        stands[order[i % len(order)]].append(code)
    return stands


def random_setup(
    mission: int,
    players: int,
    seed: int,
    captain: int | None = None,
    options: Options | None = None,
    chosen: Mapping[str, object] | None = None,
) -> Setup:
    """Deal a mission from a seed; the same seed gives the same setup on every Python.

    ``chosen``: what the table chose before the deal for a mechanism of the mission, as in a
    record's JSON (the new characters: ``{"new_characters": {"characters": ["dd", "E3"]}}``);
    such a mechanism reads it instead of drawing.
    """
    options = options or Options()
    options.validate()
    spec = load_mission(mission)
    rng = Rng(seed)
    if captain is None:
        captain = rng.below(players) if players in PLAYER_COUNTS else 0
    _check_table(spec, players, captain)
    wires = wire_draws(spec, players, options)
    red_markers, red_kept = _draw_colour(rng, wires.red, red)
    yellow_markers, yellow_kept = _draw_colour(rng, wires.yellow, yellow)
    pool = [blue(n) for n in wires.blue for _ in range(4)] + red_kept + yellow_kept
    owners = stand_owners(players, captain)
    order = deal_order(players, captain)
    # Wires set apart face down as the deal goes (Nano's), before the stands get theirs.
    piles: dict[str, object] = {}
    for use in spec.mechanisms:
        pile = mechanism(use.id).deal_pile(use.config, rng, pool, players)
        if pile is not None:
            piles[use.id] = pile
    stands = _deal_wires(spec, rng, pool, order, owners, captain)
    given = dict(chosen or {})
    strays = sorted(set(given) - {use.id for use in spec.mechanisms})
    if strays:
        raise SetupError(f"mission {mission} has no mechanism {strays[0]!r} to choose for")
    parts: dict[str, object] = {}
    for use in spec.mechanisms:
        if use.id in piles:
            drawn = piles[use.id]
        elif use.id in given:
            drawn = mechanism(use.id).setup_from_json(
                use.config, given[use.id], players, options, mission, parts
            )
        else:
            drawn = mechanism(use.id).deal(use.config, rng, players, options, mission, parts)
            if drawn is None:
                drawn = mechanism(use.id).deal_on_stands(use.config, rng, stands, owners, captain)
        if drawn is not None:
            parts[use.id] = drawn
    return Setup(
        mission=mission,
        players=players,
        captain=captain,
        stands=tuple(_arrange(spec, s, i, parts) for i, s in enumerate(stands)),
        red_markers=tuple(red_markers),
        yellow_markers=tuple(yellow_markers),
        options=options,
        seed=seed,
        parts=parts,
    )


def explicit_setup(
    mission: int,
    players: int,
    captain: int,
    stands: Sequence[Sequence[str | int]],
    parts: Mapping[str, object] | None = None,
    red_markers: Sequence[str | int] | None = None,
    yellow_markers: Sequence[str | int] | None = None,
    options: Options | None = None,
    seed: int | None = None,
) -> Setup:
    """A hand-made deal, checked against the mission's rules; stands are sorted for you.

    Wires are labels ('7', '3.1', '4.5') or codes. Markers default to the red / yellow wires
    dealt, which is right for exact draws; "k of m" draws must name their m candidates.
    ``parts`` gives each mechanism's setup as in a record's JSON (``{"equipment": {"cards":
    [1, 4, 6, 8]}}``); each mechanism of the mission checks its own.

    >>> s = explicit_setup(1, 2, 0, [[1, 1, 2, 2, 3, 3], ["1", 1, 2, 2, 3, 3],
    ...                              [4, 4, 5, 5, 6, 6], [4, 4, 5, 5, 6, 6]])
    >>> s.stands[0]
    (10, 10, 20, 20, 30, 30)
    """
    options = options or Options()
    options.validate()
    spec = load_mission(mission)
    _check_table(spec, players, captain)
    given_codes = [[_to_code(w) for w in stand] for stand in stands]
    codes = [_arrange(spec, stand) for stand in given_codes]
    owners = stand_owners(players, captain)
    if len(codes) != len(owners):
        raise SetupError(f"{players} players with captain {captain} use {len(owners)} stands")
    sizes = [len(s) for s in codes]
    slack = max((mechanism(use.id).stand_slack(use.config) for use in spec.mechanisms), default=0)
    if min(sizes) == 0 or max(sizes) - min(sizes) > 1 + slack:
        raise SetupError(f"wires must be dealt as evenly as possible, got stand sizes {sizes}")
    given = dict(parts or {})
    # Wires off the stands (Nano's) count among the wires dealt: their mechanism reads its
    # setup first (the others' setups are read below, once the wires are checked).
    off_stands: list[int] = []
    for use in spec.mechanisms:
        pile = mechanism(use.id)
        if type(pile).pile_codes is not Mechanism.pile_codes:
            data = pile.setup_from_json(
                use.config, given.get(use.id), players, options, mission, {}
            )
            off_stands += pile.pile_codes(use.config, data)
    dealt = Counter([c for stand in codes for c in stand] + off_stands)
    wires = wire_draws(spec, players, options)
    blue_ok = {blue(n): 4 for n in wires.blue}
    for code, count in dealt.items():
        if colour_of(code).value == "blue" and blue_ok.get(code) != count:
            raise SetupError(f"blue {label_of(code)} appears {count} times (mission {mission})")
    missing = [label_of(c) for c in blue_ok if dealt[c] == 0]
    if missing:
        raise SetupError(f"blue wires missing from the deal: {', '.join(missing)}")
    for use in spec.mechanisms:
        mechanism(use.id).check_stands(use.config, codes, owners, captain)
    red_m = _markers(dealt, "red", wires.red, red_markers)
    yellow_m = _markers(dealt, "yellow", wires.yellow, yellow_markers)
    listed = {use.id for use in spec.mechanisms}
    strays = sorted(set(given) - listed)
    if strays:
        raise SetupError(f"mission {mission} has no mechanism {strays[0]!r} (setup.parts)")
    checked: dict[str, object] = {}
    for use in spec.mechanisms:
        data = mechanism(use.id).setup_from_json(
            use.config, given.get(use.id), players, options, mission, checked
        )
        if data is not None:
            checked[use.id] = data
    # A wire the setup turned round stays where it was given (its mechanism's data says which).
    codes = [_arrange(spec, stand, i, checked) for i, stand in enumerate(given_codes)]
    return Setup(
        mission=mission,
        players=players,
        captain=captain,
        stands=tuple(codes),
        red_markers=red_m,
        yellow_markers=yellow_m,
        options=options,
        seed=seed,
        parts=checked,
    )


def _to_code(wire: str | int) -> int:
    """Labels are strings; a bare int means a blue number (handy in hand-written deals)."""
    if isinstance(wire, bool):
        raise ValueError(f"not a wire: {wire!r}")
    if isinstance(wire, int):
        return code_of(str(wire))
    return code_of(wire)


def _markers(
    dealt: Counter[int],
    colour: str,
    draw: ColourDraw | None,
    given: Sequence[str | int] | None,
) -> tuple[int, ...]:
    in_deal = sorted(c for c in dealt if colour_of(c).value == colour)
    if any(dealt[c] > 1 for c in in_deal):
        raise SetupError(f"each {colour} wire exists once")
    keep = draw.keep if draw else 0
    if len(in_deal) != keep:
        raise SetupError(f"this mission deals {keep} {colour} wires, not {len(in_deal)}")
    markers = sorted(_to_code(m) for m in given) if given is not None else in_deal
    if draw is None:
        if markers:
            raise SetupError(f"this mission has no {colour} markers")
        return ()
    if len(markers) != draw.of or len(set(markers)) != len(markers):
        raise SetupError(f"this mission shows {draw.of} distinct {colour} markers")
    if any(colour_of(m).value != colour or number_of(m) not in draw.numbers for m in markers):
        raise SetupError(
            f"{colour} markers must be {colour} wires numbered {draw.numbers[0]}..{draw.numbers[-1]}"
        )
    if not set(in_deal) <= set(markers):
        raise SetupError(f"the {colour} wires dealt must be among the markers")
    return tuple(markers)
