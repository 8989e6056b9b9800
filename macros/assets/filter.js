// Rulebinder: filter and sort a page's lists as you type (macros/render/filtering.py marks them).
// A list is [data-rb-filter-list]; its entries are [data-rb-filter-item] with data-name
// (a table's list: the rows of its body, named by their first cell); a heading with what
// follows it is a [data-rb-filter-group] with its data-level. Nothing here knows a book.
// The filter and the sort live in the URL (the list's data-param, data-sort-param).
(() => {
  "use strict";

  // Case and accents do not count: "Etre" finds "Être".
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const LIST = "[data-rb-filter-list]";
  const own = (list, selector) =>
    [...list.querySelectorAll(selector)].filter((el) => el.parentElement.closest(LIST) === list);
  const byName = (a, b) =>
    a.dataset.name.localeCompare(b.dataset.name, document.documentElement.lang || undefined,
      { numeric: true, sensitivity: "base" });

  function setup(list) {
    if (list.rbFilter) return;
    const controls = own(list, ".rb-filter-controls")[0];
    if (!controls) return;
    if (list.hasAttribute("data-rb-filter-rows")) {
      own(list, "tbody > tr").forEach((row) => {
        row.setAttribute("data-rb-filter-item", "");
        row.dataset.name = (row.cells[0]?.textContent || "").trim();
        row.dataset.kind = "row";
      });
    }
    const items = own(list, "[data-rb-filter-item]");
    const l = {
      list, items,
      groups: own(list, "[data-rb-filter-group]"),
      input: controls.querySelector("[data-rb-filter-input]"),
      sort: controls.querySelector("[data-rb-filter-sort]"),
      status: controls.querySelector("[data-rb-filter-status]"),
      param: list.dataset.param,
      sortParam: list.dataset.sortParam,
      noun: list.dataset.noun,
    };
    list.rbFilter = l;
    const params = new URLSearchParams(location.search);
    l.input.value = params.get(l.param) || "";
    const sort = params.get(l.sortParam);
    if ([...l.sort.options].some((option) => option.value === sort)) l.sort.value = sort;
    l.input.addEventListener("input", () => update(l));
    l.input.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !l.input.value) return;
      event.preventDefault();
      l.input.value = "";
      update(l);
    });
    l.sort.addEventListener("change", () => update(l));
    controls.hidden = false;
    // A list shown as the page has it needs no work until the reader types or sorts: a
    // long glossary is not walked, moved and restyled while the page loads.
    if (l.input.value || l.sort.value !== "page") {
      order(l);
      filter(l);
    } else {
      count(l, null);
    }
  }

  // "12 abilities", or with a filter "3 of 12 abilities".
  function count(l, shown) {
    const total = `${l.items.length} ${l.noun}`;
    l.status.textContent = shown === null ? total : `${shown} of ${total}`;
  }

  // Where the page puts each item (sorting moves it), made when first needed.
  function slots(l) {
    if (l.slotted) return;
    l.slotted = true;
    l.items.forEach((item) => {
      item.rbSlot = document.createComment("");
      item.before(item.rbSlot);
    });
  }

  // Each item to its slot, in the chosen order; a heading's items stay under it.
  function order(l) {
    slots(l);
    const byParent = new Map();
    l.items.forEach((item) => {
      const parent = item.rbSlot.parentNode;
      if (!byParent.has(parent)) byParent.set(parent, []);
      byParent.get(parent).push(item);
    });
    byParent.forEach((items) => {
      const sorted = l.sort.value === "page" ? items : [...items].sort(byName);
      if (l.sort.value === "za") sorted.reverse();
      sorted.forEach((item, k) => items[k].rbSlot.after(item));
    });
  }

  // Show the items holding every word typed, and the headings above any of them.
  function filter(l) {
    const words = fold(l.input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    l.items.forEach((item) => {
      item.rbText ??= fold(`${item.dataset.name} ${item.textContent}`);
      item.hidden = !words.every((word) => item.rbText.includes(word));
      if (!item.hidden) shown += 1;
    });
    const level = (group) => Number(group.dataset.level);
    const has = l.groups.map((group) =>
      !words.length || l.items.some((item) => !item.hidden && group.contains(item)));
    l.groups.forEach((group, i) => {
      let visible = has[i];
      for (let j = i + 1; !visible && j < l.groups.length; j++) {
        if (level(l.groups[j]) <= level(group)) break;
        visible = has[j]; // a heading stays above its subheadings' entries
      }
      group.hidden = !visible;
    });
    count(l, words.length ? shown : null);
  }

  function update(l) {
    order(l);
    filter(l);
    const params = new URLSearchParams(location.search);
    if (l.input.value) params.set(l.param, l.input.value);
    else params.delete(l.param);
    if (l.sort.value !== "page") params.set(l.sortParam, l.sort.value);
    else params.delete(l.sortParam);
    const search = params.toString();
    history.replaceState(history.state, "",
      `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
  }

  // A link to an entry the filter hides clears the filter, so the entry can be shown.
  function reveal(id) {
    const target = id && document.getElementById(id);
    let hidden = target && target.closest("[hidden]");
    while (hidden) {
      const l = hidden.closest(LIST)?.rbFilter;
      if (!l || !l.input.value) return;
      l.input.value = "";
      update(l);
      hidden = target.closest("[hidden]");
    }
  }
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href*='#']");
    if (!link) return;
    const url = new URL(link.href, location.href);
    if (url.pathname === location.pathname) reveal(decodeURIComponent(url.hash.slice(1)));
  }, true);

  function init() {
    document.querySelectorAll(LIST).forEach(setup);
    if (location.hash) reveal(decodeURIComponent(location.hash.slice(1)));
  }

  window.rbOnEveryPage(init); // calculator.js, loaded first on every page
})();
