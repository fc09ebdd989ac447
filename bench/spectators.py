"""What spectators cost the players: CPU time and bytes of frames per move.

    python bench/spectators.py [--joiners 2000] [--moves 12] [--before REV]

A Boss Quest host (3 seats: the host and two bots) in its lobby receives
``--joiners`` hellos from as many connections, fills the open seats with bots
and starts; the bots and the host then play ``--moves`` moves. For each move
it measures the CPU time of the host call that played it (the checks, the
move and every frame it sends) and the bytes of those frames, and prints the
median per move and how many joiners the host let in.

It runs four tables: the code of ``--before`` (default: the commit before
spectators were capped, taken from git into a temporary folder and run in a
subprocess, so its figures are measured, not remembered), this code with the
host's default cap, with the largest cap a host may choose, and with no cap at
all (which no host can choose: it prices the frames built once for every
spectator).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "07d51c8"  # the last commit where the lobby took any number of joiners


def measure(joiners: int, moves: int, cap: int | None, lift: bool = False) -> dict[str, Any]:
    """One table: `cap` spectators allowed (None: the code's own default);
    `lift` sets the cap past what a host may choose, to price one spectator."""
    sys.path.insert(0, str(Path.cwd()))
    sys.path.insert(1, str(Path(__file__).resolve().parent))
    from cpu_clock import cpu_clock

    from game.bossquest import GAME
    from game.net import GuestSession, HostSession

    clock = cpu_clock()
    host = HostSession.new(GAME, {"players": 3}, 7, "Host")
    if lift:
        host.spectator_cap = joiners
    elif cap is not None:
        host.set_spectators(cap)
    admitted = 0
    for index in range(joiners):
        peer = f"peer-{index}"
        host.open_peer(peer)
        sends = host.receive(peer, GuestSession(f"Fan {index}", None, game=GAME).hello())
        admitted += any('"t":"welcome"' in text for _, text in sends)
    host.fill_with_bots("easy")
    host.start()
    times: list[float] = []
    sizes: list[int] = []
    for _ in range(moves):
        if host.phase != "playing":
            break
        seat = host.bot_due()
        action = host.legal_json(0 if seat is None else seat)[0]
        began = clock()
        sends = host.host_act(action) if seat is None else host.bot_act(seat, action)
        times.append(clock() - began)
        sizes.append(sum(len(text.encode()) for _, text in sends))
    return {
        "admitted": admitted,
        "moves": len(times),
        "ms_per_move": statistics.median(times) * 1000,
        "bytes_per_move": statistics.median(sizes),
    }


def run_before(revision: str, joiners: int, moves: int) -> dict[str, Any]:
    """The same measure on `revision`'s game/ package, in a subprocess."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "game"],
        check=True,
        capture_output=True,
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        done = subprocess.run(
            [sys.executable, __file__, "--one", "--joiners", str(joiners), "--moves", str(moves)],
            check=True,
            capture_output=True,
            text=True,
            cwd=folder,
        )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def line(label: str, result: dict[str, Any]) -> str:
    return (
        f"{label:<34} {result['admitted']:>5} let in  "
        f"{result['ms_per_move']:7.2f} ms CPU/move  {result['bytes_per_move'] / 1e6:6.3f} MB/move"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--joiners", type=int, default=2000)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--before", default=BEFORE, help="the git revision to compare with")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:  # inside run_before's subprocess: this folder's code, its defaults
        print(json.dumps(measure(args.joiners, args.moves, None)))
        return
    print(f"{args.joiners} joiners, median of {args.moves} moves, Boss Quest, 3 seats")
    print(line(f"before ({args.before})", run_before(args.before, args.joiners, args.moves)))
    sys.path.insert(0, str(ROOT))
    from game.net.host import DEFAULT_SPECTATORS, MAX_SPECTATORS

    after = measure(args.joiners, args.moves, DEFAULT_SPECTATORS)
    print(line(f"after, default cap ({DEFAULT_SPECTATORS})", after))
    widest = measure(args.joiners, args.moves, MAX_SPECTATORS)
    print(line(f"after, largest cap ({MAX_SPECTATORS})", widest))
    lifted = measure(args.joiners, args.moves, None, lift=True)
    print(line("after, no cap (bench only)", lifted))


if __name__ == "__main__":
    main()
