"""What network play keeps in the browser's storage, and the ICE servers setting.

Plain Python with no browser import. Every record is read strictly: anything
unexpected reads as nothing stored (``None``), never as half a record.

- ``GUEST_KEY`` (a guest: ``sessionStorage`` of its tab, which survives a
  reload; a device guest also in ``localStorage``, so that opening a new
  invitation link in a new tab rejoins the same seat) holds ONLY the name, the
  room, the seat token and the seat: never a card.
- ``HostRecord`` (the host: the room, ``HostSession.to_save()``, the round
  result seen, the device seats) holds every hidden card. Where the page can
  (a secure context with Web Locks and IndexedDB) net.js's ``hostStore`` keeps
  it SEALED, under ``HOST_SEALED_PREFIX + room`` in ``localStorage``, so that
  closing the tab does not end the game; ``HOSTING_KEY`` (``sessionStorage``)
  names the room the tab hosts. Elsewhere it goes in clear under ``HOST_KEY``
  in the tab's ``sessionStorage`` only (never ``localStorage``: that is shared
  with the other tabs of the site, guests included), which survives a reload.
- ``ICE_KEY`` (``localStorage``): the STUN/TURN servers as the person typed them.
- ``NAME_KEY`` (``localStorage``): the name last used online.

The records of a game are named after it (``guest_key(game)``, ``host_key``,
``hosting_key``, ``host_sealed_prefix``; net.js names them the same way from
the page's game, ``html[data-game]``), so that a record of one game is never
resumed, or cleared as unreadable, on another game's page. Boss Quest's names
are the ones it always had (``"bossquest.net.guest.v1"``, ...), so nothing
kept before the site offered several games is lost; ``GUEST_KEY``,
``HOST_KEY``, ``HOST_SEALED_PREFIX`` and ``HOSTING_KEY`` are those.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from game.engine.errors import MalformedData
from game.engine.safejson import MAX_SAVE_BYTES, load_json
from game.net.host import MAX_SPECTATORS

__all__ = [
    "GUEST_KEY",
    "HOSTING_KEY",
    "HOST_KEY",
    "HOST_SEALED_PREFIX",
    "ICE_KEY",
    "ICE_REASONS",
    "NAME_KEY",
    "GuestRecord",
    "HostRecord",
    "IceError",
    "clean_name",
    "guest_key",
    "host_key",
    "host_sealed_prefix",
    "hosting_key",
    "parse_ice",
]


def guest_key(game: str) -> str:
    """Where a guest of `game` keeps its ``GuestRecord``."""
    return f"{game}.net.guest.v1"


def host_key(game: str) -> str:
    """Where a host of `game` keeps its ``HostRecord`` in clear (its tab's
    sessionStorage, where it cannot seal)."""
    return f"{game}.net.host.v1"


def host_sealed_prefix(game: str) -> str:
    """A sealed ``HostRecord`` of `game` per room, in localStorage (net.js's hostStore)."""
    return f"{game}.net.host.v2."


def hosting_key(game: str) -> str:
    """The room of `game` this tab hosts, in its sessionStorage (a reload resumes it)."""
    return f"{game}.net.hosting.v1"


#: Boss Quest's names (the ones it had before the site offered several games)
GUEST_KEY = guest_key("bossquest")
HOST_KEY = host_key("bossquest")
HOST_SEALED_PREFIX = host_sealed_prefix("bossquest")
HOSTING_KEY = hosting_key("bossquest")
ICE_KEY = "bossquest.net.ice.v1"
NAME_KEY = "bossquest.net.name.v1"

NAME_MAX = 20
_ROOM = re.compile(r"[A-Za-z0-9_-]{4,64}")
#: a guest record: a name, a room and a guest save of at most 2048 characters
_MAX_GUEST_RECORD = 4096
#: a host record holds a whole host save, escaped as a JSON string inside it
_MAX_HOST_RECORD = 2 * MAX_SAVE_BYTES + 1024
#: a round number a guest record may hold: far past any game's last round
_MAX_ROUND = 10_000


def clean_name(text: str) -> str:
    """A player's name as typed: spaces collapsed, control characters dropped,
    at most NAME_MAX characters ("" when nothing is left)."""
    text = "".join(ch for ch in text if ch.isprintable())
    return " ".join(text.split())[:NAME_MAX]


class IceError(ValueError):
    """A line of the ICE servers setting that no browser could use: `line` is
    its number (from 1), `text` the line (cut to ICE_SHOWN characters) and
    `reason` why, one of ICE_REASONS (net_strings words it as ``ice_<reason>``)."""

    def __init__(self, line: int, text: str, reason: str) -> None:
        super().__init__(f"line {line}, {reason}: {text}")
        self.line, self.text, self.reason = line, text, reason


#: why a line is refused: the scheme, the host, the port, the ?transport= part,
#: a TURN server without its user and password, a STUN server given some, a
#: line of 2 or 4+ words, a line too long
ICE_REASONS = ("scheme", "host", "port", "transport", "turn_login", "stun_login", "words", "long")
#: the longest line kept, and how much of a bad one the message quotes
ICE_LINE_MAX = 512
ICE_SHOWN = 60
ICE_MAX_SERVERS = 10
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
#: a DNS name or an IPv4 address (RFC 1123 labels), or an IPv6 one in brackets
_HOST_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*\.?")
_IPV6 = re.compile(r"\[[0-9A-Fa-f:.]{2,45}\]")
_ICE_URL = re.compile(
    r"(?P<scheme>[A-Za-z]+):(?P<host>\[[^\]]*\]|[^:?]*)"
    r"(?::(?P<port>[^?]*))?(?:\?(?P<query>.*))?"
)


def _check_ice_url(url: str) -> str | None:
    """Why `url` is not a STUN or TURN address (RFC 7064, RFC 7065), or None."""
    match = _ICE_URL.fullmatch(url)
    if match is None or match["scheme"].lower() not in ("stun", "stuns", "turn", "turns"):
        return "scheme"
    host, port, query = match["host"], match["port"], match["query"]
    if not (_HOST_NAME.fullmatch(host) or _IPV6.fullmatch(host)):
        return "host"
    if port is not None and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        return "port"
    if query is not None:
        turn = match["scheme"].lower().startswith("turn")
        if not turn or query.lower() not in ("transport=udp", "transport=tcp"):
            return "transport"
    return None


def parse_ice(text: str) -> list[dict[str, str]]:
    """The RTCIceServer list from the setting's text: one server per line,
    ``stun:host[:port]``, or ``turn:host[:port][?transport=udp|tcp] user
    password`` (turns: and stuns: alike). Empty lines are skipped; the first
    bad line raises IceError saying which and why (a TURN server without its
    user and password would make the browser refuse the whole setting)."""
    servers: list[dict[str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        shown = " ".join(parts)[:ICE_SHOWN]
        if len(line) > ICE_LINE_MAX or len(servers) == ICE_MAX_SERVERS:
            raise IceError(number, shown, "long")
        url = parts[0]
        reason = _check_ice_url(url)
        if reason is None:
            turn = url.lower().startswith("turn")
            if len(parts) not in (1, 3):
                reason = "words"
            elif turn and len(parts) == 1:
                reason = "turn_login"
            elif not turn and len(parts) == 3:
                reason = "stun_login"
        if reason is not None:
            raise IceError(number, shown, reason)
        server = {"urls": url}
        if len(parts) == 3:
            server["username"], server["credential"] = parts[1], parts[2]
        servers.append(server)
    return servers


@dataclass(frozen=True)
class GuestRecord:
    """A guest's seat, kept so that a reload (or a new invitation) rejoins it."""

    name: str
    #: the host's room (tabs), "" for a device guest
    room: str
    #: "tabs" | "rtc"
    via: str
    #: GuestSession.to_save(): its name, token and seat, nothing else
    session: str
    #: the last round result this guest's screen acknowledged (a public round
    #: number), so that a reload does not show again a result already closed
    seen_result: int = 0

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "name": self.name,
            "room": self.room,
            "via": self.via,
            "session": self.session,
        }
        if self.seen_result:
            data["seen_result"] = self.seen_result
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_json(text: Any) -> GuestRecord | None:
        keys = {"name", "room", "via", "session"}
        # a record written before guests kept the result they closed has no seen_result
        data = _object(text, keys, _MAX_GUEST_RECORD) or _object(
            text, keys | {"seen_result"}, _MAX_GUEST_RECORD
        )
        if data is None:
            return None
        name, room, via, session = data["name"], data["room"], data["via"], data["session"]
        seen = data.get("seen_result", 0)
        if not all(isinstance(v, str) for v in (name, room, via, session)):
            return None
        if via not in ("tabs", "rtc") or (room and not _ROOM.fullmatch(room)):
            return None
        if not clean_name(name) or len(session) > 2048:
            return None
        if type(seen) is not int or not 0 <= seen <= _MAX_ROUND:
            return None
        return GuestRecord(clean_name(name), room, via, session, seen)


@dataclass(frozen=True)
class HostRecord:
    """The host's match, kept after every change (sealed, or in its tab's sessionStorage)."""

    room: str
    #: HostSession.to_save()
    save: str
    #: the last round result the host's screen acknowledged
    seen_result: int = 0
    #: the seats whose guests came over WebRTC (after a reload they need a new invitation)
    devices: tuple[int, ...] = ()
    #: how many spectators the host lets in (None: a record from before, the default)
    spectators: int | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "room": self.room,
            "save": self.save,
            "seen_result": self.seen_result,
            "devices": sorted(self.devices),
        }
        if self.spectators is not None:
            data["spectators"] = self.spectators
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_json(text: Any) -> HostRecord | None:
        keys = {"room", "save", "seen_result", "devices"}
        data = _object(text, keys, _MAX_HOST_RECORD) or _object(
            text, keys | {"spectators"}, _MAX_HOST_RECORD
        )
        if data is None:
            return None
        spectators = data.get("spectators")
        if spectators is not None and not (
            type(spectators) is int and 0 <= spectators <= MAX_SPECTATORS
        ):
            return None
        room, save, seen = data["room"], data["save"], data["seen_result"]
        devices = data["devices"]
        if not isinstance(room, str) or not _ROOM.fullmatch(room) or not isinstance(save, str):
            return None
        if type(seen) is not int or seen < 0:
            return None
        if not isinstance(devices, list) or not all(
            type(seat) is int and 0 < seat < 64 for seat in devices
        ):
            return None
        return HostRecord(room, save, seen, tuple(devices), spectators)


def _object(text: Any, keys: set[str], max_bytes: int) -> dict[str, Any] | None:
    """`text` as a JSON object with exactly `keys`, else None; read through the
    one bounded reader, since storage can hold anything another tab wrote."""
    if not isinstance(text, str):
        return None
    try:
        data = load_json(text, "a stored record", max_bytes=max_bytes)
    except MalformedData:
        return None
    if not isinstance(data, dict) or set(data) != keys:
        return None
    return data
