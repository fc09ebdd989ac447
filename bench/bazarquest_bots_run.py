"""Bazar Quest's bots' thinking per decision, the same under CPython and
Pyodide. One JSON line.

    bazarquest_bots_run.py GAMES PLAYERS...

Every seat of seeded games plays one level (easy, normal, shrewd in turn);
each decision with a choice is timed on the wall clock."""

from __future__ import annotations

import json
import math
import platform
import sys
import time

from game.bazarquest.game import GAME

games = int(sys.argv[1])
counts = [int(word) for word in sys.argv[2:]] or [2, 4, 6]
result: dict[str, object] = {"python": platform.python_implementation()}
for level, bot in GAME.capabilities.bots.items():
    for players in counts:
        times: list[float] = []
        for seed in range(games):
            state = GAME.new_game({"players": players}, 500 + seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
                started = time.perf_counter()
                action = bot(view, legal)
                if len(legal) > 1:
                    times.append(time.perf_counter() - started)
                state, _ = GAME.apply(state, seat, action)
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        result[f"{level}/{players}"] = {
            "decisions": len(times),
            "mean_ms": round(1000 * sum(times) / len(times), 3),
            "p95_ms": round(1000 * p95, 2),
            "max_ms": round(1000 * times[-1], 1),
        }
print(json.dumps(result))
