// List the standard-library files the rules core needs (run by macros/publish/stdlib.py).
// Usage: node macros/publish/stdlib.mjs <site>/pyodide <out.json> <module>...
// Boots the published runtime with the whole standard library, installs the core wheel,
// imports every module of the core and every module the core's source names (also those
// imported inside functions: the named modules come as arguments), runs every calculator
// once with its defaults, then writes the files Python loaded from the standard library.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, out, ...named] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const manifest = JSON.parse(readFileSync(`${folder}/manifest.json`, "utf8"));
const pyodide = await loadPyodide({ indexURL: `${folder}/` });
pyodide.unpackArchive(new Uint8Array(readFileSync(`${folder}/${manifest.wheel}`)), "wheel");
pyodide.globals.set("named", pyodide.toPy(named));
const listed = pyodide.runPython(`
import importlib, json, pkgutil, sys
import calculators
from calculators.bridge import call
for info in pkgutil.walk_packages(calculators.__path__, "calculators."):
    importlib.import_module(info.name)
missing = []
for name in named:
    try:
        importlib.import_module(name)
    except ImportError:
        missing.append(name)
failed = [c["id"] for c in calculators.catalog() if not json.loads(call(c["id"], "{}"))["ok"]]
files = sorted({f for m in list(sys.modules.values()) if (f := getattr(m, "__file__", None))})
json.dumps({"files": files, "failed": failed, "missing": missing, "path": sys.path})
`);
writeFileSync(out, listed);
