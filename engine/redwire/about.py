"""Red Wire in the box's registry (read without loading the game)."""

from ..core.registry import GameInfo

INFO = GameInfo(
    id="redwire",
    title={"en": "Red Wire", "it": "Red Wire"},
    summary={
        "en": "Cooperative wire-cutting deduction: defuse the bomb together, one wire at a time.",
        "it": "Deduzione cooperativa: disinnescate insieme la bomba, un filo alla volta.",
    },
    players=range(2, 6),
    module="engine.redwire.game",
    order=1,
)
