"""What network play's controllers ask the browser to do.

The controllers (``game.web.net_host.HostController``,
``game.web.net_guest.GuestController``) are plain Python: each method returns
a list of these effects, which ``game.web.net_page`` turns into messages
that the page (``site/assets/game-board.js``) carries out in order. The tests read them instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Announce",
    "AskInvite",
    "CloseLink",
    "DropSealed",
    "Effect",
    "Ended",
    "Reconnect",
    "Seal",
    "Send",
    "ShowBoard",
    "ShowLobby",
    "ShowReaction",
    "Store",
    "Think",
]


@dataclass(frozen=True)
class Send:
    """A frame to a peer (the host's) or to the host (a guest's: `peer` is "")."""

    peer: str
    text: str


@dataclass(frozen=True)
class CloseLink:
    """Close a peer's link (the host's) or the link to the host (`peer` ""),
    once the frames just sent have left."""

    peer: str = ""


@dataclass(frozen=True)
class Store:
    """Write (`value`) or remove (None) a key of localStorage / sessionStorage."""

    area: str
    key: str
    value: str | None


@dataclass(frozen=True)
class Seal:
    """Keep the host's record sealed (net.js's hostStore); then
    ``#lobby[data-saved]`` = `version`."""

    room: str
    text: str
    version: int


@dataclass(frozen=True)
class DropSealed:
    """The hosted game ended: its sealed record goes."""

    room: str


@dataclass(frozen=True)
class Announce:
    """Tell the other tabs about the hosted game (None: it is gone)."""

    info: Mapping[str, Any] | None


@dataclass(frozen=True)
class ShowLobby:
    """Put `html` in ``#lobby-view``, ``#lobby[data-phase]`` = `phase`."""

    phase: str
    html: str


@dataclass(frozen=True)
class ShowBoard:
    """Put the board's HTML, its markers and its status line in the page."""

    html: str
    markers: Mapping[str, str] = field(default_factory=dict)
    status: str = ""


@dataclass(frozen=True)
class ShowReaction:
    """Show `text` (a reaction, in words) briefly beside seat `seat`'s chip."""

    seat: int
    reaction: str
    text: str


@dataclass(frozen=True)
class Think:
    """A host's bot is due: think in slices (``bot_think``), then after
    `delay_ms` from the start play its move (``bot_play``)."""

    delay_ms: int


@dataclass(frozen=True)
class Reconnect:
    """A tab guest lost its host: reach the room again until it answers."""


@dataclass(frozen=True)
class AskInvite:
    """A device guest lost its host: show the widget to paste a new invitation."""


@dataclass(frozen=True)
class Ended:
    """The guest's game ended (the host closed it, or the seat was taken over):
    back to the network menu with `notice`."""

    notice: str


Effect = (
    Send
    | CloseLink
    | Store
    | Seal
    | DropSealed
    | Announce
    | ShowLobby
    | ShowBoard
    | ShowReaction
    | Think
    | Reconnect
    | AskInvite
    | Ended
)
