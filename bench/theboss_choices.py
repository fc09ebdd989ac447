"""Whether The Boss's normal bot decides the same in this checkout as in an
older one: printed, never asserted (a speed change must keep every choice).

Runs bench/theboss_choices_run.py with each checkout's `game` package on
CPython (the same positions: the normal bot's calls inside the hard bot's
playouts, at 2, 3 and 4 players) and compares the two files line by line:
the bot's choice, the search's candidates, the judged gains, every rated
placement with its gain and each card's score, floats compared exactly.

    python bench/theboss_choices.py [--base COMMIT | --baseline PATH] [--games 3] [--playouts 20]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from engine import ROOT, baseline_tree, measure  # bench/engine.py, beside this script

SCRIPT = ROOT / "bench" / "theboss_choices_run.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="HEAD", help="the commit to unpack (default HEAD)")
    parser.add_argument("--baseline", help="a checkout holding the older game/ package")
    parser.add_argument("--games", type=int, default=3, help="games at each player count")
    parser.add_argument("--playouts", type=int, default=20, help="playouts a decision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="theboss-choices-") as folder:
        files = {side: Path(folder) / f"{side}.jsonl" for side in ("before", "after")}
        with baseline_tree(args.baseline, args.base) as before:
            for side, tree in (("before", before), ("after", ROOT)):
                command = [sys.executable, str(SCRIPT), str(args.games), str(args.playouts)]
                found = measure([*command, str(files[side])], tree)
                print(f"{side}: {found['calls']} calls of the normal bot")
        lines = {side: path.read_text("utf-8").splitlines() for side, path in files.items()}
    differ = [
        index
        for index, (old, new) in enumerate(zip(lines["before"], lines["after"], strict=False))
        if old != new
    ]
    if len(lines["before"]) != len(lines["after"]):
        print("the checkouts made a different number of calls: they decided differently")
    if differ:
        print(f"{len(differ)} calls of {len(lines['before'])} differ, the first at {differ[0]}")
    else:
        print(f"the same figures at all {len(lines['after'])} calls (6 figures each)")


if __name__ == "__main__":
    main()
