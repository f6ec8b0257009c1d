"""Shared pytest fixtures. Helpers that build test boards are in boards.py (``from boards import board,
creature``), hypothesis strategies in strategies.py and combat_boards.py, the brute-force oracle in reference/.

The generated-board tests draw the same boards on every run (a fixed seed, no example database), so a run
of the suite on a clean clone — CI's — answers the same as the last run here; ``PYSOLVER_FUZZ=long`` draws
new boards each time, ten times as many (tests/strategies.py ``examples``), and keeps the failures it finds."""

import os

from hypothesis import settings

settings.register_profile("quick", derandomize=True, database=None)
settings.register_profile("long", derandomize=False)
settings.load_profile("long" if os.environ.get("PYSOLVER_FUZZ") == "long" else "quick")
