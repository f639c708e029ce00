"""The board as HTML strings, from one observation: pure functions, one string per region.

The page sets each region with one ``innerHTML`` and listens with one delegated listener that
reads the ``data-act`` attributes written here. Everything comes from ``observation(viewer)``:
hidden wires of other seats are never in the strings (a back is a back, with no value anywhere).

Regions: ``top`` (mission, detonator, markers, validation track, buttons), ``panel`` (rules, menu,
an equipment card, the full log), ``team`` (the other players' stands), ``dock`` (what to do now:
prompt, modes, values, confirm, hint, the "show odds" toggle), ``odds`` (the selected wire's odds,
when the toggle is on), ``own`` (the viewer's stands), ``gear`` (equipment cards) and ``log`` (the
last event, always in view).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.redwire.actions import Action, SoloCut
from engine.redwire.mechanisms.equipment import labels, stabilizer
from engine.redwire.observation_types import Observation
from engine.redwire.wires import RED, YELLOW, value_from_json, value_to_json

from . import mechanisms
from .affordances import Affordances
from .icons import SPRITE, icon
from .log_text import Line, last_line
from .markup import classes, esc, scroll_stop, tag
from .mechanisms import double_detector
from .mechanisms.equipment import tray
from .odds import WireOdds, percent, reason_text
from .selection import CUT_MODES, Selection, build
from .words import Words

Obs = Observation
Tile = tuple[int, int]
REGIONS = ("top", "panel", "team", "coach", "dock", "odds", "own", "gear", "log")
PACE_CHOICES = ("slow", "normal", "fast")
#: The address of the projector view (see ``projector``).
VIEW_QUERY = "view=table"


@dataclass(frozen=True)
class BoardInput:
    obs: Obs
    words: Words
    aff: Affordances
    sel: Selection
    #: "human" or "bot" for each seat.
    kinds: Sequence[str]
    lines: Sequence[Line] = ()
    #: The computer seat that is thinking now.
    thinking: int | None = None
    #: A sentence for the player: the engine's refusal, translated, or a hint.
    message: str | None = None
    #: The open panel: "rules", "menu", "log", "leave" or "card:N".
    panel: str | None = None
    #: The slot of each stand that is in the tab order (roving tabindex).
    focus: Mapping[int, int] = field(default_factory=dict)
    pace: str = "normal"
    paused: bool = False
    title: str = ""
    rules: str = ""
    contents: str = ""
    share: str = ""
    confirm_text: str | None = None
    #: How many actions the game has seen (public).
    moves: int = 0
    #: The "show odds" toggle is offered (a human seat holds the device) and is on.
    odds_toggle: bool = False
    odds_on: bool = False
    #: The prompt's mission sentences are unfolded ("More"): on a phone they fold by default.
    prompt_more: bool = False
    #: The selected wire's odds, from the viewer's observation (only with the toggle on).
    odds: WireOdds | None = None
    #: The last action has just happened (drawn once with its animations: a wire flips, the
    #: detonator ticks); afterwards its wires stay marked without moving.
    fresh: bool = False
    #: The tutorial's coach: what it says now, and the move it asks for (its wires and value
    #: are marked when the move is the viewer's).
    coach: str | None = None
    coach_move: Action | None = None

    @property
    def viewer(self) -> int | None:
        v = self.obs.get("viewer")
        return v if isinstance(v, int) else None


def skeleton() -> str:
    """The board's frame: the regions the page fills, and the symbol sprite.

    Two columns on a wide screen (the stands; what to do, equipment and log beside them), one
    on a phone, where the dock stays at the bottom of the screen.
    """

    def region(name: str) -> str:
        return f'<div class="rw-{name}" id="rw-{name}" data-region="{name}"></div>'

    main = tag("div", region("team") + region("own"), class_="rw-main")
    side = tag(
        "div",
        region("coach")
        + region("dock")
        + region("log")
        + region("odds")
        + region("panel")
        + region("gear"),
        class_="rw-side",
    )
    return tag(
        "div",
        SPRITE + region("top") + main + side,
        class_="rw-board",
        id="rw-board",
        data_testid="board",
    )


def render(inp: BoardInput) -> dict[str, str]:
    """Every region's HTML."""
    return {
        "top": top(inp),
        "panel": panel(inp),
        "team": team(inp),
        "coach": coach(inp),
        "dock": dock(inp),
        "odds": odds_region(inp),
        "own": own(inp),
        "gear": gear(inp),
        "log": log_region(inp),
    }


# --------------------------------------------------------------------------- top bar


def top(inp: BoardInput) -> str:
    obs, w = inp.obs, inp.words
    heading = tag(
        "h2",
        tag("span", esc(w.t("rw.mission.number", number=obs["mission"])), class_="rw-mission-no")
        + " "
        + tag("span", esc(inp.title), class_="rw-mission-title"),
        class_="rw-mission",
        id="rw-heading",
        tabindex="-1",
    )
    buttons = "".join(
        tag(
            "button",
            esc(w.t(f"rw.panel.{name}")),
            type="button",
            class_="rw-chip",
            data_act="panel",
            data_panel=name,
            aria_expanded="true" if inp.panel == name else "false",
        )
        for name in ("rules", "menu")
    )
    line1 = tag("div", heading + tag("div", buttons, class_="rw-topbuttons"), class_="rw-topline")
    line2 = tag(
        # The detonator stays marked until the next action when the last one moved it (its
        # shake plays once: this region is drawn again only when an action changes it).
        "div",
        dial(obs, w, dial_moved(obs)) + markers(obs, w),
        class_="rw-status",
    )
    return line1 + line2 + track(obs, w)


def dial(obs: Obs, w: Words, ticked: bool = False) -> str:
    """The detonator: steps left as lit cells on a short track ending in the skull
    (``ticked``: it has just moved, and shows it); a mission's own clock instead when it has no
    detonator (``mechanisms.status_dial``)."""
    own = mechanisms.status_dial(obs, w)
    if own is not None:
        return own
    left, start = int(obs["dial"]["left"]), int(obs["dial"]["start"])
    cells = max(left, start)
    size, gap = 18, 4
    parts = []
    for k in range(cells, 0, -1):
        x = (cells - k) * (size + gap)
        lit = k <= left
        parts.append(
            f'<rect x="{x}" y="1" width="{size}" height="{size}" rx="4" '
            f'class="rw-dial-cell{" is-lit" if lit else ""}{" is-last" if k == 1 else ""}"/>'
        )
    skull_x = cells * (size + gap)
    width = skull_x + size + 2
    svg = (
        f'<svg class="rw-dial-track" viewBox="0 0 {width} 20" width="{width}" height="20" '
        f'aria-hidden="true" focusable="false">{"".join(parts)}'
        f'<use href="#rw-i-skull" x="{skull_x}" y="0" width="20" height="20" class="rw-dial-skull"/>'
        "</svg>"
    )
    mistakes = max(0, left - 1)
    label = w.tn("rw.dial.label", mistakes, mistakes=mistakes, left=left)
    # Read as what it means for the team: how many more mistakes it survives.
    return tag(
        "div",
        tag("span", esc(w.t("rw.dial.name")), class_="rw-dial-name")
        + svg
        + tag(
            "span",
            esc(w.tn("rw.dial.left", mistakes, mistakes=mistakes)),
            class_="rw-dial-count",
            data_testid="mistakes-left",
            data_mistakes=mistakes,
        ),
        class_=classes("rw-dial", left <= 1 and "is-danger", ticked and "is-ticked"),
        role="group",
        aria_label=label,
        data_left=left,
        data_testid="detonator",
    )


def markers(obs: Obs, w: Words) -> str:
    """The red and yellow markers: one chip per colour with its symbol, its values ("?" after
    each when only some of them are in the bomb) and how many are kept ("1 of 2")."""
    chips = []
    for colour in ("red", "yellow"):
        data = obs["markers"][colour]
        if not data["values"]:
            continue
        certain = data["certain"]
        values = [w.label(v) for v in data["values"]]
        shown = " ".join(v if certain else f"{v}?" for v in values)
        inner = tag("span", icon(colour) + esc(shown), class_=f"rw-marker rw-marker--{colour}")
        if certain:
            label = w.t(f"rw.markers.{colour}", count=len(values), values=", ".join(values))
        else:
            label = w.t(
                f"rw.markers.{colour}Maybe",
                keep=data["in_play"],
                of=len(values),
                values=", ".join(values),
            )
            inner += tag(
                "span",
                esc(w.t("rw.markers.keepOf", keep=data["in_play"], of=len(values))),
                class_="rw-keep",
            )
        chips.append(
            tag("div", inner, class_="rw-markers-group", role="img", aria_label=label, title=label)
        )
    return tag("div", "".join(chips), class_="rw-markers") if chips else ""


def cut_counts(obs: Obs) -> dict[int, int]:
    """How many wires of each blue value are cut (public: they lie face up)."""
    counts: dict[int, int] = {}
    for stand in obs["stands"]:
        for tile in stand["slots"]:
            label = tile["wire"]
            if tile["cut"] and label is not None and "." not in str(label):
                counts[int(label)] = counts.get(int(label), 0) + 1
    return counts


def track(obs: Obs, w: Words) -> str:
    """The validation track: each value of the mission, ticked when its four wires are cut."""
    low, high = obs["blue_values"]
    validated = set(obs["validated"])
    counts = cut_counts(obs)
    cells = []
    for value in range(low, high + 1):
        done = value in validated
        n = counts.get(value, 0)
        pips = "".join(tag("i", "", class_=classes("rw-pip", i < n and "is-on")) for i in range(4))
        cells.append(
            tag(
                "li",
                tag("span", esc(str(value)), class_="rw-track-n")
                + (icon("check", "rw-tick") if done else "")
                + tag("span", pips, class_="rw-pips"),
                class_=classes("rw-track-cell", done and "is-done"),
                title=w.t("rw.track.cell", value=value, cut=n),
            )
        )
    label = w.t(
        "rw.track.label",
        values=", ".join(str(v) for v in sorted(validated)) or w.t("rw.word.none"),
    )
    return tag(
        "ol",
        "".join(cells),
        class_="rw-track",
        aria_label=label,
        data_testid="track",
        style=f"--v:{high - low + 1}",
    )


# --------------------------------------------------------------------------- the coach


def coach(inp: BoardInput) -> str:
    """The tutorial's coach: what to do now (or what just happened), and the way out."""
    if inp.coach is None:
        return ""
    w = inp.words
    return tag(
        "section",
        tag("h3", esc(w.t("rw.tutorial.coach")), class_="rw-coach-title", id="rw-coach-title")
        + tag("p", esc(inp.coach), class_="rw-coach-text", data_testid="coach")
        + tag(
            "button",
            esc(w.t("rw.tutorial.skip")),
            type="button",
            class_="rw-chip",
            data_act="tutorial-skip",
            data_testid="tutorial-skip",
        ),
        class_="rw-coach-box",
        aria_labelledby="rw-coach-title",
    )


def coach_marks(inp: BoardInput) -> tuple[frozenset[Tile], frozenset[int], str | None]:
    """The wires, values and way to cut (a mode) the coach asks the viewer for now."""
    move = inp.coach_move
    if move is None or move.seat != inp.viewer:
        return frozenset(), frozenset(), None
    tiles: set[Tile] = set()
    values: set[int] = set()
    mode = None
    targets = getattr(move, "targets", None)
    if targets:
        tiles |= {(int(a), int(b)) for a, b in targets}
    if hasattr(move, "stand") and hasattr(move, "slot"):
        tiles.add((int(move.stand), int(move.slot)))
    for value in getattr(move, "values", ()) or ():
        values.add(int(value))
    if isinstance(move, SoloCut):
        values.add(int(move.value))
        mode = "solo"
    return frozenset(tiles), frozenset(values), mode


# --------------------------------------------------------------------------- news


def news(obs: Obs) -> dict[Tile, str]:
    """The wires the last cut touched, with how it went: the pointed wires ("hit" or "miss"),
    the wires it cut and the info token it placed (public: every seat saw it happen).

    >>> log = [{"type": "turn", "seat": 0, "number": 3},
    ...        {"type": "cut", "seat": 0, "targets": [[2, 4]], "values": [9], "outcome": "miss"},
    ...        {"type": "dial", "from": 3, "to": 2},
    ...        {"type": "token", "seat": 2, "stand": 2, "slot": 4, "value": 11, "reason": "miss"},
    ...        {"type": "turn", "seat": 1, "number": 4}]
    >>> news({"log": log})  # type: ignore[arg-type]
    {(2, 4): 'miss'}
    """
    log = obs["log"]
    start = None
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("type") in ("cut", "solo", "reveal"):
            start = i
            break
    if start is None:
        return {}
    first = log[start]
    outcome = str(first.get("outcome", "hit"))
    kind = "hit" if outcome == "hit" or first.get("type") != "cut" else "miss"
    found: dict[Tile, str] = {}
    for stand, slot in first.get("targets", ()):
        found[(int(stand), int(slot))] = kind
    for event in log[start + 1 :]:
        if event.get("type") in ("cut", "solo", "reveal"):
            break
        if event.get("type") in ("wire_cut", "token") and "stand" in event:
            found.setdefault((int(event["stand"]), int(event["slot"])), kind)
    return found


def dial_moved(obs: Obs) -> bool:
    """The last action moved the detonator (its ``dial`` event is in the last turn's events)."""
    for event in reversed(obs["log"]):
        kind = event.get("type")
        if kind == "dial":
            return True
        if kind in ("cut", "solo", "reveal"):
            return False
    return False


# --------------------------------------------------------------------------- stands


def seat_order(obs: Obs) -> list[int]:
    """Players in seat order starting after the viewer (everyone, from seat 0, for a spectator)."""
    players, viewer = int(obs["players"]), obs.get("viewer")
    if not isinstance(viewer, int):
        return list(range(players))
    return [(viewer + k) % players for k in range(1, players)]


def stands_of(obs: Obs, seat: int) -> list[int]:
    return [i for i, stand in enumerate(obs["stands"]) if stand["owner"] == seat]


def stand_order(obs: Obs) -> list[int]:
    """Stands as the board shows them, top to bottom: teammates, then the viewer's own."""
    order = [st for seat in seat_order(obs) for st in stands_of(obs, seat)]
    viewer = obs.get("viewer")
    if isinstance(viewer, int):
        order += stands_of(obs, viewer)
    return order


def team(inp: BoardInput) -> str:
    blocks = [player_block(inp, seat) for seat in seat_order(inp.obs)]
    heading = tag(
        "h3",
        esc(inp.words.t("rw.team.spectator" if inp.viewer is None else "rw.team.title")),
        class_="rw-sr",
    )
    return heading + "".join(blocks)


def own(inp: BoardInput) -> str:
    if inp.viewer is None:
        return ""
    return player_block(inp, inp.viewer, mine=True)


def player_block(inp: BoardInput, seat: int, mine: bool = False) -> str:
    obs, w = inp.obs, inp.words
    name = w.name(seat)
    badges = []
    if obs["captain"] == seat:
        badges.append(
            tag(
                "span",
                icon("captain") + esc(w.t("rw.captain")),
                class_="rw-badge rw-badge--captain",
            )
        )
    if inp.kinds[seat] == "bot":
        badges.append(
            tag("span", icon("bot") + esc(w.t("rw.bot")), class_="rw-badge rw-badge--bot")
        )
    badges.append(double_detector.badge(obs, seat, w))
    badges.extend(mechanisms.seat_badges(obs, seat, w))  # a mission's role (the rookie...)
    active = obs["to_move"] == seat or (obs["phase"] == "turn" and obs["active"] == seat)
    status = ""
    if inp.thinking == seat:
        status = tag(
            "span", esc(w.t("rw.thinking", who=name)), class_="rw-thinking", data_testid="thinking"
        )
    elif obs["to_move"] == seat and not obs["result"]:
        status = tag("span", esc(w.t("rw.toMove")), class_="rw-tomove")
    title = w.t("rw.you", name=name) if mine else name
    head = tag(
        "div",
        tag("span", esc(title), class_="rw-name") + "".join(badges) + status,
        class_="rw-player-head",
    )
    stands = "".join(stand_row(inp, st) for st in stands_of(obs, seat))
    return tag(
        "section",
        head + stands,
        class_=classes(
            "rw-player",
            mine and "rw-player--mine",
            active and "is-active",
            inp.thinking == seat and "is-thinking",
        ),
        aria_label=title,
        data_seat=seat,
    )


def stand_label(w: Words, stand: int, mine: bool) -> str:
    number = w.stand_number(stand)
    if mine:
        return w.t("rw.tile.yourStand") if number is None else w.t("rw.tile.yourStandN", n=number)
    name = w.name(w.owners[stand])
    return (
        w.t("rw.tile.stand", name=name)
        if number is None
        else w.t("rw.tile.standN", name=name, n=number)
    )


def pair_labels(obs: Obs) -> dict[Tile, tuple[str, int]]:
    """The =/≠ label on each labelled wire: its kind and the other wire's slot."""
    out: dict[Tile, tuple[str, int]] = {}
    for label in labels.view(obs):
        a, b = label["slots"]
        out[(label["stand"], a)] = (label["kind"], b)
        out[(label["stand"], b)] = (label["kind"], a)
    return out


def tile_roles(inp: BoardInput) -> tuple[frozenset[Tile], frozenset[Tile]]:
    """(wires that may be tapped now, wires selected) for the current mode.

    In a cut mode every teammate wire may be pointed at; in the other modes (a pick, the setup
    token, an equipment card) the wires that may be chosen are few, and marked as options.
    """
    aff, sel, mode = inp.aff, inp.sel, inp.sel.mode
    tappable: frozenset[Tile] = frozenset()
    if mode in CUT_MODES:
        tappable = aff.cut_targets if mode == "cut" else aff.tool_targets
    elif mode == "pick":
        tappable = aff.picks
    elif mode == "token":
        tappable = aff.token_tiles
    else:
        use, choices = mechanisms.use_of(sel), mechanisms.choices(aff, sel)
        if use is not None and choices is not None:
            tappable = use.tiles(choices, sel)
    return tappable, frozenset(sel.targets)


def stand_row(inp: BoardInput, stand: int) -> str:
    obs, w = inp.obs, inp.words
    data = obs["stands"][stand]
    mine = data["owner"] == inp.viewer
    tappable, selected = tile_roles(inp)
    options = inp.sel.mode not in CUT_MODES
    labels = pair_labels(obs)
    marks = mechanisms.tile_marks(obs, w)  # a mission's marks on wires (false tokens...)
    marked = news(obs)
    coached = coach_marks(inp)[0]
    focus_slot = inp.focus.get(stand, 0)
    slots = data["slots"]
    if focus_slot >= len(slots):
        focus_slot = 0
    tiles = "".join(
        tile(
            w,
            stand,
            slot,
            t,
            mine,
            (stand, slot) in tappable,
            (stand, slot) in selected,
            labels.get((stand, slot)),
            slot == focus_slot,
            options,
            marks.get((stand, slot)),
            marked.get((stand, slot)),
            inp.fresh,
            (stand, slot) in coached,
        )
        for slot, t in enumerate(slots)
    )
    name = stand_label(w, stand, mine)
    return tag(
        "div",
        tiles,
        class_=classes("rw-stand", mine and "rw-stand--mine"),
        role="group",
        aria_label=name,
        data_stand=stand,
        # The wires share the stand's width; on a wide screen every stand's height shares the
        # screen's height too (--rows), so your own stand is never below the fold.
        style=f"--n:{len(slots)};--rows:{len(obs['stands'])}",
    )


def colour_of_label(label: str) -> str:
    if label.endswith(".1"):
        return "yellow"
    if label.endswith(".5"):
        return "red"
    return "blue"


def wire_face(w: Words, label: str, kind: str) -> str:
    """A wire's face: blue shows its number; yellow and red show their symbol and whole printed
    label ("◆ 11.1"), so a yellow 11.1 never reads as a blue 11."""
    if kind == "blue":
        return tag("span", tag("span", esc(label), class_="rw-n"), class_="rw-face")
    return tag(
        "span",
        icon(kind) + tag("span", esc(w.label(label)), class_="rw-n rw-n--printed"),
        class_="rw-face",
    )


def tile(
    w: Words,
    stand: int,
    slot: int,
    t: Mapping[str, Any],
    mine: bool,
    tappable: bool,
    selected: bool,
    pair: tuple[str, int] | None,
    in_tab_order: bool,
    option: bool = False,
    note: tuple[str, str] | None = None,
    news_kind: str | None = None,
    fresh: bool = False,
    coached: bool = False,
) -> str:
    label = t["wire"]
    parts = [stand_label(w, stand, mine), w.t("rw.tile.wire", n=slot + 1)]
    if label is None:
        face = ""
        kind = "back"
        parts.append(w.t("rw.tile.hidden"))
    else:
        kind = colour_of_label(str(label))
        face = wire_face(w, str(label), kind)
        wire_words = w.t(f"rw.tile.{kind}", label=w.label(label))
        parts.append(w.t("rw.tile.cut", wire=wire_words) if t["cut"] else wire_words)
    info = t["info"]
    token = ""
    if info is not None:
        shown = w.value(info)
        sym = icon("yellow") if info == "yellow" else ""
        # The token's number is drawn by CSS (data-v), not written as text: the wire's name
        # says it already, and a visible "77" would not be in that name.
        token = tag(
            "span",
            sym,
            class_=classes("rw-token", info == "yellow" and "rw-token--yellow"),
            aria_hidden="true",
            data_v=None if info == "yellow" else str(info),
            data_testid="token",
        )
        parts.append(w.t("rw.tile.info", value=shown))
    badge = ""
    if pair is not None:
        kind_name, other = pair
        mark = "≠" if kind_name == "neq" else "="
        parts.append(w.t(f"rw.tile.{kind_name}", other=other + 1))
        if other > slot:
            badge = tag("span", mark, class_=f"rw-pair rw-pair--{kind_name}", aria_hidden="true")
    extra = ""
    if note is not None:  # a mission's mark: its drawing and its words
        extra, words = note
        parts.append(words)
    if selected:
        parts.append(w.t("rw.tile.selected"))
    if news_kind is not None:
        parts.append(w.t(f"rw.tile.news.{news_kind}"))
    cut_mark = icon("cut", "rw-cutmark") if t["cut"] else ""
    return tag(
        "button",
        face + token + badge + extra + cut_mark,
        type="button",
        class_=classes(
            "rw-tile",
            f"rw-tile--{kind}",
            t["cut"] and "is-cut",
            tappable and "is-tappable",
            tappable and option and "is-option",
            selected and "is-selected",
            news_kind is not None and f"is-news is-news--{news_kind}",
            news_kind is not None and fresh and "is-fresh",
            coached and "is-coach",
        ),
        data_act="tile",
        data_stand=stand,
        data_slot=slot,
        tabindex="0" if in_tab_order else "-1",
        aria_pressed="true" if selected else None,
        aria_disabled=None if tappable or selected else "true",
        aria_label=", ".join(parts),
    )


# --------------------------------------------------------------------------- the dock


def prompt_text(inp: BoardInput) -> str:
    """The whole prompt: what to do now, then the mission's sentences about it."""
    main, notes = prompt_parts(inp)
    return " ".join([main, *notes])


def prompt_parts(inp: BoardInput) -> tuple[str, list[str]]:
    """The prompt's sentence and the mission's own sentences added to it (mission 56's step,
    54's oxygen): on a phone these fold behind "More" (they are also in the mission's panel or
    said by the confirm button, and they can take half the dock)."""
    obs, w = inp.obs, inp.words
    aff = inp.aff
    if (
        not obs.get("result")
        and inp.thinking is None
        and mechanisms.use_of(inp.sel) is None
        and (aff.decision in (None, "setup_token") or (aff.decision == "turn" and not aff.reveal))
        and (inp.sel.mode or "cut") != "solo"
    ):
        notes = mechanisms.prompt_notes(obs, w)
        if notes:
            return _prompt_main(inp), notes
    return _prompt_main(inp), []


def _prompt_main(inp: BoardInput) -> str:
    """The prompt's own sentence, without the missions' notes where ``prompt_parts`` folds
    them."""
    obs, w, aff, sel = inp.obs, inp.words, inp.aff, inp.sel
    prompt = obs.get("prompt")
    if obs.get("result"):
        return w.t("rw.prompt.over")
    mover = obs["to_move"]
    if inp.thinking is not None:
        return w.t("rw.thinking", who=w.name(inp.thinking))
    use = mechanisms.use_of(sel)
    if use is not None:
        own = mechanisms.decision_prompt(sel.mode, obs, w) if sel.mode else None
        return own or w.t(f"rw.prompt.{sel.mode}", card=w.card_name(use.card))
    if aff.decision is None:
        key = "rw.prompt.watch" if inp.viewer is None else "rw.prompt.wait"
        return w.t(key, who=w.name(mover))
    actor = w.name(prompt.get("actor")) if prompt else ""
    if aff.decision == "turn":
        if aff.reveal:
            return w.t("rw.prompt.reveal")
        mode = sel.mode or "cut"
        if mode == "solo":
            return w.t("rw.prompt.solo")
        key = f"rw.prompt.{mode}" if mode in CUT_MODES and mode != "cut" else "rw.prompt.turn"
        text = w.t(key, tool=w.tool_name(mode))
        if sel.xy:
            text += " " + w.t("rw.prompt.xy")
        if stabilizer.active(obs):
            text += " " + w.t("rw.prompt.stabilized")
        return text
    if aff.decision == "own_cut":
        return w.t("rw.prompt.own_cut", value=w.value(prompt.get("value") if prompt else "?"))
    if aff.decision == "setup_token":
        return w.t("rw.prompt.token")
    own = mechanisms.decision_prompt(aff.decision, obs, w)
    if own is not None:
        return own
    value = w.value(prompt.get("value")) if prompt and "value" in prompt else ""
    return w.t(f"rw.prompt.{aff.decision}", who=actor, value=value)


#: The selection modes of equipment cards (each card's CardUse), the Dual Cut's excepted.
CARD_MODES = mechanisms.MODES


def dock(inp: BoardInput) -> str:
    aff, sel = inp.aff, inp.sel
    # data-moves / data-decision: public facts that let a test (or an assistive tool) know which
    # decision the view is waiting on: how many actions were played, and what the viewer decides.
    main, notes = prompt_parts(inp)
    parts = [
        more_button(inp) if notes else "",
        tag(
            "p",
            esc(main)
            + (
                tag(
                    "span",
                    esc(" " + " ".join(notes)),
                    class_="rw-prompt-notes",
                    id="rw-prompt-notes",
                    data_open="" if inp.prompt_more else None,
                )
                if notes
                else ""
            ),
            class_="rw-prompt",
            id="rw-prompt",
            data_testid="prompt",
            tabindex="-1",
            data_moves=inp.moves,
            data_decision=aff.decision if inp.thinking is None else None,
            data_viewer=inp.viewer,
        ),
    ]
    # One row of small buttons (how to cut, the turn's other actions, cancel, the learning
    # aids), then every value you may name, then the confirm button: on a phone the whole dock
    # stays within a third of the screen.
    tools = ""
    if aff.decision == "turn" and not aff.reveal and sel.mode in (*CUT_MODES, None):
        tools = modes(inp)
    aux = aux_buttons(inp)
    if tools or aux:
        parts.append(tag("div", tools + aux, class_="rw-tools"))
    parts.append(values_picker(inp))
    parts.append(seats_picker(inp))
    if inp.message:
        parts.append(tag("p", esc(inp.message), class_="rw-message", data_testid="message"))
    parts.append(confirm_button(inp))
    return "".join(p for p in parts if p)


def more_button(inp: BoardInput) -> str:
    """The "More" / "Less" button of the prompt's mission sentences (shown on a phone only,
    floated beside the prompt so that it costs no line of its own)."""
    w, on = inp.words, inp.prompt_more
    return tag(
        "button",
        esc(w.t("rw.prompt.less" if on else "rw.prompt.more")),
        type="button",
        class_="rw-chip rw-more",
        data_act="prompt-more",
        data_testid="prompt-more",
        aria_expanded="true" if on else "false",
        aria_controls="rw-prompt-notes",
    )


def modes(inp: BoardInput) -> str:
    w, aff, sel = inp.words, inp.aff, inp.sel
    choices = [("cut", w.t("rw.mode.cut"))]
    shorts = {"cut": w.t("rw.mode.cutShort")}
    for tool in aff.tools:
        choices.append((tool, w.tool_name(tool)))
    if len(choices) == 1 and not aff.xy:
        return ""
    items = []
    for mode, text in choices:
        short = shorts.get(mode) or mechanisms.tool_short(mode, w)
        if short == text:
            short = None
        # A narrow screen shows the short name (the rules' legend explains it); the button's
        # name holds both, so what is read is what is seen.
        label = (
            tag("span", esc(text), class_="rw-long") + tag("span", esc(short), class_="rw-short")
            if short
            else esc(text)
        )
        items.append(
            tag(
                "button",
                label,
                type="button",
                class_="rw-chip rw-mode",
                data_act="mode",
                data_mode=mode,
                aria_pressed="true" if (sel.mode or "cut") == mode else "false",
                aria_label=(
                    None
                    if not short
                    else text
                    if short.lower() in text.lower()
                    else f"{short}, {text}"
                ),
            )
        )
    if aff.xy:
        items.append(
            tag(
                "button",
                esc(w.card_name(mechanisms.XY_CARD)),
                type="button",
                class_="rw-chip rw-mode rw-mode--xy",
                data_act="xy",
                aria_pressed="true" if sel.xy else "false",
            )
        )
    return tag(
        "div", "".join(items), class_="rw-modes", role="group", aria_label=w.t("rw.mode.label")
    )


def value_chip(
    w: Words, value: int, pressed: bool, act: str = "value", coached: bool = False
) -> str:
    if value == YELLOW:
        content = icon("yellow") + tag("span", esc(w.value("yellow")), class_="rw-n")
        cls = "rw-value rw-value--yellow"
    else:
        content = tag("span", esc(str(value)), class_="rw-n")
        cls = "rw-value"
    if coached:
        cls += " is-coach"
    return tag(
        "button",
        content,
        type="button",
        class_=cls,
        data_act=act,
        data_value=value_to_json(value),
        aria_pressed="true" if pressed else "false",
        aria_label=w.t("rw.value.label", value=w.value(value_to_json(value))),
    )


def values_picker(inp: BoardInput) -> str:
    w, aff, sel = inp.words, inp.aff, inp.sel
    mode = sel.mode
    if mode in CUT_MODES and aff.decision == "turn":
        values = aff.values if mode == "cut" else aff.detector_values
        label = w.t("rw.values.announce")
    elif mode == "solo":
        values, label = aff.solo, w.t("rw.values.solo")
    else:
        use, choices = mechanisms.use_of(sel), mechanisms.choices(aff, sel)
        if use is None or use.values is None:
            return ""
        values = use.values(choices) if choices is not None else ()
        label = w.t(use.values_label)
    coached = coach_marks(inp)[1]
    chips = "".join(value_chip(w, v, v in sel.values, coached=v in coached) for v in values)
    return tag(
        "div",
        tag("span", esc(label), class_="rw-values-label")
        + tag("div", chips, class_="rw-values-row"),
        class_="rw-values",
        role="group",
        aria_label=label,
        data_testid="values",
    )


def seats_picker(inp: BoardInput) -> str:
    w, aff, sel = inp.words, inp.aff, inp.sel
    use, choices = mechanisms.use_of(sel), mechanisms.choices(aff, sel)
    if use is None or use.seats is None:
        return ""
    seats = use.seats(choices) if choices is not None else []
    label = w.t(use.seats_label)
    chips = "".join(
        tag(
            "button",
            esc(w.name(s)),
            type="button",
            class_="rw-chip",
            data_act="seat",
            data_seat=s,
            aria_pressed="true" if s in sel.seats else "false",
        )
        for s in seats
    )
    return tag(
        "div",
        tag("span", esc(label), class_="rw-values-label")
        + tag("div", chips, class_="rw-values-row"),
        class_="rw-values",
        role="group",
        aria_label=label,
    )


def confirm_button(inp: BoardInput) -> str:
    """The confirm button, saying exactly what will happen ("Cut: is Bea's wire 4 a 9?")."""
    w, aff, sel = inp.words, inp.aff, inp.sel
    seat = inp.viewer
    action = build(sel, seat, aff) if seat is not None else None
    if sel.mode is None or (aff.decision is None and sel.mode not in CARD_MODES):
        return ""
    text = inp.confirm_text or w.t("rw.confirm.choose")
    return tag(
        "div",
        tag(
            "button",
            esc(text),
            type="button",
            class_="rw-confirm",
            data_act="confirm",
            data_testid="confirm",
            aria_disabled=None if action is not None else "true",
        ),
        class_="rw-actions",
    )


def aux_buttons(inp: BoardInput) -> str:
    """The turn's actions that start without a wire (the Solo Cut, the cards that say so),
    cancel, and the learning aids (hint, odds)."""
    w, aff, sel = inp.words, inp.aff, inp.sel
    out = []
    if aff.decision == "turn":
        # Turn actions that are not a wire to tap first: the Solo Cut, and the cards that say so
        # (the Stabilizer, the Coffee Break).
        extras: list[tuple[str, bool, int | str | None]] = [("solo", bool(aff.solo), None)]
        extras += [
            (use.mode, use.usable(aff), card)
            for card, use in mechanisms.USES.items()
            # A mission's "any time" actions come below, whoever's turn it is: once.
            if use.button and not (card in mechanisms.ACTION_USES and use.timing == "any_time")
        ]
        coached_mode = coach_marks(inp)[2]
        for mode, offered, card in extras:
            if offered and sel.mode != mode:
                label = esc(w.t("rw.mode.solo")) if card is None else card_label(w, card)
                out.append(
                    tag(
                        "button",
                        label,
                        type="button",
                        class_=classes("rw-chip rw-extra", mode == coached_mode and "is-coach"),
                        data_act="mode",
                        data_mode=mode,
                        title=None if card is None else card_title(w, card),
                    )
                )
    # A mission's "any time" actions (claiming the next turn...), whenever the viewer may.
    for name, use in mechanisms.ACTION_USES.items():
        if use.timing == "any_time" and use.button and use.usable(aff) and sel.mode != use.mode:
            out.append(
                tag(
                    "button",
                    card_label(w, name),
                    type="button",
                    class_="rw-chip rw-extra",
                    data_act="mode",
                    data_mode=use.mode,
                    title=card_title(w, name),
                )
            )
    if not sel.empty or sel.mode in CARD_MODES or sel.mode == "solo":
        out.append(
            tag("button", esc(w.t("rw.cancel")), type="button", class_="rw-chip", data_act="cancel")
        )
    if aff.decision is not None:
        hint, short = w.t("rw.hint"), w.t("rw.hintShort")
        out.append(
            tag(
                "button",
                tag("span", esc(hint), class_="rw-long")
                + tag("span", esc(short), class_="rw-short")
                if short != hint
                else esc(hint),
                type="button",
                class_="rw-chip rw-hint",
                data_act="hint",
                # No aria-label: the name is the words one sees ("Aiuto" on a phone is no part
                # of "Suggerimento"); the full one is the tooltip and description.
                title=hint if short != hint else None,
            )
        )
    if inp.odds_toggle:
        out.append(odds_toggle(inp))
    return "".join(out)


def card_label(w: Words, card: int | str) -> str:
    """A card or mission action's button text, in its short form on narrow screens when it has
    one ("Accuse A" for "Accuse: card A"). No aria-label: the name is the words one sees."""
    name, short = w.card_name(card), w.card_short(card)
    if short is None or short == name:
        return esc(name)
    return tag("span", esc(name), class_="rw-long") + tag("span", esc(short), class_="rw-short")


def card_title(w: Words, card: int | str) -> str | None:
    """The full name of a button that shows a short one on narrow screens ("Cut with my right
    flipped wire" for "↻ Cut right"): its tooltip and accessible description, so the short name
    loses nothing; None when the button shows its full name anyway."""
    name, short = w.card_name(card), w.card_short(card)
    return None if short is None or short == name else name


def odds_toggle(inp: BoardInput) -> str:
    """The "show odds" learning toggle: a button with a pressed state and a box that shows it."""
    on = inp.odds_on
    return tag(
        "button",
        tag("span", icon("check") if on else "", class_="rw-box", aria_hidden="true")
        + tag("span", esc(inp.words.t("rw.odds.toggle")), class_="rw-long")
        + tag("span", esc(inp.words.t("rw.odds.short")), class_="rw-short"),
        # No aria-label: the name is the words one sees ("Prob." on a phone is no part of
        # "Mostra probabilità"); the full one is the tooltip and description.
        title=inp.words.t("rw.odds.toggle"),
        type="button",
        class_="rw-chip rw-hint rw-odds-toggle",
        data_act="odds",
        data_testid="odds-toggle",
        aria_pressed="true" if on else "false",
    )


# --------------------------------------------------------------------------- odds


def value_face(w: Words, value: int) -> str:
    """A value with its symbol (a flame for red, a diamond for yellow): never colour alone."""
    if value == RED:
        return icon("red") + esc(w.value("red"))
    if value == YELLOW:
        return icon("yellow") + esc(w.value("yellow"))
    return esc(str(value))


def value_kind(value: int) -> str:
    return "red" if value == RED else "yellow" if value == YELLOW else "blue"


def odds_region(inp: BoardInput) -> str:
    """The selected teammate's wire: its possible values, the viewer's cuts, and why."""
    if not (inp.odds_toggle and inp.odds_on):
        return ""
    w, odds = inp.words, inp.odds
    if odds is None:
        return tag(
            "section",
            tag("h3", esc(w.t("rw.odds.heading")), class_="rw-h3", id="rw-odds-title")
            + tag("p", esc(w.t("rw.odds.pick")), class_="rw-muted"),
            class_="rw-odds-box",
            aria_labelledby="rw-odds-title",
            data_testid="odds",
        )
    stand, slot = odds.tile
    items = "".join(
        tag(
            "li",
            tag("span", value_face(w, c.value), class_="rw-odds-v")
            + tag(
                "span",
                tag("span", "", class_="rw-odds-fill", style=f"width:{float(c.chance) * 100:.1f}%"),
                class_="rw-odds-bar",
                aria_hidden="true",
            )
            + tag("span", esc(percent(w, c.chance)), class_="rw-odds-p"),
            class_=f"rw-odds-item rw-odds-item--{value_kind(c.value)}",
            data_value=value_to_json(c.value),
            aria_label=w.t(
                "rw.odds.chance",
                value=w.value(value_to_json(c.value)),
                percent=percent(w, c.chance),
            ),
        )
        for c in odds.distribution
    )
    parts = [
        tag(
            "h3",
            esc(w.t("rw.odds.title", where=w.where(stand, slot))),
            class_="rw-h3",
            id="rw-odds-title",
        ),
        tag("p", esc(reason_text(odds, w)), class_="rw-odds-why", data_testid="odds-why"),
        tag("h4", esc(w.t("rw.odds.values")), class_="rw-odds-h", id="rw-odds-values"),
        tag(
            "ol",
            items,
            class_="rw-odds-dist",
            aria_labelledby="rw-odds-values",
            data_testid="odds-dist",
        ),
        tag("h4", esc(w.t("rw.odds.cuts")), class_="rw-odds-h", id="rw-odds-cuts"),
        cuts_table(inp, odds),
    ]
    if odds.stabilized:
        parts.append(tag("p", esc(w.t("rw.odds.stabilized")), class_="rw-muted"))
    parts.append(tag("p", esc(w.t("rw.odds.from", name=w.name(odds.seat))), class_="rw-muted"))
    return tag(
        "section",
        "".join(parts),
        class_="rw-odds-box",
        aria_labelledby="rw-odds-title",
        data_testid="odds",
        data_stand=stand,
        data_slot=slot,
    )


def cuts_table(inp: BoardInput, odds: WireOdds) -> str:
    w = inp.words
    if not odds.cuts:
        return tag("p", esc(w.t("rw.odds.noCuts")), class_="rw-muted")
    best = max(c.success for c in odds.cuts)
    chosen = set(inp.sel.values)
    rows = []
    for c in odds.cuts:
        mark = (
            " " + tag("span", esc(w.t("rw.odds.best")), class_="rw-odds-best")
            if best > 0 and c.success == best
            else ""
        )
        rows.append(
            tag(
                "tr",
                tag("th", value_face(w, c.value), scope="row")
                + tag("td", esc(percent(w, c.success)) + mark)
                + tag("td", esc(percent(w, c.explosion))),
                class_=classes(
                    f"rw-odds-row--{value_kind(c.value)}", c.value in chosen and "is-chosen"
                ),
                data_value=value_to_json(c.value),
            )
        )
    head = tag(
        "tr",
        "".join(
            tag("th", esc(w.t(key)), scope="col")
            for key in ("rw.odds.value", "rw.odds.success", "rw.odds.explosion")
        ),
    )
    return tag(
        "table",
        tag("thead", head) + tag("tbody", "".join(rows)),
        class_="rw-odds-cuts",
        aria_labelledby="rw-odds-cuts",
        data_testid="odds-cuts",
    )


# --------------------------------------------------------------------------- equipment


def gear(inp: BoardInput) -> str:
    """The mission's own components (Number cards, markers...), then the equipment cards."""
    return mechanisms.board_parts(inp.obs, inp.words) + tray.gear(
        inp.obs, inp.words, inp.aff, inp.panel
    )


# --------------------------------------------------------------------------- log and panels


def log_region(inp: BoardInput) -> str:
    w = inp.words
    last = last_line(inp.lines)
    text = last.text if last else w.t("rw.log.empty")
    return tag(
        "div",
        tag(
            "p",
            esc(text),
            class_=classes("rw-last", f"rw-line--{last.kind}" if last else None),
            data_testid="last-event",
        )
        + tag(
            "button",
            tag("span", esc(w.t("rw.panel.log")), class_="rw-long")
            + tag("span", esc(w.t("rw.panel.logShort")), class_="rw-short"),
            type="button",
            class_="rw-chip",
            data_act="panel",
            data_panel="log",
            aria_label=w.t("rw.panel.log"),
            aria_expanded="true" if inp.panel == "log" else "false",
        ),
        class_="rw-logbar",
    )


def full_log(inp: BoardInput) -> str:
    # It scrolls when long (redwire.css).
    return newest_first_log(inp.lines, inp.words, ident="rw-fulllog", testid="full-log")


def newest_first_log(
    lines: Sequence[Line], words: Words, *, ident: str, testid: str, class_: str = "rw-fulllog"
) -> str:
    """The log's ``lines`` as a list numbered down from the newest, a box that may scroll (the
    board's log panel and the projector's log)."""
    items = "".join(
        tag("li", esc(line.text), class_=f"rw-line rw-line--{line.kind}")
        for line in reversed(lines)
    )
    return tag(
        "ol",
        items,
        class_=class_,
        reversed=True,
        data_testid=testid,
        id=ident,
        **scroll_stop(words.t("rw.panel.log"), newest="first"),
    )


def panel(inp: BoardInput) -> str:
    name = inp.panel
    if name is None:
        return ""
    w = inp.words
    if name == "rules":
        title = inp.title
        body = (
            paragraphs(inp.rules)
            + tag("h4", esc(w.t("rw.brief.bomb")))
            + paragraphs(inp.contents)
            + "".join(tag("p", esc(text)) for text in mechanisms.legends(inp.obs, w))
        )
    elif name == "log":
        title, body = w.t("rw.panel.log"), full_log(inp)
    elif name == "menu":
        title, body = w.t("rw.panel.menu"), menu(inp)
    elif name == "leave":
        title = w.t("rw.leave.title")
        body = tag("p", esc(w.t("rw.leave.text"))) + tag(
            "div",
            tag(
                "button",
                esc(w.t("rw.leave.yes")),
                type="button",
                class_="rw-danger",
                data_act="leave",
            )
            + tag(
                "button", esc(w.t("rw.leave.no")), type="button", class_="rw-chip", data_act="close"
            ),
            class_="rw-actions",
        )
    elif name.startswith("card:"):
        card = int(name.split(":")[1])
        title = tray.card_title(card, w)
        body = tray.card_panel(inp.obs, w, inp.aff, card)
    else:
        return ""
    close = tag(
        "button", esc(w.t("rw.close")), type="button", class_="rw-chip rw-close", data_act="close"
    )
    return tag(
        "section",
        tag(
            "div",
            tag("h3", esc(title), id="rw-panel-title", tabindex="-1") + close,
            class_="rw-panel-head",
        )
        + body,
        class_="rw-panel-box",
        aria_labelledby="rw-panel-title",
        data_testid="panel",
    )


def paragraphs(text: str) -> str:
    return "".join(tag("p", esc(p.strip())) for p in text.split("\n") if p.strip())


def use_mode(card: int, aff: Affordances) -> str | None:
    """The mode a card's "Use" button starts, if the viewer may use it now."""
    return mechanisms.use_mode(card, aff)


def menu(inp: BoardInput) -> str:
    w = inp.words
    paces = "".join(
        tag(
            "button",
            esc(w.t(f"rw.pace.{p}")),
            type="button",
            class_="rw-chip",
            data_act="pace",
            data_pace=p,
            aria_pressed="true" if inp.pace == p else "false",
        )
        for p in PACE_CHOICES
    )
    parts = [
        tag(
            "div",
            tag("span", esc(w.t("rw.pace.label")), class_="rw-values-label")
            + tag("div", paces, class_="rw-values-row"),
            class_="rw-values",
            role="group",
            aria_label=w.t("rw.pace.label"),
        )
    ]
    if "bot" in inp.kinds:
        parts.append(
            tag(
                "button",
                esc(w.t("rw.resume" if inp.paused else "rw.pause")),
                type="button",
                class_="rw-chip",
                data_act="pause",
                aria_pressed="true" if inp.paused else "false",
            )
        )
    parts.append(
        tag(
            "p",
            tag(
                "a",
                esc(w.t("rw.projector.open")),
                href=f"?{VIEW_QUERY}",
                target="_blank",
                rel="noopener",
                class_="rw-link",
                data_testid="projector-link",
            )
            + " "
            + tag("span", esc(w.t("rw.projector.help")), class_="rw-muted"),
        )
    )
    if inp.share:
        parts.append(
            tag(
                "p",
                tag(
                    "a",
                    esc(w.t("rw.share")),
                    href=inp.share,
                    class_="rw-link",
                    data_testid="share-link",
                ),
            )
        )
    parts.append(
        tag(
            "button",
            esc(w.t("rw.leave.button")),
            type="button",
            class_="rw-chip",
            data_act="panel",
            data_panel="leave",
        )
    )
    return "".join(parts)


def value_of_data(raw: str) -> int:
    """A value from a data-value attribute ("9", "yellow")."""
    return value_from_json(raw if raw in ("yellow", "red") else int(raw))


ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
#: The rows of buttons arrow keys move along (values, seats, the ways to cut), by data-act.
ROW_ACTS = ("value", "seat", "mode")


def next_in_row(count: int, at: int, key: str) -> int | None:
    """The button an arrow key (or Home/End) moves to in a row of ``count``, from ``at``.

    Left/Up go back, Right/Down go on, and the row wraps around (a value picker is one group).

    >>> next_in_row(8, 7, "ArrowRight"), next_in_row(8, 0, "ArrowLeft"), next_in_row(8, 3, "End")
    (0, 7, 7)
    >>> next_in_row(8, 3, "Enter") is None
    True
    """
    if count <= 0:
        return None
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    step = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}.get(key)
    return None if step is None else (at + step) % count


def next_tile(
    order: list[int], sizes: dict[int, int], at: tuple[int, int], key: str
) -> tuple[int, int] | None:
    """The tile an arrow key (or Home/End) moves to from ``at``, or None.

    >>> next_tile([2, 3, 0], {2: 5, 3: 5, 0: 6}, (2, 4), "ArrowRight") is None
    True
    >>> next_tile([2, 3, 0], {2: 5, 3: 5, 0: 6}, (3, 4), "ArrowDown")
    (0, 4)
    >>> next_tile([2, 3, 0], {2: 5, 3: 5, 0: 6}, (0, 5), "ArrowUp")
    (3, 4)
    """
    stand, slot = at
    if stand not in order:
        return None
    if key == "Home":
        return (stand, 0)
    if key == "End":
        return (stand, sizes[stand] - 1)
    if key not in ARROWS:
        return None
    d_row, d_slot = ARROWS[key]
    if d_slot:
        nxt = slot + d_slot
        return (stand, nxt) if 0 <= nxt < sizes[stand] else None
    row = order.index(stand) + d_row
    if not 0 <= row < len(order):
        return None
    target = order[row]
    return (target, min(slot, sizes[target] - 1))
