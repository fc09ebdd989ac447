"""Hard-bot decision times, the same under CPython and Pyodide and for any
checkout of the `game` package (the one on the path): decisions taken at the
positions of seeded 4-player games played by normal bots. One JSON line.

    bots_run.py GAMES PLAYOUTS BUDGET [SLICE]
"""

from __future__ import annotations

import json
import sys
import time

from game.bossquest import GAME
from game.bossquest.bots import normal_bot
from game.engine.search import SearchBot, SearchSettings

games, playouts, budget = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
slice_playouts = int(sys.argv[4]) if len(sys.argv) > 4 else SearchSettings.slice_playouts
settings = SearchSettings(playouts=playouts, time_budget=budget, slice_playouts=slice_playouts)
bot = SearchBot(GAME, normal_bot, settings, seed=1)
times: list[float] = []
done: list[int] = []
for seed in range(games):
    state = GAME.new_game({"players": 4}, seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            started = time.perf_counter()
            action = bot(view, legal)
            times.append(time.perf_counter() - started)
            done.append(bot.last_playouts)
        else:
            action = normal_bot(view, legal)
        state, _ = GAME.apply(state, seat, action)
times.sort()
print(
    json.dumps(
        {
            "python": sys.version.split()[0],
            "decisions": len(times),
            "mean_ms": round(1000 * sum(times) / len(times), 1),
            "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
            "max_ms": round(1000 * times[-1], 1),
            "mean_playouts": round(sum(done) / len(done), 1),
        }
    )
)
