"""pysolver: exact Magic: The Gathering combat rules answers from answer-set programs (clingo).

See :mod:`pysolver.api` for the functions behind every command.
"""

from .api import *  # noqa: F403
from .api import __all__  # noqa: F401
from .errors import InputError  # noqa: F401
