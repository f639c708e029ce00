"""The captain places no setup info token (missions 11, 13, 27, 29 and others, often only with
two players): ``"captain_token:2"`` lists the player counts it applies to (none listed: every
count).

>>> from engine.redwire import new_game
>>> game = new_game(mission=11, players=2, seed=3)
>>> [e.data for e in game.log if e.type == "token_skipped"] == [{"seat": game.setup.captain, "reason": "mission"}]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model import Table
from .base import Mechanism

if TYPE_CHECKING:
    from ..missions import ConfigReader

ID = "captain_token"


@dataclass(frozen=True)
class CaptainTokenConfig:
    #: The player counts with which the captain places no token (empty: every count).
    players: frozenset[int]


class CaptainToken(Mechanism[None]):
    id = ID

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> CaptainTokenConfig:
        if table is not None:
            raise reader.fail(ID, "no table: player counts are parameters (captain_token:2)")
        if not all(p in ("2", "3", "4", "5") for p in params):
            raise reader.fail(f"mechanisms.{ID}", "player counts 2..5", ":".join(params))
        return CaptainTokenConfig(frozenset(int(p) for p in params))

    def places_setup_token(self, table: Table, seat: int) -> bool:
        config = table.mission.config(ID)
        assert isinstance(config, CaptainTokenConfig)
        applies = not config.players or table.players in config.players
        return not (applies and seat == table.setup.captain)


MECHANISM = CaptainToken()
