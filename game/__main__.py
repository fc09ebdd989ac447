"""`python -m game ...`: the engine's command line over the registered games."""

import sys

from .engine.cli import main
from .registry import GAMES

sys.exit(main(GAMES))
