"""The loopback server a written site is loaded through: it serves the files a
site needs with their types, and stays quiet when a browser drops a download
it no longer wants (the standard server printed a traceback for each)."""

from __future__ import annotations

import socket
import struct
import urllib.request
from pathlib import Path

import pytest

from pencilbox.web.site.preview import serve_folder


def test_it_serves_module_scripts_and_webassembly_with_their_types(tmp_path: Path) -> None:
    (tmp_path / "a.mjs").write_text("export {};\n", encoding="utf-8")
    (tmp_path / "b.wasm").write_bytes(b"\0asm\1\0\0\0")
    with serve_folder(tmp_path) as address:
        for name, kind in (("a.mjs", "text/javascript"), ("b.wasm", "application/wasm")):
            with urllib.request.urlopen(address + name, timeout=10) as response:
                assert response.headers["Content-Type"] == kind
                assert response.read() == (tmp_path / name).read_bytes()


def test_a_dropped_download_prints_nothing_and_the_server_goes_on(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "big.bin").write_bytes(bytes(32 << 20))  # far more than a socket buffers
    (tmp_path / "small.txt").write_text("still here\n", encoding="utf-8")
    with serve_folder(tmp_path) as address:
        port = int(address.rstrip("/").rsplit(":", 1)[1])
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                client.recv(1024)  # the download has begun
                # Close with a reset, as a browser abandoning a request does.
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        with urllib.request.urlopen(address + "small.txt", timeout=10) as response:
            assert response.read() == b"still here\n"
    # serve_folder has joined its thread; the handlers ran in daemon threads,
    # which have met the reset by now (the next request was answered after).
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "Error" not in captured.err, captured.err
