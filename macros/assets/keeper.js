// What the tracker and the builders share about a reader's saved work (library.js holds the
// storage and the list): which entry is on screen, saving it, opening one, adopting what a
// link or a file brings, following other tabs, and the first choice of what to show.
//
// rbLibrary.keeper(host) where host is the page's tool:
//   el, kind ("encounter" | "character"), system, noun ("encounter"),
//   doc() -> the value on screen; load(doc, where, lead) -> Promise<bool> (through the engine);
//   say(text); status() -> the status line's text; busy() after the count of saves changes;
//   name(doc) -> a default name; same(a, b) -> the same encounter or character;
//   blank(doc) -> nothing worth keeping yet.
(() => {
  "use strict";
  const lib = window.rbLibrary;

  function keeper(host) {
    const shelf = lib.shelf(host.kind, host.system);
    const k = { shelf, entry: null, saving: 0, chain: Promise.resolve(), panel: null };
    const noun = host.noun;
    const pretty = (doc) => JSON.stringify(doc, null, 2);

    function show(entry) {
      k.entry = entry;
      host.el.dataset.entry = entry ? entry.id : "";
      shelf.remember(entry);
    }

    // Busy (data-busy) from the first step of a several-step change to its last.
    async function holding(work) {
      k.saving += 1;
      host.busy();
      try {
        return await work();
      } finally {
        k.saving -= 1;
        host.busy();
      }
    }

    function refused(error, doc) {
      k.panel.warn(`This browser refused to save the ${noun} (${error.message}). Export it ` +
        "to keep it.", pretty(doc), `${host.system}-${noun}.json`);
    }

    // Keep what is on screen: its entry's next revision (named after its content unless the
    // reader named it), or a new entry. A save from an older revision (another tab changed
    // or deleted the entry) becomes a new entry, and the page says so. Storage full or
    // refused: a message that stays, and Export.
    function save() {
      const doc = host.doc();
      if (!k.entry && host.blank(doc)) return k.chain;
      k.chain = k.chain.then(() => holding(async () => {
        const name = host.name(doc);
        try {
          if (k.entry && JSON.stringify(k.entry.doc) === JSON.stringify(doc)) return;
          if (k.entry) show(await shelf.save(k.entry, doc, k.entry.named ? {} : { name }));
          else show(await shelf.add(name, doc));
        } catch (error) {
          if (!(error instanceof lib.Conflict)) {
            refused(error, doc);
            return;
          }
          const copy = `${k.entry.name} (this tab)`;
          try {
            show(await shelf.add(copy, doc, { named: true }));
          } catch (again) {
            refused(again, doc);
            return;
          }
          k.panel.warn(`The saved ${noun} was ${error.message} meanwhile; this tab's ` +
            `change is saved as a new ${noun}, “${copy}”.`);
        }
        await k.panel.refresh();
      }));
      return k.chain;
    }

    // Open a saved entry. One the engine refuses stays in the library as it was.
    const open = (entry, lead = "") => holding(async () => {
      const where = `your saved ${noun} “${entry.name}”`;
      if (await host.load(entry.doc, where, lead || `Opened “${entry.name}”.`)) {
        show(entry);
        await k.panel.refresh();
        return true;
      }
      k.panel.warn(`${host.status()} It is kept in your library as it was: export it from ` +
        "the list.");
      return false;
    });

    // What a link or a file brings joins the library as a new entry, unless the library
    // already has it (then that entry is opened, with its undo steps).
    const adopt = (doc, where) => holding(async () => {
      let entries = [];
      try {
        entries = await shelf.list();
      } catch (error) {
        entries = [];
      }
      const known = entries.find((entry) => host.same(entry.doc, doc));
      if (known) {
        const lead = known.id === shelf.remembered() ? `Opened “${known.name}”, as you left it.`
          : `The ${noun} from ${where} is already in your library: opened “${known.name}”.`;
        return open(known, lead);
      }
      if (!(await host.load(doc, where))) return false;
      show(null);
      await save();
      if (k.entry) {
        const capital = noun[0].toUpperCase() + noun.slice(1);
        host.say(`${capital} loaded from ${where}. Added to your library as “${k.entry.name}”.`);
      }
      return true;
    });

    // A file: one "Export all" wrote (each entry checked by check(doc) -> "" or a problem),
    // or one encounter or character.
    const importFile = (value, name, check) => holding(async () => {
      const all = await lib.importAll(shelf, value, check, noun);
      if (!all) return adopt(value, name);
      host.say(`${name}: ${all}`);
      await k.panel.refresh();
      return true;
    });

    // A blank one on screen (the one before stays saved).
    async function fresh(lead) {
      if (!(await host.load(host.blankDoc, "a blank page", lead))) return false;
      show(null);
      await k.panel.refresh();
      return true;
    }

    // Another tab changed or deleted the entry on screen: show its change, or say so.
    async function elsewhere(message) {
      if (!k.entry || message.id !== k.entry.id) return;
      if (message.removed) {
        show(null);
        k.panel.warn(`This ${noun} was deleted in another tab. It stays on screen; a change ` +
          `to it saves it again as a new ${noun}.`);
        return;
      }
      if (message.rev <= k.entry.rev) return;
      let stored = null;
      try {
        stored = await shelf.get(message.id);
      } catch (error) {
        return;
      }
      if (!stored || !k.entry || stored.rev <= k.entry.rev) return;
      if (JSON.stringify(stored.doc) === JSON.stringify(host.doc())) {
        k.entry = stored; // renamed, or the same change
        return;
      }
      if (await host.load(stored.doc, "another tab", `This ${noun} was changed in another ` +
        "tab: this page now shows that change.")) {
        show(stored);
      }
    }

    // The list, under `after`; then what to show first: the link's (added to the library),
    // else the entry open last, else a blank one. legacyKey: an earlier version's slot.
    async function start({ after, fromLink, badLink, legacyKey, firstLead }) {
      // The page is built with the library's place right after `after` (so nothing below
      // moves when it is set up); a page without it gets one.
      const built = after.nextElementSibling;
      const holder = built && built.matches("details.rb-library") ?
        built : document.createElement("details");
      holder.className = "rb-library";
      holder.setAttribute("data-search-exclude", "");
      if (holder !== built) after.after(holder);
      k.panel = lib.panel(holder, shelf, {
        noun,
        current: () => (k.entry ? k.entry.id : ""),
        open: (entry) => open(entry),
        filename: (entry) => `${host.system}-${lib.slug(entry.name) || noun}.json`,
        detached: () => {
          show(null);
          host.say(`The ${noun} on screen was deleted from your library; a change to it ` +
            `saves it again as a new ${noun}.`);
        },
        restored: (entry) => {
          if (!k.entry && host.same(entry.doc, host.doc())) show(entry);
        },
        renamed: (entry) => {
          if (k.entry && entry.id === k.entry.id) k.entry = entry;
        },
      });
      const unwatch = shelf.watch(elsewhere);
      k.stop = () => {
        unwatch();
        k.panel.stop();
      };
      return holding(async () => {
        let entries = [];
        try {
          const moved = await lib.migrate(shelf, legacyKey,
            (doc) => `${host.name(doc)} (saved before the library)`);
          if (moved.unreadable) {
            k.panel.warn(`This browser holds a ${noun} an earlier version of this page saved, ` +
              "and it cannot be read. It is kept as it was, never overwritten.",
            moved.unreadable, `${host.system}-${noun}-unreadable.json`);
          }
          entries = await shelf.list();
        } catch (error) {
          k.panel.warn(`Saved ${noun}s cannot be read here (${error.message}). Export what ` +
            "you make here to keep it.");
        }
        await k.panel.refresh();
        if (badLink) k.panel.warn(badLink);
        if (fromLink && (await adopt(fromLink, "the link"))) return true;
        if (fromLink) k.panel.warn(host.status());
        const remembered = shelf.remembered();
        const last = remembered === null ? entries[0]
          : entries.find((entry) => entry.id === remembered);
        const lead = (text) => [badLink, text].filter(Boolean).join(" ");
        if (last && (await open(last, lead(`Opened “${last.name}”, as you left it.`)))) {
          return true;
        }
        return host.load(host.blankDoc, "a blank page", lead(firstLead));
      });
    }

    return Object.assign(k, { save, open, adopt, importFile, fresh, start, holding });
  }

  lib.keeper = keeper;
})();
