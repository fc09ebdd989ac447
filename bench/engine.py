"""Engine speed, printed and never asserted: random 4-player games on CPython
and inside Pyodide under Node, measured in the same run, and their ratio.

    python bench/engine.py [--players 4] [--games 300] [--seed 1]
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

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "engine_run.py"
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"


def measure(command: list[str]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run_args = [str(SCRIPT), str(args.players), str(args.games), str(args.seed)]
    results = {"cpython": measure([sys.executable, *run_args])}
    node = shutil.which("node")
    if node and (ROOT / "node_modules" / "pyodide").is_dir():
        results["pyodide"] = measure([node, str(RUNNER), *run_args])
    else:
        print("Pyodide skipped: needs node and `npm ci`", file=sys.stderr)
    for name, result in results.items():
        print(
            f"{name:8} Python {result['python']:7} {result['actions_per_s']:>10,.0f} actions/s "
            f"{result['games_per_s']:>8,.1f} games/s  ({result['actions']} actions)"
        )
    if "pyodide" in results:
        ratio = results["cpython"]["actions_per_s"] / results["pyodide"]["actions_per_s"]
        print(f"CPython / Pyodide speed ratio: {ratio:.2f}x")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
