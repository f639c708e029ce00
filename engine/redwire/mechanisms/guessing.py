"""The guessing game (mission 29): Number cards in the players' hands.

The shuffled Number cards are dealt at setup: two to each player (three to the player on the
captain's right), face down, each hand secret; the rest form a face-down deck.

At the start of each turn the player on the active player's right (or, if he has no card, the
next one on the right with a card) puts one of his cards face down (``PlayNumber``, phase
``number_play``). The active player then plays normally. At the end of the turn the card is
turned up: if the active player's turn cut wires of that value, the detonator moves one step;
the active player takes the card into his hand. A card whose four wires are cut is discarded
(from a hand, or when drawn; the card face down for the turn only once turned up and taken, so
a turn that cuts the last wires of its value still costs the step); a player left with one card
or none draws from the deck, one card at a time, until he gets one of a value not yet fully
cut. When only one value is left uncut, its card is discarded at once (no card is played any
more). A player with no wire left puts his cards under the deck (FAQ). After a Coffee Mug the
active player takes the card without turning it up (FAQ).

The bots: the player on the right plays the card whose value the active player least likely
holds; the active player makes, of his certain cuts, one of the value the card is least likely
to be (``card_odds``, from the cards seen taken).

>>> from engine.redwire import new_game
>>> game = new_game(mission=29, players=3, seed=2)
>>> [len(h) for h in game.part(ID, GuessPart).hands]  # the captain's right: three
[3, 2, 2]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import SEER, Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..errors import IllegalActionError, Reason, SetupError, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, mistake
from ..wires import BLUE_VALUES, value_to_json
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of
from .equipment.coffee import NUMBER as COFFEE

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..bots.knowledge import Knowledge
    from ..observation_types import Observation
    from ..options import Options

ID = "guessing"
NUMBER_PLAY = Phase.declare("number_play")
#: Playing the card starts the turn: no action is under way.
OPEN_PHASES.add(NUMBER_PLAY)
describe_phase(NUMBER_PLAY.value, "a Number card is being played face down", "play a Number card")


class GuessReason(ReasonCode):
    """The played card's refusal."""

    GUESS_NOT_HELD = ("guess_not_held", "Play one of the Number cards in your hand.")


@dataclass(frozen=True)
class PlayNumber(Action):
    """Put one of your Number cards (``value``) face down for the active player's turn."""

    type: ClassVar[str] = "play_number"
    seat: int
    value: int


@dataclass(frozen=True)
class GuessPart:
    """Every hand (per seat, secret), the face-down deck (top first), the card played this turn
    (who played it and its value), the discarded cards, and the cut counts at the turn's start
    (to see which values the turn cut)."""

    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    played: tuple[int, int] | None = None
    discarded: tuple[int, ...] = ()
    counts: tuple[int, ...] = ()
    coffee: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "played": list(self.played) if self.played else None,
            "discarded": list(self.discarded),
        }


class GuessView(TypedDict):
    """``observation["mechanisms"]["guessing"]``: how many cards each player holds, the viewer's
    own cards, who put a card face down this turn (its value only for him), the deck's size and
    the discarded cards."""

    sizes: list[int]
    mine: list[int]
    played_by: int | None
    played: int | None
    deck: int
    discarded: list[int]


def view(obs: Observation) -> GuessView | None:
    return cast("GuessView | None", obs["mechanisms"].get(ID))


def _counts(table: Table) -> tuple[int, ...]:
    return tuple(table.cut_count(v) for v in BLUE_VALUES)


def _live(table: Table, value: int) -> bool:
    """The value still has an uncut wire (its card stays in play)."""
    return table.cut_count(value) < 4


def _set_hand(part: GuessPart, seat: int, hand: tuple[int, ...]) -> GuessPart:
    hands = list(part.hands)
    hands[seat] = hand
    return replace(part, hands=tuple(hands))


def _refill(table: Table, part: GuessPart, events: Events) -> GuessPart:
    """Discard fully cut values (and the last card when one value is left), then let every
    player with at most one card draw until he gets a card of a value not yet cut."""
    left = [v for v in BLUE_VALUES if _live(table, v)]
    gone: list[int] = []
    hands = []
    for hand in part.hands:
        kept = tuple(v for v in hand if _live(table, v) and len(left) > 1)
        gone += [v for v in hand if v not in kept]
        hands.append(kept)
    part = replace(part, hands=tuple(hands))
    # The card face down for this turn stays there even when the turn cuts its value's last
    # wires: it is turned up at the turn's end (one step if the turn cut its value), taken,
    # and only then discarded from the hand. Only the last value's card goes at once.
    if part.played and len(left) == 1 and _live(table, part.played[1]):
        gone.append(part.played[1])
        part = replace(part, played=None)
    if len(left) <= 1:
        gone += list(part.deck)
        part = replace(part, deck=())
    for seat in range(table.players):
        while len(part.hands[seat]) <= 1 and part.deck and table.has_wires(seat):
            top, rest = part.deck[0], part.deck[1:]
            part = replace(part, deck=rest)
            if not _live(table, top):
                gone.append(top)
                continue
            part = _set_hand(part, seat, (*part.hands[seat], top))
            events.append(Event("number_drawn", {"seat": seat}, {seat: {"value": top}}))
    if gone:
        part = replace(part, discarded=(*part.discarded, *gone))
        events.append(Event("numbers_discarded", {"values": sorted(gone)}))
    return part


def _player_for(table: Table, part: GuessPart, active: int) -> int | None:
    """Who plays the card: the active player's right neighbour, or the next one on the right
    with a card."""
    for step in range(1, table.players):
        seat = (active - step) % table.players
        if part.hands[seat]:
            return seat
    return None


def _play(s: Table, a: PlayNumber) -> Events:
    if s.pending.phase is not NUMBER_PLAY:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    part = s.part(ID, GuessPart)
    if a.value not in part.hands[a.seat]:
        raise IllegalActionError(GuessReason.GUESS_NOT_HELD)
    hand = list(part.hands[a.seat])
    hand.remove(a.value)
    part = replace(_set_hand(part, a.seat, tuple(hand)), played=(a.seat, a.value))
    events: Events = [
        Event("number_played", {"seat": a.seat, "for": s.active}, {a.seat: {"value": a.value}})
    ]
    s.set_part(ID, _refill(s, part, events))
    s.pending = Pending(Phase.TURN, s.active)
    return events


def _legal(s: Table, seat: int) -> Iterator[PlayNumber]:
    if ID not in s.parts or s.pending.phase is not NUMBER_PLAY or s.pending.seat != seat:
        return
    for value in sorted(set(s.part(ID, GuessPart).hands[seat])):
        yield PlayNumber(seat, value)


class Guessing(Mechanism[GuessPart]):
    id = ID
    reasons = GuessReason
    actions = (ActionSpec(PlayNumber, "any_time", _legal, _play),)
    events = ("number_played", "number_turned", "number_drawn", "numbers_discarded")
    lines = {
        "number_played": lambda e, n, o: (
            f"{name_of(n, e['seat'])} puts a Number card face down for "
            f"{name_of(n, e['for'])}'s turn."
        ),
        "number_turned": lambda e, n, o: (
            f"The card is turned up: {e['value']}"
            + (" - cut this turn: one step!" if e["penalty"] else ".")
            + f" {name_of(n, e['to'])} takes it."
        ),
        "number_drawn": lambda e, n, o: f"{name_of(n, e['seat'])} draws a Number card.",
        "numbers_discarded": lambda e, n, o: (
            "Number cards discarded: " + ", ".join(str(v) for v in e["values"]) + "."
        ),
    }
    bot_keys = {
        "play_number": (
            ("value", "seat", "percent"),
            "I put the {value} face down: {seat} holds one with only {percent}% chance.",
            "mission 29 (`guessing`): the card whose value the active player least likely cuts",
        ),
        "number_likely_cut": (
            ("value", "percent"),
            "I cut my {value}s, sure of them: the card face down is a {value} with only "
            "{percent}% chance, less than any other value I am sure of.",
            "mission 29 (`guessing`): while a card lies face down for his turn, the active "
            "player's certain cut of the value the card is least likely to be (from the cards "
            "seen taken, `card_odds`) comes first (every level but random)",
        ),
        "number_safe_cut": (
            ("value",),
            "The card face down cannot be a {value} (its card is in my hand or out of the game): "
            "I cut my {value}s, sure of them, and the detonator cannot move for it.",
            "mission 29 (`guessing`): while a card lies face down for his turn, the active "
            "player's certain cut of a value whose card he holds or which is discarded comes "
            "before a certain cut of a value the card may be (every level but random)",
        ),
    }

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        cards = list(BLUE_VALUES)
        rng.shuffle(cards)
        return tuple(cards)

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        order = raw.get("order") if isinstance(raw, dict) and set(raw) == {"order"} else None
        if (
            not isinstance(order, list)
            or any(isinstance(v, bool) or not isinstance(v, int) for v in order)
            or sorted(order) != list(BLUE_VALUES)
        ):
            raise SetupError('setup.parts.guessing must be {"order": [the 12 values]}')
        return tuple(order)

    def setup_to_json(self, data: tuple[int, ...]) -> dict[str, Any]:
        return {"order": list(data)}

    def init_part(self, table: Table) -> GuessPart:
        order = table.setup.parts[ID]
        assert isinstance(order, tuple)
        players, captain = table.players, table.setup.captain
        right = (captain - 1) % players
        hands: list[tuple[int, ...]] = []
        at = 0
        for seat in range(players):  # from seat 0: the captain's right gets three
            size = 3 if seat == right else 2
            hands.append(tuple(order[at : at + size]))
            at += size
        return GuessPart(tuple(hands), tuple(order[at:]))

    def turn_start(self, table: Table, events: Events) -> None:
        part = replace(self.part(table), counts=_counts(table), coffee=False)
        table.set_part(ID, part)
        seat = _player_for(table, part, table.active)
        if seat is not None:
            table.pending = Pending(NUMBER_PLAY, seat, actor=table.active)

    def end_turn(self, table: Table, events: Events) -> None:
        part = self.part(table)
        active = table.active
        # A Coffee Mug this turn: the card is taken without being turned up (FAQ).
        coffee = any(e.type == "equipment" and e.data.get("card") == COFFEE for e in events)
        part = replace(part, coffee=coffee)
        if part.played is not None and table.result is None:
            _, value = part.played
            cut_now = [
                v
                for v, before in zip(BLUE_VALUES, part.counts, strict=True)
                if table.cut_count(v) > before
            ]
            penalty = value in cut_now and not part.coffee
            data = {"value": value, "to": active, "penalty": penalty, "coffee": part.coffee}
            events.append(Event("number_turned", data))
            part = replace(part, played=None)
            part = _set_hand(part, active, (*part.hands[active], value))
            table.set_part(ID, part)
            if penalty and mistake(table, events):
                return
        part = self.part(table)
        for seat in range(table.players):  # no wire left: his cards go under the deck
            if not table.has_wires(seat) and part.hands[seat]:
                part = replace(part, deck=(*part.deck, *part.hands[seat]))
                part = _set_hand(part, seat, ())
        table.set_part(ID, _refill(table, part, events))

    def after_cuts(self, table: Table, events: Events) -> None:
        table.set_part(ID, _refill(table, self.part(table), events))

    def observe(self, table: Table, viewer: Viewer) -> GuessView:
        part = self.part(table)
        by = part.played[0] if part.played else None
        seen = viewer == SEER or (isinstance(viewer, int) and viewer == by)
        return {
            "sizes": [len(h) for h in part.hands],
            "mine": sorted(part.hands[viewer]) if isinstance(viewer, int) else [],
            "played_by": by,
            "played": part.played[1] if part.played and seen else None,
            "deck": len(part.deck),
            "discarded": sorted(part.discarded),
        }

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """The other hands, the deck and a card played face down by another are unseen."""
        part = self.part(table)
        own = viewer if isinstance(viewer, int) else None
        hidden_played = part.played is not None and part.played[0] != own
        pool = [v for s, h in enumerate(part.hands) if s != own for v in h]
        pool += list(part.deck)
        if hidden_played and part.played:
            pool.append(part.played[1])
        rng.shuffle(pool)
        hands = list(part.hands)
        for seat, hand in enumerate(part.hands):
            if seat != own:
                hands[seat], pool = tuple(pool[: len(hand)]), pool[len(hand) :]
        deck, pool = tuple(pool[: len(part.deck)]), pool[len(part.deck) :]
        played = part.played
        if hidden_played and part.played:
            played = (part.played[0], pool[0])
        table.set_part(ID, replace(part, hands=tuple(hands), deck=deck, played=played))

    def advise(self, ask: BotAsk) -> Advice | None:
        """The card whose value the active player is least likely to cut this turn: the one he
        least likely holds (by the exact odds); and for the active player, a certain cut of a
        value the card face down cannot be (``_safe_cut``)."""
        plays = [a for a in ask.legal if isinstance(a, PlayNumber)]
        if not plays:
            return _safe_cut(ask)
        know = ask.knowledge()
        prompt = ask.obs["prompt"]
        active = int(prompt["actor"]) if prompt and prompt.get("actor") is not None else 0
        slots = know.hand_of(active)

        def holds(value: int) -> float:
            p = 1.0
            for slot in slots:
                p *= 1.0 - know.chance(slot, (value,))
            return 1.0 - p

        choice = min(plays, key=lambda a: (round(holds(a.value), 9), a.value))
        percent = round(100 * holds(choice.value))
        return choice, "play_number", {"value": choice.value, "seat": active, "percent": percent}


def _safe_cut(ask: BotAsk) -> Advice | None:
    """While another seat's card lies face down for my turn: of my certain cuts, one of the
    value the card is least likely to be (``card_odds``), when some other certain cut is of a
    likelier value; a Solo Cut first, then a Dual Cut at a wire with no info token (it shows
    the team a value). Else None: the usual play."""
    if ask.level == "random" or ask.obs["phase"] != "turn":
        return None
    guess = view(ask.obs)
    seat = ask.obs["viewer"]
    if guess is None or guess["played_by"] is None or guess["played_by"] == seat:
        return None
    solos = [a for a in ask.legal if isinstance(a, SoloCut) and a.seat == seat]
    aims = [
        a
        for a in ask.legal
        if isinstance(a, Cut)
        and a.seat == seat
        and a.tool is None
        and len(a.targets) == 1
        and len(a.values) == 1
    ]
    if not solos and not aims:
        return None
    know: Knowledge = ask.knowledge()
    sure: list[Cut | SoloCut] = [
        *solos,
        *(a for a in aims if know.certain(a.targets[0], a.values)),
    ]
    odds = card_odds(ask.obs)
    risks = {_value_of(a): odds.get(_value_of(a), 0.0) for a in sure}
    if not risks or min(risks.values()) >= max(risks.values()) - 1e-9:
        return None  # no certain cut, or all as likely to cost a step: the usual play
    least = min(risks.values())

    def rank(action: Cut | SoloCut) -> tuple[bool, bool]:
        dual_with_token = isinstance(action, Cut) and know.tile(action.targets[0])["info"]
        return not isinstance(action, SoloCut), dual_with_token is not None

    choice = min((a for a in sure if risks[_value_of(a)] <= least + 1e-9), key=rank)
    value = _value_of(choice)
    if least > 0:
        percent = max(1, round(100 * least))
        return choice, "number_likely_cut", {"value": value_to_json(value), "percent": percent}
    return choice, "number_safe_cut", {"value": value_to_json(value)}


def card_odds(obs: Observation) -> dict[int, float]:
    """The chance that the card face down (played by another seat) is of each value, for the
    observation's seat: each card that left a hand was turned up (the log says which), so the
    cards each seat was seen to take and still holds are known; the played card is one of its
    player's cards, every one alike, and each unseen card of his is one of the values nobody is
    seen to hold, alike (a card taken after a Coffee Mug, not turned up, makes its player's
    hand unseen again).

    >>> from engine.redwire import new_game
    >>> card_odds(new_game(mission=29, players=3, seed=2).observation(0))  # none face down yet
    {}
    """
    guess = view(obs)
    if guess is None or guess["played_by"] is None:
        return {}
    if guess["played"] is not None:  # his own card: known
        return {int(guess["played"]): 1.0}
    by = int(guess["played_by"])
    held: list[set[int]] = [set() for _ in range(int(obs["players"]))]
    player = None
    for entry in obs["log"]:
        kind = entry.get("type")
        if kind == "number_played":
            player = int(entry["seat"])
        elif kind == "number_turned" and player is not None:
            value = entry.get("value")
            if value is None or entry.get("coffee"):
                held[player].clear()  # which card left his hand is not known
            else:
                held[player].discard(int(value))
                held[int(entry["to"])].add(int(value))
            player = None
        elif kind == "numbers_discarded":
            for hand in held:
                hand.difference_update(int(v) for v in entry["values"])
    viewer = obs["viewer"]
    mine = set(guess["mine"])
    seen = held[by] - mine
    others = {v for s, hand in enumerate(held) if s not in (by, viewer) for v in hand}
    unseen = set(BLUE_VALUES) - mine - set(guess["discarded"]) - others - seen
    cards = int(guess["sizes"][by]) + 1  # his hand before he played
    hidden = max(cards - len(seen), 0)
    odds = dict.fromkeys(seen, 1 / cards)
    for v in unseen:
        odds[v] = hidden / cards / len(unseen)
    return odds


def _value_of(action: Cut | SoloCut) -> int:
    return action.value if isinstance(action, SoloCut) else int(action.values[0])


MECHANISM = Guessing()
