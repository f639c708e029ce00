"""Why Loop the Loop refuses an action: stable codes the page translates, English sentences.

>>> err = IllegalActionError(Reason.UPGRADE_NOT_HIGHER, card="red5a", old="red7a")
>>> err.reason.value, str(err)
('upgrade_not_higher', 'red5a must be harder than red7a, the card it replaces.')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import FuseboxError, IllegalActionError, ReasonCode, RecordError, SetupError
from ..core.text import counted
from .cards import CardListError

__all__ = [
    "WAITING_FOR",
    "CardListError",
    "FuseboxError",
    "IllegalActionError",
    "Reason",
    "RecordError",
    "SetupError",
]


class Reason(ReasonCode):
    """Why an action was refused. The value is the stable code; ``template`` the English text."""

    def words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Fill ``waiting`` from a ``phase``, ``who`` from a ``seat`` and ``cards`` from a
        ``count`` ("1 card", "2 cards")."""
        words = self.common_words(params, WAITING_FOR)
        if isinstance(params.get("count"), int):
            words["cards"] = counted(params["count"], "card", "cards")
        return words

    MALFORMED = ("malformed", "That action is not understood: {detail}.")
    GAME_OVER = ("game_over", "The game is over.")
    NO_SUCH_PLAYER = ("no_such_player", "There is no such player.")
    NOT_YOUR_DECISION = ("not_your_decision", "It is {who}'s decision now, not yours.")
    NOT_NOW = ("not_now", "That is not possible now: {waiting}.")
    CHANCE_IS_NOT_YOURS = (
        "chance_is_not_yours",
        "Dice and shuffles are the game's: an action cannot bring its own outcome.",
    )
    BAD_OUTCOME = ("bad_outcome", "The recorded outcome does not fit: {detail}.")
    # Cards and hands
    NO_SUCH_CARD = ("no_such_card", "There is no card {card}.")
    NOT_IN_HAND = ("not_in_hand", "{card} is not in your hand.")
    SAME_CARD_TWICE = ("same_card_twice", "Each card can be chosen once.")
    DECK_EMPTY = ("deck_empty", "Deck {deck} and its discard pile are empty.")
    DRAW_LIMIT = ("draw_limit", "An exchange draws at most three cards.")
    MUST_DRAW = ("must_draw", "An exchange draws at least one card.")
    DISCARD_COUNT = ("discard_count", "Discard exactly {cards}: as many as you drew.")
    # Declaring a plan
    NO_SUCH_PLAN = ("no_such_plan", "There is no flight plan {plan}.")
    PLAN_LOCKED = (
        "plan_locked",
        "Your score on {plan} is 20 or more: that plan cannot be flown by you again.",
    )
    PLAN_COLORS = ("plan_colors", "{plan} needs one card of each of its colours: {colors}.")
    CARD_COUNT = ("card_count", "Lay three cards (a new plan) or one (an upgrade).")
    UPGRADE_FIRST_ROUND = ("upgrade_first_round", "A one-card upgrade is allowed from round 2.")
    PLAN_NOT_FULL = ("plan_not_full", "{plan} has no cards yet: lay three.")
    UPGRADE_NOT_HIGHER = (
        "upgrade_not_higher",
        "{card} must be harder than {old}, the card it replaces.",
    )
    NOT_NORMAL = ("not_normal", "You have completed the four plans: fly your free flight.")
    NOT_FREE = ("not_free", "The free flight comes once you have completed all four plans.")
    # The free flight
    FREE_CARD_COUNT = ("free_card_count", "A free flight has 3 to 6 cards.")
    FREE_TOO_EASY = (
        "free_too_easy",
        "A free flight needs a total difficulty of 25 or more (these make {total}).",
    )
    FREE_TOO_MANY_DICE = (
        "free_too_many_dice",
        "A free flight must be flyable with six dice (these need {dice}).",
    )
    NOT_IN_FLIGHT = ("not_in_flight", "{card} is not a card of this flight.")
    # Flying
    NO_TOKEN = ("no_token", "You have no bonus token.")
    SEVENTH_USED = ("seventh_used", "The 7th die joins a flight once per turn.")
    SEVENTH_TIMING = ("seventh_timing", "With this rule option the 7th die joins before a roll.")
    NO_DICE = ("no_dice", "No dice are left to roll.")
    CARD_DONE = ("card_done", "{card} is already completed.")
    NOT_ROLLED = ("not_rolled", "Those dice are not in the roll: {dice}.")
    REROLL_COUNT = ("reroll_count", "Roll again 1 to 3 dice of this roll.")
    TOO_LOW = ("too_low", "{total} does not reach {card}'s difficulty {difficulty}.")
    HIGHLIGHT_EXACT = (
        "highlight_exact",
        "The highlighted card must be completed exactly ({difficulty}, not {total}).",
    )
    STOP_NOT_ALLOWED = (
        "stop_not_allowed",
        "You can end the flight early only after two cards of a plan, "
        "or when no die fits or none is left.",
    )


#: English for the ``phase`` parameter of NOT_NOW (the page has its own catalog).
WAITING_FOR = {
    "turn": "a turn is waiting for its choice",
    "draw": "cards are being drawn in an exchange",
    "discard": "cards are being discarded",
    "highlight": "the free flight's highlight is being placed",
    "pre_roll": "the dice are about to be rolled",
    "rolled": "the roll is waiting to be placed",
    "landing": "the flight is about to be scored",
    "refill": "the hand is being refilled",
    "over": "the game is over",
}
