"""The screens around the board: home buttons, campaign, briefing, handoff, end of mission.

Pure functions from plain data to HTML strings (see ``board`` for the conventions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.redwire.campaign import BOXES, Campaign, box_of, opener_of
from engine.redwire.observation_types import Observation

from ..shell.i18n import Catalog, counted
from . import mechanisms
from .board import colour_of_label, stands_of, wire_face
from .home import MISSIONS, messages
from .icons import SPRITE, icon
from .log_text import Line
from .markup import classes, esc, scroll_stop, tag
from .mechanisms import board_parts
from .mechanisms.equipment import tray
from .table import OPTION_CHOICES, Table
from .words import Words

Obs = Observation
__all__ = ["MISSIONS", "messages"]


def button(text: str, act: str, cls: str = "rw-chip", **data: object) -> str:
    extra = {f"data_{k}": v for k, v in data.items()}
    return tag("button", esc(text), type="button", class_=cls, data_act=act, **extra)


def screen(name: str, body: str, testid: str | None = None) -> str:
    return tag("div", SPRITE + body, class_=f"rw-screen rw-{name}", data_testid=testid or name)


def heading(text: str, level: int = 2, kicker: str | None = None) -> str:
    kick = tag("p", esc(kicker), class_="rw-kicker") if kicker else ""
    return kick + tag(f"h{level}", esc(text), class_="rw-title", id="rw-heading", tabindex="-1")


# --------------------------------------------------------------------------- home


# --------------------------------------------------------------------------- campaign


@dataclass(frozen=True)
class SetAside:
    """A save kept aside, as the campaign screen lists it."""

    key: str
    kind: str
    when: str
    why: str
    href: str


def why_key(problem: str) -> str:
    """The player's words for why a save was set aside (the storage's reason is technical)."""
    if "newer" in problem:
        return "rw.saved.why.newer"
    if problem == "not JSON":
        return "rw.saved.why.notJson"
    if problem.startswith("replaced"):
        return "rw.saved.why.replaced"
    return "rw.saved.why.damaged"


@dataclass(frozen=True)
class CampaignInput:
    campaign: Campaign
    table: Table
    titles: Mapping[int, str]
    summaries: Mapping[int, str]
    default_names: Sequence[str]
    notices: Sequence[str]
    open_sections: frozenset[str]
    export_href: str | None
    catalog: Catalog
    set_aside: Sequence[SetAside] = ()
    #: The seat that captains the next mission.
    captain: int = 0
    #: The box (by its first mission) the player asked to open early: the screen asks to confirm.
    box_confirm: int | None = None
    #: The campaign's missions listed but not playable here (``missions/needs_the_box.toml``):
    #: number -> (title, what it needs), in the page's language.
    boxed: Mapping[int, tuple[str, str]] = field(default_factory=dict)


def campaign(t: Any, inp: CampaignInput) -> str:
    head = tag(
        "div",
        button(t("rw.back"), "home", "rw-chip rw-back") + heading(t("rw.campaign.title")),
        class_="rw-screen-head",
    )
    return screen(
        "campaign",
        head
        + messages(inp.notices)
        + table_summary(t, inp)
        + missions_list(t, inp)
        + variants(t, inp)
        + transfer(t, inp)
        + set_aside(t, inp),
    )


def set_aside(t: Any, inp: CampaignInput) -> str:
    """Every save that could not be read, with its date: download it, or restore it."""
    if not inp.set_aside:
        return ""
    items = []
    for item in inp.set_aside:
        what = t(f"rw.saved.kind.{item.kind}")
        text = t("rw.saved.item", what=what, when=item.when, why=t(item.why))
        items.append(
            tag(
                "li",
                tag("p", esc(text))
                + tag(
                    "div",
                    tag(
                        "a",
                        esc(t("rw.saved.download")),
                        href=item.href,
                        download=f"red-wire-{item.key.rsplit('.', 2)[-2]}-{item.key.rsplit('.', 1)[-1]}.json",
                        class_="rw-chip rw-link",
                        aria_label=t("rw.saved.downloadName", what=what, when=item.when),
                        data_testid="set-aside-download",
                    )
                    + tag(
                        "button",
                        esc(t("rw.saved.restore")),
                        type="button",
                        class_="rw-chip",
                        data_act="restore",
                        data_key=item.key,
                        aria_label=t("rw.saved.restoreName", what=what, when=item.when),
                        data_testid="set-aside-restore",
                    ),
                    class_="rw-actions",
                ),
                class_="rw-set-aside-item",
                data_kind=item.kind,
            )
        )
    return tag(
        "section",
        tag("h3", esc(t("rw.saved.title")), class_="rw-h3", id="rw-set-aside")
        + tag("p", esc(t("rw.saved.intro")), class_="rw-muted")
        + tag("ul", "".join(items), class_="rw-set-aside"),
        aria_labelledby="rw-set-aside",
        data_testid="set-aside",
    )


def mission_state(t: Any, catalog: Catalog, c: Campaign, mission: int) -> tuple[str, str]:
    status = c.status(mission)
    progress = c.progress.get(mission)
    attempts = progress.attempts if progress else 0
    if status == "won":
        text = counted(catalog, "rw.campaign.won", attempts, attempts=attempts)
        if progress and progress.assisted:
            text += " · " + t("rw.campaign.assisted")
    elif status == "open":
        text = (
            t("rw.campaign.open")
            if not attempts
            else counted(catalog, "rw.campaign.tried", attempts, attempts=attempts)
        )
    elif box_of(mission) is not None:
        box = box_of(mission)
        assert box is not None
        text = t("rw.campaign.boxLocked", previous=opener_of(box))
    else:
        text = t("rw.campaign.locked", previous=mission - 1)
    return status, text


def mission_card(t: Any, inp: CampaignInput, m: int) -> str:
    status, text = mission_state(t, inp.catalog, inp.campaign, m)
    mark = icon("check") if status == "won" else icon("lock") if status == "locked" else ""
    title = inp.titles.get(m, "")
    return tag(
        "li",
        # Its name is what it shows ("Mission 1 First Contact ... Open"): no aria-label that a
        # voice command or a screen reader would hear differently.
        tag(
            "button",
            tag(
                "span",
                tag("span", esc(t("rw.mission.word")) + " ", class_="rw-sr") + esc(str(m)),
                class_="rw-mission-badge",
            )
            + " "
            + tag("span", esc(title), class_="rw-mission-name")
            + " "
            + tag("span", esc(inp.summaries.get(m, "")), class_="rw-mission-summary")
            + " "
            + tag("span", mark + esc(text), class_="rw-mission-state"),
            type="button",
            class_=f"rw-mission-card is-{status}",
            data_act="mission",
            data_mission=m,
            data_testid=f"mission-{m}",
            aria_disabled="true" if status == "locked" else None,
        ),
    )


def boxed_card(t: Any, m: int, title: str, needs: str) -> str:
    """A mission the site cannot run (it needs the physical box): shown in its place with the
    reason, as text, never as something to press."""
    return tag(
        "li",
        tag(
            "div",
            tag(
                "span",
                tag("span", esc(t("rw.mission.word")) + " ", class_="rw-sr") + esc(str(m)),
                class_="rw-mission-badge",
            )
            + " "
            + tag("span", esc(title), class_="rw-mission-name")
            + " "
            + tag("span", esc(needs), class_="rw-mission-summary")
            + " "
            + tag("span", icon("lock") + esc(t("rw.campaign.needsBox")), class_="rw-mission-state"),
            class_="rw-mission-card is-boxed",
            data_testid=f"mission-{m}",
            data_status="needs-box",
        ),
    )


def box_head(t: Any, inp: CampaignInput, number: int, box: tuple[int, int]) -> str:
    """A box's heading, and while it is locked, how it opens and the way to open it early
    (the rulebook lets a group play in any order), with a confirmation first."""
    first, last = box
    head = tag("h4", esc(t("rw.campaign.box", n=number, first=first, last=last)), class_="rw-h4")
    if inp.campaign.box_open(box):
        return head
    opener = opener_of(box)
    if inp.box_confirm == first:
        ask = tag(
            "div",
            tag("p", esc(t("rw.campaign.boxAsk", first=first, last=last, previous=opener)))
            + tag(
                "div",
                button(t("rw.campaign.boxYes"), "box-open", "rw-confirm", box=first)
                + button(t("rw.campaign.boxNo"), "box-cancel", box=first),
                class_="rw-actions",
            ),
            class_="rw-box-ask",
            role="group",
            data_testid=f"box-ask-{first}",
        )
    else:
        ask = button(t("rw.campaign.boxOpen"), "box-ask", "rw-chip", box=first)
    return head + tag("p", esc(t("rw.campaign.boxOpens", previous=opener)), class_="rw-muted") + ask


def missions_list(t: Any, inp: CampaignInput) -> str:
    """The missions, training first, then box by box (a box shows once it has a mission)."""
    training = [m for m in MISSIONS if box_of(m) is None]
    groups = [
        tag("h4", esc(t("rw.campaign.training")), class_="rw-h4")
        + tag("ol", "".join(mission_card(t, inp, m) for m in training), class_="rw-missions")
    ]
    for number, box in enumerate(BOXES, start=1):
        inside = [m for m in MISSIONS if box[0] <= m <= box[1]]
        cards = {m: mission_card(t, inp, m) for m in inside}
        cards |= {
            m: boxed_card(t, m, *inp.boxed[m])
            for m in inp.boxed
            if box[0] <= m <= box[1] and m not in cards
        }
        if inside:
            groups.append(
                tag(
                    "div",
                    box_head(t, inp, number, box)
                    + tag("ol", "".join(cards[m] for m in sorted(cards)), class_="rw-missions"),
                    class_="rw-campaign-box",
                    data_testid=f"box-{box[0]}",
                )
            )
    return tag(
        "section",
        tag("h3", esc(t("rw.campaign.missions")), class_="rw-h3") + "".join(groups),
        aria_label=t("rw.campaign.missions"),
    )


def segmented(
    label: str, act: str, choices: Sequence[tuple[object, str]], current: object, **data: object
) -> str:
    extra = {f"data_{k}": v for k, v in data.items()}
    buttons = "".join(
        tag(
            "button",
            esc(text),
            type="button",
            class_="rw-chip",
            data_act=act,
            data_value=str(value).lower() if isinstance(value, bool) else value,
            aria_pressed="true" if value == current else "false",
            **extra,
        )
        for value, text in choices
    )
    return tag("div", buttons, class_="rw-segmented", role="group", aria_label=label)


def table_summary(t: Any, inp: CampaignInput) -> str:
    """Who sits at the table and who captains the next mission, with the way back to the table
    screen (drawn by js/redwire.js: it works before Python has booted)."""
    table = inp.table
    names = []
    for i in range(table.players):
        seat = table.seat(i)
        name = seat.name or inp.default_names[i]
        if seat.is_bot:
            names.append(t("rw.table.seatBot", name=name, level=t(f"rw.level.{seat.level}")))
        else:
            names.append(t("rw.table.seatHuman", name=name))
    captain = table.seat(inp.captain).name or inp.default_names[inp.captain]
    return tag(
        "section",
        tag("p", esc(t("rw.table.summary", names=", ".join(names))), data_testid="table-summary")
        + tag("p", esc(t("rw.table.captainIs", name=captain)), class_="rw-muted")
        + button(t("rw.table.change"), "table", "rw-chip"),
        class_="rw-table-summary",
        aria_label=t("rw.table.title"),
    )


def details(t: Any, inp: CampaignInput, name: str, title: str, body: str) -> str:
    open_ = name in inp.open_sections
    return tag(
        "section",
        tag(
            "button",
            esc(title),
            type="button",
            class_="rw-disclosure",
            data_act="section",
            data_section=name,
            aria_expanded="true" if open_ else "false",
        )
        + (tag("div", body, class_="rw-disclosure-body") if open_ else ""),
        class_="rw-details",
    )


def variants(t: Any, inp: CampaignInput) -> str:
    options = inp.table.options
    rows = []
    for name, choices in OPTION_CHOICES.items():
        current = options.get(name, choices[0])
        labelled = [(v, t(f"rw.variant.{name}.{str(v).lower()}")) for v in choices]
        rows.append(
            tag("h4", esc(t(f"rw.variant.{name}")))
            + segmented(t(f"rw.variant.{name}"), "option", labelled, current, option=name)
            + tag("p", esc(t(f"rw.variant.{name}.help")), class_="rw-muted")
        )
    return details(t, inp, "variants", t("rw.variant.title"), "".join(rows))


def transfer(t: Any, inp: CampaignInput) -> str:
    body = tag("p", esc(t("rw.transfer.why")), class_="rw-muted")
    if inp.export_href:
        body += tag(
            "p",
            tag(
                "a",
                esc(t("rw.transfer.export")),
                href=inp.export_href,
                download="red-wire-progress.json",
                class_="rw-link",
                data_testid="export",
            ),
        )
    body += tag(
        "p",
        tag("label", esc(t("rw.transfer.import")), for_="rw-import", class_="rw-label")
        + '<input id="rw-import" type="file" accept=".json,application/json" data-act="import" data-testid="import">',
    )
    body += tag(
        "p",
        tag("label", esc(t("rw.replay.import")), for_="rw-record", class_="rw-label")
        + '<input id="rw-record" type="file" accept=".json,application/json" '
        'data-act="record-import" data-testid="record-import">',
    )
    return details(t, inp, "transfer", t("rw.transfer.title"), body)


# --------------------------------------------------------------------------- briefing


def bomb_contents(obs: Obs, w: Words) -> str:
    """What is in the bomb, one line per colour (public: the mission and the markers)."""
    low, high = obs["blue_values"]
    lines = [w.t("rw.bomb.blue", low=low, high=high, count=4 * (high - low + 1))]
    for colour in ("red", "yellow"):
        data = obs["markers"][colour]
        if not data["in_play"]:
            continue
        values = ", ".join(w.label(v) for v in data["values"])
        if data["certain"]:
            lines.append(
                w.tn(f"rw.bomb.{colour}", data["in_play"], count=data["in_play"], values=values)
            )
        else:
            lines.append(
                w.tn(
                    f"rw.bomb.{colour}Maybe",
                    data["in_play"],
                    count=data["in_play"],
                    of=len(data["values"]),
                    values=values,
                )
            )
    if not obs["markers"]["red"]["in_play"]:
        lines.append(w.t("rw.bomb.noRed"))
    return "\n".join(lines)


def team_list(obs: Obs, w: Words, kinds: Sequence[str]) -> str:
    items = []
    for seat in range(int(obs["players"])):
        badges = ""
        if obs["captain"] == seat:
            badges += tag(
                "span",
                icon("captain") + esc(w.t("rw.captain")),
                class_="rw-badge rw-badge--captain",
            )
        if kinds[seat] == "bot":
            badges += tag("span", icon("bot") + esc(w.t("rw.bot")), class_="rw-badge rw-badge--bot")
        n = len(stands_of(obs, seat))
        stands = w.tn("rw.brief.stands", n) if n > 1 else ""
        items.append(
            tag(
                "li",
                tag("span", esc(w.name(seat)), class_="rw-name")
                + badges
                + tag("span", esc(stands), class_="rw-muted"),
            )
        )
    return tag("ul", "".join(items), class_="rw-team-list")


def mission_parts(obs: Obs, w: Words) -> str:
    """The mission's own components as they lie before the first turn (Number cards...)."""
    return board_parts(obs, w)


def equipment_list(obs: Obs, w: Words) -> str:
    return tray.briefing_list(obs, w)


def paragraphs(text: str) -> str:
    return "".join(tag("p", esc(p.strip())) for p in text.split("\n") if p.strip())


def briefing(
    obs: Obs,
    w: Words,
    kinds: Sequence[str],
    title: str,
    rules: str,
    notes: Sequence[str] = (),
) -> str:
    """The mission before its first turn; ``notes``: what the page changed at the table (a
    character the mission forbids, given back for the Double Detector), under the team."""
    captain = w.name(obs["captain"])
    body = (
        heading(title, kicker=w.t("rw.mission.number", number=obs["mission"]))
        + tag("div", paragraphs(rules), class_="rw-rules-text")
        + tag("h3", esc(w.t("rw.brief.bomb")), class_="rw-h3")
        + tag(
            "ul",
            "".join(tag("li", esc(line)) for line in bomb_contents(obs, w).split("\n")),
            class_="rw-bomb",
        )
        + mission_parts(obs, w)
        + tag("h3", esc(w.t("rw.gear.title")), class_="rw-h3")
        + equipment_list(obs, w)
        + tag("h3", esc(w.t("rw.brief.team")), class_="rw-h3")
        + team_list(obs, w, kinds)
        + "".join(
            tag("p", esc(note), class_="rw-notice", data_testid="brief-note") for note in notes
        )
        + "".join(tag("p", esc(text), class_="rw-muted") for text in mechanisms.legends(obs, w))
        + tag("p", esc(w.t("rw.brief.captain", name=captain)))
        + tag(
            "div",
            tag(
                "button",
                esc(w.t("rw.brief.start")),
                type="button",
                class_="rw-big rw-primary",
                data_act="begin",
                data_testid="begin",
            )
            + button(w.t("rw.back"), "campaign"),
            class_="rw-actions",
        )
    )
    return screen("brief", body)


# --------------------------------------------------------------------------- handoff


def handoff(w: Words, seat: int, reason: str, recent: Sequence[Line]) -> str:
    """The screen between two human seats: public facts only, and one big button."""
    name = w.name(seat)
    news = ""
    if recent:
        news = tag("h3", esc(w.t("rw.handoff.news")), class_="rw-h3") + tag(
            "ul",
            "".join(
                tag("li", esc(line.text), class_=f"rw-line rw-line--{line.kind}") for line in recent
            ),
            class_="rw-news",
        )
    body = (
        heading(w.t("rw.handoff.title", name=name))
        + tag("p", esc(w.t("rw.handoff.look", name=name)), class_="rw-lead")
        + tag("p", esc(reason), class_="rw-muted")
        + tag(
            "button",
            esc(w.t("rw.handoff.ready", name=name)),
            type="button",
            class_="rw-big rw-primary",
            data_act="handoff",
            data_testid="handoff-ready",
            id="rw-handoff-ready",
        )
        + news
        + tag("div", button(w.t("rw.leave.button"), "leave-ask"), class_="rw-actions")
    )
    return screen("handoff", body)


# --------------------------------------------------------------------------- end


def deal_row(w: Words, obs: Obs, stand: int) -> str:
    tiles = []
    for slot, t in enumerate(obs["stands"][stand]["slots"]):
        label = str(t["wire"])
        kind = colour_of_label(label)
        tiles.append(
            tag(
                "span",
                wire_face(w, label, kind),
                # The whole deal face up: the wires still in place at the end are marked.
                class_=classes(
                    "rw-tile", f"rw-tile--{kind}", not t["cut"] and "is-left", "is-static"
                ),
                role="img",
                aria_label=w.t("rw.tile.wire", n=slot + 1)
                + ", "
                + w.t(f"rw.tile.{kind}", label=w.label(label))
                + ("" if t["cut"] else ", " + w.t("rw.tile.uncut")),
            )
        )
    number = w.stand_number(stand)
    name = w.name(w.owners[stand])
    title = (
        w.t("rw.tile.stand", name=name)
        if number is None
        else w.t("rw.tile.standN", name=name, n=number)
    )
    title = title[:1].upper() + title[1:]  # a heading ("Portatessere di Anna", not "portatessere")
    return tag(
        "div",
        tag("p", esc(title), class_="rw-name")
        + tag(
            "div",
            "".join(tiles),
            class_="rw-stand",
            role="group",
            aria_label=title,
            style=f"--n:{len(tiles)}",
        ),
        class_="rw-player",
    )


def end(
    seer: Obs,
    w: Words,
    title: str,
    lines: Sequence[Line],
    story_lines: Sequence[Line],
    next_captain: str,
    has_next: bool,
    tutorial: bool = False,
    record_href: str | None = None,
) -> str:
    won = seer["result"] == "won"
    turns = seer["turn_number"]
    mistakes = mechanisms.mistakes_made(seer)
    summary = w.t(
        "rw.end.summary",
        mission=seer["mission"],
        title=title,
        turns=turns,
        mistakes=max(0, mistakes),
    )
    story = ""
    if story_lines:
        heading = w.t("rw.end.story" if not won else "rw.end.closeCalls")
        story = tag("h3", esc(heading), class_="rw-h3") + tag(
            "ol",
            "".join(
                tag(
                    "li",
                    esc(w.t("rw.end.turn", turn=line.turn) + " " + line.text),
                    class_=f"rw-line rw-line--{line.kind}",
                )
                for line in story_lines
            ),
            class_="rw-story",
            data_testid="story",
        )
    elif won:
        story = tag("p", esc(w.t("rw.end.clean")))
    deal = "".join(deal_row(w, seer, st) for st in range(len(seer["stands"])))
    actions = []
    if won and has_next:
        actions.append(
            tag(
                "button",
                esc(w.t("rw.end.next", mission=seer["mission"] + 1)),
                type="button",
                class_="rw-big rw-primary",
                data_act="next",
                data_testid="next-mission",
            )
        )
    actions.append(
        tag(
            "button",
            esc(w.t("rw.end.retry", name=next_captain)),
            type="button",
            class_=classes("rw-big", not (won and has_next) and "rw-primary"),
            data_act="retry",
            data_testid="retry",
        )
    )
    actions.append(button(w.t("rw.end.campaign"), "campaign"))
    # Step through it again, from any seat's view or the whole deal; or keep it as a file.
    replays = button(w.t("rw.replay.open"), "replay-open", "rw-chip")
    if record_href:
        replays += tag(
            "a",
            esc(w.t("rw.replay.download")),
            href=record_href,
            download=f"red-wire-mission-{seer['mission']}.json",
            class_="rw-chip rw-link",
            data_testid="record-download",
        )
    replays = tag("div", replays, class_="rw-actions", data_testid="replays")
    if tutorial:
        # The tutorial's end: what was learnt, then the campaign (from its table) or once more.
        story = tag(
            "p", esc(w.t("rw.tutorial.done")), class_="rw-lead", data_testid="tutorial-done"
        )
        actions = [
            tag(
                "button",
                esc(w.t("rw.tutorial.play")),
                type="button",
                class_="rw-big rw-primary",
                data_act="table",
                data_testid="tutorial-play",
            ),
            button(w.t("rw.tutorial.again"), "tutorial", "rw-big"),
        ]
    body = (
        tag(
            "p",
            esc(w.t("rw.tutorial.complete" if tutorial else "rw.end.kicker")),
            class_="rw-kicker",
        )
        + tag(
            "h2",
            esc(w.t("rw.end.won" if won else "rw.end.boom")),
            class_="rw-title",
            id="rw-heading",
            tabindex="-1",
            data_testid="result",
        )
        + tag("p", esc(summary), class_="rw-lead")
        + story
        + tag("div", "".join(actions), class_="rw-actions")
        + replays
        + tag("h3", esc(w.t("rw.end.deal")), class_="rw-h3")
        + (tag("p", esc(w.t("rw.end.dealLeft")), class_="rw-muted") if not won else "")
        + tag("div", deal, class_="rw-deal", data_testid="deal")
        + tag(
            "details",
            tag("summary", esc(w.t("rw.panel.log")))
            + tag(
                "ol",
                "".join(
                    tag("li", esc(line.text), class_=f"rw-line rw-line--{line.kind}")
                    for line in lines
                ),
                class_="rw-fulllog",
                **scroll_stop(w.t("rw.panel.log")),
            ),
        )
    )
    return screen("end", body, "end")
