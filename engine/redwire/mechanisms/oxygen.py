"""Oxygen (mission 44; missions 49, 54 and 63 reuse it): every cut action costs oxygen tokens.

The mission's ``[oxygen]`` table says how much oxygen there is, what a cut costs, where the
tokens come from and go, and when they come back:

* ``tokens_per_player``: the tokens that start in the reserve on the mission card (mission 44: 2 a
  player, so 4 with two players, each with his two stands);
* ``price = "depth"``: the price of the value cut, by its depth (1-4: 1, 5-8: 2, 9-12: 3);
* ``take_from = "reserve"``: the active player takes the tokens from the reserve before his cut
  (they lie in front of him until the refill);
* ``refill = "captain"``: at the start of the captain's turn every token goes back to the
  reserve (the turn that opens a round: once the captain has no wires left, the first seat after
  him that has some, else the reserve would never fill again).

Only those values are built (mission 44's); the other oxygen missions (gifts to a teammate,
the value as the price, relays, refills on validation) are refused by the mission reader until
they are built and tested.

What is a cut action (the price is paid for each one, before it is resolved, so a failed cut is
paid too): a Dual Cut (one payment, the announced value's price; with a detector the announced
value's too), a Solo Cut (one payment for all its wires). Revealing red wires is not a cut (the
card prices "a cut action", and §5.1 makes revealing its own action): it is free. Equipment is
not a cut either, used on one's own turn or another's.

A player who cannot take enough for any cut he could make skips his turn and the detonator
moves one step; any player may also pass of his own will on his turn at the same price (FAQ):
both are one action, ``OxygenPass``, always offered on one's turn (but to a player who must
reveal his red wires), so passing tells nothing about the hand. The event names the reserve
left, which everyone sees anyway.

Silence: the players may not talk; the only sign is a thumbs-up, "I need more oxygen". The page
says so; nothing to enforce (an honour rule; bots never talk).

>>> from engine.redwire import new_game
>>> game = new_game(mission=44, players=4, seed=1)
>>> view(game.observation(None))["reserve"], price(7), price(12)
(8, 2, 3)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..errors import IllegalActionError
from ..model import Phase, Table
from ..turn import end_turn, forbid_if_must_reveal, mistake, require_own_turn
from ..wires import BLUE_VALUES, YELLOW, value_to_json
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "oxygen"


class OxygenReason(ReasonCode):
    """Refusals of the oxygen rule."""

    OXYGEN_SHORT = (
        "oxygen_short",
        "This cut costs {price} oxygen and the reserve holds {reserve}.",
    )
    NO_OXYGEN = ("no_oxygen", "There is no oxygen in this mission.")


@dataclass(frozen=True)
class OxygenConfig:
    """The mission's ``[oxygen]`` table (see the module docstring)."""

    tokens_per_player: int = 2
    price: str = "depth"
    take_from: str = "reserve"
    refill: str = "captain"


#: What the mission table may say, per field (only what is built and tested: mission 44's).
_BUILT = {"price": ("depth",), "take_from": ("reserve",), "refill": ("captain",)}


@dataclass(frozen=True)
class OxygenPart:
    """The reserve now, the tokens each seat took since the last refill, and the seat whose turn
    began last (to see a round open)."""

    reserve: int
    taken: tuple[int, ...]
    last: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"reserve": self.reserve, "taken": list(self.taken), "last": self.last}


class OxygenView(TypedDict):
    """``observation["mechanisms"]["oxygen"]``: all public. ``prices[v - 1]``: the price of
    value ``v``."""

    reserve: int
    tokens: int
    taken: list[int]
    prices: list[int]
    price_rule: str


def view(obs: Observation) -> OxygenView | None:
    return cast("OxygenView | None", obs["mechanisms"].get(ID))


@dataclass(frozen=True)
class OxygenPass(Action):
    """Pass your turn: forced when the reserve cannot pay for any cut you could make, or of your
    own will; either way the detonator moves one step."""

    type: ClassVar[str] = "oxygen_pass"
    seat: int


def price(value: int, rule: str = "depth") -> int:
    """The oxygen a cut of ``value`` costs (``depth``: 1-4 -> 1, 5-8 -> 2, 9-12 -> 3)."""
    if rule != "depth":
        raise ValueError(f"no oxygen price rule {rule!r}")
    if value == YELLOW:  # no oxygen mission has yellow wires; priced as the deepest
        return 3
    return (value - 1) // 4 + 1


def _in_play(table: Table) -> bool:
    return any(m is MECHANISM for m in table.mechanisms)


def _config(table: Table) -> OxygenConfig:
    config = table.mission.config(ID)
    assert isinstance(config, OxygenConfig)
    return config


def cost(table: Table, action: Action) -> int | None:
    """What ``action`` costs (None: it is not a cut action). A Dual Cut pays its announced
    value's price (two values, unreachable in mission 44 without the X-or-Y Ray: the dearer)."""
    rule = _config(table).price
    if isinstance(action, Cut):
        return max(price(v, rule) for v in action.values) if action.values else None
    if isinstance(action, SoloCut):
        return price(action.value, rule)
    return None


def _priced_now(table: Table, action: Action) -> int | None:
    """The price of ``action`` when it is the active seat's cut on his turn, else None."""
    if table.pending.phase is not Phase.TURN or action.seat != table.active:
        return None
    return cost(table, action)


def _new_round(table: Table, before: int, seat: int) -> bool:
    """Whether the turn went from ``before`` to ``seat`` past the captain's seat (a round opens
    each time the turn reaches it, or the first seat after him that has wires)."""
    n = table.players
    steps = (seat - before) % n or n
    return ((table.setup.captain - before) % n or n) <= steps


def _pass(s: Table, a: OxygenPass) -> Events:
    if not _in_play(s):
        raise IllegalActionError(OxygenReason.NO_OXYGEN)
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    reserve = s.part(ID, OxygenPart).reserve
    events: Events = [Event("oxygen_pass", {"seat": a.seat, "reserve": reserve})]
    if not mistake(s, events):
        end_turn(s, events)
    return events


def _pass_legal(s: Table, seat: int) -> Iterator[OxygenPass]:
    if _in_play(s) and s.pending.phase is Phase.TURN and s.active == seat:
        yield OxygenPass(seat)


def _line_take(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"{name_of(n, e['seat'])} takes {e['price']} oxygen to cut {e['value']}: "
        f"{e['reserve']} left in the reserve."
    )


class Oxygen(Mechanism[OxygenPart]):
    id = ID
    reasons = OxygenReason
    actions = (ActionSpec(OxygenPass, "turn", _pass_legal, _pass, is_action=True),)
    events = ("oxygen", "oxygen_refill", "oxygen_pass")
    # No facts: the reserve and the payments are public, and the pass is always offered, so
    # neither a forced skip nor a chosen pass says anything about a hand.
    lines = {
        "oxygen": _line_take,
        "oxygen_refill": lambda e, n, o: (
            f"A new round ({name_of(n, e['seat'])} first): every oxygen token goes back to the "
            f"reserve ({e['reserve']})."
        ),
        "oxygen_pass": lambda e, n, o: (
            f"{name_of(n, e['seat'])} passes (oxygen in the reserve: {e['reserve']}): one step."
        ),
    }
    bot_keys = {
        "oxygen_pass": (
            ("left",),
            "The reserve's {left} oxygen pays for none of my cuts: I pass, one step.",
            "oxygen: no cut the reserve can pay for (passing moves the detonator one step)",
        ),
        "oxygen_coffee": (
            ("next_seat",),
            "The reserve pays for none of my cuts: Coffee Break, {next_seat} plays next, no "
            "step lost.",
            "oxygen: no affordable cut, and the Coffee Break is on the board",
        ),
        "oxygen_cheap": (
            ("value", "price", "dearest"),
            "A sure cut of {value} for {price} oxygen, not one for {dearest}: the others "
            "still need air this round.",
            "oxygen: of several sure cuts, the cheapest while teammates still play this round",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.oxygen import advise

        return advise(ask)

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> OxygenConfig:
        if params:
            raise reader.fail(f"mechanisms.{ID}", "no parameters", ":".join(params))
        if table is None:
            raise reader.fail(ID, "an [oxygen] table (tokens_per_player, price, ...)")
        reader.only_keys(table, ID, {"tokens_per_player", *_BUILT})
        tokens = reader.integer({ID: table}, f"{ID}.tokens_per_player", 1, 30)
        chosen: dict[str, str] = {}
        for key, built in _BUILT.items():
            value = table.get(key, built[0])
            if value not in built:
                raise reader.fail(f"{ID}.{key}", f"one of {list(built)} (others not built)", value)
            chosen[key] = value
        return OxygenConfig(tokens, **chosen)

    def init_part(self, table: Table) -> OxygenPart:
        full = _config(table).tokens_per_player * table.players
        return OxygenPart(full, (0,) * table.players)

    def check_action(self, table: Table, action: Action) -> None:
        due = _priced_now(table, action)
        if due is None:
            return
        reserve = table.part(ID, OxygenPart).reserve
        if due > reserve:
            raise IllegalActionError(OxygenReason.OXYGEN_SHORT, price=due, reserve=reserve)

    def allows(self, table: Table, action: Action) -> bool:
        due = _priced_now(table, action)
        return due is None or due <= table.part(ID, OxygenPart).reserve

    def before_action(self, table: Table, action: Action, events: Events) -> None:
        due = _priced_now(table, action)
        if due is None:
            return
        part = table.part(ID, OxygenPart)
        taken = list(part.taken)
        taken[action.seat] += due
        table.set_part(ID, replace(part, reserve=part.reserve - due, taken=tuple(taken)))
        value = action.values[0] if isinstance(action, Cut) else cast("SoloCut", action).value
        events.append(
            Event(
                "oxygen",
                {
                    "seat": action.seat,
                    "value": value_to_json(value),
                    "price": due,
                    "reserve": part.reserve - due,
                },
            )
        )

    def turn_start(self, table: Table, events: Events) -> None:
        part = table.part(ID, OxygenPart)
        seat = table.active
        opens = part.last is not None and _new_round(table, part.last, seat)
        if opens and any(part.taken):
            full = _config(table).tokens_per_player * table.players
            table.set_part(ID, OxygenPart(full, (0,) * table.players, seat))
            events.append(Event("oxygen_refill", {"seat": seat, "reserve": full}))
        else:
            table.set_part(ID, replace(part, last=seat))

    def observe(self, table: Table, viewer: Viewer) -> OxygenView:
        part = table.part(ID, OxygenPart)
        config = _config(table)
        return {
            "reserve": part.reserve,
            "tokens": config.tokens_per_player * table.players,
            "taken": list(part.taken),
            "prices": [price(v, config.price) for v in BLUE_VALUES],
            "price_rule": config.price,
        }


MECHANISM = Oxygen()
