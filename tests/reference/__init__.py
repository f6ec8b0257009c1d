"""An independent brute-force reference for pysolver, in plain Python.

It reads only the typed model (``pysolver.model``, ``pysolver.model.mana`` and the
:class:`pysolver.model.abilities.Ability` values) and never the ASP encodings,
``pysolver.asp.facts``, ``pysolver.rules.declarations`` or ``pysolver.rules.graph``: property
tests compare the solver with it.

Layout, meant to be extended (damage, outcomes):

* :mod:`reference.characteristics` -- each permanent's characteristics (708.2a
  face-down values, counters, 613.4c) and the state-based actions applied to the
  starting situation (704.3, docs/situation.md): :func:`battlefield` is the board that
  every later step starts from.
* :mod:`reference.declarations` -- every legal declaration of attackers (508.1)
  and blockers (509.1) by generate-and-test: the restriction checks are exposed
  one by one (``attack_violations``, ``block_violations``) so that a rules
  checker or a damage step can reuse them.
* :mod:`reference.damage` -- every legal combat damage assignment of the next
  damage step (510.1, 510.4, 702.19, 702.2c) by generate-and-test
  (``reference_assignments``; ``assignment_violations`` one check per rule).
* :mod:`reference.outcomes` -- every distinct end-of-combat result (docs/results.md)
  over every declaration, face-up turn and assignment (``reference_outcomes``).
* :mod:`reference.facedown` -- the ways a face-down permanent is turned face up (morph,
  megamorph, disguise; a manifested or cloaked creature card's mana cost, 701.40b, 701.58b).
* :mod:`reference.shields` -- regeneration (701.19a) and damage prevention (615.1a), used by
  the damage steps, the state-based actions and the death triggers of the others.
* :mod:`reference.grants` -- the abilities a group's quoted grant gives each permanent ('All Slivers have "…"',
  613.1f), read off a board's lines, or that the board is one to refuse (611.3a).
* :mod:`reference.minimax` and :mod:`reference.best` -- the combat played out as a game: a goal
  forced or not (``reference_verify``), an objective's optimal value and first declarations
  (``reference_value``, ``reference_best``, docs/best.md).
"""

from .characteristics import Characteristics, battlefield, characteristics, left_battlefield
from .damage import assignment_violations, reference_assignments
from .declarations import (
                           attack_targets,
                           attack_violations,
                           block_violations,
                           defending_player,
                           reference_attacks,
                           reference_blocks,
)
from .outcomes import canonical, reference_outcomes

__all__ = ["Characteristics", "battlefield", "characteristics", "left_battlefield", "attack_targets",
           "attack_violations", "block_violations", "defending_player", "reference_attacks",
           "reference_blocks", "assignment_violations", "reference_assignments", "canonical",
           "reference_outcomes"]
