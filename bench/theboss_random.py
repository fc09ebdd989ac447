"""The Boss's speed, printed and never asserted: random play (actions per second
at 2, 3 and 4 players) and the hard bot's playouts per 120 ms decision at 4
players, on CPython and inside Pyodide under Node, measured in the same run.

    python bench/theboss_random.py [--games 200] [--decisions 30]

Inside either Python it runs as `theboss_random.py --inner GAMES DECISIONS`
and prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

# Pyodide runs this file's text with no __file__: the inner run needs no path.
HERE = Path(globals().get("__file__", "bench/theboss_random.py")).resolve()
ROOT = HERE.parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"


def figures(games: int, decisions: int) -> dict[str, Any]:
    from game.engine import rng
    from game.engine.bots import make_bot
    from game.engine.search import SearchSettings
    from game.engine.simulate import simulate
    from game.theboss import GAME

    found: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    for players in (2, 3, 4):
        report = simulate(GAME, {"players": players}, games, seed=1, check=False)
        found[f"random_actions_per_s_{players}p"] = report.to_json()["actions_per_s"]
    bot = make_bot(GAME, "hard", 1, SearchSettings(playouts=100_000, time_budget=0.12))
    state = GAME.new_game({"players": 4}, 3)
    dice = rng.seed_state(5)
    playouts: list[int] = []
    while len(playouts) < decisions and not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            bot(GAME.view(state, seat), legal)
            playouts.append(getattr(bot, "last_playouts", 0))
        index, dice = rng.below(dice, len(legal))  # random moves reach varied states
        state, _events = GAME.apply(state, seat, legal[index])
    found["hard_playouts_per_decision_4p"] = round(sum(playouts) / max(1, len(playouts)), 1)
    return found


def measure(command: list[str]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    if sys.argv[1:2] == ["--inner"]:
        print(json.dumps(figures(int(sys.argv[2]), int(sys.argv[3]))))
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=30)
    args = parser.parse_args()
    inner = [str(HERE), "--inner", str(args.games), str(args.decisions)]
    results = {"cpython": measure([sys.executable, *inner])}
    node = shutil.which("node")
    if node and (ROOT / "node_modules" / "pyodide").is_dir():
        results["pyodide"] = measure([node, str(RUNNER), *inner])
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
