"""Bazar Quest's bots' thinking per decision on CPython and in Pyodide (under
Node), printed, never asserted.

    python bench/bazarquest_bots.py [--games 4] [--players 2 4 6] [--no-pyodide]

The shrewd bot (the third level) is a heuristic: it answers at once, with no
slices of thinking, so the page never waits on it. This prints each level's
mean, 95th percentile and slowest decision at each table size."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from engine import RUNNER, measure  # bench/engine.py, beside this script

SCRIPT = Path(__file__).resolve().parent / "bazarquest_bots_run.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 6])
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    run_args = [str(SCRIPT), str(args.games), *map(str, args.players)]
    results = {"cpython": measure([sys.executable, *run_args])}
    node = shutil.which("node")
    if node and not args.no_pyodide:
        results["pyodide"] = measure([node, str(RUNNER), *run_args])
    for name, result in results.items():
        for key, row in result.items():
            if isinstance(row, dict):
                print(
                    f"{name:8} {key:10} {row['decisions']:6} decisions"
                    f"  mean {row['mean_ms']:7.3f} ms  p95 {row['p95_ms']:7.2f} ms"
                    f"  max {row['max_ms']:7.1f} ms"
                )


if __name__ == "__main__":
    main()
