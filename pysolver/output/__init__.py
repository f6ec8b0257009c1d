"""Results out: the JSON documents and their streams (:mod:`.results`, :mod:`.jsontext`), text for
people (:mod:`.render`), SVG pictures (:mod:`.svg`, :mod:`.show`), progress on a terminal
(:mod:`.progress`) and safe writing to files and pipes (:mod:`.streams`).
"""
