"""The screens around the board, as HTML strings: the table, the handoff, the end of a game,
a game link that would replace a game in progress, leaving a game.

Pure functions of plain inputs (tested in CPython). The handoff screen is drawn from the
spectator's view only: nothing private of anyone is on the page while the device is passed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..shell.markup import classes, esc, scroll_stop, tag
from .board import button
from .log_text import Line
from .table import LEVELS, OPTION_CHOICES, Table
from .words import Words

Obs = Mapping[str, Any]
T = Callable[..., str]


def screen(name: str, body: str, testid: str | None = None) -> str:
    return tag("section", body, class_=f"cd-screen cd-{name}", data_testid=testid or name)


def heading(text: str, kicker: str | None = None) -> str:
    kick = tag("p", esc(kicker), class_="cd-kicker") if kicker else ""
    return kick + tag("h2", esc(text), class_="cd-heading", id="cd-heading", tabindex="-1")


def segmented(
    label: str, act: str, choices: Sequence[tuple[object, str]], current: object, **data: object
) -> str:
    extra = {f"data_{k}": v for k, v in data.items()}
    buttons = "".join(
        tag(
            "button",
            esc(text),
            type="button",
            class_="cd-chip",
            data_act=act,
            data_value=str(value).lower() if isinstance(value, bool) else value,
            aria_pressed="true" if value == current else "false",
            **extra,
        )
        for value, text in choices
    )
    return tag("div", buttons, class_="cd-segmented", role="group", aria_label=label)


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class TableInput:
    table: Table
    default_names: Sequence[str]
    notices: Sequence[str] = ()
    #: A game in progress to go back to (its round), or None.
    resume: str | None = None


def table_screen(t: T, inp: TableInput) -> str:
    table = inp.table
    notices = "".join(tag("p", esc(n), class_="cd-notice") for n in inp.notices)
    counts = segmented(
        t("cd.table.players"), "players", [(n, str(n)) for n in range(2, 6)], table.players
    )
    rows = []
    for i in range(table.players):
        seat = table.seat(i)
        default = inp.default_names[i]
        name_id = f"cd-name-{i}"
        name = tag("label", esc(t("cd.table.name", n=i + 1)), for_=name_id, class_="cd-label") + (
            f'<input id="{name_id}" class="cd-input" type="text" maxlength="20" autocomplete="off"'
            f' data-act="seat-name" data-seat="{i}" value="{esc(seat.name)}" placeholder="{esc(default)}">'
        )
        kind = segmented(
            t("cd.table.kind", name=seat.name or default),
            "seat-kind",
            [("human", t("cd.table.human")), ("bot", t("cd.table.bot"))],
            seat.kind,
            seat=i,
        )
        level = ""
        if seat.is_bot:
            level_id = f"cd-level-{i}"
            options = "".join(
                tag("option", esc(t(f"cd.level.{lv}")), value=lv, selected=lv == seat.level)
                for lv in LEVELS
            )
            level = tag("label", esc(t("cd.table.level")), for_=level_id, class_="cd-label") + tag(
                "select",
                options,
                id=level_id,
                class_="cd-input",
                data_act="seat-level",
                data_seat=i,
            )
        rows.append(
            tag(
                "li",
                tag("div", name, class_="cd-field") + kind + tag("div", level, class_="cd-field"),
                class_="cd-seat",
            )
        )
    humans = len(table.humans())
    mode = "cd.table.solo" if humans == 1 else "cd.table.demo" if humans == 0 else "cd.table.pass"
    options = "".join(
        tag(
            "div",
            tag("p", esc(t(f"cd.option.{name}")), class_="cd-label")
            + segmented(
                t(f"cd.option.{name}"),
                "option",
                [
                    (value, t(f"cd.option.{name}.{str(value).lower()}"))
                    for value in OPTION_CHOICES[name]
                ],
                table.option(name),
                option=name,
            ),
            class_="cd-option",
        )
        for name in OPTION_CHOICES
    )
    paces = segmented(
        t("cd.menu.pace"),
        "table-pace",
        [(p, t(f"cd.pace.{p}")) for p in ("slow", "normal", "fast")],
        table.pace,
    )
    actions = button(esc(t("cd.table.start")), "start", "cd-big cd-primary")
    if inp.resume:
        actions += button(esc(t("cd.table.resume", where=inp.resume)), "continue", "cd-big")
    actions += button(esc(t("cd.table.home")), "home", "cd-big")
    body = (
        heading(t("cd.table.title"), t("cd.title"))
        + notices
        + tag("h3", esc(t("cd.table.seats")), class_="cd-h3")
        + counts
        + tag("ol", "".join(rows), class_="cd-seats")
        + tag("p", esc(t(mode, n=humans)), class_="cd-muted")
        + tag("h3", esc(t("cd.table.options")), class_="cd-h3")
        + options
        + tag(
            "div", tag("p", esc(t("cd.menu.pace")), class_="cd-label") + paces, class_="cd-option"
        )
        + tag("div", actions, class_="cd-actions")
    )
    return screen("table", body)


# --------------------------------------------------------------------------- pass and play


def handoff(w: Words, seat: int, reason: str, recent: Sequence[Line]) -> str:
    """Pass the device to ``seat``: their name, why, and the last public events."""
    items = "".join(tag("li", esc(line.text)) for line in recent)
    body = (
        heading(w.t("cd.handoff.title", name=w.name(seat)))
        + tag("p", esc(reason), class_="cd-lead", data_testid="handoff-reason")
        + (
            tag("h3", esc(w.t("cd.handoff.meanwhile")), class_="cd-h3")
            + tag("ol", items, class_="cd-last")
            if items
            else ""
        )
        + tag(
            "div",
            button(
                esc(w.t("cd.handoff.ready", name=w.name(seat))),
                "handoff",
                "cd-big cd-primary",
                seat=seat,
            )
            + button(esc(w.t("cd.menu.leave")), "leave-ask", "cd-big"),
            class_="cd-actions",
        )
    )
    return screen("handoff", body)


# --------------------------------------------------------------------------- the end


@dataclass(frozen=True)
class EndInput:
    #: The seer's observation at the end of the game (everything revealed).
    obs: Obs
    words: Words
    lines: Sequence[Line]
    kinds: Sequence[str]
    #: Points variant: the match goes on (a "next game" button).
    next_game: bool = False


def result_text(w: Words, result: Obs) -> tuple[str, str]:
    """The headline and the sentence that explains it."""
    winner, cause = result["winner"], result["cause"]
    if cause == "defused":
        return w.t("cd.end.defused", name=w.name(winner)), w.t(
            "cd.end.defusedWhy", n=result["showing"]
        )
    why = w.t("cd.end.countdown") if cause == "countdown" else w.t("cd.end.failed")
    if winner is None:
        return w.t("cd.end.nobody"), why + " " + w.t("cd.end.noKeeper")
    return w.t("cd.end.keeper", name=w.name(winner)), why + " " + w.t(
        "cd.end.keeperWhy", name=w.name(winner)
    )


def end_screen(inp: EndInput) -> str:
    obs, w = inp.obs, inp.words
    result = obs["game_result"] or obs["result"]
    title, why = result_text(w, result)
    wires = "".join(
        tag(
            "li",
            esc(w.colour(x["colour"])),
            class_=f"cd-wire is-up is-{x['colour']}",
            data_colour=x["colour"],
        )
        for x in obs["combination"]
    )
    spares = w.colours(obs["reserve"]["colours"] or []) or w.t("cd.end.noSpares")
    reveal = (
        tag("h3", esc(w.t("cd.end.combination")), class_="cd-h3")
        + tag("ol", wires, class_="cd-wires", data_testid="end-combination")
        + tag("p", esc(w.t("cd.end.spares", colours=spares)), class_="cd-muted")
    )
    players = []
    for seat in obs["seats"]:
        q = seat["seat"]
        cuts = [c for a in seat["agents"] for c in a["cuts"]]
        notes = seat.get("notes") or []
        lines = [
            w.t("cd.end.hand", cards=w.cards(seat["hand"] or [])),
            w.t("cd.end.snips", colours=w.colours(cuts) if cuts else w.t("cd.end.none")),
            w.t("cd.end.out", n=seat["outside"]),
        ]
        if notes:
            lines.append(
                w.t("cd.end.scanned", wires=w.listing([str(n["position"] + 1) for n in notes]))
            )
        badge = (
            tag("span", esc(w.t("cd.player.keeper")), class_="cd-badge is-keeper")
            if obs["mascot"] == q
            else ""
        )
        players.append(
            tag(
                "li",
                tag("h4", esc(w.name(q)) + " " + badge)
                + tag("ul", "".join(tag("li", esc(x)) for x in lines)),
                class_=classes("cd-end-player", result["winner"] == q and "is-winner"),
                data_seat=q,
            )
        )
    scores = ""
    if obs["scores"] is not None:
        items = "".join(
            tag("li", esc(w.t("cd.end.score", name=w.name(q), n=p)))
            for q, p in enumerate(obs["scores"])
        )
        match = obs["result"] and obs["result"].get("match_winner")
        head = (
            w.t("cd.end.matchWon", name=w.name(match))
            if isinstance(match, int)
            else w.t("cd.end.scores")
        )
        scores = tag("h3", esc(head), class_="cd-h3", data_testid="match") + tag(
            "ol", items, class_="cd-scores"
        )
    actions = ""
    if inp.next_game:
        actions += button(esc(w.t("cd.end.next")), "next-game", "cd-big cd-primary")
    else:
        actions += button(esc(w.t("cd.end.again")), "again", "cd-big cd-primary")
    actions += button(esc(w.t("cd.end.table")), "table", "cd-big")
    log = tag(
        "details",
        tag("summary", esc(w.t("cd.end.log")))
        + tag(
            "ol",
            "".join(tag("li", esc(x.text)) for x in inp.lines),
            class_="cd-full-log",
            **scroll_stop(w.t("cd.end.log")),
        ),
        class_="cd-details",
    )
    body = (
        heading(title, w.t("cd.title"))
        + tag("p", esc(why), class_="cd-lead", data_testid="result")
        + scores
        + reveal
        + tag("h3", esc(w.t("cd.end.players")), class_="cd-h3")
        + tag("ol", "".join(players), class_="cd-end-players", data_testid="reveal")
        + tag("div", actions, class_="cd-actions")
        + log
    )
    return screen("end", body)


def ask(t: T, name: str, title: str, text: str, yes: tuple[str, str], no: tuple[str, str]) -> str:
    """A yes / no question on its own screen (leave the game; a link over a game in progress)."""
    body = (
        heading(title)
        + tag("p", esc(text), class_="cd-lead")
        + tag(
            "div",
            button(esc(yes[0]), yes[1], "cd-big cd-primary") + button(esc(no[0]), no[1], "cd-big"),
            class_="cd-actions",
        )
    )
    return screen(name, body)
