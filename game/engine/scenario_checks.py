"""The expectations the engine owns, for any game: a seat's view (`view`),
any zone of the whole state (`zones`) and the events of the last step
(`events`). The game's own expectations (keys, hearts, ...) stay with its
ScenarioRules. The format is in docs/scenarios.md."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .errors import ScenarioError
from .events import event_for_seat
from .protocol import JSON, Event, Game
from .safejson import quote
from .scenario_paths import read_at, translate

__all__ = ["ENGINE_EXPECTATIONS", "SPECTATOR", "engine_mismatches", "viewer_seat"]

ENGINE_EXPECTATIONS: Final = ("view", "zones", "events")
"""Expectation keys the engine reads; every other key goes to the game."""
SPECTATOR: Final = "spectator"
"""The viewer who is no player (a player of that name is meant first)."""
_CHECKS: Final = ("equals", "contains", "count", "starts_with")
_SHOWN: Final = 80
MAX_EVENT_PATTERNS: Final = 64


def viewer_seat(name: object, names: Sequence[str], what: str) -> int | None:
    """The seat whose view `name` asks for; None for the spectator."""
    if isinstance(name, str) and name in names:
        return names.index(name)
    if name == SPECTATOR:
        return None
    raise ScenarioError(
        f"{what}: unknown viewer {quote(name, 40)}; the viewers are {', '.join(names)}, {SPECTATOR}"
    )


def _shown(value: JSON) -> str:
    """A value in a reason, as compact JSON cut to a line (containers too,
    unlike `quote`, since a zone is what the reader compares)."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return quote(value, _SHOWN)
    if not text.isprintable():
        text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _one_check(spec: JSON, what: str) -> tuple[str, JSON]:
    """(kind, expected value) of one check: a plain value means "equals"."""
    if not isinstance(spec, Mapping):
        return "equals", spec
    if len(spec) != 1 or next(iter(spec)) not in _CHECKS:
        raise ScenarioError(
            f"{what} must be a value, or an object with one of {', '.join(_CHECKS)}, "
            f"not {quote(spec, 60)}"
        )
    kind, expected = next(iter(spec.items()))
    if kind == "count" and (isinstance(expected, bool) or not isinstance(expected, int)):
        raise ScenarioError(f"{what}.count must be a whole number, not {quote(expected, 40)}")
    if kind == "starts_with" and not isinstance(expected, list):
        raise ScenarioError(f"{what}.starts_with must be a list, top first")
    return kind, expected


def _compare(kind: str, expected: JSON, found: JSON) -> str | None:
    """Why `found` fails the check, or None."""
    if kind == "equals":
        ok = found == expected and type(found) is type(expected)
        return None if ok else f"expected {_shown(expected)}, found {_shown(found)}"
    if kind == "count":
        if not isinstance(found, list | Mapping | str):
            return f"found {_shown(found)}, which has no count"
        return None if len(found) == expected else f"expected {expected} items, found {len(found)}"
    if kind == "starts_with":
        if not isinstance(found, list):
            return f"found {_shown(found)}, which is no list"
        top = found[: len(expected)]
        if top == expected:
            return None
        return f"expected the top {_shown(expected)}, found {_shown(top)}"
    if not isinstance(found, list | Mapping) and not isinstance(found, str):
        return f"found {_shown(found)}, which contains nothing"
    if isinstance(found, str) and not isinstance(expected, str):
        return f"found the text {_shown(found)}, which holds no {quote(expected, 40)}"
    if expected in found:
        return None
    return f"expected it to contain {_shown(expected)}, found {_shown(found)}"


def _path_checks(
    data: JSON, checks: JSON, names: Sequence[str], words: Mapping[str, JSON], what: str
) -> list[str]:
    """Each path of `checks` read in `data` and checked."""
    if not isinstance(checks, Mapping):
        raise ScenarioError(f"{what} must map paths to expected values, not {quote(checks, 40)}")
    problems = []
    for path, spec in checks.items():
        plain = isinstance(path, str) and path.isprintable() and len(path) <= _SHOWN
        where = f"{what}.{path}" if plain else f"{what}[{quote(path, 40)}]"
        kind, expected = _one_check(spec, where)
        expected = translate(expected, words, where)
        problem = _compare(kind, expected, read_at(data, path, names, words, what))
        if problem:
            problems.append(f"{where}: {problem}")
    return problems


def _event_problems(
    events: Sequence[Event], patterns: JSON, names: Sequence[str], words: Mapping[str, JSON]
) -> list[str]:
    """Each pattern matches an event, in order: the type and every field it names."""
    if not isinstance(patterns, list) or len(patterns) > MAX_EVENT_PATTERNS:
        raise ScenarioError(
            f"expect.events must be a list of at most {MAX_EVENT_PATTERNS} events "
            '({"type": ..., fields}), not ' + quote(patterns, 40)
        )
    position = 0
    for index, pattern in enumerate(patterns):
        what = f"expect.events[{index}]"
        if not isinstance(pattern, Mapping) or not isinstance(pattern.get("type"), str):
            raise ScenarioError(f'{what} must be an object with a "type", not {quote(pattern, 40)}')
        wanted = dict(translate(dict(pattern), words, what))
        seat = viewer_seat(wanted.pop("seen_by"), names, what) if "seen_by" in pattern else None
        seen = [event_for_seat(e, seat) for e in events] if "seen_by" in pattern else events
        while position < len(seen) and not _fits(seen[position], wanted):
            position += 1
        if position == len(seen):
            types = ", ".join(quote(event.get("type"), 20) for event in events[:8]) or "none"
            types += f" and {len(events) - 8} more" if len(events) > 8 else ""
            return [f"{what}: no event {_shown(pattern)} (in order); the events: {types}"]
        position += 1
    return []


def _fits(event: Mapping[str, Any], wanted: Mapping[str, JSON]) -> bool:
    return all(key in event and event[key] == value for key, value in wanted.items())


def engine_mismatches(
    game: Game[Any, Any],
    state: Any,
    expect: Mapping[str, JSON],
    names: Sequence[str],
    events: Sequence[Event],
    words: Mapping[str, JSON],
) -> list[str]:
    """Every engine-owned expectation of `expect` that does not hold, explained."""
    problems: list[str] = []
    if "zones" in expect:
        whole = game.state_to_json(state)
        problems += _path_checks(whole, expect["zones"], names, words, "expect.zones")
    if "view" in expect:
        viewers = expect["view"]
        if not isinstance(viewers, Mapping):
            raise ScenarioError("expect.view must map viewers (players or spectator) to paths")
        for viewer, checks in viewers.items():
            seat = viewer_seat(viewer, names, "expect.view")
            shown = game.view(state, seat)
            problems += _path_checks(shown, checks, names, words, f"expect.view.{viewer}")
    if "events" in expect:
        problems += _event_problems(events, expect["events"], names, words)
    return problems
