"""Why Countdown refuses an action: reason codes the page translates, English templates.

>>> from ..core.errors import IllegalActionError
>>> str(IllegalActionError(Reason.WRONG_ZONE, card="timer", agent=2, zone="out"))
'Hurry is played on an agent outside the building, and agent 3 is not.'
>>> str(IllegalActionError(Reason.NOT_YOUR_DECISION, seat=1))
"It is Player 2's decision now, not yours."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import FuseboxError, IllegalActionError, ReasonCode, RecordError, SetupError
from ..core.text import counted
from .names import kind_name

__all__ = [
    "FuseboxError",
    "IllegalActionError",
    "Reason",
    "RecordError",
    "SetupError",
]


class Reason(ReasonCode):
    """Why an action was refused. The value is the stable code; ``template`` the English text."""

    def words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Derived words: ``who`` from ``seat``, 1-based ``agent``/``position``, card names,
        ``cards`` from ``count`` ("1 card", "2 cards")."""
        words = self.common_words(params, WAITING_FOR)
        for key in ("agent", "position", "target"):
            if isinstance(params.get(key), int):
                words[key] = params[key] + 1
        if isinstance(params.get("card"), str):
            words["card"] = kind_name(params["card"])
        if params.get("zone") in ("in", "out"):
            words["zone"] = "inside" if params["zone"] == "in" else "outside"
        if isinstance(params.get("count"), int):
            words["cards"] = counted(params["count"], "card", "cards")
        return words

    MALFORMED = ("malformed", "That action is not understood: {detail}.")
    GAME_OVER = ("game_over", "The game is over.")
    NOT_YOUR_DECISION = ("not_your_decision", "It is {who}'s decision now, not yours.")
    NOT_NOW = ("not_now", "That is not possible now: {waiting}.")
    NO_SUCH_PLAYER = ("no_such_player", "There is no such player.")
    NO_SUCH_AGENT = ("no_such_agent", "There is no such agent (agents are 1 to 4).")
    NO_SUCH_POSITION = ("no_such_position", "There is no such wire (the combination has 4).")
    NOT_IN_HAND = ("not_in_hand", "You have no {card} in your hand.")
    CARD_LOCKED = (
        "card_locked",
        "You took that {card} with a Frisk this turn: you may play it from your next turn on.",
    )
    AGENT_ACTED = ("agent_acted", "Agent {agent} has already acted this turn.")
    WRONG_ZONE = (
        "wrong_zone",
        "{card} is played on an agent {zone} the building, and agent {agent} is not.",
    )
    NO_FACE_DOWN = ("no_face_down", "Every wire of the combination is already face up.")
    NO_RESERVE = ("no_reserve", "No spare wire is left to rewire with.")
    NO_TARGET = ("no_target", "Nobody else has a card to take.")
    MASCOT_NO_REENTER = (
        "mascot_no_reenter",
        "Whoever looks after the mascot cannot send an agent back in.",
    )
    MASCOT_NO_DEFUSE = (
        "mascot_no_defuse",
        "Whoever looks after the mascot cannot defuse the bomb.",
    )
    CUT_LIMIT = (
        "cut_limit",
        "You already have 4 Snips: a new one must replace one under an agent that has one.",
    )
    NO_CUT_THERE = ("no_cut_there", "Agent {agent} has no {colour} Snip to replace.")
    WILD_TOO_LATE = (
        "wild_too_late",
        "Two cards can stand in for one only while the countdown shows 4 or more.",
    )
    WILD_MODE = ("wild_mode", "A pair of cards stands in for a Scan or an Evacuate only.")
    WILD_PAIR = ("wild_pair", "Play exactly two cards from your hand as a pair.")
    FACE_UP = ("face_up", "Wire {position} is face up: it can no longer be looked at or changed.")
    NOT_A_TARGET = ("not_a_target", "Choose another player who holds at least one card.")
    NOT_IN_TARGET_HAND = ("not_in_target_hand", "That player has no {card}.")
    NOT_INSIDE = ("not_inside", "Agent {agent} is not inside the building.")
    NOT_ELIGIBLE = (
        "not_eligible",
        "To defuse you need exactly 4 Snips under your agents (you have {cuts}).",
    )
    DISCARD_COUNT = ("discard_count", "Discard exactly {cards}, down to 4 in your hand.")
    NOT_AN_OPTION = ("not_an_option", "That is not one of the choices now.")


#: English for the ``waiting`` word of NOT_NOW (the page has its own catalog).
WAITING_FOR = {
    "play": "a player is playing cards",
    "analyze_pick": "a wire to scan is being chosen",
    "bypass_pick": "a wire to rewire is being chosen",
    "cut_place": "a Snip is being placed",
    "intercept_target": "a player to frisk is being chosen",
    "intercept_card": "a card to take is being chosen",
    "alarm_choice": "the Siren's choices are being made",
    "defuse": "a player is deciding whether to defuse",
    "discard": "a player is discarding down to 4 cards",
    "next_game": "the next game of the match is about to start",
    "over": "the game is over",
}
