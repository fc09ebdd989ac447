"""Canonical JSON, schema-versioned envelopes and state hashes for any game."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .errors import MalformedData
from .jsonfields import expect_fields, read_int, read_str
from .protocol import JSON, Game
from .safejson import MAX_SAVE_BYTES, load_json, quote

__all__ = [
    "canonical_json",
    "decode_state",
    "encode_state",
    "parse_json",
    "state_hash",
]


def canonical_json(data: JSON) -> str:
    """One text per value: sorted keys, no spaces, UTF-8 kept as is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def parse_json(text: str | bytes, what: str, *, max_bytes: int = MAX_SAVE_BYTES) -> JSON:
    """Outside JSON (a saved state, a match, a save), read through the one
    bounded reader; MalformedData says what could not be read and why."""
    return load_json(text, what, max_bytes=max_bytes)


def encode_state(game: Game[Any, Any], state: Any) -> dict[str, JSON]:
    """A state in an envelope naming its game and schema version."""
    return {
        "game": game.name,
        "schema": game.schema_version,
        "state": game.state_to_json(state),
    }


def decode_state(game: Game[Any, Any], data: JSON) -> Any:
    """The inverse of encode_state; refuses another game or another schema version."""
    envelope = expect_fields(data, "saved state", ("game", "schema", "state"))
    name = read_str(envelope, "game", "saved state")
    if name != game.name:
        raise MalformedData(f"saved state is for the game {quote(name)}, not {game.name!r}")
    schema = read_int(envelope, "schema", "saved state")
    if schema != game.schema_version:
        raise MalformedData(
            f"saved state has schema version {quote(schema)}, "
            f"this build reads {game.schema_version}",
            code="schema_version",
        )
    return game.state_from_json(envelope["state"])


def state_hash(game: Game[Any, Any], state: Any) -> str:
    """SHA-256 of the canonical JSON of a state: equal states, equal hashes."""
    text = canonical_json(encode_state(game, state))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
