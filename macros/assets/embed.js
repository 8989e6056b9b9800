// Rulebinder sharing and embeds. Every entry and calculator gets a "Share or embed" link to
// its own page. Any page of the book opened with ?embed=1 (in an <iframe> of a virtual
// tabletop, a wiki, a Discord activity) shows without the site's chrome (rulebinder.css,
// [data-rb-embed]: no header, tabs, sidebars or footer); with ?calc=<id> or a #fragment it
// shows that calculator or entry alone. Every link then opens the whole book in a new tab.
// ?theme=dark|light follows the host's theme (the script in the theme's <head> sets it).
// The calculators, rolls, odds and hover definitions work as on the page.
// ?panel=<book> (the Owlbear Rodeo extension's popover, macros/publish/owlbear.py) keeps the
// header's search and adds a bar to the book's tracker, the dice roller and the book's pages,
// which open in the panel.
(() => {
  "use strict";
  const root = document.documentElement;
  const script = document.currentScript;
  const siteRoot = new URL("../", script ? script.src : location.href);

  // On every page (not in an embed): each entry and calculator gets a small link to its own
  // page (macros/publish/share.py), where a reader copies its link, the rule with its
  // attribution, or the code to embed it. An entry's anchor says its id (data-rb-entry).
  function sharePath(id, folder) {
    const dot = id.indexOf(".");
    return `${id.slice(0, dot)}/${folder}/${id.slice(dot + 1).replace(/\./g, "-")}/`;
  }
  function shareLink(url, name) {
    const link = document.createElement("a");
    link.className = "rb-share-link";
    link.href = url;
    link.title = "Share or embed";
    link.setAttribute("aria-label", `Share or embed: ${name}`);
    return link;
  }
  function addShareLinks() {
    for (const anchor of document.querySelectorAll(".md-content [data-rb-entry]")) {
      if (anchor.hasAttribute("data-rb-shared")) continue;
      anchor.setAttribute("data-rb-shared", "");
      const url = new URL(sharePath(anchor.getAttribute("data-rb-entry"), "rule"), siteRoot);
      const place = anchor.childNodes.length || /^H[1-6]$/.test(anchor.tagName) ? anchor
        : anchor.parentElement;
      const name = (place.querySelector("strong") || place).textContent.replace(/:$/, "").trim();
      place.append(" ", shareLink(url.href, name.slice(0, 80)));
    }
    for (const calc of document.querySelectorAll(".md-content .rb-calc[data-calc]")) {
      // After the calculator, not in its title: a link to it puts the first Tab in its form.
      if (calc.querySelector(":scope > .rb-calc-share")) continue;
      const url = new URL(sharePath(calc.getAttribute("data-calc"), "calc"), siteRoot);
      const title = calc.querySelector(".rb-calc-title");
      const link = shareLink(url.href, (title ? title.textContent : calc.id).trim());
      // The calculator's own page keeps the inputs the reader has (the page's query).
      link.addEventListener("click", () => {
        const params = new URLSearchParams(location.search);
        if (params.get("calc") === calc.getAttribute("data-calc")) {
          params.delete("calc");
          link.search = params.toString();
        }
      });
      const line = document.createElement("p");
      line.className = "rb-calc-share";
      link.textContent = "Share or embed this calculator";
      link.setAttribute("aria-label", `Share or embed this calculator: ${link.getAttribute("aria-label").slice(16)}`);
      line.append(link);
      calc.append(line);
    }
  }
  if (!root.hasAttribute("data-rb-embed")) {
    if (window.rbOnEveryPage) window.rbOnEveryPage(addShareLinks);
    else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", addShareLinks);
    } else addShareLinks();
    return;
  }
  const panel = new URLSearchParams(location.search).get("panel");
  if (panel) root.setAttribute("data-rb-panel", "");

  // The panel's bar: each link an embed in panel mode, opened in the panel.
  function bar(article) {
    const nav = document.createElement("nav");
    nav.className = "rb-panel-bar";
    nav.setAttribute("aria-label", "Panel");
    const places = [["Tracker", `${panel}/tracker/`], ["Dice roller", "dice/"], ["Rules", `${panel}/`]];
    for (const [label, path] of places) {
      const link = document.createElement("a");
      const url = new URL(path, siteRoot);
      url.search = `?embed=1&panel=${encodeURIComponent(panel)}`;
      link.href = url.href;
      link.textContent = label;
      link.setAttribute("data-rb-panel-link", "");
      if (url.pathname === location.pathname) link.setAttribute("aria-current", "page");
      nav.append(link, " ");
    }
    article.prepend(nav);
  }

  // The element the embed is about: the calculator ?calc= names, else the #fragment's
  // entry: a definition's paragraph, or a heading with what follows it up to the next
  // heading of its level or above.
  function about(article) {
    const params = new URLSearchParams(location.search);
    const calc = params.get("calc");
    if (calc) {
      const found = article.querySelector(`[data-calc="${CSS.escape(calc)}"]`);
      if (found) return [found];
    }
    const target = window.rbFragmentTarget ? window.rbFragmentTarget() : null;
    if (!target || !article.contains(target)) return null;
    const heading = /^H[1-6]$/.test(target.tagName) ? target : null;
    if (!heading) {
      const block = target.closest("p, li, dd, dt, tr, section, .rb-calc") || target;
      return [block];
    }
    const level = Number(heading.tagName[1]);
    const kept = [heading];
    for (let next = heading.nextElementSibling; next; next = next.nextElementSibling) {
      if (/^H[1-6]$/.test(next.tagName) && Number(next.tagName[1]) <= level) break;
      kept.push(next);
    }
    return kept;
  }

  // Hide everything beside the kept elements and their ancestors, up to the article.
  function isolate(article, kept) {
    const keep = new Set();
    for (const element of kept) {
      for (let node = element; node && node !== article; node = node.parentElement) keep.add(node);
    }
    for (const node of keep) {
      const parent = node.parentElement;
      if (!parent) continue;
      for (const sibling of parent.children) {
        if (!keep.has(sibling) && !kept.some((k) => sibling.contains(k))) {
          sibling.setAttribute("data-rb-embed-hidden", "");
        }
      }
    }
    root.setAttribute("data-rb-embed-one", "");
  }

  function outward() {
    for (const link of document.querySelectorAll(".md-content a[href]")) {
      const href = link.getAttribute("href");
      if (href.startsWith("#") || link.hasAttribute("data-rb-panel-link")) continue;
      link.target = "_blank";
      link.rel = "noopener";
    }
  }

  function setUp() {
    const article = document.querySelector(".md-content article, .md-content__inner");
    if (!article) return;
    const kept = about(article);
    if (kept) isolate(article, kept);
    if (panel) bar(article);
    outward();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
