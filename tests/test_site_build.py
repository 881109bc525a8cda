"""``pencilbox site``: the folder it writes, its pinned runtime, its refusals.

The site is the server's own page and files, plus the answers of every GET
the page makes, written by the server's endpoints: each is checked here
against the server's answer to the same request. The browser half (the page
running Python in its worker) is ``test_site_browser.py``.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.cli import main
from pencilbox.web import bank, dispatch, inpage, limits
from pencilbox.web.app import STATIC, create_app
from pencilbox.web.site import bytecode, runtime
from pencilbox.web.site.build import Site, SiteError, build, get_targets
from site_support import built_site

__all__ = ["built_site"]  # a fixture, used by name


def config(site: Site) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((site.out / "site.json").read_text(encoding="utf-8"))
    return found


def test_the_site_holds_the_servers_own_page(built_site: Site) -> None:
    for page in ("index.html", "notes.html"):
        assert (built_site.out / page).read_bytes() == (STATIC / page).read_bytes()
    for path in STATIC.rglob("*"):
        if path.is_file() and path.parent != STATIC and path.name != "sw.js":
            copy = built_site.out / "static" / path.relative_to(STATIC)
            assert copy.read_bytes() == path.read_bytes(), copy
    for name in registry.names():
        module = built_site.out / "static" / "js" / "kinds" / f"{name}.js"
        assert module.read_text(encoding="utf-8") == registry.get(name).front_end_module()


def test_site_json_lists_every_file_the_site_has(built_site: Site) -> None:
    listed = set(config(built_site)["files"])
    present = {
        path.relative_to(built_site.out).as_posix()
        for path in built_site.out.rglob("*")
        if path.is_file()
    }
    assert listed == present - {"site.json", "sw.js"}
    assert {"index.html", "notes.html", "static/site/manifest.webmanifest"} <= listed


def test_the_service_worker_names_the_sites_version(built_site: Site) -> None:
    first = (built_site.out / "sw.js").read_text(encoding="utf-8").splitlines()[0]
    assert first == f'const VERSION = "{built_site.version}";'
    assert config(built_site)["version"] == built_site.version


def test_every_prerendered_answer_is_the_servers_answer(built_site: Site) -> None:
    client = TestClient(create_app())  # no lifespan: a GET runs no job
    stored = config(built_site)["prerendered"]
    assert set(stored) == set(get_targets())
    for target, entry in stored.items():
        answer = client.get(target)
        assert answer.status_code == entry["status"], target
        written = json.loads((built_site.out / entry["file"]).read_text(encoding="utf-8"))
        assert written == answer.json(), target


def test_the_prerendered_gets_cover_every_bank_puzzle_and_filter(built_site: Site) -> None:
    stored = config(built_site)["prerendered"]
    for name in registry.names():
        kind = registry.get(name)
        listing = bank.listing(kind, None, None, None)
        assert listing["total"] > 0
        for record in bank.records(kind):
            assert stored[f"/api/bank/{name}/{record['id']}"]["status"] == 200
        for size in listing["sizes"]:
            for grade in listing["grades"]:
                key = f"/api/bank/{name}?grade={grade}&size={size}"
                assert stored[key]["status"] == 200
        assert stored[f"/api/stats/{name}"]["status"] == (200 if kind.stats_file() else 404)


def test_the_site_fits_in_25_megabytes(built_site: Site) -> None:
    on_disk = sum(path.stat().st_size for path in built_site.out.rglob("*") if path.is_file())
    assert on_disk == built_site.total
    assert on_disk <= 25_000_000


def test_the_wheel_holds_the_package_but_not_the_page(built_site: Site) -> None:
    wheels = config(built_site)["wheels"]
    ours = next(w for w in wheels if Path(w).name.startswith("pencilbox-"))
    with zipfile.ZipFile(built_site.out / ours) as wheel:
        names = set(wheel.namelist())
        assert "pencilbox/web/inpage.py" in names
        assert all(name.startswith(("pencilbox/", "pencilbox-")) for name in names)
        assert not any(name.startswith("pencilbox/web/static/") for name in names)
        record = wheel.read(next(n for n in names if n.endswith("/RECORD"))).decode()
        assert len(record.splitlines()) == len(names)
    # content-named folders: a changed file never reuses an old URL
    for wheel_path in wheels:
        digest = Path(wheel_path).parent.name
        assert runtime.sha256(built_site.out / wheel_path).startswith(digest)


@pytest.mark.skipif(bytecode.node() is None, reason="no Node to compile the site's Python")
def test_the_sites_python_is_bytecode_for_its_own_runtime(built_site: Site) -> None:
    """What the page imports is compiled already (by the shipped Pyodide, under
    Node), so its Python compiles no module as it starts."""
    with zipfile.ZipFile(built_site.out / config(built_site)["pyodide"] / bytecode.STDLIB) as zip:
        names = zip.namelist()
    assert "json/__init__.pyc" in names and not any(name.endswith(".py") for name in names)
    tag = "cpython-" + runtime.lock()["wheels"][0]["python_version"].replace(".", "")
    ours = next(w for w in config(built_site)["wheels"] if Path(w).name.startswith("pencilbox-"))
    with zipfile.ZipFile(built_site.out / ours) as wheel:
        names = wheel.namelist()
        header = wheel.read(f"pencilbox/__pycache__/__init__.{tag}.pyc")[:8]
    for name in names:
        if name.endswith(".py"):
            folder, _, file = name.rpartition("/")
            assert f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc" in names, name
    assert header[4:] == (1).to_bytes(4, "little")  # unchecked-hash: the source is not read


def test_the_lock_pins_each_file_and_names_no_host() -> None:
    text = runtime.LOCK.read_text(encoding="utf-8")
    assert "http" not in text and "registry" not in text
    pins = runtime.lock()
    for entry in [pins["pyodide"], *pins["wheels"]]:
        assert len(entry["sha256"]) == 64 and entry["file"]


def test_a_file_that_does_not_match_its_pin_stops_the_build_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    for path in runtime.fetched().values():
        shutil.copyfile(path, cache / path.name)
    wheel = cache / runtime.lock()["wheels"][0]["file"]
    wheel.write_bytes(wheel.read_bytes() + b"tampered")
    code = main(["site", "--out", str(tmp_path / "out"), "--runtime", str(cache)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and str(wheel) in err[0] and "does not match" in err[0]


def test_a_folder_that_is_not_a_site_is_never_overwritten(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("years of work")
    with pytest.raises(SiteError, match="not a pencilbox site"):
        build(mine, say=lambda text: None)
    assert (mine / "thesis.tex").read_text() == "years of work"


@pytest.mark.parametrize(
    ("method", "target", "status"),
    [("GET", "/api/nothing", 404), ("GET", "/api/load", 405), ("POST", "/api/types", 405)],
)
def test_a_call_no_route_answers_is_refused_in_one_line(
    method: str, target: str, status: int
) -> None:
    reply = json.loads(asyncio_run(inpage.request(method, target, None, None)))
    assert reply["status"] == status
    assert "\n" not in reply["body"]["error"]


def asyncio_run(coroutine: Any) -> Any:
    import asyncio

    return asyncio.run(coroutine)


def test_the_inpage_transport_answers_as_the_server_does() -> None:
    """The same requests, through the worker's entry and through HTTP."""
    client = TestClient(create_app())
    record = bank.records(registry.get(registry.names()[0]))[0]
    bodies: list[tuple[str, Any]] = [
        ("/api/load", {"input": record["url"]}),
        ("/api/load", {"input": "not a puzzle"}),
        ("/api/export", {"puzzle": record["json"]}),
        ("/api/check", {"puzzle": record["json"], "grid": record["solution"]}),
        ("/api/check", {"puzzle": record["json"], "grid": [[0]]}),
        ("/api/load", "[1, 2"),
        ("/api/load", "x" * (limits.MAX_BODY_BYTES + 1)),
    ]
    for path, body in bodies:
        text = body if isinstance(body, str) else json.dumps(body)
        answer = client.post(path, content=text, headers={"content-type": "application/json"})
        reply = json.loads(asyncio_run(inpage.request("POST", path, text, None)))
        assert (reply["status"], reply["body"]) == (answer.status_code, answer.json()), path
        assert reply["restart"] is False


def test_a_job_in_the_page_tells_its_budget_first() -> None:
    record = bank.records(registry.get(registry.names()[0]))[0]
    told: list[tuple[str, float, str]] = []
    body = json.dumps({"puzzle": record["json"], "limit": 2})
    reply = json.loads(
        asyncio_run(inpage.request("POST", "/api/solve", body, lambda *a: told.append(a)))
    )
    assert reply["status"] == 200 and reply["body"]["count"] == 1
    budget = limits.TIME_BUDGET["solve"]
    assert told == [("solve", budget, f"solve took longer than {budget:g} s and was stopped")]


def test_the_long_routes_are_the_servers_long_jobs(built_site: Site) -> None:
    from pencilbox.web import worker

    routes = {route.path for route in dispatch.ROUTES}
    assert set(config(built_site)["long_routes"]) == {f"/api/{job}" for job in worker.LONG_JOBS}
    assert set(config(built_site)["long_routes"]) <= routes
