// The message catalog, page side.
//
// Every player-facing string lives in web/i18n/shell/<lang>.json (the shell's) and
// web/i18n/<game>/<lang>.json (each game's); the build merges them, adds the home screen's game
// cards (title, summary, players, from the registry), and inlines the result in the page
// (#fusebox-catalogs) so the home screen is translated before its first paint; the Python side
// (fusebox_web.shell.i18n) reads the same copy. Both sides format messages the same way: "{name}"
// is replaced by the parameter `name`.
//
// Language: ?lang=xx in the address, else the one the player chose before (localStorage), else the
// browser's preferred languages, else English (decided in index.html, see initI18n). Static markup names its message with
// data-i18n="key" (text) or data-i18n-aria-label="key" (attribute). A change of language sets
// <html lang> and dispatches "fusebox:languagechange" on the document, so that code that drew
// text itself (boot.js, the Python app) can draw it again.

export const FALLBACK = "en";
export const STORAGE_KEY = "fusebox.lang";
const ATTRIBUTES = ["aria-label", "title", "alt", "placeholder"];

const catalogs = JSON.parse(document.getElementById("fusebox-catalogs").textContent);
export const languages = Object.keys(catalogs);

let current = FALLBACK;

/** The current language code. */
export const language = () => current;

/**
 * Translate `key` in the current language, with "{name}" placeholders filled from `params`.
 * A key missing from the current catalog falls back to English, then to the key itself.
 */
export function t(key, params = {}) {
    const template = catalogs[current]?.[key] ?? catalogs[FALLBACK]?.[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (whole, name) =>
        Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
}

function supported(code) {
    if (!code) return null;
    const lower = code.toLowerCase();
    if (languages.includes(lower)) return lower;
    const base = lower.split("-")[0];
    return languages.includes(base) ? base : null;
}

function remember(code) {
    try {
        localStorage.setItem(STORAGE_KEY, code);
    } catch {
        // Storage disabled (private mode, policy): the choice is just not remembered.
    }
}

/** Translate every element under `root` that names a message. */
export function translate(root = document) {
    for (const element of root.querySelectorAll("[data-i18n]")) {
        element.textContent = t(element.dataset.i18n);
    }
    for (const name of ATTRIBUTES) {
        const data = `data-i18n-${name}`;
        for (const element of root.querySelectorAll(`[${data}]`)) {
            element.setAttribute(name, t(element.getAttribute(data)));
        }
    }
}

/** Switch the page to `code` and remember the choice. */
export function setLanguage(code) {
    const chosen = supported(code) ?? FALLBACK;
    remember(chosen);
    if (chosen === current && document.documentElement.lang === chosen) return;
    current = chosen;
    document.documentElement.lang = chosen;
    translate();
    document.title = t("app.title");
    const select = document.getElementById("lang-select");
    if (select) select.value = chosen;
    document.dispatchEvent(new CustomEvent("fusebox:languagechange", { detail: { lang: chosen } }));
}

/**
 * Translate the page into the starting language and wire the language menu.
 *
 * The starting language was chosen before the first paint by the inline script in index.html's
 * head (it sets <html lang>, and hides the text until it is translated when that is not English);
 * a language asked for with ?lang= is remembered from now on.
 */
export function initI18n() {
    const root = document.documentElement;
    current = supported(root.lang) ?? FALLBACK;
    root.lang = current;
    if (supported(new URLSearchParams(location.search).get("lang")) === current) remember(current);
    translate();
    document.title = t("app.title");
    root.removeAttribute("data-i18n-pending");
    const select = document.getElementById("lang-select");
    if (select) {
        select.value = current;
        select.addEventListener("change", () => setLanguage(select.value));
    }
}
