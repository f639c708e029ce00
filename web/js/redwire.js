// Red Wire's first minute, before Python has booted: the Play and tutorial buttons, and the
// table (how many players, each a person or a computer, names, computer levels, who is captain).
//
// Booting Python takes seconds (more on a phone); none of this needs it. The table is kept in
// Red Wire's saved progress (fusebox.redwire.progress, the same envelope the Python side reads:
// see docs/redwire-page.md), so the game deals with it. Only "Choose the mission" waits for
// Python: pressed early, it says so, shows the boot's progress, and goes on by itself once the
// page is ready. The Python side (fusebox_web.redwire) listens for the events below.
//
//   redwire:missions   this module → Python: the table is set, show the missions (detail: table)
//   redwire:tutorial   this module → Python: start the first-game tutorial
//   redwire:table      Python → this module: show the table (from the campaign screen)
//
// Everything a player typed is set as text (textContent, value), never as markup.

import { t } from "./i18n.js";

const PROGRESS_KEY = "fusebox.redwire.progress";
const GAME_KEY = "fusebox.redwire.game";
const PROGRESS_FORMAT = "fusebox.redwire.progress";
const CAMPAIGN_FORMAT = "fusebox.redwire.campaign";
// The same as fusebox_web.redwire.table (tests/web/test_redwire_early.py checks it).
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 5;
const LEVELS = ["expert", "cautious", "random"];
// Rule sticker B (from mission 31): a person's character ("dd": the Double Detector).
const CHARACTERS = ["dd", "E1", "E2", "E3", "E4"];
const NAME_LIMIT = 20;
const DEFAULT_PLAYERS = 3;

const root = document.documentElement;
const app = document.getElementById("game-redwire-app");

// ------------------------------------------------------------------ saved table

function defaultTable() {
    const seats = [];
    for (let i = 0; i < MAX_PLAYERS; i++) {
        seats.push({ kind: i === 0 ? "human" : "bot", name: "", level: LEVELS[0] });
    }
    return { players: DEFAULT_PLAYERS, seats, options: {}, pace: "normal" };
}

/** The saved progress if it reads (or null when there is none); undefined when it is there but
 * unreadable: then it is left alone (the Python side sets it aside and says so). */
function readProgress() {
    let text = null;
    try {
        text = localStorage.getItem(PROGRESS_KEY);
    } catch {
        return null;
    }
    if (text === null) return null;
    try {
        const raw = JSON.parse(text);
        if (raw?.format !== PROGRESS_FORMAT || raw.version !== 1) return undefined;
        return tableReads(raw.data?.table) ? raw : undefined;
    } catch {
        return undefined;
    }
}

/** Whether a saved table holds only what this screen can show and save back: a hand-edited
 * seat (a level this page does not have, a kind that is neither) is Python's to repair and say;
 * drawn here it would show a blank choice, and a change would save the edit over its copy. */
function tableReads(table) {
    if (!table || !Array.isArray(table.seats) || table.seats.length !== MAX_PLAYERS) return false;
    const players = table.players;
    if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) return false;
    return table.seats.every(
        (seat) =>
            seat !== null &&
            typeof seat === "object" &&
            (seat.kind === "human" || seat.kind === "bot") &&
            LEVELS.includes(seat.level) &&
            typeof seat.name === "string",
    );
}

function cleanName(name) {
    // Printable characters, spaces squeezed, one short line (fusebox_web.shell.table.clean_name).
    const printable = [...name].filter((ch) => !/\p{C}/u.test(ch)).join("");
    return printable.split(/\s+/).filter(Boolean).join(" ").slice(0, NAME_LIMIT);
}

let progress = null; // the envelope read (or made) when the table opened
let table = defaultTable();
let chosenCaptain = null; // a seat, or null: the campaign's turn (a person first)

function load() {
    const found = readProgress();
    progress = found === undefined ? undefined : found;
    table = found ? structuredClone(found.data.table) : defaultTable();
    chosenCaptain = found && Number.isInteger(found.data.captain) ? found.data.captain : null;
}

function save() {
    // The progress as it is saved now, not as it was read when the table opened: another tab of
    // the site may have saved since (a mission won there), and the table is saved beside it.
    // (Saving the envelope read at opening wrote the older campaign over the other tab's wins.)
    const current = readProgress();
    // Unreadable progress (then or now): never overwritten from here.
    if (progress === undefined || current === undefined) return;
    const envelope = current ?? {
        format: PROGRESS_FORMAT,
        version: 1,
        data: {
            campaign: { format: CAMPAIGN_FORMAT, version: 1, last_captain: null, missions: {} },
        },
    };
    envelope.data.table = table;
    envelope.data.captain = chosenCaptain;
    progress = envelope;
    try {
        localStorage.setItem(PROGRESS_KEY, JSON.stringify(envelope));
    } catch {
        // Storage full or refused: the table still travels with the event to the game.
    }
}

function humans() {
    return table.seats.slice(0, table.players).flatMap((s, i) => (s.kind === "human" ? [i] : []));
}

/** Who captains the next mission: the seat chosen here, else the campaign's turn (the seat after
 * the last captain), else the first person at the table (fusebox_web.redwire.session). */
function nextCaptain() {
    if (chosenCaptain !== null && chosenCaptain < table.players) return chosenCaptain;
    const last = progress?.data?.campaign?.last_captain;
    if (Number.isInteger(last)) return (last + 1) % table.players;
    return humans()[0] ?? 0;
}

function nameOf(seat) {
    return table.seats[seat].name || t(`rw.name.${seat + 1}`);
}

// ------------------------------------------------------------------ drawing

function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (value === null || value === undefined || value === false) continue;
        node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) {
        node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
}

function segmented(label, act, choices, current, extra = {}) {
    const group = el("div", { class: "rw-segmented", role: "group", "aria-label": label });
    for (const [value, text] of choices) {
        group.append(
            el(
                "button",
                {
                    type: "button",
                    class: "rw-chip",
                    "data-early": act,
                    "data-value": value,
                    "aria-pressed": String(value === current),
                    ...extra,
                },
                text,
            ),
        );
    }
    return group;
}

const early = el("div", { id: "rw-early", class: "rw-early", "data-testid": "rw-early" });
const screen = el("div", { id: "rw-table", class: "rw-screen rw-table", "data-testid": "table" });

function drawHome() {
    early.replaceChildren();
    let inProgress = false;
    try {
        const game = JSON.parse(localStorage.getItem(GAME_KEY) || "null");
        inProgress = Boolean(game?.data) && game.data.stage !== "over";
    } catch {
        inProgress = false;
    }
    early.append(
        el(
            "div",
            { class: "rw-home-buttons" },
            el(
                "button",
                {
                    type: "button",
                    class: inProgress ? "rw-big" : "rw-big rw-primary",
                    "data-early": "play",
                    "data-testid": "play",
                },
                t("rw.home.play"),
            ),
            el(
                "button",
                { type: "button", class: "rw-big", "data-early": "tutorial", "data-testid": "tutorial" },
                t("rw.home.tutorial"),
            ),
        ),
        el("p", { class: "rw-muted rw-wait", id: "rw-early-wait", role: "status", "data-testid": "early-wait" }),
    );
}

function drawTable() {
    const seatRows = [];
    for (let i = 0; i < table.players; i++) {
        const seat = table.seats[i];
        const nameId = `rw-early-name-${i}`;
        const field = el(
            "div",
            { class: "rw-field" },
            el("label", { for: nameId, class: "rw-label" }, t("rw.table.name", { n: i + 1 })),
            el("input", {
                id: nameId,
                class: "rw-input",
                type: "text",
                maxlength: NAME_LIMIT,
                autocomplete: "off",
                "data-early": "name",
                "data-seat": i,
                placeholder: t(`rw.name.${i + 1}`),
            }),
        );
        field.querySelector("input").value = seat.name;
        const kind = segmented(
            t("rw.table.kind", { name: nameOf(i) }),
            "kind",
            [
                ["human", t("rw.table.human")],
                ["bot", t("rw.table.bot")],
            ],
            seat.kind,
            { "data-seat": i },
        );
        const level = el("div", { class: "rw-field" });
        if (seat.kind === "bot") {
            const levelId = `rw-early-level-${i}`;
            const select = el("select", {
                id: levelId,
                class: "rw-input",
                "data-early": "level",
                "data-seat": i,
            });
            for (const name of LEVELS) {
                select.append(el("option", { value: name }, t(`rw.level.${name}`)));
            }
            select.value = seat.level;
            level.append(el("label", { for: levelId, class: "rw-label" }, t("rw.table.level")), select);
        }
        // Rule sticker B: from mission 31 a person may take a new character (the captain keeps
        // the Double Detector, and a mission that forbids it gives the Double Detector back).
        const character = el("div", { class: "rw-field" });
        const characterId = `rw-early-character-${i}`;
        if (seat.kind === "bot") {
            character.append(el("p", { class: "rw-muted", "data-testid": `character-bot-${i}` }, t("rw.table.characterBot")));
        } else {
            const select = el("select", {
                id: characterId,
                class: "rw-input",
                "data-early": "character",
                "data-seat": i,
                "data-testid": `character-${i}`,
            });
            for (const name of CHARACTERS) {
                select.append(el("option", { value: name }, t(`rw.character.${name}`)));
            }
            select.value = table.options[`character_${i}`] || CHARACTERS[0];
            character.append(el("label", { for: characterId, class: "rw-label" }, t("rw.table.character")), select);
        }
        seatRows.push(el("li", { class: "rw-seat" }, field, kind, level, character));
    }
    const people = humans().length;
    const mode = people === 1 ? "rw.table.solo" : people === 0 ? "rw.table.demo" : "rw.table.pass";
    const captain = el("select", { id: "rw-early-captain", class: "rw-input", "data-early": "captain" });
    for (let i = 0; i < table.players; i++) {
        const seat = table.seats[i];
        const who = seat.kind === "bot" ? t("rw.table.captainBot", { name: nameOf(i) }) : nameOf(i);
        captain.append(el("option", { value: i }, who));
    }
    captain.value = String(nextCaptain());
    const heading = el("h2", { class: "rw-title", id: "rw-table-heading", tabindex: "-1" }, t("rw.table.title"));
    screen.replaceChildren(
        el(
            "div",
            { class: "rw-screen-head" },
            el("button", { type: "button", class: "rw-chip rw-back", "data-early": "home" }, t("rw.back")),
            heading,
        ),
        el("p", { class: "rw-lead" }, t("rw.table.intro")),
        el(
            "section",
            { "aria-labelledby": "rw-table-players" },
            el("h3", { class: "rw-h3", id: "rw-table-players" }, t("rw.table.players")),
            segmented(
                t("rw.table.players"),
                "players",
                Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, k) => [
                    String(MIN_PLAYERS + k),
                    String(MIN_PLAYERS + k),
                ]),
                String(table.players),
            ),
            el("ol", { class: "rw-seats" }, ...seatRows),
            el("p", { class: "rw-muted" }, t("rw.table.characterHelp")),
            el("p", { class: "rw-muted", "data-testid": "table-mode" }, t(mode, { n: people })),
        ),
        el(
            "div",
            { class: "rw-field" },
            el("label", { for: "rw-early-captain", class: "rw-label" }, t("rw.table.captain")),
            captain,
            el("p", { class: "rw-muted" }, t("rw.table.captainHelp")),
        ),
        el(
            "div",
            { class: "rw-actions" },
            el(
                "button",
                {
                    type: "button",
                    class: "rw-big rw-primary",
                    "data-early": "next",
                    "data-testid": "table-next",
                    id: "rw-table-next",
                },
                t("rw.table.next"),
            ),
        ),
        el("p", { class: "rw-muted rw-wait", id: "rw-table-wait", role: "status", "data-testid": "table-wait" }),
    );
}

// ------------------------------------------------------------------ screens

function showScreen(name) {
    // As the shell's show_screen does: the game takes the page, or the home screen is back.
    if (name) {
        root.setAttribute("data-screen", name);
        root.setAttribute("data-game", "redwire");
    } else {
        root.removeAttribute("data-screen");
        root.removeAttribute("data-game");
    }
    for (const card of document.querySelectorAll(".game-card")) {
        card.classList.toggle("is-open", Boolean(name) && card.id === "game-redwire");
    }
}

let waiting = null; // "missions" or "tutorial": asked before Python was ready

function openTable() {
    load();
    drawTable();
    showScreen("table");
    document.getElementById("rw-table-heading")?.focus();
}

function ready() {
    return root.hasAttribute("data-ready");
}

let waitTimer = null;

function goOn(what) {
    if (!ready()) {
        waiting = what;
        showWait();
        waitTimer ??= setInterval(showWait, 250);
        return;
    }
    waiting = null;
    clearInterval(waitTimer);
    waitTimer = null;
    for (const status of app.querySelectorAll(".rw-wait")) status.textContent = "";
    const detail = what === "missions" ? { table: structuredClone(table), captain: chosenCaptain } : {};
    document.dispatchEvent(new CustomEvent(`redwire:${what}`, { detail }));
}

function showWait() {
    if (!waiting) return;
    const bar = document.getElementById("boot-progress");
    const percent = bar ? Math.round(Number(bar.value) || 0) : 0;
    const key = waiting === "tutorial" ? "rw.tutorial.wait" : "rw.table.wait";
    const where = root.getAttribute("data-screen") === "table" ? "rw-table-wait" : "rw-early-wait";
    const status = document.getElementById(where);
    if (status) status.textContent = t(key, { percent });
}

// ------------------------------------------------------------------ events

function seatOf(target) {
    return Number(target.dataset.seat);
}

function change(update, focus) {
    update();
    save();
    drawTable();
    if (focus) screen.querySelector(focus)?.focus();
}

function goHome() {
    waiting = null;
    showScreen(null);
    drawHome();
    early.querySelector('[data-early="play"]')?.focus();
}

// The control the last click pressed. The second tap of a double tap whose first one changed the
// screen (that control gone or no longer shown) is dropped, as the Python side drops it
// (fusebox_web.shell.mount.stray_second_click): a double tap on "Play Red Wire" on a phone fell
// on the table's first seat and made your own seat a computer. Keyboard clicks count 0.
let pressed = null;

function straySecondClick(event) {
    // (checkVisibility: not in every browser yet; without it, a control still there counts as shown)
    const shown = pressed?.isConnected && (pressed.checkVisibility?.() ?? true);
    return event.detail >= 2 && pressed !== null && !shown;
}

app.addEventListener("click", (event) => {
    if (straySecondClick(event)) return;
    const target = event.target.closest("[data-early]");
    pressed = target;
    if (!target) return;
    const act = target.dataset.early;
    if (act === "play") openTable();
    else if (act === "tutorial") goOn("tutorial");
    else if (act === "home") goHome();
    else if (act === "players") {
        const n = Number(target.dataset.value);
        change(() => (table.players = n), `[data-early="players"][data-value="${n}"]`);
    } else if (act === "kind") {
        const seat = seatOf(target);
        const kind = target.dataset.value;
        change(
            () => (table.seats[seat].kind = kind),
            `[data-early="kind"][data-seat="${seat}"][data-value="${kind}"]`,
        );
    } else if (act === "next") goOn("missions");
});

app.addEventListener("change", (event) => {
    const target = event.target;
    const act = target.dataset?.early;
    if (act === "name") {
        const seat = seatOf(target);
        table.seats[seat].name = cleanName(target.value);
        save();
        // Only the texts naming that seat change: the field keeps the focus as it is.
        drawTable();
        screen.querySelector(`[data-early="name"][data-seat="${seat}"]`)?.focus();
    } else if (act === "level") {
        const seat = seatOf(target);
        if (LEVELS.includes(target.value)) {
            change(() => (table.seats[seat].level = target.value), `[data-early="level"][data-seat="${seat}"]`);
        }
    } else if (act === "character") {
        const seat = seatOf(target);
        if (CHARACTERS.includes(target.value)) {
            change(
                () => (table.options[`character_${seat}`] = target.value),
                `[data-early="character"][data-seat="${seat}"]`,
            );
        }
    } else if (act === "captain") {
        const seat = Number(target.value);
        change(() => (chosenCaptain = seat), "#rw-early-captain");
    }
});

document.addEventListener("redwire:table", openTable);

// The browser's Back and Forward (js/back.js): Back from the table goes home, as its Home button;
// Forward to it before the boot opens it again (after the boot, Python does, with the other screens).
document.addEventListener("fusebox:back", () => {
    if (root.getAttribute("data-screen") === "table" && root.getAttribute("data-game") === "redwire") goHome();
});
document.addEventListener("fusebox:forward", (event) => {
    if (!ready() && event.detail?.game === "redwire" && event.detail?.screen === "table") openTable();
});

document.addEventListener("fusebox:languagechange", () => {
    drawHome();
    if (root.getAttribute("data-screen") === "table") drawTable();
    showWait();
});

// Pressed before Python was ready: go on as soon as it is, showing the boot's progress meanwhile.
new MutationObserver(() => {
    if (waiting && ready()) goOn(waiting);
}).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

// ------------------------------------------------------------------ the board's top line

// The board's stands share the screen's height on a laptop or a projector (redwire.css: a
// wire's height counts the board's frame). The top line (mission, detonator, markers, track,
// buttons) wraps to two lines on most boards but to three where a mission's markers are long
// and the title is too (mission 54's eleven red wires in Italian): with two assumed, your own
// stand ended 40 px below a 1280 x 720 screen. Its height, measured, is --rw-top-h on <html>.
const TOP = "#rw-board > #rw-top";
const topSized = new ResizeObserver(() => {
    const top = document.querySelector(TOP);
    if (top) root.style.setProperty("--rw-top-h", `${top.getBoundingClientRect().height}px`);
});
let topSeen = null;
new MutationObserver(() => {
    const top = document.querySelector(TOP);
    if (top === topSeen) return;
    if (topSeen) topSized.unobserve(topSeen);
    topSeen = top;
    if (top) topSized.observe(top);
}).observe(document.body, { childList: true, subtree: true });

// ------------------------------------------------------------------ start

load();
drawHome();
app.append(early, screen);
