// The browser's Back and Forward (a phone's back gesture) between the box's screens, for every game.
//
// The page is one document: without this, its screens add no history, and Back in the middle of a
// game leaves the site (or closes the installed app). Here the page keeps two kinds of history
// entries, marked in history.state under "fusebox": the home screen ({home: true}) and, just above
// it, the screen of a game ({game, screen, above: true}). The screens themselves are read from <html
// data-screen/data-game>, which every game sets (fusebox_web.shell.app.Shell.show_screen, and
// js/redwire.js for the table it draws before the boot), so this module needs no game's code:
//
// - a game's screen taking the page from the home screen pushes its entry (the home screen's is
//   marked first: a game link or a game in progress opened at once gets a home entry under it);
// - a change between a game's screens replaces that entry (Back from a board, a handoff, a table
//   screen goes to the home screen, never to a screen of the game that no longer exists, nor to
//   a previous player's hand across a pass-and-play handoff);
// - the game going home by itself (its Home button, a second tab's save) steps back onto the home
//   entry, so that the next Back leaves the site, and Forward resumes the game as Continue does.
//
// Back onto the home entry with a game's screen open dispatches "fusebox:back" ({game, screen});
// Forward onto a game's entry with the home screen shown dispatches "fusebox:forward" ({game,
// screen}). The game's page package (through the shell: GameHost.go_back/go_forward) does what its
// Home and Continue buttons do, from what is saved: nothing is lost, nothing hidden is shown.
// Python reads the entry at boot too: a reload on the home entry stays on the home screen.

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
    return screen ? { game: root.getAttribute("data-game") || "", screen } : null;
}

// The screen the page showed at the last change (null: the home screen).
let last = shown();
// history.back() was asked (the game went home by itself): its popstate only settles.
let stepping = false;
// The last entry of ours: a fragment's entry (the skip link) is the same screen.
let seen = entry();

function settle() {
    const now = shown();
    const was = last;
    last = now;
    const current = entry();
    if (now) {
        if (current?.game) {
            if (current.game !== now.game || current.screen !== now.screen) {
                history.replaceState(mark({ ...current, game: now.game, screen: now.screen }), "");
            }
        } else {
            history.replaceState(mark({ home: true }), "");
            history.pushState({ [MARK]: { game: now.game, screen: now.screen, above: true } }, "");
        }
    } else if (current?.above && was && !stepping) {
        stepping = true;
        history.back();
    } else if (!current?.home) {
        // No entry of ours, or one we did not push above the home screen's (a link followed in
        // the page, see the fragments below): this one is the home screen's now.
        history.replaceState(mark({ home: true }), "");
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
    if (current.home && now) tell("fusebox:back", now);
    else if (current.game && !now) tell("fusebox:forward", { game: current.game, screen: current.screen });
});

if (!entry()) history.replaceState(mark(last ? { game: last.game, screen: last.screen } : { home: true }), "");
seen = entry();

new MutationObserver(settle).observe(root, { attributes: true, attributeFilter: ["data-screen", "data-game"] });
