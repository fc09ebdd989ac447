"""Hero Realms' speed in the runtime that runs this script (CPython, or
Pyodide under Node through tests/pyodide/run_python.mjs). One JSON line.

    herorealms_speed_run.py GAMES PLAYOUTS BUDGET

- random play: seeded random games at 2 and at 4 players, actions a second;
- each level's thinking over its whole turn: seeded games at 2 and at 4
  players in which seat 0 plays easy, normal or hard, the others normal; a
  turn's thinking is the sum of the times of every decision seat 0 made in
  it (p50, p95, max);
- the hard bot: in those games it plays with PLAYOUTS playouts or BUDGET
  seconds a decision, whichever binds first (the page's are 300 and 0.12);
  its playouts a second are counted over the decisions it searched, on the
  wall clock and on the process's CPU clock (the machine's other load
  slows the first, not the second), and the CPU time of each slice of its
  search (the page's worker answers the page between two slices).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from cpu_clock import cpu_clock  # bench/cpu_clock.py, beside this script

from game.engine.search import WAITING, SearchBot, SearchSettings
from game.engine.simulate import random_game
from game.herorealms import GAME

games, playouts, budget = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
SLICE = 4  # the page's playouts a slice (game/web/session.py PAGE_SEARCH)
normal_bot = GAME.capabilities.bots["normal"]


def random_rate(players: int) -> float:
    actions, started = 0, time.perf_counter()
    for seed in range(games):
        _state, played, _ = random_game(GAME, {"players": players}, 500 + seed)
        actions += len(played)
    return actions / (time.perf_counter() - started)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def think(
    bot: SearchBot,
    view: dict[str, Any],
    legal: list[Any],
    cpu: Callable[[], float],
    slices: list[float],
) -> Any:
    """The bot's choice, thought in slices as the page does; each slice's CPU time kept."""
    mark = cpu()
    for step in bot.steps(view, legal):
        now = cpu()
        slices.append(now - mark)
        mark = now
        if step is not None and step is not WAITING:
            return step
    raise AssertionError("the search always ends with a choice")


def heuristic_turns(level: str, players: int) -> dict[str, float]:
    """Seat 0's thinking per turn when it plays the heuristic `level`, in `games` seeded games."""
    bot = GAME.capabilities.bots[level]
    turns: list[float] = []
    for seed in range(games):
        state = GAME.new_game({"players": players}, 900 + seed)
        thinking, turn, owner = 0.0, state.turns, state.turn
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            if seat == 0:
                started = time.perf_counter()
                action = bot(view, legal)
                thinking += time.perf_counter() - started
            else:
                action = normal_bot(view, legal)
            state, _events = GAME.apply(state, seat, action)
            if state.turns != turn:
                if owner == 0:
                    turns.append(thinking)
                thinking, turn, owner = 0.0, state.turns, state.turn
    return turn_figures(turns)


def turn_figures(turns: list[float]) -> dict[str, float]:
    return {
        "turns": len(turns),
        "p50_turn_ms": round(1000 * percentile(turns, 0.5), 2),
        "p95_turn_ms": round(1000 * percentile(turns, 0.95), 2),
        "max_turn_ms": round(1000 * max(turns), 2),
    }


def hard_turns(players: int) -> dict[str, float]:
    """Seat 0's thinking per turn and its playouts, in `games` seeded games."""
    turns: list[float] = []
    searched_time, searched_cpu, searched_playouts, decisions = 0.0, 0.0, 0, 0
    slices: list[float] = []  # the CPU time of each slice of the search (4 playouts in the page)
    cpu = cpu_clock()
    for seed in range(games):
        settings = SearchSettings(playouts, budget, slice_playouts=SLICE)
        bot = SearchBot(GAME, normal_bot, settings, seed=seed)
        state = GAME.new_game({"players": players}, 900 + seed)
        thinking, turn, owner = 0.0, state.turns, state.turn
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            if seat == 0:
                started, cpu_started = time.perf_counter(), cpu()
                action = think(bot, view, legal, cpu, slices)
                took, cpu_took = time.perf_counter() - started, cpu() - cpu_started
                thinking += took
                decisions += 1
                if bot.last_playouts:
                    searched_time += took
                    searched_cpu += cpu_took
                    searched_playouts += bot.last_playouts
            else:
                action = normal_bot(view, legal)
            state, _events = GAME.apply(state, seat, action)
            if state.turns != turn:
                if owner == 0:
                    turns.append(thinking)
                thinking, turn, owner = 0.0, state.turns, state.turn
    return {
        **turn_figures(turns),
        "decisions_per_turn": round(decisions / len(turns), 1),
        "playouts_per_s": round(searched_playouts / searched_time) if searched_time else 0,
        "playouts_per_cpu_s": round(searched_playouts / searched_cpu) if searched_cpu else 0,
        "p95_slice_cpu_ms": round(1000 * percentile(slices, 0.95), 2),
        "max_slice_cpu_ms": round(1000 * max(slices), 2),
    }


# Warm-up, untimed (under Node the first seconds also compile WebAssembly).
random_game(GAME, {"players": 2}, 1)
result = {
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "random_actions_per_s": {str(n): round(random_rate(n)) for n in (2, 4)},
    "levels": {
        level: {str(n): heuristic_turns(level, n) for n in (2, 4)} for level in ("easy", "normal")
    },
    "hard": {str(n): hard_turns(n) for n in (2, 4)},
}
print(json.dumps(result))
