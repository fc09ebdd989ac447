"""One engine measurement, the same under CPython and Pyodide and for any
checkout of the `game` package (the one on the path): random games with the
invariants off, after a short warm-up, for each configuration. Each run is
timed on the wall clock and on the process's CPU clock (under Node, Node's own
count of the process's CPU time: Pyodide's process_time is the wall clock);
the run with the best CPU rate of REPEAT is kept. Prints one JSON line.

    engine_run.py [--game NAME] GAMES SEED REPEAT CONFIG...

NAME is the game's package (bossquest by default, theboss). A CONFIG is a
player count, then the options set to true: "4", "5+potions+companions+reaper",
"3+keep_yellow".
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from cpu_clock import cpu_clock  # bench/cpu_clock.py, beside this script

from game.engine.simulate import simulate

CPU = cpu_clock()
ARGS = sys.argv[1:]
GAME_NAME = ARGS[1] if ARGS[:1] == ["--game"] else "bossquest"
if ARGS[:1] == ["--game"]:
    del ARGS[:2]
GAME = importlib.import_module(f"game.{GAME_NAME}").GAME


def options_of(config: str) -> dict[str, Any]:
    players, *flags = config.split("+")
    return {"players": int(players), **{flag: True for flag in flags}}


def measure(config: str, games: int, seed: int, repeat: int) -> dict[str, Any]:
    options = options_of(config)
    simulate(GAME, options, max(games // 10, 5), seed + 10**6, check=False)  # warm-up
    best: dict[str, Any] = {}
    for _ in range(repeat):
        started = CPU()
        report = simulate(GAME, options, games, seed, check=False).to_json()
        report["actions_per_cpu_s"] = round(report["actions"] / (CPU() - started), 1)
        if best and report["actions"] != best["actions"]:
            raise AssertionError(f"{config}: the same seeds played different games")
        if not best or report["actions_per_cpu_s"] > best["actions_per_cpu_s"]:
            best = report
    return best


def main() -> None:
    games, seed, repeat = (int(arg) for arg in ARGS[:3])
    results = {config: measure(config, games, seed, repeat) for config in ARGS[3:]}
    print(json.dumps({"python": sys.version.split()[0], "results": results}))


main()
