"""Files in: situation files (:mod:`.loader`, :mod:`.reading`), card pools (:mod:`.cards`, their index
and its on-disk cache :mod:`.cardindex`) and the JSON Schemas of the documents (:mod:`.schema`). Every
problem is an :class:`~pysolver.errors.InputError` naming the file, the field path and what is wrong.
"""
