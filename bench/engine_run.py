"""One engine measurement, the same under CPython and Pyodide: random games with
the invariants off, after a short warm-up. Prints one JSON line."""

from __future__ import annotations

import json
import sys

from game.bossquest import GAME
from game.engine.simulate import simulate

players, games, seed = (int(arg) for arg in sys.argv[1:4])
options = {"players": players}
simulate(GAME, options, max(games // 10, 5), seed + 10**6, check=False)  # warm-up
report = simulate(GAME, options, games, seed, check=False)
print(json.dumps({"python": sys.version.split()[0], **report.to_json()}))
