"""The board as HTML strings, from one observation and the viewer's legal actions: pure
functions, one string per region.

The page sets each region with one ``innerHTML`` and listens with one delegated listener that
reads the ``data-act`` attributes written here. Everything comes from ``observation(viewer)``
and ``legal_actions(viewer)``: another player's hand, a face-down wire or the spare wires are
never in these strings (a spectator's view holds no hand at all).

Regions: ``top`` (countdown, round, mascot, scores, buttons), ``bomb`` (the combination, the
spare and removed wires, deck and discard pile, the viewer's Scan notes), ``players`` (every
player's agents inside or outside with the Snips under them), ``hand`` (the viewer's cards),
``dock`` (what to do now), ``panel`` (log, menu, rules) and ``log`` (the last events).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.countdown.actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.cards import cut_colour, zone

from ..shell.markup import classes, esc, scroll_stop, tag
from .log_text import Line
from .words import Words

Obs = Mapping[str, Any]
REGIONS = ("top", "bomb", "players", "hand", "dock", "panel", "log")
PACE_CHOICES = ("slow", "normal", "fast")
#: Decisions in which the viewer's hand cards are chosen.
HAND_PHASES = ("play", "discard")


@dataclass(frozen=True)
class BoardInput:
    obs: Obs
    words: Words
    #: The viewer's legal actions (empty when the game waits for someone else).
    legal: Sequence[Action]
    #: "human" or "bot" for each seat.
    kinds: Sequence[str]
    lines: Sequence[Line] = ()
    #: Indices of the viewer's hand cards chosen so far.
    selected: tuple[int, ...] = ()
    thinking: int | None = None
    message: str | None = None
    #: The open panel: "log", "menu" or "rules".
    panel: str | None = None
    pace: str = "normal"
    paused: bool = False
    #: Memory play: no Scan notes on the board.
    memory: bool = False
    #: Private notices for the viewer (what a Frisk took from them), as sentences.
    notices: Sequence[str] = ()
    share: str = ""
    moves: int = 0

    @property
    def viewer(self) -> int | None:
        v = self.obs.get("viewer")
        return v if isinstance(v, int) else None

    @property
    def hand(self) -> list[str]:
        viewer = self.viewer
        if viewer is None:
            return []
        return list(self.obs["seats"][viewer]["hand"] or [])

    @property
    def decision(self) -> str | None:
        """The decision the viewer must make now, or None."""
        return str(self.obs["phase"]) if self.legal else None

    def chosen(self) -> list[str]:
        hand = self.hand
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]


def skeleton() -> str:
    """The board's frame: the regions the page fills (one column on a phone, the dock at the
    bottom of the screen; two columns on a wide screen)."""

    def region(name: str, **extra: object) -> str:
        return tag("div", "", class_=f"cd-{name}", id=f"cd-{name}", data_region=name, **extra)

    main = tag("div", region("bomb") + region("players"), class_="cd-main")
    side = tag(
        "div", region("hand") + region("dock") + region("panel") + region("log"), class_="cd-side"
    )
    return tag(
        "div", region("top") + main + side, class_="cd-board", id="cd-board", data_testid="board"
    )


def render(inp: BoardInput) -> dict[str, str]:
    return {
        "top": top(inp),
        "bomb": bomb(inp),
        "players": players(inp),
        "hand": hand(inp),
        "dock": dock(inp),
        "panel": panel(inp),
        "log": log_region(inp),
    }


def button(text: str, act: str, cls: str = "cd-chip", enabled: bool = True, **data: object) -> str:
    """A button the delegated listener reads (``data-act``); a disabled one stays focusable and
    says why when pressed (``aria-disabled``)."""
    extra = {f"data_{k}": v for k, v in data.items()}
    return tag(
        "button",
        text,
        type="button",
        class_=cls,
        data_act=act,
        aria_disabled=None if enabled else "true",
        **extra,
    )


# --------------------------------------------------------------------------- top bar


def top(inp: BoardInput) -> str:
    obs, w = inp.obs, inp.words
    showing = obs["countdown"]["showing"]
    clock = tag(
        "div",
        tag("span", esc(w.t("cd.top.countdown")), class_="cd-label")
        + tag(
            "span",
            esc(showing if showing is not None else "0"),
            class_="cd-count",
            data_testid="countdown",
        ),
        class_=classes("cd-clock", showing is not None and showing <= 3 and "is-low"),
        aria_label=w.t("cd.top.countdownLabel", n=showing or 0),
        role="img",
    )
    keeper = obs["mascot"]
    who = w.name(keeper) if keeper is not None else w.t("cd.top.noKeeper")
    mascot = tag(
        "div", esc(w.t("cd.top.keeper", name=who)), class_="cd-keeper", data_testid="mascot"
    )
    round_ = tag(
        "div", esc(w.t("cd.top.round", n=obs["round"])), class_="cd-round", data_testid="round"
    )
    scores = ""
    if obs["scores"] is not None:
        items = "".join(
            tag("li", esc(f"{w.name(seat)} {points}"), data_seat=seat)
            for seat, points in enumerate(obs["scores"])
        )
        scores = tag(
            "ol",
            items,
            class_="cd-scores",
            aria_label=w.t("cd.top.scores", game=obs["game"]),
            data_testid="scores",
        )
    buttons = "".join(
        tag(
            "button",
            esc(w.t(f"cd.panel.{name}")),
            type="button",
            class_="cd-chip",
            data_act="panel",
            data_panel=name,
            aria_expanded="true" if inp.panel == name else "false",
        )
        for name in ("log", "rules", "menu")
    )
    heading = tag("h2", esc(w.t("cd.title")), class_="cd-title", id="cd-heading", tabindex="-1")
    return tag(
        "div", heading + tag("div", buttons, class_="cd-topbuttons"), class_="cd-topline"
    ) + tag("div", clock + round_ + mascot + scores, class_="cd-status")


# --------------------------------------------------------------------------- the bomb


def wire(inp: BoardInput, position: int, w_obs: Obs, pickable: bool) -> str:
    w = inp.words
    notes = {} if inp.memory else {n["position"]: n["colour"] for n in inp.obs["notes"] or []}
    colour = w_obs["colour"] if w_obs["face_up"] else None
    known = notes.get(position) if colour is None else None
    by = [w.name(s) for s in w_obs["analysed_by"]]
    if colour is not None:
        state = w.t("cd.wire.faceUp", colour=w.colour(colour))
    elif known is not None:
        state = w.t("cd.wire.known", colour=w.colour(known))
    else:
        state = w.t("cd.wire.hidden")
    label = w.t("cd.wire.label", n=position + 1, state=state)
    if by:
        label += " " + w.t("cd.wire.scannedBy", names=w.listing(by))
    face = tag("span", esc(position + 1), class_="cd-wire-no")
    if colour is not None:
        face += tag("span", esc(w.colour(colour)), class_="cd-wire-colour")
    elif known is not None:
        face += tag(
            "span",
            esc(w.t("cd.wire.yourScan", colour=w.colour(known))),
            class_="cd-wire-note",
            data_note=position,
        )
    else:
        face += tag("span", "?", class_="cd-wire-colour")
    if by:
        face += tag("span", esc("·" * len(by)), class_="cd-scans", aria_hidden="true")
    cls = classes(
        "cd-wire",
        colour is not None and f"is-{colour}",
        colour is not None and "is-up",
        known is not None and f"is-known-{known}",
        pickable and "is-pickable",
    )
    data: dict[str, object] = {"data_position": position, "data_wire": "up" if colour else "down"}
    if colour is not None:
        data["data_colour"] = colour
    if pickable:
        return tag(
            "button", face, type="button", class_=cls, data_act="pick", aria_label=label, **data
        )
    return tag("span", face, class_=cls, role="img", aria_label=label, **data)


def bomb(inp: BoardInput) -> str:
    obs, w = inp.obs, inp.words
    picks = {a.position for a in inp.legal if isinstance(a, PickWire)}
    wires = "".join(
        wire(inp, p, obs["combination"][p], p in picks) for p in range(len(obs["combination"]))
    )
    combo = tag(
        "div",
        tag("h3", esc(w.t("cd.bomb.combination")), class_="cd-h3")
        + tag("div", wires, class_="cd-wires", data_testid="combination"),
        class_="cd-combo",
    )
    reserve = obs["reserve"]
    facts = [
        w.t("cd.bomb.spares", n=reserve["count"]),
        w.t("cd.bomb.deck", n=obs["deck"]),
    ]
    if obs["removed"]:
        facts.append(w.t("cd.bomb.removed", colours=w.colours(obs["removed"])))
    discard = obs["discard"]
    top_card = (
        w.t("cd.bomb.discardTop", card=w.card(discard[-1]), n=len(discard))
        if discard
        else w.t("cd.bomb.discardEmpty")
    )
    facts.append(top_card)
    info = tag(
        "ul", "".join(tag("li", esc(f)) for f in facts), class_="cd-facts", data_testid="facts"
    )
    notes = ""
    mine = obs["notes"] or []
    if inp.viewer is not None and not inp.memory:
        items = "".join(
            tag(
                "li",
                esc(w.t("cd.notes.item", n=n["position"] + 1, colour=w.colour(n["colour"]))),
                data_note=n["position"],
            )
            for n in mine
        ) or tag("li", esc(w.t("cd.notes.none")), class_="cd-muted")
        notes = tag(
            "section",
            tag("h3", esc(w.t("cd.notes.title")), class_="cd-h3")
            + tag("ul", items, class_="cd-notes-list"),
            class_="cd-notes",
            data_testid="notes",
            aria_label=w.t("cd.notes.title"),
        )
    return combo + info + notes


# --------------------------------------------------------------------------- players


def agent_box(inp: BoardInput, seat: int, index: int, agent: Obs) -> str:
    w = inp.words
    played = (
        [p for p in inp.obs["played"] if p["agent"] == index] if seat == inp.obs["active"] else []
    )
    where = w.t("cd.agent.out") if agent["out"] else w.t("cd.agent.in")
    snips = "".join(
        tag(
            "span",
            esc(w.colour(c)[:1].upper()),
            class_=f"cd-snip is-{c}",
            title=w.colour(c),
            data_snip=c,
        )
        for c in agent["cuts"]
    )
    label = w.t("cd.agent.label", n=index + 1, where=where)
    if agent["cuts"]:
        label += " " + w.t("cd.agent.snips", colours=w.colours(agent["cuts"]))
    if agent["acted"]:
        label += " " + w.t("cd.agent.acted")
    card = ""
    if played:
        card = tag(
            "span",
            esc(
                w.card(played[0]["as"])
                if not played[0]["wild"]
                else w.t("cd.agent.wild", mode=w.card(played[0]["as"]))
            ),
            class_="cd-played",
        )
    return tag(
        "li",
        tag("span", esc(index + 1), class_="cd-agent-no")
        + tag("span", snips, class_="cd-snips")
        + card,
        class_=classes("cd-agent", agent["out"] and "is-out", agent["acted"] and "has-acted"),
        aria_label=label,
        data_agent=index,
        data_out="1" if agent["out"] else "0",
    )


def players(inp: BoardInput) -> str:
    obs, w = inp.obs, inp.words
    rows = []
    for seat in obs["seats"]:
        q = seat["seat"]
        you = q == inp.viewer
        badges = []
        if obs["mascot"] == q:
            badges.append(
                tag(
                    "span",
                    esc(w.t("cd.player.keeper")),
                    class_="cd-badge is-keeper",
                    data_testid=f"keeper-{q}",
                )
            )
        if q == obs["active"] and obs["phase"] not in ("over", "next_game"):
            badges.append(tag("span", esc(w.t("cd.player.active")), class_="cd-badge is-active"))
        if inp.thinking == q:
            badges.append(
                tag("span", esc(w.t("cd.player.thinking")), class_="cd-badge is-thinking")
            )
        if inp.kinds and inp.kinds[q] == "bot":
            badges.append(tag("span", esc(w.t("cd.player.computer")), class_="cd-badge"))
        name = w.name(q) + (" " + w.t("cd.player.you") if you else "")
        head = tag("h3", esc(name), class_="cd-player-name") + "".join(badges)
        facts = w.t(
            "cd.player.facts", cards=seat["hand_size"], snips=seat["cuts"], out=seat["outside"]
        )
        agents = "".join(agent_box(inp, q, i, a) for i, a in enumerate(seat["agents"]))
        rows.append(
            tag(
                "li",
                tag("div", head, class_="cd-player-head")
                + tag("p", esc(facts), class_="cd-player-facts")
                + tag(
                    "ol",
                    agents,
                    class_="cd-agents",
                    aria_label=w.t("cd.player.agents", name=w.name(q)),
                ),
                class_=classes("cd-player", you and "is-you", q == obs["active"] and "is-active"),
                data_seat=q,
                data_testid=f"player-{q}",
            )
        )
    return tag("ol", "".join(rows), class_="cd-players-list", aria_label=w.t("cd.players.title"))


# --------------------------------------------------------------------------- the viewer's hand


def card_face(w: Words, kind: str, locked: bool = False) -> str:
    colour = cut_colour(kind)
    where = w.t("cd.zone.in") if zone(kind) == "in" else w.t("cd.zone.out")
    return (
        tag("span", esc(w.card(kind)), class_="cd-card-name")
        + tag("span", esc(where), class_=classes("cd-zone", f"is-{zone(kind)}"))
        + (tag("span", esc(w.t("cd.hand.locked")), class_="cd-locked") if locked else "")
        + (
            tag("span", "", class_=f"cd-card-stripe is-{colour}", aria_hidden="true")
            if colour
            else ""
        )
    )


def hand(inp: BoardInput) -> str:
    viewer = inp.viewer
    w = inp.words
    if viewer is None:
        return ""
    cards = inp.hand
    active = inp.decision in HAND_PHASES
    # Cards taken with a Frisk this turn that wait for the next one (a rule option): the last
    # copies of their kind are marked (copies are interchangeable).
    waiting = Counter(inp.obs["seats"][viewer].get("locked") or [])
    locked = set()
    for i in range(len(cards) - 1, -1, -1):
        if waiting[cards[i]] > 0:
            waiting[cards[i]] -= 1
            locked.add(i)
    items = "".join(
        tag(
            "li",
            tag(
                "button",
                card_face(w, kind, i in locked),
                type="button",
                class_=classes(
                    "cd-card", f"is-{zone(kind)}", cut_colour(kind) and f"is-{cut_colour(kind)}"
                ),
                data_act="card",
                data_index=i,
                data_kind=kind,
                aria_pressed="true" if i in inp.selected else "false",
                aria_disabled=None if active else "true",
            ),
        )
        for i, kind in enumerate(cards)
    )
    empty = "" if cards else tag("p", esc(w.t("cd.hand.empty")), class_="cd-muted")
    return tag(
        "section",
        tag("h3", esc(w.t("cd.hand.title", n=len(cards))), class_="cd-h3")
        + tag("ul", items, class_="cd-cards")
        + empty,
        class_="cd-hand-box",
        data_testid="hand",
        data_seat=viewer,
        aria_label=w.t("cd.hand.title", n=len(cards)),
    )


# --------------------------------------------------------------------------- what to do now


def prompt_text(inp: BoardInput) -> str:
    obs, w = inp.obs, inp.words
    prompt = obs["prompt"]
    if prompt is None:
        return w.t("cd.prompt.over")
    seat = prompt["seat"]
    phase = obs["phase"]
    if not inp.legal:
        if phase == "next_game":
            return w.t("cd.prompt.nextGame")
        return w.t(
            "cd.prompt.waiting",
            name=w.name(seat),
            doing=w.t(f"cd.doing.{phase}", actor=w.name(prompt.get("actor"))),
        )
    if phase == "play":
        chosen = inp.chosen()
        if not chosen:
            return w.t("cd.prompt.play")
        if len(chosen) == 1:
            kind = chosen[0]
            return w.t(f"cd.prompt.card.{zone(kind)}", card=w.card(kind))
        return w.t("cd.prompt.pair", cards=w.cards(chosen))
    if phase == "cut_place":
        return w.t(
            "cd.prompt.cut_place", colour=w.colour(prompt["colour"]), agent=prompt["agent"] + 1
        )
    if phase == "intercept_card":
        return w.t("cd.prompt.intercept_card", name=w.name(prompt["target"]))
    if phase == "alarm_choice":
        return w.t("cd.prompt.alarm_choice", name=w.name(prompt["actor"]))
    if phase == "discard":
        return w.t("cd.prompt.discard", n=prompt["count"], chosen=len(inp.selected))
    if phase == "defuse":
        mine = inp.obs["seats"][inp.viewer or 0]
        cuts = [c for a in mine["agents"] for c in a["cuts"]]
        return w.t("cd.prompt.defuse", cuts=w.colours(cuts))
    return w.t(f"cd.prompt.{phase}")


def agent_where(w: Words, agent: Obs) -> str:
    """Where an agent is, or that it has acted this turn (a word)."""
    if agent["acted"]:
        return w.t("cd.agent.short.acted")
    return w.t("cd.agent.short.out") if agent["out"] else w.t("cd.agent.short.in")


def agent_state(w: Words, agent: Obs) -> str:
    """An agent in a few words, for the dock's buttons: where it is (or that it has acted), and
    the Snips under it."""
    state = agent_where(w, agent)
    if agent["cuts"]:
        state += ", " + w.colours(agent["cuts"])
    return state


def choices(inp: BoardInput) -> list[str]:
    """The buttons of the dock: exactly the viewer's legal actions for this decision (a button
    that is not legal now is shown disabled, and says why when pressed)."""
    w, legal = inp.words, inp.legal
    phase = inp.decision
    viewer = inp.viewer
    out: list[str] = []
    if phase is None or viewer is None:
        return out
    me = inp.obs["seats"][viewer]
    if phase == "play":
        chosen = inp.chosen()
        if len(chosen) == 1:
            # One row of the four agents (short enough for a phone in every language): the
            # number, where it is, its Snips; the button's name says it all.
            kind = chosen[0]
            row = []
            for index, agent in enumerate(me["agents"]):
                ok = PlayCard(viewer, kind, index) in legal
                snips = "".join(
                    tag("span", esc(w.colour(c)[:1].upper()), class_=f"cd-snip is-{c}")
                    for c in agent["cuts"]
                )
                row.append(
                    tag(
                        "button",
                        tag("span", esc(index + 1), class_="cd-pick-no")
                        + tag("span", esc(agent_where(w, agent)), class_="cd-pick-state")
                        + (
                            tag("span", snips, class_="cd-snips", aria_hidden="true")
                            if snips
                            else ""
                        ),
                        type="button",
                        class_="cd-choice cd-agent-pick",
                        data_act="play",
                        data_agent=index,
                        aria_label=w.t("cd.do.onAgent", n=index + 1, state=agent_state(w, agent)),
                        aria_disabled=None if ok else "true",
                    )
                )
            label = tag("span", esc(w.t("cd.do.playOn")), class_="cd-label")
            out.append(
                tag("div", label + "".join(row), class_="cd-pair-row cd-agent-row", role="group")
            )
        elif len(chosen) == 2:
            if not inp.obs["countdown"]["wild_allowed"]:
                out.append(tag("p", esc(w.t("cd.do.pairLate")), class_="cd-muted"))
            pair = tuple(chosen)
            for mode in ("analyze", "exit"):
                row = []
                for index, agent in enumerate(me["agents"]):
                    if agent["out"] or agent["acted"]:
                        continue
                    ok = PlayWild(viewer, pair, index, mode) in legal
                    row.append(
                        tag(
                            "button",
                            esc(index + 1),
                            type="button",
                            class_="cd-choice cd-agent-pick",
                            data_act="wild",
                            data_agent=index,
                            data_mode=mode,
                            aria_label=w.t(f"cd.do.pair.{mode}", n=index + 1),
                            aria_disabled=None if ok else "true",
                        )
                    )
                if row:
                    label = tag("span", esc(w.t(f"cd.do.pairAs.{mode}")), class_="cd-label")
                    out.append(tag("div", label + "".join(row), class_="cd-pair-row", role="group"))
        out.append(
            button(
                esc(w.t("cd.do.endPlay")), "end-play", "cd-choice is-end", EndPlay(viewer) in legal
            )
        )
    elif phase in ("analyze_pick", "bypass_pick"):
        for a in legal:
            if isinstance(a, PickWire):
                out.append(
                    button(
                        esc(w.t("cd.do.wire", n=a.position + 1)),
                        "pick",
                        "cd-choice",
                        position=a.position,
                    )
                )
    elif phase == "cut_place":
        for a in legal:
            if isinstance(a, PlaceCut):
                text = (
                    w.t("cd.do.add")
                    if a.replace is None
                    else w.t("cd.do.replace", colour=w.colour(a.replace))
                )
                out.append(button(esc(text), "place", "cd-choice", replace=a.replace or "add"))
    elif phase == "intercept_target":
        for a in legal:
            if isinstance(a, PickTarget):
                size = inp.obs["seats"][a.target]["hand_size"]
                out.append(
                    button(
                        esc(w.t("cd.do.target", name=w.name(a.target), n=size)),
                        "target",
                        "cd-choice",
                        seat=a.target,
                    )
                )
    elif phase == "intercept_card":
        seen = inp.obs["prompt"].get("hand") or []
        listed = tag(
            "p",
            esc(w.t("cd.do.theirHand", cards=w.cards(seen))),
            class_="cd-seen",
            data_testid="frisked-hand",
        )
        out.append(listed)
        for a in legal:
            if isinstance(a, TakeCard):
                out.append(
                    button(
                        esc(w.t("cd.do.take", card=w.card(a.card))),
                        "take",
                        "cd-choice",
                        kind=a.card,
                    )
                )
    elif phase == "alarm_choice":
        for a in legal:
            if isinstance(a, AlarmAgent):
                agent = me["agents"][a.agent]
                lost = (
                    w.t("cd.do.loses", colours=w.colours(agent["cuts"]))
                    if agent["cuts"]
                    else w.t("cd.do.losesNothing")
                )
                out.append(
                    button(
                        esc(w.t("cd.do.sendOut", n=a.agent + 1, lost=lost)),
                        "alarm",
                        "cd-choice",
                        agent=a.agent,
                    )
                )
    elif phase == "defuse":
        out.append(
            button(
                esc(w.t("cd.do.defuse")), "defuse", "cd-choice is-danger", Defuse(viewer) in legal
            )
        )
        out.append(
            button(esc(w.t("cd.do.noDefuse")), "no-defuse", "cd-choice", NoDefuse(viewer) in legal)
        )
    elif phase == "discard":
        count = int(inp.obs["prompt"]["count"])
        chosen = inp.chosen()
        ok = len(chosen) == count and Discard(viewer, tuple(chosen)) in legal
        out.append(button(esc(w.t("cd.do.discard", n=count)), "discard", "cd-choice is-end", ok))
    return out


def dock(inp: BoardInput) -> str:
    w = inp.words
    decision = inp.decision
    prompt = tag(
        "p",
        esc(prompt_text(inp)),
        class_="cd-prompt",
        id="cd-prompt",
        tabindex="-1",
        data_testid="prompt",
        data_decision=decision,
        data_moves=inp.moves,
        aria_live="polite",
    )
    notices = "".join(
        tag("p", esc(n), class_="cd-notice is-private", data_testid="private-notice")
        for n in inp.notices
    )
    message = (
        tag("p", esc(inp.message), class_="cd-message", role="alert", data_testid="message")
        if inp.message
        else ""
    )
    buttons = "".join(choices(inp))
    hint = ""
    if decision == "play" and inp.chosen():
        hint = button(esc(w.t("cd.do.clear")), "clear", "cd-chip")
    return (
        notices
        + prompt
        + message
        + tag("div", buttons + hint, class_="cd-choices", data_testid="choices")
    )


# --------------------------------------------------------------------------- panels and log


def log_region(inp: BoardInput) -> str:
    shown = [line for line in inp.lines if line.kind not in ("turn", "end_play")][-3:]
    items = "".join(
        tag(
            "li",
            esc(line.text),
            class_=classes(line.kind == "bot" and "is-bot", line.private and "is-private"),
        )
        for line in shown
    )
    return tag(
        "ol",
        items,
        class_="cd-last",
        data_testid="last-log",
        aria_label=inp.words.t("cd.log.recent"),
    )


def full_log(inp: BoardInput) -> str:
    items = "".join(
        tag("li", esc(line.text), class_=classes(f"is-{line.kind}", line.private and "is-private"))
        for line in inp.lines
    )
    # It scrolls when long (countdown.css).
    return tag(
        "ol",
        items,
        class_="cd-full-log",
        data_testid="full-log",
        id="cd-full-log",
        **scroll_stop(inp.words.t("cd.panel.log"), newest="last"),
    )


def rules_text(w: Words) -> str:
    items = "".join(tag("li", esc(w.t(f"cd.rules.{n}"))) for n in range(1, 9))
    return tag("ol", items, class_="cd-rules")


def panel(inp: BoardInput) -> str:
    w = inp.words
    if inp.panel is None:
        return ""
    title = w.t(f"cd.panel.{inp.panel}")
    if inp.panel == "log":
        body = full_log(inp)
    elif inp.panel == "rules":
        body = rules_text(w)
    else:
        paces = "".join(
            tag(
                "button",
                esc(w.t(f"cd.pace.{p}")),
                type="button",
                class_="cd-chip",
                data_act="pace",
                data_pace=p,
                aria_pressed="true" if inp.pace == p else "false",
            )
            for p in PACE_CHOICES
        )
        pause = button(
            esc(w.t("cd.menu.resume" if inp.paused else "cd.menu.pause")), "pause", "cd-chip"
        )
        share = ""
        if inp.share:
            share = tag(
                "p",
                esc(w.t("cd.menu.share"))
                + " "
                + tag("a", esc(w.t("cd.menu.link")), href=inp.share, data_act="share"),
            )
        body = (
            tag(
                "div",
                tag("span", esc(w.t("cd.menu.pace")), class_="cd-label") + paces,
                class_="cd-segmented",
                role="group",
            )
            + tag(
                "div",
                pause + button(esc(w.t("cd.menu.leave")), "leave-ask", "cd-chip is-danger"),
                class_="cd-row",
            )
            + share
        )
    close = button(esc(w.t("cd.panel.close")), "close", "cd-chip")
    return tag(
        "section",
        tag(
            "div",
            tag("h3", esc(title), class_="cd-h3", id="cd-panel-title", tabindex="-1") + close,
            class_="cd-panel-head",
        )
        + body,
        class_="cd-panel-box",
        data_testid=f"panel-{inp.panel}",
        aria_labelledby="cd-panel-title",
    )
