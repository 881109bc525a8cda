"""The structure the code keeps: layers, no cycles, no type names outside the
packages, module and function sizes, the registry and thin faces.

Everything here reads the source (``ast`` and text), not the imported
modules, so a lazy import inside a function counts as much as one at the top,
and the layer order is the one ``docs/design.md`` states (the table after the
``<!-- layers: ... -->`` marker), so the document and the code cannot drift.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pencilbox import registry

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "pencilbox"
DESIGN = ROOT / "docs" / "design.md"
TOP = "pencilbox"
PUZZLES = f"{TOP}.puzzles"

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
MAX_ADAPTER_LINES = 4  # lines of a face method's body (docstring, blanks, comments aside)


# -- the modules and their imports, read from the source ---------------------------


@dataclass(frozen=True)
class Module:
    name: str  # dotted: "pencilbox.puzzles.suguru.model"
    path: Path
    is_package: bool  # an __init__.py

    @property
    def package(self) -> str:
        """The package relative imports start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int

    def where(self) -> str:
        return f"{modules()[self.source].path.relative_to(ROOT)}:{self.line}"


@cache
def modules() -> dict[str, Module]:
    """Every module under src/pencilbox, by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = Module(".".join(parts), path, is_package)
    return found


def _absolute(module: Module, node: ast.ImportFrom) -> str:
    """The dotted module a ``from X import ...`` reads from, relative dots resolved."""
    if not node.level:
        return node.module or ""
    base = module.package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _known(name: str) -> str | None:
    """``name`` if it is a pencilbox module, else None (another library, or a
    folder without an ``__init__``, whose import runs no pencilbox code)."""
    return name if name in modules() else None


def _targets(module: Module, node: ast.AST) -> Iterator[str]:
    """The pencilbox modules one import statement reads."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = _known(alias.name)
            if target:
                yield target
    elif isinstance(node, ast.ImportFrom):
        base = _absolute(module, node)
        for alias in node.names:
            # ``from . import x`` reads the submodule x when there is one, else the package
            submodule = f"{base}.{alias.name}"
            target = submodule if submodule in modules() else _known(base)
            if target:
                yield target


@cache
def edges() -> tuple[Edge, ...]:
    """Every import between pencilbox modules, wherever it sits in the module
    (top level, inside a function, under TYPE_CHECKING)."""
    found = []
    for module in modules().values():
        source = module.path.read_text(encoding="utf-8")
        found += [Edge(module.name, target, line) for target, line in imports_in(module, source)]
    return tuple(found)


def imports_in(module: Module, source: str) -> list[tuple[str, int]]:
    """(pencilbox module, line) for each import in ``source``, read as ``module``'s."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found += [(t, node.lineno) for t in _targets(module, node) if t != module.name]
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules()}
    for edge in edges():
        graph[edge.source].add(edge.target)
    return graph


# -- the layer table in docs/design.md ---------------------------------------------


@cache
def layer_table() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(layer, module patterns) rows of the table after the layers marker, lowest first."""
    lines = DESIGN.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("<!-- layers:"))
    rows = []
    for line in lines[start + 1 :]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        patterns = tuple(re.findall(r"`([^`]+)`", cells[1]))
        if patterns:  # the header and the --- row hold none
            rows.append((cells[0], patterns))
    return tuple(rows)


def _matches(pattern: str, module: str) -> bool:
    """``x`` is the module pencilbox.x; ``x.*`` any module below pencilbox.x."""
    if pattern.endswith(".*"):
        return module.startswith(f"{TOP}.{pattern[:-2]}.")
    return module == f"{TOP}.{pattern}"


def layers_of(module: str) -> list[int]:
    """Indexes (0 = lowest) of the layers whose patterns cover ``module``."""
    return [
        index
        for index, (_, patterns) in enumerate(layer_table())
        if any(_matches(pattern, module) for pattern in patterns)
    ]


def test_the_layer_table_is_read() -> None:
    names = [name for name, _ in layer_table()]
    assert len(names) >= 5 and len(set(names)) == len(names), names
    assert "puzzles" in names and "registry" in names, names


def test_every_module_is_in_exactly_one_layer() -> None:
    uncovered = [name for name in modules() if name != TOP and not layers_of(name)]
    assert not uncovered, f"modules no layer of docs/design.md covers: {uncovered}"
    doubled = {name: layers_of(name) for name in modules() if len(layers_of(name)) > 1}
    assert not doubled, f"modules in more than one layer: {doubled}"


def test_imports_never_point_to_a_higher_layer() -> None:
    table = layer_table()
    upward = []
    for edge in edges():
        source, target = layers_of(edge.source), layers_of(edge.target)
        if source and target and target[0] > source[0]:
            upward.append(
                f"{edge.where()}: {edge.source} ({table[source[0]][0]}) imports "
                f"{edge.target} ({table[target[0]][0]})"
            )
    assert not upward, "imports up the layers:\n" + "\n".join(upward)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path back to its start) per strongly connected component
    of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return [_cycle_in(graph, component) for component in components if len(component) > 1]


def _cycle_in(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """The shortest path from the component's first module back to itself."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & component):
                if child == start:
                    return [*paths[node], start]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert _cycles(graph) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_has_no_cycle() -> None:
    found = _cycles(_graph())
    lines = []
    for cycle in found:
        steps = [
            next(e for e in edges() if (e.source, e.target) == pair).where()
            for pair in zip(cycle, cycle[1:], strict=False)
        ]
        lines.append(" -> ".join(cycle) + f"  (at {', '.join(steps)})")
    assert not found, "import cycles:\n" + "\n".join(lines)


def _puzzle_package(module: str) -> str | None:
    """The puzzle type a module belongs to (``pencilbox.puzzles.<type>...``), if any."""
    if not module.startswith(f"{PUZZLES}."):
        return None
    return module.split(".")[2]


def test_no_puzzle_package_imports_another() -> None:
    crossing = [
        f"{edge.where()}: {edge.source} imports {edge.target}"
        for edge in edges()
        if _puzzle_package(edge.source)
        and _puzzle_package(edge.target)
        and _puzzle_package(edge.source) != _puzzle_package(edge.target)
    ]
    assert not crossing, "puzzle packages importing each other:\n" + "\n".join(crossing)


def test_no_module_of_a_puzzle_package_imports_its_face() -> None:
    """A module inside a package is handed the face when it needs it: importing
    the package's ``__init__`` (its KIND) from inside is a cycle in waiting."""
    inward = []
    for edge in edges():
        package = _puzzle_package(edge.source)
        if package is None or modules()[edge.source].is_package:
            continue
        if edge.target == f"{PUZZLES}.{package}":
            inward.append(f"{edge.where()}: {edge.source} imports its package {edge.target}")
    assert not inward, "\n".join(inward)


def test_the_top_package_imports_nothing_of_its_own() -> None:
    own = [edge.where() + f": imports {edge.target}" for edge in edges() if edge.source == TOP]
    assert not own, "\n".join(own)


SAMPLE = """
from __future__ import annotations
import json
from typing import TYPE_CHECKING
import pencilbox.grid
from . import model, KIND
from ...engine import State
from .. import suguru
if TYPE_CHECKING:
    from ...kind import PuzzleKind
def late():
    from ... import registry
"""


def test_imports_are_resolved_as_python_does() -> None:
    """Relative imports from a submodule and from a package ``__init__``; ``from .
    import x`` reads submodule x when there is one, else the package; imports
    inside functions and under TYPE_CHECKING count; other libraries do not."""
    inside = Module(f"{PUZZLES}.suguru.sample", PACKAGE / "puzzles/suguru/sample.py", False)
    assert imports_in(inside, SAMPLE) == [
        (f"{TOP}.grid", 5),
        (f"{PUZZLES}.suguru.model", 6),
        (f"{PUZZLES}.suguru", 6),
        (f"{TOP}.engine", 7),
        (f"{PUZZLES}.suguru", 8),
        (f"{TOP}.kind", 10),
        (f"{TOP}.registry", 12),
    ]
    face = Module(f"{PUZZLES}.suguru", PACKAGE / "puzzles/suguru/__init__.py", True)
    assert imports_in(face, "from . import model\nfrom .. import lits\n") == [
        (f"{PUZZLES}.suguru.model", 1),
        (f"{PUZZLES}.lits", 2),
    ]


# -- no type names outside the packages --------------------------------------------

SCANNED_SUFFIXES = (".py", ".js", ".html", ".css")
WORD = re.compile(r"[A-Za-z0-9]+")
# camelCase and letter/digit seams split a run into words too ("SuguruKind", "lits2")
SEAM = re.compile(
    r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])"
)


def type_names() -> set[str]:
    """Every registered type's name and aliases, lowercase."""
    names = set(registry.names())
    for name in registry.names():
        names.update(alias.lower() for alias in registry.get(name).aliases)
    return names


def words(line: str) -> Iterator[str]:
    """The words of a line, lowercase; underscores, punctuation, camelCase and
    digits part them."""
    for run in WORD.findall(line):
        for word in SEAM.split(run):
            yield word.lower()


def names_in(line: str, names: set[str]) -> set[str]:
    """The type names ``line`` holds as whole words (plurals too)."""
    found = set()
    for word in words(line):
        for candidate in (word, word.removesuffix("s"), word.removesuffix("es")):
            if candidate in names:
                found.add(candidate)
    return found


def test_words_are_found_as_whole_words_only() -> None:
    names = {"lits", "suguru", "tectonic"}
    assert names_in("import splits, lit, litsy", names) == set()
    assert names_in("a LITS board", names) == {"lits"}
    assert names_in("SuguruKind suguru_rules Sugurus", names) == {"suguru"}
    assert names_in("x = 'Tectonic'; y2lits", names) == {"tectonic", "lits"}


def scanned_files() -> list[Path]:
    """Shared code: everything under src/pencilbox but the packages and the registry."""
    return [
        path
        for path in sorted(PACKAGE.rglob("*"))
        if path.suffix in SCANNED_SUFFIXES
        and path.is_file()
        and path.relative_to(PACKAGE).parts[0] != "puzzles"
        and path != PACKAGE / "registry.py"
    ]


def test_shared_code_names_no_puzzle_type() -> None:
    names = type_names()
    assert registry.names() and names >= set(registry.names())
    found = []
    for path in scanned_files():
        where = path.relative_to(ROOT)
        if names_in(str(path.relative_to(PACKAGE)), names):  # a file named for a type
            found.append(f"{where}: the file's name")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            named = names_in(line, names)
            if named:
                found.append(f"{where}:{number}: {', '.join(sorted(named))}: {line.strip()}")
    assert not found, f"{len(found)} lines of shared code name a type:\n" + "\n".join(found)


# -- sizes -------------------------------------------------------------------------


def test_no_module_is_too_long() -> None:
    long = []
    for module in modules().values():
        lines = len(module.path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_MODULE_LINES:
            long.append(f"{module.path.relative_to(ROOT)}: {lines} lines")
    assert not long, f"modules over {MAX_MODULE_LINES} lines:\n" + "\n".join(long)


def test_no_function_is_too_long() -> None:
    """Every function, nested ones each on their own, from ``def`` to its last line."""
    long = []
    for module in modules().values():
        for node in ast.walk(ast.parse(module.path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    where = f"{module.path.relative_to(ROOT)}:{node.lineno}"
                    long.append(f"{where}: {node.name} is {lines} lines")
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines:\n" + "\n".join(long)


# -- the registry ------------------------------------------------------------------


def test_the_registry_lists_each_type_on_one_line() -> None:
    """Adding a type is one line of registry.py: each name is on exactly one
    line, alone; aliases live on the faces, not there."""
    lines = (PACKAGE / "registry.py").read_text(encoding="utf-8").splitlines()
    for name in registry.names():
        holding = [line for line in lines if name in names_in(line, type_names())]
        assert len(holding) == 1, f"{name} is on {len(holding)} lines of registry.py"
        assert names_in(holding[0], type_names()) == {name}, holding[0]
    aliases = type_names() - set(registry.names())
    assert not any(names_in(line, aliases) for line in lines), "registry.py names an alias"


def test_each_kind_is_named_for_its_folder() -> None:
    folders = sorted(path.parent.name for path in (PACKAGE / "puzzles").glob("*/__init__.py"))
    assert folders == sorted(registry.names()), "every package folder is registered"
    for name in registry.names():
        kind = registry.get(name)
        assert kind.name == name
        assert kind.package == f"{PUZZLES}.{name}"


def test_names_and_aliases_are_unique_across_types() -> None:
    seen: dict[str, str] = {}
    for kind in registry.kinds():
        for alias in kind.url_names:
            assert alias == alias.lower(), f"{kind.name}: alias {alias!r} is not lowercase"
            assert alias not in seen, f"{alias!r} is both {seen[alias]}'s and {kind.name}'s"
            seen[alias] = kind.name
            assert registry.canonical(alias) == kind.name


# -- thin faces --------------------------------------------------------------------

LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp)
LOOPS += (ast.GeneratorExp,)


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)


def _body_lines(source: list[str], body: list[ast.stmt]) -> int:
    """Lines of code in ``body``: its docstring, blank lines and comments aside."""
    statements = body[1:] if body and _is_docstring(body[0]) else body
    if not statements:
        return 0
    first, last = statements[0].lineno, statements[-1].end_lineno or statements[-1].lineno
    code = (line.strip() for line in source[first - 1 : last])
    return sum(1 for line in code if line and not line.startswith("#"))


def _type_checking_imports(node: ast.stmt) -> bool:
    """``if TYPE_CHECKING:`` holding imports only (no ``else``)."""
    return (
        isinstance(node, ast.If)
        and ast.unparse(node.test) == "TYPE_CHECKING"
        and not node.orelse
        and all(isinstance(inner, ast.Import | ast.ImportFrom) for inner in node.body)
    )


def _top_level_extras(tree: ast.Module) -> list[str]:
    """What a face module holds besides imports, its docstring, one class and KIND."""
    extras = []
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    if len(classes) != 1:
        extras.append(f"{len(classes)} classes (one kind class expected)")
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom | ast.ClassDef) or _is_docstring(node):
            continue
        if _type_checking_imports(node):  # the board type for annotations, loaded lazily
            continue
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] in (
            ["KIND"],
            ["__all__"],
        ):
            continue
        extras.append(f"line {node.lineno}: {ast.unparse(node).splitlines()[0]}")
    return extras


def _fat_methods(source: list[str], kind_class: ast.ClassDef) -> list[str]:
    fat = []
    for node in kind_class.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        lines = _body_lines(source, node.body)
        loops = [n for n in ast.walk(node) if isinstance(n, LOOPS)]
        if lines > MAX_ADAPTER_LINES or loops:
            what = f"{lines} lines" + (f", {len(loops)} loops" if loops else "")
            fat.append(f"{node.lineno}: {node.name} ({what})")
    return fat


def test_each_face_is_a_thin_adapter() -> None:
    """A package's ``__init__`` holds the kind class and KIND only, and each
    method hands its work to a module of the package in a few lines."""
    problems = []
    for name in registry.names():
        path = PACKAGE / "puzzles" / name / "__init__.py"
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        where = path.relative_to(ROOT)
        problems += [f"{where}: {extra}" for extra in _top_level_extras(tree)]
        for kind_class in (node for node in tree.body if isinstance(node, ast.ClassDef)):
            fat = _fat_methods(source.splitlines(), kind_class)
            problems += [f"{where}:{method}" for method in fat]
    assert not problems, "faces that do more than adapt:\n" + "\n".join(problems)
