"""The answer-set layer: a situation as facts (:mod:`.facts`), the encodings of ``encodings/`` run on
the clingo Python API (:mod:`.solving`) within a time bound (:mod:`.deadline`); deterministic questions
grounded on the facts they read and remembered by them (:mod:`.reads`).
"""
