"""The ways a face-down permanent can be turned face up (116.2b), read off the typed model in plain
Python, independent of :meth:`pysolver.model.Permanent.face_up_ways` and ``encodings/facedown.lp``.

* 702.37e, 702.168d: a face-down permanent whose face-up side has morph, megamorph or disguise,
  for that cost -- also when it was manifested or cloaked (701.40c-d, 701.58c-d);
* 701.40b, 701.58b: a manifested or cloaked permanent whose card is a creature card with a mana
  cost, for that mana cost (not a land or other noncreature card, not a card without mana cost).

Only a megamorph cost paid puts a +1/+1 counter on it (702.37b).

>>> from pysolver.model import Permanent
>>> [(way, str(cost), counter) for way, cost, counter in ways(Permanent("x", "a", power=1, toughness=1,
...     abilities=("Megamorph {G}",), mana_cost="{G}", face_down="cloak"))]
[('megamorph', '{G}', True), ('mana cost', '{G}', False)]
>>> ways(Permanent("l", "a", types=("Land",), mana_cost="{1}", face_down="manifest"))
[]
"""

from __future__ import annotations

from pysolver.model import Permanent
from pysolver.model.mana import Mana

Way = tuple[str, Mana, bool]  # (which procedure, its cost, whether a +1/+1 counter is put on it)


def ways(p: Permanent) -> list[Way]:
    """Each way `p` can be turned face up now (none if it is face up)."""
    if p.face_down is False:
        return []
    out: list[Way] = []
    for a in p.abilities:
        if a.kind in ("morph", "megamorph", "disguise"):
            out.append((a.kind, a.value, a.kind == "megamorph"))  # type: ignore[arg-type]
            break  # one such ability on a card (702.37a, 702.168a)
    if p.face_down in ("manifest", "cloak") and "Creature" in p.types and p.mana_cost is not None:
        out.append(("mana cost", p.mana_cost, False))
    return out

