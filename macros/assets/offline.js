// Rulebinder offline use: registers the service worker the build wrote (/sw.js, see
// macros/publish/serviceworker/sw.js), shows the "Make available offline" control in the footer
// of every page, and says when a rebuilt site is ready ("A new version ... — Reload").
//
// The theme (macros/theme/main.html) names the worker in
// <meta name="rulebinder:service-worker">, only where the build made a working one (not
// under `mkdocs serve`). Runs once; under Material's instant navigation the footer is
// replaced on every page change, so the control is put back on each `document$` event.
(() => {
  "use strict";
  if (window.rulebinderOffline) return;

  const meta = document.querySelector('meta[name="rulebinder:service-worker"]');
  if (!meta) return; // offline use is off for this build
  const swUrl = new URL(meta.content, location.href);
  const scope = new URL("./", swUrl).href;
  const supported = "serviceWorker" in navigator && window.isSecureContext;
  const mb = (bytes) => (bytes / 1e6).toFixed(1);

  let registering = null; // Promise of the registration, once register() ran
  let engine = ""; // "ready" | "failed" once this page's calculator engine answered
  let lastCheck = 0; // when the worker was last checked for a new version (ms)
  // What the control shows; kept here because the footer is rebuilt on every page.
  const control = { state: "idle", text: "", button: "Make available offline" };

  // -- the service worker ---------------------------------------------------------------

  function register() {
    registering ??= navigator.serviceWorker.register(swUrl.href, { scope }).then((reg) => {
      watchForUpdates(reg);
      return reg;
    });
    return registering;
  }

  /** Send `message` to the active worker; resolves with its last answer ("done"/"status"). */
  async function ask(message, onProgress = () => {}) {
    await register();
    const reg = await navigator.serviceWorker.ready; // installed: every page is cached
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => {
        if (data.type === "progress") onProgress(data);
        else resolve(data);
      };
      reg.active.postMessage(message, [channel.port2]);
    });
  }

  // A metered or slow connection (Save-Data, or an effective type slower than 4G): the
  // offline copy (the worker's install downloads every page) waits for the reader to ask.
  function thrifty() {
    const link = navigator.connection;
    return Boolean(link && (link.saveData || /2g|3g/.test(link.effectiveType || "")));
  }

  // Register once the page has settled: on a calculator page, after the engine has
  // answered (the worker's install downloads every page, which would slow the boot).
  // On a thrifty connection only a worker this reader already has is looked at.
  async function registerWhenCalm() {
    if (thrifty()) {
      const had = await navigator.serviceWorker.getRegistration(scope);
      if (had) register().then(refresh, () => {});
      else {
        control.text = "Your connection saves data: this site is not copied for offline use " +
          "until you ask.";
        render();
      }
      return;
    }
    const go = () => {
      const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
      idle(() => register().then(refresh, () => {}));
    };
    const afterLoad = () => {
      if (!document.querySelector(".rb-calc") || engine) go();
      else {
        window.addEventListener("rulebinder:engine", go, { once: true });
        // A rules page whose calculators the reader never comes near starts no engine: its
        // copy starts 20 s after load. An engine still booting then is left to the event
        // above (it says when it is up or has failed): on a slow link it takes longer than
        // 20 s, and the copy would share the link with it.
        setTimeout(() => window.rbEngine?.state === "booting" || go(), 20000);
      }
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  }

  // First calculator use: keep the runtime that was just loaded (from the HTTP cache,
  // or already stored by the worker if it controlled the page) for offline use.
  window.addEventListener("rulebinder:engine", async (event) => {
    engine = event.detail.state;
    if (!supported || engine !== "ready" || control.state === "busy") return;
    if (thrifty() && !(await navigator.serviceWorker.getRegistration(scope))) return;
    // The memory snapshot (4.7 MB) only if the engine took it (a fast link); otherwise
    // it is fetched when the reader asks for the offline copy.
    const skip = window.rbEngineInfo?.snapshot ? [] : ["/snapshot-"];
    ask({ type: "cache-runtime", skip }).then(refresh, () => {});
  });

  // -- "A new version of this rulebook is ready" -----------------------------------------

  const notice = document.createElement("div");
  notice.className = "rb-update";
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "polite");
  let reloading = false;

  function watchForUpdates(reg) {
    const check = () => {
      // A waiting worker while another controls this page: a rebuilt site is ready.
      if (reg.waiting && navigator.serviceWorker.controller) showUpdate(reg);
    };
    check();
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && check());
    });
  }

  function showUpdate(reg) {
    if (notice.childElementCount) return;
    const text = document.createElement("span");
    text.textContent = "A new version of this rulebook is ready.";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", () => {
      reloading = true;
      button.disabled = true;
      // The waiting worker takes over; `controllerchange` then reloads the page.
      if (reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
    notice.append(text, " ", button);
  }

  // -- the "Make available offline" control -------------------------------------------

  function render() {
    const footer = document.querySelector(".md-footer-meta__inner") || document.body;
    let box = document.querySelector(".rb-offline");
    if (!box) {
      box = document.createElement("div");
      box.className = "rb-offline";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "rb-offline__button";
      button.addEventListener("click", makeAvailable);
      const status = document.createElement("span");
      status.className = "rb-offline__status";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      box.append(button, status);
      footer.prepend(box);
    }
    box.dataset.state = control.state;
    const button = box.querySelector("button");
    button.textContent = control.button;
    button.setAttribute("aria-disabled", String(control.state === "busy" || !supported));
    box.querySelector(".rb-offline__status").textContent = control.text;
  }

  function show(state, text) {
    control.state = state;
    control.text = text;
    render();
  }

  async function makeAvailable() {
    if (control.state === "busy" || !supported) return;
    show("busy", "Saving every page and search for offline use…");
    try {
      const answer = await ask({ type: "cache-runtime" }, ({ bytes, bytesTotal }) =>
        show("busy", `Saving the calculator engine: ${mb(bytes)} of ${mb(bytesTotal)} MB…`),
      );
      if (!answer.ok) throw new Error(answer.message);
      show("done", "Available offline: every page, search and the calculators work without a network.");
    } catch (error) {
      show("failed", `Could not save for offline use (${error.message || error}). Try again when online.`);
    }
  }

  /** Show what this browser already has, without fetching anything. */
  async function refresh() {
    if (control.state === "busy") return;
    const reg = await navigator.serviceWorker.getRegistration(scope);
    if (!reg || !reg.active) return;
    const { precache, runtime } = await ask({ type: "status" });
    if (control.state === "busy") return;
    if (precache.cached === precache.total && runtime.cached === runtime.total) {
      show("done", "Available offline: every page, search and the calculators work without a network.");
    } else if (precache.cached === precache.total) {
      show(
        "idle",
        `Every page and search work offline; the calculators too once saved (${mb(runtime.bytesTotal)} MB).`,
      );
    }
  }

  function onPage() {
    render();
    document.body.append(notice); // kept across instant navigation
    if (!supported) return;
    // Instant navigation never reloads the page, so look for a new version now and then.
    if (registering && Date.now() - lastCheck > 60000) {
      lastCheck = Date.now();
      registering.then((reg) => reg.update()).catch(() => {});
    }
  }

  window.rulebinderOffline = { register, makeAvailable, refresh, control };
  if (!supported) {
    control.text = "Offline use needs a secure connection (HTTPS) and a current browser.";
  } else {
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading) location.reload();
    });
    lastCheck = Date.now();
    registerWhenCalm();
  }
  window.rbOnEveryPage(onPage); // calculator.js, loaded first on every page
})();
