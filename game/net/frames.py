"""Frames of the session protocol: the envelope, size limits, strict readers for
every frame type, and the errors that carry a stable reject code.

A frame is one JSON object as text: {"v": protocol, "t": type, "n": seq, ...}.
See docs/network.md for the whole protocol.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import safejson
from ..engine.errors import GameError, MalformedData
from ..engine.protocol import JSON, Game
from ..engine.safejson import quote

__all__ = [
    "CLOSED_REASONS",
    "DEFAULT_BUILD",
    "GUEST_TYPES",
    "HOST_TYPES",
    "MAX_DEPTH",
    "MAX_GUEST_FRAME",
    "MAX_HOST_FRAME",
    "MAX_NAME",
    "PREFIXED_CODES",
    "PROTOCOL",
    "REACTIONS",
    "REJECT_CODES",
    "Frame",
    "FrameError",
    "SessionError",
    "check_name",
    "encode",
    "encode_body",
    "load_json",
    "name_key",
    "parse_frame",
    "protocol_id",
]

PROTOCOL = "bq-net-1"
DEFAULT_BUILD = "dev"
MAX_GUEST_FRAME = 4096
MAX_HOST_FRAME = 256 * 1024
MAX_NAME = 24
MAX_DEPTH = safejson.MAX_DEPTH
"""Deepest nesting of arrays and objects read (see game.engine.safejson: Pyodide's
stack overflows fatally in json.loads a few thousand levels down)."""

# Fields of each frame type besides the envelope: (required, optional).
GUEST_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hello": (("name", "token"), ()),
    "sit": (("seat",), ()),
    "act": (("version", "action"), ("seat",)),
    "undo": (("version",), ()),
    "sync": ((), ()),
    "bye": ((), ()),
    "react": (("id",), ()),
    "rematch": (("accept",), ()),
}
HOST_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "welcome": (("seat", "token", "host"), ()),
    "lobby": (("options", "seats", "you"), ()),
    "state": (
        (
            "version",
            "phase",
            "view",
            "legal",
            "events",
            "from",
            "reset",
            "seats",
            "you",
            "outcome",
            "undo",
            "taken_back",
        ),
        (),
    ),
    "reject": (("code", "ref", "detail"), ()),
    "closed": (("reason",), ()),
    "reaction": (("seat", "id"), ()),
}
REJECT_CODES = (
    "malformed",
    "too_large",
    "unknown_type",
    "version",
    "replayed",
    "not_joined",
    "name",
    "full",
    "started",
    "bad_token",
    "no_such_seat",
    "seat_taken",
    "not_started",
    "not_your_seat",
    "stale",
    "no_spectators",
    "spectators_full",
    "name_taken",
    "no_rematch",
    "unknown_reaction",
    "too_fast",
    "taken_back",
    "illegal",  # sent as "illegal:<engine reason code>"
    "undo",  # sent as "undo:<undo refusal code>" (game.engine.undo)
)
PREFIXED_CODES = ("illegal", "undo")
"""Reject codes sent with the engine's reason code after a colon."""
CLOSED_REASONS = ("host_ended", "replaced")
REACTIONS = (
    "wave",
    "thumbs_up",
    "laugh",
    "wow",
    "think",
    "well_played",
    "good_game",
    "oops",
    "thanks",
    "your_turn",
)
"""The reactions a player may send: emotes and canned phrases, named by id (the
page has their words in French and English); no free text, nothing to moderate."""
_ENVELOPE = ("v", "t", "n")


def protocol_id(game: Game[Any, Any], build_id: str = DEFAULT_BUILD) -> str:
    """The protocol string: the protocol version, the game, its schema and the build,
    so that two different builds never talk."""
    return f"{PROTOCOL}/{game.name}/{game.schema_version}/{build_id}"


class SessionError(GameError):
    """A refused session operation; `code` is a reject code (or a host-only code)."""


class FrameError(SessionError):
    """A refused frame; `ref` is its `n` when that could be read."""

    def __init__(self, code: str, message: str, ref: int | None = None) -> None:
        super().__init__(code, message)
        self.ref = ref


@dataclass(frozen=True, slots=True)
class Frame:
    """A frame that passed the envelope and field checks."""

    type: str
    n: int
    fields: Mapping[str, JSON]


def encode(protocol: str, kind: str, n: int, fields: Mapping[str, JSON]) -> str:
    """A frame's text: compact JSON, envelope first."""
    return encode_body(protocol, kind, fields)(n)


def encode_body(protocol: str, kind: str, fields: Mapping[str, JSON]) -> Callable[[int], str]:
    """The frame's text for any `n`, its fields encoded once: the host sends the
    same frame to every spectator, each with its own sequence number."""
    head = json.dumps({"v": protocol, "t": kind}, separators=(",", ":"), ensure_ascii=False)
    body = json.dumps(dict(fields), separators=(",", ":"), ensure_ascii=False)
    rest = "}" if body == "{}" else "," + body[1:]
    return lambda n: f'{head[:-1]},"n":{n}{rest}'


def load_json(text: object, what: str, limit: int) -> JSON:
    """The one bounded reader (game.engine.safejson) with the net layer's codes:
    FrameError "too_large" over `limit` bytes, "malformed" for anything else
    (too deep, not JSON)."""
    if not isinstance(text, str):
        raise FrameError("malformed", f"{what} must be text")
    try:
        return safejson.load_json(text, what, max_bytes=limit, max_depth=MAX_DEPTH)
    except MalformedData as error:
        code = "too_large" if error.code == "too_large" else "malformed"
        raise FrameError(code, error.message) from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_frame(
    text: object,
    protocol: str,
    last_n: int,
    limit: int,
    types: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]],
) -> Frame:
    """Check a frame's size, JSON, envelope, sequence number and field names;
    raise FrameError with the reject code otherwise. Field types are checked
    by the receiver, which knows what each one means."""
    data = load_json(text, "the frame", limit)
    if not isinstance(data, dict):
        raise FrameError("malformed", "a frame must be a JSON object")
    n = data.get("n")
    ref = n if _is_int(n) else None
    missing = [key for key in _ENVELOPE if key not in data]
    if missing:
        raise FrameError("malformed", f"the frame has no field {', '.join(missing)}", ref)
    if not isinstance(data["v"], str):
        raise FrameError("malformed", "the frame's v must be a string", ref)
    if data["v"] != protocol:
        raise FrameError("version", f"this page speaks {protocol}, not another build", ref)
    if ref is None or ref < 1:
        raise FrameError("malformed", "the frame's n must be an integer of at least 1")
    if ref <= last_n:
        raise FrameError("replayed", f"frame {quote(ref)} is not newer than frame {last_n}", ref)
    kind = data["t"]
    if not isinstance(kind, str):
        raise FrameError("malformed", "the frame's t must be a string", ref)
    if kind not in types:
        raise FrameError("unknown_type", f"unknown frame type {quote(kind, 32)}", ref)
    required, optional = types[kind]
    fields = {key: value for key, value in data.items() if key not in _ENVELOPE}
    missing = [key for key in required if key not in fields]
    if missing:
        raise FrameError("malformed", f"a {kind} frame needs {', '.join(missing)}", ref)
    extra = sorted(key for key in fields if key not in required and key not in optional)
    if extra:
        shown = ", ".join(quote(key, 32) for key in extra[:5])
        raise FrameError("malformed", f"a {kind} frame has unknown field(s) {shown}", ref)
    return Frame(kind, ref, fields)


def check_name(name: object) -> str:
    """A player's name, trimmed; SessionError "name" when empty, too long or odd."""
    if not isinstance(name, str):
        raise SessionError("name", "a name must be a string")
    trimmed = name.strip()
    if not trimmed:
        raise SessionError("name", "a name cannot be empty")
    if len(trimmed) > MAX_NAME:
        raise SessionError("name", f"a name has at most {MAX_NAME} characters")
    if any(not char.isprintable() for char in trimmed):
        raise SessionError("name", "a name cannot hold control characters")
    return trimmed


def name_key(name: str) -> str:
    """What makes two names the same at a table: case, accents' case and spaces
    aside ("Hanna", " hanna ", "HANNA" are one name)."""
    return " ".join(name.split()).casefold()
