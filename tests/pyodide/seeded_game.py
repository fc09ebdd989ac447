"""Play seeded random games and print, as JSON, the Python version, each final
state hash and the speed. Runs the same under CPython and inside Pyodide."""

import json
import sys
import time

from game.bossquest import GAME
from game.engine.codec import state_hash
from game.engine.simulate import random_game

players, games, seed = (int(arg) for arg in sys.argv[1:4])
extensions = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
hashes = []
actions = 0
start = time.perf_counter()
for index in range(games):
    state, played, _ = random_game(GAME, {"players": players, **extensions}, seed + index)
    actions += len(played)
    hashes.append(state_hash(GAME, state))
seconds = time.perf_counter() - start
print(
    json.dumps(
        {
            "python": sys.version.split()[0],
            "platform": sys.platform,
            "hashes": hashes,
            "games": games,
            "actions": actions,
            "seconds": seconds,
        }
    )
)
