// Rulebinder encounter trackers (macros/render/tracker.py renders the page; the rules are the
// core's, calculators/tracker, run by the calculator engine through window.rbEngine).
// The page keeps, shares and draws the encounter; it never decides a rule:
//   an action form -> core ("act") -> the new encounter + what happened + its HTML.
// Encounters live in the reader's library (library.js: any number per system, each with
// its undo and redo steps), in the URL (?e=<base64url JSON of the state and log>) and in
// JSON files. A link or a file adds to the library; it never replaces what is saved.
(() => {
  "use strict";
  const storageKey = (system) => `rulebinder.tracker.${system}`;
  const builderKey = (system) => `rulebinder.builder.${system}`;
  let current = null;

  const $ = (root, selector) => root.querySelector(selector);

  const { encode, decode, setHtml } = window.rbShare; // calculator.js, loaded first

  function say(t, text) {
    $(t.el, ".rb-tr-status").textContent = text;
  }

  function enable(t, on) {
    t.el.querySelectorAll("[data-action]").forEach((control) => {
      const action = control.dataset.action;
      if (action === "undo") control.disabled = !on || !t.doc || !t.doc.undo.length;
      else if (action === "redo") control.disabled = !on || !t.doc || !t.doc.redo.length;
      else control.disabled = !on;
    });
    t.el.querySelectorAll("form.rb-act button, form.rb-act input, form.rb-act select")
      .forEach((control) => (control.disabled = !on));
  }

  function busy(t) {
    t.el.dataset.busy = String(t.waiting > 0 || (t.keep ? t.keep.saving > 0 : false));
  }

  function share(t) {
    const params = new URLSearchParams(location.search);
    params.set("e", encode({ state: t.doc.state, log: t.doc.log }));
    history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
  }

  const sameEncounter = (a, b) => Boolean(a && b) &&
    JSON.stringify(a.state) === JSON.stringify(b.state);

  // An encounter is named after its first creatures, until the reader names it.
  function encounterName(doc) {
    const state = (doc && doc.state) || {};
    const ids = Array.isArray(state.order) ? state.order : [];
    const names = ids.map((id) => state.creatures && state.creatures[id] &&
      state.creatures[id].name).filter(Boolean);
    if (!names.length) return "Empty encounter";
    const more = names.length > 3 ? ` and ${names.length - 3} more` : "";
    return `${names.slice(0, 3).join(", ")}${more}`;
  }

  // Draw the core's HTML; keep the keyboard focus on the control that had it (same id).
  function draw(t, html) {
    const focused = document.activeElement && t.el.contains(document.activeElement)
      ? document.activeElement.id : "";
    const form = document.activeElement && document.activeElement.closest
      ? document.activeElement.closest("form.rb-act") : null;
    const formId = form ? form.id : "";
    // Built by Python, values escaped. At the first answer a part already showing it (the
    // page is built with the empty encounter) is left alone; later ones are drawn afresh,
    // which also clears what was typed in the forms.
    const put = t.el.dataset.answers ? (part, text) => { part.innerHTML = text; } : setHtml;
    put($(t.el, ".rb-tr-toolbar"), html.toolbar);
    put($(t.el, ".rb-tr-cards"), html.cards);
    put($(t.el, ".rb-tr-log-body"), html.log);
    put($(t.el, ".rb-tr-settings-body"), html.settings);
    let target = focused && document.getElementById(focused);
    if (!target && formId) {
      const again = document.getElementById(formId);
      target = again && again.querySelector("button, input, select");
    }
    if (!target && formId) target = $(t.el, ".rb-tr-main button");
    if (target) target.focus({ preventScroll: false });
  }

  function apply(t, answer, keep) {
    t.doc = answer.doc;
    // Enabled before drawing, as the core draws its controls: at the first answer a part
    // showing the same stays as it is. The controls drawn come enabled.
    enable(t, true);
    draw(t, answer.html);
    t.el.dataset.state = "live";
    t.el.dataset.answers = String(Number(t.el.dataset.answers || 0) + 1);
    t.el.dataset.round = String(t.doc.state.round);
    share(t);
    if (keep) t.keep.save();
  }

  // One request at a time, in order: each starts from the encounter the last one made.
  // data-busy tells scripts and tests whether an action is still on its way.
  // after(answer) handles the answer before the page says it is no longer busy.
  function send(t, request, after = (answer) => answer) {
    t.waiting += 1;
    busy(t);
    const run = async () => {
      let answer;
      try {
        answer = await window.rbEngine.request({
          type: "tracker",
          request: { ...request, doc: request.doc ?? t.doc, system: t.system, links: t.links },
        });
      } catch (error) {
        if (t.doc && (request.op === "load" || request.op === "character")) {
          // What the engine could not take (a file nested too deep): refused, the tool lives.
          answer = { ok: false, error: { field: "", message: "the rules engine could not " +
            `take it (${error.message}).` } };
        } else {
          t.el.dataset.state = "failed";
          say(t, `The tracker is unavailable (${error.message}). The page shows an empty ` +
            "encounter, drawn when the site was built.");
          return null;
        }
      } finally {
        t.waiting -= 1;
      }
      if (t !== current) return null; // the reader went to another page meanwhile
      if (answer.ok) apply(t, answer, request.op !== "load"); // a load is saved by its caller
      return after(answer);
    };
    const done = (answer) => {
      busy(t);
      return answer;
    };
    t.chain = t.chain.then(run, run).then(done);
    return t.chain;
  }

  function clearErrors(t) {
    t.el.querySelectorAll(".rb-error").forEach((e) => e.remove());
    t.el.querySelectorAll("[aria-invalid]").forEach((e) => e.removeAttribute("aria-invalid"));
  }

  // A refused action: the message at its field (or by the form's button), and in the status.
  function refuse(t, form, error) {
    clearErrors(t);
    const where = form && document.getElementById(form.id);
    let control = where && where.elements.namedItem(error.field);
    if (control && !control.tagName) control = null;
    const note = document.createElement("p");
    note.className = "rb-error";
    note.id = `${form ? form.id : "tracker"}-error`;
    note.textContent = error.message;
    // A field that is a setting (the dice of a check): the message at that setting, opened.
    const setting = !control && error.field &&
      [...t.el.querySelectorAll("form[data-op=setting]")]
        .find((f) => f.dataset.key === error.field);
    if (setting) {
      control = setting.elements.namedItem("value");
      setting.closest("details").open = true;
    }
    if (control) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", note.id);
      control.closest(".rb-tr-field").append(note);
      if (setting) control.focus();
    } else if (where) {
      where.append(note);
    }
    say(t, `Not done: ${error.message}`);
  }

  function readAction(form, submitter) {
    const data = form.dataset;
    const values = {};
    for (const control of form.elements) {
      if (!control.name) continue;
      values[control.name] = control.type === "checkbox" ? (control.checked ? "yes" : "no")
        : control.value;
    }
    if (data.op === "add") return { op: "add", creature: values };
    const action = { ...values, op: data.op };
    if (data.id) action.id = data.id;
    if (data.index !== undefined) action.index = Number(data.index);
    if (data.what) action.what = data.what;
    if (data.key) action.key = data.key;
    if (data.rolls && !values.result) {
      action.seed = crypto.getRandomValues(new Uint32Array(1))[0];
    }
    return action;
  }

  function tell(t, answer, lead) {
    const texts = answer.events.map((e) => e.text);
    const shown = texts.length > 4 ? [...texts.slice(0, 2), "…", ...texts.slice(-2)] : texts;
    say(t, [lead, ...shown].filter(Boolean).join(" "));
  }

  function act(t, form) {
    const action = readAction(form);
    return send(t, { op: "act", action }, (answer) => {
      if (!answer.ok) {
        refuse(t, form, answer.error);
        return answer;
      }
      clearErrors(t);
      if (action.op === "add") {
        const name = document.getElementById("act-add-name");
        if (name) {
          name.value = "";
          name.focus();
        }
      }
      tell(t, answer, "");
      return answer;
    });
  }

  // Load an encounter from a link, the library or a file; on error keep the one on screen.
  // Resolves true when it is on screen.
  function load(t, doc, where, lead = "") {
    if (window.rbLibrary.depth(doc) > 64) {
      t.el.dataset.rejected = String(Number(t.el.dataset.rejected || 0) + 1);
      say(t, `The encounter from ${where} was not loaded: it is nested deeper than any ` +
        "encounter. The encounter on screen is unchanged.");
      return Promise.resolve(false);
    }
    return send(t, { op: "load", doc }, (answer) => {
      if (!answer || !answer.ok) {
        if (!answer) return false;
        const { field, message } = answer.error;
        t.el.dataset.rejected = String(Number(t.el.dataset.rejected || 0) + 1);
        say(t, `The encounter from ${where} was not loaded: ` +
          `${field ? `field “${field}”: ` : ""}${message} The encounter on screen is unchanged.`);
        return false;
      }
      say(t, lead || `Encounter loaded from ${where}.`);
      return true;
    });
  }

  function addCharacter(t, character, where) {
    if (window.rbLibrary.depth(character) > 64) {
      say(t, `The character from ${where} was not added: it is nested deeper than any character.`);
      return Promise.resolve(null);
    }
    return send(t, { op: "character", character }, (answer) => {
      if (!answer.ok) {
        const { field, message } = answer.error;
        say(t, `The character from ${where} was not added: ` +
          `${field ? `field “${field}”: ` : ""}${message}`);
      } else {
        tell(t, answer, `Added from ${where}.`);
      }
      return answer;
    });
  }

  // The characters this browser's builder saved; several: the reader picks one.
  async function fromBuilder(t) {
    const lib = window.rbLibrary;
    const shelf = lib.shelf("character", t.system);
    let characters = [];
    try {
      await lib.migrate(shelf, builderKey(t.system),
        (doc) => `${(doc && doc.name) || "Unnamed character"} (saved before the library)`);
      characters = await shelf.list();
    } catch (error) {
      say(t, `The builder's saved characters cannot be read here (${error.message}).`);
      return;
    }
    const old = $(t.el, ".rb-tr-choose");
    if (old) old.remove();
    if (!characters.length) {
      say(t, "No character is saved by this browser's character builder yet.");
    } else if (characters.length === 1) {
      await addCharacter(t, characters[0].doc, `“${characters[0].name}”`);
    } else {
      const choose = document.createElement("div");
      choose.className = "rb-tr-choose";
      choose.setAttribute("role", "group");
      choose.setAttribute("aria-label", "Add which character?");
      const label = document.createElement("p");
      label.textContent = "Add which character?";
      choose.append(label);
      characters.forEach((entry) => {
        const pick = document.createElement("button");
        pick.type = "button";
        pick.className = "md-button";
        pick.textContent = entry.name;
        pick.addEventListener("click", async () => {
          choose.remove();
          await addCharacter(t, entry.doc, `“${entry.name}”`);
        });
        choose.append(pick);
      });
      $(t.el, "button[data-action=builder]").after(choose);
      choose.querySelector("button").focus();
      say(t, `${characters.length} characters are saved: pick one.`);
    }
  }

  function download(t) {
    const name = `${t.system}-encounter-round-${t.doc.state.round}.json`;
    window.rbShare.download(name, t.doc);
    say(t, `Exported as ${name}.`);
  }

  async function readFile(t, input) {
    const file = input.files && input.files[0];
    if (!file) return null;
    input.value = "";
    try {
      return { file, value: JSON.parse(await file.text()) };
    } catch (error) {
      t.el.dataset.rejected = String(Number(t.el.dataset.rejected || 0) + 1);
      say(t, `${file.name} is not a JSON file (${error.message}). Nothing was changed.`);
      return null;
    }
  }

  async function control(t, action) {
    if (action === "undo" || action === "redo") {
      await send(t, { op: action }, (answer) => {
        say(t, answer.ok ? (action === "undo" ? "Undone." : "Redone.") : answer.error.message);
        return answer;
      });
    } else if (action === "share") {
      share(t);
      navigator.clipboard?.writeText(location.href).then(
        () => say(t, "Link copied: it opens this encounter."),
        () => say(t, `Copy this link: ${location.href}`),
      );
      if (!navigator.clipboard) say(t, `Copy this link: ${location.href}`);
    } else if (action === "export") {
      download(t);
    } else if (action === "import") {
      $(t.el, "input[data-action=import]").click(); // its change event imports
    } else if (action === "character-file") {
      $(t.el, "input[data-action=character-file]").click();
    } else if (action === "builder") {
      await t.keep.holding(() => fromBuilder(t));
    } else if (action === "new") {
      await t.keep.fresh("A new encounter. The one before stays in your saved encounters.");
    }
  }

  function setup(el) {
    const t = {
      el,
      system: el.dataset.tracker,
      links: JSON.parse(el.dataset.links),
      blank: JSON.parse(el.dataset.blank),
      doc: null,
      chain: Promise.resolve(),
      waiting: 0,
      keep: null,
    };
    current = t;
    t.keep = window.rbLibrary.keeper({
      el,
      kind: "encounter",
      noun: "encounter",
      system: t.system,
      blankDoc: t.blank,
      doc: () => t.doc,
      load: (doc, where, lead) => load(t, doc, where, lead),
      say: (text) => say(t, text),
      status: () => $(el, ".rb-tr-status").textContent,
      busy: () => busy(t),
      name: encounterName,
      same: sameEncounter,
      blank: (doc) => sameEncounter(doc, t.blank),
    });
    el.addEventListener("submit", (event) => {
      const form = event.target.closest("form.rb-act");
      if (!form) return;
      event.preventDefault();
      if (t.doc) act(t, form);
    });
    el.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button && !button.disabled) control(t, button.dataset.action);
    });
    // Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes (Cmd on a Mac), outside text fields
    // (where the keys undo typing).
    const undo = $(el, "button[data-action=undo]");
    const redo = $(el, "button[data-action=redo]");
    undo.setAttribute("aria-keyshortcuts", "Control+Z Meta+Z");
    undo.title = "Undo (Ctrl+Z)";
    redo.setAttribute("aria-keyshortcuts", "Control+Shift+Z Control+Y Meta+Shift+Z");
    redo.title = "Redo (Ctrl+Shift+Z or Ctrl+Y)";
    const keys = (event) => {
      if (t !== current || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const typing = event.target.closest && event.target.closest("input[type=text], " +
        "input[type=search], input:not([type]), textarea, [contenteditable]");
      if (typing) return;
      const key = event.key.toLowerCase();
      const which = key === "z" ? (event.shiftKey ? redo : undo) : key === "y" ? redo : null;
      if (!which) return;
      event.preventDefault();
      if (!which.disabled) control(t, which.dataset.action);
    };
    document.addEventListener("keydown", keys);
    t.stop = () => {
      if (t.keep.stop) t.keep.stop();
      document.removeEventListener("keydown", keys);
    };
    $(el, "input[data-action=import]").addEventListener("change", async (event) => {
      const read = await readFile(t, event.target);
      if (!read) return;
      const check = async (doc) => {
        const answer = await window.rbEngine.request({ type: "tracker",
          request: { op: "load", doc, system: t.system, links: t.links } });
        return answer.ok ? "" : `${answer.error.field || ""} ${answer.error.message}`.trim();
      };
      await t.keep.importFile(read.value, read.file.name, check);
    });
    const characterFile = $(el, "input[data-action=character-file]");
    if (characterFile) {
      characterFile.addEventListener("change", async (event) => {
        const read = await readFile(t, event.target);
        if (read) await addCharacter(t, read.value, read.file.name);
      });
    }
    const bar = $(el, ".rb-progress");
    const stop = window.rbEngine.onProgress(({ fraction }) => {
      bar.hidden = fraction >= 1;
      bar.value = fraction;
    });
    enable(t, false);
    say(t, "Loading the rules engine… (the first start takes a few seconds)");
    const params = new URLSearchParams(location.search);
    let fromLink = null;
    let badLink = "";
    if (params.has("e")) {
      try {
        fromLink = decode(params.get("e"));
      } catch (error) {
        badLink = "The link's encounter could not be read (it may be cut short); nothing was " +
          "changed.";
      }
    }
    t.keep.start({ after: bar, fromLink, badLink, legacyKey: storageKey(t.system),
      firstLead: "A new encounter." }).then((ok) => {
      if (ok) {
        bar.hidden = true;
        stop();
      }
    });
  }

  function init() {
    if (current && current.stop) current.stop();
    current = null;
    const el = document.querySelector(".rb-tracker");
    if (el && window.rbEngine) setup(el);
  }

  window.rbOnEveryPage(init); // calculator.js, loaded first on every page
})();
