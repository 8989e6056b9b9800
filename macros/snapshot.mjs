// Make a memory snapshot of Pyodide with the rules core imported (run by macros/snapshot.py).
// Usage: node macros/snapshot.mjs <site>/pyodide <out-file>
// Boots the published runtime (the same files the browser gets), installs the core wheel,
// imports every calculator, then writes Pyodide's memory snapshot. The snapshot API is
// private in Pyodide 0.29 (`_makeSnapshot`, `makeMemorySnapshot`, `_loadSnapshot`), so the
// build checks the pinned version first and the browser falls back to a normal boot.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const manifest = JSON.parse(readFileSync(`${folder}/manifest.json`, "utf8"));
const pyodide = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(`${folder}/${manifest.wheel}`)), "wheel");
pyodide.runPython("import json\nimport calculators\nimport calculators.bridge\ncalculators.catalog()");
writeFileSync(out, pyodide.makeMemorySnapshot());
