"""The cost of reading a hostile frame: the depth pre-check and the whole
``parse_frame``, per KB, before (the old ``_STRUCTURE`` regex of
game/net/frames.py) and now (game.engine.safejson, the one bounded reader).

    python bench/json_depth.py

Sizes: 4 KB (``MAX_GUEST_FRAME``, what a guest may send the host) and 256 KiB
(``MAX_HOST_FRAME``, what the host may send a guest). The old code is quadratic
on some inputs, so at 256 KiB it runs on a capped size only (printed). Prints
figures and asserts nothing.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.bossquest import GAME  # noqa: E402  (the repository root is put on sys.path above)
from game.engine import safejson  # noqa: E402
from game.net import GuestSession, HostSession, MemoryHub  # noqa: E402
from game.net.frames import (  # noqa: E402
    GUEST_TYPES,
    MAX_DEPTH,
    MAX_GUEST_FRAME,
    MAX_HOST_FRAME,
    FrameError,
    parse_frame,
    protocol_id,
)

PROTOCOL = protocol_id(GAME)
#: the old code on the quadratic inputs at 256 KiB would take minutes: cap it
OLD_CAP = 16 * 1024

# ----- before: a copy of the old frames.load_json and parse_frame's size check

_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def old_precheck(text: str) -> int:
    depth = 0
    for match in _STRUCTURE.finditer(text):
        char = match.group()[0]
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return depth
        elif char in "]}":
            depth -= 1
    return depth


def old_parse(text: str, limit: int) -> object:
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        return "too_large"
    if old_precheck(text) > MAX_DEPTH:
        return "malformed"
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return "malformed"


def new_precheck(text: str) -> bool:
    """What safejson.load_json runs before json.loads."""
    return safejson._deeper_than(text, MAX_DEPTH)


def new_parse(text: str, limit: int) -> object:
    try:
        return parse_frame(text, PROTOCOL, 0, limit, GUEST_TYPES)
    except FrameError as error:
        return error.code


# ----- inputs


def _fill(unit: str, size: int, head: str = "", tail: str = "") -> str:
    """`head` + `unit` repeated + `tail`, at most `size` bytes."""
    room = size - len(head.encode()) - len(tail.encode())
    return head + unit * (room // len(unit.encode())) + tail


def normal_frames() -> tuple[str, str]:
    """A guest's act frame and the biggest state frame the host sent in a game."""
    host = HostSession.new(GAME, {"players": 4, "potions": True, "companions": True}, 3, "Ana")
    hub = MemoryHub(host)
    guest = GuestSession("Bob", game=GAME)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(1))
    hub.flush()
    hub.route(host.fill_with_bots("random"))
    sends = host.start()
    biggest = max((text for _peer, text in sends), key=len)
    act = guest.frame("act", {"version": 0, "action": {"type": "ask", "count": 2}})
    return act, biggest


def inputs(size: int) -> dict[str, str]:
    act, state = normal_frames()
    return {
        "normal frame": act if size <= MAX_GUEST_FRAME else state,
        'unterminated "\\"\\"\\"...': _fill('\\"', size, head='"'),
        "backslash runs": _fill("\\", size, head='"'),
        'backslash-quote pairs "\\\\"...': _fill('"\\\\', size),
        "open brackets [[[...": _fill("[", size),
        "depth 32 waves": _fill("[" * 32 + "]" * 32, size),
        '["["["...': _fill('["', size),
        'mix [\\"{"\\\\': _fill('[\\"{"\\\\', size, head='"'),
        'in a frame {"t":"\\"\\"...': _fill(
            '\\"', size, head='{"v":"' + PROTOCOL + '","t":"sync","n":1,"x":"'
        ),
    }


# ----- timing


def per_kb(function: Callable[[str], object], text: str) -> float:
    """Microseconds per KB of `text`: the best of a few runs of at least 50 ms."""
    best = float("inf")
    for _ in range(3):
        runs, start = 0, time.perf_counter()
        while True:
            function(text)
            runs += 1
            elapsed = time.perf_counter() - start
            if elapsed > 0.05:
                break
        best = min(best, elapsed / runs)
    return best * 1e6 / (len(text.encode()) / 1024)


def main() -> None:
    print(f"Python {sys.version.split()[0]}; microseconds per KB (lower is better)")
    header = f"{'input':34} {'size':>7} {'old check':>10} {'old parse':>10} "
    header += f"{'new check':>10} {'new parse':>10}"
    for limit in (MAX_GUEST_FRAME, MAX_HOST_FRAME):
        print(f"\n== frames of up to {limit} bytes")
        print(header)
        for name, text in inputs(limit).items():
            size = len(text.encode())
            old_text = text if size <= OLD_CAP else text[:OLD_CAP]
            old_size = len(old_text.encode())
            old_check = per_kb(old_precheck, old_text)
            old_whole = per_kb(partial(old_parse, limit=limit), old_text)
            new_check = per_kb(new_precheck, text)
            new_whole = per_kb(partial(new_parse, limit=limit), text)
            capped = "" if old_text is text else f"  (old on the first {old_size} bytes)"
            print(
                f"{name:34} {size:>7} {old_check:>10.1f} {old_whole:>10.1f} "
                f"{new_check:>10.1f} {new_whole:>10.1f}{capped}"
            )


if __name__ == "__main__":
    main()
