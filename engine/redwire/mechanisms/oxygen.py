"""Oxygen (missions 44, 49, 54 and 63): every cut action costs oxygen.

The mission's ``[oxygen]`` table says how much oxygen there is, what a cut costs, where the
tokens come from and go, and when they come back:

* ``tokens_per_player``: an integer, or a table by player count (``{ 2 = 7, 3 = 6, ... }``);
  with ``take_from = "reserve"`` the tokens that start in the reserve on the mission card
  (mission 44: 2 a player, so 4 with two players, each with his two stands), with
  ``take_from = "own"`` the tokens in front of each player (mission 49: 7 each with two players,
  6 with three, 5 with four, 4 with five; mission 54: 9, 6, 3, 2);
* ``captain_tokens`` instead (mission 63): every token starts in front of the captain (a table
  by player count: 14, 18, 24, 30), the others have none;
* ``price``: ``"depth"``, the price of the value cut by its depth (1-4: 1, 5-8: 2, 9-12: 3;
  mission 44), or ``"value"``, the value itself (mission 49);
* ``take_from``: ``"reserve"``, the active player takes the tokens from the reserve before his
  cut (mission 44), or ``"own"``, he pays them from his own stock (mission 49);
* ``pay_to``: ``"front"``, the tokens lie in front of the payer until the refill (mission 44),
  or ``"teammate"``, they are a gift to one teammate the payer chooses, any one, not necessarily
  the owner of the wire he points at (mission 49: ``OxygenGift`` names him first, then the cut
  pays him), or ``"reserve"``, they go back to the central reserve (mission 54);
* ``refill``: ``"captain"``, at the start of the captain's turn every token goes back to the
  reserve (the turn that opens a round: once the captain has no wires left, the first seat after
  him that has some, else the reserve would never fill again; mission 44; with ``take_from =
  "own"``, mission 63: that seat takes every token paid into the reserve on the card since, which
  is then counted), ``"validation"``,
  each time a validation token is placed every player who still has wires takes 1 token from
  the central reserve (mission 54: the players without wires get none, FAQ), or ``"none"``;
* ``discard_when_out``: true when a player with no wires left discards his oxygen (mission 49's
  FAQ: at the end of the turn that emptied his hand; a gift to him is lost the same way);
* ``free_pass``: true (the default) when a player may also pass of his own will (missions 44 and
  49's FAQ); false when "if you can play, you must" (mission 54's FAQ): the pass is then offered
  only to a player whose oxygen pays for none of his values, so it proves that, and its event
  names the values he holds none of (``holds_none_of``, read by the deduction);
* ``relay``: true when at the end of his turn the player gives all the oxygen he has left to his
  left neighbour, the next seat in the turn order (mission 63). Our reading: oxygen never stays
  with a player who has no wires left (he takes no turn, so could never pass it on, as the FR
  note §12 A9 says of the captain's collection): it goes on at once to the next seat on the left
  that still has wires.

Four combinations are built (missions 44, 49, 54 and 63); the mission reader refuses the
others until they are built and tested.

Mission 63's relay (``value``, ``own``, ``reserve``, ``captain``, ``free_pass = false``,
``relay``, ``captain_tokens``): the captain starts with every token; a cut pays its value into
the reserve on the card; at the end of each turn the rest goes to the left (``oxygen_relay``);
the turn that opens a round (§12 B12: past the captain's seat) starts by taking the whole reserve
(``oxygen_collect``), so the captain starts each round with every token the team has. Whoever's
oxygen pays for one of his values must play; the forced skip is a step and the same fact as
mission 54's.

Mission 54's central reserve is not counted: the card puts "the rest" of the box's tokens there
and §12 C3 recommends unlimited supplies, so a validation always finds a token for everyone.

Mission 49's gift, in two steps of one decision: the player names the teammate who receives his
oxygen (``OxygenGift``, offered on his turn when his stock pays for one of his values, before
any cut), then cuts; the cut pays its price to that teammate before it is resolved. In the box he
hands the tokens over and cuts at once: naming the receiver first and the value with the cut says
the same, in the same order as far as anyone can see (the gift's size is the value the cut then
announces). Once named, the receiver stays for the turn; he may still pass (a step, as always).

What is a cut action (the price is paid for each one, before it is resolved, so a failed cut is
paid too): a Dual Cut (one payment, the announced value's price; with a detector the announced
value's too), a Solo Cut (one payment for all its wires). Revealing red wires is not a cut (the
card prices "a cut action", and §5.1 makes revealing its own action): it is free. Equipment is
not a cut either, used on one's own turn or another's.

A player who cannot take enough for any cut he could make skips his turn and the detonator
moves one step; any player may also pass of his own will on his turn at the same price (FAQ):
both are one action, ``OxygenPass``, always offered on one's turn (but to a player who must
reveal his red wires), so passing tells nothing about the hand. The event names the reserve
left (mission 49: the passer's stock), which everyone sees anyway.

Silence: the players may not talk; the only sign is a thumbs-up, "I need more oxygen". The page
says so; nothing to enforce (an honour rule; bots never talk).

>>> from engine.redwire import new_game
>>> game = new_game(mission=44, players=4, seed=1)
>>> view(game.observation(None))["reserve"], price(7), price(12)
(8, 2, 3)
>>> view(new_game(mission=49, players=3, seed=1).observation(None))["stock"], price(7, "value")
([6, 6, 6], 7)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..errors import IllegalActionError, Reason
from ..model import Phase, Table
from ..turn import (
    check_seat,
    end_turn,
    forbid_if_must_reveal,
    mistake,
    must_reveal,
    require_own_turn,
)
from ..wires import BLUE_VALUES, RED, YELLOW, value_to_json
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    Refusal,
    ValueBound,
    name_of,
)

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
    OXYGEN_SHORT_OWN = (
        "oxygen_short_own",
        "This cut costs {price} oxygen and you have {stock}.",
    )
    OXYGEN_GIFT_FIRST = (
        "oxygen_gift_first",
        "First choose the teammate who receives the oxygen this cut costs.",
    )
    OXYGEN_GIFT_CHOSEN = (
        "oxygen_gift_chosen",
        "You have already chosen who receives your oxygen this turn.",
    )
    OXYGEN_NO_GIFT = ("oxygen_no_gift", "In this mission oxygen is not given to a teammate.")
    OXYGEN_CANNOT_PAY = (
        "oxygen_cannot_pay",
        "Your {stock} oxygen pays for none of your values: you can only pass.",
    )
    OXYGEN_MUST_PLAY = (
        "oxygen_must_play",
        "Your {stock} oxygen pays for a cut: whoever can play must play.",
    )


@dataclass(frozen=True)
class OxygenConfig:
    """The mission's ``[oxygen]`` table (see the module docstring)."""

    tokens_per_player: int = 2
    price: str = "depth"
    take_from: str = "reserve"
    refill: str = "captain"
    pay_to: str = "front"
    discard_when_out: bool = False
    free_pass: bool = True
    #: ``tokens_per_player`` by player count, when the table gives one (mission 49).
    by_players: tuple[tuple[int, int], ...] = ()
    #: Mission 63: the end-of-turn pass of one's oxygen to the left, and every token starting in
    #: front of the captain (``tokens`` is then the captain's, not each player's).
    relay: bool = False
    captain_only: bool = False

    def tokens(self, players: int) -> int:
        """The tokens per player at this player count."""
        return dict(self.by_players).get(players, self.tokens_per_player)

    def total(self, players: int) -> int:
        """Every token of the mission at this player count."""
        return self.tokens(players) * (1 if self.captain_only else players)


#: What the mission table may say, per field (the first is the default: mission 44's).
_CHOICES = {
    "price": ("depth", "value"),
    "take_from": ("reserve", "own"),
    "pay_to": ("front", "teammate", "reserve"),
    "refill": ("captain", "none", "validation"),
}
#: The combinations built and tested (price, take_from, pay_to, refill, discard_when_out,
#: free_pass, relay, captain_tokens): mission 44's shared reserve, mission 49's gifts, mission
#: 54's own oxygen paid to the central reserve and earned back at each validation, mission 63's
#: relay (the captain's tokens paid into the card's reserve, passed left, collected each round).
_BUILT = {
    ("depth", "reserve", "front", "captain", False, True, False, False),
    ("value", "own", "teammate", "none", True, True, False, False),
    ("depth", "own", "reserve", "validation", False, False, False, False),
    ("value", "own", "reserve", "captain", False, False, True, True),
}


@dataclass(frozen=True)
class OxygenPart:
    """The reserve now, the tokens each seat took since the last refill, and the seat whose turn
    began last (to see a round open)."""

    reserve: int
    taken: tuple[int, ...]
    last: int | None = None
    #: Mission 49: the oxygen in front of each seat, and the teammate the active seat named to
    #: receive this turn's payment (None: not named yet).
    stock: tuple[int, ...] = ()
    gift_to: int | None = None
    #: Mission 54: the validation tokens already paid out in oxygen (None: no such refill).
    validations: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "reserve": self.reserve,
            "taken": list(self.taken),
            "last": self.last,
        }
        if self.stock:  # mission 44's state reads as it always did
            out.update(stock=list(self.stock), gift_to=self.gift_to)
        if self.validations is not None:  # and mission 49's
            out["validations"] = self.validations
        return out


class OxygenView(TypedDict):
    """``observation["mechanisms"]["oxygen"]``: all public. ``prices[v - 1]``: the price of
    value ``v``; ``stock[seat]``: the oxygen in front of a seat (empty where there is none:
    mission 44); ``gift_to``: the teammate the active seat named to receive his payment;
    ``relay``: mission 63's pass to the left at the end of each turn (``reserve`` is then the
    tokens paid into the card since the last collection, and ``tokens`` every token there is)."""

    reserve: int
    tokens: int
    taken: list[int]
    prices: list[int]
    price_rule: str
    take_from: str
    pay_to: str
    stock: list[int]
    gift_to: int | None
    refill: str
    free_pass: bool
    relay: bool


def view(obs: Observation) -> OxygenView | None:
    return cast("OxygenView | None", obs["mechanisms"].get(ID))


@dataclass(frozen=True)
class OxygenPass(Action):
    """Pass your turn: forced when the reserve cannot pay for any cut you could make, or of your
    own will; either way the detonator moves one step."""

    type: ClassVar[str] = "oxygen_pass"
    seat: int


@dataclass(frozen=True)
class OxygenGift(Action):
    """Mission 49, before a cut on your turn: name the teammate who receives the oxygen it
    costs (any one, not necessarily the owner of the wire you point at)."""

    type: ClassVar[str] = "oxygen_gift"
    seat: int
    to: int


def price(value: int, rule: str = "depth") -> int:
    """The oxygen a cut of ``value`` costs (``depth``: 1-4 -> 1, 5-8 -> 2, 9-12 -> 3;
    ``value``: the value itself)."""
    if rule not in ("depth", "value"):
        raise ValueError(f"no oxygen price rule {rule!r}")
    if value == YELLOW:  # no oxygen mission has yellow wires; priced as the deepest
        return 3 if rule == "depth" else 12
    return (value - 1) // 4 + 1 if rule == "depth" else value


def _in_play(table: Table) -> bool:
    return any(m is MECHANISM for m in table.mechanisms)


def _config(table: Table) -> OxygenConfig:
    config = table.mission.config(ID)
    assert isinstance(config, OxygenConfig)
    return config


def cost(table: Table, action: Action) -> int | None:
    """What ``action`` costs (None: it is not a cut action). A Dual Cut pays its announced
    value's price (two values, unreachable in mission 44 without the X-or-Y Ray: the dearer)."""
    return _cost(action, _config(table).price)


def _cost(action: Action, rule: str) -> int | None:
    """``cost`` under the price ``rule`` (read once by a listing)."""
    if isinstance(action, Cut):
        return max(price(v, rule) for v in action.values) if action.values else None
    if isinstance(action, SoloCut) or action.counts_as_solo:  # the Fast Pass is a Solo Cut
        return price(cast("int", getattr(action, "value")), rule)  # noqa: B009
    return None


def _own(table: Table) -> bool:
    """Whether each player pays from his own stock (missions 49, 54), not from the reserve."""
    return _config(table).take_from == "own"


def _gifts(table: Table) -> bool:
    """Whether each payment is a gift to a teammate the payer names first (mission 49)."""
    return _config(table).pay_to == "teammate"


def cheap_values(stock: int, rule: str) -> list[int]:
    """The blue values a stock of ``stock`` oxygen pays for (their price at most ``stock``)."""
    return [v for v in BLUE_VALUES if price(v, rule) <= stock]


def _affordable(table: Table, seat: int) -> bool:
    """Whether the seat's own stock pays for a cut of one of the values he holds."""
    stock = table.part(ID, OxygenPart).stock[seat]
    rule = _config(table).price
    return any(price(v, rule) <= stock for v in table.held_values(seat) - {RED})


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
    part = s.part(ID, OxygenPart)
    left: dict[str, Any] = {"stock": part.stock[a.seat]} if _own(s) else {"reserve": part.reserve}
    if not _config(s).free_pass:
        # Whoever can play must play (mission 54): the pass is a forced skip, and says so.
        if _affordable(s, a.seat):
            raise IllegalActionError(OxygenReason.OXYGEN_MUST_PLAY, stock=part.stock[a.seat])
        left["holds_none_of"] = cheap_values(part.stock[a.seat], _config(s).price)
    events: Events = [Event("oxygen_pass", {"seat": a.seat, **left})]
    if not mistake(s, events):
        end_turn(s, events)
    return events


def _pass_legal(s: Table, seat: int) -> Iterator[OxygenPass]:
    if not (_in_play(s) and s.pending.phase is Phase.TURN and s.active == seat):
        return
    if _config(s).free_pass or not (must_reveal(s, seat) or _affordable(s, seat)):
        yield OxygenPass(seat)


def _gift(s: Table, a: OxygenGift) -> Events:
    if not _in_play(s):
        raise IllegalActionError(OxygenReason.NO_OXYGEN)
    if _config(s).pay_to != "teammate":
        raise IllegalActionError(OxygenReason.OXYGEN_NO_GIFT)
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    to = check_seat(s, a.to)
    if to == a.seat:
        raise IllegalActionError(Reason.NOT_YOURSELF)
    part = s.part(ID, OxygenPart)
    if part.gift_to is not None:
        raise IllegalActionError(OxygenReason.OXYGEN_GIFT_CHOSEN)
    if not _affordable(s, a.seat):
        raise IllegalActionError(OxygenReason.OXYGEN_CANNOT_PAY, stock=part.stock[a.seat])
    s.set_part(ID, replace(part, gift_to=to))
    return [Event("oxygen_gift_to", {"seat": a.seat, "to": to})]


def _gift_legal(s: Table, seat: int) -> Iterator[OxygenGift]:
    if not _in_play(s) or _config(s).pay_to != "teammate":
        return
    if s.pending.phase is not Phase.TURN or s.active != seat:
        return
    if s.part(ID, OxygenPart).gift_to is None and _affordable(s, seat):
        for other in range(s.players):
            if other != seat:
                yield OxygenGift(seat, other)


def _line_take(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"{name_of(n, e['seat'])} takes {e['price']} oxygen to cut {e['value']}: "
        f"{e['reserve']} left in the reserve."
    )


def _line_gift(e: Mapping[str, Any], n: Any, o: Any) -> str:
    lost = " (no wires left there: it is lost)" if e.get("lost") else ""
    return (
        f"{name_of(n, e['seat'])} gives {e['price']} oxygen to {name_of(n, e['to'])} to cut "
        f"{e['value']}{lost}: oxygen now {_stocks(n, e['stock'])}."
    )


def _stocks(n: Any, stock: list[int]) -> str:
    return ", ".join(f"{name_of(n, seat)} {left}" for seat, left in enumerate(stock))


def _line_pass(e: Mapping[str, Any], n: Any, o: Any) -> str:
    if "holds_none_of" in e:
        return (
            f"{name_of(n, e['seat'])} cannot pay for any cut (own oxygen: {e['stock']}): "
            "skips the turn, one step."
        )
    if "stock" in e:
        return f"{name_of(n, e['seat'])} passes (own oxygen: {e['stock']}): one step."
    return f"{name_of(n, e['seat'])} passes (oxygen in the reserve: {e['reserve']}): one step."


def _line_paid(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"{name_of(n, e['seat'])} pays {e['price']} oxygen to the reserve to cut {e['value']}: "
        f"{e['stock']} left." + (f" The reserve holds {e['reserve']}." if "reserve" in e else "")
    )


def _line_breath(e: Mapping[str, Any], n: Any, o: Any) -> str:
    seats = ", ".join(name_of(n, seat) for seat in e["seats"]) or "nobody"
    return (
        f"{e['value']} validated: one oxygen from the reserve to each player with wires "
        f"({seats}): oxygen now {_stocks(n, e['stock'])}."
    )


def _relay(table: Table, seat: int, stock: list[int], events: Events) -> None:
    """Mission 63: ``seat`` gives all his oxygen to the next seat on his left that still has
    wires (nobody else has any: he keeps it)."""
    given = stock[seat]
    to = next(
        (
            (seat + i) % table.players
            for i in range(1, table.players)
            if table.has_wires((seat + i) % table.players)
        ),
        None,
    )
    if not given or to is None:
        return
    stock[seat], stock[to] = 0, stock[to] + given
    data = {"seat": seat, "to": to, "given": given, "stock": list(stock)}
    events.append(Event("oxygen_relay", data))


def _line_collect(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"A new round ({name_of(n, e['seat'])} first): {name_of(n, e['seat'])} takes the "
        f"{e['took']} oxygen from the reserve: {e['stock']} now."
    )


def _line_relay(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"{name_of(n, e['seat'])} passes {e['given']} oxygen to {name_of(n, e['to'])}: "
        f"oxygen now {_stocks(n, e['stock'])}."
    )


def _read_pass(event: Mapping[str, Any], tracker: Any) -> None:
    """A forced skip (mission 54: whoever can play must): the skipper's oxygen paid for none of
    his values, so none of his uncut wires is of a value it pays for; and one of them is not red
    (with only red wires he reveals them instead)."""
    values = event.get("holds_none_of")
    if values is None:  # a free pass (missions 44, 49) proves nothing
        return
    from ..deduction.facts import AtLeastOne, SlotNotIn
    from ..deduction.readers_core import not_red

    wires = tracker.uncut_of_seat(int(event["seat"]))
    if values:
        for wire in wires:
            tracker.add(SlotNotIn.classes(wire, *(int(v) for v in values)))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))


class Oxygen(Mechanism[OxygenPart]):
    id = ID
    reasons = OxygenReason
    actions = (
        ActionSpec(OxygenPass, "turn", _pass_legal, _pass, is_action=True),
        ActionSpec(OxygenGift, "turn", _gift_legal, _gift),
    )
    events = (
        "oxygen",
        "oxygen_refill",
        "oxygen_pass",
        "oxygen_gift_to",
        "oxygen_gift",
        "oxygen_discard",
        "oxygen_paid",
        "oxygen_breath",
        "oxygen_collect",
        "oxygen_relay",
    )
    # The reserve and the payments are public; where the pass is always offered (missions 44,
    # 49) neither a forced skip nor a chosen pass says anything about a hand. Where it is not
    # (mission 54: whoever can play must), the skip proves what the skipper does not hold.
    facts = {"oxygen_pass": _read_pass}
    lines = {
        "oxygen_paid": _line_paid,
        "oxygen_breath": _line_breath,
        "oxygen_collect": _line_collect,
        "oxygen_relay": _line_relay,
        "oxygen": _line_take,
        "oxygen_refill": lambda e, n, o: (
            f"A new round ({name_of(n, e['seat'])} first): every oxygen token goes back to the "
            f"reserve ({e['reserve']})."
        ),
        "oxygen_pass": _line_pass,
        "oxygen_gift_to": lambda e, n, o: (
            f"{name_of(n, e['seat'])} will give the cut's oxygen to {name_of(n, e['to'])}."
        ),
        "oxygen_gift": _line_gift,
        "oxygen_discard": lambda e, n, o: (
            f"{name_of(n, e['seat'])} has no wires left and discards {e['lost']} oxygen."
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
        "oxygen_gift_next": (
            ("partner",),
            "My oxygen goes to {partner}, who plays next: it travels round the table with the turns "
            "and gathers for the deep values.",
            "oxygen gifts: the receiver is the next teammate to play who has wires",
        ),
        "oxygen_dear": (
            ("value", "partner"),
            "Of my sure cuts, {value} hands {partner} the most oxygen: the deep values need it "
            "gathered.",
            "oxygen gifts: of several sure cuts, the dearest",
        ),
        "oxygen_gift_only": (
            ("partner",),
            "My oxygen goes to {partner}, the only teammate who still has wires.",
            "oxygen gifts: one teammate still has wires",
        ),
        "oxygen_gift_lost": (
            (),
            "Nobody else has wires left: the oxygen I pay is lost whoever receives it.",
            "oxygen gifts: no teammate has wires left",
        ),
        "oxygen_pass_own": (
            ("left",),
            "My {left} oxygen pays for none of my cuts: I pass, one step.",
            "oxygen gifts: the seat's own oxygen pays for none of its values",
        ),
        "oxygen_coffee_own": (
            ("next_seat",),
            "My oxygen pays for none of my cuts: Coffee Break, {next_seat} (the most oxygen) "
            "plays next, no step lost.",
            "oxygen gifts: no affordable cut, and the Coffee Break is on the board",
        ),
        "oxygen_relay_dear": (
            ("value",),
            "My oxygen goes next to the player who takes the reserve back: nothing I spend is "
            "lost, so the dearest sure cut, {value}.",
            "oxygen relay: the last turn of the round, of several sure cuts the dearest",
        ),
        "oxygen_relay_leave": (
            ("value", "left", "price"),
            "A sure cut of {value}, the dearest that still passes on {left} oxygen: the cheapest "
            "value left costs {price}.",
            "oxygen relay: of several sure cuts, the dearest that leaves the lowest value left",
        ),
        "oxygen_coffee_relay": (
            ("next_seat", "left"),
            "My oxygen pays for none of my cuts: Coffee Break, {next_seat} plays next with {left} "
            "oxygen, no step lost.",
            "oxygen relay: no affordable cut, and the Coffee Break is on the board",
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
        reader.only_keys(
            table,
            ID,
            {
                "tokens_per_player",
                "captain_tokens",
                "discard_when_out",
                "free_pass",
                "relay",
                *_CHOICES,
            },
        )
        captain_only = "captain_tokens" in table
        key = "captain_tokens" if captain_only else "tokens_per_player"
        if captain_only and "tokens_per_player" in table:
            raise reader.fail(ID, "tokens_per_player or captain_tokens, not both", key)
        raw = table.get(key)
        by_players: tuple[tuple[int, int], ...] = ()
        if isinstance(raw, dict):
            reader.only_keys(raw, f"{ID}.{key}", {"2", "3", "4", "5"})
            by_players = tuple(
                (int(k), reader.integer({ID: table}, f"{ID}.{key}.{k}", 1, 30))
                for k in ("2", "3", "4", "5")
            )
            tokens = by_players[0][1]
        else:
            tokens = reader.integer({ID: table}, f"{ID}.{key}", 1, 30)
        chosen: dict[str, str] = {}
        for key, allowed in _CHOICES.items():
            value = table.get(key, allowed[0])
            if value not in allowed:
                raise reader.fail(f"{ID}.{key}", f"one of {list(allowed)}", value)
            chosen[key] = value
        discard = table.get("discard_when_out", False)
        if not isinstance(discard, bool):
            raise reader.fail(f"{ID}.discard_when_out", "true or false", discard)
        free_pass = table.get("free_pass", True)
        if not isinstance(free_pass, bool):
            raise reader.fail(f"{ID}.free_pass", "true or false", free_pass)
        relay = table.get("relay", False)
        if not isinstance(relay, bool):
            raise reader.fail(f"{ID}.relay", "true or false", relay)
        combo = (
            chosen["price"],
            chosen["take_from"],
            chosen["pay_to"],
            chosen["refill"],
            discard,
            free_pass,
            relay,
            captain_only,
        )
        if combo not in _BUILT:
            raise reader.fail(
                ID, "mission 44's, 49's, 54's or 63's oxygen (others not built)", combo
            )
        return OxygenConfig(
            tokens,
            discard_when_out=discard,
            free_pass=free_pass,
            by_players=by_players,
            relay=relay,
            captain_only=captain_only,
            **chosen,
        )

    def init_part(self, table: Table) -> OxygenPart:
        config = _config(table)
        each = config.tokens(table.players)
        if config.take_from == "own":
            counted = 0 if config.refill == "validation" else None
            stock = (each,) * table.players
            if config.captain_only:  # mission 63: every token in front of the captain
                stock = tuple(each if s == table.setup.captain else 0 for s in range(table.players))
            return OxygenPart(0, (0,) * table.players, stock=stock, validations=counted)
        return OxygenPart(each * table.players, (0,) * table.players)

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """The values whose price the payer can pay now (a cut of two values costs the dearer:
        refused as soon as one is too dear); none before the gift is named (mission 49)."""
        if table.pending.phase is not Phase.TURN or seat != table.active:
            return None
        part = table.part(ID, OxygenPart)
        config = _config(table)
        if config.take_from == "own":
            if config.pay_to == "teammate" and part.gift_to is None:
                return lambda value: False
            limit = part.stock[seat]
        else:
            limit = part.reserve
        rule = config.price
        return lambda value: price(value, rule) <= limit

    def action_filter(self, table: Table) -> ActionFilter | None:
        # Only the active seat's cuts on his turn are priced (``_priced_now``); the part and the
        # mission's rules are read once per listing.
        if table.pending.phase is not Phase.TURN:
            return None
        part = table.part(ID, OxygenPart)
        config = _config(table)
        own, gifts, active = config.take_from == "own", config.pay_to == "teammate", table.active

        def refuse(action: Action) -> Refusal | None:
            due = _cost(action, config.price) if action.seat == active else None
            if due is None:
                return None
            if own:
                if gifts and part.gift_to is None:
                    return Refusal(OxygenReason.OXYGEN_GIFT_FIRST)
                stock = part.stock[action.seat]
                if due > stock:
                    return Refusal(OxygenReason.OXYGEN_SHORT_OWN, {"price": due, "stock": stock})
            elif due > part.reserve:
                return Refusal(OxygenReason.OXYGEN_SHORT, {"price": due, "reserve": part.reserve})
            return None

        return refuse

    def before_action(self, table: Table, action: Action, events: Events) -> None:
        due = _priced_now(table, action)
        if due is None:
            return
        part = table.part(ID, OxygenPart)
        if _own(table):
            if _gifts(table):
                self._give(table, action, due, events)
            else:
                self._pay(table, action, due, events)
            return
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

    def _give(self, table: Table, action: Action, due: int, events: Events) -> None:
        """Mission 49: the payer's ``due`` oxygen goes to the teammate he named (lost if that
        teammate has no wires left: he discards his oxygen)."""
        part = table.part(ID, OxygenPart)
        to = part.gift_to
        assert to is not None  # check_action refused the cut otherwise
        stock = list(part.stock)
        stock[action.seat] -= due
        lost = _config(table).discard_when_out and not table.has_wires(to)
        if not lost:
            stock[to] += due
        table.set_part(ID, replace(part, stock=tuple(stock), gift_to=None))
        value = action.values[0] if isinstance(action, Cut) else cast("SoloCut", action).value
        gift = {"seat": action.seat, "to": to, "value": value_to_json(value), "price": due}
        events.append(Event("oxygen_gift", {**gift, "lost": lost, "stock": stock}))

    def _pay(self, table: Table, action: Action, due: int, events: Events) -> None:
        """Mission 54: the payer's ``due`` oxygen goes back to the central reserve (not
        counted: §12 C3)."""
        part = table.part(ID, OxygenPart)
        stock = list(part.stock)
        stock[action.seat] -= due
        value = action.values[0] if isinstance(action, Cut) else cast("SoloCut", action).value
        paid = {"seat": action.seat, "value": value_to_json(value), "price": due}
        if _config(table).refill == "captain":
            # Mission 63: the reserve on the card is counted (the round's opener takes it back).
            table.set_part(ID, replace(part, stock=tuple(stock), reserve=part.reserve + due))
            paid["reserve"] = part.reserve + due
        else:
            table.set_part(ID, replace(part, stock=tuple(stock)))
        events.append(Event("oxygen_paid", {**paid, "stock": stock[action.seat]}))

    def after_cuts(self, table: Table, events: Events) -> None:
        """Mission 54: each validation token placed gives every player who still has wires one
        oxygen from the central reserve (FAQ: the players without wires get none)."""
        part = table.part(ID, OxygenPart)
        if part.validations is None or len(table.validated) == part.validations:
            return
        new = [e.data["value"] for e in events if e.type == "validated"]
        new = new[len(new) - (len(table.validated) - part.validations) :]
        stock = list(part.stock)
        for value in new:
            seats = [seat for seat in range(table.players) if table.has_wires(seat)]
            for seat in seats:
                stock[seat] += 1
            data = {"value": value, "seats": seats, "stock": list(stock)}
            events.append(Event("oxygen_breath", data))
        table.set_part(ID, replace(part, stock=tuple(stock), validations=len(table.validated)))

    def end_turn(self, table: Table, events: Events) -> None:
        if not _own(table):
            return
        part = table.part(ID, OxygenPart)
        stock = list(part.stock)
        out = _config(table).discard_when_out and table.result is None
        for seat, left in enumerate(stock):
            if out and left and not table.has_wires(seat):
                stock[seat] = 0
                events.append(Event("oxygen_discard", {"seat": seat, "lost": left}))
        if _config(table).relay and table.result is None:
            # Mission 63: the active seat's oxygen goes left; then whatever lies in front of a
            # seat with no wires (his last wire cut by a teammate) goes on the same way.
            _relay(table, table.active, stock, events)
            for seat in range(table.players):
                if stock[seat] and not table.has_wires(seat):
                    _relay(table, seat, stock, events)
        table.set_part(ID, replace(part, stock=tuple(stock), gift_to=None))

    def turn_start(self, table: Table, events: Events) -> None:
        if _config(table).refill != "captain":
            return
        part = table.part(ID, OxygenPart)
        seat = table.active
        opens = part.last is not None and _new_round(table, part.last, seat)
        if _own(table):
            # Mission 63: the seat opening the round takes every token paid into the reserve.
            if opens and part.reserve:
                stock = list(part.stock)
                stock[seat] += part.reserve
                table.set_part(ID, replace(part, reserve=0, stock=tuple(stock), last=seat))
                data = {"seat": seat, "took": part.reserve, "stock": stock[seat]}
                events.append(Event("oxygen_collect", data))
            else:
                table.set_part(ID, replace(part, last=seat))
            return
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
            "tokens": config.total(table.players),
            "taken": list(part.taken),
            "prices": [price(v, config.price) for v in BLUE_VALUES],
            "price_rule": config.price,
            "take_from": config.take_from,
            "pay_to": config.pay_to,
            "stock": list(part.stock),
            "gift_to": part.gift_to,
            "refill": config.refill,
            "free_pass": config.free_pass,
            "relay": config.relay,
        }


MECHANISM = Oxygen()
