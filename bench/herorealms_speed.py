"""Hero Realms' speed on CPython and in Pyodide (under Node), in one run.
Prints the figures, asserts nothing.

    python bench/herorealms_speed.py [--games 3] [--playouts 300] [--budget 0.12]

Random play's actions a second at 2 and 4 players; each level's thinking
over a whole turn of its (the sum of its decisions' times: p50, p95, max),
easy, normal and hard; the hard bot's playouts a second, at the page's
budget by default (300 playouts or 0.12 s a decision, game/web/session.py PAGE_SEARCH).
Pyodide is skipped without node or `npm ci` (node_modules/pyodide).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from engine import measure, runtimes  # bench/engine.py, beside this script

SCRIPT = Path(__file__).resolve().parent / "herorealms_speed_run.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--budget", type=float, default=0.12)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    run_args = [str(SCRIPT), str(args.games), str(args.playouts), str(args.budget)]
    results = {}
    for name, command in runtimes(args.no_pyodide).items():
        results[name] = measure([*command, *run_args])
        result = results[name]
        rates = result["random_actions_per_s"]
        print(
            f"{name:8} Python {result['python']:7} random play: "
            f"{rates['2']} actions/s at 2 players, {rates['4']} at 4"
        )
        for level in ("easy", "normal", "hard"):
            turns = result["levels"][level] if level != "hard" else result["hard"]
            line = ", ".join(
                f"{players} players p50 {t['p50_turn_ms']} / p95 {t['p95_turn_ms']} / "
                f"max {t['max_turn_ms']} ms ({t['turns']} turns)"
                for players, t in turns.items()
            )
            print(f"{'':8} {level:6} thinking over a whole turn: {line}")
        for players, hard in result["hard"].items():
            print(
                f"{'':8} hard at {players} players: {hard['playouts_per_s']} playouts/s "
                f"({hard['playouts_per_cpu_s']} a second of CPU); "
                f"{hard['decisions_per_turn']} decisions a turn; a slice of the search "
                f"p95 {hard['p95_slice_cpu_ms']} ms of CPU, max {hard['max_slice_cpu_ms']} ms"
            )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
