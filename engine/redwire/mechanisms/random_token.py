"""Setup info tokens drawn at random (mission 13; ``random_token:captain``: the captain's only,
the others place theirs as usual; ``random_token:captain:2``, mission 43: so only with the player
counts listed, the card's two-player line; with the other counts every seat places its own).

Each seat draws a number token at random (yellow tokens are drawn again: the draw is among the
24 number tokens, two per number), face up for everyone. A seat that holds a blue wire of that
number puts the token on one of them (its choice); a seat that holds none lays it face up beside
its stand: everyone learns it holds no wire of that number (``token_skipped`` with ``reason``
"beside").

>>> from engine.redwire import new_game
>>> view(new_game(mission=13, players=3, seed=4).observation(None))
{'values': [6, 1, 4]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Viewer
from ..actions import Action, PlaceToken
from ..errors import IllegalActionError, SetupError
from ..model import Table
from ..turn import seen_own_wire
from ..wires import BLUE_VALUES, Colour, colour_of, cut_value
from .base import Mechanism

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options

ID = "random_token"


class RandomTokenReason(ReasonCode):
    """The drawn token's refusal."""

    DRAWN_VALUE = (
        "drawn_value",
        "Your info token was drawn at random: it is a {value}, on one of your {value}s.",
    )


class RandomTokenView(TypedDict):
    """``observation["mechanisms"]["random_token"]``: the token each seat drew (face up; None
    for a seat that places none, as the captain with two players in mission 13)."""

    values: list[int | None]


def view(obs: Observation) -> RandomTokenView | None:
    return cast("RandomTokenView | None", obs["mechanisms"].get(ID))


@dataclass(frozen=True)
class RandomTokenConfig:
    #: True for ``random_token:captain``: the captain's token only is drawn.
    captain_only: bool
    #: The player counts the captain's draw applies to (empty: every count).
    players: frozenset[int]

    def draws(self, players: int) -> bool:
        """Whether anything is drawn with ``players`` players."""
        return not self.players or players in self.players


def drawn(table: Table, seat: int) -> int | None:
    """The token ``seat`` drew (None: it draws none and places its own as usual)."""
    values = table.setup.parts.get(ID)
    if values is None:  # random_token:captain:2 with another player count: nothing drawn
        return None
    if isinstance(values, int):  # random_token:captain: the captain's token only
        return values if seat == table.setup.captain else None
    assert isinstance(values, tuple)
    return int(values[seat])


def _holds(table: Table, seat: int, value: int | None) -> bool:
    return any(
        colour_of(code) is Colour.BLUE and cut_value(code) == value
        for _, _, code in table.hand(seat)
    )


def _others_allow(table: Table, seat: int) -> bool:
    return all(m.places_setup_token(table, seat) for m in table.mechanisms if m.id != ID)


def _read_skipped(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A token beside the stand: that seat holds no wire of its value (all its wires then)."""
    if event.get("reason") != "beside":
        return
    from ..deduction.facts import Count

    seat = int(event["seat"])
    wires = [w for s in tracker.stands_of(seat) for w in tracker.wires(s)]
    tracker.add(Count.classes(wires, int(event["value"]), low=0, high=0))


class RandomToken(Mechanism[None]):
    id = ID
    reasons = RandomTokenReason
    facts = {"token_skipped": _read_skipped}

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> RandomTokenConfig:
        """``random_token`` (every seat's token), ``random_token:captain`` (the captain's only)
        or ``random_token:captain:2`` (the captain's, with the player counts listed)."""
        counts = params[1:]
        if (
            table is not None
            or (params and params[0] != "captain")
            or not all(p in ("2", "3", "4", "5") for p in counts)
        ):
            raise reader.fail(
                f"mechanisms.{ID}",
                "random_token, random_token:captain or random_token:captain:2",
                params,
            )
        return RandomTokenConfig(bool(params), frozenset(int(p) for p in counts))

    def deal(
        self,
        config: RandomTokenConfig,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...] | int | None:
        if not config.draws(players):
            return None
        tokens = [v for v in BLUE_VALUES for _ in range(2)]
        if config.captain_only:
            return int(tokens[rng.below(len(tokens))])
        return tuple(rng.sample(tokens, players))

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...] | int | None:
        assert isinstance(config, RandomTokenConfig)
        if not config.draws(players):
            if raw is not None:
                raise SetupError(
                    f"setup.parts.random_token: mission {mission} draws no token with "
                    f"{players} players (every seat places its own)"
                )
            return None
        if config.captain_only:
            value = raw.get("captain") if isinstance(raw, dict) and set(raw) == {"captain"} else 0
            if not isinstance(value, int) or isinstance(value, bool) or value not in BLUE_VALUES:
                raise SetupError(
                    'setup.parts.random_token must be {"captain": a number 1..12}: the token '
                    "the captain drew"
                )
            return value
        values = raw.get("values") if isinstance(raw, dict) and set(raw) == {"values"} else None
        if (
            not isinstance(values, list)
            or len(values) != players
            or any(isinstance(v, bool) or v not in BLUE_VALUES for v in values)
            or any(values.count(v) > 2 for v in values)
        ):
            raise SetupError(
                f'setup.parts.random_token must be {{"values": [one number 1..12 per seat, '
                f"each at most twice]}} for {players} players"
            )
        return tuple(values)

    def setup_to_json(self, data: tuple[int, ...] | int) -> dict[str, Any]:
        if isinstance(data, int):
            return {"captain": data}
        return {"values": list(data)}

    def places_setup_token(self, table: Table, seat: int) -> bool:
        value = drawn(table, seat)
        return value is None or _holds(table, seat, value)

    def token_skipped(self, table: Table, seat: int) -> Mapping[str, Any] | None:
        value = drawn(table, seat)
        if value is None or not _others_allow(table, seat) or _holds(table, seat, value):
            return None
        return {"reason": "beside", "value": value}

    def check_action(self, table: Table, action: Action) -> None:
        if isinstance(action, PlaceToken) and not self.allows(table, action):
            value = drawn(table, action.seat)
            raise IllegalActionError(RandomTokenReason.DRAWN_VALUE, value=value)

    def allows(self, table: Table, action: Action) -> bool:
        if not isinstance(action, PlaceToken) or not 0 <= action.seat < table.players:
            return True
        wire = seen_own_wire(table, action.seat, action.stand, action.slot)
        if wire is None:
            return True  # not a wire of his that he sees: the core refuses it
        value = drawn(table, action.seat)
        return value is None or cut_value(table.codes[wire]) == value

    def observe(self, table: Table, viewer: Viewer) -> RandomTokenView | None:
        if ID not in table.setup.parts:
            return None  # nothing drawn with this player count
        return {
            "values": [
                drawn(table, seat) if _others_allow(table, seat) else None
                for seat in range(table.players)
            ]
        }


MECHANISM = RandomToken()
