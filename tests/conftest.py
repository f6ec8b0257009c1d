"""Shared pytest fixtures. Helpers that build test boards are in boards.py (``from boards import board,
creature``), hypothesis strategies in strategies.py and combat_boards.py, the brute-force oracle in reference/."""
