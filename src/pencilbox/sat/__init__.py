"""The puzzle-free SAT layer: the counting loop and cardinality clauses (:mod:`.core`).

Encoders live with their puzzle types (each face's ``encode``); counting over
the face, plain or hybrid, is :mod:`pencilbox.counting`.
"""
