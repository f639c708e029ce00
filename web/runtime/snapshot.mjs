// Make the page's memory snapshot at build time, with the site's own Pyodide (run by build.py).
//
//     node snapshot.mjs PYODIDE_DIR OUT_FILE --python-stdlib ZIP --folder DIR --env JSON
//                       --stdlib NAME,... --packages NAME,... --skip NAME,... ARCHIVE...
//
// A returning player's page starts Pyodide from this snapshot instead of booting it: the
// interpreter's memory as it is here, once the page's code is imported. What is imported:
//   - every module of the --packages (the page's shell, each game's page package and engine
//     package: build.py derives the list from the registry), found by walking the packages in the
//     archives, so a module added or renamed is in the next build's snapshot with no list to edit;
//     modules whose last name is in --skip (command-line entry points) are left out;
//   - the --stdlib modules (build.py's STDLIB_BYTECODE: the standard library the page imports
//     itself, e.g. PyScript's `html`); the packages bring the rest of what they import.
// A module that cannot be imported outside a page (one that reads the DOM at import time, say)
// is left out and named in the report: the page imports it from its archive when it needs it.
//
// Writes OUT_FILE (the snapshot, uncompressed) and OUT_FILE.json (a report: the modules in the
// snapshot, those left out and why, the memory size).
//
// --python-stdlib is the standard library the site ships in place of Pyodide's (build.py): the
// snapshot's Python remembers where each module is in it, so the page must load the same file.
//
// The file system is not in the snapshot (it lives in JavaScript, not in Python's memory): the
// page writes the same archives at the same paths (under --folder, in this order on sys.path)
// before Python reads them again. Nothing may be frozen that later code reads as fresh: the page
// reseeds `random` and re-reads the time zone after a snapshot boot (fusebox_web.shell.thaw), and
// this script refuses a module that made its own unseeded random.Random at import time. The build
// is reproducible: the hash seed is fixed, and so are the clock and the random bytes Python sees
// here (they would otherwise leave different bytes in memory at every build).

import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const PRELOAD = `
import gc
import importlib
import json
import pkgutil
import random
import sys


def preload(packages: list[str], stdlib: list[str], skip: list[str]) -> str:
    left_out: dict[str, str] = {}

    def load(name: str):
        try:
            return importlib.import_module(name)
        except Exception as error:
            left_out[name] = f"{type(error).__name__}: {error}"
            return None

    def walk(package) -> None:
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            if info.name.rpartition(".")[2] in skip:
                continue
            module = load(info.name)
            if module is not None and info.ispkg:
                walk(module)

    for name in stdlib:
        importlib.import_module(name)  # the page's own imports: a missing one is a build error
    for name in packages:
        package = load(name)
        if package is not None and hasattr(package, "__path__"):
            walk(package)

    # A module-level random.Random() would deal the same numbers at every snapshot boot.
    frozen = sorted(
        f"{module_name}.{attribute}"
        for module_name, module in list(sys.modules.items())
        if module_name != "random" and isinstance(module, type(sys))
        for attribute, value in list(vars(module).items())
        if isinstance(value, random.Random) and not isinstance(value, random.SystemRandom)
    )
    if frozen:
        raise RuntimeError(
            "a random generator made at import time would be frozen in the snapshot (the same "
            f"numbers at every visit): {', '.join(frozen)}; make it when it is first needed"
        )
    gc.collect()
    return json.dumps({"modules": sorted(sys.modules), "left_out": left_out})
`;

function options(args) {
    const found = { positional: [] };
    for (let i = 0; i < args.length; i++) {
        if (args[i].startsWith("--")) found[args[i].slice(2)] = args[++i];
        else found.positional.push(args[i]);
    }
    return found;
}

const list = (text) => (text ?? "").split(",").filter(Boolean);

/** Make what Python sees of the clock and of random bytes the same at every build. */
function fixEnvironment() {
    Date.now = () => 0;
    // Monotonic time still moves forward (a clock that never moves could stall a wait).
    let now = 0;
    performance.now = () => (now += 0.001);
    // Pyodide asks node:crypto for random bytes (os.urandom, the seed `random` gets at import).
    const crypto = createRequire(import.meta.url)("node:crypto");
    let state = 0x9e3779b9;
    crypto.randomFillSync = (view) => {
        const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
        for (let i = 0; i < bytes.length; i++) {
            state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
            bytes[i] = state >>> 24;
        }
        return view;
    };
}

async function main(args) {
    const opts = options(args);
    const [pyodideDir, outFile, ...archives] = opts.positional;
    if (!pyodideDir || !outFile || !opts.folder || archives.length === 0) {
        throw new Error(
            "usage: node snapshot.mjs PYODIDE_DIR OUT_FILE --folder DIR [--python-stdlib ZIP] " +
                "[--env JSON] [--stdlib A,B] [--packages A,B] [--skip A,B] ARCHIVE...",
        );
    }
    fixEnvironment();
    const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")));
    const pyodide = await loadPyodide({
        indexURL: resolve(pyodideDir) + "/",
        stdLibURL: opts["python-stdlib"] && resolve(opts["python-stdlib"]),
        _makeSnapshot: true,
        // What a browser has (Node would name this script: argv[0], the `_` variable).
        _sysExecutable: "./this.program",
        env: JSON.parse(opts.env ?? "{}"),
        stdout: (text) => console.log(text),
        stderr: (text) => console.error(text),
    });
    // The archives at the paths, and in the sys.path order, that the page gives them.
    pyodide.FS.mkdirTree(opts.folder);
    const sysPath = pyodide.pyimport("sys").path;
    archives.forEach((archive, index) => {
        const path = `${opts.folder}/${basename(archive)}`;
        pyodide.FS.writeFile(path, readFileSync(archive));
        sysPath.insert(index, path);
    });
    sysPath.destroy();
    // Run in a namespace of its own: __main__ stays as a page finds it.
    const namespace = pyodide.toPy({});
    pyodide.runPython(PRELOAD, { globals: namespace });
    const preload = namespace.get("preload");
    const report = JSON.parse(
        preload(
            pyodide.toPy(list(opts.packages)),
            pyodide.toPy(list(opts.stdlib)),
            pyodide.toPy(list(opts.skip)),
        ),
    );
    preload.destroy();
    namespace.destroy();
    const gc = pyodide.pyimport("gc");
    gc.collect(); // the namespace and its function hold each other
    gc.destroy();
    const snapshot = pyodide.makeMemorySnapshot();
    writeFileSync(outFile, snapshot);
    report.bytes = snapshot.length;
    writeFileSync(`${outFile}.json`, JSON.stringify(report, null, 1));
}

main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
});
