// The Python runtime of the page, started as early as possible.
//
// PyScript is configured with `"interpreter": "./js/runtime.mjs"`: it imports this module and
// calls its `loadPyodide(options)`, as it would call Pyodide's own. Left to itself, PyScript only
// starts Pyodide after loading its modules and plugins; here Pyodide starts as soon as the page is
// parsed (index.html loads this module with `async`), PyScript once Pyodide has booted, and the
// archives the app needs are downloaded at the same time and written into Pyodide's file system
// (no micropip), each under a content-addressed path written by the build:
//   - `stdlib.zip`, standard-library modules the app imports, compiled (see build.py's
//     STDLIB_BYTECODE): first on sys.path, ahead of Pyodide's standard library (sources only);
//   - the engine wheel (`fusebox`);
//   - `fusebox_web.zip`, the page's Python package (fusebox_web).
// When PyScript asks, it receives that same interpreter, and runs main.py on it. Code in the
// archives must read its data files with importlib.resources (they stay zipped).
//
// Two ways to start Python:
//   - from the memory snapshot (build.py's make_snapshot): Python's memory as the build left it,
//     the app and the engine already imported, with the archives on sys.path. Used when the
//     service worker's cache has it (a returning player, online or offline: the worker precaches
//     it once a page is ready) and the browser can gunzip a stream (DecompressionStream). Never
//     downloaded for a boot: a first visit boots as below. A worker (snapshot-worker.js) reads it:
//       - raw: the copy the service worker keeps inflated in its cache (made as soon as it has
//         cached the site, so a first visit's first return has it), if it has one whose
//         length and SHA-256 are the build's (the manifest's `snapshot_raw`): no gunzip;
//       - else the gzip, gunzipped; a raw copy that failed the check is deleted first. Once the
//         page is ready, it asks the service worker (sw.js, keepRaw) to make the copy again,
//         on idle, for the next boots: <html data-raw-snapshot="kept|failed"> then says how
//         that went (a quota refused, say: the next boots gunzip again, silently; the service
//         worker does not try again before a new version).
//     Then fusebox_web.shell.thaw gives back what the snapshot froze (`random`, the time zone).
//   - the plain boot: Pyodide starts its interpreter, then the archives go on sys.path. Also what
//     happens, silently (a warning in the console), when the snapshot cannot be used: damaged
//     (gzip checks every byte), made by another Pyodide build (Pyodide checks), or failing.
// <html data-boot="snapshot-raw|snapshot|plain"> says which one ran (snapshot: from the gzip).
//
// Everything is fetched from the site itself: Pyodide's lock file lists no package, so nothing
// can be fetched from a CDN.

import { trackDownloads } from "./progress.js";
import { loadPyodide as startPyodide, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

/** Boot stages, in order: download -> start -> engine -> ready (or failed). */
export const events = new EventTarget();
export const state = { stage: "download", loaded: 0, total: 0, error: null, boot: null };

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

/**
 * Whether the service worker's cache holds the snapshot (looked up directly: a miss costs no
 * request, and the snapshot is never downloaded for the boot) and this browser can gunzip it.
 */
async function hasSnapshot() {
    if (!manifest.snapshot || typeof DecompressionStream !== "function") return false;
    // A first visit has no service worker yet: nothing to look up, no time lost.
    if (!fromCache) return false;
    try {
        return Boolean((await globalThis.caches?.match(siteURL(manifest.snapshot)))?.ok);
    } catch {
        return false; // storage refused (some private modes)
    }
}

/**
 * The snapshot's bytes, read in a worker: the raw copy if it passes its check, else the gzip,
 * gunzipped (a damaged byte fails gzip's check). `way` is set to "raw" or "gzip" once it is read.
 */
function readSnapshot(way) {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url));
    const bytes = new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => {
            if (!data.bytes) return reject(new Error(data.error));
            performance.mark("fusebox:snapshot");
            way.value = data.way;
            if (data.refused) {
                console.info(`Fusebox: the raw snapshot was refused (${data.refused}): gunzipped`);
            }
            measureWorker(data.timings);
            resolve(data.bytes);
        };
        worker.onerror = (event) => reject(new Error(`snapshot worker: ${event.message}`));
    }).finally(() => worker.terminate());
    const raw = manifest.snapshot_raw;
    worker.postMessage({
        gzip: siteURL(manifest.snapshot),
        raw: raw && { ...raw, url: siteURL(raw.url) },
    });
    bytes.catch(() => {}); // Pyodide awaits it; a failure is reported by boot().
    return bytes;
}

/** The worker's timings (its clock), as measures of the page: reading the raw copy, checking
 * its SHA-256, gunzipping. */
function measureWorker(timings) {
    const at = (time) => time - performance.timeOrigin;
    const measure = (name, start, end) => {
        if (start !== undefined && end !== undefined) {
            performance.measure(`fusebox:snapshot-${name}`, { start: at(start), end: at(end) });
        }
    };
    measure("read", timings.read, timings.digest);
    measure("digest", timings.digest, timings.checked);
    measure("gunzip", timings.checked ?? timings.digest ?? timings.start, timings.inflated);
}

/**
 * Once the page is ready and idle, ask the service worker to keep the snapshot inflated for the
 * next boots (after a boot that gunzipped it: the copy it made when it cached the site was
 * refused by its check, evicted, or never made). The worker streams it from the gzip into its
 * cache: the page holds none of it.
 */
function keepRawSnapshot() {
    const worker = navigator.serviceWorker?.controller;
    if (!worker || !manifest.snapshot_raw) return;
    const root = document.documentElement;
    const keep = () => {
        const channel = new MessageChannel();
        channel.port1.onmessage = ({ data }) => {
            channel.port1.close();
            if (!data.kept) console.info("Fusebox: the raw snapshot was not kept:", data.error);
            root.setAttribute("data-raw-snapshot", data.kept ? "kept" : "failed");
        };
        worker.postMessage({ keepRaw: manifest.snapshot }, [channel.port2]);
    };
    const idle = () =>
        globalThis.requestIdleCallback
            ? requestIdleCallback(keep, { timeout: 5000 })
            : setTimeout(keep, 1000);
    if (root.hasAttribute("data-ready")) return idle();
    const observer = new MutationObserver(() => {
        if (!root.hasAttribute("data-ready")) return;
        observer.disconnect();
        idle();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

/**
 * Keep Pyodide from running Python on WebAssembly stacks of its own (JSPI, which it takes wherever
 * the browser offers `WebAssembly.Suspending`). Nothing here suspends Python for a promise (no
 * `run_sync`), and Chromium's allocation samplers (GWP-ASan, the heap profiler: on in a random few
 * renderers, in shipped browsers too) walk off the end of such a stack and crash the tab: `bench
 * firstvisit --samplers` with the heap profiler forced on crashed 6 of 10 first visits, none with
 * this. Python then runs on the page's own stack, as it did in the build's Node when the memory
 * snapshot was made.
 */
function withoutStackSwitching() {
    for (const name of ["Suspending", "Suspender"]) {
        if (name in WebAssembly) delete WebAssembly[name];
    }
}

/** Start Python, from `snapshot` (a promise of its bytes) or booting it; the archives installed. */
async function startPython(archives, snapshot) {
    const options = {
        indexURL: siteURL("runtime/pyodide/"),
        env: { ...manifest.env },
        stdout: (text) => output.stdout(text),
        stderr: (text) => output.stderr(text),
    };
    // Pyodide keeps its options for good: what they hold is let go once Python runs (below).
    const held = { archives };
    if (snapshot) {
        options._loadSnapshot = snapshot;
        // The snapshot's Python has the archives on sys.path already (zipimport even remembers
        // their contents): they are written, the same bytes at the same paths, before it runs.
        options.fsInit = async (FS) => writeArchives(FS, await held.archives.catch(() => []));
    }
    const restore = snapshot ? roomForSnapshot(snapshot) : () => {};
    withoutStackSwitching();
    let pyodide;
    try {
        pyodide = await startPyodide(options);
    } finally {
        restore();
    }
    held.archives = null;
    const buffers = await archives; // a failed download fails the boot here
    performance.mark("fusebox:pyodide");
    if (snapshot) {
        // Copied into Python's memory: the 30 MB of the snapshot itself are no longer needed.
        const bytes = await snapshot;
        structuredClone(bytes, { transfer: [bytes] });
        const thaw = pyodide.pyimport("fusebox_web.shell.thaw");
        try {
            thaw.thaw();
        } finally {
            thaw.destroy();
        }
    } else {
        // Each archive goes on sys.path as it is: zipimport reads it without unpacking anything.
        writeArchives(pyodide.FS, buffers);
        const sysPath = pyodide.pyimport("sys").path;
        manifest.archives.forEach((url, index) => sysPath.insert(index, archivePath(url)));
        sysPath.destroy();
    }
    return pyodide;
}

/**
 * Make the new interpreter's memory as large as the snapshot's before Pyodide copies it in.
 *
 * Pyodide sizes the memory for a snapshot with Emscripten's INITIAL_MEMORY, but its wasm module
 * defines its own memory (30 MB to start with), so a snapshot of a Python that had grown past
 * that fails to load ("offset is out of bounds"). For the duration of this one boot, the module's
 * instantiation is wrapped: the memory it exports is grown to the snapshot's size before Emscripten
 * takes its views of it. Returns the function that puts WebAssembly back as it was.
 */
function roomForSnapshot(snapshot) {
    const { instantiate, instantiateStreaming } = WebAssembly;
    const grow = async (result) => {
        const memory = (result.instance ?? result).exports?.memory;
        if (memory instanceof WebAssembly.Memory) {
            const missing = snapshotMemoryBytes(await snapshot) - memory.buffer.byteLength;
            if (missing > 0) memory.grow(Math.ceil(missing / 65536));
        }
        return result;
    };
    WebAssembly.instantiate = async (...args) => grow(await instantiate.apply(WebAssembly, args));
    WebAssembly.instantiateStreaming = async (...args) =>
        grow(await instantiateStreaming.apply(WebAssembly, args));
    return () => Object.assign(WebAssembly, { instantiate, instantiateStreaming });
}

/** The bytes of memory a Pyodide snapshot holds: all of it after its header (whose size is its
 * second 32-bit word). */
function snapshotMemoryBytes(bytes) {
    const view = ArrayBuffer.isView(bytes) ? bytes : new Uint8Array(bytes);
    const header = new Uint32Array(view.buffer, view.byteOffset, 2);
    return view.byteLength - header[1];
}

function writeArchives(FS, buffers) {
    FS.mkdirTree(manifest.folder);
    buffers.forEach((buffer, index) => {
        FS.writeFile(archivePath(manifest.archives[index]), new Uint8Array(buffer));
    });
}

const archivePath = (url) => `${manifest.folder}/${url.split("/").pop()}`;

async function boot() {
    performance.mark("fusebox:boot");
    const archives = Promise.all(manifest.archives.map(fetchArchive));
    // Do not leave the archive promise unobserved while Pyodide boots: a failure is reported below.
    archives.catch(() => {});
    let pyodide = null;
    const way = { value: null };
    if (await hasSnapshot()) {
        try {
            pyodide = await startPython(archives, readSnapshot(way));
        } catch (error) {
            // The plain boot gives the same page, only later: the player sees no difference.
            console.warn("Fusebox: starting without the memory snapshot:", error);
        }
    }
    const kind = !pyodide ? "plain" : way.value === "raw" ? "snapshot-raw" : "snapshot";
    pyodide ??= await startPython(archives, null);
    document.documentElement.setAttribute("data-boot", kind);
    report({ stage: "engine", boot: kind });
    if (kind === "snapshot") keepRawSnapshot();
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
