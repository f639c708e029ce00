// Fusebox service worker: precaches the whole site so that, after one visit, the game loads and
// plays with the network cut.
//
// build.py writes this file into the site with `const PRECACHE = {version, files, snapshot}` on
// top: every file of the site with a hash of its content, a version that changes with any of them,
// and which of them is the gzipped memory snapshot. A new version installs next to the old one,
// reusing the files whose hash did not change (the Pyodide runtime, most of the time) and
// downloading the others, checked against their hash.
//
// Once a version's files are cached (at the end of its install), it also keeps the memory snapshot
// (PRECACHE.snapshot, gzipped) inflated in that version's cache (keepRaw), for the boots to read
// without the gunzip, the very first return included: one version's cache, so it goes with the
// version, like the rest. A version whose snapshot did not change (same path, same hash) takes
// the older version's copy over instead of inflating it again. Making it never fails the install:
// without it, a page boots from the gzip, then asks for the copy again (the repair path).

const PREFIX = "fusebox-";
const CACHE = `${PREFIX}${PRECACHE.version}`;
// Stored in each cache: the hashes of the files it holds, for the next version to reuse.
const INDEX = "__precache__.json";
// Stored in a cache whose raw copy the storage refused (its quota): why. Not tried again in this
// version (each try costs the worker a gunzip); a new version tries again.
const REFUSED = "__raw_refused__.json";
// The same, while this worker runs: for a storage so full that even that entry was refused.
let refusal = null;

const siteURL = (path) => new URL(path, self.registration.scope).href;

async function hashOf(response) {
    const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return hex.slice(0, 16);
}

/** The address of the raw copy of the gzipped file `path`: the same without ".gz". */
const rawOf = (path) => path.replace(/\.gz$/, "");

/**
 * url -> cached response, for every file of older versions whose hash is still current, and
 * the snapshot's raw copy an older version kept of this version's very snapshot.
 */
async function reusable() {
    const found = new Map();
    for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === CACHE) continue;
        const cache = await caches.open(name);
        const index = await cache.match(siteURL(INDEX));
        if (!index) continue;
        for (const [path, hash] of Object.entries(await index.json())) {
            if (PRECACHE.files[path] !== hash || found.has(siteURL(path))) continue;
            const response = await cache.match(siteURL(path));
            if (response) found.set(siteURL(path), response);
            // Checked by the page (its SHA-256) before any boot reads it, like a copy made here.
            const raw = siteURL(rawOf(path));
            if (path === PRECACHE.snapshot && !found.has(raw)) {
                const copy = await cache.match(raw);
                if (copy) found.set(raw, copy);
            }
        }
    }
    return found;
}

async function download(path, hash) {
    // "no-cache": revalidate with the server, so a stale HTTP-cached copy is never precached.
    const response = await fetch(siteURL(path), { cache: "no-cache" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    // A host that serves a mix of two deploys would fail here; the next visit tries again.
    if ((await hashOf(response)) !== hash) throw new Error(`${path}: content does not match the build`);
    return response;
}

async function precache() {
    const cache = await caches.open(CACHE);
    const old = await reusable();
    await Promise.all(
        Object.entries(PRECACHE.files).map(async ([path, hash]) => {
            const url = siteURL(path);
            await cache.put(url, old.get(url) ?? (await download(path, hash)));
        }),
    );
    const index = new Response(JSON.stringify(PRECACHE.files), {
        headers: { "Content-Type": "application/json" },
    });
    await cache.put(siteURL(INDEX), index);
    await rawCopy(old.get(siteURL(rawOf(PRECACHE.snapshot ?? ""))));
}

/**
 * Once the files are cached: the snapshot's raw copy, taken over from an older version (`carried`,
 * the same snapshot) or else inflated. A failure (the quota, a damaged gzip) only leaves this
 * version without the copy: the install goes on.
 */
async function rawCopy(carried) {
    if (!PRECACHE.snapshot) return;
    try {
        if (carried) {
            await store(await caches.open(CACHE), siteURL(rawOf(PRECACHE.snapshot)), carried);
        } else {
            await keepRaw(PRECACHE.snapshot);
        }
    } catch (error) {
        console.info("Fusebox: the raw snapshot was not kept:", String(error));
    }
}

self.addEventListener("install", (event) => {
    // Take over at once: the page loads everything it needs at boot, so a running page cannot
    // ask the new version for a file of the old one. The raw copy is made before: the old
    // version serves meanwhile (a first visit's page is ready already), and the first boot the
    // new version serves can read it.
    event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
    event.waitUntil(
        (async () => {
            for (const name of await caches.keys()) {
                if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
            }
            await self.clients.claim();
        })(),
    );
});

/**
 * Keep the gzipped file `path` of this version (the memory snapshot) inflated in this version's
 * cache, under its address without ".gz": not a file of the site, never fetched from the network.
 * Streamed from the gzip into the cache: never all of it in memory. A gzip that fails its check
 * fails the stream, and then nothing is stored. The page checks the copy against the SHA-256 and
 * length the build wrote before it starts from it (web/js/snapshot-worker.js). Not tried again
 * in a version whose storage refused it once.
 */
async function keepRaw(path) {
    const raw = typeof path === "string" ? rawOf(path) : "";
    const listed = (name) => Object.hasOwn(PRECACHE.files, name);
    if (!listed(path) || raw === path || listed(raw)) {
        throw new Error(`${path}: not a gzipped file of this version`);
    }
    const cache = await caches.open(CACHE);
    const refused = refusal ?? (await (await cache.match(siteURL(REFUSED)))?.json())?.error;
    if (refused) throw new Error(`not tried again in this version, refused before: ${refused}`);
    const gzip = await cache.match(siteURL(path));
    if (!gzip?.ok) throw new Error(`${path}: not in the cache`);
    const body = gzip.body.pipeThrough(new DecompressionStream("gzip"));
    const headers = { "Content-Type": "application/octet-stream" };
    await store(cache, siteURL(raw), new Response(body, { headers }));
}

/** Put a raw copy in `cache`; a quota that refuses it is remembered there (REFUSED). */
async function store(cache, url, response) {
    try {
        await cache.put(url, response);
    } catch (error) {
        if (error?.name === "QuotaExceededError") {
            const why = new Response(JSON.stringify({ error: String(error) }), {
                headers: { "Content-Type": "application/json" },
            });
            await cache.put(siteURL(REFUSED), why).catch(() => {
                refusal = String(error);
            });
        }
        throw error;
    }
}

// A page's message `{keepRaw: path}` (after a boot from the gzip: the copy was refused by its
// check, or never made), answered on the port it sends: `{kept: true}`, or `{kept: false, error}`
// (a quota refused, say: the page boots from the gzip as before).
self.addEventListener("message", (event) => {
    const path = event.data?.keepRaw;
    if (path === undefined) return;
    const [port] = event.ports;
    event.waitUntil(
        keepRaw(path).then(
            () => port?.postMessage({ kept: true }),
            (error) => port?.postMessage({ kept: false, error: String(error) }),
        ),
    );
});

/** The cache key of a request: the page itself for a navigation to the site's root. */
function cacheKey(request) {
    if (request.mode !== "navigate") return request.url;
    const url = new URL(request.url);
    url.search = "";
    url.hash = "";
    return url.href === self.registration.scope ? siteURL("index.html") : url.href;
}

async function respond(request) {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(cacheKey(request), {
        ignoreSearch: request.mode === "navigate",
    });
    return cached ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
    event.respondWith(respond(request));
});
