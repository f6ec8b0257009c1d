"""`python -m pysolver`: the `pysolver` command (docs/cli.md)."""

import sys

from .cli import main

sys.exit(main())
