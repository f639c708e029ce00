// Compile Python archives to bytecode for the browser's Python, at build time (run by build.py).
//
//     node bytecode.mjs PYODIDE_DIR OUT_DIR [--stdlib NAME,NAME...] ARCHIVE...
//
// Importing a module from source means compiling it first, and in the browser that is about half
// of the cost of importing the engine. So build.py runs the very Pyodide the site ships, here in
// Node, to add a .pyc next to every .py of each archive (OUT_DIR gets archives of the same names).
// The .pyc files are hash-checked (PEP 552): Python uses one only if its source hash still matches
// the .py beside it, otherwise it compiles the source as usual; a stale .pyc can never run.
// Entries keep their order, timestamps and attributes, and the hash seed is fixed (frozenset
// constants are marshalled in hash order), so the same archives give the same bytes.
//
// Also writes OUT_DIR/python_stdlib.zip: Pyodide's own standard library, in which each module that
// Pyodide's boot imports (some 140: asyncio, typing, inspect, re, json...) is compiled, bytecode
// instead of source. Pyodide compiles them at every boot otherwise, which is most of the time a
// first visit waits for Python to start (the page ships this file in place of Pyodide's).
//
// --stdlib also writes OUT_DIR/stdlib.zip: the named top-level modules and packages of Pyodide's
// own standard library, bytecode only. Pyodide ships its standard library as sources, so every
// module the page imports after Pyodide's boot would be compiled in the browser on every visit;
// the page puts this archive ahead of the standard library on sys.path instead. A package goes in
// whole: its submodules are looked up in the package's folder, not on sys.path.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const COMPILE = `
import importlib.util
import marshal
import zipfile

CHECKED_HASH = 0b11  # PEP 552 flags: hash-based, check the source


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + CHECKED_HASH.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def entry(template: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=template.date_time)
    info.external_attr = template.external_attr
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


UNCHECKED_HASH = 0b01  # PEP 552 flags: hash-based, not checked (there is no source beside it)


def stdlib_bytecode(names: list[str], target: str) -> None:
    import sys

    home = next(p for p in sys.path if p.endswith(".zip"))  # Pyodide's zipped standard library
    with zipfile.ZipFile(home) as stdlib:
        sources = {}
        for name in names:
            if "." in name:
                raise ValueError(f"{name}: a top-level module or package only")
            found = [n for n in stdlib.namelist() if n == f"{name}.py" or (n.startswith(f"{name}/") and n.endswith(".py"))]
            if not found:
                raise ValueError(f"{name}: not in the standard library")
            sources.update({n: stdlib.read(n) for n in found})
    epoch = (1980, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(target, "w") as dst:
        for name in sorted(sources):
            source = sources[name]
            # Compiled under its path in the standard library, so tracebacks name the real file.
            code = compile(source, f"{home}/{name}", "exec", dont_inherit=True)
            header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little")
            info = zipfile.ZipInfo(name + "c", date_time=epoch)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            payload = header + importlib.util.source_hash(source) + marshal.dumps(code)
            dst.writestr(info, payload, compresslevel=9)


def boot_bytecode(boot: list[str], target: str) -> None:
    """Pyodide's standard library with the modules named in \`boot\` as bytecode only, the other
    entries as they are, in the same order."""
    import sys

    home = next(p for p in sys.path if p.endswith(".zip"))
    wanted = set(boot)
    with zipfile.ZipFile(home) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            payload = src.read(info)
            name = info.filename
            module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            if not (name.endswith(".py") and module in wanted):
                dst.writestr(info, payload, compresslevel=9)  # as it was (stored or deflated)
                continue
            code = compile(payload, f"{home}/{name}", "exec", dont_inherit=True)
            header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little")
            pyc = header + importlib.util.source_hash(payload) + marshal.dumps(code)
            dst.writestr(entry(info, name + "c"), pyc, compresslevel=9)


def with_bytecode(source: str, target: str) -> None:
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            payload = src.read(info)
            dst.writestr(entry(info, info.filename), payload, compresslevel=9)
            if info.filename.endswith(".py"):
                code = pyc(payload, info.filename)
                dst.writestr(entry(info, info.filename + "c"), code, compresslevel=9)
`;

async function main([pyodideDir, outDir, ...rest]) {
    let stdlib = [];
    if (rest[0] === "--stdlib") {
        stdlib = rest[1].split(",").filter(Boolean);
        rest = rest.slice(2);
    }
    const archives = rest;
    if (!pyodideDir || !outDir || archives.length === 0) {
        throw new Error("usage: node bytecode.mjs PYODIDE_DIR OUT_DIR [--stdlib NAME,NAME...] ARCHIVE...");
    }
    const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")));
    const pyodide = await loadPyodide({
        indexURL: resolve(pyodideDir) + "/",
        env: { PYTHONHASHSEED: "0" },
        stdout: (text) => console.log(text),
        stderr: (text) => console.error(text),
    });
    // What Pyodide's boot imported from its standard library, before anything else runs.
    const boot = pyodide.runPython(
        "import sys\n" +
            "[n for n, m in sys.modules.items() if (getattr(m, '__file__', '') or '').startswith('/lib/python')]",
    );
    pyodide.runPython(COMPILE);
    const bootBytecode = pyodide.globals.get("boot_bytecode");
    bootBytecode(boot, "/tmp/python_stdlib.zip");
    writeFileSync(join(outDir, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/python_stdlib.zip"));
    bootBytecode.destroy();
    boot.destroy();
    const withBytecode = pyodide.globals.get("with_bytecode");
    for (const archive of archives) {
        pyodide.FS.writeFile("/tmp/source.zip", readFileSync(archive));
        withBytecode("/tmp/source.zip", "/tmp/target.zip");
        writeFileSync(join(outDir, basename(archive)), pyodide.FS.readFile("/tmp/target.zip"));
    }
    withBytecode.destroy();
    if (stdlib.length > 0) {
        const stdlibBytecode = pyodide.globals.get("stdlib_bytecode");
        stdlibBytecode(pyodide.toPy(stdlib), "/tmp/stdlib.zip");
        writeFileSync(join(outDir, "stdlib.zip"), pyodide.FS.readFile("/tmp/stdlib.zip"));
        stdlibBytecode.destroy();
    }
}

main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
});
