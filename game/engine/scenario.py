"""Scenarios: a set-up, actions and expectations, in JSON; one case or several.

The format is documented in docs/scenarios.md. This module knows no game: the
game's `scenarios` object builds its stacked deal, reads actions and checks
its own expectations; the engine owns the rest, in small modules:
scenario_setup (a base, a played prefix, zones set by path),
scenario_play (`do` and seeded `any` steps), scenario_checks (views, zones,
events) and scenario_paths (dotted paths and "@names"). A case stops at its
first mismatch and explains it; each case of a file runs on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from .errors import MAX_MESSAGE, GameError, MalformedData, ScenarioError
from .jsonfields import expect_fields
from .protocol import JSON, Event, Game
from .safejson import MAX_SAVE_BYTES, load_json_file, quote
from .scenario_checks import ENGINE_EXPECTATIONS, engine_mismatches
from .scenario_play import check_step, play_step, step_label
from .scenario_setup import build_setup

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
    "case_list",
    "case_name",
    "check_scenario",
    "check_shape",
    "list_of",
    "load_scenario",
    "map_of",
    "or_null",
    "read_count",
    "run_cases",
    "run_scenario",
    "run_scenario_file",
    "scenario_mismatches",
]

_TOP_FIELDS = ("game", "setup", "steps")
_OPTIONAL_TOP = (
    "name", "title", "description", "tags", "intro", "outro", "reader", "setup_fails",
)  # fmt: skip
_CASES_TOP = ("game", "cases")
_CASE_FIELDS = ("name", "setup", "steps")
_OPTIONAL_CASE_FIELDS = ("description", "tags", "setup_fails")
_OPTIONAL_CASES_TOP = ("name", "description", "tags")
MAX_CASES: Final = 200
"""Most cases one file holds."""
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

    def json_names(self) -> Mapping[str, JSON]:
        """The names a scenario may write as "@name" where it reads or sets the
        state's JSON (a card's name for its id), with the value each stands for."""
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
    if not. A file of several cases has its cases' fields checked as each runs."""
    if isinstance(data, Mapping) and "cases" in data:
        fields = expect_fields(data, what, _CASES_TOP, _OPTIONAL_CASES_TOP)
    elif isinstance(data, Mapping) and not {"setup", "steps"} & set(data):
        # neither one case nor a list of them: say both ways a file may hold
        raise MalformedData(f"{what} has neither cases nor a setup and steps")
    else:
        fields = expect_fields(data, what, _TOP_FIELDS, _OPTIONAL_TOP)
    try:
        _check_fields(fields)
    except GameError as error:
        raise MalformedData(f"{what}: {error.message}") from None
    assert isinstance(data, dict)
    return data


def _check_fields(fields: Mapping[str, Any]) -> None:
    check_shape(fields["game"], TEXT, "game")
    if "cases" in fields:
        cases = fields["cases"]
        check_shape(cases, Shape("a list of cases", _is_list), "cases")
        if not 1 <= len(cases) <= MAX_CASES:
            raise ScenarioError(f"cases must hold 1 to {MAX_CASES} cases, not {len(cases)}")
        for index, case in enumerate(cases):
            check_shape(case, Shape("a JSON object", _is_object), f"cases[{index}]")
    else:
        check_shape(fields["setup"], Shape("a JSON object", _is_object), "setup")
        check_shape(fields["steps"], Shape("a list of steps", _is_list), "steps")
    for key in ("name", "description", "reader", "setup_fails"):
        if key in fields:
            check_shape(fields[key], TEXT, key)
    if "tags" in fields:
        check_shape(fields["tags"], list_of(TEXT, "strings"), "tags")
    for key in ("title", "intro", "outro"):
        if key in fields:
            _check_texts(fields[key], key)


def _is_object(value: object) -> bool:
    return isinstance(value, Mapping)


def _is_list(value: object) -> bool:
    return isinstance(value, list)


def _check_texts(value: object, what: str) -> None:
    """A text for people in each language: {"fr": "...", "en": "..."}."""
    check_shape(value, _TEXTS, what)
    expect_fields(value, what, (), _LANGUAGES)


def case_list(data: Mapping[str, JSON]) -> list[dict[str, JSON]]:
    """The cases of a checked scenario file, each a whole scenario: a file of
    one case is that case; each of `cases` gets the file's game."""
    if "cases" not in data:
        return [dict(data)]
    return [{"game": data["game"], **case} for case in data["cases"]]


def case_name(case: Mapping[str, JSON], index: int) -> str:
    """A case's name for a report: its `name` when short plain text."""
    name = case.get("name")
    if isinstance(name, str) and name and name.isprintable() and len(name) <= 80:
        return name
    return f"case {index + 1}"


def run_cases(
    game: Game[Any, Any], rules: ScenarioRules, data: Mapping[str, JSON]
) -> list[ScenarioResult]:
    """Every case of a scenario file, each run and reported on its own."""
    try:
        check_scenario(data, "the scenario")
    except GameError as error:
        return [ScenarioResult("scenario", False, 0, error.message.removeprefix("the scenario: "))]
    if "cases" not in data:
        return [_run_one(game, rules, data)]
    results = []
    for index, case in enumerate(case_list(data)):
        name = case_name(case, index)
        try:
            expect_fields(data["cases"][index], "case", _CASE_FIELDS, _OPTIONAL_CASE_FIELDS)
            check_scenario(case, "case")
        except GameError as error:
            results.append(ScenarioResult(name, False, 0, error.message))
            continue
        result = _run_one(game, rules, case)
        result.name = name
        results.append(result)
    return results


def run_scenario(
    game: Game[Any, Any], rules: ScenarioRules, data: Mapping[str, JSON]
) -> ScenarioResult:
    """Play a scenario to its end or to its first mismatch. A scenario that
    cannot be read as written fails with the reason, never raises. A file of
    several cases passes when each does; its failure names the first failing
    case."""
    results = run_cases(game, rules, data)
    name = data.get("name")
    if len(results) == 1 and "cases" not in data:
        result = results[0]
        result.name = name if isinstance(name, str) else "scenario"
        return result
    failed = next((result for result in results if not result.passed), None)
    return ScenarioResult(
        name if isinstance(name, str) else "scenario",
        failed is None,
        sum(result.steps_run for result in results),
        None if failed is None else f"case {quote(failed.name, 80)}: {failed.failure}",
        [state for result in results for state in result.states],
    )


def _run_one(
    game: Game[Any, Any], rules: ScenarioRules, data: Mapping[str, JSON]
) -> ScenarioResult:
    """One case, checked, to its end or to its first mismatch."""
    name = data.get("name")
    name = name if isinstance(name, str) else "scenario"
    steps: list[JSON] = data["steps"]
    where, index = "setup", 0
    states: list[Any] = []
    try:
        if "setup_fails" in data and steps:
            raise ScenarioError("setup_fails: a set-up meant to be refused has no steps to run")
        words = rules.json_names()
        try:
            state, names = build_setup(game, rules, data["setup"], words)
        except GameError as error:
            refusal = _setup_refusal(data, error.message)
            if refusal is None:
                return ScenarioResult(name, True, 0, None, states)
            raise ScenarioError(refusal) from None
        if "setup_fails" in data:
            raise ScenarioError(
                f"setup_fails {quote(data['setup_fails'])}: the set-up was accepted, not refused"
            )
        states.append(state)
        events: list[Event] = []
        for index, step in enumerate(steps, start=1):
            where = f"step {index}"
            fields = check_step(step)
            where += step_label(fields)
            if "do" in fields or "any" in fields:
                state, events = play_step(game, rules, state, fields, names)
                states.append(state)
            if "expect" in fields:
                problems = scenario_mismatches(
                    game, rules, state, fields["expect"], names, events, words
                )
                if problems:
                    reason = f"{where}: {_cut(problems[0])}"
                    return ScenarioResult(name, False, index, reason, states)
    except GameError as error:
        return ScenarioResult(name, False, index, f"{where}: {error.message}", states)
    except Exception as error:  # no traceback ever reaches a reader
        # A value no check foresaw: still a failed scenario, named; the tests
        # fuzz every field so that this line is never what a reader sees.
        reason = f"{_UNEXPECTED} ({type(error).__name__}: {quote(str(error), 120)})"
        return ScenarioResult(name, False, index, f"{where}: {reason}", states)
    return ScenarioResult(name, True, len(steps), None, states)


def _cut(reason: str) -> str:
    """A mismatch as long as any refusal at most (errors.MAX_MESSAGE)."""
    return reason if len(reason) <= MAX_MESSAGE else reason[: MAX_MESSAGE - 1] + "…"


def _setup_refusal(data: Mapping[str, JSON], reason: str) -> str | None:
    """Why a refused set-up fails the case, or None when the case expects
    that refusal (`setup_fails`: words its reason must hold)."""
    expected = data.get("setup_fails")
    if not isinstance(expected, str):
        return reason
    if expected.casefold() in reason.casefold():
        return None
    return f"setup_fails {quote(expected)}: the set-up was refused for another reason: {reason}"


def scenario_mismatches(
    game: Game[Any, Any],
    rules: ScenarioRules,
    state: Any,
    expect: Mapping[str, JSON],
    names: Sequence[str],
    events: Sequence[Event],
    words: Mapping[str, JSON],
) -> list[str]:
    """The engine's expectations (view, zones, events), then the game's: what
    a scenario's and a tutorial's `expect` both mean."""
    own = {key: value for key, value in expect.items() if key not in ENGINE_EXPECTATIONS}
    problems = engine_mismatches(game, state, expect, names, events, words)
    return problems + (rules.mismatches(state, own, names) if own else [])


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
