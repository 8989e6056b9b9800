"""Stage 2, render: the pages, as Markdown (and the HTML hooks after it) from the loaded
rules data and the core's declarations. No rules here: they are in ``calculators/``.

Imports :mod:`macros.load`, never :mod:`macros.publish` (``tests/test_import_graph.py``).

* :mod:`~macros.render.render` — the :class:`Renderer`: a rules page, one entry, a ``ref``;
* :mod:`~macros.render.linker` — every mention of a defined name linked to its definition;
* :mod:`~macros.render.urls` — page URLs, links between pages, HTML ids (the lowest layer);
* :mod:`~macros.render.dice` — inline dice: notation and marks in rules text made live rolls;
* :mod:`~macros.render.forms` — a calculator's form and prerendered result;
* :mod:`~macros.render.filtering` — which lists a reader can filter and sort, and their markup;
* :mod:`~macros.render.filter_hook` — the page-HTML hook that puts those lists' wrappers in place;
* :mod:`~macros.render.front` — the front page's cards, the Sources and Assumptions pages;
* :mod:`~macros.render.site` — the navigation, from the rules data;
* :mod:`~macros.render.reference` — the authoring reference page, drawn from the schema;
* :mod:`~macros.render.cjk` — the Markdown extension that marks Chinese passages ``lang``;
* :mod:`~macros.render.printing` — a whole system as one document (``print_system``);
* :mod:`~macros.render.print_pages` — each book's print page: its path and source;
* :mod:`~macros.render.builder` — a character builder page (picks the book's layout);
* :mod:`~macros.render.builder_page` — what every builder page is made of;
* :mod:`~macros.render.tracker` — an encounter tracker page.
"""
