"""An in-memory transport for tests: one HostSession, several GuestSessions, and
queues between them that a test can drop, duplicate, reorder or inject into.

Every frame the host sends to a guest is also kept in `sent_to[peer]`, so a test
can search all of a guest's traffic for hidden cards.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from .guest import GuestSession
from .host import HostSession, Send

__all__ = ["Fault", "MemoryHub"]

Fault = Callable[[str, str, str], list[str]]
"""(direction "to_host" or "to_guest", peer, frame) -> the frames to deliver instead:
[] drops it, [frame, frame] duplicates it."""


class MemoryHub:
    """Wires a host and its guests. Frames wait in `to_host` / `to_guest` until `flush`."""

    def __init__(self, host: HostSession) -> None:
        self.host = host
        self.guests: dict[str, GuestSession] = {}
        self.to_host: deque[tuple[str, str]] = deque()
        self.to_guest: deque[tuple[str, str]] = deque()
        self.sent_to: dict[str, list[str]] = {}
        self.answers: dict[str, list[str]] = {}  # what each guest's receive returned
        self.fault: Fault | None = None
        self._count = 0

    def connect(self, guest: GuestSession, peer: str | None = None, hello: bool = True) -> str:
        """A new connection for this guest, which says hello at once (unless told not to)."""
        if peer is None:
            self._count += 1
            peer = f"peer-{self._count}"
        self.guests[peer] = guest
        self.sent_to.setdefault(peer, [])
        self.answers.setdefault(peer, [])
        self.route(self.host.open_peer(peer))
        if hello:
            self.send(peer, guest.hello())
        return peer

    def disconnect(self, peer: str) -> None:
        """The connection is lost (frames in flight to or from it are lost too)."""
        self.guests.pop(peer, None)
        self.to_host = deque(item for item in self.to_host if item[0] != peer)
        self.to_guest = deque(item for item in self.to_guest if item[0] != peer)
        self.route(self.host.close_peer(peer))

    def send(self, peer: str, frame: str) -> None:
        """A guest sends a frame (it waits in `to_host` until `flush`)."""
        self._queue(self.to_host, "to_host", peer, frame)

    def route(self, sends: Iterable[Send]) -> None:
        """Queue frames the host produced."""
        for peer, frame in sends:
            self._queue(self.to_guest, "to_guest", peer, frame)

    def flush(self) -> None:
        """Deliver every waiting frame, and the answers they cause, until quiet."""
        while self.to_host or self.to_guest:
            while self.to_guest:
                peer, frame = self.to_guest.popleft()
                guest = self.guests.get(peer)
                if guest is not None:
                    self.sent_to[peer].append(frame)
                    self.answers[peer].append(guest.receive(frame))
            if self.to_host:
                peer, frame = self.to_host.popleft()
                self.route(self.host.receive(peer, frame))

    def _queue(self, queue: deque[tuple[str, str]], direction: str, peer: str, frame: str) -> None:
        frames = [frame] if self.fault is None else self.fault(direction, peer, frame)
        queue.extend((peer, item) for item in frames)
