"""What a network guest is sent through a 1,000-action game: the size of each
frame at the start and at the end, and of the snapshot a returning guest gets.
Printed, never asserted (issue #28, "long games stay fast").

    python bench/long_game_frames.py [--players 6] [--rounds 40] [--seed 3]

Plays Raid, the test game, under CPython with the network layer's own host and
guest (`game.net.HostSession`, `GuestSession`, wired by `MemoryHub`, the same
code the page runs): every seat a normal bot, a guest sitting at seat 1. Frame
sizes are bytes of the JSON text as it would cross the data channel; the cap
a guest accepts is `game.net.frames.MAX_HOST_FRAME`. `bench/long_game_page.py`
prints these figures before its own.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine.bots import make_bot  # noqa: E402
from game.net import GuestSession, HostSession, MemoryHub  # noqa: E402
from game.net.frames import MAX_HOST_FRAME  # noqa: E402
from game.raid import GAME  # noqa: E402

#: how many frames at each end of the game are compared
EDGE = 50
#: the guest's seat
GUEST = 1


@dataclass(frozen=True)
class FrameSizes:
    actions: int
    state_frames: list[int]  # bytes of each "state" frame the guest got, in order
    snapshot: int  # bytes of the snapshot a guest returning at the end gets
    whole_log: int  # bytes of every event the guest's seat may see, for comparison


def play(players: int, rounds: int, seed: int) -> FrameSizes:
    """A whole game of normal bots with a guest at seat 1, and what it was sent."""
    host = HostSession.new(GAME, {"players": players, "rounds": rounds}, seed, "Ana")
    hub = MemoryHub(host)
    guest = GuestSession("Ben", game=GAME)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(GUEST))
    hub.flush()
    host.fill_with_bots("normal")
    hub.route(host.start())
    hub.route(host.hand_to_bot(GUEST, "normal"))
    hub.flush()
    bot = make_bot(GAME, "normal")
    actions = 0
    while host.phase == "playing":
        # a bot whose turn it is, else the host's own seat (a normal bot too)
        due = host.bot_due()
        seat = host.host_seat if due is None else due
        action = GAME.action_to_json(bot(host.view_for(seat), host.legal_actions(seat)))
        hub.route(host.host_act(action) if due is None else host.bot_act(seat, action))
        hub.flush()
        actions += 1
    state_frames = [len(text.encode()) for text in hub.sent_to[peer] if _kind(text) == "state"]
    hub.route(host.hand_back(GUEST))
    hub.flush()
    back = GuestSession.from_save(guest.to_save(), game=GAME)
    hub.disconnect(peer)
    hub.flush()
    again = hub.connect(back)
    hub.flush()
    snapshot = len(hub.sent_to[again][-1].encode())
    whole_log = len(json.dumps(host.events_for(GUEST)).encode())
    return FrameSizes(actions, state_frames, snapshot, whole_log)


def _kind(text: str) -> object:
    frame = json.loads(text)
    return frame.get("t") if isinstance(frame, dict) else None


def report(sizes: FrameSizes) -> None:
    frames = sizes.state_frames
    first, last = frames[:EDGE], frames[-EDGE:]
    print(f"network: {sizes.actions} actions, {len(frames)} state frames to the guest")
    print(
        f"a state frame, median of the first {len(first)}: {statistics.median(first):.0f} bytes;"
        f" of the last {len(last)}: {statistics.median(last):.0f} bytes;"
        f" the largest {max(frames)} bytes (the cap: {MAX_HOST_FRAME})"
    )
    print(
        f"a returning guest's snapshot at the end: {sizes.snapshot} bytes"
        f" (every event of the game: {sizes.whole_log} bytes)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    report(play(args.players, args.rounds, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
