// The page shell: language, boot progress, failures, and the service worker.
//
// Importing runtime.mjs starts Pyodide at once. This module shows what the boot is doing, and
// hands over to the Python app, which sets <html data-ready> once it has drawn itself (see
// fusebox_web.shell.main). Failures show a short message in the player's language; details go to the
// console only.

import { initI18n, t } from "./i18n.js";
import { events, state } from "./runtime.mjs";
import "./scrollstops.js"; // a scrolling box is a tab stop only while it scrolls
import "./back.js"; // Back and Forward go between the box's screens

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

initI18n();

// ------------------------------------------------------------------ progress

// Share of the bar for each stage: downloading dominates on a slow network; the rest is the
// interpreter starting and the app importing the engine.
const DOWNLOAD_SHARE = 80;
const STAGE_PERCENT = { start: 85, engine: 95, ready: 100 };
const MB = 1024 * 1024;

function statusText(current) {
    switch (current.stage) {
        case "download":
            return t("boot.downloading", {
                done: (current.loaded / MB).toFixed(1),
                total: (current.total / MB).toFixed(1),
            });
        case "start":
            return t("boot.starting");
        case "engine":
            return t("boot.engine");
        case "ready":
            return t("boot.ready");
        default:
            return t("boot.preparing");
    }
}

function percent(current) {
    if (current.stage === "download") {
        return current.total ? (DOWNLOAD_SHARE * current.loaded) / current.total : 0;
    }
    return STAGE_PERCENT[current.stage] ?? 0;
}

// The status line is a polite live region: announce stage changes, not every downloaded chunk.
let announcedStage = null;

// Downloads report every chunk; draw at most once a frame, so the boot keeps the main thread.
let pending = null;

function scheduleProgress(current) {
    if (pending === null) {
        requestAnimationFrame(() => {
            // Once the app is ready, a late boot event has nothing left to say.
            if (!root.hasAttribute("data-ready")) showProgress(pending);
            pending = null;
        });
    }
    pending = current;
}

function showProgress(current) {
    if (current.stage === "failed") return showError("error.boot", current.error, true);
    $("boot-progress").value = percent(current);
    if (current.stage !== announcedStage || current.stage === "download") {
        $("boot-status").textContent = statusText(current);
        announcedStage = current.stage;
    }
}

// ------------------------------------------------------------------ failures

let errorKey = null;

/** Show a short message (never a traceback); the details go to the console. */
function showError(key, detail, canRetry = false) {
    if (detail) console.error(detail);
    errorKey = key;
    $("error-message").textContent = t(key);
    $("error-retry").hidden = !canRetry;
    $("error").hidden = false;
    $("boot").hidden = true;
}

$("error-retry").addEventListener("click", () => location.reload());

// The Python app reports its own failures this way (fusebox_web.shell.errors); it logged the details.
document.addEventListener("fusebox:error", () => showError("error.generic"));

// A Python exception that escaped an event handler not wrapped with errors.guarded: the browser
// logs it; the player gets the short message.
addEventListener("error", (event) => {
    if (event.error?.constructor?.name === "PythonError") {
        showError("error.generic");
    }
});

// PyScript reports errors in main.py to the console only (its error banner is switched off in
// the config): if main.py finished without marking the page ready or reporting an error itself,
// something escaped it.
document.querySelector('script[type="py"]')?.addEventListener("py:done", () => {
    if (!root.hasAttribute("data-ready") && $("error").hidden) showError("error.generic");
});

// ------------------------------------------------------------------ ready

function onReady() {
    showProgress({ ...state, stage: "ready" });
    $("boot").hidden = true;
    registerServiceWorker();
}

if (root.hasAttribute("data-ready")) onReady();
else {
    const observer = new MutationObserver(() => {
        if (!root.hasAttribute("data-ready")) return;
        observer.disconnect();
        onReady();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
    events.addEventListener("change", (event) => scheduleProgress(event.detail));
    showProgress(state);
}

document.addEventListener("fusebox:languagechange", () => {
    announcedStage = null;
    if (!$("boot").hidden) showProgress(state);
    if (errorKey) $("error-message").textContent = t(errorKey);
});

// ------------------------------------------------------------------ offline

// Registered once the game is ready, so that precaching never competes with the first boot for
// bandwidth. `ready` resolves once the whole site is cached and the worker is active.
function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
        .register("sw.js")
        .then(() => navigator.serviceWorker.ready)
        .then(() => {
            root.setAttribute("data-offline-ready", "");
            $("offline-status").hidden = false;
        })
        .catch((error) => console.warn("Offline support is not available:", error));
}
