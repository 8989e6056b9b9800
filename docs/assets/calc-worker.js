// Rulebinder calculator worker (a module worker): boots Pyodide from this site
// (never a CDN), installs the rules-core wheel and answers calculator requests.
// Boots when loaded. Messages in:  {type: "boot"} | {type: "run", req, calc, inputs, uid}
// Messages out: {type: "progress", stage, fraction} | {type: "ready", ms, snapshot}
//               {type: "answer", req, ms, ok, result?, html?, error?}
//               {type: "fatal", req?, message}
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url);
let booting = null;
let python = null; // the booted Pyodide, for the builder's entry point
let builderCall = null;

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

// A returning reader's runtime is in the service worker's cache (under a revisioned
// key, hence ignoreSearch). A first visit finds nothing there and starts at once.
async function cached(url) {
  if (!self.caches) return undefined;
  try {
    return await caches.match(url, { ignoreSearch: true });
  } catch {
    return undefined;
  }
}

// The memory snapshot the build made (Python started, the rules core imported), if the
// runtime is cached and the manifest names one: its bytes, gunzipped. A host that sent
// the file with Content-Encoding gzip has already unpacked it (no gzip magic number).
async function snapshotBytes(manifestPromise) {
  if (!(await cached(new URL("pyodide.asm.wasm", base)))) return null;
  const manifest = await manifestPromise;
  const hit = manifest.snapshot && (await cached(new URL(manifest.snapshot, base)));
  if (!hit) return null;
  let bytes = new Uint8Array(await hit.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
  }
  // Restoring a damaged or foreign snapshot aborts Python: check it is the one built.
  const magic = bytes.byteLength >= 4 ? new DataView(bytes.buffer).getUint32(0, true) : -1;
  if (bytes.byteLength !== manifest.snapshot_bytes || magic !== manifest.snapshot_magic) {
    console.warn("Rulebinder: the cached memory snapshot is not this build's; starting Python");
    return null;
  }
  return bytes;
}

async function startPython(manifestPromise) {
  let snapshot = null;
  try {
    snapshot = await snapshotBytes(manifestPromise);
  } catch (error) {
    console.warn("Rulebinder: the memory snapshot could not be read; starting Python", error);
  }
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({ indexURL: base.href, _loadSnapshot: snapshot });
      return { pyodide, snapshot: true };
    } catch (error) {
      console.warn("Rulebinder: the memory snapshot did not load; starting Python", error);
    }
  }
  return { pyodide: await loadPyodide({ indexURL: base.href }), snapshot: false };
}

async function boot() {
  const t0 = performance.now();
  progress("Starting Python", 0.15);
  // The rules-core wheel downloads while Python starts. loadPackage() does not
  // reject when a wheel URL answers 404, so the wheel is fetched here (status
  // checked) and unpacked into site-packages directly (also after a snapshot, which
  // holds Python's memory but not its files).
  const manifestPromise = fetchOk(new URL("manifest.json", base)).then((r) => r.json());
  const wheelPromise = manifestPromise
    .then((manifest) => fetchOk(new URL(manifest.wheel, base)))
    .then((response) => response.arrayBuffer());
  manifestPromise.catch(() => {}); // reported when awaited below
  wheelPromise.catch(() => {});
  const { pyodide, snapshot } = await startPython(manifestPromise);
  progress("Loading the rules core", 0.75);
  pyodide.unpackArchive(await wheelPromise, "wheel");
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
  if (message.type !== "run" && message.type !== "builder") return;
  const t0 = performance.now();
  let answer;
  try {
    if (message.type === "builder") {
      builderCall ??= python.runPython("from calculators.builders import call\ncall");
      answer = JSON.parse(builderCall(JSON.stringify(message.request ?? {})));
    } else {
      answer = JSON.parse(call(message.calc, JSON.stringify(message.inputs ?? {}), message.uid));
    }
  } catch (error) {
    answer = { ok: false, error: { field: "", message: String(error?.message ?? error) } };
  }
  postMessage({ type: "answer", req: message.req, ms: performance.now() - t0, ...answer });
};
