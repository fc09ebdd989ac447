"""Defect 8 of issue #27: a malformed scenario is a failed scenario with its
reason (or, for a file that is not JSON, an `error:` line and exit 2), never
a traceback. The listed cases one by one, in both games' formats; the fuzzing
of every key is in tests/test_scenario_fuzz.py."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.bossquest import GAME as BOSSQUEST
from game.bossquest.scenario import SCENARIOS as BOSSQUEST_SCENARIOS
from game.engine import cli
from game.engine.scenario import run_scenario
from game.registry import GAMES
from game.theboss import GAME as THEBOSS
from game.theboss.scenario import SCENARIOS as THEBOSS_SCENARIOS

ROOT = Path(__file__).resolve().parent.parent
THEBOSS_EXAMPLE = ROOT / "tests" / "scenarios" / "theboss" / "police_and_round_end.json"
THEBOSS_OVER = ROOT / "tests" / "scenarios" / "theboss" / "end_full_tie_shared.json"
BOSSQUEST_EXAMPLE = ROOT / "tests" / "scenarios" / "bossquest" / "rulebook_end_of_round.json"

Change = Callable[[dict[str, Any]], Any]


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _step(step: dict[str, Any]) -> Change:
    return lambda data: data["steps"].insert(0, step)


def _at_the_end(**expect: Any) -> Change:
    """An expectation checked once the game is over (the file's last step)."""
    return lambda data: data["steps"].append({"expect": expect})


THEBOSS_CASES: list[tuple[str, Path, Change, str]] = [
    (
        "later round not a deal",
        THEBOSS_EXAMPLE,
        lambda d: d["setup"].update(later_rounds=[3]),
        "setup.later_rounds[0] must be a JSON object",
    ),
    (
        "later round a string",
        THEBOSS_EXAMPLE,
        lambda d: d["setup"].update(later_rounds=["hidden"]),
        "setup.later_rounds[0] must be a JSON object",
    ),
    (
        "hand a number",
        THEBOSS_EXAMPLE,
        lambda d: d["setup"]["hands"].update(Ana=5),
        "setup.hands.Ana must be a list of card names",
    ),
    (
        "hand a string",
        THEBOSS_EXAMPLE,
        lambda d: d["setup"]["hands"].update(Ana="boston_1"),
        "setup.hands.Ana must be a list of card names",
    ),
    (
        "superscript count",
        THEBOSS_EXAMPLE,
        _step({"seat": "Ana", "do": "place new_york ² 1 play new_york_2"}),
        "cannot read the action 'place new_york ² 1",
    ),
    (
        "superscript second count",
        THEBOSS_EXAMPLE,
        _step({"seat": "Ana", "do": "place new_york 2 ¹ play new_york_2"}),
        "cannot read the action",
    ),
    (
        "a count of 5000 digits",
        THEBOSS_EXAMPLE,
        _step({"seat": "Ana", "do": "place new_york " + "9" * 5000}),
        "cannot read the action",
    ),
    (
        "round true",
        THEBOSS_EXAMPLE,
        lambda d: d["setup"].update(round=True),
        "setup.round must be 1 to 5",
    ),
    (
        "outcome with an unknown key",
        THEBOSS_OVER,
        _at_the_end(outcome={"luck": 3}),
        "expect.outcome has unknown field(s) luck",
    ),
    (
        "outcome of the wrong type",
        THEBOSS_OVER,
        _at_the_end(outcome=5),
        "expect.outcome must be an object",
    ),
    (
        "outcome wrong before the end too",
        THEBOSS_EXAMPLE,
        _step({"expect": {"outcome": [1]}}),
        "expect.outcome must be an object",
    ),
    (
        "chicago of the wrong type before any result",
        THEBOSS_EXAMPLE,
        _step({"expect": {"chicago": "Ana"}}),
        "expect.chicago must be an object",
    ),
    (
        "game winners of mixed types",
        THEBOSS_OVER,
        _at_the_end(game_winners=["Ana", 1]),
        "expect.game_winners must be a list of player names",
    ),
    (
        "illegal actions as two objects",
        THEBOSS_EXAMPLE,
        _step({"expect": {"illegal": [{"type": "play", "card": 0}, {"type": "play", "card": 1}]}}),
        "expect.illegal must be a list of actions written as text",
    ),
    (
        "away rounds not numbers",
        THEBOSS_EXAMPLE,
        lambda d: d["setup"].update(away={"Ana": ["x"]}),
        "setup.away",
    ),
]

BOSSQUEST_CASES: list[tuple[str, Path, Change, str]] = [
    (
        "superscript ask",
        BOSSQUEST_EXAMPLE,
        _step({"seat": "Julien", "do": "ask ²"}),
        "cannot read the action 'ask ²'",
    ),
    (
        "superscript ask visit",
        BOSSQUEST_EXAMPLE,
        _step({"seat": "Julien", "do": "ask ³ visit"}),
        "cannot read the action",
    ),
    (
        "keys a string",
        BOSSQUEST_EXAMPLE,
        lambda d: d["setup"].update(keys={"Julien": "x"}),
        "setup.keys.Julien must be a whole number",
    ),
    (
        "hearts negative",
        BOSSQUEST_EXAMPLE,
        lambda d: d["setup"].update(hearts={"Julien": -4}),
        "setup.hearts.Julien must be 0 to 3",
    ),
    (
        "fates a list",
        BOSSQUEST_EXAMPLE,
        lambda d: d["setup"].update(options={"reaper": True}, fates={"Julien": ["gone"]}),
        "setup.fates",
    ),
    (
        "players overridden in options",
        BOSSQUEST_EXAMPLE,
        lambda d: d["setup"].update(options={"players": 3}),
        "setup.options has unknown field(s) players",
    ),
    (
        "reaper_came not a flag",
        BOSSQUEST_EXAMPLE,
        lambda d: d["setup"].update(options={"reaper": True}, reaper_came="yes"),
        "setup.reaper_came must be true or false",
    ),
    (
        "later round a number",
        BOSSQUEST_EXAMPLE,
        lambda d: d["setup"].update(later_rounds=[3]),
        "setup.later_rounds[0] must be a JSON object",
    ),
    (
        "round winners of the wrong type before any fight",
        BOSSQUEST_EXAMPLE,
        _step({"expect": {"round_winners": 3}}),
        "expect.round_winners must be a list of player names",
    ),
]


def _failure(game: Any, rules: Any, data: dict[str, Any]) -> str:
    result = run_scenario(game, rules, data)
    assert not result.passed
    assert result.failure is not None
    return result.failure


@pytest.mark.parametrize(
    ("path", "change", "fragment"),
    [case[1:] for case in THEBOSS_CASES],
    ids=[case[0] for case in THEBOSS_CASES],
)
def test_a_malformed_theboss_scenario_fails_with_its_reason(
    path: Path, change: Change, fragment: str
) -> None:
    data = copy.deepcopy(_load(path))
    change(data)
    assert fragment in _failure(THEBOSS, THEBOSS_SCENARIOS, data)


@pytest.mark.parametrize(
    ("path", "change", "fragment"),
    [case[1:] for case in BOSSQUEST_CASES],
    ids=[case[0] for case in BOSSQUEST_CASES],
)
def test_a_malformed_bossquest_scenario_fails_with_its_reason(
    path: Path, change: Change, fragment: str
) -> None:
    data = copy.deepcopy(_load(path))
    change(data)
    assert fragment in _failure(BOSSQUEST, BOSSQUEST_SCENARIOS, data)


TOP_LEVEL_CASES: list[tuple[str, Change, str]] = [
    ("name a list", lambda d: d.update(name=[1]), "name must be a string"),
    ("title a string", lambda d: d.update(title="Hi"), "title must be an object"),
    ("intro in German", lambda d: d.update(intro={"de": "Hallo"}), "intro has unknown field(s) de"),
    ("tags a string", lambda d: d.update(tags="x"), "tags must be a list of strings"),
    ("steps an object", lambda d: d.update(steps={}), "steps must be a list"),
    ("setup a list", lambda d: d.update(setup=[]), "setup must be a JSON object"),
    ("fails without do", _step({"fails": "x"}), "step 1: fails needs do"),
    ("seat without do", _step({"seat": "Ana"}), "step 1: seat needs do"),
    ("fails a number", _step({"seat": "Ana", "do": "play boston_1", "fails": 3}), "fails must"),
    ("caption a string", _step({"expect": {}, "caption": "x"}), "step 1: caption must be"),
]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [case[1:] for case in TOP_LEVEL_CASES],
    ids=[case[0] for case in TOP_LEVEL_CASES],
)
def test_the_runner_checks_the_fields_it_does_not_play(change: Change, fragment: str) -> None:
    data = copy.deepcopy(_load(THEBOSS_EXAMPLE))
    change(data)
    assert fragment in _failure(THEBOSS, THEBOSS_SCENARIOS, data)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_the_command_line_reports_the_listed_cases_without_a_traceback(tmp_path: Path) -> None:
    paths = []
    for label, path, change, _fragment in [*THEBOSS_CASES[:5], *BOSSQUEST_CASES[:3]]:
        data = copy.deepcopy(_load(path))
        change(data)
        written = tmp_path / f"{label.replace(' ', '_')}.json"
        written.write_text(json.dumps(data), encoding="utf-8")
        paths.append(str(written))
    done = run_cli("scenario", *paths)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == len(paths) + 1
    assert all(line.startswith("FAIL ") for line in lines[:-1])
    assert lines[-1] == f"0 passed, {len(paths)} failed"


@pytest.mark.parametrize(
    "content",
    [b"", b"\xff\xfe{}", b"[" * 40 + b"]" * 40, b'{"game": "theboss"'],
    ids=["empty", "not UTF-8", "too deep", "cut short"],
)
def test_a_file_that_is_not_json_is_an_error_line_and_exit_2(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    done = run_cli("scenario", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: scenario ") and str(path) in done.stderr
    assert "Traceback" not in done.stderr


# ------------------------------------------- the keys of issue #28, by case

CASES_FILE = ROOT / "tests" / "scenarios" / "theboss" / "anywhere_mid_turn_stacked.json"
MID_TURN = "Ana in the middle of her turn: gangsters placed, a card to play"


def _in_mid_turn(change: Change) -> Change:
    """`change` made to the file's first case (a mid-turn start)."""
    return lambda data: change(data["cases"][0])


NEW_KEY_CASES: list[tuple[str, Change, str]] = [
    (
        "bad path in set",
        _in_mid_turn(lambda c: c["setup"]["set"].update({"hands.Zoé": []})),
        "setup: setup.set: hands.Zoé: 'Zoé' is no index of a list",
    ),
    (
        "wrong type in set",
        _in_mid_turn(lambda c: c["setup"]["set"].update(turn="two")),
        "setup: setup.set: the game refuses this state: theboss state.turn must be an integer",
    ),
    (
        "unknown name in set",
        _in_mid_turn(lambda c: c["setup"]["set"].update(hidden=["@boston_9"])),
        "setup: setup.set.hidden: unknown name '@boston_9'",
    ),
    (
        "bad path in a view",
        _in_mid_turn(lambda c: c["steps"][0]["expect"]["view"]["Ana"].update({"hand.x": 1})),
        "step 1: expect.view.Ana: hand.x: 'x' is no index of a list",
    ),
    (
        "wrong type of check",
        _in_mid_turn(lambda c: c["steps"][0]["expect"]["zones"].update(police={"count": []})),
        "step 1: expect.zones.police.count must be a whole number, not a list of 0 items",
    ),
    (
        "any of the wrong type",
        _in_mid_turn(lambda c: c["steps"].append({"any": [1]})),
        "step 6: any must be a whole number from 1 to 1000, not a list of 1 items",
    ),
    (
        "events not a list",
        _in_mid_turn(lambda c: c["steps"][3]["expect"].update(events="play")),
        "step 4 (Ana: play memphis_1): expect.events must be a list",
    ),
    (
        "bad prefix step",
        _in_mid_turn(lambda c: c["setup"].update(before=[{"seat": "Ana", "do": "dance"}])),
        "setup: setup.before[0] (Ana: dance): cannot read the action 'dance'",
    ),
]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [case[1:] for case in NEW_KEY_CASES],
    ids=[case[0] for case in NEW_KEY_CASES],
)
def test_the_command_line_names_the_case_and_the_field_of_a_new_key(
    tmp_path: Path, change: Change, fragment: str
) -> None:
    data = copy.deepcopy(_load(CASES_FILE))
    change(data)
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    lines: list[str] = []
    assert cli.main(GAMES, ["scenario", str(path)], out=lines.append) == 1
    failed = [line for line in lines if line.startswith("FAIL ")]
    assert len(failed) == 1, lines
    assert failed[0].startswith(f"FAIL {path}: {MID_TURN}: {fragment}"), failed
    assert lines[-1] == f"{len(lines) - 2} passed, 1 failed"
