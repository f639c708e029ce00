// The browser's Back and Forward (a phone's back gesture) between the box's screens, every game's.
//
// The page is one document: without this, its screens add no history, and Back in the middle of a
// game leaves the site (or closes the installed app). Here the page keeps its history entries
// marked in history.state under "fusebox": the home screen's ({home: true}), just above it the
// screen of a game ({game, screen, above: true}), and above that an open panel's ({..., panel}).
// The screens are read from <html data-screen data-game data-panel>, which every game sets
// (fusebox_web.shell.app.Shell.show_screen, shell.controls.PanelControls, and js/redwire.js for
// the table it draws before the boot), so this module needs no game's code:
//
// - a game's screen taking the page from the home screen pushes its entry (the home screen's is
//   marked first: a game link or a game in progress opened at once gets a home entry under it);
// - a change between a game's screens replaces that entry (Back from a board, a handoff, a table
//   screen goes to the home screen, never to a screen of the game that no longer exists, nor to
//   a previous player's hand across a pass-and-play handoff);
// - an open side panel of the board (<html data-panel>: rules, menu, log) pushes an entry above
//   the board's: Back closes it, Forward opens it again; closed otherwise (its Close button, a
//   move, leaving) it steps back off its entry;
// - the game going home by itself (its Home button, a second tab's save) steps back onto the home
//   entry, so that the next Back leaves the site, and Forward resumes the game as Continue does.
//
// Back onto the home entry with a game's screen open dispatches "fusebox:back" ({game, screen,
// panel: null}), Back off a panel's entry "fusebox:back" with its panel; Forward onto a game's
// entry (or a panel's) dispatches "fusebox:forward" ({game, screen, panel}). The game's page
// package (through the shell: GameHost.go_back/go_forward) does what its Home, Close and Continue
// buttons do, from what is saved: nothing is lost, nothing hidden is shown. Python reads the
// entry at boot too: a reload on the home entry once a game was left there ({home, left: true})
// stays on the home screen (the page's first entry, marked home at load, still reopens the game
// in progress as before).

const MARK = "fusebox";
const root = document.documentElement;

function entry() {
    const state = history.state;
    return state && typeof state === "object" && state[MARK] ? state[MARK] : null;
}

function mark(value) {
    const state = history.state && typeof history.state === "object" ? history.state : {};
    return { ...state, [MARK]: value };
}

function shown() {
    const screen = root.getAttribute("data-screen");
    if (!screen) return null;
    return { game: root.getAttribute("data-game") || "", screen, panel: root.getAttribute("data-panel") || null };
}

// A game's screen has had the page since this document loaded (before that, at a reload on a
// game's entry, the boot has yet to open it: nothing to step back from).
let opened = shown() !== null;
// history.back() was asked (a panel closed, the game went home by itself): its popstate settles.
let stepping = false;
// The last entry of ours: an entry someone else pushed (the skip link's fragment) is its screen.
let seen = entry();

function step() {
    stepping = true;
    history.back();
}

function settle() {
    if (stepping) return; // the step's popstate settles
    const now = shown();
    opened ||= now !== null;
    const current = entry();
    if (current?.panel && current.above && !(now?.panel && now.game === current.game)) {
        // The panel closed (its Close button, a move, the game went home): the entry under it.
        step();
    } else if (now) {
        if (!current?.game) {
            history.replaceState(mark({ home: true }), "");
            history.pushState({ [MARK]: { game: now.game, screen: now.screen, above: true } }, "");
        } else if (now.panel && !current.panel) {
            history.pushState({ [MARK]: { game: now.game, screen: now.screen, panel: now.panel, above: true } }, "");
        } else if (current.game !== now.game || current.screen !== now.screen || (current.panel && current.panel !== now.panel)) {
            const panel = current.panel ? { panel: now.panel } : {};
            history.replaceState(mark({ ...current, game: now.game, screen: now.screen, ...panel }), "");
        }
    } else if (current?.above && opened) {
        step(); // the game went home by itself: onto the home screen's entry
    } else if (!current?.home) {
        // No entry of ours, or one we did not push above the home screen's (a link followed in
        // the page, see the fragments below): this one is the home screen's now.
        history.replaceState(mark({ home: true, left: opened }), "");
    } else if (opened && !current.left) {
        // Back (or the game's Home button) left a game here: a reload stays on the home screen.
        history.replaceState(mark({ home: true, left: true }), "");
    }
    seen = entry();
}

function tell(name, detail) {
    document.dispatchEvent(new CustomEvent(name, { detail }));
}

addEventListener("popstate", () => {
    const current = entry();
    if (stepping) {
        stepping = false;
        settle();
        return;
    }
    if (!current) {
        // An entry someone else pushed (the skip link's fragment, a link followed in the page):
        // the screen it was made on, never one to step back from.
        if (seen) history.replaceState(mark({ ...seen, above: false }), "");
        return;
    }
    seen = current;
    const now = shown();
    const to = { game: current.game, screen: current.screen, panel: current.panel ?? null };
    if (current.home && now) tell("fusebox:back", { ...now, panel: null });
    else if (current.game && !current.panel && now?.panel) tell("fusebox:back", now);
    else if (current.game && !now) tell("fusebox:forward", to);
    else if (current.panel && now && !now.panel) tell("fusebox:forward", to);
});

if (!entry()) history.replaceState(mark({ home: true }), "");
seen = entry();

new MutationObserver(settle).observe(root, {
    attributes: true,
    attributeFilter: ["data-screen", "data-game", "data-panel"],
});
