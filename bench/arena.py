"""The hard bot's strength before and after, at the page's budget.

    python bench/arena.py [--games 600] [--sides before after] [--configs base extensions]

Plays `python -m game arena --players 4 --bots hard,normal,normal,normal` with
the page's budget (300 playouts or 0.12 s a decision) in an older checkout
("before": commit 25f55c5 unpacked by `git archive`, as bench/engine.py does)
and in this tree ("after"), with the same seeds, without and with the three
extensions. The budget is counted on the CPU clock (bench/arena_run.py), so
the machine's other load does not cut the playouts short. Prints each run's
JSON as it ends, then the table.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine import BASE_COMMITS, PAGE_BUDGET, PAGE_PLAYOUTS, ROOT, baseline_tree

SCRIPT = Path(__file__).resolve().parent / "arena_run.py"
EXTENSIONS = ["potions=true", "companions=true", "reaper=true"]
CONFIGS: dict[str, list[str]] = {"base": [], "extensions": EXTENSIONS}


def arena(tree: Path, options: list[str], games: int, seed: int, budget: float) -> dict[str, Any]:
    command = [
        sys.executable,
        str(SCRIPT),
        "arena",
        "--game",
        "bossquest",
        "--players",
        "4",
        "--bots",
        "hard,normal,normal,normal",
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--playouts",
        str(PAGE_PLAYOUTS),
        "--time-budget",
        str(budget),
    ]
    for option in options:
        command += ["--option", option]
    done = subprocess.run(
        command, cwd=tree, env={"PYTHONPATH": str(tree)}, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"arena failed in {tree}:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@contextmanager
def after_tree(commit: str | None) -> Iterator[Path]:
    if commit is None:
        yield ROOT
    else:
        with baseline_tree(None, commit) as tree:
            yield tree


def row(side: str, config: str, result: dict[str, Any]) -> str:
    hard = result["seats"][0]
    low, high = hard["ci95"]
    return (
        f"| {config} | {side} | {result['games']} | {100 * hard['win_rate']:.1f}% | "
        f"{100 * low:.1f}-{100 * high:.1f}% | {hard['mean_decision_ms']:.0f} ms |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sides", nargs="+", default=["before", "after"])
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--base", default=BASE_COMMITS["bossquest"])
    parser.add_argument(
        "--budget",
        type=float,
        default=PAGE_BUDGET,
        help="CPU seconds a decision (the page's 0.12 s; about 0.05 s on CPython gives "
        "as many playouts as the page's 0.12 s in Pyodide, which is 2-2.5x slower)",
    )
    parser.add_argument("--after", help="a commit to unpack as 'after' instead of this tree")
    args = parser.parse_args()
    rows = []
    with baseline_tree(None, args.base) as before, after_tree(args.after) as after:
        trees = {"before": before, "after": after}
        for config in args.configs:
            for side in args.sides:
                result = arena(trees[side], CONFIGS[config], args.games, args.seed, args.budget)
                print(json.dumps({"side": side, "config": config, **result}), flush=True)
                rows.append(row(side, config, result))
    print("| options | code | games | hard's win rate | 95% interval | mean decision (CPU) |")
    print("| --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
