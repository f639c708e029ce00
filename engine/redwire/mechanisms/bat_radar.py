"""The radar turn (mission 18): each turn starts with a Number card, a radar sweep on its value
and a player named to cut it.

At the start of each turn (unless the active player holds only red wires and must reveal them):

1. the top card of the Number cards' face-down deck is turned up (a card whose four wires are
   all cut is discarded for good, and the next one turned up; an empty deck is reshuffled from
   the cards used since, in an order the deal fixed in advance);
2. the radar asks about that value: every stand answers whether it holds an uncut blue wire of
   it (the ``radar`` event, read by the Radar's fact reader);
3. the active player names a player, himself included (``NameCutter``); the named player must
   make a cut with that value (a Dual Cut announcing it, with or without his Double Detector,
   or a Solo Cut of it).

The next turn goes to the left of the active player, not of the named one (FAQ).

If the named player holds no wire of that value (the radar showed it: B16, ``[UNCERTAIN]``), by
default (``m18_unheld = "token"``, as in mission 51) he puts a true info token on one of his
blue wires of his choice and the detonator moves one step; the option ``"forbidden"`` lets the
active player name only a player who holds that value.

``"bat_radar:sir"`` (mission 51, "Sir / Ma'am"): the same turn without the radar. The active
player turns up the card and names the cutter without consulting anyone, so the naming says in
public whether the named player holds the value (``name_cutter``'s ``held``: he cuts it, or puts
his token and the detonator moves). Naming a player who holds only red wires loses the mission
(FAQ, second-hand, ``[LIKELY]``): the bomb explodes. The players place their setup info tokens as
usual, and the detonator starts one space back (N+1 steps from the skull: with five players, the
purple segment). The named player may use equipment during his cut as in any turn.

>>> from engine.redwire import new_game
>>> game = new_game(mission=18, players=3, seed=3)
>>> game.phase.value, view(game.observation(None))["current"]
('bat_name', 6)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import (
    OPEN_PHASES,
    begin_turn,
    check_seat,
    end_turn,
    explode,
    mistake,
    must_reveal,
    place_info,
)
from ..wires import BLUE_VALUES, Colour, blue, colour_of
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    PickSpec,
    ValueBound,
    bound_value_filter,
    name_of,
)
from .number_deck import DeckMechanism, NumberDeck, orders_of, turn_up

if TYPE_CHECKING:
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "bat_radar"
BAT_NAME = Phase.declare("bat_name")
#: Naming is a decision with no action under way ("any time" actions wait for none).
OPEN_PHASES.add(BAT_NAME)
describe_phase(BAT_NAME.value, "a player is being named to cut", "name the player who must cut")
BAT_TOKEN = Phase.declare("bat_token")


class BatReason(ReasonCode):
    """Refusals of the radar turn."""

    BAT_VALUE = (
        "bat_value",
        "The player named must cut with the Number card's value: {value}.",
    )
    BAT_HOLDER = (
        "bat_holder",
        "With this rule variant only a player holding a {value} may be named.",
    )


@dataclass(frozen=True)
class BatConfig:
    """``sir``: mission 51's turn (no radar, setup tokens, the detonator one space back)."""

    sir: bool = False


@dataclass(frozen=True)
class NameCutter(Action):
    """Name the player (``named``, yourself included) who must cut the Number card's value."""

    type: ClassVar[str] = "name_cutter"
    seat: int
    named: int


@dataclass(frozen=True)
class BatPart(NumberDeck):
    """The Number deck (``number_deck``), whose turn it is (the named player cuts for him) and
    whom he named."""

    owner: int | None = None
    named: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {**self.deck_json(), "owner": self.owner, "named": self.named}


class BatView(TypedDict):
    """``observation["mechanisms"]["bat_radar"]``: the card turned up, the deck's size, the
    cards used and discarded, whose turn it is and whom he named, and whether it is mission
    51's turn (no radar; naming a player with only red wires loses) (public)."""

    current: int | None
    deck: int
    used: list[int]
    gone: list[int]
    owner: int | None
    named: int | None
    sir: bool


def view(obs: Observation) -> BatView | None:
    return cast("BatView | None", obs["mechanisms"].get(ID))


def _holders(table: Table, value: int) -> list[int]:
    code = blue(value)
    return [seat for seat in range(table.players) if any(c == code for _, _, c in table.hand(seat))]


def _sir(table: Table) -> bool:
    """Mission 51's turn (``bat_radar:sir``): no radar, the naming shows who holds the value."""
    config = table.mission.config(ID)
    return isinstance(config, BatConfig) and config.sir


def _unheld(table: Table) -> str:
    """What naming a player without the value does: mission 51's card says (a token and a step);
    mission 18's is a rule option (B16)."""
    return "token" if _sir(table) else table.setup.options.m18_unheld


def _draw(table: Table) -> tuple[BatPart, int | None]:
    """Turn up the next card: discard the fully cut ones; reshuffle when the deck is empty."""
    return turn_up(table, table.part(ID, BatPart), orders_of(table, ID))


def _start(table: Table, seat: int, events: Events) -> None:
    """The radar turn's first two steps (mission 51: the card only), then the naming."""
    part, value = _draw(table)
    table.set_part(ID, replace(part, owner=seat, named=None))
    if value is None:  # every value is cut (the mission is won before this can happen)
        return
    events.append(Event("bat_card", {"value": value, "seat": seat}))
    if _sir(table):
        table.pending = Pending(BAT_NAME, seat, actor=seat, value=value)
        return
    code = blue(value)
    answers = [any(c == code for _, c in table.uncut(st)) for st in range(len(table.stands))]
    events.append(Event("radar", {"seat": seat, "value": value, "answers": answers}))
    table.pending = Pending(BAT_NAME, seat, actor=seat, value=value)


def _name(s: Table, a: NameCutter) -> Events:
    if s.pending.phase is not BAT_NAME:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    named = check_seat(s, a.named)
    if not s.has_wires(named):
        raise IllegalActionError(Reason.NO_WIRES, seat=named)
    part = s.part(ID, BatPart)
    value = part.current
    assert value is not None
    holders = _holders(s, value)
    if _unheld(s) == "forbidden" and named not in holders:
        raise IllegalActionError(BatReason.BAT_HOLDER, value=value)
    s.set_part(ID, replace(part, named=named))
    data: dict[str, object] = {"seat": a.seat, "named": named, "value": value}
    if _sir(s):  # no radar before: the naming itself shows whether he holds the value
        data["held"] = named in holders
        if must_reveal(s, named):  # FAQ: naming a player with only red wires loses
            data["reds"] = True
            events: Events = [Event("name_cutter", data)]
            explode(s, "sir_reds", events)
            return events
    events = [Event("name_cutter", data)]
    if named in holders:
        s.active = named
        s.pending = Pending(Phase.TURN, named)
        return events
    # B16: he cannot cut it: a true token on a blue wire of his choice, and one step.
    options = tuple(
        (st, sl)
        for st, sl, code in s.hand(named)
        if colour_of(code) is Colour.BLUE and s.stands[st][sl] not in s.info
    )
    if mistake(s, events):
        return events
    if not options:
        end_turn(s, events)
        return events
    s.pending = Pending(BAT_TOKEN, named, options, actor=a.seat, value=value)
    return events


def _bat_token(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    place_info(s, s.wire_id(stand, slot), "bat", events)
    end_turn(s, events)


def _legal(s: Table, seat: int) -> Iterator[NameCutter]:
    if s.pending.phase is not BAT_NAME or s.pending.seat != seat:
        return
    value = s.part(ID, BatPart).current
    holders = _holders(s, value) if value is not None else []
    for named in range(s.players):
        if not s.has_wires(named):
            continue
        if _unheld(s) == "forbidden" and named not in holders:
            continue
        yield NameCutter(seat, named)


def _cut_value(table: Table) -> int | None:
    """The value the named player must cut with, while he cuts and still holds it (once he
    holds none, after equipment that moved his wires, he plays a normal turn: never stuck)."""
    part = table.parts.get(ID)
    if (
        not isinstance(part, BatPart)
        or part.named is None
        or part.current is None
        or table.phase is not Phase.TURN
    ):
        return None
    held = table.active in _holders(table, part.current)
    return part.current if held else None


def _read_card(event: Mapping[str, Any], tracker: Any) -> None:
    """A card turned up proves the player whose turn it is does not hold only red wires (he
    would have revealed them instead): at least one of his uncut wires is not red."""
    from ..deduction.codes import YELLOW
    from ..deduction.facts import AtLeastOne

    if "seat" not in event:
        return
    wires = tracker.uncut_of_seat(int(event["seat"]))
    if wires:
        tracker.add(AtLeastOne.classes(wires, *BLUE_VALUES, YELLOW))


def _read_named(event: Mapping[str, Any], tracker: Any) -> None:
    """Mission 51: the named player holds the value (he cuts it) or holds none (his token and
    the step show it). Mission 18's event carries no ``held``: the radar said it before."""
    from ..deduction.facts import AtLeastOne, Count

    if "held" not in event or event.get("reds"):
        return  # mission 18, or the bomb exploded (nothing left to deduce)
    wires = tracker.uncut_of_seat(int(event["named"]))
    value = int(event["value"])
    if event["held"]:
        tracker.add(AtLeastOne.classes(wires, value))
    elif wires:
        tracker.add(Count.classes(wires, value, low=0, high=0))


class BatRadar(DeckMechanism[BatPart]):
    id = ID
    part_type = BatPart
    reasons = BatReason
    actions = (ActionSpec(NameCutter, "any_time", _legal, _name),)
    picks = (
        PickSpec(
            BAT_TOKEN,
            _bat_token,
            "an info token is being placed (the player named holds none of the value)",
            "put an info token on one of your blue wires",
        ),
    )
    events = ("bat_card", "name_cutter")
    facts = {"bat_card": _read_card, "name_cutter": _read_named}
    causes = {"sir_reds": "a player holding only red wires was named to cut"}
    lines = {
        "bat_card": lambda e, n, o: f"Number card turned up: {e['value']}.",
        "name_cutter": lambda e, n, o: (
            f"{name_of(n, e['seat'])} names {name_of(n, e['named'])} to cut a {e['value']}"
            + (
                ": they hold only red wires."
                if e.get("reds")
                else "."
                if e.get("held", True)
                else ": they hold no wire of it."
            )
        ),
    }
    bot_keys = {
        "sir_name_self": (
            ("value",),
            "I name myself: I hold a {value}.",
            "mission 51: Sir or Ma'am names himself, holding the value",
        ),
        "sir_name_other": (
            ("seat", "value"),
            "I name {seat}: the likeliest to hold a {value}, with no risk worth taking of only red wires.",
            "mission 51: Sir or Ma'am names the likeliest holder who cannot be left with only red wires",
        ),
        "sir_name_self_none": (
            ("value",),
            "I name myself without a {value}: a token and a step cost less than naming a riskier player.",
            "mission 51: Sir or Ma'am takes the step rather than risk naming only red wires",
        ),
        "bat_name_self": (
            ("value",),
            "I name myself: I hold a {value} and know my own odds.",
            "mission 18: the active player names himself",
        ),
        "bat_name_other": (
            ("seat", "value"),
            "I name {seat}: the radar says they hold a {value}.",
            "mission 18: the active player names a holder of the value",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> BatConfig:
        if table is not None:
            raise reader.fail(ID, "no table: mission 51's turn is a parameter (bat_radar:sir)")
        if params not in ((), ("sir",)):
            raise reader.fail(f"mechanisms.{ID}", "sir or nothing", ":".join(params))
        return BatConfig(sir=params == ("sir",))

    def places_setup_token(self, table: Table, seat: int) -> bool:
        return _sir(table)  # mission 18: no setup info tokens; mission 51: as usual

    def dial_start(self, table: Table) -> int | None:
        """Mission 51: one space back, as if there were one more player."""
        return table.players + 1 if _sir(table) else None

    def turn_start(self, table: Table, events: Events) -> None:
        if not must_reveal(table, table.active):
            _start(table, table.active, events)

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        """The next turn goes to the left of the turn's owner, not of the named player."""
        part = table.part(ID, BatPart)
        if part.owner is None or table.turn_number == 0:
            return False
        owner = part.owner
        table.set_part(ID, replace(part, owner=None, named=None))
        for step in range(1, table.players + 1):
            following = (owner + step) % table.players
            if table.has_wires(following):
                begin_turn(table, following, table.turn_number + 1, events)
                return True
        return False

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """The named cutter announces the radar's value only (BAT_VALUE)."""
        value = _cut_value(table) if seat == table.active else None
        return None if value is None else value.__eq__

    def action_filter(self, table: Table) -> ActionFilter | None:
        # Once per listing: the value is the table's, not the action's (it reads every hand).
        value = _cut_value(table)
        if value is None:
            return None
        sir = _sir(table)
        # Sir/Ma'am's turn (mission 51) allows equipment too; mission 18's cutter only picks
        return bound_value_filter(
            table.active, value, BatReason.BAT_VALUE, lambda action: sir or action.type == "pick"
        )

    def observe(self, table: Table, viewer: Viewer) -> BatView:
        part = self.part(table)
        return {
            "current": part.current,
            "deck": len(part.deck),
            "used": list(part.used),
            "gone": list(part.gone),
            "owner": part.owner,
            "named": part.named,
            "sir": _sir(table),
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        """Name myself when I hold the value (I know my own odds), else the first holder the
        radar showed, clockwise from me."""
        names = [a for a in ask.legal if isinstance(a, NameCutter)]
        if not names:
            return None
        part = view(ask.obs)
        if part is not None and part["sir"]:
            from ..bots.sir import advise

            return advise(ask, names)
        value = part["current"] if part else None
        me = int(ask.obs["viewer"] or 0)
        radar = next((e for e in reversed(ask.obs["log"]) if e["type"] == "radar"), None)
        holders = {
            int(ask.obs["stands"][st]["owner"])
            for st, yes in enumerate(radar["answers"] if radar else [])
            if yes
        }
        if me in holders:
            choice = next(a for a in names if a.named == me)
            return choice, "bat_name_self", {"value": value}
        players = int(ask.obs["players"])
        for step in range(1, players):
            seat = (me + step) % players
            found = next((a for a in names if a.named == seat and seat in holders), None)
            if found is not None:
                return found, "bat_name_other", {"seat": seat, "value": value}
        choice = names[0]
        return choice, "bat_name_other", {"seat": choice.named, "value": value}


MECHANISM = BatRadar()
