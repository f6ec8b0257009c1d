"""The rules of one combat step at a time, each question on top of the solving layer: declarations of
attackers and blockers (508.1, 509.1; :mod:`.declarations`, :mod:`.counting`, :mod:`.graph`), combat
damage (510.1; :mod:`.damage`, :mod:`.damage_count`, :mod:`.combat`, :mod:`.steps`), face-up turns
(702.37e; :mod:`.facedown`), activated pumps (602; :mod:`.pumps`), triggered abilities (603;
:mod:`.triggers`) and the legality of a declared combat (:mod:`.check`).
"""
