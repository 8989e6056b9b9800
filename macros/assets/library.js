// A reader's library (tracker.js and builder.js): per system, any number of saved encounters
// and characters, each with a name and its last change, in this browser's IndexedDB.
//
// Nothing is overwritten behind the reader's back:
//   * every entry carries a revision; a save made from an older revision (another tab
//     changed the entry meanwhile) is refused, and the page saves its version as a new entry;
//   * a change is announced to the other tabs of this site (BroadcastChannel), which reload
//     the entry they show;
//   * what earlier versions kept in localStorage (one slot per system) is copied into the
//     library on the first visit and left where it was; a slot that cannot be read is never
//     touched, and the page offers it for export.
(() => {
  "use strict";
  const DB = "rulebinder";
  const STORE = "entries";
  const channel = "BroadcastChannel" in window ? new BroadcastChannel("rulebinder.library") : null;
  const watchers = new Set();
  let opening = null;

  if (channel) channel.onmessage = (event) => watchers.forEach((fn) => fn(event.data));

  function database() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        if (!window.indexedDB) {
          reject(new Error("this browser keeps no saved data here"));
          return;
        }
        const request = indexedDB.open(DB, 1);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore(STORE, { keyPath: "id" });
          store.createIndex("shelf", "shelf");
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error || new Error("storage refused"));
        request.onblocked = () => reject(new Error("another tab holds an older copy of this site"));
      });
      opening.catch(() => (opening = null));
    }
    return opening;
  }

  // One transaction; body(store, done, fail) issues its requests. Resolves with done's value
  // when the browser has committed it; rejects when it refused (quota) or fail() was called.
  async function transact(mode, body) {
    const db = await database();
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = db.transaction(STORE, mode);
      } catch (error) {
        reject(error);
        return;
      }
      let value;
      let failure = null;
      tx.oncomplete = () => resolve(value);
      tx.onabort = () => reject(failure || tx.error || new Error("the browser refused to save"));
      body(tx.objectStore(STORE), (v) => (value = v), (error) => {
        failure = error;
        tx.abort();
      });
    });
  }

  const newId = () => `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(1))[0]
    .toString(36)}`;

  function announce(message) {
    if (channel) channel.postMessage(message);
  }

  class Conflict extends Error {
    constructor(stored) {
      super(stored ? "it was changed in another tab" : "it was deleted in another tab");
      this.stored = stored;
    }
  }

  // The entries of one kind ("encounter" or "character") of one system.
  function shelf(kind, system) {
    const key = `${kind}:${system}`;
    const lastKey = `rulebinder.library.open.${key}`;
    // Write entry as the next revision of `from` (the revision this page last read or wrote).
    const write = async (from, changes) => {
      const next = { ...from, ...changes, rev: from.rev + 1, changed: Date.now() };
      await transact("readwrite", (store, done, fail) => {
        const got = store.get(from.id);
        got.onsuccess = () => {
          if (!got.result || got.result.rev !== from.rev) {
            fail(new Conflict(got.result));
            return;
          }
          try {
            store.put(next);
          } catch (error) {
            fail(error); // a value the browser cannot store
          }
        };
      });
      announce({ shelf: key, id: next.id, rev: next.rev });
      return next;
    };
    return {
      kind,
      system,
      key,
      list: () => transact("readonly", (store, done) => {
        const request = store.index("shelf").getAll(key);
        request.onsuccess = () => done(request.result.sort((a, b) => b.changed - a.changed));
      }),
      count: () => transact("readonly", (store, done) => {
        const request = store.index("shelf").count(key);
        request.onsuccess = () => done(request.result);
      }),
      get: (id) => transact("readonly", (store, done) => {
        const request = store.get(id);
        request.onsuccess = () => done(request.result || null);
      }),
      async add(name, doc, extra = {}) {
        const entry = { id: newId(), shelf: key, name, changed: Date.now(), rev: 1, doc, ...extra };
        await transact("readwrite", (store, done, fail) => {
          try {
            store.add(entry);
          } catch (error) {
            fail(error);
          }
        });
        announce({ shelf: key, id: entry.id, rev: entry.rev });
        return entry;
      },
      save: (entry, doc, changes = {}) => write(entry, { ...changes, doc }),
      rename: (entry, name) => write(entry, { name, named: true }),
      async remove(entry) {
        await transact("readwrite", (store) => store.delete(entry.id));
        announce({ shelf: key, id: entry.id, removed: true });
        return entry;
      },
      async restore(entry) {
        await transact("readwrite", (store) => store.put(entry));
        announce({ shelf: key, id: entry.id, rev: entry.rev });
        return entry;
      },
      // The entry the reader had open last on this device (a preference, not their data).
      remember(entry) {
        try {
          localStorage.setItem(lastKey, entry ? entry.id : "");
        } catch (error) {
          /* only the choice of what opens first is lost */
        }
      },
      // null: nothing remembered yet; "": a new, unsaved one was on screen last.
      remembered() {
        try {
          return localStorage.getItem(lastKey);
        } catch (error) {
          return null;
        }
      },
      // Messages from other tabs about this shelf.
      watch(fn) {
        const mine = (message) => message && message.shelf === key && fn(message);
        watchers.add(mine);
        return () => watchers.delete(mine);
      },
    };
  }

  // Copy what an earlier version kept in localStorage[legacyKey] into the shelf, once.
  // The slot itself is left as it was. Returns { entry } when it was copied now,
  // { unreadable: text } when it cannot be read (kept, for the reader to export), or {}.
  async function migrate(sh, legacyKey, name) {
    let raw = null;
    let copied = null;
    try {
      raw = localStorage.getItem(legacyKey);
      copied = localStorage.getItem(`${legacyKey}.library`);
    } catch (error) {
      return {};
    }
    if (raw === null || copied !== null) return {};
    let doc;
    try {
      doc = JSON.parse(raw);
    } catch (error) {
      return { unreadable: raw };
    }
    if (!doc || typeof doc !== "object") return { unreadable: raw };
    const entry = await sh.add(name(doc), doc);
    try {
      localStorage.setItem(`${legacyKey}.library`, entry.id);
    } catch (error) {
      /* copied again next time: the reader sees a duplicate, loses nothing */
    }
    return { entry };
  }

  // A file written by "Export all": each entry the rules accept (check(doc) resolves to an
  // error message or "") is added, unless the shelf holds one of that name and content.
  // Resolves to a sentence saying what happened, or "" when value is no such file.
  async function importAll(sh, value, check, noun) {
    if (!value || !Array.isArray(value.entries) || value.system !== sh.system) return "";
    let known = [];
    try {
      known = (await sh.list()).map((entry) => JSON.stringify([entry.name, entry.doc]));
    } catch (error) {
      return `Nothing was imported: saved ${noun}s cannot be read here (${error.message}).`;
    }
    let added = 0;
    let already = 0;
    const refused = [];
    for (const item of value.entries) {
      const name = item && typeof item.name === "string" ? item.name.slice(0, 80) : "";
      const doc = item && item.doc;
      const problem = depth(doc) > 64 ? "nested too deep" : await check(doc);
      if (problem) {
        refused.push(`“${name || "unnamed"}” (${problem})`);
      } else if (known.includes(JSON.stringify([name, doc]))) {
        already += 1;
      } else {
        try {
          await sh.add(name || `Imported ${noun}`, doc, { named: Boolean(item.named) });
        } catch (error) {
          refused.push(`the rest (the browser refused to save: ${error.message})`);
          break;
        }
        known.push(JSON.stringify([name, doc]));
        added += 1;
      }
    }
    return [`Imported ${added} ${noun}${added === 1 ? "" : "s"} into your library` +
      (already ? `; ${already} already there` : "") + ".",
    refused.length ? `Refused: ${refused.join(", ")}.` : ""].filter(Boolean).join(" ");
  }

  // How deep a value nests (stops counting past limit): a file nested deeper than any
  // encounter or character is refused before it reaches the engine.
  function depth(value, limit = 64) {
    let level = 0;
    let layer = [value];
    while (layer.length && level <= limit) {
      const next = [];
      for (const item of layer) {
        if (item && typeof item === "object") next.push(...Object.values(item));
      }
      if (!next.length) break;
      level += 1;
      layer = next;
    }
    return level;
  }

  const when = (time) => new Date(time).toLocaleString(undefined,
    { dateStyle: "medium", timeStyle: "short" });

  function element(tag, attributes = {}, text = "") {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    if (text) el.textContent = text;
    return el;
  }

  function button(label, action, extra = {}) {
    const el = element("button", { type: "button", class: "md-button rb-lib-button", ...extra },
      label);
    el.dataset.lib = action;
    return el;
  }

  // The list of a shelf's entries, drawn into `holder` (a <details>). options:
  //   noun ("encounter"), current() -> the id on screen, open(entry), filename(entry),
  //   detached(entry) when the entry on screen was deleted, restored(entry) when undone.
  function panel(holder, sh, options) {
    const title = element("summary");
    const list = element("ul", { class: "rb-lib-list" });
    const tools = element("div", { class: "rb-lib-tools" });
    const note = element("p", { class: "rb-lib-note", role: "status", "aria-live": "polite" });
    const alert = element("div", { class: "rb-lib-alert", role: "alert" });
    tools.append(button(`Export all ${options.noun}s`, "export-all"));
    holder.replaceChildren(title, alert, list, tools, note);
    let entries = [];
    let removed = null;

    const tell = (text, undo = false) => {
      note.replaceChildren(document.createTextNode(text));
      if (undo) note.append(" ", button("Undo delete", "undo-delete"));
    };

    // Closed, the panel shows only its count: an action in the tracker saves and refreshes,
    // and reading every entry (with its undo steps) each time would be wasted. Opening it
    // draws the list.
    async function refresh() {
      if (!holder.open) {
        try {
          const count = await sh.count();
          title.textContent = `Your saved ${options.noun}s (${count})`;
          holder.dataset.count = String(count);
        } catch (error) {
          warn(`Saved ${options.noun}s cannot be read here (${error.message}).`);
        }
        return;
      }
      try {
        entries = await sh.list();
      } catch (error) {
        entries = [];
        warn(`Saved ${options.noun}s cannot be read here (${error.message}).`);
      }
      title.textContent = `Your saved ${options.noun}s (${entries.length})`;
      const open = options.current();
      list.replaceChildren(...entries.map((entry) => {
        const item = element("li", { class: "rb-lib-entry" });
        item.dataset.id = entry.id;
        const name = element("span", { class: "rb-lib-name" }, entry.name);
        const changed = element("span", { class: "rb-lib-when" }, `changed ${when(entry.changed)}`);
        const act = (text, action) => button(text, action,
          { "aria-label": `${text} “${entry.name}”` });
        if (entry.id === open) {
          item.dataset.open = "true";
          name.append(element("span", { class: "rb-lib-here" }, " (on screen)"));
        }
        item.append(name, changed, act("Open", "open"), act("Rename", "rename"),
          act("Duplicate", "duplicate"), act("Export", "export"), act("Delete", "delete"));
        return item;
      }));
      if (!entries.length) list.append(element("li", {}, `No saved ${options.noun}s yet: ` +
        `a change to the ${options.noun} on screen saves it here.`));
      holder.dataset.count = String(entries.length);
    }

    function warn(text, raw = null, filename = "") {
      alert.replaceChildren(element("p", {}, text));
      if (raw !== null) {
        const keep = button("Export it", "export-raw");
        keep.addEventListener("click", () => window.rbShare.downloadText(filename, raw));
        alert.firstChild.append(" ", keep);
      }
      holder.open = true;
    }

    function renameForm(item, entry) {
      const form = element("form", { class: "rb-lib-rename" });
      const input = element("input", { type: "text", name: "name", maxlength: "80",
        "aria-label": `New name for “${entry.name}”` });
      input.value = entry.name;
      form.append(input, element("button", { type: "submit", class: "md-button" }, "Save name"));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name) {
          tell("A name cannot be empty.");
          return;
        }
        try {
          const fresh = await sh.get(entry.id);
          if (!fresh) throw new Conflict(null);
          const renamed = await sh.rename(fresh, name);
          if (options.renamed) options.renamed(renamed);
          tell(`Renamed to “${name}”.`);
        } catch (error) {
          tell(`Not renamed: ${error.message}.`);
        }
        await refresh();
      });
      item.append(form);
      input.focus();
      input.select();
    }

    holder.addEventListener("click", async (event) => {
      const control = event.target.closest("button[data-lib]");
      if (!control) return;
      const action = control.dataset.lib;
      const item = control.closest(".rb-lib-entry");
      const entry = item && entries.find((e) => e.id === item.dataset.id);
      if (action === "export-all") {
        window.rbShare.download(`${sh.system}-${options.noun}s.json`,
          { kind: sh.kind, system: sh.system, entries });
        tell(`Exported ${entries.length} ${options.noun}s.`);
      } else if (action === "undo-delete" && removed) {
        await sh.restore(removed);
        tell(`“${removed.name}” is back.`);
        if (options.restored) options.restored(removed);
        removed = null;
        await refresh();
      } else if (!entry) {
        return;
      } else if (action === "open") {
        await options.open(entry);
        await refresh();
      } else if (action === "rename") {
        renameForm(item, entry);
      } else if (action === "duplicate") {
        const copy = await sh.add(`${entry.name} (copy)`, entry.doc, { named: true });
        tell(`Duplicated as “${copy.name}”.`);
        await refresh();
      } else if (action === "export") {
        window.rbShare.download(options.filename(entry), entry.doc);
        tell(`Exported “${entry.name}”.`);
      } else if (action === "delete") {
        removed = await sh.remove(entry);
        if (entry.id === options.current()) options.detached(entry);
        tell(`Deleted “${entry.name}”.`, true);
        await refresh();
        note.querySelector("button")?.focus();
      }
    });
    holder.addEventListener("toggle", () => holder.open && refresh());
    const stop = sh.watch(() => refresh());
    return { refresh, warn, stop };
  }

  // A short name for a file name.
  const slug = (text) => (text || "").toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

  window.rbLibrary = { shelf, migrate, panel, depth, slug, Conflict, when, importAll };
})();
