"""Hard-bot decisions, the same under CPython and Pyodide and for any checkout
of the `game` package (the one on the path). One JSON line.

    bots_run.py [--game NAME] GAMES PLAYOUTS BUDGET [SLICE [cost | choice]]

NAME is the game's package (bossquest by default, theboss); the playouts'
policy is the game's own (its search hooks' level, the normal bot).

By default: decisions taken at the positions of seeded 4-player games in which
seat 0 plays the hard bot (PLAYOUTS or BUDGET seconds, whichever binds first)
and the others the normal bot: times and playouts per decision. With "cost":
every seat plays the normal bot (the same positions for any checkout), and at
each of seat 0's decisions the hard bot runs exactly PLAYOUTS playouts, timed
on the wall clock and on the CPU clock (Node's count under Pyodide): the cost
of one playout, whatever else the machine runs. With "choice": the same
positions, and at each of seat 0's decisions the normal bot's own choice
played out PLAYOUTS times, each in a world dealt from the view (the search's
own deal and playout): every one a whole playout in any checkout, where a
search may stop some at once (The Boss at 07d51c8 scored a placement outside
its few candidates after one step, and counted it as a playout).
"""

from __future__ import annotations

import importlib
import json
import sys
import time

from cpu_clock import cpu_clock  # bench/cpu_clock.py, beside this script

from game.engine.search import SearchBot, SearchSettings

args = sys.argv[1:]
game_name = args[1] if args[:1] == ["--game"] else "bossquest"
if args[:1] == ["--game"]:
    del args[:2]
GAME = importlib.import_module(f"game.{game_name}").GAME
hooks = GAME.capabilities.search
normal_bot = GAME.capabilities.bots[hooks.policy]  # the playouts' policy: "normal"
games, playouts, budget = int(args[0]), int(args[1]), float(args[2])
slice_playouts = int(args[3]) if len(args) > 3 else SearchSettings.slice_playouts
mode = args[4] if len(args) > 4 else ""
cost = mode in ("cost", "choice")
if cost:
    budget = 1e9  # the count binds
settings = SearchSettings(playouts=playouts, time_budget=budget, slice_playouts=slice_playouts)
bot = SearchBot(GAME, normal_bot, settings, seed=1)
cpu = cpu_clock()
# Warm-up, untimed: a few decisions of another game (under Node the first
# seconds also compile Pyodide's WebAssembly, on other threads of the process).
warm = GAME.new_game({"players": 4}, 10**6)
for _warm_up in range(3):
    warm_seat = GAME.to_act(warm)[0]
    warm_legal = GAME.legal_actions(warm, warm_seat)
    SearchBot(GAME, normal_bot, SearchSettings(playouts=60, time_budget=1e9), seed=2)(
        GAME.view(warm, warm_seat), warm_legal
    )
    warm, _ = GAME.apply(warm, warm_seat, normal_bot(GAME.view(warm, warm_seat), warm_legal))
times: list[float] = []
cpu_times: list[float] = []
done: list[int] = []
for seed in range(games):
    state = GAME.new_game({"players": 4}, seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        action = None
        if seat == 0 and len(legal) > 1 and mode == "choice":
            chosen = normal_bot(view, legal)
            started, cpu_started = time.perf_counter(), cpu()
            for world in range(playouts):
                bot._playout(hooks.determinize(view, world), seat, chosen)
            times.append(time.perf_counter() - started)
            cpu_times.append(cpu() - cpu_started)
            done.append(playouts)
        elif seat == 0 and len(legal) > 1:
            started, cpu_started = time.perf_counter(), cpu()
            action = bot(view, legal)
            times.append(time.perf_counter() - started)
            cpu_times.append(cpu() - cpu_started)
            done.append(bot.last_playouts)
        if cost or action is None:
            action = normal_bot(view, legal)
        state, _ = GAME.apply(state, seat, action)
times.sort()
result: dict[str, object] = {
    "python": sys.version.split()[0],
    "decisions": len(times),
    "mean_ms": round(1000 * sum(times) / len(times), 1),
    "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
    "max_ms": round(1000 * times[-1], 1),
    "mean_playouts": round(sum(done) / len(done), 1),
}
if cost:
    result["wall_us_per_playout"] = round(1e6 * sum(times) / sum(done), 1)
    result["cpu_us_per_playout"] = round(1e6 * sum(cpu_times) / sum(done), 1)
print(json.dumps(result))
