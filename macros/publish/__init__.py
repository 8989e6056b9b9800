"""Stage 3, publish: what the build writes beside the pages, in ``on_post_build``, in this
order: the runtime, the trimmed standard library, the memory snapshot, the split search
index, the offline shell, the precompressed copies.

It may import :mod:`macros.render` and :mod:`macros.load` (``tests/test_import_graph.py``)
but needs neither today: it works on the built site and the engine folder
(:mod:`rulebinder.engine`).

* :mod:`~macros.publish.ahead` — the next three, run in a process of their own while the
  pages are converted (started by ``define_env``), their ``pyodide/`` moved into the site;
* :mod:`~macros.publish.runtime` — Pyodide and the rules core's wheel under ``pyodide/``;
* :mod:`~macros.publish.stdlib` — the standard library cut to what the core imports
  (with Node: ``stdlib.mjs``; an author's engine's listing ships: ``stdlib-shipped.json``);
* :mod:`~macros.publish.snapshot` — the memory snapshot of the booted Python
  (with Node: ``snapshot.mjs``);
* :mod:`~macros.publish.searchsplit` — the search index split into a manifest and shards
  (read by ``macros/assets/search-worker.js``);
* :mod:`~macros.publish.offline` — service worker (``serviceworker/``, by workbox-build),
  web app manifest and icons;
* :mod:`~macros.publish.precache` — the service worker's file lists in Python, without Node;
* :mod:`~macros.publish.compress` — ``.br`` and ``.gz`` copies beside the site's files;
* :mod:`~macros.publish.shared` — the user's cache, shared by every project: compressed
  copies, trimmed standard libraries and snapshots, by the hash of their inputs;
* :mod:`~macros.publish.pgzip` — gzip on every core (the snapshot);
* :mod:`~macros.publish.later` — the best brotli copies of large shared files, made by a
  detached process at the lowest priority after the build.
"""
