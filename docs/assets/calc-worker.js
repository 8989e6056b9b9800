// Rulebinder calculator worker (a module worker): boots Pyodide from this site
// (never a CDN), installs the rules-core wheel and answers calculator requests.
// Boots when loaded. Messages in:  {type: "boot"} | {type: "run", req, calc, inputs, uid}
//               | {type: "builder" | "tracker", req, request}
// Messages out: {type: "progress", stage, fraction} | {type: "ready", ms, snapshot}
//               {type: "answer", req, ms, ok, result?, html?, error?}
//               {type: "fatal", req?, message}
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url);
// The build writes pyodide/manifest.json here too (macros/runtime.py, inline_manifest),
// so the snapshot and the wheel are asked for at once; without it, it is fetched.
const BUILT_MANIFEST = null;
let booting = null;
let python = null; // the booted Pyodide, for the builder's entry point
let builderCall = null;
let trackerCall = null;
let installFiles = () => false; // puts the core's files in place once; true if it did now

function progress(stage, fraction) {
  postMessage({ type: "progress", stage, fraction });
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url.pathname} could not be loaded (HTTP ${response.status})`);
  }
  return response;
}

// The memory snapshot the build made (Python started, the rules core imported and run
// once), if the manifest names one: gzipped, unpacked as it arrives, then checked
// against the manifest, since restoring a damaged or foreign snapshot aborts Python.
// Rejects otherwise (also when a host already unpacked it: no gzip header).
async function snapshotBytes(manifest) {
  const response = await fetchOk(new URL(manifest.snapshot, base));
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
  const magic = bytes.byteLength >= 4 ? new DataView(bytes.buffer).getUint32(0, true) : -1;
  if (bytes.byteLength !== manifest.snapshot_bytes || magic !== manifest.snapshot_magic) {
    throw new Error("the memory snapshot is not this build's");
  }
  return bytes;
}

// Python restored from the snapshot, or started normally when there is none or it
// fails (Pyodide's snapshot API is private: the build pins the version it tested).
async function startPython(manifest) {
  if (manifest.snapshot) {
    try {
      const bytes = snapshotBytes(manifest);
      bytes.catch(() => {}); // reported by loadPyodide, which awaits it
      const pyodide = await loadPyodide({ indexURL: base.href, _loadSnapshot: bytes });
      return { pyodide, snapshot: true };
    } catch (error) {
      console.warn("Rulebinder: starting Python without the memory snapshot:", error);
    }
  }
  return { pyodide: await loadPyodide({ indexURL: base.href }), snapshot: false };
}

async function boot() {
  const t0 = performance.now();
  progress("Starting Python", 0.15);
  // The rules-core wheel downloads while Python starts. loadPackage() does not
  // reject when a wheel URL answers 404, so the wheel is fetched here (status
  // checked) and unpacked into site-packages directly. A snapshot holds Python's
  // memory (the core imported, every calculator run once) but not its files: they
  // are unpacked after the first answers (see onmessage), not before them.
  // Pyodide's runtime script (1 MB of JavaScript) loads now, beside the manifest and the
  // snapshot; loadPyodide() then finds it loaded (or waits for the same import).
  import(new URL("pyodide.asm.js", base).href).catch(() => {}); // loadPyodide reports it
  const manifest =
    BUILT_MANIFEST ?? (await fetchOk(new URL("manifest.json", base)).then((r) => r.json()));
  const wheelPromise = fetchOk(new URL(manifest.wheel, base)).then((r) => r.arrayBuffer());
  wheelPromise.catch(() => {}); // reported when awaited below
  const { pyodide, snapshot } = await startPython(manifest);
  progress("Loading the rules core", 0.75);
  const wheel = await wheelPromise;
  let installed = false;
  installFiles = () => {
    if (installed) return false;
    installed = true;
    pyodide.unpackArchive(wheel, "wheel");
    return true;
  };
  if (!snapshot) installFiles();
  const call = pyodide.runPython("from calculators.bridge import call\ncall");
  python = pyodide;
  progress("Ready", 1);
  postMessage({ type: "ready", ms: performance.now() - t0, snapshot });
  return call;
}

// Boot as soon as this module runs: the page creates the worker only to use it,
// and a message posted at creation is only handed over once the page's main
// thread is free, which on a busy page start is a few hundred ms later.
booting = boot();
booting.catch(() => {}); // a failure is answered to the first message, below

self.onmessage = async (event) => {
  const message = event.data || {};
  let call;
  try {
    booting ??= boot();
    call = await booting;
  } catch (error) {
    booting = null;
    postMessage({ type: "fatal", req: message.req, message: String(error?.message ?? error) });
    return;
  }
  if (!["run", "builder", "tracker"].includes(message.type)) return;
  if (message.type !== "run") installFiles(); // the builders and trackers read data files
  const t0 = performance.now();
  let answer;
  try {
    if (message.type === "builder") {
      builderCall ??= python.runPython("from calculators.builders import call\ncall");
      answer = JSON.parse(builderCall(JSON.stringify(message.request ?? {})));
    } else if (message.type === "tracker") {
      trackerCall ??= python.runPython("from calculators.tracker import call\ncall");
      answer = JSON.parse(trackerCall(JSON.stringify(message.request ?? {})));
    } else {
      const run = () => JSON.parse(call(message.calc, JSON.stringify(message.inputs ?? {}), message.uid));
      answer = run();
      // Before the files are in place (after a snapshot), an answer that is not a
      // result may have needed one: put them in place and ask again.
      if (!answer.ok && installFiles()) answer = run();
    }
  } catch (error) {
    answer = { ok: false, error: { field: "", message: String(error?.message ?? error) } };
  }
  postMessage({ type: "answer", req: message.req, ms: performance.now() - t0, ...answer });
  setTimeout(installFiles, 0); // after a snapshot: the files, once the first answers are out
};
