"""Which seats use a token-replacement mechanism (mission 40: x1/x2/x3 for some seats, even/odd
for the others), read from the mission's table of that mechanism.

A token-replacement mechanism (``count_tokens``, ``parity_tokens``) replaces every info token of
the mission by default. A mission may give it to some seats only, by their place at the table
counted from the captain (1 = the captain, 2 = the player on his left, ...), per edition::

    [count_tokens]
    seats = [1, 3, 5]
    [count_tokens.edition.EN]
    seats = [1, 2, 3, 4, 5]

The seat that decides is the **owner of the wire being marked** (spec §12 A3, REC). A token of
such a mission on a wire the Walkie-Talkies move is discarded (``moved = "discard"``, the M40
FAQ; count tokens always are).

>>> config = TokenSeats(frozenset({1, 3, 5}), {"EN": frozenset({1, 2, 3, 4, 5})}, False)
>>> config.places("IT"), config.places("EN")
(frozenset({1, 3, 5}), frozenset({1, 2, 3, 4, 5}))
>>> place_of(seat=3, captain=2, players=4)
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model import Table

if TYPE_CHECKING:
    from ..missions import ConfigReader

EDITIONS = ("IT", "EN")


@dataclass(frozen=True)
class TokenSeats:
    """The places (1 = captain) that use the mechanism's tokens, by edition."""

    seats: frozenset[int]
    by_edition: Mapping[str, frozenset[int]] = field(default_factory=dict)
    #: A token on a wire the Walkie-Talkies move is discarded.
    discard_moved: bool = False

    def places(self, edition: str) -> frozenset[int]:
        return self.by_edition.get(edition, self.seats)


def place_of(seat: int, captain: int, players: int) -> int:
    """A seat's place at the table counted clockwise from the captain (the captain is 1)."""
    return (seat - captain) % players + 1


def _places(reader: ConfigReader, raw: object, path: str) -> frozenset[int]:
    ok = isinstance(raw, list) and all(
        isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= 5 for p in raw
    )
    if not ok or not isinstance(raw, list) or len(set(raw)) != len(raw):
        raise reader.fail(path, "a list of distinct places 1..5 (1 = the captain)", raw)
    return frozenset(raw)


def configure(
    mechanism_id: str,
    params: tuple[str, ...],
    table: Mapping[str, Any] | None,
    reader: ConfigReader,
    *,
    discard: bool,
) -> TokenSeats | None:
    """The mechanism's seats from its mission table (None: every seat, the usual rule).
    ``discard``: whether ``moved = "discard"`` is a setting of this mechanism."""
    if params:
        raise reader.fail(f"mechanisms.{mechanism_id}", "no parameters", ":".join(params))
    if table is None:
        return None
    keys = {"seats", "edition", *(("moved",) if discard else ())}
    unknown = sorted(set(table) - keys)
    if unknown:
        raise reader.fail(f"{mechanism_id}.{unknown[0]}", f"one of {sorted(keys)}")
    seats = _places(reader, table.get("seats"), f"{mechanism_id}.seats")
    by_edition: dict[str, frozenset[int]] = {}
    editions = table.get("edition", {})
    if not isinstance(editions, dict):
        raise reader.fail(f"{mechanism_id}.edition", "a table", editions)
    for edition, rule in editions.items():
        path = f"{mechanism_id}.edition.{edition}"
        if edition not in EDITIONS:
            raise reader.fail(path, f"one of {EDITIONS}")
        if not isinstance(rule, dict) or set(rule) != {"seats"}:
            raise reader.fail(path, "a table with seats", rule)
        by_edition[edition] = _places(reader, rule["seats"], f"{path}.seats")
    moved = table.get("moved", "keep")
    if moved not in ("keep", "discard"):
        raise reader.fail(f"{mechanism_id}.moved", "'keep' or 'discard'", moved)
    return TokenSeats(seats, by_edition, moved == "discard")


def config_of(table: Table, mechanism_id: str) -> TokenSeats | None:
    config = table.mission.config(mechanism_id)
    assert config is None or isinstance(config, TokenSeats)
    return config


def uses(table: Table, mechanism_id: str, seat: int) -> bool:
    """Whether the tokens of ``seat``'s wires are this mechanism's."""
    config = config_of(table, mechanism_id)
    if config is None:
        return True
    place = place_of(seat, table.setup.captain, table.players)
    return place in config.places(table.setup.options.edition)


def seats_using(table: Table, mechanism_id: str) -> list[int] | None:
    """The seats whose wires get this mechanism's tokens (None: every seat, not configured)."""
    if config_of(table, mechanism_id) is None:
        return None
    return [seat for seat in range(table.players) if uses(table, mechanism_id, seat)]


def wire_uses(table: Table, mechanism_id: str, wire: int) -> bool:
    """Whether a token on ``wire`` is this mechanism's: decided by the wire's owner."""
    stand, _ = table.position_of(wire)
    return uses(table, mechanism_id, table.owners[stand])
