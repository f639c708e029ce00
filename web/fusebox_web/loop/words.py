"""Loop the Loop's words in the player's language: cards, plans, dice, the log, the bots' reasons,
the engine's refusals. Pure functions of the catalog and plain data (observations, event views).

>>> from fusebox_web.shell.i18n import Catalog
>>> catalog = Catalog({"en": {"lp.color.blue": "Loop", "lp.card": "{name} {difficulty}",
...                           "lp.log.roll": "{who} rolls {dice}."}})
>>> w = Words(catalog, ["Ana", "Bea"])
>>> w.card({"color": "blue", "difficulty": 12, "exact": 10, "over": 4})
'Loop 12'
>>> w.line({"type": "roll", "seat": 1, "dice": [6, 4, 6], "red": None})
'Bea rolls 6 4 6.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..shell.i18n import Catalog, counted

View = Mapping[str, Any]
#: The bots' explanation params that name cards (by id), and plans.
CARD_PARAMS = ("card",)


class Words:
    """Names and phrases for one game, in the catalog's language."""

    def __init__(
        self, catalog: Catalog, names: Sequence[str], cards: Mapping[str, View] | None = None
    ) -> None:
        self.catalog = catalog
        self.names = list(names)
        #: Every card by id (the observation's card list), to name cards given by id.
        self.cards = dict(cards or {})

    def t(self, key: str, **params: object) -> str:
        return self.catalog.t(key, **params)

    def tn(self, key: str, n: int, **params: object) -> str:
        """A message about a count ("1 token", "no dice left"): the shell's
        :func:`~fusebox_web.shell.i18n.counted`."""
        return counted(self.catalog, key, n, **params)

    def name(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    def maneuver(self, color: str) -> str:
        return self.t(f"lp.color.{color}")

    def card(self, card: View) -> str:
        """``Loop 12``."""
        return self.t("lp.card", name=self.maneuver(card["color"]), difficulty=card["difficulty"])

    def card_full(self, card: View) -> str:
        """``Loop 12 (exact 10, over 4)``: for screen readers and the log."""
        return self.t(
            "lp.cardFull",
            name=self.maneuver(card["color"]),
            difficulty=card["difficulty"],
            exact=card["exact"],
            over=card["over"],
        )

    def card_id(self, card_id: object) -> str:
        card = self.cards.get(str(card_id))
        return self.card(card) if card is not None else str(card_id)

    def cards_text(self, cards: Sequence[View]) -> str:
        return ", ".join(self.card(c) for c in cards) or self.t("lp.nothing")

    def plan(self, plan: object) -> str:
        return self.t(f"lp.plan.{plan}")

    def dice(self, dice: Sequence[int], joiner: str = " ") -> str:
        return joiner.join(str(d) for d in dice)

    def deck(self, deck: object) -> str:
        return self.t(f"lp.deck.{deck}")

    # ------------------------------------------------------------------ the log

    def line(self, event: View) -> str:
        """One event as a sentence (the viewer's own secrets included, if any)."""
        kind = str(event.get("type"))
        handler = getattr(self, f"_log_{kind}", None)
        if handler is not None:
            return str(handler(event))
        return self.t(f"lp.log.{kind}", **self._params(event))

    def _params(self, e: View) -> dict[str, object]:
        params: dict[str, object] = {}
        if "seat" in e:
            params["who"] = self.name(e["seat"])
        for name in ("score", "old", "gain", "cost", "tokens", "pool", "points", "unused", "deck"):
            if name in e:
                params[name] = e[name]
        if "plan" in e and e["plan"] is not None:
            params["plan"] = self.plan(e["plan"])
        if "card" in e and isinstance(e["card"], Mapping):
            params["card"] = self.card(e["card"])
        if "dice" in e:
            params["dice"] = self.dice(e["dice"])
        return params

    def _log_deal(self, e: View) -> str:
        text = self.t("lp.log.deal", who=self.name(e["first"]), players=e["players"])
        secret = e.get("secret")
        if secret:
            text += " " + self.t("lp.log.yourHand", cards=self.cards_text(secret["cards"]))
        return text

    def _log_turn(self, e: View) -> str:
        return self.t("lp.log.turn", who=self.name(e["seat"]), round=e["round"])

    def _log_draw(self, e: View) -> str:
        secret = e.get("secret")
        if secret:
            return self.t(
                "lp.log.drawSeen",
                who=self.name(e["seat"]),
                deck=e["deck"],
                card=self.card(secret["card"]),
            )
        return self.t("lp.log.draw", who=self.name(e["seat"]), deck=e["deck"])

    def _log_reshuffle(self, e: View) -> str:
        return self.t("lp.log.reshuffle", deck=e["deck"], count=e["cards"])

    def _log_pass(self, e: View) -> str:
        return self.t("lp.log.pass", who=self.name(e["seat"]))

    def _log_discard(self, e: View) -> str:
        key = "lp.log.discardPaid" if e["cost"] else "lp.log.discard"
        return self.t(
            key, who=self.name(e["seat"]), cards=self.cards_text(e["cards"]), cost=e["cost"]
        )

    def _log_declare(self, e: View) -> str:
        who, plan = self.name(e["seat"]), self.plan(e["plan"])
        if not e["laid"]:
            return self.t("lp.log.flyAsItLies", who=who, plan=plan)
        if len(e["laid"]) == 1:
            return self.t(
                "lp.log.upgrade",
                who=who,
                plan=plan,
                card=self.card(e["laid"][0]),
                old=self.card(e["replaced"][0]),
            )
        return self.t("lp.log.declare", who=who, plan=plan, cards=self.cards_text(e["laid"]))

    def _log_free_declared(self, e: View) -> str:
        return self.t(
            "lp.log.freeDeclared", who=self.name(e["seat"]), cards=self.cards_text(e["cards"])
        )

    def _log_highlight(self, e: View) -> str:
        return self.t("lp.log.highlight", who=self.name(e["seat"]), card=self.card(e["card"]))

    def _log_roll(self, e: View) -> str:
        return self.t("lp.log.roll", who=self.name(e["seat"]), dice=self.dice(e["dice"]))

    def _log_reroll(self, e: View) -> str:
        return self.t(
            "lp.log.reroll",
            who=self.name(e["seat"]),
            dice=self.dice(e["dice"]),
            roll=self.dice(e["roll"]),
        )

    def _log_assign(self, e: View) -> str:
        key = "lp.log.placeExact" if e["exact"] else "lp.log.placeOver"
        return self.t(
            key,
            who=self.name(e["seat"]),
            dice=self.dice(e["dice"], "+"),
            card=self.card(e["card"]),
            points=self.tn("lp.log.points", e["points"]),
            pool=self.tn("lp.log.diceLeft", e["pool"]),
        )

    def _log_stop(self, e: View) -> str:
        return ""

    def _log_flight_end(self, e: View) -> str:
        who = self.name(e["seat"])
        what = self.plan(e["plan"]) if e["kind"] == "plan" else self.t("lp.freeFlight")
        if e["outcome"] == "success":
            return self.t(
                "lp.log.flightDone",
                who=who,
                what=what,
                points=e["points"],
                unused=self.tn("lp.log.unused", e["unused"]),
                total=e["points"] + e["unused"],
            )
        if e["outcome"] == "stopped":
            return self.t("lp.log.flightStopped", who=who, what=what)
        why = self.t("lp.log.noDice" if e["why"] == "no_dice" else "lp.log.noFit")
        done = e["completed"]
        return self.tn("lp.log.flightFailed", done, who=who, what=what, count=done, why=why)

    def _log_registered(self, e: View) -> str:
        who, plan = self.name(e["seat"]), self.plan(e["plan"])
        if e["old"] is None:
            return self.t("lp.log.registered", who=who, plan=plan, score=e["score"])
        if e["gain"]:
            return self.t(
                "lp.log.improved",
                who=who,
                plan=plan,
                score=e["score"],
                old=e["old"],
                gain=e["gain"],
            )
        return self.t("lp.log.notBetter", who=who, plan=plan, score=e["score"], old=e["old"])

    def _log_not_registered(self, e: View) -> str:
        return self.t(
            "lp.log.notRegistered",
            who=self.name(e["seat"]),
            plan=self.plan(e["plan"]),
            score=e["score"],
        )

    def _reasons(self, reasons: Sequence[str]) -> str:
        return ", ".join(self.t(f"lp.bonusWhy.{r}") for r in reasons)

    def _log_bonus(self, e: View) -> str:
        return self.t(
            "lp.log.bonus",
            who=self.name(e["seat"]),
            why=self._reasons(e["reasons"]),
            tokens=e["tokens"],
        )

    def _log_bonus_none(self, e: View) -> str:
        return self.t("lp.log.bonusNone", who=self.name(e["seat"]), why=self._reasons(e["reasons"]))

    def _log_seventh_die(self, e: View) -> str:
        return self.tn("lp.log.seventh", e["pool"], who=self.name(e["seat"]), pool=e["pool"])

    def _log_free_scored(self, e: View) -> str:
        who = self.name(e["seat"])
        if e["gain"]:
            return self.t(
                "lp.log.freeScored",
                who=who,
                score=e["score"],
                plan=self.plan(e["worst_plan"]),
                worst=e["worst"],
                gain=e["gain"],
            )
        return self.t("lp.log.freeNoGain", who=who, score=e["score"], worst=e["worst"])

    def _log_free_failed(self, e: View) -> str:
        return self.t("lp.log.freeFailed", who=self.name(e["seat"]), cost=e["cost"])

    def _log_all_plans(self, e: View) -> str:
        return self.t("lp.log.allPlans", who=self.name(e["seat"]))

    def _log_game_over(self, e: View) -> str:
        winners = " & ".join(self.name(w) for w in e["winners"])
        return self.t("lp.log.gameOver", winners=winners)

    # ------------------------------------------------------------------ the bots' reasons

    def why(self, key: str, params: Mapping[str, Any]) -> str:
        """A computer's one-sentence reason, translated."""
        words: dict[str, object] = dict(params)
        if "plan" in params:
            words["plan"] = self.plan(params["plan"])
        if "card" in params:
            words["card"] = self.card_id(params["card"])
        if "cards" in params:
            words["cards"] = ", ".join(self.card_id(c) for c in params["cards"])
        if "dice" in params:
            words["dice"] = self.dice(params["dice"], "+")
        if "deck" in params:
            words["deck"] = params["deck"]
        if "color" in params:
            words["color"] = self.maneuver(str(params["color"]))
        return self.counted(f"lp.why.{key}", words)

    # ------------------------------------------------------------------ refusals

    def refusal(self, reason: str, params: Mapping[str, Any], english: str) -> str:
        """The engine's refusal in the player's language (its English text if none)."""
        key = f"lp.reason.{reason}"
        if key not in self.catalog.messages.get("en", {}):
            return english
        words: dict[str, object] = dict(params)
        if "plan" in params:
            words["plan"] = self.plan(params["plan"])
        for name in ("card", "old"):
            if name in params:
                words[name] = self.card_id(params[name])
        if "seat" in params:
            words["who"] = self.name(params["seat"])
        if "phase" in params:
            words["waiting"] = self.t(f"lp.prompt.{params['phase']}")
        return self.counted(key, words)

    def counted(self, key: str, params: Mapping[str, Any]) -> str:
        """The message ``key``, in its form for the ``count`` among ``params`` when there is one
        ("1 card is enough", not "1 card(s)")."""
        count = params.get("count")
        if type(count) is int:
            return self.tn(key, count, **params)
        return self.t(key, **params)
