"""pysolver: exact Magic: The Gathering combat rules answers from answer-set programs (clingo).

See :mod:`pysolver.api` for the functions behind every command and the typed model.

>>> from pysolver import Situation, Player, Permanent
>>> Situation(players=(Player("alice"), Player("bob")), active="alice",
...           permanents=(Permanent("bear", "alice", power=2, toughness=2),)).legal_attacks.count()
2
"""

from .api import *  # noqa: F403
from .api import __all__  # noqa: F401
