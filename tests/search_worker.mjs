// Runs a search worker of Material's protocol in Node, as a browser would run it, and prints
// each query's result as JSON: tests/test_search_split.py compares Material's own worker
// over the whole index with Rulebinder's over the split one.
//
//   node tests/search_worker.mjs <site dir> <worker file> <served as> <index.json> <queries>
//
// The worker is loaded as if served at <served as>, a path of the site (its importScripts
// and fetch read files of <site dir>); <index.json> is what the theme hands it (config,
// docs); <queries> a JSON file of a list of queries.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";

const [site, workerFile, servedAs, indexFile, queriesFile] = process.argv.slice(2);
const base = pathToFileURL(path.resolve(site) + "/").href;
const workerUrl = new URL(servedAs, base);
const fetched = [];
const listeners = [];
let receive = null;

const context = {
  console,
  setTimeout,
  clearTimeout,
  URL,
  TextDecoder,
  Promise,
  location: workerUrl,
  postMessage: (message) => receive && receive(message),
  addEventListener: (type, fn) => type === "message" && listeners.push(fn),
  importScripts: (...urls) => {
    for (const url of urls) {
      const file = new URL(url, workerUrl);
      vm.runInContext(readFileSync(file, "utf8"), context, { filename: file.pathname });
    }
  },
  fetch: async (url) => {
    const file = new URL(url);
    fetched.push(file.pathname.slice(new URL(base).pathname.length));
    const text = readFileSync(file, "utf8");
    return { ok: true, status: 200, json: async () => JSON.parse(text) };
  },
};
context.self = context;
vm.createContext(context);
vm.runInContext(readFileSync(workerFile, "utf8"), context, { filename: workerFile });

function send(message) {
  return new Promise((resolve) => {
    receive = resolve;
    for (const fn of listeners) fn({ data: message });
  });
}

const index = JSON.parse(readFileSync(indexFile, "utf8"));
const limit = Number(process.env.SEARCH_LIMIT || 0) || undefined;
await send({ type: 0, data: { ...index, options: { suggest: true, limit } } });
const out = {};
for (const query of JSON.parse(readFileSync(queriesFile, "utf8"))) {
  fetched.length = 0;
  const message = await send({ type: 2, data: query });
  out[query] = { items: message.data.items, suggest: message.data.suggest, fetched: [...fetched] };
}
process.stdout.write(JSON.stringify(out));
