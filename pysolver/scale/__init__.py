"""Many boards at once, a layer above the commands: ``batch`` (:mod:`.batch`, :mod:`.lines`),
``sweep`` over a card pool (:mod:`.sweep`, :mod:`.pool`, :mod:`.invariants`), test vectors
(:mod:`.vectors`, :mod:`.compare`) and where they run (:mod:`.executors`; docs/sweep.md).
"""
