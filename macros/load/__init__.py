"""Stage 1, load and validate: ``rules_data/`` read into checked entries, or every problem
reported as ``file:line: field: message`` before a page is written.

Imports neither :mod:`macros.render` nor :mod:`macros.publish` (``tests/test_import_graph.py``).

* :mod:`~macros.load.loader` — the entry point: :func:`load_rules` reads every system's files;
* :mod:`~macros.load.yamlload` — YAML that remembers the line of every key;
* :mod:`~macros.load.schema` — the entry kinds and their fields;
* :mod:`~macros.load.fields` — one mapping's fields checked against the schema;
* :mod:`~macros.load.crosscheck` — the checks across files (references, names, calculators);
* :mod:`~macros.load.rulesdata` — the loaded types: entries, pages, systems, ``RulesData``;
* :mod:`~macros.load.errors` — a problem and the error that lists them all;
* :mod:`~macros.load.headings` — the parts a rulebook names (``source.heading`` checks);
* :mod:`~macros.load.repairs` — repairs of damaged rulebook text (also the importer's);
* :mod:`~macros.load.sanitize` — raw HTML in a book cut to a short safe list;
* :mod:`~macros.load.rolltable` — roll tables: ranges checked, each row's chance;
* :mod:`~macros.load.export` — the data the rules core needs, as JSON in ``calculators/data/``.
"""
