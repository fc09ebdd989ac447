"""`python -m game arena` with the search's clock on this thread's CPU time.

Run by bench/arena.py with PYTHONPATH naming the checkout to measure. The hard
bot's budget (0.12 s in the page) is then spent on its own work alone: on a
machine shared with other jobs, the wall clock would give it fewer playouts
whenever the others run, and the win rates would measure the load.
"""

from __future__ import annotations

import sys
import time

# Before the game is imported, so every reader of perf_counter gets this clock.
time.perf_counter = time.thread_time

from game.engine.cli import main  # noqa: E402
from game.registry import GAMES  # noqa: E402

sys.exit(main(GAMES))
