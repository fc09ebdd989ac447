"""Strict readers for JSON objects: missing, extra or mistyped fields are errors."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import MalformedData
from .safejson import quote

__all__ = ["expect_fields", "read_bool", "read_int", "read_int_list", "read_str"]

_SHOWN = 5
"""Unknown fields named in a message; a hostile object may hold thousands."""


def _field_name(key: str) -> str:
    """A plain short name as is (``colour``), anything else quoted and cut."""
    return key if key.isidentifier() and key.isascii() and len(key) <= 24 else quote(key, 24)


def expect_fields(
    data: object, what: str, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """Check that `data` is an object with all `required` keys and no unknown key."""
    if not isinstance(data, Mapping):
        raise MalformedData(f"{what} must be a JSON object, not {type(data).__name__}")
    missing = [key for key in required if key not in data]
    if missing:
        raise MalformedData(f"{what} is missing the field(s) {', '.join(sorted(missing))}")
    extra = [key for key in data if key not in required and key not in optional]
    if extra:
        shown = ", ".join(_field_name(key) for key in sorted(map(str, extra))[:_SHOWN])
        more = f" and {len(extra) - _SHOWN} more" if len(extra) > _SHOWN else ""
        raise MalformedData(f"{what} has unknown field(s) {shown}{more}")
    return data


def read_int(data: Mapping[str, Any], key: str, what: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedData(f"{what}.{key} must be an integer, not {quote(value)}")
    return value


def read_bool(data: Mapping[str, Any], key: str, what: str) -> bool:
    value = data[key]
    if not isinstance(value, bool):
        raise MalformedData(f"{what}.{key} must be true or false, not {quote(value)}")
    return value


def read_str(data: Mapping[str, Any], key: str, what: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise MalformedData(f"{what}.{key} must be a string, not {quote(value)}")
    return value


def read_int_list(data: Mapping[str, Any], key: str, what: str) -> tuple[int, ...]:
    value = data[key]
    if not isinstance(value, list) or any(
        isinstance(item, bool) or not isinstance(item, int) for item in value
    ):
        raise MalformedData(f"{what}.{key} must be a list of integers")
    return tuple(value)
