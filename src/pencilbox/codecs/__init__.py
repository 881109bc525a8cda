"""Codecs that puzzle packages share: puzz.link bodies (:mod:`.puzzlink`) and the
tokens of a text grid (:mod:`.grids`). They know no puzzle type and no registry."""
