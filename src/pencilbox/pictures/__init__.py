"""Pictures of boards for print: SVG, PNG and a PDF booklet, from any type's drawing.

A type describes its board once (the face's ``drawing``, a
:class:`pencilbox.kind.Drawing`); :mod:`.layout` turns that into marks on
paper (fills, lines, texts, dots) and each writer puts the same marks in its
own format: :mod:`.svg` by hand (it is text), :mod:`.png` through Pillow,
:mod:`.pdf` through fpdf2. The booklet (:mod:`.booklet`) reads puzzles as the
generator and the bank write them. Nothing here knows a puzzle type.

Pillow and fpdf2 are imported inside the functions that need them, so the
command line starts without them and SVG needs neither.
"""
