"""Scenarios: a stacked deal, actions and expectations, in JSON.

The format is documented in docs/scenarios.md. This module knows no game: the
game's `scenarios` object builds the first state, reads actions and checks
expectations. A run stops at the first mismatch and explains it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from .errors import GameError, IllegalAction, MalformedData, ScenarioError
from .jsonfields import expect_fields
from .protocol import JSON, Game
from .safejson import MAX_SAVE_BYTES, load_json_file, quote

__all__ = [
    "ANY",
    "FLAG",
    "NAME",
    "NAMES",
    "TEXT",
    "WHOLE",
    "ScenarioResult",
    "ScenarioRules",
    "Shape",
    "check_scenario",
    "check_shape",
    "list_of",
    "load_scenario",
    "map_of",
    "or_null",
    "read_count",
    "run_scenario",
    "run_scenario_file",
]

_TOP_FIELDS = ("game", "setup", "steps")
_OPTIONAL_TOP = ("name", "title", "description", "tags", "intro", "outro", "reader")
_STEP_FIELDS = ("seat", "do", "fails", "expect", "caption", "hint", "note")
_LANGUAGES: Final = ("fr", "en")
_UNEXPECTED: Final = "the runner broke on this scenario"
"""The start of a failure that no check of the scenario's own foresaw (see
run_scenario): the tests hold every malformed file to a named reason instead."""


# ------------------------------------------------------------------ shapes


@dataclass(frozen=True)
class Shape:
    """What a scenario value must look like, said for people ("a whole number")."""

    says: str
    fits: Callable[[object], bool]


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


ANY: Final = Shape("any JSON value", lambda value: True)
WHOLE: Final = Shape("a whole number", _is_whole)
TEXT: Final = Shape("a string", lambda value: isinstance(value, str))
FLAG: Final = Shape("true or false", lambda value: isinstance(value, bool))
NAME: Final = Shape("a player name", lambda value: isinstance(value, str))


def or_null(shape: Shape) -> Shape:
    return Shape(f"{shape.says} or null", lambda value: value is None or shape.fits(value))


def list_of(shape: Shape, says: str) -> Shape:
    """A list of `shape`; `says` names its items in the plural ("player names")."""
    return Shape(
        f"a list of {says}",
        lambda value: isinstance(value, list) and all(shape.fits(item) for item in value),
    )


def map_of(shape: Shape, keys: str, says: str) -> Shape:
    """An object from `keys` ("player names") to `shape` (`says` in the plural)."""
    return Shape(
        f"an object mapping {keys} to {says}",
        lambda value: isinstance(value, Mapping) and all(shape.fits(v) for v in value.values()),
    )


NAMES: Final = list_of(NAME, "player names")
_TEXTS: Final = Shape(
    'an object of texts by language, {"fr": "...", "en": "..."}',
    lambda value: isinstance(value, Mapping) and all(isinstance(v, str) for v in value.values()),
)


def check_shape(value: object, shape: Shape, what: str) -> None:
    """ScenarioError naming `what` when `value` is not of `shape`."""
    if not shape.fits(value):
        raise ScenarioError(f"{what} must be {shape.says}, not {quote(value)}")


_COUNT: Final = re.compile(r"[0-9]{1,3}")
"""A count in an action's text: ASCII digits only ("²" and "٣" pass
str.isdigit but are no count), and short, since int() of thousands of
digits is slow, then refused."""


def read_count(word: str) -> int | None:
    """The small whole number `word` writes in ASCII digits, or None."""
    return int(word) if _COUNT.fullmatch(word) else None


class ScenarioRules(Protocol):
    """What a game provides so that scenarios can be written with names, not ids."""

    def build(self, setup: Mapping[str, JSON]) -> tuple[Any, list[str]]:
        """The first state and the players' names, by seat."""
        ...

    def actions(self, state: Any, seat: int, spec: JSON, names: Sequence[str]) -> list[Any]:
        """The engine action(s) a scenario step names (one step may be two actions)."""
        ...

    def mismatches(self, state: Any, expect: Mapping[str, JSON], names: Sequence[str]) -> list[str]:
        """Every expectation that does not hold, explained."""
        ...


@dataclass
class ScenarioResult:
    name: str
    passed: bool
    steps_run: int
    failure: str | None = None
    states: list[Any] = field(default_factory=list, repr=False)


def load_scenario(path: str | Path) -> dict[str, Any]:
    """A scenario file's JSON object, read through the one bounded reader
    (game.engine.safejson); MalformedData when it cannot be read, is not JSON
    or has unknown top-level fields."""
    data = load_json_file(path, f"scenario {path}", max_bytes=MAX_SAVE_BYTES)
    return check_scenario(data, f"scenario {path}")


def check_scenario(data: JSON, what: str) -> dict[str, Any]:
    """Scenario JSON with its top-level fields and their types checked (the
    game reads `setup` and the steps' actions and expectations); MalformedData
    if not."""
    fields = expect_fields(data, what, _TOP_FIELDS, _OPTIONAL_TOP)
    try:
        check_shape(fields["game"], TEXT, "game")
        check_shape(fields["setup"], Shape("a JSON object", _is_object), "setup")
        check_shape(fields["steps"], Shape("a list of steps", _is_list), "steps")
        for key in ("name", "description", "reader"):
            if key in fields:
                check_shape(fields[key], TEXT, key)
        if "tags" in fields:
            check_shape(fields["tags"], list_of(TEXT, "strings"), "tags")
        for key in ("title", "intro", "outro"):
            if key in fields:
                _check_texts(fields[key], key)
    except GameError as error:
        raise MalformedData(f"{what}: {error.message}") from None
    assert isinstance(data, dict)
    return data


def _is_object(value: object) -> bool:
    return isinstance(value, Mapping)


def _is_list(value: object) -> bool:
    return isinstance(value, list)


def _check_texts(value: object, what: str) -> None:
    """A text for people in each language: {"fr": "...", "en": "..."}."""
    check_shape(value, _TEXTS, what)
    expect_fields(value, what, (), _LANGUAGES)


def _check_step(step: object) -> Mapping[str, Any]:
    """A step's fields and the types of those the runner does not hand to the
    game (the caller names the step in the reason)."""
    fields = expect_fields(step, "a step", (), _STEP_FIELDS)
    for key in ("seat", "fails"):
        if key in fields and "do" not in fields:
            raise ScenarioError(f"{key} needs do: the action that the player plays")
    if "do" in fields:
        check_shape(fields.get("seat"), NAME, "seat")
    if "fails" in fields:
        check_shape(fields["fails"], Shape("a refusal code", _is_code), "fails")
    if "expect" in fields:
        check_shape(fields["expect"], Shape("a JSON object", _is_object), "expect")
    for key in ("caption", "hint"):
        if key in fields:
            _check_texts(fields[key], key)
    if "note" in fields:
        check_shape(fields["note"], TEXT, "note")
    return fields


def _is_code(value: object) -> bool:
    return isinstance(value, str) and value.isidentifier() and value.isascii()


def _shown(spec: JSON) -> str:
    """A step's action as written, when it is short plain text; else quoted and cut."""
    if isinstance(spec, str) and len(spec) <= 60 and spec.isprintable():
        return spec
    return quote(spec)


def _seat_of(name: JSON, names: Sequence[str]) -> int:
    if not isinstance(name, str) or name not in names:
        raise ScenarioError(f"unknown player {quote(name)}; the players are {', '.join(names)}")
    return names.index(name)


def run_scenario(
    game: Game[Any, Any], rules: ScenarioRules, data: Mapping[str, JSON]
) -> ScenarioResult:
    """Play a scenario to its end or to its first mismatch. A scenario that
    cannot be read as written fails with the reason, never raises."""
    name = data.get("name")
    name = name if isinstance(name, str) else "scenario"
    try:
        check_scenario(data, "the scenario")
    except GameError as error:
        return ScenarioResult(name, False, 0, error.message.removeprefix("the scenario: "))
    steps: list[JSON] = data["steps"]
    where, index = "setup", 0
    states: list[Any] = []
    try:
        state, names = rules.build(data["setup"])
        states.append(state)
        for index, step in enumerate(steps, start=1):
            where = f"step {index}"
            fields = _check_step(step)
            if "do" in fields:
                seat = _seat_of(fields["seat"], names)
                where = f"step {index} ({names[seat]}: {_shown(fields['do'])})"
                state = _play(game, rules, state, seat, fields, names)
                states.append(state)
            if "expect" in fields:
                problems = rules.mismatches(state, fields["expect"], names)
                if problems:
                    return ScenarioResult(name, False, index, f"{where}: {problems[0]}", states)
    except GameError as error:
        return ScenarioResult(name, False, index, f"{where}: {error.message}", states)
    except Exception as error:  # no traceback ever reaches a reader
        # A value no check foresaw: still a failed scenario, named; the tests
        # fuzz every field so that this line is never what a reader sees.
        reason = f"{_UNEXPECTED} ({type(error).__name__}: {quote(str(error), 120)})"
        return ScenarioResult(name, False, index, f"{where}: {reason}", states)
    return ScenarioResult(name, True, len(steps), None, states)


def _play(
    game: Game[Any, Any],
    rules: ScenarioRules,
    state: Any,
    seat: int,
    fields: Mapping[str, JSON],
    names: Sequence[str],
) -> Any:
    """Play one step; with "fails", the step must be refused for that reason."""
    expected_failure = fields.get("fails")
    before = state
    try:
        for action in rules.actions(state, seat, fields["do"], names):
            state, _events = game.apply(state, seat, action)
    except IllegalAction as error:
        if expected_failure == error.code:
            return before  # a refused step changes nothing, even half-way
        if expected_failure is not None:
            raise ScenarioError(
                f"expected refusal {quote(expected_failure)}, got {error.code!r} ({error.message})"
            ) from error
        raise ScenarioError(f"refused: {error.message} ({error.code})") from error
    if expected_failure is not None:
        raise ScenarioError(
            f"expected refusal {quote(expected_failure)}, but the action was played"
        )
    return state


def run_scenario_file(
    game: Game[Any, Any], rules: ScenarioRules, path: str | Path
) -> ScenarioResult:
    try:
        data = load_scenario(path)
    except GameError as error:
        return ScenarioResult(str(path), False, 0, error.message)
    result = run_scenario(game, rules, data)
    result.name = data["name"] if isinstance(data.get("name"), str) else Path(path).stem
    return result
