"""Loop the Loop in the box's registry (read without loading the game)."""

from ..core.registry import GameInfo

INFO = GameInfo(
    id="loop",
    title={"en": "Loop the Loop", "it": "Loop the Loop"},
    summary={
        "en": "Stunt-pilot dice: fly daring plans with three rolls of six dice, then a free flight.",
        "it": "Dadi da acrobati dell'aria: piani di volo audaci in tre lanci di sei dadi, poi il volo libero.",
    },
    players=range(2, 7),
    module="engine.loop.game",
    order=3,
)
