// Rulebinder calculator worker (a module worker): boots Pyodide from this site
// (never a CDN), installs the rules-core wheel and answers calculator requests.
// Boots when loaded. Messages in:  {type: "boot"} | {type: "run", req, calc, inputs, uid}
// Messages out: {type: "progress", stage, fraction} | {type: "ready", ms}
//               {type: "answer", req, ms, ok, result?, html?, error?}
//               {type: "fatal", req?, message}
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url);
let booting = null;
let python = null; // the booted Pyodide, for the builder's entry point
let builderCall = null;
let trackerCall = null;

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

async function boot() {
  const t0 = performance.now();
  progress("Starting Python", 0.15);
  // The rules-core wheel downloads while Python starts. loadPackage() does not
  // reject when a wheel URL answers 404, so the wheel is fetched here (status
  // checked) and unpacked into site-packages directly.
  const wheelPromise = fetchOk(new URL("manifest.json", base))
    .then((response) => response.json())
    .then((manifest) => fetchOk(new URL(manifest.wheel, base)))
    .then((response) => response.arrayBuffer());
  wheelPromise.catch(() => {}); // reported when awaited below
  const pyodide = await loadPyodide({ indexURL: base.href });
  progress("Loading the rules core", 0.75);
  pyodide.unpackArchive(await wheelPromise, "wheel");
  const call = pyodide.runPython("from calculators.bridge import call\ncall");
  python = pyodide;
  progress("Ready", 1);
  postMessage({ type: "ready", ms: performance.now() - t0 });
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
      answer = JSON.parse(call(message.calc, JSON.stringify(message.inputs ?? {}), message.uid));
    }
  } catch (error) {
    answer = { ok: false, error: { field: "", message: String(error?.message ?? error) } };
  }
  postMessage({ type: "answer", req: message.req, ms: performance.now() - t0, ...answer });
};
