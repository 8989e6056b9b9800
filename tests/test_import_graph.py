"""The engine's house: no import cycles, no module over 500 lines (``scripts/`` too), and
``macros/``'s stages importing only downward.

The import graph is read from the sources with :mod:`ast`, not by importing them,
so it counts every import a module can make: at the top, inside functions and
inside ``try``/``if`` blocks alike. (There are no ``TYPE_CHECKING`` blocks in
these packages, so none is set aside.) Dynamic look-ups by name
(``importlib.import_module``) are not edges: they are how a registry finds a
module that registers itself without the registry importing it back.

An edge goes from the importing module to the module imported and to each of
that module's packages that the importer is not itself inside (Python runs
``a/__init__.py`` before ``a.b``; a module's own packages are already loaded
when it runs).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("calculators", "macros", "rulebinder")
MAX_LINES = 500
#: Folders whose modules are held to :data:`MAX_LINES` besides the packages.
SIZED = ("scripts",)
#: The stage packages of ``macros/`` (``macros/README.md``), in build order: a stage may
#: import its own and the earlier ones, never a later one.
STAGES = ("macros.load", "macros.render", "macros.publish")


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``, by dotted name (a package by its own).

    >>> files = module_files(ROOT, ["calculators"])
    >>> files["calculators"].name, files["calculators.registry"].name
    ('__init__.py', 'registry.py')
    """
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_package(name: str, files: Mapping[str, Path]) -> bool:
    return files[name].name == "__init__.py"


def _resolve(base: str, name: str, files: Mapping[str, Path]) -> str | None:
    """``base.name`` if that is a module of the project, else ``base`` if it is, else None."""
    full = f"{base}.{name}" if base and name else base or name
    if full in files:
        return full
    return base if base in files else None


def imports_of(name: str, files: Mapping[str, Path]) -> set[str]:
    """The project modules that module ``name`` imports, anywhere in its source."""
    tree = ast.parse(files[name].read_text(encoding="utf-8"), filename=str(files[name]))
    package = name if _is_package(name, files) else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _resolve(alias.name, "", files)
                if target is not None:
                    targets.add(target)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                target = _resolve(base, alias.name, files)
                if target is not None:
                    targets.add(target)
    return targets


def _ancestors(name: str) -> Iterator[str]:
    parts = name.split(".")
    for end in range(1, len(parts)):
        yield ".".join(parts[:end])


def import_graph(files: Mapping[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules its imports run (the target and its packages)."""
    graph: dict[str, set[str]] = {}
    for name in files:
        own = {name, *_ancestors(name)}
        edges: set[str] = set()
        for target in imports_of(name, files):
            edges.add(target)
            edges.update(p for p in _ancestors(target) if p in files and p not in own)
        edges.discard(name)
        graph[name] = edges
    return graph


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one node (iterative).

    >>> strongly_connected({"a": ["b"], "b": ["a", "c"], "c": []})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(graph.get(start, ())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for succ in edges:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(graph.get(succ, ()))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def stage_of(name: str) -> int | None:
    """The rank of the stage package ``name`` is in (0 load, 1 render, 2 publish), or None.

    >>> stage_of("macros.render.dice"), stage_of("macros.load"), stage_of("macros.reload")
    (1, 0, None)
    """
    for rank, stage in enumerate(STAGES):
        if name == stage or name.startswith(stage + "."):
            return rank
    return None


def upward_edges(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """The imports of a stage module that go to a later stage, to the entry package
    ``macros`` (or the modules beside it, for the load stage, which needs none of them).

    >>> graph = {"macros.load.a": ["macros.render.b", "macros.load.c"],
    ...          "macros.render.b": ["macros.load.c", "macros.publish.d", "macros"],
    ...          "macros.publish.d": ["macros.render.b"], "macros": ["macros.publish.d"]}
    >>> for edge in upward_edges(graph):
    ...     print(edge)
    macros.load.a -> macros.render.b
    macros.render.b -> macros
    macros.render.b -> macros.publish.d
    """
    found = []
    for name, targets in graph.items():
        rank = stage_of(name)
        if rank is None:
            continue
        for target in sorted(targets):
            if not (target == "macros" or target.startswith("macros.")):
                continue
            to = stage_of(target)
            if target == "macros" or (to is None and rank == 0) or (to or 0) > rank:
                found.append(f"{name} -> {target}")
    return sorted(found)


def a_cycle(graph: Mapping[str, Iterable[str]], component: list[str]) -> list[str]:
    """One cycle through ``component``'s first module, as a path that returns to it.

    >>> a_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}, ["a", "b", "c"])
    ['a', 'b', 'c', 'a']
    """
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for succ in sorted(graph.get(node, ())):
            if succ == start:
                return [*paths[node], start]
            if succ in members and succ not in paths:
                paths[succ] = [*paths[node], succ]
                queue.append(succ)
    raise AssertionError(f"no cycle through {start}")  # pragma: no cover


FILES = module_files(ROOT, PACKAGES)


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Relative, absolute, function-local and ``from . import`` imports are edges."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import A\n")
    (pkg / "a.py").write_text("A = 1\ndef f():\n    from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from .. import a\nimport pkg.c\n")
    (pkg / "c.py").write_text("from pkg.sub.b import x\n")
    graph = import_graph(module_files(tmp_path, ["pkg"]))
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.sub.b", "pkg.sub"},
        "pkg.sub": set(),
        "pkg.sub.b": {"pkg.a", "pkg.c"},
        "pkg.c": {"pkg.sub.b", "pkg.sub"},
    }
    cycles = strongly_connected(graph)
    assert cycles == [["pkg.a", "pkg.c", "pkg.sub.b"]]


def test_no_import_cycles() -> None:
    graph = import_graph(FILES)
    cycles = [" -> ".join(a_cycle(graph, c)) for c in strongly_connected(graph)]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_stages_of_macros_import_downward() -> None:
    """load imports neither render nor publish; render never imports publish; no stage
    imports the mkdocs-macros entry (``macros/__init__.py``)."""
    graph = import_graph(FILES)
    assert all(any(stage_of(name) == rank for name in graph) for rank in range(len(STAGES)))
    upward = upward_edges(graph)
    assert not upward, "imports against the stages' order:\n" + "\n".join(upward)


def test_no_module_over_500_lines() -> None:
    paths = [*FILES.values(), *module_files(ROOT, SIZED).values()]
    assert any(path.parts[-2] == "bench" for path in paths)  # scripts/ is looked into
    lengths = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in paths
    }
    over = [f"{path}: {n} lines" for path, n in sorted(lengths.items()) if n > MAX_LINES]
    assert not over, f"modules over {MAX_LINES} lines:\n" + "\n".join(over)
