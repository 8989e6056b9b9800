// Rulebinder calculators: progressive enhancement of the prerendered forms.
// Pages without a `.rb-calc` element never start the worker, so they load no Pyodide.
// The worker is started once, as soon as a page with a calculator opens, and reused across
// pages under Material's instant navigation.
(() => {
  "use strict";
  const script = document.currentScript;
  const workerUrl = new URL("calc-worker.js", script ? script.src : location.href);
  let worker = null;
  let state = "idle"; // idle | booting | ready | failed
  let failure = "";
  let counter = 0;
  const pending = new Map(); // req -> {calc, started, roll}
  const calcs = new Set(); // calculators on the current page
  const calls = new Map(); // req -> {resolve, reject}: answers owed to window.rbEngine
  const waiting = []; // rbEngine messages posted before the engine was ready
  const listeners = new Set(); // rbEngine.onProgress listeners
  let progress = null; // the boot's latest {stage, fraction}

  const $ = (root, selector) => root.querySelector(selector);

  function setStatus(calc, text) {
    $(calc.el, ".rb-status").textContent = text;
  }

  function broadcast(fn) {
    calcs.forEach((calc) => document.contains(calc.el) && fn(calc));
  }

  function startWorker() {
    if (worker || state === "failed") return;
    state = "booting";
    try {
      worker = new Worker(workerUrl, { type: "module" });
    } catch (error) {
      fail(String(error));
      return;
    }
    progress = { stage: "Loading the calculator engine", fraction: 0.05 };
    broadcast(showBoot);
    worker.onmessage = (event) => receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || "the calculator engine could not start");
    };
    worker.postMessage({ type: "boot" });
  }

  function fail(message) {
    state = "failed";
    failure = message;
    broadcast(showFailure);
    waiting.length = 0;
    const error = new Error(message);
    calls.forEach((job) => job.reject(error));
    calls.clear();
    announce();
  }

  // Tells the rest of the site (offline.js) that the engine is up or has failed:
  // it then registers the service worker and keeps the runtime for offline use.
  function announce() {
    window.dispatchEvent(new CustomEvent("rulebinder:engine", { detail: { state } }));
  }

  function showFailure(calc) {
    calc.el.dataset.state = "failed";
    $(calc.el, ".rb-progress").hidden = true;
    setStatus(calc, `Live calculation is unavailable (${failure}). The result shown is for ` +
      "the default inputs, computed when the site was built.");
  }

  // Progress is shown where a reader waits: on a calculator computing an answer (the one the
  // URL names, or one changed) or one the reader has touched. A calculator showing the
  // build's result for its defaults keeps it and its place until the engine is up: twelve
  // progress bars and messages on a page of calculators relaid the whole page at every step.
  function waits(calc) {
    return !calc.asBuilt || calc.touched;
  }

  function showBoot(calc) {
    if (state === "booting" && progress && waits(calc)) {
      showProgress(calc, progress.stage, progress.fraction);
    }
  }

  function showProgress(calc, stage, fraction) {
    const bar = $(calc.el, ".rb-progress");
    bar.hidden = false;
    bar.value = fraction;
    calc.el.dataset.state = "loading";
    setStatus(calc, `${stage}… (the first start takes a few seconds)`);
  }

  function receive(message) {
    if (message.type === "answer" && calls.has(message.req)) {
      calls.get(message.req).resolve(message);
      calls.delete(message.req);
      return;
    }
    if (message.type === "progress") {
      progress = { stage: message.stage, fraction: message.fraction };
      broadcast(showBoot);
      listeners.forEach((listener) => listener(message));
    } else if (message.type === "ready") {
      state = "ready";
      window.rbEngineInfo = { ms: message.ms, snapshot: Boolean(message.snapshot) };
      broadcast((calc) => {
        $(calc.el, ".rb-progress").hidden = true;
        calc.el.querySelectorAll("[data-action=roll]").forEach((b) => (b.disabled = false));
        if (calc.asBuilt) goLive(calc);
      });
      waiting.splice(0).forEach((message) => worker.postMessage(message));
      announce();
    } else if (message.type === "fatal") {
      fail(message.message);
    } else if (message.type === "answer") {
      const job = pending.get(message.req);
      pending.delete(message.req);
      if (job && job.req === job.calc.latest) show(job, message);
    }
  }

  function values(calc) {
    const inputs = {};
    for (const [name, raw] of calc.values) {
      if (raw !== "" && raw !== null && raw !== undefined) inputs[name] = raw;
    }
    return inputs;
  }

  function compute(calc, roll = false) {
    startWorker(); // once; a request posted while it boots is answered when it is up
    if (state === "failed") return showFailure(calc);
    calc.asBuilt = false; // its result will be this answer
    showBoot(calc);
    const req = ++counter;
    calc.latest = req;
    pending.set(req, { calc, req, roll, started: performance.now() });
    worker.postMessage({ type: "run", req, calc: calc.id, inputs: values(calc), uid: calc.el.id });
  }

  function clearErrors(calc) {
    calc.el.querySelectorAll(".rb-error").forEach((e) => (e.textContent = ""));
    calc.el.querySelectorAll("[aria-invalid]").forEach((e) => e.removeAttribute("aria-invalid"));
  }

  function show(job, answer) {
    const { calc } = job;
    clearErrors(calc);
    calc.el.dataset.answers = String(Number(calc.el.dataset.answers || 0) + 1);
    calc.el.dataset.ms = answer.ms.toFixed(2);
    calc.el.dataset.wall = (performance.now() - job.started).toFixed(2);
    if (answer.ok) {
      const result = $(calc.el, ".rb-result");
      // What the reader opened or closed stays so: the new answer has the same parts.
      const opened = [...result.querySelectorAll("details")].map((box) => box.open);
      result.innerHTML = answer.html; // built by Python with every value escaped
      result.querySelectorAll("details").forEach((box, i) => {
        if (i < opened.length) box.open = opened[i];
      });
      calc.el.dataset.state = "live";
      setStatus(calc, "Live result for the inputs above.");
      if (job.roll) logRoll(calc, answer);
      return;
    }
    const { field, message } = answer.error;
    if (field) mount(calc); // its form, to mark the field
    const slot = field && calc.el.querySelector(`#${CSS.escape(`${calc.el.id}-${field}-error`)}`);
    calc.el.dataset.state = "invalid";
    if (slot) {
      slot.textContent = message;
      const control = calc.form?.elements.namedItem(field);
      if (control) control.setAttribute("aria-invalid", "true");
      setStatus(calc, "Check the marked field; the result below is from the last valid inputs.");
    } else {
      setStatus(calc, message);
    }
  }

  function logRoll(calc, answer) {
    const log = $(calc.el, ".rb-log");
    const list = $(log, "ol");
    const item = document.createElement("li");
    const first = $(calc.el, ".rb-result .rb-out dd");
    const rolled = answer.result.rolled ? ` rolled ${JSON.stringify(answer.result.rolled)}` : "";
    item.textContent = `Seed ${calc.values.get("seed")}:${rolled} → ${first ? first.textContent : ""}`;
    list.prepend(item);
    while (list.children.length > 8) list.lastElementChild.remove();
    log.hidden = false;
  }

  function readField(control) {
    if (control.type === "checkbox") return control.checked ? "true" : "false";
    return control.value;
  }

  function writeField(control, raw) {
    if (control.type === "checkbox") {
      control.checked = ["true", "1", "yes", "on"].includes(String(raw).toLowerCase());
    } else {
      control.value = raw;
    }
  }

  function syncUrl(calc) {
    const params = new URLSearchParams();
    params.set("calc", calc.id);
    for (const input of calc.decl.inputs) {
      const raw = calc.values.get(input.name);
      const plain = input.default === null ? "" : String(input.default);
      if (raw !== undefined && String(raw) !== plain) params.set(input.name, raw);
    }
    const seed = calc.values.get("seed");
    if (seed) params.set("seed", seed);
    const query = params.toString() === `calc=${encodeURIComponent(calc.id)}` ? "" : `?${params}`;
    history.replaceState(history.state, "", `${location.pathname}${query}${location.hash}`);
  }

  // A calculator's form waits in a <template> until it is needed (macros/render/forms.py):
  // then it is put in place, shows the calculator's values and answers the reader.
  function mount(calc) {
    const template = $(calc.el, "template.rb-form");
    if (template) {
      template.replaceWith(template.content);
      $(calc.el, ".rb-inputs-folded")?.remove();
    }
    if (!calc.form) wire(calc);
    return calc.form;
  }

  function wire(calc) {
    const form = $(calc.el, "form");
    if (!form || calc.form) return;
    calc.form = form;
    for (const [name, raw] of calc.values) {
      const control = form.elements.namedItem(name);
      if (control && raw !== calc.defaults.get(name)) writeField(control, raw);
    }
    const changed = (event) => {
      const control = event.target;
      if (!control.name) return;
      calc.values.set(control.name, readField(control));
      const seedField = form.elements.namedItem("seed");
      if (control.name !== "seed" && seedField) {
        calc.values.delete("seed");
        seedField.value = "";
      }
      syncUrl(calc);
      compute(calc);
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("reset", () => {
      setTimeout(() => {
        calc.values = new Map(calc.defaults);
        syncUrl(calc);
        compute(calc);
      });
    });
    if (state === "ready") form.querySelectorAll("[data-action=roll]").forEach((b) => (b.disabled = false));
  }

  function setup(el) {
    const decl = JSON.parse(el.dataset.decl);
    const calc = { el, form: null, decl, id: decl.id, values: new Map(), latest: 0 };
    for (const input of decl.inputs) {
      calc.values.set(input.name, input.default === null ? "" : String(input.default));
    }
    calc.defaults = new Map(calc.values);
    const params = new URLSearchParams(location.search);
    const mine = window.rbCalcMine(el);
    let fromUrl = false;
    if (mine) {
      for (const name of [...decl.inputs.map((i) => i.name), ...(decl.rolls ? ["seed"] : [])]) {
        if (!params.has(name)) continue;
        calc.values.set(name, params.get(name));
        fromUrl = true;
      }
    }
    // Its inputs are the defaults and its result is the build's (nothing named it in the URL).
    calc.asBuilt =
      !fromUrl && el.dataset.state === "static" && Boolean($(el, ".rb-result").childElementCount);
    // Its script did not run (a page shown by the theme's instant navigation): as it would.
    const button = $(el, ".rb-open-form");
    if (button?.hidden && mine) mount(calc);
    else if (button) button.hidden = false;
    wire(calc); // a form already in place (its script put it there)
    el.addEventListener("click", (event) => {
      const action = event.target.closest("[data-action]")?.dataset.action;
      if (action === "roll") {
        const seed = crypto.getRandomValues(new Uint32Array(1))[0];
        calc.values.set("seed", String(seed));
        mount(calc).elements.namedItem("seed").value = String(seed);
        syncUrl(calc);
        compute(calc, true);
      } else if (action === "open") {
        mount(calc)?.querySelector("input, select")?.focus();
      } else if (action === "share") {
        syncUrl(calc);
        navigator.clipboard?.writeText(location.href).then(
          () => setStatus(calc, "Link copied: it opens this calculator with these inputs."),
          () => setStatus(calc, `Copy this link: ${location.href}`),
        );
      }
    });
    const touched = () => {
      calc.touched = true;
      showBoot(calc);
      begin();
    };
    for (const kind of ["pointerdown", "focusin", "touchstart"]) {
      el.addEventListener(kind, touched, { once: true, passive: true });
    }
    calcs.add(calc);
    if (state === "failed") showFailure(calc);
    if (fromUrl) setStatus(calc, "Calculating the inputs from the link…");
    el.rbSetUp = true;
  }

  // The engine for other page scripts (dice.js: inline rolls; builder.js: the character
  // builders). This script owns the one worker, so a page never starts two.
  // request(message) posts {...message, req} (starting the engine if needed) and resolves
  // with the worker's answer message; it rejects when the engine cannot start.
  // call(calcId, inputs) runs one calculator: {ok, result, html} or {ok: false, error}.
  // onProgress(listener) hears the boot's {stage, fraction} messages; it returns a
  // function that stops listening.
  function request(message) {
    return new Promise((resolve, reject) => {
      if (state === "failed") return reject(new Error(failure));
      const req = ++counter;
      calls.set(req, { resolve, reject });
      if (state === "ready") worker.postMessage({ ...message, req });
      else {
        waiting.push({ ...message, req });
        startWorker();
      }
    });
  }

  window.rbEngine = {
    get state() {
      return state;
    },
    request,
    call: (calc, inputs) => request({ type: "run", calc, inputs, uid: `rb-engine-${counter + 1}` }),
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  // Material's page-load progress bar has no accessible name (axe: aria-progressbar-name);
  // it stays across instant navigation, so naming it once is enough.
  document.querySelectorAll(".md-progress").forEach((bar) => {
    bar.setAttribute("aria-label", "Loading the page");
  });
  // The search dialog gets a name, and its count of results is announced as it changes.
  document.querySelectorAll(".md-search[role=dialog]").forEach((dialog) => {
    dialog.setAttribute("aria-label", "Search");
  });
  document.querySelectorAll(".md-search-result__meta").forEach((count) => {
    count.setAttribute("role", "status");
    count.setAttribute("aria-live", "polite");
  });

  // A long distribution's rows, a long table or a big picture wait in a <template>
  // (calculators/present.py) until the reader opens it: then they are put in place.
  document.addEventListener("toggle", (event) => {
    const box = event.target;
    if (!box.open || !box.matches?.(".rb-dist-table, .rb-fold")) return;
    box.querySelectorAll("template.rb-rows").forEach((rows) => rows.replaceWith(rows.content));
  }, true);

  // The calculator the URL names: ?calc=<id>, or #<its id, or an element inside it>.
  function named() {
    return [...calcs].find((calc) => window.rbCalcNamed(calc.el)) || null;
  }

  // Start the engine (it loads in a worker, off the main thread, so reading and scrolling
  // stay smooth while it boots) and ask for every calculator's answer: the one the URL
  // names first. The requests go at once: the worker answers them as soon as it is up.
  let begun = false;
  let watcher = null;
  let folder = null;

  // A folded form is put in place while its calculator is still below the screen (within a
  // screen of it), so it is there when the reader scrolls to it and nothing the reader sees
  // moves. One already on screen keeps its button. This starts when the reader first
  // scrolls (or touches, or presses a key), not at load: each form put in place relays and
  // repaints the page below it, work that a reader who came for one answer is spared.
  const MOVES = ["scroll", "wheel", "touchstart", "keydown"];
  function ahead(event) {
    if (!window.rbReaderMove(event)) return; // a #fragment's jump
    MOVES.forEach((kind) => removeEventListener(kind, ahead, true));
    unfoldAhead();
  }

  function unfoldAhead() {
    folder?.disconnect();
    let folded = [...calcs].filter((calc) => !calc.form);
    if (!folded.length) return;
    if (!("IntersectionObserver" in window)) {
      folded.forEach(mount);
      return;
    }
    // Where a form goes: put in place while that is below the screen, it moves nothing the
    // reader sees. The first move has scrolled already (its listeners are passive): those
    // within a screen below now, at once, then an observer for the rest.
    const place = (calc) => $(calc.el, ".rb-calc-inputs") || calc.el;
    const height = window.innerHeight;
    folded
      .filter((calc) => {
        const top = place(calc).getBoundingClientRect().top;
        return top >= height && top < 2 * height;
      })
      .forEach(mount);
    folded = folded.filter((calc) => !calc.form);
    const byPlace = new Map(folded.map((calc) => [place(calc), calc]));
    folder = new IntersectionObserver((seen) => {
      seen.forEach((entry) => {
        const calc = byPlace.get(entry.target);
        if (calc.form) folder.unobserve(entry.target);
        else if (entry.isIntersecting && entry.boundingClientRect.top >= window.innerHeight) {
          folder.unobserve(entry.target);
          mount(calc);
        }
      });
    }, { rootMargin: "0px 0px 100% 0px" });
    byPlace.forEach((calc, target) => folder.observe(target));
  }
  function begin() {
    if (begun || !calcs.size) return;
    begun = true;
    watcher?.disconnect();
    startWorker();
    const first = named();
    (first ? [first, ...[...calcs].filter((calc) => calc !== first)] : [...calcs])
      .forEach((calc) => (calc.asBuilt ? state === "ready" && goLive(calc) : compute(calc)));
  }

  // A calculator still on its default inputs shows the result the build computed with the
  // same core (CPython's, which Pyodide's equals: tests/browser/test_snapshot.py): once the
  // engine is up it is live as it stands, with nothing to compute; a change computes.
  function goLive(calc) {
    calc.asBuilt = false;
    if (!["static", "loading"].includes(calc.el.dataset.state)) return;
    calc.el.dataset.state = "live";
    setStatus(calc, "Live result for the inputs above.");
  }

  function init() {
    // Set by the head script on a page loaded with `engine: eager` or a calculator in its
    // URL; read once, so that a page the theme shows next is not taken for it.
    const eager = window.rbEngineEager === true;
    window.rbEngineEager = false;
    const elements = document.querySelectorAll(".rb-calc");
    if (elements.length && [...elements].every((el) => el.rbSetUp)) return; // done at load
    calcs.clear();
    begun = false;
    folder?.disconnect();
    watcher?.disconnect();
    if (!elements.length) return;
    elements.forEach(setup);
    MOVES.forEach((kind) => addEventListener(kind, ahead, { capture: true, passive: true }));
    // At once for a page whose calculators are its point or a calculator the URL names, or
    // when the engine is already up (an earlier page started it: nothing to download);
    // otherwise (a rules page read for its rules) when a calculator comes near the screen
    // or is touched, never before.
    if (eager || named() || state === "ready" || !("IntersectionObserver" in window)) {
      begin();
      return;
    }
    watcher = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) begin();
    }, { rootMargin: "200px 0px" });
    calcs.forEach((calc) => watcher.observe(calc.el));
  }

  // This script runs at the end of the page: when the page has a calculator, set it up
  // and ask for its answers at once, rather than after the theme's first page event
  // (which comes after the theme has set the page up: seconds on a slow phone).
  if (document.querySelector(".rb-calc")) init();

  // Runs fn for this page and, under the theme's instant navigation, for every page
  // shown after it (shared with the site's other scripts, which load after this one).
  function onEveryPage(fn) {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(fn);
      return;
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fn, { once: true });
    } else {
      fn();
    }
    // On a calculator page the theme's bundle runs later (macros/theme/main.html): from
    // then on, the pages it shows (its first event is this page again: skipped).
    window.addEventListener("rulebinder:theme", () => {
      let first = true;
      window.document$?.subscribe(() => (first ? (first = false) : fn()));
    }, { once: true });
  }
  window.rbOnEveryPage = onEveryPage;

  // Saving and sharing for the builders and trackers: JSON in a link (base64url, no
  // padding) and JSON as a downloaded file.
  window.rbShare = {
    encode(value) {
      const bytes = new TextEncoder().encode(JSON.stringify(value));
      let text = "";
      bytes.forEach((b) => (text += String.fromCharCode(b)));
      return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    },
    decode(text) {
      const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
      const raw = atob(b64 + "===".slice((b64.length + 3) % 4));
      const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(bytes));
    },
    download(name, value) {
      this.downloadText(name, JSON.stringify(value, null, 2) + "\n");
    },
    // Text as it is (what a browser kept but cannot read, say), as a downloaded JSON file.
    downloadText(name, text) {
      const blob = new Blob([text], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    },
    // Puts html in el unless el already shows it (both read back as the browser writes
    // HTML): a part the page was built with is not replaced by the same part, laid out again.
    setHtml(el, html) {
      const parsed = document.createElement("template");
      parsed.innerHTML = html;
      if (parsed.innerHTML !== el.innerHTML) el.innerHTML = html;
    },
  };
  onEveryPage(init);
})();
