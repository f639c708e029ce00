"""Fit sweep: every Red Wire mission on a phone and on a projector, measured in Chromium.

    python build.py build && python build.py bench fit [--missions 1-65] [--langs en,it]
        [--turns 1] [--no-two] [--no-projector]

For each mission, at its largest player count (and at its smallest, two players for most: the
longest stands), in each language, the game link is followed in a booted 360 x 640 touch page
(one boot per language) and played, by the driver's sure moves, to the person's first turn
(``--turns N``: to each of the first N turns, where a mission's own controls may appear later);
the last teammate's first uncut wire is tapped, and the page is measured:

* ``must``: your stand, the wire picked, every value you may name and the confirm button, all
  on the screen at once (how many px past an edge) and none under something else (the sticky
  dock: ``covered``); the dock (the decision panel) at most 35% of the height (px over);
* ``mission``: the mission's own controls on the board (its cards, tokens, markers, dock
  buttons): how far past the screen's sides (sideways: never), and how far below the fold;
* ``clipped``: any of them cut by a scroll box of an ancestor; ``sideways``: the page wider
  than the screen;
* the smallest tap target (its layout box, CSS px; the house's floor is 24 x 24).

The game the phone played (the largest table) is then shown by the projector view
(``?view=table``, a page kept open per language: a write to the site's storage from a second
page of the same profile redraws it, as the game window's saves do) at 1920 x 1080 and
1280 x 720: how far its table (stands, cards, the log's latest line, the panels) reaches below
the screen or past its side, and whether the window scrolls.

A table row per case; the worst cases last. Exits non-zero when something does not fit, so it
can gate a change, but it is no default test: the whole sweep takes many minutes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from harness import FOLLOW, build, build_once, launch, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from redwire_driver import GAME_KEY, play, saved_state, settled_decision, sure_move, tile

from engine import redwire

PHONE = (360, 640)
PROJECTORS = ((1920, 1080), (1280, 720))
TARGET_PX = 24
#: The decision panel's most of the phone's height (tests/e2e/test_redwire_layout.py's too).
DOCK_SHARE = 0.35
IDLE = "?mission=1&players=2&bots=0"
LINK = "?mission={mission}&players={players}&seed={seed}&bots=1&pace=instant&brief=0&lang={lang}"

#: The phone's measures once a teammate's wire is picked: how far each part reaches past the
#: screen (0 when on it), what clips it, and the smallest tap target.
#: In the page: how many px of an element a scroll box (or a hidden overflow) of an ancestor cuts.
CLIPPED_BY = """const clippedBy = (e) => {
        const c = e.getBoundingClientRect();
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            const s = getComputedStyle(p), b = p.getBoundingClientRect();
            const hides = (o) => o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip';
            if ((hides(s.overflowX) && (c.left < b.left - 0.5 || c.right > b.right + 0.5)) ||
                (hides(s.overflowY) && (c.top < b.top - 0.5 || c.bottom > b.bottom + 0.5)))
                return Math.round(Math.max(b.left - c.left, c.right - b.right,
                                           b.top - c.top, c.bottom - b.bottom));
        }
        return 0;
    };"""

PHONE_MEASURE = """() => {
    const W = innerWidth, H = innerHeight;
    const past = (b) => ({
        x: Math.max(0, -b.left, b.right - W), y: Math.max(0, -b.top, b.bottom - H) });
    CLIPPED_BY
    const shown = (e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
    const group = (els) => {
        els = els.filter(shown);
        let x = 0, y = 0, clip = 0, covered = 0;
        for (const e of els) {
            const b = e.getBoundingClientRect(), p = past(b);
            x = Math.max(x, p.x); y = Math.max(y, p.y); clip = Math.max(clip, clippedBy(e));
            // On the screen but under something else (the sticky dock): a tap misses it.
            const top = p.x || p.y ? null
                : document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            if (top && !e.contains(top)) covered += 1;
        }
        return {n: els.length, x: Math.round(x), y: Math.round(y), clip, covered};
    };
    const q = (s) => [...document.querySelectorAll(s)];
    const core = new Set(['tile', 'value', 'confirm', 'cancel']);
    const mission = q('#rw-board [data-act], #rw-board .rw-card, #rw-board .rw-marker')
        .filter((e) => !core.has(e.dataset.act) && !e.closest('[hidden], .rw-menu, dialog'));
    const targets = q('#rw-board button, #rw-board [data-act]')
        .filter((e) => e.offsetWidth && e.offsetHeight)
        .map((e) => ({w: e.offsetWidth, h: e.offsetHeight,
                      what: (e.dataset.act || e.className || e.tagName).toString().slice(0, 40)}));
    targets.sort((a, b) => Math.min(a.w, a.h) - Math.min(b.w, b.h));
    return {
        sideways: Math.max(0, document.documentElement.scrollWidth - W),
        dock: Math.round(document.getElementById('rw-dock').getBoundingClientRect().height),
        must: {
            own: group(q('.rw-player--mine .rw-tile')),
            picked: group(q('.rw-tile.is-selected')),
            values: group(q('[data-act="value"]')),
            confirm: group(q('[data-act="confirm"]')),
        },
        mission: group(mission),
        smallest: targets[0] || null,
    };
}""".replace("CLIPPED_BY", CLIPPED_BY)

#: The projector's measures: how far its table reaches past the screen, whether it scrolls.
PROJECTOR_MEASURE = """() => {
    const W = innerWidth, H = innerHeight;
    CLIPPED_BY
    let x = 0, y = 0, clip = 0, what = '';
    const parts = document.querySelectorAll(
        '#rw-top > *, #rw-team .rw-tile, #rw-side > *, #rw-side .rw-card, ' +
        '[data-testid="projector-log"] li:first-child');
    for (const e of parts) {
        const b = e.getBoundingClientRect();
        if (!b.width || !b.height) continue;
        const py = Math.max(0, b.bottom - H), px = Math.max(0, b.right - W, -b.left);
        if (py > y) { y = py; what = (e.className || e.tagName).toString().split(' ')[0]; }
        x = Math.max(x, px);
        clip = Math.max(clip, clippedBy(e));
    }
    const root = document.documentElement;
    return {x: Math.round(x), y: Math.round(y), what, n: parts.length, clip,
            scrolls: Math.max(0, root.scrollHeight - H), sideways: Math.max(0, root.scrollWidth - W)};
}""".replace("CLIPPED_BY", CLIPPED_BY)


@dataclass
class Row:
    """One measured case: the problems found (empty when it fits) and the smallest target."""

    mission: int
    size: str
    lang: str
    players: int
    problems: list[str] = field(default_factory=list)
    smallest: str = ""
    worst: int = 0  # px: the largest overflow, to sort by

    def add(self, text: str, px: int) -> None:
        self.problems.append(text)
        self.worst = max(self.worst, px)


def missions_arg(text: str) -> list[int]:
    """``1-65`` or ``8,55,63`` (or both, comma-separated)."""
    found: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        found += range(int(low), int(high or low) + 1)
    return found


def player_counts(mission: int, two: bool) -> list[int]:
    """The mission's largest table and, with ``two``, its smallest (the longest stands)."""
    allowed = redwire.load_mission(mission).players
    counts = [max(allowed)]
    if two and min(allowed) != max(allowed):
        counts.append(min(allowed))
    return counts


def to_turn(page: Page, turns: int) -> Iterator[str]:
    """Play sure moves for seat 0 up to each of its first ``turns`` turns (yields the decision
    at each). A decision the driver has no clicks for (a mission's own choice: a constraint
    card, a volunteer, ...) is measured as it stands, and the sweep goes no further."""
    for turn in range(turns):
        try:
            if turn:  # the turn just measured: played, then on to the next one
                play(page, sure_move(saved_state(page), 0))
            for _ in range(60):
                decision = settled_decision(page)
                if decision in ("turn", "over"):
                    break
                play(page, sure_move(saved_state(page), 0))
        except (AssertionError, PlaywrightError):
            yield settled_decision(page)
            return
        if decision != "turn":
            return
        yield decision


def pick_teammate_wire(page: Page) -> None:
    """Tap the first uncut wire of the stand farthest from yours (the last one drawn)."""
    state = saved_state(page)
    stands = [st for st in range(len(state.owners)) if state.owners[st] != 0 and state.uncut(st)]
    stand = stands[-1]
    slot = next(slot for slot, _ in state.uncut(stand))
    target = tile(page, stand, slot)
    target.scroll_into_view_if_needed()
    target.click()
    page.wait_for_selector(".rw-tile.is-selected")


def phone_row(page: Page, mission: int, players: int, lang: str, turns: int) -> Row:
    row = Row(mission, f"{PHONE[0]}x{PHONE[1]}", lang, players)
    # The last game closed first (a briefing: its computers stop), or its saves could land
    # after the new link's storage is cleared.
    page.evaluate(FOLLOW, IDLE)
    wait_ready(page)
    page.evaluate(FOLLOW, LINK.format(mission=mission, players=players, seed=1, lang=lang))
    wait_ready(page)
    smallest: tuple[float, str] | None = None
    seen: dict[str, int] = {}
    for reached in to_turn(page, turns):
        page.evaluate("window.scrollTo(0, 0)")
        decision = reached
        if decision == "turn":
            try:
                pick_teammate_wire(page)
            except PlaywrightError:
                decision = "turn, no wire to pick"
                seen[f"at {decision}"] = 0
        else:  # measured where the driver stops: the screen of that choice
            seen[f"at {decision}"] = 0
        page.wait_for_timeout(100)  # the selection's redraw and the dock's layout
        m = page.evaluate(PHONE_MEASURE)
        if m["sideways"]:
            seen["sideways"] = max(seen.get("sideways", 0), m["sideways"])
        for name, g in m["must"].items():
            if decision != "turn" and name in ("picked", "values", "confirm"):
                continue  # no wire to pick at that choice
            if not g["n"]:
                seen[f"{name}: none shown"] = max(seen.get(f"{name}: none shown", 0), 1)
            for axis in ("x", "y"):
                if g[axis]:
                    key = f"{name} off {axis}"
                    seen[key] = max(seen.get(key, 0), g[axis])
            if g["clip"]:
                seen[f"{name} clipped"] = max(seen.get(f"{name} clipped", 0), g["clip"])
            if g["covered"]:  # counted in wires or buttons, weighed as a tile's height
                seen[f"{name} covered x{g['covered']}"] = 28
        if m["dock"] > DOCK_SHARE * PHONE[1]:
            seen["dock over 35% by"] = m["dock"] - int(DOCK_SHARE * PHONE[1])
        g = m["mission"]
        if g["x"]:
            seen["mission off x"] = max(seen.get("mission off x", 0), g["x"])
        if g["y"]:
            seen["mission below"] = max(seen.get("mission below", 0), g["y"])
        if g["clip"]:
            seen["mission clipped"] = max(seen.get("mission clipped", 0), g["clip"])
        s = m["smallest"]
        if s and (smallest is None or min(s["w"], s["h"]) < smallest[0]):
            smallest = (min(s["w"], s["h"]), f"{s['w']}x{s['h']} {s['what']}")
        page.keyboard.press("Escape")  # drop the selection before playing on
    if smallest is None:
        row.add("never reached a turn", 1)
        return row
    for key, px in seen.items():
        # Mission controls below the fold are only reported: the phone scrolls down to them.
        if key.startswith("at "):
            row.problems.append(key)
        else:
            row.add(f"{key} {px}px", 0 if key == "mission below" else px)
    row.smallest = smallest[1]
    if smallest[0] < TARGET_PX:
        row.add(f"target {smallest[1]}", int(TARGET_PX - smallest[0]))
    return row


def projector_rows(
    view: Page, writer: Page, save: str, moves: int, mission: int, players: int, lang: str
) -> list[Row]:
    """Show ``save`` on the projector (cleared first: each mission is drawn afresh), measured at
    each projector size."""
    writer.evaluate(f"localStorage.removeItem({GAME_KEY!r})")
    view.wait_for_function("() => !document.querySelector('#rw-team .rw-tile')")
    writer.evaluate(f"(text) => localStorage.setItem({GAME_KEY!r}, text)", save)
    view.wait_for_function(
        "(n) => document.documentElement.dataset.projectorMoves === n"
        " && document.querySelector('#rw-team .rw-tile')",
        arg=str(moves),
    )
    rows = []
    # The projected window is the one in front, as in a classroom: a tab behind another gets no
    # resize event (its rendering is paused), and the projector fits its log to the screen's
    # height at each one.
    view.bring_to_front()
    for width, height in PROJECTORS:
        view.set_viewport_size({"width": width, "height": height})
        view.wait_for_timeout(150)
        m = view.evaluate(PROJECTOR_MEASURE)
        row = Row(mission, f"{width}x{height}", lang, players)
        if m["y"]:
            row.add(f"table {m['y']}px below ({m['what']})", m["y"])
        if m["x"]:
            row.add(f"table {m['x']}px past the side", m["x"])
        if m["clip"]:
            row.add(f"clipped {m['clip']}px", m["clip"])
        if m["scrolls"]:
            row.add(f"window scrolls {m['scrolls']}px", m["scrolls"])
        if m["sideways"]:
            row.add(f"sideways {m['sideways']}px", m["sideways"])
        rows.append(row)
    return rows


def sweep(browser: Browser, site_url: str, args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    for lang in args.langs.split(","):
        phone_ctx: BrowserContext = browser.new_context(
            viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True
        )
        page = phone_ctx.new_page()
        page.set_default_timeout(8_000)  # a click the driver cannot make fails fast
        page.goto(f"{site_url}?lang={lang}")
        wait_ready(page)
        desk = browser.new_context(viewport={"width": 1920, "height": 1080})
        view = desk.new_page()
        view.goto(f"{site_url}?view=table&lang={lang}")
        wait_ready(view)
        writer = desk.new_page()
        writer.goto(f"{site_url}manifest.webmanifest")
        for mission in args.missions:
            for players in player_counts(mission, not args.no_two):
                started = time.monotonic()
                try:
                    row = phone_row(page, mission, players, lang, args.turns)
                except Exception as error:  # a driver's gap is a row, not the sweep's end
                    row = Row(mission, f"{PHONE[0]}x{PHONE[1]}", lang, players)
                    row.add(f"driver: {str(error).splitlines()[0][:80]}", 1)
                rows.append(row)
                report(row, time.monotonic() - started)
                if players != max(redwire.load_mission(mission).players) or args.no_projector:
                    continue
                text = page.evaluate(f"localStorage.getItem({GAME_KEY!r})")
                if text is None:
                    continue
                moves = len(saved_state(page).history)
                for prow in projector_rows(view, writer, text, moves, mission, players, lang):
                    rows.append(prow)
                    report(prow, 0)
        phone_ctx.close()
        desk.close()
    return rows


def report(row: Row, seconds: float) -> None:
    problems = "; ".join(row.problems) or "fits"
    print(
        f"{row.mission:>3} {row.size:>9} {row.lang} {row.players}p  {row.smallest:<22} {problems}"
        + (f"  ({seconds:.0f} s)" if seconds else ""),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--missions", type=missions_arg, default=missions_arg("1-65"))
    parser.add_argument("--langs", default="en,it")
    parser.add_argument("--turns", type=int, default=1, help="measure at each of the first N turns")
    parser.add_argument("--no-two", action="store_true", help="only the largest table")
    parser.add_argument("--no-projector", action="store_true")
    parser.add_argument("--site", help="a built site to serve (default: _site)")
    args = parser.parse_args()
    site = Path(args.site) if args.site else build.SITE
    if not site.exists():
        site = build_once(f"bench-fit-{time.time_ns()}")
    server, site_url = build.serve_in_thread(site)
    print("mission      size lang players  smallest target        what does not fit")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            rows = sweep(browser, site_url, args)
        finally:
            browser.close()
            server.shutdown()
    bad = sorted((r for r in rows if r.worst), key=lambda r: r.worst)
    print(f"\n{len(rows)} cases, {len(bad)} with something off the screen, clipped or small:")
    for row in bad:
        report(row, 0)
    for size in sorted({r.size for r in rows}):
        worst = max((r for r in rows if r.size == size), key=lambda r: r.worst)
        print(
            f"hardest at {size}: mission {worst.mission} {worst.lang} {worst.players}p, "
            f"{worst.worst} px ({'; '.join(worst.problems) or 'fits'})"
        )
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
