// Byte-accurate download progress for the boot files.
//
// Pyodide fetches its own files (the .wasm, the standard library), so the only way to see their
// bytes arrive is to look at the responses of `fetch`. While the boot runs, `fetch` is wrapped:
// a response for one of the boot files listed by the build is cloned and its clone read alongside,
// counting bytes; nothing else is touched, and the original `fetch` comes back once every boot file
// is counted. Files loaded as modules (pyodide.asm.mjs) are counted when the browser reports them
// complete. The sizes come from the build, so a compressing host does not skew the totals.

/** @typedef {{loaded: number, total: number}} Bytes */

/**
 * Watch the boot downloads and report progress.
 * @param {Record<string, number>} downloads site-relative URL -> size in bytes, from the build
 * @param {(bytes: Bytes) => void} onProgress called on every chunk
 * @returns {() => void} stop watching (restores `fetch`)
 */
export function trackDownloads(downloads, onProgress) {
    const base = document.baseURI;
    const remaining = new Map(
        Object.entries(downloads).map(([url, size]) => [new URL(url, base).href, size]),
    );
    const total = [...remaining.values()].reduce((sum, size) => sum + size, 0);
    let loaded = 0;

    const add = (count) => {
        loaded = Math.min(total, loaded + count);
        onProgress({ loaded, total });
    };

    // Count a file in full once, however it arrived (stream, module, or a cache with no body).
    const finish = (url, counted) => {
        const size = remaining.get(url);
        if (size === undefined) return;
        remaining.delete(url);
        add(Math.max(0, size - counted));
        if (remaining.size === 0) stop();
    };

    const countStream = async (url, body) => {
        const reader = body.getReader();
        let counted = 0;
        try {
            for (;;) {
                const { done, value } = await reader.read();
                if (done) break;
                const size = remaining.get(url) ?? 0;
                const step = Math.min(value.byteLength, Math.max(0, size - counted));
                counted += value.byteLength;
                if (step) add(step);
            }
        } catch {
            // The download failed; whoever asked for it reports the error.
            return;
        }
        finish(url, counted);
    };

    const originalFetch = globalThis.fetch;
    const trackingFetch = async function (...args) {
        const response = await originalFetch.apply(this, args);
        const url = response.url;
        if (remaining.has(url) && response.ok && response.body) {
            countStream(url, response.clone().body);
        }
        return response;
    };
    globalThis.fetch = trackingFetch;

    // Modules and anything already complete: the browser's resource timing says when they end.
    const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
            if (entry.name.endsWith(".mjs")) finish(entry.name, 0);
        }
    });
    observer.observe({ type: "resource", buffered: true });

    let stopped = false;
    function stop() {
        if (stopped) return;
        stopped = true;
        observer.disconnect();
        if (globalThis.fetch === trackingFetch) globalThis.fetch = originalFetch;
    }

    onProgress({ loaded, total });
    return stop;
}
