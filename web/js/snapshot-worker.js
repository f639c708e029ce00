// Gunzips the memory snapshot off the main thread (web/js/runtime.mjs starts this worker).
//
// Inflating some 30 MB takes a few hundred milliseconds on a phone; on the page's thread it would
// hold up Pyodide's own start (its 1 MB module is parsed there meanwhile). Asked for a URL, the
// worker answers with the gunzipped bytes (transferred, not copied), or with an error message.
// The snapshot is read from the service worker's cache only: never from the network.

self.onmessage = async ({ data: url }) => {
    try {
        const response = await caches.match(url);
        if (!response?.ok) throw new Error(`${url}: not in the cache`);
        const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
        const bytes = await new Response(stream).arrayBuffer();
        self.postMessage({ bytes }, [bytes]);
    } catch (error) {
        self.postMessage({ error: String(error) });
    }
};
