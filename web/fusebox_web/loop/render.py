"""Loop the Loop's screens as HTML strings: pure functions of plain data (observations, the
table, the viewer's selection), tested in CPython.

The board is drawn from one observation, the viewer's (a seat, or None for a spectator and during
a handoff): a hand that observation does not show cannot reach the page. Every text goes through
:func:`esc`; every control is a button (touch and keyboard alike) with ``data-act`` naming what it
does, read by the controller's single listener.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.loop.cards import PLANS

from ..shell.markup import attrs, classes, esc, scroll_more, scroll_stop, tag
from .choices import Choices
from .table import LEVELS, MAX_PLAYERS, MIN_PLAYERS, OPTION_CHOICES, PACES, Table
from .words import Words

Obs = Mapping[str, Any]
#: The board's regions in three columns: your flight and what you may do; the plans; the
#: settings, the pilots and the log (side by side on a wide screen, one after the other on a
#: phone, where the columns give their regions to the board's grid).
COLUMNS = {
    "main": ("top", "flight", "hand", "dock"),
    "plans": ("plans",),
    "side": ("settings", "players", "log"),
}
REGIONS = tuple(name for names in COLUMNS.values() for name in names)
PLAN_COLORS = {plan.id: plan.colors for plan in PLANS}


def button(text: str, act: str, cls: str = "lp-btn", **data: object) -> str:
    extra = {
        (k if k.startswith(("aria_", "disabled")) else f"data_{k}"): v for k, v in data.items()
    }
    return tag("button", esc(text), type="button", class_=cls, data_act=act, **extra)


def heading(text: str, level: int = 2) -> str:
    return tag(f"h{level}", esc(text), class_="lp-title", id="lp-heading", tabindex="-1")


def screen(name: str, body: str) -> str:
    return tag("div", body, class_=f"lp-screen lp-{name}", data_testid=f"lp-{name}")


# --------------------------------------------------------------------------- cards and dice


def card_html(w: Words, card: Obs, *, extra: str = "", cls: str = "", **attributes: object) -> str:
    """A card: its manoeuvre's colour and name, its difficulty, exact / over points."""
    inner = (
        tag("span", esc(w.maneuver(card["color"])), class_="lp-card-name")
        + tag("span", esc(card["difficulty"]), class_="lp-card-d")
        + tag(
            "span",
            tag("span", esc(card["exact"]), class_="lp-exact", title=w.t("lp.exactTitle"))
            + tag("span", esc(card["over"]), class_="lp-over", title=w.t("lp.overTitle")),
            class_="lp-card-pts",
        )
        + extra
    )
    return tag(
        "span",
        inner,
        class_=classes("lp-card", f"lp-{card['color']}", cls),
        data_card=card["id"],
        **attributes,
    )


def die_html(value: int, *, red: bool = False, cls: str = "", label: str = "") -> str:
    return tag(
        "span",
        esc(value),
        class_=classes("lp-die", red and "lp-die-red", cls),
        data_value=value,
        role="img",
        aria_label=label or str(value),
    )


# --------------------------------------------------------------------------- the board


@dataclass(frozen=True)
class BoardInput:
    obs: Obs
    words: Words
    choices: Choices
    kinds: Sequence[str]
    selected: frozenset[str] = frozenset()
    dice: tuple[int, ...] = ()
    thinking: int | None = None
    lines: Sequence[str] = ()
    message: str | None = None
    fresh_roll: bool = False
    paused: bool = False
    pace: str = "normal"
    odds_on: bool = False
    odds_text: str | None = None
    log_open: bool = False
    full_log: Sequence[str] = field(default_factory=tuple)
    share: str = ""
    settings_open: bool = False


def skeleton() -> str:
    """The board's empty regions, each filled by :func:`board` (``#lp-<region>``)."""
    columns = "".join(
        tag(
            "div",
            "".join(
                tag("section", "", id=f"lp-{name}", class_=f"lp-region lp-region-{name}")
                for name in names
            ),
            class_=f"lp-col lp-col-{column}",
        )
        for column, names in COLUMNS.items()
    )
    return tag(
        "div",
        columns,
        id="lp-board",
        class_="lp-screen lp-board",
        data_testid="lp-board",
    )


def board(inp: BoardInput) -> dict[str, str]:
    return {
        "top": _top(inp),
        "settings": _settings(inp),
        "players": _players(inp),
        "plans": _plans(inp),
        "flight": _flight(inp),
        "hand": _hand(inp),
        "dock": _dock(inp),
        "log": _log(inp),
    }


def _viewer(inp: BoardInput) -> int | None:
    viewer = inp.obs["viewer"]
    return viewer if isinstance(viewer, int) else None


def _top(inp: BoardInput) -> str:
    w, obs = inp.words, inp.obs
    active = obs["active"]
    if obs["result"] is not None:
        status = w.t("lp.top.over")
    elif inp.thinking is not None:
        status = w.t("lp.top.thinking", name=w.name(inp.thinking))
    else:
        status = w.t("lp.top.turn", name=w.name(active))
    round_text = w.t("lp.top.round", round=obs["round"])
    if obs["end_round"] is not None:
        round_text += " · " + w.t("lp.top.lastRound")
    return tag(
        "h2", esc(w.t("lp.title")), class_="lp-board-title", id="lp-heading", tabindex="-1"
    ) + tag(
        "p",
        esc(round_text) + " · " + tag("span", esc(status), data_testid="lp-status"),
        class_="lp-round",
    )


def _settings(inp: BoardInput) -> str:
    w = inp.words
    paces = "".join(
        button(
            w.t(f"lp.pace.{pace}"),
            "pace",
            classes("lp-chip", pace == inp.pace and "is-on"),
            pace=pace,
            aria_pressed="true" if pace == inp.pace else "false",
        )
        for pace in PACES
    )
    controls = (
        button(
            w.t("lp.top.resume" if inp.paused else "lp.top.pause"),
            "pause",
            "lp-chip",
            aria_pressed="true" if inp.paused else "false",
        )
        + tag("span", paces, class_="lp-paces", role="group", aria_label=w.t("lp.pace.label"))
        + button(
            w.t("lp.odds.toggle"),
            "odds",
            classes("lp-chip", inp.odds_on and "is-on"),
            aria_pressed="true" if inp.odds_on else "false",
        )
        + button(w.t("lp.top.leave"), "leave-ask", "lp-chip lp-quiet")
    )
    return tag(
        "details",
        tag("summary", esc(w.t("lp.top.settings"))) + tag("div", controls, class_="lp-controls"),
        class_="lp-settings",
        open=inp.settings_open,
    )


def _status_text(w: Words, seat: Obs) -> str:
    status = seat["status"]
    if status == "normal":
        return w.t("lp.status.normal", count=seat["registered"])
    return w.t(f"lp.status.{status}")


def _players(inp: BoardInput) -> str:
    w, obs = inp.words, inp.obs
    viewer = _viewer(inp)
    top = max(100, *(s["score"] for s in obs["seats"]))
    rows = []
    for seat in obs["seats"]:
        index = seat["seat"]
        you = w.t("lp.you") if index == viewer else ""
        bot = w.t("lp.computer") if inp.kinds[index] == "bot" else ""
        share = max(0.0, min(100.0, 100.0 * seat["score"] / top))
        marks = []
        if index == obs["first"]:
            marks.append(tag("span", "①", class_="lp-first", title=w.t("lp.firstPlayer")))
        name = tag("span", esc(w.name(index)), class_="lp-name") + "".join(marks)
        if you or bot:
            name += tag("span", esc(you or bot), class_="lp-tag")
        backs = w.t("lp.backs", a=seat["backs"]["A"], b=seat["backs"]["B"])
        rows.append(
            tag(
                "li",
                tag("div", name, class_="lp-who")
                + tag(
                    "div",
                    tag(
                        "span",
                        esc(seat["score"]),
                        class_="lp-score",
                        data_testid=f"lp-score-{index}",
                    )
                    + tag(
                        "span",
                        esc(w.tn("lp.tokens", seat["tokens"], count=seat["tokens"])),
                        class_="lp-tokens",
                    )
                    + tag("span", esc(_status_text(w, seat)), class_="lp-plans-done")
                    + tag("span", esc(backs), class_="lp-backs"),
                    class_="lp-stats",
                )
                + tag(
                    "div",
                    tag("span", "", class_="lp-track-fill", style=f"width:{share:.1f}%"),
                    class_="lp-track",
                    role="img",
                    aria_label=w.t("lp.track", name=w.name(index), score=seat["score"]),
                ),
                class_=classes("lp-player", index == obs["active"] and "is-active"),
                data_seat=index,
            )
        )
    return (
        tag("h3", esc(w.t("lp.players")), class_="lp-sub")
        + tag("ol", "".join(rows), class_="lp-player-list")
        + tag(
            "p", esc(w.tn("lp.top.supply", obs["supply"], count=obs["supply"])), class_="lp-supply"
        )
    )


def _plans(inp: BoardInput) -> str:
    w, obs, ch = inp.words, inp.obs, inp.choices
    out = []
    for plan in obs["plans"]:
        pid = plan["id"]
        colors = PLAN_COLORS[pid]
        cards = {c["color"]: c for c in plan["cards"]}
        slots = "".join(
            card_html(w, cards[color])
            if color in cards
            else tag("span", esc(w.maneuver(color)), class_=f"lp-card lp-slot lp-{color}")
            for color in colors
        )
        bests = "".join(
            tag(
                "li",
                esc(w.name(i)) + " " + tag("b", esc(b)) + ("★" if b == plan["record"] else ""),
                class_=classes("lp-best", b is not None and b >= 20 and "is-locked"),
            )
            for i, b in enumerate(plan["best"])
            if b is not None
        )
        first12 = (
            tag("p", esc(w.t("lp.first12", name=w.name(plan["first12"]))), class_="lp-first12")
            if plan["first12"] is not None
            else ""
        )
        action = ""
        if pid in ch.fly:
            action = button(
                w.t("lp.act.fly", plan=w.plan(pid)), "fly", "lp-btn lp-primary", plan=pid
            )
        elif ch.phase == "turn" and pid in ch.flyable and ch.fly == {} and not ch.free:
            action = tag("p", esc(w.t("lp.flyable")), class_="lp-hint")
        out.append(
            tag(
                "li",
                tag("h4", esc(w.plan(pid)), class_="lp-plan-name")
                + tag("div", slots, class_="lp-plan-cards")
                + (
                    tag("ul", bests, class_="lp-bests")
                    if bests
                    else tag("p", esc(w.t("lp.noScores")), class_="lp-none")
                )
                + first12
                + action,
                class_="lp-plan",
                data_plan=pid,
                data_testid=f"lp-plan-{pid}",
            )
        )
    # On a projector the plans scroll in this box when a late game's scores make them too
    # long for the screen (loop.css): a keyboard scrolls it once it has the focus, a screen
    # reader names the region, and the cue after it (shown only while there is more below,
    # loop.css) tells a room that there is more.
    return (
        tag("h3", esc(w.t("lp.plans")), class_="lp-sub")
        + tag(
            "div",
            tag("ul", "".join(out), class_="lp-plan-list"),
            class_="lp-plan-box",
            id="lp-plan-box",
            **scroll_stop(w.t("lp.plans")),
            role="region",
        )
        + scroll_more(w.t("lp.plans.more"), "lp-plan-more")
    )


def _flight(inp: BoardInput) -> str:
    w, obs, ch = inp.words, inp.obs, inp.choices
    flight = obs["flight"]
    if flight is None:
        return ""
    who = w.name(flight["seat"])
    title = (
        w.t("lp.flight.plan", name=who, plan=w.plan(flight["plan"]))
        if flight["kind"] == "plan"
        else w.t("lp.flight.free", name=who)
    )
    cards = []
    for card in flight["cards"]:
        placed = card["placed"]
        dice = ""
        if placed is not None:
            dice = tag(
                "span",
                "".join(
                    die_html(v, red=placed["red"] and i == 0) for i, v in enumerate(placed["dice"])
                ),
                class_=classes("lp-placed", placed["exact"] and "is-exact"),
                aria_label=w.t(
                    "lp.placedLabel" if placed["exact"] else "lp.placedOverLabel",
                    dice=w.dice(placed["dice"], "+"),
                    points=w.tn("lp.log.points", placed["points"]),
                ),
            )
        mark = (
            tag("span", esc(w.t("lp.highlighted")), class_="lp-mark") if card["highlight"] else ""
        )
        cards.append(
            card_html(
                w,
                card,
                extra=dice + mark,
                cls=classes(card["highlight"] and "is-highlight", placed is not None and "is-done"),
            )
        )
    pool = flight["pool"]
    red_in_pool = flight["red_in_pool"]
    pool_text = w.t("lp.flight.pool", count=pool) + (
        " " + w.t("lp.flight.red") if red_in_pool else ""
    )
    roll_html = ""
    roll = flight["roll"]
    if roll is not None:
        dice_html = []
        for i, value in enumerate(roll):
            red = flight["roll_red"] == i
            label = w.t("lp.dieLabel", value=value) + (" " + w.t("lp.redDie") if red else "")
            cls = classes(inp.fresh_roll and "is-new")
            if ch.can_reroll:
                on = i in inp.dice
                dice_html.append(
                    tag(
                        "button",
                        die_html(value, red=red, cls=cls, label=label),
                        type="button",
                        class_=classes("lp-die-btn", on and "is-on"),
                        data_act="die",
                        data_index=i,
                        aria_pressed="true" if on else "false",
                        aria_label=label,
                    )
                )
            else:
                dice_html.append(die_html(value, red=red, cls=cls, label=label))
        roll_html = tag(
            "div",
            "".join(dice_html),
            class_="lp-roll",
            data_testid="lp-roll",
            aria_label=w.t("lp.flight.roll", dice=w.dice(roll)),
            role="group",
        )
    result = ""
    if flight["outcome"] is not None:
        key = {"success": "lp.flight.success", "stopped": "lp.flight.stopped"}.get(
            flight["outcome"], "lp.flight.failed"
        )
        result = tag(
            "p", esc(w.t(key, score=flight["score"])), class_="lp-result", data_testid="lp-outcome"
        )
    odds = (
        tag("p", esc(inp.odds_text), class_="lp-odds", data_testid="lp-odds")
        if inp.odds_text
        else ""
    )
    return (
        tag("h3", esc(title), class_="lp-sub")
        + tag("div", "".join(cards), class_="lp-flight-cards")
        + tag("p", esc(pool_text), class_="lp-pool", data_testid="lp-pool")
        + roll_html
        + result
        + odds
    )


def _hand(inp: BoardInput) -> str:
    w, obs, ch = inp.words, inp.obs, inp.choices
    viewer = _viewer(inp)
    if viewer is None:
        return tag("p", esc(w.t("lp.hand.hidden")), class_="lp-none")
    me = obs["seats"][viewer]
    hand = me["hand"] or []
    out = tag("h3", esc(w.t("lp.hand.title")), class_="lp-sub")
    if hand:
        cards = []
        for card in hand:
            pick = card["id"] in ch.selectable
            on = card["id"] in inp.selected
            inner = card_html(w, card, cls=classes(on and "is-on"))
            if pick:
                # Named by its content, the whole card in words ("Loop 7: 4 points for an exact
                # hit, 2 for beating it"), which begins with what is seen: an aria-label with
                # that sentence hid the visible "Loop 7 4 2", which it does not contain.
                cards.append(
                    tag(
                        "button",
                        tag("span", inner, aria_hidden="true")
                        + tag("span", esc(w.card_full(card)), class_="lp-sr"),
                        type="button",
                        class_=classes("lp-pick", on and "is-on"),
                        data_act="card",
                        data_card=card["id"],
                        aria_pressed="true" if on else "false",
                    )
                )
            else:
                cards.append(inner)
        out += tag("div", "".join(cards), class_="lp-hand-cards", data_testid="lp-hand")
    else:
        out += tag("p", esc(w.t("lp.hand.empty")), class_="lp-none")
    if me["free_plan"]:
        out += tag("h4", esc(w.t("lp.hand.freePlan")), class_="lp-sub") + tag(
            "div", "".join(card_html(w, c) for c in me["free_plan"]), class_="lp-hand-cards"
        )
    return out


def _dock(inp: BoardInput) -> str:
    w, obs, ch = inp.words, inp.obs, inp.choices
    viewer = _viewer(inp)
    parts: list[str] = []
    if obs["result"] is not None:
        return ""
    phase = ch.phase
    if phase is None or viewer is None or obs["to_move"] != viewer:
        who = obs["to_move"]
        text = (
            w.t("lp.prompt.thinking", name=w.name(who))
            if inp.thinking is not None
            else w.t("lp.prompt.waiting", name=w.name(who))
        )
        return tag(
            "p",
            esc(text),
            class_="lp-prompt",
            id="lp-prompt",
            tabindex="-1",
            data_testid="lp-prompt",
        )
    status = obs["seats"][viewer]["status"]
    prompt_key = (
        "lp.prompt.turnFree" if phase == "turn" and status == "free" else f"lp.prompt.{phase}"
    )
    params: dict[str, object] = {}
    if phase == "discard":
        params["count"] = ch.discard_count
    if phase == "refill":
        params["count"] = obs["prompt"]["left"]
    prompt = w.counted(prompt_key, params)
    parts.append(
        tag(
            "p",
            esc(prompt),
            class_="lp-prompt",
            id="lp-prompt",
            tabindex="-1",
            data_testid="lp-prompt",
            data_decision=phase,
        )
    )
    buttons: list[str] = []
    for draw in ch.draws:
        key = "lp.act.refill" if phase == "refill" else "lp.act.draw"
        buttons.append(button(w.t(key, deck=w.deck(draw.deck)), "draw", "lp-btn", deck=draw.deck))
    if ch.keep is not None:
        key = "lp.act.pass" if phase == "turn" else "lp.act.keep"
        buttons.append(button(w.t(key), "keep"))
    for plan, _declare in sorted(ch.fly.items()):
        buttons.append(
            button(w.t("lp.act.fly", plan=w.plan(plan)), "fly", "lp-btn lp-primary", plan=plan)
        )
    if phase == "turn" and ch.can_free:
        buttons.append(
            button(
                w.t("lp.act.free"),
                "free",
                classes("lp-btn", ch.free is not None and "lp-primary"),
                disabled=ch.free is None,
            )
        )
    if phase == "discard":
        buttons.append(
            button(
                w.t("lp.act.discard", count=ch.discard_count),
                "discard",
                "lp-btn lp-primary",
                disabled=ch.discard is None,
            )
        )
    for highlight in ch.highlights:
        buttons.append(
            button(
                w.t("lp.act.highlight", card=w.card_id(highlight.card)),
                "highlight",
                "lp-btn",
                card=highlight.card,
            )
        )
    if ch.roll is not None:
        buttons.append(button(w.t("lp.act.roll"), "roll", "lp-btn lp-primary"))
    for card_id, placements in ch.placements:
        card = w.cards.get(card_id, {})
        row = "".join(
            button(
                w.t(
                    "lp.act.placeExact"
                    if sum(a.dice) == card.get("difficulty")
                    else "lp.act.placeOver",
                    dice=w.dice(a.dice, "+"),
                    points=card.get("exact")
                    if sum(a.dice) == card.get("difficulty")
                    else card.get("over"),
                ),
                "place",
                classes("lp-btn lp-place", sum(a.dice) == card.get("difficulty") and "is-exact"),
                card=card_id,
                dice=",".join(map(str, a.dice)),
            )
            for a in placements
        )
        buttons.append(
            tag(
                "div",
                # The dice choices in a box of their own: on a wide screen they wrap beside the
                # card's name, not under it.
                tag("span", esc(w.card_id(card_id)), class_="lp-place-card")
                + tag("div", row, class_="lp-place-dice"),
                class_="lp-place-row",
                role="group",
                aria_label=w.card_id(card_id),
            )
        )
    if ch.can_reroll:
        label = (
            w.t(
                "lp.act.reroll",
                dice=w.dice([obs["flight"]["roll"][i] for i in sorted(inp.dice)], "+"),
            )
            if inp.dice
            else w.t("lp.act.rerollPick")
        )
        buttons.append(button(label, "reroll", "lp-btn", disabled=ch.reroll is None))
    if ch.seventh is not None:
        key = "lp.act.seventhPoint" if phase == "landing" else "lp.act.seventh"
        buttons.append(button(w.t(key), "seventh", "lp-btn"))
    if ch.stop is not None:
        flight = obs["flight"]
        if phase == "landing":
            key = "lp.act.land"
        elif phase == "rolled" or flight["pool"] == 0:
            key = "lp.act.giveUp"
        else:
            key = "lp.act.stopTwo"
        buttons.append(
            button(w.t(key), "stop", "lp-btn" + (" lp-primary" if phase == "landing" else ""))
        )
    # On a phone the dock takes at most about half the screen and its choices scroll in their
    # own box (loop.css): a tab stop while they scroll, named, a "More below" cue after it.
    parts.append(
        tag(
            "div",
            "".join(buttons),
            class_="lp-actions",
            id="lp-actions",
            data_testid="lp-actions",
            role="group",
            **scroll_stop(w.t("lp.choices")),
        )
        + scroll_more(w.t("lp.plans.more"), "lp-actions-more")
    )
    if inp.message:
        parts.append(tag("p", esc(inp.message), class_="lp-message", role="alert"))
    return "".join(parts)


def _log(inp: BoardInput) -> str:
    w = inp.words
    recent = [line for line in inp.lines if line][-8:]
    # The box the recent lines scroll in on a projector (loop.css): laid out from its end, so
    # that the newest line shows first however short the box is.
    out = tag("h3", esc(w.t("lp.log.title")), class_="lp-sub") + tag(
        "div",
        tag(
            "ol",
            "".join(tag("li", esc(line)) for line in recent),
            class_="lp-log-lines",
            data_testid="lp-log",
        ),
        class_="lp-log-box",
        id="lp-log-box",
        # It scrolls on a projector: a keyboard scrolls it once it has the focus, and a screen
        # reader names the region. Laid out from its end, its scroll offset counts from its end:
        # a redraw keeps that offset (no newest=: the newest line in view stays in view).
        **scroll_stop(w.t("lp.log.title")),
        role="region",
    )
    out += button(
        w.t("lp.log.hide" if inp.log_open else "lp.log.show"),
        "log",
        "lp-chip",
        aria_expanded="true" if inp.log_open else "false",
    )
    if inp.log_open:
        out += tag(
            "ol",
            "".join(tag("li", esc(line)) for line in inp.full_log if line),
            class_="lp-log-all",
            data_testid="lp-log-all",
            id="lp-log-all",
            # It scrolls too: named, still a list.
            **scroll_stop(w.t("lp.log.show"), newest="last"),
        )
    if inp.share:
        out += tag(
            "p",
            esc(w.t("lp.share"))
            + " "
            + tag("a", esc(w.t("lp.shareLink")), href=inp.share, data_act="share"),
            class_="lp-share",
        )
    return out


# --------------------------------------------------------------------------- other screens


@dataclass(frozen=True)
class TableInput:
    table: Table
    default_names: Sequence[str]
    odds: bool
    notices: Sequence[str] = ()
    #: A game is in progress: starting a new one ends it.
    in_progress: bool = False


def table_screen(t: Any, inp: TableInput) -> str:
    """Who plays: how many, each seat a person or a computer (its level), names, options, pace."""
    table = inp.table
    players = "".join(
        button(
            str(n),
            "players",
            classes("lp-chip", n == table.players and "is-on"),
            value=n,
            aria_pressed="true" if n == table.players else "false",
        )
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    )
    seats = []
    for index in range(table.players):
        seat = table.seat(index)
        kinds = "".join(
            button(
                t(f"lp.kind.{kind}"),
                "seat-kind",
                classes("lp-chip", seat.kind == kind and "is-on"),
                seat=index,
                value=kind,
                aria_pressed="true" if seat.kind == kind else "false",
            )
            for kind in ("human", "bot")
        )
        level = ""
        if seat.is_bot:
            options = "".join(
                f'<option value="{esc(lv)}"{" selected" if lv == (seat.level or LEVELS[0]) else ""}>'
                f"{esc(t(f'lp.level.{lv}'))}</option>"
                for lv in LEVELS
            )
            level = tag(
                "select",
                options,
                data_act="seat-level",
                data_seat=index,
                aria_label=t("lp.table.level", n=index + 1),
            )
        name_input = (
            f'<input type="text" maxlength="20" data-act="seat-name" data-seat="{index}"'
            f"{attrs(value=seat.name, placeholder=inp.default_names[index], aria_label=t('lp.table.name', n=index + 1))}>"
        )
        seats.append(
            tag(
                "li",
                tag("span", esc(t("lp.table.seat", n=index + 1)), class_="lp-seat-n")
                + name_input
                + kinds
                + level,
                class_="lp-seat",
                data_testid=f"lp-seat-{index}",
            )
        )
    option_items: list[str] = []
    for name, values in OPTION_CHOICES.items():
        current = table.options.get(name, values[0])
        chips = "".join(
            button(
                t(f"lp.option.{name}.{str(v).lower()}"),
                "option",
                classes("lp-chip", v == current and "is-on"),
                option=name,
                value=str(v).lower(),
                aria_pressed="true" if v == current else "false",
            )
            for v in values
        )
        option_items.append(
            tag(
                "li",
                tag("span", esc(t(f"lp.option.{name}")), class_="lp-option-name") + chips,
                class_="lp-option",
            )
        )
    paces = "".join(
        button(
            t(f"lp.pace.{p}"),
            "table-pace",
            classes("lp-chip", p == table.pace and "is-on"),
            pace=p,
            aria_pressed="true" if p == table.pace else "false",
        )
        for p in PACES
    )
    notices = "".join(tag("p", esc(n), class_="lp-notice", role="status") for n in inp.notices)
    body = (
        heading(t("lp.table.title"))
        + notices
        + tag("p", esc(t("lp.table.lead")), class_="lp-lead")
        + tag("h3", esc(t("lp.table.players")), class_="lp-sub")
        + tag("div", players, class_="lp-chips", role="group", aria_label=t("lp.table.players"))
        + tag("ol", "".join(seats), class_="lp-seats")
        + tag("h3", esc(t("lp.table.options")), class_="lp-sub")
        + tag("ul", "".join(option_items), class_="lp-options")
        + tag("h3", esc(t("lp.pace.label")), class_="lp-sub")
        + tag("div", paces, class_="lp-chips", role="group", aria_label=t("lp.pace.label"))
        + tag(
            "p",
            button(
                t("lp.odds.toggle"),
                "table-odds",
                classes("lp-chip", inp.odds and "is-on"),
                aria_pressed="true" if inp.odds else "false",
            )
            + " "
            + esc(t("lp.odds.about")),
            class_="lp-odds-choice",
        )
        + (tag("p", esc(t("lp.table.replaces")), class_="lp-notice") if inp.in_progress else "")
        + tag(
            "div",
            button(t("lp.table.start"), "start", "lp-btn lp-primary lp-big", testid="lp-start")
            + (
                button(
                    t("lp.home.continue"), "continue", "lp-btn lp-big", testid="lp-table-continue"
                )
                if inp.in_progress
                else ""
            )
            + button(t("lp.back"), "home", "lp-btn"),
            class_="lp-actions",
        )
        + tag(
            "details", tag("summary", esc(t("lp.rules.title"))) + rules_html(t), class_="lp-rules"
        )
    )
    return screen("table", body)


def rules_html(t: Any) -> str:
    return tag(
        "ol",
        "".join(tag("li", esc(t(f"lp.rules.{n}"))) for n in range(1, 8)),
        class_="lp-rules-list",
    )


def handoff_screen(w: Words, seat: int, recent: Sequence[str]) -> str:
    """Pass the device: public facts only (no hand of anyone is in the page)."""
    body = (
        heading(w.t("lp.handoff.title", name=w.name(seat)))
        + tag("p", esc(w.t("lp.handoff.lead", name=w.name(seat))), class_="lp-lead")
        + (
            tag("h3", esc(w.t("lp.handoff.recent")), class_="lp-sub")
            + tag(
                "ol",
                "".join(tag("li", esc(line)) for line in recent if line),
                class_="lp-log-lines",
            )
            if recent
            else ""
        )
        + tag(
            "div",
            button(
                w.t("lp.handoff.ready", name=w.name(seat)),
                "handoff",
                "lp-btn lp-primary lp-big",
                testid="lp-handoff-ready",
            )
            + button(w.t("lp.top.leave"), "leave-ask", "lp-btn lp-quiet"),
            class_="lp-actions",
        )
    )
    return screen("handoff", body)


def end_screen(w: Words, obs: Obs, lines: Sequence[str]) -> str:
    """The scores, best first, with each player's plans and free flight."""
    result = obs["result"]
    winners = result["winners"]
    order = sorted(range(obs["players"]), key=lambda s: (-result["scores"][s], s))
    rows = []
    for rank, seat in enumerate(order, start=1):
        info = obs["seats"][seat]
        plans = ", ".join(
            f"{w.plan(p['id'])} {p['best'][seat]}"
            for p in obs["plans"]
            if p["best"][seat] is not None
        )
        free = (
            w.t("lp.end.free", score=info["free_score"]) if info["free_score"] is not None else ""
        )
        rows.append(
            tag(
                "tr",
                tag("td", esc(rank))
                + tag("th", esc(w.name(seat)) + (" ★" if seat in winners else ""), scope="row")
                + tag("td", esc(result["scores"][seat]), class_="lp-num")
                + tag("td", esc("; ".join(x for x in (plans, free) if x) or w.t("lp.nothing"))),
                class_=classes(seat in winners and "is-winner"),
            )
        )
    headline = (
        w.t("lp.end.winner", name=w.name(winners[0]))
        if len(winners) == 1
        else w.t("lp.end.tie", names=" & ".join(w.name(s) for s in winners))
    )
    reason = w.t(f"lp.end.reason.{result['reason']}")
    table = tag(
        "table",
        tag(
            "thead",
            tag(
                "tr",
                "".join(
                    tag("th", esc(w.t(k)), scope="col")
                    for k in ("lp.end.rank", "lp.end.player", "lp.end.score", "lp.end.plans")
                ),
            ),
        )
        + tag("tbody", "".join(rows)),
        class_="lp-scores",
        data_testid="lp-scores",
    )
    body = (
        heading(w.t("lp.end.title"))
        + tag("p", esc(headline), class_="lp-lead", data_testid="lp-winner")
        + tag("p", esc(reason), class_="lp-reason")
        + table
        + tag(
            "div",
            button(w.t("lp.end.again"), "again", "lp-btn lp-primary lp-big", testid="lp-again")
            + button(w.t("lp.end.table"), "table", "lp-btn")
            + button(w.t("lp.back"), "home", "lp-btn"),
            class_="lp-actions",
        )
        + tag(
            "details",
            tag("summary", esc(w.t("lp.log.title")))
            + tag(
                "ol", "".join(tag("li", esc(line)) for line in lines if line), class_="lp-log-all"
            ),
            class_="lp-end-log",
        )
    )
    return screen("end", body)


def leave_screen(t: Any) -> str:
    body = (
        heading(t("lp.leave.title"))
        + tag("p", esc(t("lp.leave.text")), class_="lp-lead")
        + tag(
            "div",
            button(t("lp.leave.yes"), "leave", "lp-btn lp-danger lp-big")
            + button(t("lp.leave.no"), "continue", "lp-btn lp-big"),
            class_="lp-actions",
        )
    )
    return screen("leave", body)


def link_screen(t: Any, round_number: int) -> str:
    body = (
        heading(t("lp.link.askTitle"))
        + tag("p", esc(t("lp.link.ask", round=round_number)), class_="lp-lead")
        + tag(
            "div",
            button(t("lp.link.start"), "link-start", "lp-btn lp-primary lp-big")
            + button(t("lp.link.keep"), "link-keep", "lp-btn lp-big"),
            class_="lp-actions",
        )
    )
    return screen("linkask", body)
