"""Canonical JSON, schema-versioned envelopes and state hashes for any game,
and a generic codec a game may use for its states and actions.

The generic codec (``record_to_json``, ``record_from_json``, and the tagged
``tagged_to_json``/``tagged_from_json`` for a union of actions) writes a frozen
dataclass as an object of its fields, a tuple as a list, an enum as its value,
and reads back by the dataclass's type hints, strictly: an unknown or a missing
field, a wrong type or a tuple of the wrong length is refused, naming the field
(``duel state.hands[1][0] must be an integer``). What the types cannot say (a
card id's range, a sound state) the game checks after.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from .errors import MalformedData
from .jsonfields import expect_fields, read_int, read_str
from .protocol import JSON, Game
from .safejson import MAX_SAVE_BYTES, load_json, quote

__all__ = [
    "canonical_json",
    "decode_state",
    "encode_state",
    "parse_json",
    "record_from_json",
    "record_state_from_json",
    "record_state_to_json",
    "record_to_json",
    "state_hash",
    "tagged_from_json",
    "tagged_to_json",
]

T = TypeVar("T")


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


# ------------------------------------------------------------ generic codec


def record_to_json(value: object) -> JSON:
    """A frozen dataclass, tuple, enum or plain value as JSON."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Enum):
        return record_to_json(value.value)
    if isinstance(value, tuple):
        return [record_to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: record_to_json(getattr(value, field.name))
            for field in dataclasses.fields(value)
        }
    raise TypeError(f"the generic codec writes no {type(value).__name__}")


def record_from_json(cls: type[T], data: object, what: str) -> T:
    """The frozen dataclass `cls` read from `data`, strictly (see the module);
    `what` names it in a refusal ("duel state")."""
    if not _is_record(cls):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    value: T = _read(cls, data, what)
    return value


def record_state_to_json(state: object) -> dict[str, JSON]:
    """A game state kept as one frozen dataclass, as a JSON object."""
    data = record_to_json(state)
    assert isinstance(data, dict)
    return data


def record_state_from_json(
    cls: type[T], data: object, what: str, problems: Callable[[T], Sequence[str]]
) -> T:
    """A game state kept as one frozen dataclass with a ``dice`` field (the
    engine's 64-bit generator state), read strictly and refused, with the
    first of `problems`, when it could not come from play."""
    state = record_from_json(cls, data, what)
    dice = getattr(state, "dice", None)
    if type(dice) is not int or not 0 <= dice < 1 << 64:
        raise MalformedData(f"{what}.dice must be a 64-bit generator state")
    found = problems(state)
    if found:
        raise MalformedData(f"{what} is not sound: {found[0]}")
    return state


def tagged_to_json(value: object, tags: Mapping[str, type]) -> dict[str, JSON]:
    """One of a union of dataclasses (actions) as ``{"type": tag, **fields}``."""
    for tag, cls in tags.items():
        if type(value) is cls:
            fields = record_to_json(value)
            assert isinstance(fields, dict)
            return {"type": tag, **fields}
    raise TypeError(f"{type(value).__name__} has no tag")


def tagged_from_json(tags: Mapping[str, type[T]], data: object, what: str) -> T:
    """The inverse of `tagged_to_json`: the tag picks the dataclass."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedData(f"{what} must be an object with a type")
    tag = data["type"]
    cls = tags.get(tag)
    if cls is None:
        raise MalformedData(f"unknown {what} type {quote(tag)}")
    fields = {key: item for key, item in data.items() if key != "type"}
    return record_from_json(cls, fields, f"{what} {tag}")


def _is_record(cls: object) -> bool:
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        return False
    params = getattr(cls, "__dataclass_params__", None)
    return bool(getattr(params, "frozen", False))


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The field types of a dataclass, resolved once (its module's names)."""
    found = _HINTS.get(cls)
    if found is None:
        found = typing.get_type_hints(cls)
        _HINTS[cls] = found
    return found


def _read(hint: Any, data: object, what: str) -> Any:
    reader = _READERS.get(hint)
    if reader is not None:
        return reader(data, what)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _read_union(typing.get_args(hint), data, what)
    if origin is tuple:
        return _read_tuple(typing.get_args(hint), data, what)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            if isinstance(data, bool) or not isinstance(data, (str, int)):
                raise ValueError(data)
            return hint(data)
        except (ValueError, TypeError):
            raise MalformedData(f"{what} {quote(data)} is not a {hint.__name__}") from None
    if _is_record(hint):
        fields = expect_fields(data, what, tuple(_hints(hint)))
        return hint(
            **{key: _read(sub, fields[key], f"{what}.{key}") for key, sub in _hints(hint).items()}
        )
    raise TypeError(f"the generic codec reads no {hint!r} ({what})")


def _read_union(options: tuple[Any, ...], data: object, what: str) -> Any:
    if data is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        try:
            return _read(option, data, what)
        except MalformedData:
            continue
    names = " or ".join(
        "null" if o is type(None) else getattr(o, "__name__", str(o)) for o in options
    )
    raise MalformedData(f"{what} must be {names}, not {quote(data)}")


def _read_tuple(args: tuple[Any, ...], data: object, what: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise MalformedData(f"{what} must be a list, not {quote(data)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_read(args[0], item, f"{what}[{i}]") for i, item in enumerate(data))
    if len(data) != len(args):
        raise MalformedData(f"{what} must hold {len(args)} items, not {len(data)}")
    return tuple(
        _read(sub, item, f"{what}[{i}]")
        for i, (sub, item) in enumerate(zip(args, data, strict=True))
    )


def _read_int(data: object, what: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise MalformedData(f"{what} must be an integer, not {quote(data)}")
    return data


def _read_bool(data: object, what: str) -> bool:
    if not isinstance(data, bool):
        raise MalformedData(f"{what} must be true or false, not {quote(data)}")
    return data


def _read_str(data: object, what: str) -> str:
    if not isinstance(data, str):
        raise MalformedData(f"{what} must be a string, not {quote(data)}")
    return data


def _read_float(data: object, what: str) -> float:
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise MalformedData(f"{what} must be a number, not {quote(data)}")
    return float(data)


def _read_none(data: object, what: str) -> None:
    if data is not None:
        raise MalformedData(f"{what} must be null, not {quote(data)}")


_READERS: dict[Any, Callable[[object, str], Any]] = {
    int: _read_int,
    bool: _read_bool,
    str: _read_str,
    float: _read_float,
    type(None): _read_none,
}
