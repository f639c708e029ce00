// The Python runtime of the page, started as early as possible.
//
// PyScript is configured with `"interpreter": "./js/runtime.mjs"`: it imports this module and
// calls its `loadPyodide(options)`, as it would call Pyodide's own. Left to itself, PyScript only
// starts Pyodide after loading its modules and plugins; here Pyodide starts as soon as the page is
// parsed (index.html loads this module with `async`), PyScript once Pyodide has booted, and the
// archives the app needs are downloaded at the same time and put on sys.path (no micropip), each
// under a content-addressed path written by the build:
//   - `stdlib.zip`, standard-library modules the app imports, compiled (see build.py's
//     STDLIB_BYTECODE): first on sys.path, ahead of Pyodide's standard library (sources only);
//   - the engine wheel (`fusebox`);
//   - `fusebox_web.zip`, the page's Python package (fusebox_web).
// When PyScript asks, it receives that same interpreter, and runs main.py on it. Code in the
// archives must read its data files with importlib.resources (they stay zipped).
//
// Everything is fetched from the site itself: Pyodide's lock file lists no package, so nothing
// can be fetched from a CDN.

import { trackDownloads } from "./progress.js";
import { loadPyodide as startPyodide, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

/** Boot stages, in order: download -> start -> engine -> ready (or failed). */
export const events = new EventTarget();
export const state = { stage: "download", loaded: 0, total: 0, error: null };

function report(changes) {
    Object.assign(state, changes);
    events.dispatchEvent(new CustomEvent("change", { detail: { ...state } }));
}

const manifest = JSON.parse(document.getElementById("fusebox-boot").textContent);
const siteURL = (path) => new URL(path, document.baseURI).href;

// Pyodide writes to these before PyScript has handed over its own stdout/stderr.
const output = { stdout: (text) => console.log(text), stderr: (text) => console.warn(text) };

// A returning visitor's files come from the service worker's cache at once: nothing to count.
const fromCache = Boolean(navigator.serviceWorker?.controller);
const stopTracking = fromCache
    ? () => {}
    : trackDownloads(manifest.downloads, ({ loaded, total }) => {
          if (state.stage !== "download") return;
          report({ loaded, total, stage: loaded >= total ? "start" : "download" });
      });
if (fromCache) report({ stage: "start" });

async function fetchArchive(url) {
    const response = await fetch(siteURL(url));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
}

async function boot() {
    performance.mark("fusebox:boot");
    const archives = Promise.all(manifest.archives.map(fetchArchive));
    // Do not leave the archive promise unobserved while Pyodide boots: a failure is reported below.
    archives.catch(() => {});
    const pyodide = await startPyodide({
        indexURL: siteURL("runtime/pyodide/"),
        stdout: (text) => output.stdout(text),
        stderr: (text) => output.stderr(text),
    });
    performance.mark("fusebox:pyodide");
    report({ stage: "engine" });
    // Each archive goes on sys.path as it is: zipimport reads it without unpacking anything.
    const folder = "/home/pyodide/fusebox";
    pyodide.FS.mkdirTree(folder);
    const buffers = await archives;
    const sysPath = pyodide.pyimport("sys").path;
    manifest.archives.forEach((url, index) => {
        const path = `${folder}/${url.split("/").pop()}`;
        pyodide.FS.writeFile(path, new Uint8Array(buffers[index]));
        sysPath.insert(index, path);
    });
    sysPath.destroy();
    return pyodide;
}

const interpreter = boot().finally(stopTracking);
interpreter.catch((error) => report({ stage: "failed", error }));

// PyScript starts once Pyodide has booted (its modules are already downloaded and compiled: see
// the modulepreload links in index.html). Started with the page, its set-up would run on the main
// thread while Pyodide boots there, and delay that boot by more than it takes afterwards.
interpreter.then(() => import("../runtime/pyscript/core.js")).catch((error) => {
    if (state.stage !== "failed") report({ stage: "failed", error });
});

/**
 * PyScript's entry point (same signature as Pyodide's): the already booting interpreter.
 * PyScript's options carry its stdout/stderr, which take over from here on.
 */
export function loadPyodide(options = {}) {
    performance.mark("fusebox:pyscript");
    if (options.stdout) output.stdout = options.stdout;
    if (options.stderr) output.stderr = options.stderr;
    return interpreter;
}
