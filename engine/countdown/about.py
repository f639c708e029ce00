"""Countdown in the box's registry (read without loading the game)."""

from ..core.registry import GameInfo

INFO = GameInfo(
    id="countdown",
    title={"en": "Countdown", "it": "Conto alla rovescia"},
    summary={
        "en": "Competitive bomb card game: find the combination and snip the right wires, or "
        "get your agents out and keep the mascot when it blows.",
        "it": "Gioco di carte competitivo: trova la combinazione e taglia i fili giusti, oppure "
        "porta fuori i tuoi agenti e tieni la mascotte quando la bomba esplode.",
    },
    players=range(2, 6),
    module="engine.countdown.game",
    order=2,
)
