// Rulebinder inline dice: the rolls in the rules text come alive.
// macros/render/dice.py renders each roll as <button class="rb-dice-roll" data-dice="2d6"> (or
// data-contest="MIG:END" data-contest-calc="<system>.contest") holding the rulebook's
// words, with its odds beside it, computed when the site was built and shown on hover and
// focus by CSS alone. This script adds:
// * a click rolls it with a random 32-bit seed: dice.roll {expression, seed}, the book's
//   contest calculator (data-contest-calc) {seed} for a contest (both modifiers 0: no
//   character is known), or the book's check (data-check) {seed}, whose band the log names;
// * a roll table's roll (data-rows) names the row its total falls in, in the log, and
//   highlights that row of the table (data-rolled);
// * the roll log, a panel at the bottom of the page (aria-live) with the words, the
//   dice, the total and the seed (the dice roller replays a seed). It hangs off <body>,
//   outside the content Material's instant navigation replaces, and is kept in
//   sessionStorage, so it stays while the reader moves around the site.
// The engine is calculator.js's (window.rbEngine): on a page without a calculator nothing
// of Pyodide loads until the reader clicks a roll.
(() => {
  "use strict";
  const script = document.currentScript;
  // The site's dice roller replays a dice roll from its seed (docs/dice.md).
  const roller = new URL("../dice/", script ? script.src : location.href);
  const STORE = "rb-roll-log";
  const KEEP = 30; // entries kept in the log
  let entries = load();
  let panel = null;

  // Hints such as "Click to roll it" are only true with this script running. An attribute,
  // not a class: in Chromium any class put on <html> restyles every element of the page
  // (50 ms on a long page here), an attribute only what a rule names with it.
  document.documentElement.setAttribute("data-rb-dice-live", "");

  function load() {
    try {
      return JSON.parse(sessionStorage.getItem(STORE)) || [];
    } catch {
      return [];
    }
  }

  function save() {
    try {
      sessionStorage.setItem(STORE, JSON.stringify(entries.filter((e) => e.state === "done")));
    } catch {
      // storage full or disabled: the log still works for this page
    }
  }

  function seed() {
    return crypto.getRandomValues(new Uint32Array(1))[0];
  }

  // The panel, made on first use and put back if a page change removed it.
  function logPanel() {
    if (panel && document.body.contains(panel)) return panel;
    panel = document.createElement("section");
    panel.className = "rb-roll-log";
    panel.setAttribute("aria-label", "Roll log");
    panel.innerHTML =
      '<header><h2>Roll log</h2><span><button type="button" data-log="clear">Clear</button> ' +
      '<button type="button" data-log="close" aria-label="Close the roll log">×</button></span>' +
      '</header><ol aria-live="polite" aria-relevant="additions text"></ol>';
    panel.addEventListener("click", (event) => {
      const action = event.target.closest("[data-log]")?.dataset.log;
      if (action === "clear") {
        entries = [];
        save();
        draw();
      } else if (action === "close") {
        panel.hidden = true;
      }
    });
    document.body.append(panel);
    return panel;
  }

  // One entry as text: what was rolled, the dice, the total (or the state), the seed.
  function describe(entry) {
    const label = entry.label ? `${entry.label}: ` : "";
    if (entry.state === "loading") return `${label}${entry.stage || "Loading the dice engine"}…`;
    if (entry.state === "failed") return `${label}${entry.message}`;
    return `${label}${entry.shown}`;
  }

  function draw() {
    const list = logPanel().querySelector("ol");
    list.replaceChildren(
      ...entries.map((entry) => {
        const item = document.createElement("li");
        item.dataset.state = entry.state;
        if (entry.total !== undefined) item.dataset.total = String(entry.total);
        if (entry.row !== undefined) item.dataset.row = String(entry.row);
        item.dataset.seed = String(entry.seed);
        item.textContent = describe(entry);
        if (entry.state === "done") {
          const seedNote = document.createElement("span");
          seedNote.className = "rb-roll-seed";
          seedNote.textContent = ` (seed ${entry.seed}`;
          const replay = document.createElement("a");
          replay.href = entry.replay;
          replay.textContent = "replay";
          seedNote.append(", ", replay, ")");
          item.append(seedNote);
        }
        return item;
      }),
    );
    panel.hidden = entries.length === 0;
  }

  // What the answer of the engine says, in the log's words.
  function shownOf(button, answer) {
    const result = answer.result;
    if (button.dataset.dice !== undefined) {
      const shown = { shown: result.roll.shown, total: result.roll.total };
      const row = rowOf(button, shown.total);
      if (row) Object.assign(shown, { shown: `${shown.shown} → ${row.said}`, row: row.index });
      return shown;
    }
    if (button.dataset.check !== undefined) {
      // The check's breakdown ends with its roll: "Rolled 2d6 [3, 4] = 7; total 7: Miss".
      const rolled = result.breakdown[result.breakdown.length - 1].replace(/^Rolled /, "");
      return { shown: rolled, total: result.total, outcome: result.outcome };
    }
    const [roller, defender] = button.dataset.contest.split(":");
    const r = result.result;
    const dice = result.rolled;
    return {
      shown:
        `${roller} [${dice.attacker.join(", ")}] = ${r.attacker_total} against ` +
        `${defender} [${dice.defender.join(", ")}] = ${r.defender_total}, modifiers 0: ` +
        `${r.outcome} (margin ${r.margin})`,
      total: r.margin,
    };
  }

  // A roll table's roll (data-rows: each row's lowest and highest result and its words, in
  // the order of the table's rows): the row the total falls in, named as the log says it.
  function rowOf(button, total) {
    if (button.dataset.rows === undefined) return null;
    const rows = JSON.parse(button.dataset.rows);
    const index = rows.findIndex(([low, high]) => low <= total && total <= high);
    if (index < 0) return null;
    const [low, high, words] = rows[index];
    const results = low === high ? `${low}` : `${low}–${high}`;
    return { index, said: `row ${results}${words ? `: ${words}` : ""}` };
  }

  // The table under a roll table's caption (the caption, its text, then the table).
  function tableOf(button) {
    let element = button.closest(".rb-caption")?.nextElementSibling;
    for (; element && !element.matches("h1, h2, h3, h4, h5, h6, .rb-caption");
         element = element.nextElementSibling) {
      const table = element.matches("table") ? element : element.querySelector("table");
      if (table) return table;
    }
    return null;
  }

  // Highlights the row rolled (data-rolled; the last roll of the table only).
  function highlight(button, index) {
    const body = tableOf(button)?.tBodies[0];
    if (!body || !body.rows[index]) return;
    for (const row of body.rows) row.removeAttribute("data-rolled");
    body.rows[index].setAttribute("data-rolled", "");
    body.rows[index].scrollIntoView({ block: "nearest" });
  }

  async function roll(button) {
    const engine = window.rbEngine;
    const words = button.textContent.trim();
    const entry = { seed: seed(), state: "loading", label: words, replay: "" };
    let calc;
    let inputs;
    if (button.dataset.dice !== undefined) {
      const expression = button.dataset.dice;
      calc = "dice.roll";
      inputs = { expression, seed: String(entry.seed) };
      entry.label = words === expression ? "" : `${words} (${expression})`;
      if (button.dataset.table !== undefined) entry.label = `${button.dataset.table}: ${words}`;
      const url = new URL(roller);
      url.search = new URLSearchParams({ calc, expression, seed: entry.seed }).toString();
      entry.replay = url.href;
    } else if (button.dataset.check !== undefined) {
      calc = button.dataset.check;
      inputs = { seed: String(entry.seed) };
      entry.label = `${words} (${button.dataset.checkName || calc})`;
      const link = button.parentElement.querySelector(".rb-dice-odds a[href]");
      const url = new URL(link ? link.href : roller);
      url.searchParams.set("seed", String(entry.seed));
      entry.replay = url.href;
    } else {
      calc = button.dataset.contestCalc;
      inputs = { seed: String(entry.seed) };
      entry.label = `${words} (${button.dataset.contest.replace(":", " against ")})`;
      // The popover links to the Opposed roll calculator; with the seed it replays the roll.
      const link = button.parentElement.querySelector(".rb-dice-odds a[href]");
      const url = new URL(link ? link.href : roller);
      url.searchParams.set("seed", String(entry.seed));
      entry.replay = url.href;
    }
    entries.unshift(entry);
    entries.length = Math.min(entries.length, KEEP);
    const stop = engine?.onProgress((message) => {
      entry.stage = `${message.stage} (the first start takes a few seconds)`;
      draw();
    });
    if (engine && engine.state !== "ready") entry.stage = "Loading the dice engine";
    button.setAttribute("aria-busy", "true");
    draw();
    try {
      if (!engine) throw new Error("the calculator script is missing");
      const answer = await engine.call(calc, inputs);
      if (!answer.ok) throw new Error(answer.error.message);
      Object.assign(entry, shownOf(button, answer), { state: "done" });
      if (entry.row !== undefined) highlight(button, entry.row);
    } catch (error) {
      entry.state = "failed";
      entry.message =
        `the dice engine could not roll it (${error.message}). ` +
        "The odds shown on hover were computed when the site was built.";
    } finally {
      stop?.();
      button.removeAttribute("aria-busy");
    }
    save();
    draw();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest?.(".rb-dice-roll");
    if (button) roll(button);
  });

  // Escape hides an open popover until the pointer or focus leaves the roll.
  document.addEventListener("keydown", (event) => {
    const dice = event.key === "Escape" && event.target.closest?.(".rb-dice");
    if (dice) dice.dataset.quiet = "";
  });
  for (const kind of ["focusout", "mouseout"]) {
    document.addEventListener(kind, (event) => {
      const dice = event.target.closest?.(".rb-dice");
      if (dice && !dice.contains(event.relatedTarget)) delete dice.dataset.quiet;
    });
  }

  // Show the kept log on every page (instant navigation emits each new page on document$).
  function show() {
    if (entries.length) draw();
  }
  window.rbOnEveryPage(show); // calculator.js, loaded first on every page
})();
