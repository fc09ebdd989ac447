"""The host's records of seats and of connections (peers), and seat tokens.

A seat token is a random secret given to the guest who takes the seat; the
host keeps only its SHA-256 hash, so a save or a memory dump cannot be used to
take a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

__all__ = ["KINDS", "Peer", "Seat", "new_token", "token_hash", "token_matches"]

KINDS = ("host", "guest", "bot", "open")


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    """Constant-time comparison, so that timing tells nothing about a token."""
    return digest is not None and hmac.compare_digest(token_hash(token), digest)


@dataclass
class Seat:
    """One seat at the host's table."""

    kind: str  # one of KINDS
    name: str = ""
    level: str | None = None  # a bot seat's level
    token_hash: str | None = None  # a guest seat's token, hashed
    peer: str | None = None  # the connection of a guest seat, None when dropped
    handed: str | None = None  # a guest seat a bot of this level plays for now
    rematch: str | None = None  # a guest's answer to a rematch: "waiting", "yes", "no"

    def status(self, index: int, thinking: bool) -> dict[str, Any]:
        connected = self.kind in ("host", "bot") or (self.kind == "guest" and self.peer is not None)
        return {
            "seat": index,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "connected": connected,
            "dropped": self.kind == "guest" and self.peer is None,
            "thinking": thinking,
            "handed_to_bot": self.handed,
            "rematch": self.rematch,
        }


@dataclass
class Peer:
    """One guest connection, as the transport named it."""

    last_n: int = 0  # the last accepted frame number from the guest
    out_n: int = 0  # the last frame number the host sent on it
    joined: bool = False  # said a good hello
    name: str = ""
    seat: int | None = None
    sent_events: int = 0  # how many events of its seat's log it has been sent
    reacted_at: float | None = None  # when its last reaction was accepted (host clock)
