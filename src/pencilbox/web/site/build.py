"""``pencilbox site --out DIR``: write the whole app as a folder of static files.

The folder holds the very page the server serves (``index.html``, its CSS
and JavaScript, each type's module from its package, the notes page), the
answers of every GET the page makes (the types, each bank's listings and
puzzles, the stats and notes), written by the server's own endpoints through
:mod:`..dispatch`, so the board draws before Python has loaded; and, for
everything else, the Pyodide runtime with two wheels (pencilbox's own, made
here from the installed package, and python-sat's), which the page's Web
Worker loads to answer the POSTs with the same endpoints. ``site.json`` tells
the page all of that; ``sw.js`` keeps the site for offline use.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ... import __version__, registry
from ...errors import PuzzleError
from .. import bank, dispatch, worker
from ..payloads import ApiError
from . import bytecode, runtime

PACKAGE = Path(__file__).resolve().parents[2]
"""The installed ``pencilbox`` package, whose files make the wheel."""

STATIC = PACKAGE / "web" / "static"
PAGES = ("index.html", "notes.html")
"""The pages, written at the top of the site (their asset paths are relative)."""

MARKER = "site.json"
"""Every site has one; a folder without it is not overwritten."""


class SiteError(PuzzleError):
    """The site cannot be written (one line: what and where)."""


@dataclass
class Site:
    """What a build wrote: its folder, version and the size of each part."""

    out: Path
    version: str = ""
    sizes: dict[str, int] = field(default_factory=dict)
    prerendered: int = 0

    @property
    def total(self) -> int:
        return sum(self.sizes.values())


def _json(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def _prepare(out: Path) -> None:
    """An empty ``out``; an earlier site there is replaced, anything else refused."""
    if out.exists():
        if not out.is_dir():
            raise SiteError(f"{out}: not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise SiteError(f"{out}: not empty and not a pencilbox site; choose another --out")
        shutil.rmtree(out)
    out.mkdir(parents=True)


def _copy_static(out: Path) -> None:
    for page in PAGES:
        shutil.copyfile(STATIC / page, out / page)
    shutil.copytree(
        STATIC, out / "static", ignore=shutil.ignore_patterns(*PAGES, "__pycache__", "sw.js")
    )
    kinds = out / "static" / "js" / "kinds"
    for name in registry.names():
        try:
            text = registry.get(name).front_end_module()
        except NotImplementedError:
            continue
        (kinds / f"{name}.js").write_text(text, encoding="utf-8")


async def _no_jobs(name: str, payload: dict[str, Any]) -> dict[str, Any]:
    raise ApiError(500, f"a GET ran the {name} job while the site was written")


def get_targets() -> Iterator[str]:
    """Every GET the page makes, as the page writes its target."""
    yield "/api/types"
    for name in registry.names():
        kind = registry.get(name)
        yield f"/api/stats/{name}"
        yield f"/api/notes/{name}"
        listing = bank.listing(kind, None, None, None)
        for size, grade in product([None, *listing["sizes"]], [None, *listing["grades"]]):
            query = {"size": size or "", "grade": grade or ""}
            yield dispatch.canonical_target(f"/api/bank/{name}", query)
        for record in bank.records(kind):
            yield f"/api/bank/{name}/{quote(bank.summary(record)['id'], safe='')}"


def _prerender(out: Path) -> dict[str, dict[str, Any]]:
    """Each GET's answer, written by its endpoint, as ``target -> {status, file}``."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    async def every_answer() -> list[tuple[str, int, dict[str, Any]]]:
        found = []
        for target in get_targets():
            status, body = await dispatch.handle("GET", target, None, _no_jobs)
            found.append((target, status, body))
        return found

    # A thread of its own: the caller may already run an event loop (a test's browser).
    with ThreadPoolExecutor(1) as thread:
        answered = thread.submit(asyncio.run, every_answer()).result()
    answers: dict[str, dict[str, Any]] = {}
    folder = out / "data"
    folder.mkdir()
    for target, status, body in answered:
        name = hashlib.sha256(target.encode()).hexdigest()[:20] + ".json"
        (folder / name).write_bytes(_json(body))
        answers[target] = {"status": status, "file": f"data/{name}"}
    return answers


def _wheel_files() -> Iterator[tuple[str, Path]]:
    """The package's files the worker needs, as (name in the wheel, path)."""
    skipped = {PACKAGE / "web" / "static", PACKAGE / "web" / "site"}
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        if any(path.is_relative_to(skip) for skip in skipped):
            continue
        yield "pencilbox/" + path.relative_to(PACKAGE).as_posix(), path


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(folder: Path, compiled: dict[str, bytes] | None = None) -> Path:
    """pencilbox as a pure-Python wheel made from the installed package (no
    build tools needed): what the worker's Pyodide installs; ``compiled``, its
    modules' bytecode for that Pyodide (name in the wheel -> pyc), goes in too."""
    info = f"pencilbox-{__version__}.dist-info"
    path = folder / f"pencilbox-{__version__}-py3-none-any.whl"
    records: list[str] = []
    metadata = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: pencilbox\nVersion: {__version__}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: pencilbox site\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    with zipfile.ZipFile(path, "w") as wheel:

        def put(name: str, data: bytes) -> None:
            # A fixed date: the same package makes the same wheel, so its URL holds.
            entry = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, data)

        files = [(name, source.read_bytes()) for name, source in _wheel_files()]
        for name, data in [*files, *sorted((compiled or {}).items())]:
            put(name, data)
            records.append(_record_line(name, data))
        for name, text in metadata.items():
            put(name, text.encode())
            records.append(_record_line(name, text.encode()))
        records.append(f"{info}/RECORD,,")
        put(f"{info}/RECORD", "\n".join(records).encode())
    return path


def _hashed_copy(source: Path, folder: Path) -> str:
    """``source`` under ``folder/<its hash>/``: a new file never has an old one's URL,
    so the service worker may keep these for good."""
    digest = runtime.sha256(source)[:12]
    target = folder / digest / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target.relative_to(folder.parent.parent).as_posix()


def _runtime(
    out: Path, files: dict[str, Path], cache: Path, say: Callable[[str], None]
) -> dict[str, Any]:
    """The Pyodide files and the wheels, under ``runtime/``; what site.json says of them."""
    pins = runtime.lock()
    version = pins["pyodide"]["version"]
    folder = out / "runtime" / "pyodide"
    folder.mkdir(parents=True)
    wanted = set(pins["pyodide"]["members"])
    with tarfile.open(files["pyodide"]) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if name in wanted and member.isfile():
                source = archive.extractfile(member)
                assert source is not None
                (folder / name).write_bytes(source.read())
                wanted.discard(name)
    if wanted:
        raise SiteError(f"{files['pyodide']}: has no {', '.join(sorted(wanted))}")
    made = write_wheel(out)
    compiled = bytecode.compile_runtime(folder, made, cache)
    made.unlink()
    if compiled is None:
        say("  no Node to compile the site's Python: it ships as source (and starts slower)")
    else:
        shutil.copyfile(compiled.stdlib, folder / bytecode.STDLIB)
    made = write_wheel(out, compiled.wheel if compiled else None)
    # Named for its content, as the wheels are: a changed file never has an old URL.
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        digest.update(path.name.encode() + b"\0" + runtime.sha256(path).encode())
    named = folder.with_name(f"pyodide-{version}-{digest.hexdigest()[:12]}")
    folder.rename(named)
    wheels_folder = out / "runtime" / "wheels"
    wheels = [_hashed_copy(made, wheels_folder)]
    made.unlink()
    for wheel in pins["wheels"]:
        wheels.append(_hashed_copy(files[wheel["file"]], wheels_folder))
    pyodide = named.relative_to(out).as_posix() + "/"
    return {"pyodide": pyodide, "pyodide_version": version, "wheels": wheels}


def _site_files(out: Path) -> list[str]:
    return sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.name not in {MARKER, "sw.js"}
    )


def _version(out: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    return digest.hexdigest()[:16]


def _part(name: str) -> str:
    """The part of the site a file belongs to, for the size report."""
    if name.startswith("runtime/pyodide-"):
        return "Pyodide runtime"
    if name.startswith("runtime/wheels/"):
        return "wheels"
    if name.startswith("data/"):
        return "pre-rendered answers (banks, stats, notes)"
    return "page (HTML, CSS, JavaScript, icons)"


def build(out: Path, cache: Path | None = None, say: Callable[[str], None] = print) -> Site:
    """Write the site into ``out`` (created; an earlier site there is replaced).

    The runtime is fetched and checked first, so a failure leaves ``out`` as it was."""
    cache = cache or runtime.default_cache()
    pinned = runtime.fetched(cache)
    _prepare(out)
    site = Site(out)
    say("page and type modules")
    _copy_static(out)
    say("pre-rendering the GET answers")
    prerendered = _prerender(out)
    site.prerendered = len(prerendered)
    say("runtime (Pyodide and wheels)")
    config = _runtime(out, pinned, cache, say)
    files = _site_files(out)
    site.version = _version(out, files)
    # The service worker's scope is its folder, so it stands at the top; its
    # first line names the version, so a new build is a new worker to the browser.
    template = (STATIC / "site" / "sw.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(f'const VERSION = "{site.version}";\n{template}', encoding="utf-8")
    long_routes = sorted(
        route.path for route in dispatch.ROUTES if route.path.rsplit("/", 1)[-1] in worker.LONG_JOBS
    )
    (out / MARKER).write_bytes(
        _json(
            {
                "transport": "worker",
                "version": site.version,
                **config,
                "long_routes": long_routes,
                "prerendered": prerendered,
                "files": files,
            }
        )
    )
    for name in [*files, MARKER, "sw.js"]:
        part = _part(name)
        site.sizes[part] = site.sizes.get(part, 0) + (out / name).stat().st_size
    return site
