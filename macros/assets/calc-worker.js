// Rulebinder calculator worker (a module worker): boots Pyodide from this site
// (never a CDN), installs the rules-core wheel and answers calculator requests.
// Boots when loaded. Messages in:  {type: "boot"} | {type: "run", req, calc, inputs, uid}
//               | {type: "builder" | "tracker", req, request}
// Messages out: {type: "progress", stage, fraction} | {type: "ready", ms, snapshot}
//               {type: "answer", req, ms, ok, result?, html?, error?}
//               {type: "fatal", req?, message}
const base = new URL("../pyodide/", import.meta.url);
// The build writes pyodide/manifest.json here too (macros/publish/runtime.py, inline_manifest),
// so the snapshot and the wheel are asked for at once; without it, it is fetched.
const BUILT_MANIFEST = null;

// Every file Python needs is asked for the moment this worker runs, all at once: Pyodide's
// loader (pyodide.mjs) and runtime script, the WebAssembly, the standard library and the
// core wheel, rather than the WebAssembly and the library only once the loader has
// arrived and the snapshot is decided on (a round trip and more, on a phone's network).
// Pyodide then asks for the WebAssembly and the library with fetch(): it is handed the
// responses already on their way (each once), so nothing is downloaded twice.
const early = new Map();
const siteFetch = self.fetch.bind(self);
function askEarly(path) {
  const url = new URL(path, base).href;
  const response = siteFetch(url);
  response.catch(() => {}); // reported by whoever takes it
  early.set(url, response);
}
self.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const response = early.get(url);
  if (!response) return siteFetch(input, init);
  early.delete(url);
  return response;
};
const pyodideModule = import(new URL("pyodide.mjs", base).href);
pyodideModule.catch(() => {}); // reported by boot()
if (BUILT_MANIFEST) {
  ["pyodide.asm.wasm", BUILT_MANIFEST.stdlib ?? "python_stdlib.zip"].forEach(askEarly);
}
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

// Whether the memory snapshot pays: it saves Python's start (a second on a laptop, more on
// a phone) but costs 4.7 MB on the wire. Taken when the reader's offline copy holds it
// (free), or when the core wheel (0.6 MB, asked for with the WebAssembly and the library,
// and smaller than either) came at SNAPSHOT_BYTES_PER_MS or more (20 Mbit/s, while it
// shares the link with them): there the snapshot comes sooner than Python would start.
// Deciding after the wheel costs no time: the runtime is already on its way (askEarly).
// The speed is the wheel's own (Resource Timing: from its first byte to its last), not
// the time the worker took to notice it, which a busy CPU stretches.
const SNAPSHOT_BYTES_PER_MS = 2500;
async function inOfflineCopy(path) {
  try {
    return Boolean(self.caches && (await caches.match(new URL(path, base).href, { ignoreSearch: true })));
  } catch (error) {
    return false; // no Cache Storage here (an insecure origin, a private window)
  }
}
async function snapshotPays(manifest, wheel) {
  if (!manifest.snapshot) return false;
  const [kept, wheelKept] = await Promise.all([
    inOfflineCopy(manifest.snapshot),
    inOfflineCopy(manifest.wheel),
  ]);
  if (kept) return true;
  if (wheelKept) return false; // a wheel from the offline copy says nothing of the link
  try {
    await wheel;
  } catch (error) {
    return false; // reported when the wheel is awaited
  }
  const entry = performance.getEntriesByName(new URL(manifest.wheel, base).href).pop();
  if (!entry || !entry.encodedBodySize) return false;
  const ms = Math.max(entry.responseEnd - entry.responseStart, 1);
  return entry.encodedBodySize / ms >= SNAPSHOT_BYTES_PER_MS;
}

// Python restored from the snapshot, or started normally when there is none, the link is
// slow, or it fails (Pyodide's snapshot API is private: the build pins the version it
// tested). Both boot with the standard library the build trimmed to what the core uses.
async function startPython(manifest, useSnapshot) {
  const { loadPyodide } = await pyodideModule;
  const options = { indexURL: base.href };
  if (manifest.stdlib) options.stdLibURL = new URL(manifest.stdlib, base).href;
  if (useSnapshot) {
    try {
      const bytes = snapshotBytes(manifest);
      bytes.catch(() => {}); // reported by loadPyodide, which awaits it
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: bytes });
      return { pyodide, snapshot: true };
    } catch (error) {
      console.warn("Rulebinder: starting Python without the memory snapshot:", error);
    }
  }
  return { pyodide: await loadPyodide(options), snapshot: false };
}

// The trimmed standard library holds what the core was seen to import. Should Python
// import anything else (a module the build did not see), this finder fetches the whole
// library once (synchronously: imports are; a worker may) and imports it from there.
const FULL_STDLIB = `
import sys
from importlib.machinery import PathFinder

class RulebinderWholeStdlib:
    """Imports what the trimmed standard library lacks from the whole one, fetched once."""

    trimmed = "/lib/python313.zip"
    whole = "/lib/python313-whole.zip"

    def __init__(self, url, rest):
        self.url, self.rest, self.failed = url, set(rest), False

    def find_spec(self, name, path=None, target=None):
        if path is None and name not in self.rest:
            return None  # not a module of the library (an optional import, say)
        if path is not None:
            path = [p.replace(self.trimmed, self.whole, 1) for p in path if p.startswith(self.trimmed)]
            if not path:
                return None
        if self.whole not in sys.path and not self.fetch():
            return None
        return PathFinder.find_spec(name, path or [self.whole], target)

    def fetch(self):
        if self.failed:
            return False
        from js import XMLHttpRequest
        request = XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.responseType = "arraybuffer"
        try:
            request.send(None)
            self.failed = request.status != 200
        except Exception:
            self.failed = True
        if self.failed:
            return False
        with open(self.whole, "wb") as out:
            out.write(request.response.to_bytes())
        sys.path.append(self.whole)
        print("Rulebinder: fetched the whole standard library for a module the trimmed one lacks")
        return True

sys.meta_path.append(RulebinderWholeStdlib(url, rest))
`;
function addWholeStdlib(pyodide, manifest) {
  if (!manifest.stdlib) return;
  const globals = pyodide.toPy({
    url: new URL("python_stdlib.zip", base).href,
    rest: manifest.stdlib_rest ?? [],
  });
  pyodide.runPython(FULL_STDLIB, { globals });
  globals.destroy();
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
  const useSnapshot = await snapshotPays(manifest, wheelPromise);
  const { pyodide, snapshot } = await startPython(manifest, useSnapshot);
  addWholeStdlib(pyodide, manifest);
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
