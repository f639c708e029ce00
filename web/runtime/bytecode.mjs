// Compile Python archives to bytecode for the browser's Python, at build time (run by build.py).
//
//     node bytecode.mjs PYODIDE_DIR OUT_DIR ARCHIVE...
//
// Importing a module from source means compiling it first, and in the browser that is about half
// of the cost of importing the engine. So build.py runs the very Pyodide the site ships, here in
// Node, to add a .pyc next to every .py of each archive (OUT_DIR gets archives of the same names).
// The .pyc files are hash-checked (PEP 552): Python uses one only if its source hash still matches
// the .py beside it, otherwise it compiles the source as usual; a stale .pyc can never run.
// Entries keep their order, timestamps and attributes, and the hash seed is fixed (frozenset
// constants are marshalled in hash order), so the same archives give the same bytes.

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


def with_bytecode(source: str, target: str) -> None:
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            payload = src.read(info)
            dst.writestr(entry(info, info.filename), payload, compresslevel=9)
            if info.filename.endswith(".py"):
                code = pyc(payload, info.filename)
                dst.writestr(entry(info, info.filename + "c"), code, compresslevel=9)
`;

async function main([pyodideDir, outDir, ...archives]) {
    if (!pyodideDir || !outDir || archives.length === 0) {
        throw new Error("usage: node bytecode.mjs PYODIDE_DIR OUT_DIR ARCHIVE...");
    }
    const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")));
    const pyodide = await loadPyodide({
        indexURL: resolve(pyodideDir) + "/",
        env: { PYTHONHASHSEED: "0" },
        stdout: (text) => console.log(text),
        stderr: (text) => console.error(text),
    });
    pyodide.runPython(COMPILE);
    const withBytecode = pyodide.globals.get("with_bytecode");
    for (const archive of archives) {
        pyodide.FS.writeFile("/tmp/source.zip", readFileSync(archive));
        withBytecode("/tmp/source.zip", "/tmp/target.zip");
        writeFileSync(join(outDir, basename(archive)), pyodide.FS.readFile("/tmp/target.zip"));
    }
    withBytecode.destroy();
}

main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
});
