// Fusebox service worker: precaches the whole site so that, after one visit, the game loads and
// plays with the network cut.
//
// build.py writes this file into the site with `const PRECACHE = {version, files, snapshot}` on
// top: every file of the site with a hash of its content, a version that changes with any of them
// and with this code, and which of them is the gzipped memory snapshot. A new version installs
// next to the old one, reusing the files whose hash did not change (the Pyodide runtime, most of
// the time) and downloading the others, each checked against its hash (download) without being
// held whole: read back from the cache in pieces (Sha256).
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
// The same, for a storage so full that even that entry was refused: in this worker's memory, and
// in a cookie (RefusalCookie), which outlives the worker (the browser stops an idle one within a
// minute) and which the storage quota does not count.
let refusal = null;

const siteURL = (path) => new URL(path, self.registration.scope).href;

// SHA-256 (FIPS 180-4) fed piece by piece: Web Crypto has no incremental digest, and a precached
// file is checked as it streams into the cache, never held whole (a first visit's memory).
const SHA256_K = new Int32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

class Sha256 {
    constructor() {
        this.state = new Int32Array([
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
            0x5be0cd19,
        ]);
        this.words = new Int32Array(64);
        this.pending = new Uint8Array(64); // the start of a block not complete yet
        this.filled = 0; // bytes in `pending`
        this.length = 0; // bytes fed so far
        this.finished = false;
    }

    /** Feed `bytes` (a Uint8Array): every whole block is hashed at once, the rest kept. */
    update(bytes) {
        if (this.finished) throw new Error("SHA-256: fed after its digest");
        this.length += bytes.length;
        let at = 0;
        if (this.filled > 0) {
            at = Math.min(64 - this.filled, bytes.length);
            this.pending.set(bytes.subarray(0, at), this.filled);
            this.filled += at;
            if (this.filled < 64) return this;
            this.block(this.pending, 0);
            this.filled = 0;
        }
        for (; at + 64 <= bytes.length; at += 64) this.block(bytes, at);
        this.pending.set(bytes.subarray(at), 0);
        this.filled = bytes.length - at;
        return this;
    }

    /** The digest of everything fed, in hexadecimal (the end: no more can be fed). */
    hex() {
        if (this.finished) throw new Error("SHA-256: digest taken twice");
        // The padding: a 1 bit, zeros, then the length in bits (64 bits, big-endian).
        const tail = new Uint8Array(this.filled < 56 ? 64 : 128);
        tail.set(this.pending.subarray(0, this.filled));
        tail[this.filled] = 0x80;
        const view = new DataView(tail.buffer);
        view.setUint32(tail.length - 8, Math.floor(this.length / 0x20000000));
        view.setUint32(tail.length - 4, (this.length * 8) >>> 0);
        for (let at = 0; at < tail.length; at += 64) this.block(tail, at);
        this.finished = true;
        return [...this.state].map((word) => (word >>> 0).toString(16).padStart(8, "0")).join("");
    }

    /** Hash the 64 bytes of `bytes` from `at` into the state. */
    block(bytes, at) {
        const w = this.words;
        const k = SHA256_K;
        const s = this.state;
        for (let t = 0; t < 16; t++) {
            const i = at + 4 * t;
            w[t] = (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3];
        }
        for (let t = 16; t < 64; t++) {
            const x = w[t - 15];
            const y = w[t - 2];
            const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
            const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
            w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
        }
        let a = s[0];
        let b = s[1];
        let c = s[2];
        let d = s[3];
        let e = s[4];
        let f = s[5];
        let g = s[6];
        let h = s[7];
        for (let t = 0; t < 64; t++) {
            const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
            const t1 = (h + S1 + ((e & f) ^ (~e & g)) + k[t] + w[t]) | 0;
            const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
            const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
            h = g;
            g = f;
            f = e;
            e = (d + t1) | 0;
            d = c;
            c = b;
            b = a;
            a = (t1 + t2) | 0;
        }
        s[0] += a;
        s[1] += b;
        s[2] += c;
        s[3] += d;
        s[4] += e;
        s[5] += f;
        s[6] += g;
        s[7] += h;
    }
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

/**
 * Put the file `path` from the network in `cache`, checked against `hash` (the first 16 hexadecimal
 * digits of its SHA-256), without ever holding it whole: the network's response goes straight
 * into the cache (its body never passes through this worker's JavaScript: hashing it on its way
 * there, through a TransformStream, lowered nothing in `bench firstvisit`), then is read back from
 * the cache in pieces, hashed as they come (Sha256). A file whose hash is wrong is deleted before
 * the install can end: this version's cache is served by nobody until its install has ended (the
 * older version serves meanwhile), so such a file is never served, nor kept.
 */
async function download(cache, path, hash) {
    const url = siteURL(path);
    // "no-cache": revalidate with the server, so a stale HTTP-cached copy is never precached.
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await cache.put(url, response);
    const sha = new Sha256();
    let sound = false;
    try {
        const reader = (await cache.match(url)).body.getReader();
        for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
            sha.update(piece.value);
        }
        sound = sha.hex().slice(0, 16) === hash;
    } finally {
        if (!sound) await cache.delete(url);
    }
    // A host that serves a mix of two deploys fails here; the next visit tries again.
    if (!sound) throw new Error(`${path}: content does not match the build`);
}

async function precache() {
    const cache = await caches.open(CACHE);
    const old = await reusable();
    await Promise.all(
        Object.entries(PRECACHE.files).map(async ([path, hash]) => {
            const url = siteURL(path);
            if (old.has(url)) await cache.put(url, old.get(url));
            else await download(cache, path, hash);
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
    refusal ??= await RefusalCookie.recall();
    const refused = refusal ?? (await (await cache.match(siteURL(REFUSED)))?.json())?.error;
    if (refused) throw new Error(`not tried again in this version, refused before: ${refused}`);
    const gzip = await cache.match(siteURL(path));
    if (!gzip?.ok) throw new Error(`${path}: not in the cache`);
    const body = gzip.body.pipeThrough(new DecompressionStream("gzip"));
    const headers = { "Content-Type": "application/octet-stream" };
    await store(cache, siteURL(raw), new Response(body, { headers }));
    await RefusalCookie.forget();
}

/**
 * Where a refusal that the cache could not hold either is remembered: a cookie (which the storage
 * quota does not count) naming this version (a new version tries again) and the error's name.
 * Chromium lets a service worker read only the cookies of its own scope, so the site's requests
 * carry it (some 40 bytes) while it lasts: from such a refusal until a copy is kept. Any failure
 * here (no cookieStore, cookies blocked) leaves the refusal in this worker's memory only, as
 * before: it never fails a boot or an install.
 */
const RefusalCookie = {
    name: "fusebox-raw-refused",
    path: () => new URL(self.registration.scope).pathname,

    async remember(error) {
        try {
            await cookieStore.set({
                name: this.name,
                value: `${PRECACHE.version}:${error?.name ?? "Error"}`,
                path: this.path(),
                expires: Date.now() + 365 * 24 * 3600 * 1000,
                sameSite: "strict",
            });
        } catch (failure) {
            console.info("Fusebox: the refusal is remembered by this worker only:", String(failure));
        }
    },

    /** The refusal this version remembered, or undefined. */
    async recall() {
        try {
            const value = (await cookieStore.get(this.name))?.value ?? "";
            const [version, name] = value.split(":");
            if (version === PRECACHE.version && name) return `${name} (remembered in a cookie)`;
        } catch {
            // No cookie to read: nothing remembered.
        }
        return undefined;
    },

    async forget() {
        try {
            await cookieStore.delete({ name: this.name, path: this.path() });
        } catch {
            // Nothing to forget.
        }
    },
};

/** Put a raw copy in `cache`; a quota that refuses it is remembered there (REFUSED). */
async function store(cache, url, response) {
    try {
        await cache.put(url, response);
    } catch (error) {
        if (error?.name === "QuotaExceededError") {
            const why = new Response(JSON.stringify({ error: String(error) }), {
                headers: { "Content-Type": "application/json" },
            });
            await cache.put(siteURL(REFUSED), why).catch(async () => {
                refusal = String(error);
                await RefusalCookie.remember(error);
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
