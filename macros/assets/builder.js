// Rulebinder character builders (macros/render/builder.py renders the page; the rules are the
// core's, calculators/builders, run by the calculator engine through window.rbEngine).
// The page stores, shares and renders the character; it never decides a rule:
//   form fields -> core ("form") -> checked character + sheet HTML + each step's status.
// Characters live in the reader's library (library.js: any number per system), in the URL
// (?c=<base64url JSON>) and in JSON files. A link or a file adds to the library; it never
// replaces what is saved.
(() => {
  "use strict";
  const storageKey = (system) => `rulebinder.builder.${system}`;
  let current = null;

  const $ = (root, selector) => root.querySelector(selector);

  const { encode, decode, setHtml } = window.rbShare; // calculator.js, loaded first

  function say(b, text) {
    $(b.el, ".rb-builder-status").textContent = text;
  }

  // A long step far down the page (Page.step's ``later``, macros/render/builder_page.py)
  // waits in a <template class='rb-later'>: the page's first layout and the engine's first
  // answer then handle half the elements. Until it is put in place its controls are read
  // and written inside the template, so the character is whole either way.
  const waiting = (b) => [...b.form.querySelectorAll("template.rb-later")];

  function controls(b) {
    return [...b.form.elements,
      ...waiting(b).flatMap((later) => [...later.content.querySelectorAll("[name]")])];
  }

  function waitingControl(b, name) {
    const selector = `[name="${CSS.escape(name)}"]`;
    for (const later of waiting(b)) {
      const inside = later.content.querySelector(selector);
      if (inside) return inside;
    }
    return null;
  }

  const controlNamed = (b, name) =>
    b.form.elements.namedItem(name) || waitingControl(b, name);

  const laterOf = (step) => [...step.querySelectorAll(":scope > template.rb-later")];

  function unfold(b, laters) {
    if (!laters.length) return;
    laters.forEach((later) => later.replaceWith(later.content)); // controls keep their values
    if (b.state) showLevels(b);
  }

  function unfoldAll(b) {
    b.unfolder?.disconnect();
    unfold(b, waiting(b));
  }

  // Put in place when the step comes within a screen below, and all of them once the
  // focus enters the form (a keyboard reader tabs straight into them), an error is to be
  // shown in one, or the page is printed (below, at init).
  function unfoldNear(b) {
    const steps = waiting(b).map((later) => later.closest(".rb-step"));
    if (!steps.length) return;
    if (!("IntersectionObserver" in window)) {
      unfoldAll(b);
      return;
    }
    b.unfolder = new IntersectionObserver((seen) => {
      seen.forEach((entry) => {
        if (!entry.isIntersecting) return;
        b.unfolder.unobserve(entry.target);
        unfold(b, laterOf(entry.target));
      });
    }, { rootMargin: "0px 0px 100% 0px" });
    steps.forEach((step) => b.unfolder.observe(step));
    b.form.addEventListener("focusin", () => unfoldAll(b), { once: true });
  }

  function readForm(b) {
    const form = {};
    for (const control of controls(b)) {
      if (!control.name) continue;
      form[control.name] = control.type === "checkbox" ? String(control.checked) : control.value;
    }
    return form;
  }

  // A control already showing its value is left alone: the page is built with its blank
  // character's form, which the engine's first answer repeats.
  function writeForm(b, values) {
    for (const [name, value] of Object.entries(values)) {
      const control = controlNamed(b, name);
      if (!control || control.length !== undefined && !control.tagName) continue;
      if (control.type === "checkbox") {
        if (control.checked !== (value === "true")) control.checked = value === "true";
      } else if (control.value !== value) {
        control.value = value;
      }
    }
  }

  function clearErrors(b) {
    b.el.querySelectorAll(".rb-error").forEach((e) => (e.textContent = ""));
    b.el.querySelectorAll("[aria-invalid]").forEach((e) => e.removeAttribute("aria-invalid"));
  }

  function controlId(b, name) {
    return `${b.el.id}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  }

  function enable(b, on) {
    b.el.querySelectorAll("[data-action]").forEach((control) => {
      if (control.dataset.action !== "print") control.disabled = !on;
    });
  }

  function share(b) {
    const params = new URLSearchParams(location.search);
    params.set("c", encode(b.state));
    history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
  }

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const characterName = (state) => (state && state.name) || "Unnamed character";

  function showLevels(b) {
    b.el.querySelectorAll("[data-level]").forEach((row) => {
      row.hidden = Number(row.dataset.level) > b.state.level;
    });
  }

  function apply(b, answer, op) {
    clearErrors(b);
    b.state = answer.state;
    if (op !== "form") writeForm(b, answer.form);
    for (const [id, html] of Object.entries(answer.html.steps)) {
      const slot = document.getElementById(`${b.el.id}-${id}-status`);
      if (slot) setHtml(slot, html); // built by Python with every value escaped
      const fieldset = document.getElementById(`${b.el.id}-step-${id}`);
      const step = answer.sheet.steps.find((s) => s.id === id);
      if (fieldset && step) fieldset.dataset.status = step.status;
    }
    setHtml($(b.el, ".rb-sheet-body"), answer.html.sheet);
    b.el.dataset.state = "live";
    b.el.dataset.ready = String(answer.ready);
    b.el.dataset.answers = String(Number(b.el.dataset.answers || 0) + 1);
    b.el.dataset.level = String(b.state.level);
    showLevels(b);
    share(b);
    if (op !== "load") b.keep.save(); // a loaded character is saved by its caller
    enable(b, true);
  }

  function showEvents(b, events, lead) {
    b.el.querySelectorAll(".rb-step[data-opened]").forEach((s) => delete s.dataset.opened);
    events.forEach((event) => {
      const fieldset = document.getElementById(`${b.el.id}-step-${event.step}`);
      if (!fieldset) return;
      fieldset.dataset.opened = "true";
      unfold(b, laterOf(fieldset)); // a level up's new choices are there when the reader looks
    });
    say(b, [lead, ...events.map((e) => e.message)].filter(Boolean).join(" "));
  }

  // data-busy tells scripts and tests whether a change is still on its way to the sheet.
  function busy(b) {
    b.el.dataset.busy = String(b.scheduled || b.deferred || b.inflight > 0 ||
      (b.keep ? b.keep.saving > 0 : false));
  }

  async function send(b, request) {
    const seq = ++b.seq;
    let answer;
    const locking = request.op !== "form"; // a form read meanwhile would miss its result
    if (locking) b.locked += 1;
    b.inflight += 1;
    busy(b);
    try {
      answer = await window.rbEngine.request({
        type: "builder",
        request: { ...request, system: b.system, links: b.links },
      });
    } catch (error) {
      if (request.op !== "load" || !b.state) {
        b.el.dataset.state = "failed";
        say(b, `Live building is unavailable (${error.message}). The sheet shown is a blank ` +
          "character, computed when the site was built.");
        return null;
      }
      // What the engine could not take (a file nested too deep): refused, the tool lives.
      answer = { ok: false, error: { field: "", message: "the rules engine could not take it " +
        `(${error.message}).` } };
    } finally {
      b.inflight -= 1;
      if (locking) b.locked -= 1;
      busy(b);
    }
    if (b !== current || (request.op === "form" && seq !== b.seq)) return null; // stale
    if (answer.ok) apply(b, answer, request.op);
    if (locking && !b.locked && b.deferred) {
      b.deferred = false; // a change made while this was on its way: read the form now
      fromForm(b);
    }
    busy(b);
    return answer;
  }

  function fieldError(b, error) {
    if (waitingControl(b, error.field)) unfoldAll(b);
    const slot = document.getElementById(`${controlId(b, error.field)}-error`);
    if (!slot) return false;
    slot.textContent = error.message;
    const control = b.form.elements.namedItem(error.field);
    if (control && control.setAttribute) control.setAttribute("aria-invalid", "true");
    return true;
  }

  async function fromForm(b) {
    if (b.locked) {
      b.deferred = true;
      busy(b);
      return;
    }
    const sent = readForm(b);
    const answer = await send(b, { op: "form", form: sent });
    if (JSON.stringify(readForm(b)) !== JSON.stringify(sent) && !b.scheduled) {
      fromForm(b); // the form changed while this was on its way: catch up
      return;
    }
    if (!answer) return;
    if (!answer.ok) {
      clearErrors(b);
      b.el.dataset.state = "invalid";
      if (fieldError(b, answer.error)) {
        say(b, "Check the marked field; the sheet shows the last valid character.");
      } else {
        say(b, `${answer.error.field}: ${answer.error.message}`);
      }
      return;
    }
    say(b, answer.ready ? "Ready: every step is resolved." :
      `Not ready: resolve ${answer.sheet.unresolved.join(", ")}.`);
  }

  // Load a character from a link, the library or a file; on error keep the one on screen.
  async function load(b, character, where, lead = "") {
    if (window.rbLibrary.depth(character) > 64) {
      b.el.dataset.rejected = String(Number(b.el.dataset.rejected || 0) + 1);
      say(b, `The character from ${where} was not loaded: it is nested deeper than any ` +
        "character. The character on screen is unchanged.");
      return false;
    }
    const answer = await send(b, { op: "load", state: character });
    if (!answer) return false;
    if (!answer.ok) {
      const { field, message } = answer.error;
      b.el.dataset.rejected = String(Number(b.el.dataset.rejected || 0) + 1);
      say(b, `The character from ${where} was not loaded: ${field ? `field “${field}”: ` : ""}` +
        `${message} The character on screen is unchanged.`);
      return false;
    }
    say(b, lead || `Character loaded from ${where}.`);
    return true;
  }

  function download(b) {
    const slug = (b.state.name || "character").toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const name = `${b.system}-${slug.replace(/^-|-$/g, "") || "character"}.json`;
    window.rbShare.download(name, b.state);
    say(b, `Exported as ${name}.`);
  }

  async function importFile(b, input) {
    const file = input.files && input.files[0];
    if (!file) return;
    input.value = "";
    let character;
    try {
      character = JSON.parse(await file.text());
    } catch (error) {
      b.el.dataset.rejected = String(Number(b.el.dataset.rejected || 0) + 1);
      say(b, `${file.name} is not a JSON file (${error.message}). The character on screen is ` +
        "unchanged.");
      return;
    }
    const check = async (state) => {
      const answer = await window.rbEngine.request({ type: "builder",
        request: { op: "load", state, system: b.system, links: b.links } });
      return answer.ok ? "" : `${answer.error.field || ""} ${answer.error.message}`.trim();
    };
    await b.keep.importFile(character, file.name, check);
  }

  async function act(b, action) {
    if (action === "level-up") {
      const answer = await send(b, { op: "level_up", state: b.state });
      if (answer && answer.ok) showEvents(b, answer.events, `Level ${answer.state.level}.`);
      else if (answer) say(b, answer.error.message);
    } else if (action === "roll") {
      const seed = crypto.getRandomValues(new Uint32Array(1))[0];
      const answer = await send(b, { op: "roll_stats", state: b.state, seed });
      if (answer && answer.ok) showEvents(b, answer.events, "");
      else if (answer) say(b, `${answer.error.field}: ${answer.error.message}`);
    } else if (action === "share") {
      share(b);
      navigator.clipboard?.writeText(location.href).then(
        () => say(b, "Link copied: it opens this character."),
        () => say(b, `Copy this link: ${location.href}`),
      );
      if (!navigator.clipboard) say(b, `Copy this link: ${location.href}`);
    } else if (action === "export") {
      download(b);
    } else if (action === "import") {
      $(b.el, "input[data-action=import]").click(); // the picker; its change event imports
    } else if (action === "print") {
      window.print();
    } else if (action === "example") {
      await b.keep.adopt(JSON.parse(b.el.dataset.example), "the example");
    } else if (action === "new") {
      await b.keep.fresh("A new character: start at step 1. The one before stays in your " +
        "saved characters.");
    }
  }

  // On a phone the sheet opens over the steps (CSS: .rb-sheet[data-open]) from a button
  // that stays in view, and closes with its own button or Escape, the focus going back.
  function drawer(b) {
    const toggle = $(b.el, ".rb-sheet-toggle");
    const sheet = $(b.el, ".rb-sheet");
    const close = $(b.el, ".rb-sheet-close");
    if (!toggle || !sheet || !close) return;
    toggle.hidden = false;
    close.hidden = false;
    const show = (open) => {
      if (open) sheet.dataset.open = "true";
      else delete sheet.dataset.open;
      toggle.setAttribute("aria-expanded", String(open));
      (open ? $(sheet, "h2") : toggle).focus();
    };
    toggle.addEventListener("click", () => show(!sheet.dataset.open));
    close.addEventListener("click", () => show(false));
    sheet.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && sheet.dataset.open) show(false);
    });
  }

  function setup(el) {
    const b = {
      el,
      system: el.dataset.builder,
      links: JSON.parse(el.dataset.links),
      blank: JSON.parse(el.dataset.blank),
      form: $(el, "form"),
      state: null,
      seq: 0,
      inflight: 0,
      scheduled: false,
      locked: 0,
      deferred: false,
      keep: null,
      unfolder: null,
    };
    current = b;
    b.keep = window.rbLibrary.keeper({
      el,
      kind: "character",
      noun: "character",
      system: b.system,
      blankDoc: b.blank,
      doc: () => b.state,
      load: (doc, where, lead) => load(b, doc, where, lead),
      say: (text) => say(b, text),
      status: () => $(el, ".rb-builder-status").textContent,
      busy: () => busy(b),
      name: characterName,
      same,
      blank: (doc) => same(doc, b.blank),
    });
    b.stop = () => {
      b.unfolder?.disconnect();
      if (b.keep.stop) b.keep.stop();
    };
    let timer = 0;
    const changed = (event) => {
      if (!event.target.name) return;
      clearTimeout(timer);
      b.scheduled = true;
      busy(b);
      timer = setTimeout(() => {
        b.scheduled = false;
        fromForm(b);
      }, event.type === "change" ? 0 : 200);
    };
    b.form.addEventListener("input", changed);
    b.form.addEventListener("change", changed);
    b.form.addEventListener("submit", (event) => event.preventDefault());
    el.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button && !button.disabled) act(b, button.dataset.action);
    });
    const file = $(el, "input[data-action=import]");
    file.addEventListener("change", () => importFile(b, file));
    drawer(b);
    unfoldNear(b);
    say(b, "Loading the rules engine… (the first start takes a few seconds)");
    const params = new URLSearchParams(location.search);
    let fromLink = null;
    let badLink = "";
    if (params.has("c")) {
      try {
        fromLink = decode(params.get("c"));
      } catch (error) {
        badLink = "The link's character could not be read (it may be cut short); nothing was " +
          "changed.";
      }
    }
    b.keep.start({ after: $(el, ".rb-progress"), fromLink, badLink,
      legacyKey: storageKey(b.system), firstLead: "A new character: start at step 1." });
  }

  function init() {
    if (current && current.stop) current.stop();
    current = null;
    const el = document.querySelector(".rb-builder");
    if (el && window.rbEngine) setup(el);
  }

  addEventListener("beforeprint", () => current && unfoldAll(current));
  window.rbOnEveryPage(init); // calculator.js, loaded first on every page
})();
