"""Mutated scenario files (defect 8 of issue #27), for both games: a wrong type
at every key, wrong nesting, odd unicode digits, huge numbers, deep nesting,
unknown keys, non-UTF-8 bytes, empty files. The runner never raises and never
falls back on its last-resort message (an error no check of its own foresaw):
every failure names a reason, at the step or the field that is wrong. The
command line answers the same files with FAIL lines (exit 1), or with an
`error:` line and exit 2 for a file that is not JSON, never a traceback."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bossquest import GAME as BOSSQUEST
from game.bossquest.scenario import SCENARIOS as BOSSQUEST_SCENARIOS
from game.engine import cli
from game.engine.errors import MAX_MESSAGE
from game.engine.protocol import Game
from game.engine.safejson import quote
from game.engine.scenario import (
    ScenarioRules,
    case_name,
    run_scenario,
    run_scenario_file,
)
from game.registry import GAMES
from game.theboss import GAME as THEBOSS
from game.theboss.scenario import SCENARIOS as THEBOSS_SCENARIOS

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "scenarios"
BASES = {
    "theboss": [
        "police_and_round_end.json",
        "end_full_tie_shared.json",
        "placement_rules.json",
        "anywhere_mid_turn_stacked.json",
    ],
    "bossquest": [
        "rulebook_end_of_round.json",
        "potion_swap_and_exchange.json",
        "companion_hare.json",
        "reaper_becomes_the_reaper.json",
        "anywhere_mid_turn_stacked.json",
        "anywhere_prefix_and_any.json",
    ],
}
RULES: dict[str, tuple[Game[Any, Any], ScenarioRules]] = {
    "theboss": (THEBOSS, THEBOSS_SCENARIOS),
    "bossquest": (BOSSQUEST, BOSSQUEST_SCENARIOS),
}
LAST_RESORT = "the runner broke on this scenario"

Path_ = tuple[str | int, ...]


def _base(game: str, name: str) -> dict[str, Any]:
    data = json.loads((FOLDER / game / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


SCENARIOS = [(game, name, _base(game, name)) for game, names in BASES.items() for name in names]


def _paths(value: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every place in a JSON value: each key of each object, each item of each list."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


# Characters that str.isdigit or int() take for digits, or that look like them.
_ODD_DIGITS = ("²", "³", "¹", "٣", "\uff11", "⑤", "\U0001d7d8", "Ⅻ", "½")
ODD_VALUES = st.one_of(
    st.sampled_from(
        [
            None,
            True,
            False,
            0,
            -1,
            2**63,
            -(2**80),
            10**400,
            1.5,
            float("inf"),
            float("nan"),
            "",
            " ",
            "x" * 2000,
            "\u202e\x00",
            [],
            {},
            [None],
            {"": None},
            {"unknown_key": 1},
            _nested(30),
            [[["boston_1"]]],
            {"Ana": {"Ben": {"Cléo": 1}}},
            *_ODD_DIGITS,
        ]
    ),
    st.text(max_size=12),
    st.integers(),
    st.lists(st.integers(min_value=-3, max_value=9), max_size=6),
)


def _odd_digits(text: str, digit: str) -> str:
    """`text` with its ASCII digits written in another script ("ask ²")."""
    return re.sub(r"[0-9]", digit, text)


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, dict[str, Any], Path_, str]:
    """A base scenario, changed at one place: (game, scenario, path, how)."""
    game, _name, base = draw(st.sampled_from(SCENARIOS))
    data = copy.deepcopy(base)
    path = draw(st.sampled_from(list(_paths(data))))
    parent: Any = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    old = parent[last]
    how = draw(st.sampled_from(["replace", "delete", "unknown_key", "wrap", "digits", "nest"]))
    if how == "delete":
        parent.pop(last)
    elif how == "unknown_key" and isinstance(old, dict):
        old[draw(st.sampled_from(["zz", "Zoé", "²", ""]))] = draw(ODD_VALUES)
    elif how == "wrap":
        parent[last] = [old]
    elif how == "digits" and isinstance(old, str):
        parent[last] = _odd_digits(old, draw(st.sampled_from(_ODD_DIGITS))) + draw(
            st.sampled_from(["", " ²", " 1²"])
        )
    elif how == "nest":
        parent[last] = {str(last): old}
    else:
        how = "replace"
        parent[last] = draw(ODD_VALUES)
    return game, data, path, how


def _first_step(failure: str) -> int | None:
    found = re.match(r"step (\d+)", failure)
    return int(found.group(1)) if found else None


def _check_failure(data: dict[str, Any], path: Path_, failure: str) -> None:
    """The failure names where it is: the mutated field at the top level; the
    setup or a step for a change in the setup; that step or a later one for a
    change in a step (a changed action may still be legal and only show later).
    In a file of several cases, the failure names the changed case first, then
    where in the case as above."""
    assert LAST_RESORT not in failure, failure
    top = path[0]
    cases = data.get("cases")
    if top == "cases" and len(path) >= 3 and isinstance(cases, list):
        case = cases[int(path[1])]
        prefix = f"case {quote(case_name(case, int(path[1])), 80)}: "
        if isinstance(case, dict) and failure.startswith(prefix):
            _check_failure(case, path[2:], failure.removeprefix(prefix))
            return
    if top == "cases":
        assert "case" in failure, failure
        return
    assert len(failure) <= MAX_MESSAGE + 60, failure
    if top == "steps" and len(path) >= 2 and isinstance(data.get("steps"), list):
        step = _first_step(failure)
        if step is not None:
            assert step >= int(path[1]) + 1, failure
        if len(path) >= 4 and path[2] == "expect" and step == int(path[1]) + 1:
            assert str(path[3]) in failure or "expect" in failure, failure
    elif top in ("setup", "setup_fails"):
        assert failure.startswith(("setup", "step ")) or "setup" in failure, failure
    elif top == "steps":
        assert "step" in failure, failure
    else:
        assert str(top) in failure, failure


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutations())
def test_a_mutated_scenario_fails_with_a_named_reason(
    mutation: tuple[str, dict[str, Any], Path_, str],
) -> None:
    game_name, data, path, _how = mutation
    game, rules = RULES[game_name]
    result = run_scenario(game, rules, data)
    if not result.passed:
        assert result.failure is not None
        _check_failure(data, path, result.failure)


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(mutations(), min_size=1, max_size=4))
def test_the_command_line_answers_mutated_files_with_fail_lines(
    tmp_path_factory: pytest.TempPathFactory,
    batch: list[tuple[str, dict[str, Any], Path_, str]],
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    files = []
    for index, (_game, data, _path, _how) in enumerate(batch):
        files.append(folder / f"{index}.json")
        _write(files[-1], data)
    lines: list[str] = []
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        code = cli.main(GAMES, ["scenario", *map(str, files)], out=lines.append)
    if code == 2:  # a huge number that JSON cannot read back (over 4300 digits)
        assert errors.getvalue().startswith("error: scenario "), errors.getvalue()
        return
    assert errors.getvalue() == ""
    # One line per case, in the files' order, then the count; a file refused
    # whole (not JSON of a scenario, an unknown game, a bad list of cases) has one.
    for file, (_game, data, _path, _how) in zip(files, batch, strict=True):
        cases = data.get("cases")
        shown = [line for line in lines[:-1] if line.split(": ")[0].endswith(f" {file}")]
        assert len(shown) in {1, len(cases) if isinstance(cases, list) else 1}, shown
    failed = [line for line in lines[:-1] if line.startswith("FAIL ")]
    assert lines[-1] == f"{len(lines) - 1 - len(failed)} passed, {len(failed)} failed"
    assert code == (1 if failed else 0)
    assert all(line.startswith(("PASS ", "FAIL ")) for line in lines[:-1])
    assert not any(LAST_RESORT in line for line in lines)


# --------------------------------------------------------------- raw bytes

RAW_FILES = [
    b"",
    b" ",
    b"\xff\xfe\x00{",
    b'{"game": "theboss", "name": "\xc3\x28"}',
    b"[" * 5000,
    b'{"a":' * 100 + b"1" + b"}" * 100,
    b"1" * 5000,
    b'{"game": "theboss", "setup": {}, "steps": [' + b"1" * 5000 + b"]}",
    b"null",
    b"[]",
    b'"scenario"',
    b"NaN",
    b'{"game": "theboss", "setup": {"players": ["A", "B"]}, "steps": [], "name": NaN}',
]


@pytest.mark.parametrize("content", RAW_FILES, ids=range(len(RAW_FILES)))
def test_raw_bytes_fail_through_the_api_with_a_reason(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "raw.json"
    path.write_bytes(content)
    result = run_scenario_file(THEBOSS, THEBOSS_SCENARIOS, path)
    assert not result.passed
    assert result.failure and LAST_RESORT not in result.failure
    assert "scenario" in result.failure or "name" in result.failure


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_cleanly(content: bytes) -> None:
    path = Path(f"/tmp/scenario-fuzz-{abs(hash(content))}.json")
    try:
        path.write_bytes(content)
        result = run_scenario_file(THEBOSS, THEBOSS_SCENARIOS, path)
        lines: list[str] = []
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            code = cli.main(GAMES, ["scenario", str(path)], out=lines.append)
    finally:
        path.unlink(missing_ok=True)
    assert not result.passed and result.failure
    assert code in (1, 2)
    assert (code == 2) == bool(errors.getvalue())
    if code == 2:
        assert errors.getvalue().startswith(f"error: scenario {path}")


def test_the_command_line_in_a_subprocess(tmp_path: Path) -> None:
    """A few of the same cases, through `python -m game scenario` itself."""
    readable = []
    single = [scenario for scenario in SCENARIOS if "cases" not in scenario[2]]
    for index, (game, name, base) in enumerate(single[:5]):
        data = copy.deepcopy(base)
        data["setup"]["players"] = [[name]] if index % 2 else 7
        data["steps"].insert(0, {"seat": data["steps"][0].get("seat", "x"), "do": "ask ²"})
        readable.append(tmp_path / f"{game}-{index}.json")
        _write(readable[-1], data)
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", *map(str, readable)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stderr == "", done.stderr
    assert [line[:5] for line in done.stdout.splitlines()] == ["FAIL "] * 5 + ["0 pas"]
    assert "setup.players must be" in done.stdout
    for content in (b"", b"\xff\xfe", b"[" * 100 + b"]" * 100):
        bad = tmp_path / "bad.json"
        bad.write_bytes(content)
        done = subprocess.run(
            [sys.executable, "-m", "game", "scenario", str(readable[0]), str(bad)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith(f"error: scenario {bad}") and "Traceback" not in done.stderr
