"""Hard-bot decision time on CPython and in Pyodide (under Node), in one run.

    python bench/bots.py [--games 6] [--playouts 300] [--budget 0.12]

The browser runs the hard bot with these defaults: at most 300 playouts and
0.12 s per decision, whichever comes first, so the p95 stays under 150 ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from engine import RUNNER, measure

SCRIPT = Path(__file__).resolve().parent / "bots_run.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--budget", type=float, default=0.12)
    args = parser.parse_args()
    run_args = [str(SCRIPT), str(args.games), str(args.playouts), str(args.budget)]
    results = {"cpython": measure([sys.executable, *run_args])}
    node = shutil.which("node")
    if node:
        results["pyodide"] = measure([node, str(RUNNER), *run_args])
    for name, result in results.items():
        print(
            f"{name:8} Python {result['python']:7} p95 {result['p95_ms']:6.1f} ms  "
            f"mean {result['mean_ms']:6.1f} ms  {result['mean_playouts']:6.1f} playouts/decision"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
