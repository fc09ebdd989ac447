"""Network play: the session protocol between one host page and its guests.

Pure Python (no browser imports, standard library only), tested under CPython
through the in-memory transport of `memory.py`. The host runs the match; guests
propose actions with the version they saw; the host checks the connection's
seat, the version and the action, and sends each guest its own view only.
See docs/network.md for the frames and the API.

Changes from the first sketch of the API (also in docs/network.md):
`GuestSession` takes the game as a keyword (`game=`) to build the protocol
string; `GuestSession.receive` may return "ignored"; there is a guest `sync`
frame; `closed` frames carry a `reason`; `HostSession.table` is replaced by
`state`, `match`, `events` and the per-seat readers `view_for`, `legal_actions`,
`legal_json`, `events_for`.
"""

from __future__ import annotations

from .frames import (
    DEFAULT_BUILD,
    MAX_GUEST_FRAME,
    MAX_HOST_FRAME,
    REJECT_CODES,
    FrameError,
    SessionError,
    protocol_id,
)
from .guest import GuestSession
from .host import HostSession, Send
from .memory import MemoryHub

__all__ = [
    "DEFAULT_BUILD",
    "MAX_GUEST_FRAME",
    "MAX_HOST_FRAME",
    "REJECT_CODES",
    "FrameError",
    "GuestSession",
    "HostSession",
    "MemoryHub",
    "Send",
    "SessionError",
    "protocol_id",
]
