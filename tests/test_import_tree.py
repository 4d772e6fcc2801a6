"""Inside a package, imports form a tree, not a circle (docs/architecture.md, "Import tree").

The model sits at the bottom, the steps of play above it, the engine on top; a circle means two
modules each need the other, so neither can be read, tested or moved alone, and the one that
imports late (inside a function, under ``TYPE_CHECKING``) only hides the knot. So every import
counts here: module-level, inside functions and under ``TYPE_CHECKING`` alike.

Every module of every package under the roots (each directory with an ``__init__.py``) is a
node; every import is an edge to the module it names: ``from pkg import y`` to ``pkg.y`` when
that is a module, else to ``pkg`` itself (its ``__init__``), relative imports resolved against
the importing package. Most edges join sibling modules of one package; the
others matter too, since a package's ``__init__`` importing its modules that import it back is a
circle across two levels. The strongly connected components of that graph (Tarjan, iterative)
must all be single modules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROOTS = ("rules", "render", "bot", "cogs", "simulator", "bench", "tests/fakediscord")
"""The application packages, and the fake Discord: a test-support package of its own, used by
the smoke tests and ``bench``, split into modules that each hold one concern."""


def _dotted(path: Path, root: Path = ROOT) -> str:
    """The module name of a source file (``a/b/__init__.py`` is ``a.b``)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str, root: Path = ROOT) -> bool:
    base = root.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _imports(path: Path, root: Path = ROOT) -> Iterator[tuple[str, int]]:
    """Every module ``path`` imports (absolute names), with the line, wherever it stands."""
    here = _dotted(path, root)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(anchor + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                yield (full if _is_module(full, root) else module), node.lineno


def _modules() -> dict[str, Path]:
    """Every module of the application packages, by dotted name."""
    return {
        _dotted(path): path
        for root in ROOTS
        for path in sorted((ROOT / root).rglob("*.py"))
        if (path.parent / "__init__.py").is_file()
    }


def _graph() -> dict[str, dict[str, list[str]]]:
    """module -> imported module -> where (``file:line``) the imports stand."""
    modules = _modules()
    edges: dict[str, dict[str, list[str]]] = {}
    for source, path in modules.items():
        for name, line in _imports(path):
            parts = name.split(".")
            while parts and ".".join(parts) not in modules:
                parts.pop()  # ``import a.b.c`` where c is a name: the module is a.b
            target = ".".join(parts)
            if target and target != source:
                where = f"{path.relative_to(ROOT).as_posix()}:{line}"
                edges.setdefault(source, {}).setdefault(target, []).append(where)
    return edges


def _components(edges: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iterative (no recursion limit to meet)."""
    nodes = sorted(set(edges) | {t for targets in edges.values() for t in targets})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, {}))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(sorted(component))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                on_stack.add(step)
                work.append((step, iter(sorted(edges.get(step, {})))))
            elif step in on_stack:
                low[node] = min(low[node], index[step])
    return found


def _circles(edges: dict[str, dict[str, list[str]]]) -> list[str]:
    """Each circle, named by its modules and the imports that close it."""
    circles = []
    for component in _components(edges):
        if len(component) < 2:
            continue
        inside = [
            f"    {source} -> {target} ({', '.join(sorted(set(edges[source][target])))})"
            for source in component
            for target in sorted(edges.get(source, {}))
            if target in component
        ]
        circles.append(" / ".join(component) + "\n" + "\n".join(inside))
    return circles


def test_the_scan_sees_a_circle() -> None:
    """The scan itself: a two-module knot is one component, a chain is not."""
    assert _components({"a": {"b": []}, "b": {"a": []}}) == [["a", "b"]]
    assert sorted(_components({"a": {"b": []}, "b": {"c": []}})) == [["a"], ["b"], ["c"]]


def test_the_scan_counts_every_kind_of_import(tmp_path: Path) -> None:
    """Relative, ``from . import``, nested and ``TYPE_CHECKING`` imports all count; a name
    from the package is an edge to its ``__init__``."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("NAME = 1\n")
    (package / "low.py").write_text("")
    (package / "mid.py").write_text("")
    (package / "top.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import low\n"
        "from pkg import NAME\n"
        "if TYPE_CHECKING:\n"
        "    from .mid import thing\n"
        "def f() -> None:\n"
        "    import pkg.low\n"
    )
    found = {name for name, _ in _imports(package / "top.py", tmp_path)}
    assert found == {"typing", "pkg.low", "pkg", "pkg.mid"}


def test_package_imports_form_a_tree() -> None:
    circles = _circles(_graph())
    assert not circles, "import circles:\n" + "\n".join(circles)
