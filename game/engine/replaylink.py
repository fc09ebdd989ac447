"""A match as a short link payload: ``replay.html#r=<payload>``.

The payload is base64url (no padding) of zlib-compressed bytes: one line of
JSON (version, game, options, seed, whose eyes, the players' names and which
are human), a newline, then one unsigned LEB128 number per action, the index
of that action in the list of every legal action at its point (the seats of
``to_act`` in order, each seat's ``legal_actions`` in order; the protocol
promises that order is stable). Most actions take one byte, so a whole game
stays a link of a few hundred characters.

Decoding is strict: bad base64, bad zlib, bad JSON, another version, an unknown
game, bad options, a seat that does not exist, an index past the legal list at
its point: each raises ``MalformedData`` with a code (``link_*``) the page
turns into words, and nothing is half-decoded.

The link holds the seed, so whoever holds it could work out every hidden card:
only the device that holds the match (local play, or a network game's host)
exports it, and a running game's link names the seat whose eyes it shows.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameError, MalformedData
from .match import Match
from .protocol import JSON, Game
from .safejson import load_json, quote

__all__ = [
    "LINK_VERSION",
    "MAX_LINK_CHARS",
    "ReplayLink",
    "decode_link",
    "encode_link",
    "legal_at",
]

LINK_VERSION = 1
#: longer payloads are refused before anything is decompressed
MAX_LINK_CHARS = 64_000
#: and nothing decompresses past this (a zip bomb stops here)
_MAX_RAW_BYTES = 1 << 20
#: the header line: a version, a game, its options, a seed and up to a few names
_MAX_HEADER_BYTES = 16 * 1024
#: the alphabet encode_link writes (base64url without padding)
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")


@dataclass(frozen=True)
class ReplayLink:
    """A match with whose eyes it is seen (None: everything, a finished game only)."""

    match: Match
    eye: int | None
    names: tuple[str, ...]
    humans: tuple[bool, ...]


def legal_at(game: Game[Any, Any], state: Any) -> list[tuple[int, Any]]:
    """Every (seat, action) legal now, in the order the link numbers them."""
    return [
        (seat, action) for seat in game.to_act(state) for action in game.legal_actions(state, seat)
    ]


def encode_link(game: Game[Any, Any], link: ReplayLink) -> str:
    """The payload for `link`; raises MalformedData if its match is not legal."""
    match = link.match
    header: dict[str, JSON] = {
        "v": LINK_VERSION,
        "g": match.game,
        "o": dict(match.options),
        "s": match.seed,
        "e": link.eye,
        "n": list(link.names),
        "h": "".join("1" if human else "0" for human in link.humans),
    }
    body = bytearray()
    state = game.new_game(match.options, match.seed)
    for step, (seat, action_json) in enumerate(match.actions):
        action = game.action_from_json(action_json)
        try:
            index = legal_at(game, state).index((seat, action))
        except ValueError:
            raise MalformedData(
                f"action {step + 1} of the match is not legal at its point", code="link_action"
            ) from None
        _varint(body, index)
        state, _events = game.apply(state, seat, action)
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    raw = text.encode("utf-8") + b"\n" + bytes(body)
    packed = zlib.compress(raw, 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_link(games: Mapping[str, Game[Any, Any]], payload: str) -> ReplayLink:
    """The link in `payload`, checked through to its last action."""
    raw = _unpack(payload)
    head, newline, body = raw.partition(b"\n")
    if not newline:
        raise MalformedData("the link has no end to its header", code="link_data")
    try:
        header = load_json(head, "the link's header", max_bytes=_MAX_HEADER_BYTES)
    except MalformedData as error:
        raise MalformedData(error.message, code="link_data") from None
    if not isinstance(header, dict):
        raise MalformedData("the link's header is not a JSON object", code="link_data")
    version = header.get("v")
    if version != LINK_VERSION:
        raise MalformedData(
            f"the link has version {quote(version)}, this page reads {LINK_VERSION}",
            code="link_version",
        )
    if set(header) != {"v", "g", "o", "s", "e", "n", "h"}:
        raise MalformedData("the link has missing or unknown fields", code="link_data")
    name = header["g"]
    if not isinstance(name, str) or name not in games:
        raise MalformedData(f"the link is for an unknown game {quote(name)}", code="link_game")
    game = games[name]
    seed = header["s"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedData("the link's seed is not an integer", code="link_data")
    try:
        options = game.normalize_options(_object(header["o"]))
        state = game.new_game(options, seed)
    except GameError as error:
        raise MalformedData(f"the link's options: {error.message}", code="link_data") from None
    seats = game.seats(state)
    names, humans = header["n"], header["h"]
    if (
        not isinstance(names, list)
        or len(names) != seats
        or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
        or not isinstance(humans, str)
        or len(humans) != seats
        or set(humans) - {"0", "1"}
    ):
        raise MalformedData("the link's players do not match its game", code="link_data")
    actions: list[tuple[int, Mapping[str, JSON]]] = []
    for step, index in enumerate(_indices(body)):
        legal = legal_at(game, state)
        if index >= len(legal):
            raise MalformedData(
                f"move {step + 1} of the link is not a legal move at its point",
                code="link_action",
            )
        seat, action = legal[index]
        state, _events = game.apply(state, seat, action)
        actions.append((seat, game.action_to_json(action)))
    eye = header["e"]
    if eye is None:
        if not game.is_over(state):
            raise MalformedData("a running game's link must name whose eyes", code="link_eye")
    elif isinstance(eye, bool) or not isinstance(eye, int) or not 0 <= eye < seats:
        raise MalformedData("the link names a seat that does not exist", code="link_eye")
    match = Match(name, options, seed, tuple(actions))
    return ReplayLink(match, eye, tuple(names), tuple(h == "1" for h in humans))


def _object(value: Any) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise MalformedData("the link's options are not a JSON object", code="link_data")
    return value


def _unpack(payload: object) -> bytes:
    """The zlib stream's bytes, exactly as encode_link wrote them: canonical
    base64url, one whole zlib stream and nothing after it."""
    if not isinstance(payload, str) or not payload:
        raise MalformedData("the link holds no replay", code="link_encoding")
    if len(payload) > MAX_LINK_CHARS:
        raise MalformedData("the link is too long", code="link_encoding")
    # urlsafe_b64decode skips characters outside the alphabet and ignores the
    # spare bits of the last character: check both, so one link has one payload.
    if not _PAYLOAD.fullmatch(payload) or len(payload) % 4 == 1:
        raise MalformedData("the link is not base64url", code="link_encoding")
    try:  # cannot fail after the checks above; kept so that no odd case escapes
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise MalformedData("the link is not base64url", code="link_encoding") from None
    if base64.urlsafe_b64encode(packed).rstrip(b"=") != payload.encode("ascii"):
        raise MalformedData("the link's last character is not canonical", code="link_encoding")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, _MAX_RAW_BYTES)
    except zlib.error:
        raise MalformedData("the link is damaged (not a replay)", code="link_encoding") from None
    if inflater.unconsumed_tail:
        raise MalformedData("the link unpacks to too much", code="link_encoding")
    if not inflater.eof:
        raise MalformedData("the link is cut short", code="link_encoding")
    if inflater.unused_data:
        raise MalformedData("the link has bytes after its end", code="link_encoding")
    return raw


def _varint(out: bytearray, value: int) -> None:
    while True:
        byte, value = value & 0x7F, value >> 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _indices(body: bytes) -> Sequence[int]:
    values: list[int] = []
    value = shift = 0
    for byte in body:
        value |= (byte & 0x7F) << shift
        shift += 7
        if shift > 28:
            raise MalformedData("the link's moves are damaged", code="link_action")
        if not byte & 0x80:
            values.append(value)
            value = shift = 0
    if shift:
        raise MalformedData("the link's moves are cut short", code="link_action")
    return values
