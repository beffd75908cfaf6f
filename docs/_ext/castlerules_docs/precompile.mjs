// Compile Python to bytecode with the Pyodide runtime the Play page ships, at docs build time, so
// the page does not compile the standard library and castlerules from source on every visit
// (Pyodide reads bytecode but never writes it: sys.dont_write_bytecode is set).
//
//   node precompile.mjs PYODIDE_DIR OUT_DIR [--stdlib] [--skip REGEX] [WHEEL ...]
//
// --stdlib writes OUT_DIR/python_stdlib.zip: the runtime's standard library as bytecode only
// (NAME.pyc where NAME.py was, which zipimport reads). Each WHEEL is written to OUT_DIR under its
// own name with __pycache__/NAME.cpython-3XY.pyc beside every module (its sources kept). The
// bytecode is "unchecked-hash" .pyc: valid whatever the files' dates after unpacking. Modules of a
// wheel whose path matches --skip (parts the page never imports) keep their sources only.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, outDir, ...rest] = process.argv.slice(2);
const stdlib = rest.includes("--stdlib");
const skipAt = rest.indexOf("--skip");
const skip = skipAt >= 0 ? rest[skipAt + 1] : "(?!)";
const wheels = rest.filter((a, i) => a !== "--stdlib" && i !== skipAt && i !== skipAt + 1);
const runtime = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime });
pyodide.FS.mkdirTree("/build/in");
pyodide.FS.mkdirTree("/build/out");
wheels.forEach((w, i) => pyodide.FS.writeFile(`/build/in/${i}.whl`, new Uint8Array(readFileSync(w))));
pyodide.globals.set("WHEELS", wheels.length);
pyodide.globals.set("STDLIB", stdlib);
pyodide.globals.set("SKIP", skip);
pyodide.runPython(`
import compileall, os, py_compile, re, sys, sysconfig, zipfile

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
EPOCH = (1980, 1, 1, 0, 0, 0)
TAG = sys.implementation.cache_tag


def extract(archive, folder):
    with zipfile.ZipFile(archive) as z:
        z.extractall(folder)
        return [i.filename for i in z.infolist()]


def compile_tree(folder, shown_as):
    if not compileall.compile_dir(folder, ddir=shown_as, quiet=1, invalidation_mode=UNCHECKED, workers=1):
        raise SystemExit(f"compiling {shown_as} failed")


def write(zip_path, entries):
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, path in entries:
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            if path is None:  # a folder
                out.writestr(info, b"")
                continue
            with open(path, "rb") as f:
                out.writestr(info, f.read())


if STDLIB:
    names = extract(sys.path[1], "/build/stdlib")
    compile_tree("/build/stdlib", sys.path[1])
    entries = []
    for name in names:
        path = os.path.join("/build/stdlib", name)
        if name.endswith("/"):
            entries.append((name, None))
            continue
        if name.endswith(".py"):
            folder, _, module = name.rpartition("/")
            cached = os.path.join("/build/stdlib", folder, "__pycache__", f"{module[:-3]}.{TAG}.pyc")
            entries.append((name + "c", cached))
        else:
            entries.append((name, path))
    write("/build/out/python_stdlib.zip", entries)

purelib = sysconfig.get_paths()["purelib"]
for i in range(WHEELS):
    folder = f"/build/wheel{i}"
    names = [n for n in extract(f"/build/in/{i}.whl", folder) if not n.endswith("/")]
    compile_tree(folder, purelib)
    cached = []
    for root, _, files in os.walk(folder):
        for f in files:
            path = os.path.join(root, f)
            if f.endswith(".pyc") and not re.search(SKIP, os.path.relpath(path, folder)):
                cached.append((os.path.relpath(path, folder), path))
    write(f"/build/out/{i}.whl", [(n, os.path.join(folder, n)) for n in names] + sorted(cached))
`);
if (stdlib) writeFileSync(join(outDir, "python_stdlib.zip"), pyodide.FS.readFile("/build/out/python_stdlib.zip"));
wheels.forEach((w, i) => writeFileSync(join(outDir, basename(w)), pyodide.FS.readFile(`/build/out/${i}.whl`)));
