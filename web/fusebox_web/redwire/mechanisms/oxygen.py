"""Oxygen on the page (missions 44 and 49): the reserve drawn as tokens (how many are left, how
many each player took this round), the prices by depth and the silence rule with its one sign in
the mission's panel; the price of each cut in its confirm sentence before it is made; the pass (a
dock button, by touch and keyboard, with its confirm: the detonator moves one step); the log's
lines and the bots' reasons.

Mission 49 (each player's own oxygen, every cut a gift): each player's oxygen drawn as his row of
tokens with a number and his name (the one whose turn it is marked), the teammate named to receive
this turn's oxygen; the gift as a dock button that asks for a teammate (touch or keyboard), then
the cuts open; each cut's confirm says what it gives and to whom.

Mission 54 (each player's own oxygen, paid to the central reserve): the same rows of tokens, the
prices by depth, the breath each validation gives and "if you can play, you must" in the panel;
each cut's confirm says what it costs and what is left; the forced skip as the pass button, its
log line saying so.

Mission 63 (the relay): the same rows of tokens (the captain's full at the start), and the
reserve on the mission card drawn as its own row of tokens with its number; the prices by value,
the pass to the left at the end of each turn, the round opener's collection and the silence in
the panel; each cut's confirm says what it costs and what goes left; the log says each payment
with the reserve it leaves, each relay and each collection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import Cut, GameState, SoloCut
from engine.redwire.actions import Action
from engine.redwire.mechanisms import oxygen
from engine.redwire.mechanisms.oxygen import OxygenGift, OxygenPass, OxygenView
from engine.redwire.wires import BLUE_VALUES

from ..markup import esc, tag
from .base import Chosen, Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, OxygenPass(seat)) else None


def _tokens(left: int, total: int, w: Words) -> str:
    """The reserve as a row of tokens: full ones left, hollow ones taken."""
    marks = "".join(
        tag("span", "", class_="rw-oxy" + ("" if i < left else " rw-oxy--taken"))
        for i in range(total)
    )
    return tag(
        "span",
        marks,
        class_="rw-oxy-row",
        role="img",
        aria_label=w.t("rw.oxygen.reserve", left=left, total=total),
    )


def _stock_row(seat: int, left: int, part: OxygenView, obs: Observation, w: Words) -> str:
    """One player's oxygen: his name, his tokens (a row of discs) and their number; the seat
    whose turn it is and the one named to receive its gift are marked in words and symbols."""
    marks = "".join(tag("span", "", class_="rw-oxy") for _ in range(left))
    notes = []
    if obs["phase"] == "turn" and obs["active"] == seat:
        notes.append(w.t("rw.oxygen.stockTurn"))
    if part["gift_to"] == seat:
        notes.append(w.t("rw.oxygen.stockGift"))
    label = w.t(w.about("rw.oxygen.stock", seat), who=w.name(seat), n=left)
    return tag(
        "li",
        tag("span", esc(w.name(seat)), class_="rw-oxy-who")
        + " "
        + tag("span", marks, class_="rw-oxy-row", aria_hidden="true")
        + tag("strong", esc(str(left)))
        + "".join(" " + tag("em", esc(note), class_="rw-oxy-note") for note in notes),
        class_="rw-oxy-seat" + (" rw-oxy-seat--gift" if part["gift_to"] == seat else ""),
        aria_label=" ".join([label, *notes]),
        data_testid=f"oxygen-stock-{seat}",
    )


def _card_reserve(n: int, w: Words) -> str:
    """Mission 63: the tokens paid into the reserve on the card this round, as a row of discs
    with its number (the round's opener takes them back)."""
    marks = "".join(tag("span", "", class_="rw-oxy") for _ in range(n))
    label = w.t("rw.oxygen.cardReserve", n=n)
    return tag(
        "p",
        tag("span", marks, class_="rw-oxy-row", aria_hidden="true")
        + " "
        + tag("strong", esc(label)),
        # No aria-label: a <p> has no role to carry it (ARIA forbids it there), and its words,
        # the discs aside, are the label already.
        class_="rw-seq rw-oxy-card",
        data_testid="oxygen-reserve",
    )


def _stocks(obs: Observation, part: OxygenView, w: Words) -> str:
    """Mission 49's panel: every player's oxygen, the prices, the gift and the silence;
    mission 54's: the oxygen, the prices by depth paid to the reserve, the breath of each
    validation and the skip (no silence rule there)."""
    rows = "".join(_stock_row(seat, left, part, obs, w) for seat, left in enumerate(part["stock"]))
    card = ""
    if part["relay"]:
        rules: tuple[str, ...] = (
            "rw.oxygen.relayPrices",
            "rw.oxygen.relayRule",
            "rw.oxygen.collectRule",
            "rw.oxygen.silence",
        )
        card = _card_reserve(part["reserve"], w)
    elif part["pay_to"] == "reserve":
        rules = ("rw.oxygen.prices", "rw.oxygen.reserveRule", "rw.oxygen.breathRule")
    else:
        rules = ("rw.oxygen.giftRule", "rw.oxygen.giftOut", "rw.oxygen.silence")
    return tag(
        "section",
        tag("h3", esc(w.t("rw.oxygen.title")), class_="rw-h3")
        + tag("ul", rows, class_="rw-oxy-stocks", data_testid="oxygen-stocks")
        + card
        + "".join(tag("p", esc(w.t(key)), class_="rw-seq") for key in rules),
        class_="rw-mission-part rw-oxygen",
        role="note",
        data_testid="oxygen",
    )


def _part(obs: Observation, w: Words) -> str:
    part = oxygen.view(obs)
    if part is None:
        return ""
    if part["stock"]:
        return _stocks(obs, part, w)
    taken = [
        w.t("rw.oxygen.tookOne", who=w.name(seat), n=n) for seat, n in enumerate(part["taken"]) if n
    ]
    took = w.t("rw.oxygen.taken", list=", ".join(taken)) if taken else w.t("rw.oxygen.noneTaken")
    return tag(
        "section",
        tag("h3", esc(w.t("rw.oxygen.title")), class_="rw-h3")
        + tag(
            "p",
            _tokens(part["reserve"], part["tokens"], w)
            + " "
            + tag(
                "strong",
                esc(w.t("rw.oxygen.reserve", left=part["reserve"], total=part["tokens"])),
                data_testid="oxygen-reserve",
            ),
            class_="rw-seq",
        )
        + tag("p", esc(took), class_="rw-muted", data_testid="oxygen-taken")
        + tag("p", esc(w.t("rw.oxygen.prices")), class_="rw-seq")
        + tag("p", esc(w.t("rw.oxygen.rule")), class_="rw-seq")
        + tag("p", esc(w.t("rw.oxygen.silence")), class_="rw-seq"),
        class_="rw-mission-part rw-oxygen",
        role="note",
        data_testid="oxygen",
    )


def _own_prompt(obs: Observation, part: OxygenView, w: Words) -> str | None:
    """Mission 49, on the viewer's turn: name the receiver first, then cut what he can pay."""
    me = obs["viewer"]
    if not isinstance(me, int) or obs["active"] != me:
        return None
    left = part["stock"][me]
    if _short(obs, part, left):
        return w.t("rw.oxygen.promptEmptyOwn", left=left)
    if part["relay"]:
        return w.t("rw.oxygen.promptRelay", left=left)
    if part["pay_to"] == "reserve":
        return w.t("rw.oxygen.promptOwn", left=left)
    if part["gift_to"] is None:
        return w.t("rw.oxygen.promptGift", left=left)
    return w.t("rw.oxygen.promptGiven", left=left, who=w.name(part["gift_to"]))


def _prompt(obs: Observation, w: Words) -> str | None:
    part = oxygen.view(obs)
    if part is None or obs["phase"] != "turn":
        return None
    if part["stock"]:
        return _own_prompt(obs, part, w)
    left = part["reserve"]
    if left >= max(part["prices"]):
        return w.t("rw.oxygen.prompt", left=left)
    affordable = [v for v in BLUE_VALUES if part["prices"][v - 1] <= left]
    if not affordable:
        return w.t("rw.oxygen.promptEmpty", left=left)
    return w.t("rw.oxygen.promptShort", left=left, last=affordable[-1])


def _short(obs: Observation, part: OxygenView, left: int) -> bool:
    """Whether ``left`` oxygen pays for none of the viewer's values (by their prices)."""
    held = _held(obs)
    return bool(held) and all(part["prices"][v - 1] > left for v in held)


def _held(obs: Observation) -> set[int]:
    """The blue values on the viewer's own uncut wires."""
    me = obs["viewer"]
    out: set[int] = set()
    for stand in obs["stands"]:
        if stand["owner"] != me:
            continue
        for tile in stand["slots"]:
            label = tile["wire"]
            if not tile["cut"] and label is not None and label.isdigit():
                out.add(int(label))
    return out


def _pass_prompt(obs: Observation, w: Words) -> str | None:
    """The pass's prompt: when the reserve pays for none of the viewer's values, say so."""
    part = oxygen.view(obs)
    if part is None:
        return None
    held = _held(obs)
    me = obs["viewer"]
    if part["stock"] and isinstance(me, int):
        left = part["stock"][me]
        return w.t("rw.oxygen.promptEmptyOwn", left=left) if _short(obs, part, left) else None
    if held and all(part["prices"][v - 1] > part["reserve"] for v in held):
        return w.t("rw.oxygen.promptEmpty", left=part["reserve"])
    return None


def _price(action: Action, obs: Observation, w: Words) -> str | None:
    """The cut's price, said in its confirm sentence before it is made."""
    part = oxygen.view(obs)
    if part is None:
        return None
    if isinstance(action, Cut) and action.values:
        due = max(part["prices"][v - 1] for v in action.values if v in BLUE_VALUES)
    elif (isinstance(action, SoloCut) or action.counts_as_solo) and (
        value := getattr(action, "value")  # noqa: B009 (the Fast Pass, a Solo Cut)
    ) in BLUE_VALUES:
        due = part["prices"][value - 1]
    else:
        return None
    if part["stock"]:
        to = part["gift_to"]
        left = part["stock"][action.seat] - due
        if part["relay"]:
            return w.t("rw.oxygen.confirmRelay", price=due, left=left)
        if part["pay_to"] == "reserve":
            return w.t("rw.oxygen.confirmPaid", price=due, left=left)
        return w.t("rw.oxygen.confirmGift", price=due, who=w.name(to), left=left)
    return w.t("rw.oxygen.confirmPrice", price=due, left=part["reserve"] - due)


def _confirm(action: OxygenPass, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.oxygen_pass")


def _afford_gift(state: GameState, seat: int) -> list[int] | None:
    """The teammates the seat may name to receive its oxygen now (None: no gift to make)."""
    seats = [to for to in range(state.players) if legal(state, OxygenGift(seat, to))]
    return seats or None


def _build_gift(s: Selection, seat: int) -> OxygenGift | None:
    return OxygenGift(seat, s.seats[0]) if s.seats else None


def _select_gift(action: OxygenGift) -> Chosen:
    return {"mode": "oxygen_gift", "seats": (action.to,)}


def _confirm_gift(action: OxygenGift, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.oxygen_gift", who=w.name(action.to))


def _gift_to_line(e: View, w: Words) -> Found:
    key = w.about("rw.log.oxygenGiftTo", e["seat"])
    return w.t(key, who=w.name(e["seat"]), to=w.name(e["to"])), "info"


def _gift_line(e: View, w: Words) -> Found:
    key = "rw.log.oxygenGiftLost" if e.get("lost") else "rw.log.oxygenGift"
    text = w.t(
        w.about(key, e["seat"]),
        who=w.name(e["seat"]),
        to=w.name(e["to"]),
        price=e["price"],
        value=w.value(e["value"]),
        left=e["stock"][e["seat"]],
    )
    return text, "info"


def _discard_line(e: View, w: Words) -> Found:
    return w.t("rw.log.oxygenDiscard", who=w.name(e["seat"]), n=e["lost"]), "info"


def _take_line(e: View, w: Words) -> Found:
    text = w.t(
        w.about("rw.log.oxygenTake", e["seat"]),
        who=w.name(e["seat"]),
        price=e["price"],
        value=w.value(e["value"]),
        left=e["reserve"],
    )
    return text, "info"


def _refill_line(e: View, w: Words) -> Found:
    return w.t("rw.log.oxygenRefill", who=w.name(e["seat"]), left=e["reserve"]), "info"


def _paid_line(e: View, w: Words) -> Found:
    if "reserve" in e:  # mission 63: the reserve on the card is counted
        key, more = "rw.log.oxygenPaidCard", {"reserve": e["reserve"]}
    else:
        key, more = "rw.log.oxygenPaid", {}
    text = w.t(
        w.about(key, e["seat"]),
        who=w.name(e["seat"]),
        price=e["price"],
        value=w.value(e["value"]),
        left=e["stock"],
        **more,
    )
    return text, "info"


def _collect_line(e: View, w: Words) -> Found:
    key = w.about("rw.log.oxygenCollect", e["seat"])
    return w.t(key, who=w.name(e["seat"]), took=e["took"], left=e["stock"]), "info"


def _relay_line(e: View, w: Words) -> Found:
    key = w.about("rw.log.oxygenRelay", e["seat"])
    return w.t(key, who=w.name(e["seat"]), to=w.name(e["to"]), n=e["given"]), "info"


def _breath_line(e: View, w: Words) -> Found:
    seats = ", ".join(w.name(seat) for seat in e["seats"]) or w.t("rw.oxygen.nobody")
    return w.t("rw.log.oxygenBreath", value=w.value(e["value"]), who=seats), "info"


def _pass_line(e: View, w: Words) -> Found:
    if "holds_none_of" in e:
        return w.t("rw.log.oxygenSkip", who=w.name(e["seat"]), left=e["stock"]), "miss"
    if "stock" in e:
        return w.t("rw.log.oxygenPassOwn", who=w.name(e["seat"]), left=e["stock"]), "miss"
    return w.t("rw.log.oxygenPass", who=w.name(e["seat"]), left=e["reserve"]), "miss"


PARTS = (_part,)
PROMPTS = (_prompt,)
CONFIRM_NOTES = (_price,)
DECISION_PROMPTS = {"oxygen_pass": _pass_prompt}
USES = (
    action_use("oxygen_pass", OxygenPass, _afford, lambda s, seat: OxygenPass(seat), _confirm),
    action_use(
        "oxygen_gift",
        OxygenGift,
        _afford_gift,
        _build_gift,
        _confirm_gift,
        plain=False,
        seats=list,
        seats_label="rw.seats.oxygenGift",
        select=_select_gift,
        missing=lambda sel: "rw.msg.needSeat",
    ),
)
LINES = {
    "oxygen": _take_line,
    "oxygen_refill": _refill_line,
    "oxygen_pass": _pass_line,
    "oxygen_gift_to": _gift_to_line,
    "oxygen_gift": _gift_line,
    "oxygen_discard": _discard_line,
    "oxygen_paid": _paid_line,
    "oxygen_breath": _breath_line,
    "oxygen_collect": _collect_line,
    "oxygen_relay": _relay_line,
}
