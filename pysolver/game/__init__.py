"""The combat as one game tree (506.1; :mod:`.gametree`, :mod:`.position`) and its searches: every
distinct outcome (:mod:`.outcomes`) and whether the active player can force a goal (:mod:`.verify`,
:mod:`.goals`; docs/verify.md).
"""
