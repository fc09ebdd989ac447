"""Scenarios: a stacked deal, actions and expectations, in JSON.

The format is documented in docs/scenarios.md. This module knows no game: the
game's `scenarios` object builds the first state, reads actions and checks
expectations. A run stops at the first mismatch and explains it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .errors import GameError, IllegalAction, ScenarioError
from .jsonfields import expect_fields
from .protocol import JSON, Game
from .safejson import MAX_SAVE_BYTES, load_json_file, quote

__all__ = [
    "ScenarioResult",
    "ScenarioRules",
    "check_scenario",
    "load_scenario",
    "run_scenario",
    "run_scenario_file",
]

_TOP_FIELDS = ("game", "setup", "steps")
_OPTIONAL_TOP = ("name", "title", "description", "tags", "intro", "outro", "reader")
_STEP_FIELDS = ("seat", "do", "fails", "expect", "caption", "hint", "note")


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
    """Scenario JSON with its top-level fields checked; MalformedData if not."""
    expect_fields(data, what, _TOP_FIELDS, _OPTIONAL_TOP)
    assert isinstance(data, dict)
    return data


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
    """Play a scenario to its end or to its first mismatch."""
    name = str(data.get("name", "scenario"))
    steps = data.get("steps")
    if not isinstance(steps, list):
        return ScenarioResult(name, False, 0, "the scenario's steps must be a list")
    try:
        setup = data["setup"]
        if not isinstance(setup, Mapping):
            raise ScenarioError("setup must be a JSON object")
        state, names = rules.build(setup)
    except GameError as error:
        return ScenarioResult(name, False, 0, f"setup: {error.message}")
    states = [state]
    for index, step in enumerate(steps, start=1):
        where = f"step {index}"
        try:
            fields = expect_fields(step, where, (), _STEP_FIELDS)
            if "do" in fields:
                seat = _seat_of(fields.get("seat"), names)
                where = f"step {index} ({names[seat]}: {_shown(fields['do'])})"
                state = _play(game, rules, state, seat, fields, names)
                states.append(state)
            if "expect" in fields:
                expect = fields["expect"]
                if not isinstance(expect, Mapping):
                    raise ScenarioError("expect must be a JSON object")
                problems = rules.mismatches(state, expect, names)
                if problems:
                    return ScenarioResult(name, False, index, f"{where}: {problems[0]}", states)
        except GameError as error:
            return ScenarioResult(name, False, index, f"{where}: {error.message}", states)
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
    result.name = str(data.get("name", Path(path).stem))
    return result
