"""The points of the combat (506.1) a position of the game tree can be at, named once.

A :class:`Stage` is a :class:`enum.StrEnum`: it compares, hashes, formats and is written to JSON as
its value (``"after_blockers"``), the word the moves (:class:`pysolver.model.moves.Pass`,
``FaceUp``, ``Activation``), the situation files' ``combat.activations`` and the documents use.

The stages, in order (506.1, docs/verify.md): the beginning-of-combat window (507.2); declare
attackers (508.1) and its window (508.2); declare blockers (509.1) — with the active player's
ordering of block triggers (603.3b) and the putting of triggers on the stack with their targets
(603.3d) where they arise — and its window (509.2); each combat damage step (510), the attackers'
half announced by the active player, then the blockers' by the defending side (510.1), with a
window between a first-strike step and the regular one (510.3); the window of the last damage
step while triggers wait on the stack (117.5); the end (511.3).

>>> Stage.AFTER_BLOCKERS == "after_blockers", f"{Stage.AFTER_BLOCKERS}"
(True, 'after_blockers')
>>> [str(w) for w in WINDOWS]
['beginning_of_combat', 'after_attackers', 'after_blockers', 'after_first_strike_damage', 'after_combat_damage']
>>> WINDOW_NEXT[Stage.AFTER_BLOCKERS]
<Stage.DAMAGE: 'damage'>
"""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
    """One point of the combat phase (506.1) at which a player moves, or its end."""

    BEGINNING_OF_COMBAT = "beginning_of_combat"  # 507.2: a priority window before attackers are declared
    DECLARE_ATTACKERS = "declare_attackers"  # 508.1
    AFTER_ATTACKERS = "after_attackers"  # 508.2: priority in the declare attackers step
    DECLARE_BLOCKERS = "declare_blockers"  # 509.1
    ORDER_TRIGGERS = "order_triggers"  # 603.3b: the active player orders their block (or attack) triggers
    PUT_TRIGGERS = "put_triggers"  # 603.3b, 603.3d: triggers put on the stack with targets, APNAP
    AFTER_BLOCKERS = "after_blockers"  # 509.2: priority in the declare blockers step
    DAMAGE = "damage"  # 510.1: the next combat damage step's whole assignment, both halves in one move
    ATTACKERS_DAMAGE = "attackers_damage"  # 510.1: the active player announces the attackers' assignment
    BLOCKERS_DAMAGE = "blockers_damage"  # 510.1: then the defending side the blockers', having seen it
    AFTER_FIRST_STRIKE_DAMAGE = "after_first_strike_damage"  # 510.3: priority between the damage steps
    # 510.3, 117.5: priority in the (last) combat damage step, opened only while triggered abilities
    # (death triggers, 603.3) wait on the stack; when it is empty the combat is over.
    AFTER_COMBAT_DAMAGE = "after_combat_damage"
    END = "end"  # 511.3: the combat is over

    @property
    def is_window(self) -> bool:
        """Whether players receive priority here (117.3), in turn (:data:`WINDOWS`).

        >>> Stage.AFTER_ATTACKERS.is_window, Stage.DECLARE_BLOCKERS.is_window
        (True, False)
        """
        return self in WINDOWS


#: The priority windows of the combat, in order (117.3, 507.2, 508.2, 509.2, 510.3).
WINDOWS = (Stage.BEGINNING_OF_COMBAT, Stage.AFTER_ATTACKERS, Stage.AFTER_BLOCKERS, Stage.AFTER_FIRST_STRIKE_DAMAGE,
           Stage.AFTER_COMBAT_DAMAGE)
#: The windows in which pump abilities may have been activated before a situation file was written
#: (``combat.activations``, 602.2): the last window of the combat is no point a file describes.
ACTIVATION_WINDOWS = WINDOWS[:4]
#: What follows each window once both players pass with an empty stack (117.4, 500.2).
WINDOW_NEXT = {Stage.BEGINNING_OF_COMBAT: Stage.DECLARE_ATTACKERS, Stage.AFTER_ATTACKERS: Stage.DECLARE_BLOCKERS,
               Stage.AFTER_BLOCKERS: Stage.DAMAGE, Stage.AFTER_FIRST_STRIKE_DAMAGE: Stage.DAMAGE,
               Stage.AFTER_COMBAT_DAMAGE: Stage.END}
