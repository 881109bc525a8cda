"""The code a piece of code runs, read statically from the import graph.

:mod:`.sections` hashes what a stats section measures; this finds it. A
module's *closure* is the module and every module of the followed packages
it imports, transitively: ``import`` and ``from ... import`` anywhere in the
file (inside functions too), relative ones resolved, ``from pkg import name``
counted as the submodule ``pkg.name`` when there is one and as ``pkg``'s
``__init__`` when not (a package's ``__init__`` counts when an import names
the package, not merely as the parent of a module imported). Imports under
``if TYPE_CHECKING:`` are left out: they never run. Other packages (the standard
library, third parties) are not followed.

A *definition* (``module:name``) reaches less: the top-level statements of its
module that bind or change the names it uses (transitively, by name), and the
closures of the modules bound to those names or imported inside them. So a
section naming one job of a module does not reach the module's other jobs.
Where a name's use cannot be told statically (``from x import *``, a
statement that is not a definition), the statement or module is taken in.

Parsed modules are cached by their bytes, so a process parses each source once
however many sections share it, and an edited file is parsed afresh.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

Imported = tuple[str, str | None]
"""An import's target: a module, and the name taken from it (None for ``import a.b``)."""


@dataclass(frozen=True)
class Statement:
    """A top-level statement, as a definition's closure sees it."""

    concerns: frozenset[str]
    """The names it binds or may change: a needed name takes it in."""
    uses: frozenset[str]
    """Every name in it: what it needs in turn."""
    imports: tuple[Imported, ...]
    """Imports inside it (a function's own, a guarded ``try: import``)."""
    dump: str
    """Its docstring-stripped tree: what is hashed."""


@dataclass(frozen=True)
class Source:
    """One module's parsed source."""

    name: str
    tree_hash: str
    """The hash of the whole docstring-stripped tree."""
    imports: tuple[Imported, ...]
    """Every import that runs, anywhere in the file."""
    bound: dict[str, tuple[Imported, ...]]
    """Names bound by top-level imports, and what each is bound to."""
    starred: tuple[Imported, ...]
    """Top-level ``from x import *``: it may bind any name."""
    statements: tuple[Statement, ...]
    """Every top-level statement but the imports."""
    concerning: dict[str, tuple[int, ...]]
    """Name -> the statements that bind or may change it."""


_PARSED: dict[tuple[str, bool, bytes], Source] = {}
"""Parsed modules by name and bytes: an edited file is parsed afresh."""


class Graph:
    """The import graph as the files stand now. Lookups are remembered for the
    graph's life (make a new one to see files added since); parsed sources for
    the process's, keyed by their bytes."""

    def __init__(self) -> None:
        self._located: dict[str, tuple[str, bool] | None] = {}
        self._sources: dict[str, Source | None] = {}
        self._imports: dict[tuple[str, frozenset[str]], set[str]] = {}

    def locate(self, module: str) -> tuple[str, bool] | None:
        """The source file of ``module`` and whether it is a package, without importing it."""
        if module not in self._located:
            self._located[module] = _locate(module)
        return self._located[module]

    def source(self, module: str) -> Source | None:
        """``module`` parsed, or None when it has no source here."""
        if module not in self._sources:
            self._sources[module] = self._read(module)
        return self._sources[module]

    def _read(self, module: str) -> Source | None:
        found = self.locate(module)
        if found is None:
            return None
        path, is_package = found
        with open(path, "rb") as file:
            data = file.read()
        key = (module, is_package, hashlib.sha256(data).digest())
        if key not in _PARSED:
            _PARSED[key] = _parse(module, is_package, data)
        return _PARSED[key]

    def closure(
        self, roots: Iterable[str], follow: Collection[str], skip: Collection[str] = ()
    ) -> dict[str, Source]:
        """``roots`` and every module they import, transitively, within the
        top-level packages ``follow``, each parsed; the modules in ``skip`` are
        not entered unless they are roots."""
        seen: dict[str, Source] = {}
        todo = list(roots)
        while todo:
            module = todo.pop()
            if module in seen:
                continue
            found = self.source(module)
            if found is None:
                continue
            seen[module] = found
            key = (module, frozenset(follow))
            if key not in self._imports:
                self._imports[key] = self.targets(found.imports, follow)
            todo.extend(m for m in self._imports[key] if m not in seen and m not in skip)
        return seen

    def targets(self, imported: Iterable[Imported], follow: Collection[str]) -> set[str]:
        """The modules ``imported`` names, within the top-level packages ``follow``."""
        found = set()
        for base, attr in imported:
            if base.partition(".")[0] not in follow:
                continue
            if attr and attr != "*" and self.locate(f"{base}.{attr}") is not None:
                found.add(f"{base}.{attr}")  # a submodule taken from its package
            else:
                found.add(base)
        return found


def definition(module: Source, name: str) -> tuple[list[int], set[Imported]] | None:
    """The top-level statements of ``module`` that ``name`` needs (indices, in
    order) and the imports bound to the names they use or made inside them;
    None when nothing in ``module`` binds ``name``."""
    if name not in module.bound and name not in module.concerning:
        return None
    wanted, seen = [name], {name}
    taken: set[int] = set()
    imported = set(module.starred)
    while wanted:
        needed = wanted.pop()
        imported.update(module.bound.get(needed, ()))
        for index in module.concerning.get(needed, ()):
            if index in taken:
                continue
            taken.add(index)
            statement = module.statements[index]
            imported.update(statement.imports)
            fresh = statement.uses - seen
            seen |= fresh
            wanted.extend(fresh)
    return sorted(taken), imported


def _locate(module: str) -> tuple[str, bool] | None:
    top, *rest = module.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None  # no Python source (a namespace package, a built-in)
    if spec.submodule_search_locations is None:
        return None if rest else (spec.origin, False)
    if not rest:
        return spec.origin, True
    stem = os.path.join(os.path.dirname(spec.origin), *rest)
    if os.path.isfile(package := os.path.join(stem, "__init__.py")):
        return package, True
    return (stem + ".py", False) if os.path.isfile(stem + ".py") else None


# -- reading a module ------------------------------------------------------------------------


def _parse(module: str, is_package: bool, data: bytes) -> Source:
    tree = ast.parse(data)
    drop_docstrings(tree)
    package = module if is_package else module.rpartition(".")[0]
    imports: list[Imported] = []
    bound: dict[str, list[Imported]] = {}
    starred: list[Imported] = []
    statements: list[Statement] = []
    concerning: dict[str, list[int]] = {}
    digest = hashlib.sha256()
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            digest.update(ast.dump(node).encode() + b"\0")
            for name, imported in _binds(node, package):
                imports.append(imported)
                if name == "*":
                    starred.append(imported)
                else:
                    bound.setdefault(name, []).append(imported)
            continue
        statement = _statement(node, package)
        digest.update(statement.dump.encode() + b"\0")
        imports.extend(statement.imports)
        for name in statement.concerns:
            concerning.setdefault(name, []).append(len(statements))
        statements.append(statement)
    return Source(
        name=module,
        tree_hash=digest.hexdigest(),
        imports=tuple(imports),
        bound={name: tuple(found) for name, found in bound.items()},
        starred=tuple(starred),
        statements=tuple(statements),
        concerning={name: tuple(found) for name, found in concerning.items()},
    )


def _statement(node: ast.stmt, package: str) -> Statement:
    names: set[str] = set()
    imports: list[Imported] = []
    rebound: set[str] = set()  # ``global`` names a function rebinds
    for inner in _running(node):
        if isinstance(inner, ast.Name):
            names.add(inner.id)
        elif isinstance(inner, ast.Import | ast.ImportFrom):
            imports.extend(imported for _, imported in _binds(inner, package))
        elif isinstance(inner, ast.Global):
            rebound.update(inner.names)
    concerns: set[str]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        concerns = {node.name}
    elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        concerns = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    else:  # a loop, a guard, a call: it may bind or change any name it holds
        concerns = set(names)
    return Statement(
        frozenset(concerns | rebound), frozenset(names), tuple(imports), ast.dump(node)
    )


def _binds(node: ast.Import | ast.ImportFrom, package: str) -> Iterator[tuple[str, Imported]]:
    """Each name an import binds, and its target (absolute)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield (alias.asname or alias.name.partition(".")[0]), (alias.name, None)
        return
    base = node.module or ""
    if node.level:
        parts = package.split(".") if package else []
        if node.level - 1 > len(parts):
            return  # beyond the top package: it would not import
        anchor = ".".join(parts[: len(parts) - (node.level - 1)])
        base = f"{anchor}.{base}" if base and anchor else (anchor or base)
    for alias in node.names:
        yield (alias.asname or alias.name), (base, alias.name)


def _running(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and everything in it, but the bodies of ``if TYPE_CHECKING:``."""
    todo = [node]
    while todo:
        current = todo.pop()
        yield current
        if _is_type_checking(current):
            assert isinstance(current, ast.If)
            todo.extend(current.orelse)
        else:
            todo.extend(ast.iter_child_nodes(current))


def _is_type_checking(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def drop_docstrings(tree: ast.AST) -> None:
    """Drop every bare string statement: docstrings, and the notes under constants."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            kept = [s for s in body if not _is_prose(s)]
            node.body = kept or [ast.Pass()]  # type: ignore[attr-defined]


def _is_prose(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )
