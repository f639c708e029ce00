// Reads the memory snapshot off the main thread (web/js/runtime.mjs starts this worker).
//
// Asked for `{gzip, raw: {url, sha256, bytes}}`, it answers with the snapshot's bytes
// (transferred, not copied) and the way they came, or with an error message:
//   - "raw": the copy the service worker keeps inflated (sw.js, keepRaw: made once it has cached
//     the site, or taken over from the older version when the snapshot did not change), used
//     only if its length and its SHA-256 are the ones the build wrote. That copy has no gzip
//     CRC: a copy that fails the check (damaged, cut short, another build's) is deleted, and the
//     gzip is read instead (the page then asks the service worker to make the copy again).
//   - "gzip": the gzipped snapshot, inflated here (gzip checks every byte). Inflating some 38 MB
//     takes a few hundred milliseconds (more on a phone); on the page's thread it would hold up
//     Pyodide's own start (its 1 MB module is parsed there meanwhile).
// Both are read from the service worker's cache only: never from the network.

const now = () => performance.timeOrigin + performance.now();

/** The raw copy's bytes if the cache has a sound one; why not otherwise ("" when absent). */
async function readRaw({ url, sha256, bytes: length }, timings) {
    const response = await caches.match(url);
    if (!response?.ok) return { refused: "" };
    timings.read = now();
    const bytes = await response.arrayBuffer();
    timings.digest = now();
    if (bytes.byteLength !== length) {
        return { refused: `${bytes.byteLength} bytes instead of ${length}` };
    }
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    timings.checked = now();
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== sha256) return { refused: "its SHA-256 is not the build's" };
    return { bytes };
}

/** Delete `url` from every cache of the site (a refused copy is never read twice). */
async function forget(url) {
    for (const name of await caches.keys()) {
        if (name.startsWith("fusebox-")) await (await caches.open(name)).delete(url);
    }
}

async function readGzip(url) {
    const response = await caches.match(url);
    if (!response?.ok) throw new Error(`${url}: not in the cache`);
    const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
}

self.onmessage = async ({ data: { gzip, raw } }) => {
    const timings = { start: now() };
    try {
        let found = { refused: "" };
        try {
            if (raw) found = await readRaw(raw, timings);
        } catch (error) {
            found = { refused: String(error) };
        }
        if (found.bytes) {
            self.postMessage({ bytes: found.bytes, way: "raw", timings }, [found.bytes]);
            return;
        }
        // Deleted while the gzip is inflated.
        const forgotten = found.refused ? forget(raw.url) : Promise.resolve();
        const bytes = await readGzip(gzip);
        await forgotten.catch(() => {});
        timings.inflated = now();
        self.postMessage({ bytes, way: "gzip", refused: found.refused, timings }, [bytes]);
    } catch (error) {
        self.postMessage({ error: String(error) });
    }
};
