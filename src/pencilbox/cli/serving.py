"""``pencilbox play``: serve the web app, warning before it leaves this machine;
``pencilbox site``: write it as a static site instead."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from pathlib import Path

from .common import PROG, Unavailable


def is_loopback(host: str) -> bool:
    """Is ``host`` an address that only this machine can reach?"""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def cmd_play(args: argparse.Namespace) -> int:
    if not is_loopback(args.host):
        print(
            f"{PROG}: warning: serving on {args.host} lets other machines reach the app, "
            "which has no login; use 127.0.0.1 unless you mean it",
            file=sys.stderr,
        )
    try:
        from .. import web
    except ImportError as error:
        raise Unavailable(f"the web app cannot start ({error}); run 'make play'") from None
    try:
        web.serve(args.host, args.port, args.open)
    except OSError as error:  # the port is taken, the address is not this machine's, ...
        raise Unavailable(
            f"cannot serve on {args.host}:{args.port}: {error.strerror or error}"
        ) from None
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    from ..web.site.build import build

    def say(text: str) -> None:
        print(f"{PROG}: site: {text}", file=sys.stderr, flush=True)

    out = Path(args.out)
    site = build(out, Path(args.runtime) if args.runtime else None, say)
    for part, size in sorted(site.sizes.items()):
        print(f"{part}: {size / 1e6:.2f} MB")
    print(f"total: {site.total / 1e6:.2f} MB in {out} (version {site.version})")
    print(f"serve it with: python -m http.server -d {out}")
    return 0
