"""pysolver: exact Magic: The Gathering combat rules answers from answer-set programs (clingo).

The public names are imported lazily (PEP 562): ``import pysolver`` costs next to nothing, and
``pysolver.Situation`` imports only the model, ``pysolver.outcomes`` only what outcomes need
(networkx only where the attacker–blocker graph is used). Each name is looked up in
:data:`pysolver.api.MODULES`, which says the module defining it; :mod:`pysolver.api` describes
the two layers (the commands' plain data, and the typed model, moves and results).

>>> from pysolver import Situation, Player, Permanent
>>> Situation(players=(Player("alice"), Player("bob")), active="alice",
...           permanents=(Permanent("bear", "alice", power=2, toughness=2),)).legal_attacks.count()
2
>>> import pysolver, types
>>> isinstance(pysolver.check, types.FunctionType)  # the function, although pysolver.check is also a module
True
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING

from . import api  # cheap: it imports its names only when they are first used

__all__: list[str] = []
__all__ += api.__all__

if TYPE_CHECKING:  # what type checkers and editors see: the names, imported eagerly
    from .api import *  # noqa: F403


def __getattr__(name: str) -> object:
    """A public name, taken from :mod:`pysolver.api` (which imports its module) on first use and kept."""
    if name not in api.__all__:
        raise AttributeError(f"module 'pysolver' has no attribute {name!r}")
    value: object = getattr(api, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(ModuleType):
    """The package module: a submodule that shares its name with a public function (``pysolver.check``,
    ``pysolver.verify``, ``pysolver.outcomes``) does not replace the function when it is imported
    (the import system sets each submodule as an attribute of its package)."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and api.MODULES.get(name) == value.__name__:
            if name in self.__dict__:  # the function was taken already: keep it
                return
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
