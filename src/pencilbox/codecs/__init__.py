"""Codecs that puzzle packages share: puzz.link bodies (:mod:`.puzzlink`) and the
tokens of a text grid (:mod:`.grids`), pzprv3 files and janko's boards, and a
puzzle's metadata. They know no puzzle type and no registry."""

FORMS = ("text", "url", "json", "pzprv3")
"""The forms a puzzle is written in (:func:`pencilbox.formats.write`); here,
below everything, so the command line lists them without loading a puzzle."""
