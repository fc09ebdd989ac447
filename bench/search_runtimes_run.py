"""The fixed searches of bench/search_runtimes.py, and their timing in this
Python: imported there (CPython), and run as a script by Node's Pyodide

    node tests/pyodide/run_python.mjs bench/search_runtimes_run.py GAMES EVERY PLAYOUTS

which prints this runtime's two rounds as JSON: by round, by game, the
microseconds of one playout.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from seat_zero import seat_zero_decisions  # bench/seat_zero.py, beside this script

from game.engine.search import search_share
from game.engine.search_share import read_request, request_of
from game.registry import get_game, playable

#: the first candidates searched at each decision (The Boss's hard bot searches four)
ARMS = 4
#: a budget no search of these reaches, so that the count binds (s)
BUDGET_S = 60.0

Requests = dict[str, list[dict[str, Any]]]
#: one runtime's figures: by round, by game, µs a playout
Rounds = list[dict[str, float]]


def fixed_requests(games: int, every: int, playouts: int) -> Requests:
    """Each playable game's search requests, the same in every runtime."""
    requests: Requests = {}
    for name in playable():
        game = get_game(name)
        hooks = game.capabilities.search
        assert hooks is not None, name
        policy = game.capabilities.bots[hooks.policy]
        own: list[dict[str, Any]] = []
        for index, (_state, view, legal) in enumerate(seat_zero_decisions(game, policy, games)):
            if index % every:
                continue
            arms = list(range(min(len(legal), ARMS)))
            request = request_of(
                game, view, legal, arms, 1 + index, playouts, BUDGET_S, 1.0, 10_000
            )
            request["token"] = f"{name}-{index}"
            own.append(request)
        requests[name] = own
    return requests


def time_here(requests: Requests) -> Rounds:
    """The requests searched twice in this Python: by round, by game, µs a playout."""
    rounds: Rounds = []
    for _round in range(2):
        costs: dict[str, float] = {}
        for name, own in requests.items():
            started, playouts = time.perf_counter(), 0
            for request in own:
                playouts += search_share(get_game(name), read_request(request, get_game)).playouts
            costs[name] = (time.perf_counter() - started) / playouts * 1e6
        rounds.append(costs)
    return rounds


if __name__ == "__main__":
    games, every, playouts = (int(arg) for arg in sys.argv[1:4])
    print(json.dumps(time_here(fixed_requests(games, every, playouts))))
