"""The answer-set programs of pysolver, one concern per file, shipped as package data.

Loaded at run time with ``importlib.resources.files("pysolver.encodings")``.
"""
