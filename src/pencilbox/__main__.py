"""``python -m pencilbox``: the same command line as the ``pencilbox`` script."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
