"""The host's save: the match (options, seed, actions), the seats and the host's
name, as strict JSON. It holds every hidden card (the seed and the match), so
the page keeps it where no other seat can read it: sealed (AES-GCM under a
non-extractable key of the browser's own) in localStorage, so that closing the
tab does not end the game (see docs/network.md).

Tokens are saved as their SHA-256 hashes only, so a save cannot take a seat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.bots import check_seat_level
from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_bool, read_int, read_str
from ..engine.match import Match
from ..engine.protocol import JSON, Game
from ..engine.safejson import MAX_SAVE_BYTES, load_json, quote
from .frames import SessionError, check_name
from .seats import KINDS, Seat

__all__ = ["HOST_SAVE_VERSION", "HostSave", "dump_host", "load_host"]

HOST_SAVE_VERSION = 2
"""2 adds `changes`, the state version (it only grows); a save of version 1
still loads, its version being its number of actions."""
_READABLE = (1, HOST_SAVE_VERSION)


@dataclass(frozen=True)
class HostSave:
    """A host save that passed every check but the ones that need the session
    (normalized options, the number of seats, replaying the match)."""

    build: str
    host_name: str
    started: bool
    match: Match
    seats: tuple[Seat, ...]
    #: the state version; None in a save of version 1
    changes: int | None = None


def dump_host(
    build_id: str,
    host_name: str,
    started: bool,
    match: Match,
    seats: Sequence[Seat],
    changes: int,
) -> str:
    data = {
        "save": "host",
        "version": HOST_SAVE_VERSION,
        "changes": changes,
        "build": build_id,
        "host_name": host_name,
        "started": started,
        "match": match.to_json(),
        "seats": [
            {
                "kind": seat.kind,
                "name": seat.name,
                "level": seat.level,
                "token_hash": seat.token_hash,
                "handed": seat.handed,
            }
            for seat in seats
        ],
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def load_host(game: Game[Any, Any], text: object) -> HostSave:
    """Read a host save; anything wrong raises MalformedData naming it."""
    if not isinstance(text, str):
        raise MalformedData("the host save must be text")
    data = load_json(text, "the host save", max_bytes=MAX_SAVE_BYTES)
    what = "host save"
    fields = expect_fields(
        data,
        what,
        ("save", "version", "build", "host_name", "started", "match", "seats"),
        ("changes",),
    )
    version = read_int(fields, "version", what)
    if fields["save"] != "host" or version not in _READABLE:
        raise MalformedData("the host save comes from another version", "schema_version")
    if (version == HOST_SAVE_VERSION) != ("changes" in fields):
        raise MalformedData(f"host save.changes belongs to a save of version {HOST_SAVE_VERSION}")
    changes = read_int(fields, "changes", what) if "changes" in fields else None
    if changes is not None and changes < 0:
        raise MalformedData("host save.changes must not be negative")
    match = Match.from_json(fields["match"])
    if match.game != game.name:
        raise MalformedData(f"the host save is for the game {quote(match.game)}, not {game.name!r}")
    # The seats are read against the options, so these are checked first.
    try:
        options = game.normalize_options(match.options)
    except MalformedData as error:
        raise MalformedData(f"host save.match: {error.message}") from None
    if dict(match.options) != options:
        raise MalformedData("host save.match.options are not normalized")
    seats_data = fields["seats"]
    if not isinstance(seats_data, list):
        raise MalformedData("host save.seats must be a list")
    if len(seats_data) != options["players"]:
        raise MalformedData(f"host save.seats must list {options['players']} seats")
    seats = tuple(
        _seat_from_json(game, options, item, index) for index, item in enumerate(seats_data)
    )
    if sum(seat.kind == "host" for seat in seats) != 1:
        raise MalformedData("host save: one seat, and one alone, is the host's")
    started = read_bool(fields, "started", what)
    if not started and match.actions:
        raise MalformedData("host save: a game in its lobby has no actions")
    if started and any(seat.kind == "open" for seat in seats):
        raise MalformedData("host save: a started game has no open seat")
    build = read_str(fields, "build", what)
    host_name = read_str(fields, "host_name", what)
    return HostSave(build, host_name, started, match, seats, changes)


def _seat_from_json(
    game: Game[Any, Any], options: Mapping[str, JSON], data: JSON, index: int
) -> Seat:
    what = f"host save.seats[{index}]"
    fields = expect_fields(data, what, ("kind", "name", "level", "token_hash", "handed"))
    kind = read_str(fields, "kind", what)
    if kind not in KINDS:
        raise MalformedData(f"{what}.kind must be one of {', '.join(KINDS)}")
    name = read_str(fields, "name", what)
    level, digest, handed = fields["level"], fields["token_hash"], fields["handed"]

    def _offered(value: object) -> bool:
        try:
            check_seat_level(game, options, index, value)
        except (MalformedData, IndexError):  # not a level of this seat, or no such seat
            return False
        return True

    if (level is not None or kind == "bot") and (kind != "bot" or not _offered(level)):
        raise MalformedData(f"{what}.level must be a level its seat offers, on a bot seat only")
    if (handed is not None) and (kind != "guest" or not _offered(handed)):
        raise MalformedData(f"{what}.handed must be a level its seat offers, on a guest seat only")
    hexdigits = "0123456789abcdef"
    is_digest = isinstance(digest, str) and len(digest) == 64
    is_digest = is_digest and all(c in hexdigits for c in digest)
    if (kind == "guest") != is_digest:
        raise MalformedData(f"{what}.token_hash must be a SHA-256 hash, on a guest seat only")
    if kind == "host":
        try:
            name = check_name(name)
        except SessionError as error:
            raise MalformedData(f"{what}: {error.message}") from None
    return Seat(kind, name, level, digest if is_digest else None, None, handed)
