// Rulebinder encounter trackers (macros/tracker.py renders the page; the rules are the
// core's, calculators/tracker, run by the calculator engine through window.rbEngine).
// The page keeps, shares and draws the encounter; it never decides a rule:
//   an action form -> core ("act") -> the new encounter + what happened + its HTML.
// The encounter lives in localStorage (with its undo and redo steps), in the URL
// (?e=<base64url JSON of the state and log>) and in JSON files.
(() => {
  "use strict";
  const storageKey = (system) => `rulebinder.tracker.${system}`;
  const builderKey = (system) => `rulebinder.builder.${system}`;
  let current = null;

  const $ = (root, selector) => root.querySelector(selector);

  const { encode, decode } = window.rbShare; // calculator.js, loaded first on every page

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

  function save(t) {
    try {
      localStorage.setItem(storageKey(t.system), JSON.stringify(t.doc));
    } catch (error) {
      /* storage full or refused: the link still holds the encounter */
    }
    const params = new URLSearchParams(location.search);
    params.set("e", encode({ state: t.doc.state, log: t.doc.log }));
    history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
  }

  // Draw the core's HTML; keep the keyboard focus on the control that had it (same id).
  function draw(t, html) {
    const focused = document.activeElement && t.el.contains(document.activeElement)
      ? document.activeElement.id : "";
    const form = document.activeElement && document.activeElement.closest
      ? document.activeElement.closest("form.rb-act") : null;
    const formId = form ? form.id : "";
    $(t.el, ".rb-tr-toolbar").innerHTML = html.toolbar; // built by Python, values escaped
    $(t.el, ".rb-tr-cards").innerHTML = html.cards;
    $(t.el, ".rb-tr-log-body").innerHTML = html.log;
    $(t.el, ".rb-tr-settings-body").innerHTML = html.settings;
    let target = focused && document.getElementById(focused);
    if (!target && formId) {
      const again = document.getElementById(formId);
      target = again && again.querySelector("button, input, select");
    }
    if (!target && formId) target = $(t.el, ".rb-tr-main button");
    if (target) target.focus({ preventScroll: false });
  }

  function apply(t, answer) {
    t.doc = answer.doc;
    draw(t, answer.html);
    t.el.dataset.state = "live";
    t.el.dataset.answers = String(Number(t.el.dataset.answers || 0) + 1);
    t.el.dataset.round = String(t.doc.state.round);
    save(t);
    enable(t, true);
  }

  // One request at a time, in order: each starts from the encounter the last one made.
  // data-busy tells scripts and tests whether an action is still on its way.
  // after(answer) handles the answer before the page says it is no longer busy.
  function send(t, request, after = (answer) => answer) {
    t.waiting += 1;
    t.el.dataset.busy = "true";
    const run = async () => {
      let answer;
      try {
        answer = await window.rbEngine.request({
          type: "tracker",
          request: { ...request, doc: request.doc ?? t.doc, system: t.system, links: t.links },
        });
      } catch (error) {
        t.el.dataset.state = "failed";
        say(t, `The tracker is unavailable (${error.message}). The page shows an empty ` +
          "encounter, drawn when the site was built.");
        return null;
      } finally {
        t.waiting -= 1;
      }
      if (t !== current) return null; // the reader went to another page meanwhile
      if (answer.ok) apply(t, answer);
      return after(answer);
    };
    const done = (answer) => {
      t.el.dataset.busy = String(t.waiting > 0);
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
    if (control) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", note.id);
      control.closest(".rb-tr-field").append(note);
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

  // Load an encounter from a link, storage or file; on error keep the one on screen.
  function load(t, doc, where, lead = "") {
    return send(t, { op: "load", doc }, (answer) => {
      if (!answer.ok) {
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
      save(t);
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
      let character = null;
      try {
        character = JSON.parse(localStorage.getItem(builderKey(t.system)) || "null");
      } catch (error) {
        character = null;
      }
      if (!character) say(t, "No character is saved by this browser's character builder yet.");
      else await addCharacter(t, character, "the character builder");
    } else if (action === "new") {
      await load(t, t.blank, "a blank page", "A new encounter: add creatures.");
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
    };
    current = t;
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
    $(el, "input[data-action=import]").addEventListener("change", async (event) => {
      const read = await readFile(t, event.target);
      if (read) await load(t, read.value, read.file.name);
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
    if (params.has("e")) {
      try {
        fromLink = decode(params.get("e"));
      } catch (error) {
        say(t, "The link's encounter could not be read.");
      }
    }
    let stored = null;
    try {
      stored = JSON.parse(localStorage.getItem(storageKey(t.system)) || "null");
    } catch (error) {
      stored = null;
    }
    if (fromLink && stored && JSON.stringify(stored.state) === JSON.stringify(fromLink.state)) {
      fromLink = null; // this browser's copy of the same encounter also holds its undo steps
    }
    (async () => {
      const done = (ok) => {
        if (ok) {
          bar.hidden = true;
          stop();
        }
        return ok;
      };
      if (fromLink && done(await load(t, fromLink, "the link"))) return;
      if (stored && done(await load(t, stored, "this browser's storage"))) return;
      done(await load(t, t.blank, "a blank page",
        "A new encounter: add creatures, set their initiative, then start."));
    })();
  }

  function init() {
    current = null;
    const el = document.querySelector(".rb-tracker");
    if (el && window.rbEngine) setup(el);
  }

  window.rbOnEveryPage(init); // calculator.js, loaded first on every page
})();
