"""Paths into a game's JSON (its state or a seat's view) and the "@name" words
a scenario writes instead of ids, for the scenario runner (engine/scenario.py).

A path is dotted: ``players.Lucie.visible.0``. In an object a part is a key;
in a list it is an index (ASCII digits), a player's name, which stands for
that player's seat, or an "@name" that stands for a number (the place of a
named thing in a list kept in the order of those things). Every error is a
ScenarioError naming the path and the part that does not fit, never a KeyError.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Final

from .errors import ScenarioError
from .protocol import JSON
from .safejson import quote

__all__ = ["MAX_PATH", "read_at", "split_path", "translate", "write_at"]

MAX_PATH: Final = 200
"""Longest path read, in characters: a hostile file's path is refused, not walked."""
_MAX_PARTS: Final = 16
_INDEX_DIGITS: Final = 4
NAME_MARK: Final = "@"


def split_path(path: object, what: str) -> tuple[str, ...]:
    """The parts of a dotted path; ScenarioError naming `what` when it is no path."""
    if not isinstance(path, str) or not path or len(path) > MAX_PATH:
        raise ScenarioError(
            f"{what}: a path is dotted text of 1 to {MAX_PATH} characters "
            f"(players.0.hand), not {quote(path)}"
        )
    parts = tuple(path.split("."))
    if len(parts) > _MAX_PARTS or any(not part for part in parts):
        raise ScenarioError(
            f"{what}: the path {quote(path)} has an empty part or more than {_MAX_PARTS} parts"
        )
    return parts


def _step_into(
    value: JSON, part: str, names: Sequence[str], words: Mapping[str, JSON], where: str
) -> int | str:
    """The key or index `part` names inside `value`."""
    if isinstance(value, Mapping):
        if part not in value:
            known = ", ".join(sorted(map(str, value))[:12])
            raise ScenarioError(f"{where}: no field {quote(part, 40)} (there: {known})")
        return part
    if isinstance(value, list):
        if part in names:
            index = names.index(part)
        elif part.startswith(NAME_MARK) and isinstance(words.get(part[1:]), int):
            index = words[part[1:]]  # a list kept by a kind of thing, one item each
        elif part.isascii() and part.isdigit() and len(part) <= _INDEX_DIGITS:
            index = int(part)
        else:
            raise ScenarioError(
                f"{where}: {quote(part, 40)} is no index of a list "
                "(write 0, 1, ..., a player or an @name of a number)"
            )
        if index >= len(value):
            raise ScenarioError(f"{where}: no item {index}, the list holds {len(value)}")
        return index
    raise ScenarioError(f"{where}: {quote(value, 40)} has no part {quote(part, 40)}")


def read_at(
    data: JSON, path: str, names: Sequence[str], words: Mapping[str, JSON], what: str
) -> JSON:
    """The value at `path` in `data`."""
    parts = split_path(path, what)
    value = data
    for depth, part in enumerate(parts):
        where = f"{what}: {'.'.join(parts[: depth + 1])}"
        value = value[_step_into(value, part, names, words, where)]
    return value


def write_at(
    data: JSON, path: str, new: JSON, names: Sequence[str], words: Mapping[str, JSON], what: str
) -> None:
    """Replace the value at `path` in `data` (which must exist: a path never
    adds a field, so a typo is refused, not silently added)."""
    parts = split_path(path, what)
    holder = data
    for depth, part in enumerate(parts):
        where = f"{what}: {'.'.join(parts[: depth + 1])}"
        key = _step_into(holder, part, names, words, where)
        if depth == len(parts) - 1:
            holder[key] = copy.deepcopy(new)
        else:
            holder = holder[key]


def translate(value: JSON, words: Mapping[str, JSON], what: str) -> JSON:
    """`value` with every "@name" string replaced by what it stands for in the
    game's JSON (its id); ScenarioError for a name the game does not know."""
    if isinstance(value, str) and value.startswith(NAME_MARK):
        name = value[len(NAME_MARK) :]
        if name not in words:
            sample = ", ".join(list(words)[:8])
            raise ScenarioError(f"{what}: unknown name {quote(value, 40)} (names: {sample}, ...)")
        return copy.deepcopy(words[name])
    if isinstance(value, list):
        return [translate(item, words, what) for item in value]
    if isinstance(value, Mapping):
        return {key: translate(item, words, what) for key, item in value.items()}
    return value
