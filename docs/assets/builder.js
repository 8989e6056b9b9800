// Rulebinder character builders (macros/builder.py renders the page; the rules are the
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

  const { encode, decode } = window.rbShare; // calculator.js, loaded first on every page

  function say(b, text) {
    $(b.el, ".rb-builder-status").textContent = text;
  }

  function readForm(b) {
    const form = {};
    for (const control of b.form.elements) {
      if (!control.name) continue;
      form[control.name] = control.type === "checkbox" ? String(control.checked) : control.value;
    }
    return form;
  }

  function writeForm(b, values) {
    for (const [name, value] of Object.entries(values)) {
      const control = b.form.elements.namedItem(name);
      if (!control || control.length !== undefined && !control.tagName) continue;
      if (control.type === "checkbox") control.checked = value === "true";
      else control.value = value;
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

  function show(b, entry) {
    b.entry = entry;
    b.el.dataset.entry = entry ? entry.id : "";
    b.shelf.remember(entry);
  }

  // Keep the character on screen in the library: its entry's next revision (named after the
  // character unless the reader renamed it), or a new entry. A save from an older revision
  // (another tab changed or deleted it) becomes a new entry, and the page says so.
  function save(b) {
    share(b);
    const state = b.state;
    if (!b.entry && same(state, b.blank)) return b.saved; // nothing worth keeping yet
    b.saving += 1;
    busy(b);
    b.saved = b.saved.then(async () => {
      const lib = window.rbLibrary;
      const name = characterName(state);
      try {
        if (b.entry && same(b.entry.doc, state)) return;
        if (b.entry) b.entry = await b.shelf.save(b.entry, state, b.entry.named ? {} : { name });
        else b.entry = await b.shelf.add(name, state);
      } catch (error) {
        if (!(error instanceof lib.Conflict)) {
          b.panel.warn(`This browser refused to save the character (${error.message}). ` +
            "Export it to keep it.", JSON.stringify(state, null, 2), `${b.system}-character.json`);
          return;
        }
        try {
          b.entry = await b.shelf.add(`${name} (this tab)`, state, { named: true });
          b.panel.warn(`The saved character was ${error.message} meanwhile; this tab's ` +
            `change is saved as a new character, “${name} (this tab)”.`);
        } catch (again) {
          b.panel.warn(`This browser refused to save the character (${again.message}).`,
            JSON.stringify(state, null, 2), `${b.system}-character.json`);
          return;
        }
      } finally {
        b.saving -= 1;
        busy(b);
      }
      show(b, b.entry);
      await b.panel.refresh();
    });
    return b.saved;
  }

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
      if (slot) slot.innerHTML = html; // built by Python with every value escaped
      const fieldset = document.getElementById(`${b.el.id}-step-${id}`);
      const step = answer.sheet.steps.find((s) => s.id === id);
      if (fieldset && step) fieldset.dataset.status = step.status;
    }
    $(b.el, ".rb-sheet-body").innerHTML = answer.html.sheet;
    b.el.dataset.state = "live";
    b.el.dataset.ready = String(answer.ready);
    b.el.dataset.answers = String(Number(b.el.dataset.answers || 0) + 1);
    b.el.dataset.level = String(b.state.level);
    showLevels(b);
    if (op === "load") share(b); // a loaded character is saved by its caller
    else save(b);
    enable(b, true);
  }

  function showEvents(b, events, lead) {
    b.el.querySelectorAll(".rb-step[data-opened]").forEach((s) => delete s.dataset.opened);
    events.forEach((event) => {
      const fieldset = document.getElementById(`${b.el.id}-step-${event.step}`);
      if (fieldset) fieldset.dataset.opened = "true";
    });
    say(b, [lead, ...events.map((e) => e.message)].filter(Boolean).join(" "));
  }

  // data-busy tells scripts and tests whether a change is still on its way to the sheet.
  function busy(b) {
    b.el.dataset.busy = String(b.scheduled || b.deferred || b.inflight > 0 || b.saving > 0);
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

  // Open a saved character. One the engine refuses stays in the library as it was.
  // Busy (data-busy) from the first step of a several-step change to its last.
  async function holding(b, work) {
    b.saving += 1;
    busy(b);
    try {
      return await work();
    } finally {
      b.saving -= 1;
      busy(b);
    }
  }

  const openEntry = (b, entry, lead = "") => holding(b, () => opening(b, entry, lead));

  async function opening(b, entry, lead) {
    const where = `your saved character “${entry.name}”`;
    if (await load(b, entry.doc, where, lead || `Opened “${entry.name}”.`)) {
      show(b, entry);
      await b.panel.refresh();
      return true;
    }
    b.panel.warn(`${$(b.el, ".rb-builder-status").textContent} It is kept in your library as ` +
      "it was: export it from the list.");
    return false;
  }

  // A character from a link or a file joins the library as a new entry, unless the library
  // already has it (then that entry is opened).
  const adopt = (b, doc, where) => holding(b, () => adopting(b, doc, where));

  async function adopting(b, character, where) {
    let entries = [];
    try {
      entries = await b.shelf.list();
    } catch (error) {
      entries = [];
    }
    const known = entries.find((entry) => same(entry.doc, character));
    if (known) {
      const lead = known.id === b.shelf.remembered() ? `Opened “${known.name}”, as you left it.`
        : `The character from ${where} is already in your library: opened “${known.name}”.`;
      return openEntry(b, known, lead);
    }
    if (!(await load(b, character, where))) return false;
    show(b, null);
    await save(b);
    if (b.entry) {
      say(b, `Character loaded from ${where}. Added to your library as “${b.entry.name}”.`);
    }
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
    const all = await holding(b, () => window.rbLibrary.importAll(b.shelf, character, check,
      "character"));
    if (all) {
      say(b, `${file.name}: ${all}`);
      await b.panel.refresh();
    } else {
      await adopt(b, character, file.name);
    }
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
      await adopt(b, JSON.parse(b.el.dataset.example), "the example");
    } else if (action === "new") {
      if (await load(b, b.blank, "a blank sheet", "A new character: start at step 1. The one " +
        "before stays in your saved characters.")) {
        show(b, null);
        await b.panel.refresh();
      }
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

  // Another tab changed or deleted the character on screen: show its change, or say so.
  async function elsewhere(b, message) {
    if (!b.entry || message.id !== b.entry.id) return;
    if (message.removed) {
      show(b, null);
      b.panel.warn("This character was deleted in another tab. It stays on screen; a change " +
        "to it saves it again as a new character.");
      return;
    }
    if (message.rev <= b.entry.rev) return;
    let fresh = null;
    try {
      fresh = await b.shelf.get(message.id);
    } catch (error) {
      return;
    }
    if (!fresh || !b.entry || fresh.rev <= b.entry.rev) return;
    if (same(fresh.doc, b.state)) {
      b.entry = fresh; // renamed, or the same change
      return;
    }
    if (await load(b, fresh.doc, "another tab",
      "This character was changed in another tab: this page now shows that change.")) {
      show(b, fresh);
    }
  }

  function setup(el) {
    const lib = window.rbLibrary;
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
      saving: 0,
      saved: Promise.resolve(),
      shelf: lib.shelf("character", el.dataset.builder),
      entry: null,
    };
    current = b;
    const holder = document.createElement("details");
    holder.className = "rb-library";
    holder.setAttribute("data-search-exclude", "");
    $(el, ".rb-progress").after(holder);
    b.panel = lib.panel(holder, b.shelf, {
      noun: "character",
      current: () => (b.entry ? b.entry.id : ""),
      open: (entry) => openEntry(b, entry),
      filename: (entry) => `${b.system}-${lib.slug(entry.name) || "character"}.json`,
      detached: () => {
        show(b, null);
        say(b, "The character on screen was deleted from your library; a change to it saves " +
          "it again as a new character.");
      },
      restored: (entry) => {
        if (!b.entry && same(entry.doc, b.state)) show(b, entry);
      },
      renamed: (entry) => {
        if (b.entry && entry.id === b.entry.id) b.entry = entry;
      },
    });
    const unwatch = b.shelf.watch((message) => elsewhere(b, message));
    b.stop = () => {
      unwatch();
      b.panel.stop();
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
    (async () => {
      let entries = [];
      try {
        const moved = await lib.migrate(b.shelf, storageKey(b.system),
          (doc) => characterName(doc));
        if (moved.unreadable) {
          b.panel.warn("This browser holds a character an earlier version of this page saved, " +
            "and it cannot be read. It is kept as it was, never overwritten.",
          moved.unreadable, `${b.system}-character-unreadable.json`);
        }
        entries = await b.shelf.list();
      } catch (error) {
        b.panel.warn(`Saved characters cannot be read here (${error.message}). Export what ` +
          "you make here to keep it.");
      }
      await b.panel.refresh();
      if (badLink) b.panel.warn(badLink);
      if (fromLink && (await adopt(b, fromLink, "the link"))) return;
      if (fromLink) b.panel.warn($(b.el, ".rb-builder-status").textContent);
      const remembered = b.shelf.remembered();
      const last = remembered === null ? entries[0]
        : entries.find((entry) => entry.id === remembered);
      const lead = (text) => [badLink, text].filter(Boolean).join(" ");
      if (last && (await openEntry(b, last, lead(`Opened “${last.name}”, as you left it.`)))) {
        return;
      }
      await load(b, b.blank, "a blank sheet", lead("A new character: start at step 1."));
    })();
  }

  function init() {
    if (current && current.stop) current.stop();
    current = null;
    const el = document.querySelector(".rb-builder");
    if (el && window.rbEngine) setup(el);
  }

  window.rbOnEveryPage(init); // calculator.js, loaded first on every page
})();
