"""Every wire of a colour, cut all at once (mission 13's three reds, ``"sweep:red"``; mission
48's three yellows, ``"sweep:yellow:tokens"``).

A new turn action: point at as many uncut wires as there are wires of the colour in play
(anywhere: any stands, your own included) and declare them all of that colour. The action
(``Sweep``) starts it; the actor then points at the wires one by one (``sweep_point`` picks),
and the last one resolves it. All of it: they are cut together (revealed). Otherwise, by
default, the bomb explodes; with ``tokens`` (mission 48) every wire pointed at gets an info
token with its true value and the detonator moves one step (the dial moves once, however many
were wrong), but a red wire among them explodes the bomb (REC). With four or five players anyone
may do it; with two or three players only a player holding at least one wire of the colour
(B17). No equipment goes with it (no detector, no Stabilizer).

The wires of the colour are cut by the sweep only: with red (mission 13) the Reveal Red Wires
action does not exist, and a player with only red wires left must sweep; with yellow (mission
48) no Dual Cut nor Solo Cut announces yellow (the Either-Or Ray's included), and revealing red
wires stays as usual.

>>> from engine.redwire import new_game
>>> game = new_game(mission=13, players=4, seed=1)
>>> while game.phase.value == "setup_token":
...     game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> [a.type for a in game.legal_actions(game.to_move)].count("sweep")
1
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, RevealReds, SoloCut
from ..errors import IllegalActionError
from ..model import Pending, Phase, Table
from ..turn import (
    after_cuts,
    cut_wire,
    end_turn,
    explode,
    is_red,
    mistake,
    place_info,
    require_own_turn,
)
from ..wires import YELLOW, Colour, colour_of
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    PickSpec,
    Refusal,
    ValueBound,
    name_of,
)

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader

ID = "sweep"


class SweepReason(ReasonCode):
    """Refusals of the sweep."""

    SWEEP_COUNT = ("sweep_count", "Point at exactly {count} different uncut wires.")
    SWEEP_HOLD = (
        "sweep_hold",
        "With two or three players, only a player who holds one of them may do this.",
    )
    SWEEP_INSTEAD = (
        "sweep_instead",
        "In this mission red wires are never revealed: point at all of them at once instead.",
    )
    SWEEP_YELLOW = (
        "sweep_yellow",
        "In this mission yellow wires are never cut in pairs: point at all of them at once instead.",
    )


@dataclass(frozen=True)
class SweepConfig:
    colour: Colour
    #: What a wrong sweep does: "explode" (mission 13) or "tokens" (mission 48: a token on
    #: every wire pointed at and one step; a red wire among them explodes).
    miss: str = "explode"


@dataclass(frozen=True)
class Sweep(Action):
    """Start the sweep: then point, one by one, at as many wires as there are of the colour."""

    type: ClassVar[str] = "sweep"
    seat: int


@dataclass(frozen=True)
class SweepPart:
    """The wires pointed at so far in a sweep under way (wire ids)."""

    chosen: tuple[int, ...] = ()

    def to_json(self) -> list[int]:
        return list(self.chosen)


#: The actor points at the next wire of the sweep.
SWEEP_POINT = Phase.declare("sweep_point")


class SweepView(TypedDict):
    """``observation["mechanisms"]["sweep"]``: the colour, how many are left, the wires
    pointed at so far in a sweep under way, and what a wrong sweep does (``explode`` or
    ``tokens``)."""

    colour: str
    count: int
    chosen: list[list[int]]
    miss: str


def sweep_view(obs: Any) -> SweepView | None:
    return cast("SweepView | None", obs["mechanisms"].get(ID))


def _config(table: Table) -> SweepConfig:
    config = table.mission.config(ID)
    assert isinstance(config, SweepConfig)
    return config


def left(table: Table) -> int:
    """Wires of the colour still uncut (all of them until the sweep)."""
    colour = _config(table).colour
    return sum(
        1 for w, code in enumerate(table.codes) if colour_of(code) is colour and not table.cut[w]
    )


def may_sweep(table: Table, seat: int) -> bool:
    """The rule of who may: anyone with 4 or 5 players; else a holder of the colour (B17)."""
    if table.players >= 4:
        return True
    colour = _config(table).colour
    return any(colour_of(code) is colour for _, _, code in table.hand(seat))


def _sweep(s: Table, a: Sweep) -> Events:
    if ID not in s.parts:
        raise IllegalActionError(SweepReason.SWEEP_COUNT, count=0)
    require_own_turn(s, a.seat)
    count = left(s)
    if count == 0:
        raise IllegalActionError(SweepReason.SWEEP_COUNT, count=count)
    if not may_sweep(s, a.seat):
        raise IllegalActionError(SweepReason.SWEEP_HOLD)
    s.set_part(ID, SweepPart())
    _ask(s, a.seat)
    colour = _config(s).colour.value
    return [Event("sweep_start", {"seat": a.seat, "count": count, "colour": colour})]


def _ask(s: Table, seat: int) -> None:
    chosen = s.part(ID, SweepPart).chosen
    options = tuple(
        (stand, slot)
        for stand in range(len(s.stands))
        for slot, _ in s.uncut(stand)
        if s.stands[stand][slot] not in chosen
    )
    s.pending = Pending(SWEEP_POINT, seat, options, actor=seat)


def _point(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    """One more wire pointed at; with the last one, the sweep is resolved."""
    assert pending.actor is not None
    seat = pending.actor
    chosen = (*s.part(ID, SweepPart).chosen, s.stands[stand][slot])
    s.set_part(ID, SweepPart(chosen))
    events.append(Event("sweep_point", {"seat": seat, "stand": stand, "slot": slot}))
    if len(chosen) < left(s):
        _ask(s, seat)
        return
    config = _config(s)
    targets = sorted(s.position_of(w) for w in chosen)
    hit = all(colour_of(s.codes[w]) is config.colour for w in chosen)
    red = any(is_red(s, s.codes[w]) for w in chosen)
    outcome = "hit" if hit else ("red" if red and config.miss == "tokens" else "miss")
    s.set_part(ID, SweepPart())
    events.append(
        Event(
            "sweep",
            {
                "seat": seat,
                "targets": [list(t) for t in targets],
                "colour": config.colour.value,
                "outcome": outcome,
                "holder": s.players < 4,
            },
        )
    )
    if not hit:
        if config.miss == "explode":
            explode(s, "sweep", events)
            return
        if red:  # REC: a red wire among them explodes the bomb
            explode(s, "sweep_red", events)
            return
        # Every wire pointed at gets its true value; the detonator moves once.
        s.pending = Pending(Phase.TURN, seat)
        for t_stand, t_slot in targets:
            place_info(s, s.stands[t_stand][t_slot], "miss", events)
        if not mistake(s, events):
            end_turn(s, events)
        return
    s.pending = Pending(Phase.TURN, seat)
    for t_stand, t_slot in targets:
        cut_wire(s, t_stand, t_slot, seat, events, revealed=True)
    if not after_cuts(s, events):
        end_turn(s, events)


def _announces_yellow(action: Action) -> bool:
    """A Dual Cut (any detector, the Either-Or Ray) or a Solo Cut that names yellow."""
    if isinstance(action, Cut):
        return YELLOW in action.values
    return isinstance(action, SoloCut) and action.value == YELLOW


def _legal(s: Table, seat: int) -> Iterator[Sweep]:
    if (
        ID in s.parts
        and s.phase is Phase.TURN
        and s.active == seat
        and left(s)
        and may_sweep(s, seat)
    ):
        yield Sweep(seat)


def _read_sweep(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A miss: not all the pointed wires are of the colour. With two or three players the actor
    held one (only a holder may sweep). A hit shows in its ``wire_cut`` events; a miss that
    places tokens (mission 48) shows each wire's value in its ``token`` events, and a red one
    among them ends the game."""
    from ..deduction.codes import BLUE_VALUES, RED, YELLOW
    from ..deduction.facts import AtLeastOne, class_codes

    colour = RED if event["colour"] == "red" else YELLOW
    if event.get("holder"):
        tracker.add(AtLeastOne.classes(tracker.uncut_of_seat(int(event["seat"])), colour))
    if event["outcome"] == "miss":
        targets = [tracker.wire(stand, slot) for stand, slot in event["targets"]]
        others = [c for c in (RED, YELLOW, *BLUE_VALUES) if c != colour]
        tracker.add(AtLeastOne(tuple(targets), class_codes(others)))


class Sweeping(Mechanism[SweepPart]):
    id = ID
    causes = {
        "sweep": "a wire pointed at was not red",
        "sweep_red": "a red wire pointed at among the yellow ones",
    }
    reasons = SweepReason
    actions = (ActionSpec(Sweep, "turn", _legal, _sweep, is_action=True, with_only_reds=True),)
    picks = (
        PickSpec(
            SWEEP_POINT,
            _point,
            "a sweep is being pointed",
            "point at the next wire you say is of the colour",
        ),
    )
    events = ("sweep_start", "sweep_point", "sweep")
    facts = {"sweep": _read_sweep}
    lines = {
        "sweep_start": lambda e, n, o: (
            f"{name_of(n, e['seat'])} says where every {e.get('colour', 'red')} wire is: "
            f"{e['count']} wires."
        ),
        "sweep_point": lambda e, n, o: (
            f"{name_of(n, e['seat'])} points at stand {e['stand'] + 1}, wire {e['slot'] + 1}."
        ),
        "sweep": lambda e, n, o: (
            f"{name_of(n, e['seat'])} points at "
            + ", ".join(f"stand {st + 1} wire {sl + 1}" for st, sl in e["targets"])
            + f": all {e['colour']}? "
            + {"hit": "yes!", "miss": "no!", "red": "no, a red one!"}[str(e["outcome"])]
        ),
    }
    bot_keys = {
        "sweep_sure": ((), "I know where every red wire is: I point at them all.", "mission 13"),
        "sweep_point": (
            ("stand", "wire"),
            "Wire {wire}: one of the red wires, I say.",
            "mission 13: the next wire pointed at in a sweep",
        ),
        "sweep_forced": (
            ("percent",),
            "Only red wires are left in my hand: I point at the likeliest three ({percent}%).",
            "mission 13: the sweep a hand of only red wires must make",
        ),
        "yellow_sweep_sure": (
            (),
            "I know where every yellow wire is: I point at all three.",
            "mission 48",
        ),
        "yellow_sweep_point": (
            ("stand", "wire"),
            "Wire {wire}: one of the yellow wires, I say.",
            "mission 48: the next wire pointed at in a sweep",
        ),
        "yellow_sweep_forced": (
            ("percent",),
            "Nothing but yellow wires can be cut from my hand: I point at the likeliest three "
            "({percent}%).",
            "mission 48: the sweep of a hand whose only cuttable wires are yellow",
        ),
        "yellow_sweep_likely": (
            ("percent",),
            "The likeliest three are all yellow at {percent}% and none can be red: worth a "
            "step, and a miss shows their values.",
            "mission 48 (expert): the likeliest group, never red, with a step to spare and no "
            "sure cut",
        ),
    }

    def init_part(self, table: Table) -> SweepPart:
        return SweepPart()

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> SweepConfig:
        if (
            table is not None
            or len(params) not in (1, 2)
            or params[0] not in ("red", "yellow")
            or params[1:] not in ((), ("tokens",))
        ):
            raise reader.fail(
                f"mechanisms.{ID}", "sweep:red or sweep:yellow, optionally :tokens", params
            )
        return SweepConfig(Colour(params[0]), "tokens" if params[1:] else "explode")

    def observe(self, table: Table, viewer: Viewer) -> SweepView:
        config = _config(table)
        return {
            "colour": config.colour.value,
            "count": left(table),
            "chosen": [list(table.position_of(w)) for w in self.part(table).chosen],
            "miss": config.miss,
        }

    def action_filter(self, table: Table) -> ActionFilter:
        # The colour is read once per listing (not once for each of its cuts): red, the reds
        # are swept, never revealed; yellow, no cut names yellow.
        if _config(table).colour is Colour.RED:
            instead = Refusal(SweepReason.SWEEP_INSTEAD)

            def refuse_reveal(action: Action) -> Refusal | None:
                return instead if isinstance(action, RevealReds) else None

            return refuse_reveal
        named = Refusal(SweepReason.SWEEP_YELLOW)

        def refuse_yellow(action: Action) -> Refusal | None:
            return named if _announces_yellow(action) else None

        return refuse_yellow

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """The yellows' sweep: no cut announces yellow (SWEEP_YELLOW)."""
        return YELLOW.__ne__ if _config(table).colour is Colour.YELLOW else None

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.sweep import advise

        return advise(ask)


def likeliest(
    know: Any, cls: int, count: int, chosen: list[tuple[int, int]], floor: float = 0.0
) -> tuple[list[tuple[int, int]], float]:
    """The ``count`` uncut wires likeliest to be every wire of class ``cls`` left (keeping the
    ones ``chosen`` already), and that chance, counted exactly among the best few candidates
    (``know``: the bot's ``Knowledge``). With a ``floor``, a group that cannot reach it is not
    counted (the chance returned is then 0): every group holds a wire no likelier than the
    ``need``-th best, and a group is no likelier than any of its wires."""
    from ..deduction import count_worlds
    from ..deduction.facts import SlotIn

    slots = [
        t for stand in range(len(know.owners)) for t in know.uncut_slots(stand) if t not in chosen
    ]
    chance = {slot: know.chance(slot, (cls,)) for slot in slots}
    ranked = sorted(slots, key=lambda slot: -chance[slot])
    need = count - len(chosen)
    if need <= 0:
        return chosen, 1.0
    if len(ranked) < need or chance[ranked[need - 1]] < floor:
        return [*chosen, *ranked[:need]], 0.0
    total = know.solution.total
    best: tuple[float, list[tuple[int, int]]] = (-1.0, ranked[:need])
    for group in combinations(ranked[: need + 3], need):
        full = [*chosen, *group]
        worlds = count_worlds(know.position.with_facts(*(SlotIn.classes(t, cls) for t in full)))
        p = worlds / total if total else 0.0
        if p > best[0]:
            best = (p, full)
    return best[1], max(0.0, best[0])


MECHANISM = Sweeping()
