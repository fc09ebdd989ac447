"""The tutorial scenarios of game/bossquest/tutorials/: each passes the scenario
runner and ``python -m game scenario``, speaks French and English, and names a
reader whose every move has a caption and a hint."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import build
from game.bossquest import GAME
from game.bossquest.scenario import SCENARIOS
from game.engine.scenario import load_scenario, run_scenario
from game.web.tutorial import TUTORIALS_DIR, TutorialSession, tutorial_names, tutorial_problems

ROOT = Path(__file__).resolve().parents[1]

#: the names other pages link to (rules.html): they must all exist
EXPECTED = {
    "basic_turn",
    "going_over",
    "closest_wins",
    "tie_breaks",
    "perfect",
    "mystery",
    "spells_strength",
    "spells_weapons",
    "spells_boss",
    "spells_conditions",
    "spells_round",
    "spells_cancel",
    "two_players",
    "many_players",
    "potions",
    "companions",
    "reaper",
}
NAMES = tutorial_names()


def _data(name: str) -> dict[str, Any]:
    return load_scenario(TUTORIALS_DIR / f"{name}.json")


def test_every_expected_tutorial_exists() -> None:
    assert set(NAMES) == EXPECTED


@pytest.mark.parametrize("name", NAMES)
def test_tutorial_passes_the_runner(name: str) -> None:
    result = run_scenario(GAME, SCENARIOS, _data(name))
    assert result.passed, result.failure


def test_every_tutorial_passes_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", "game/bossquest/tutorials"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(EXPECTED)} passed, 0 failed" in done.stdout
    assert all(f"PASS game/bossquest/tutorials/{name}.json" in done.stdout for name in EXPECTED)


def test_the_command_line_reports_a_broken_tutorial(tmp_path: Path) -> None:
    data = _data("perfect")
    data["steps"][0]["expect"] = {"strength": {"Alix": 16}}  # it is 17
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "FAIL" in done.stdout and "expected strength" in done.stdout


@pytest.mark.parametrize("name", NAMES)
def test_tutorial_is_complete_in_both_languages(name: str) -> None:
    assert tutorial_problems(_data(name)) == []


@pytest.mark.parametrize("name", NAMES)
def test_tutorial_is_short_and_has_moves_for_the_reader(name: str) -> None:
    session = TutorialSession(_data(name), name=name)
    stops = session.stops()
    moves = [s for s in session.steps if s.is_reader_move(session.reader)]
    assert 3 <= len(stops) <= 8, stops
    assert moves, "the reader never plays"


def test_problems_name_what_is_missing() -> None:
    data = _data("perfect")
    del data["title"]["en"]
    data["steps"][0].pop("hint")
    data["outro"] = {"fr": "Fin."}
    problems = tutorial_problems(data)
    assert "title needs French and English" in problems
    assert "outro needs French and English" in problems
    assert "step 0: the reader's move needs a hint" in problems


def test_the_build_index_holds_every_tutorial_for_the_page() -> None:
    """By game (the file's "game"), then by name: two games may name a lesson alike."""
    index = json.loads(build.tutorials_index())
    assert set(index["bossquest"]) == EXPECTED
    first = index["bossquest"]["basic_turn"]
    data = _data("basic_turn")
    assert first["title"] == data["title"]
    assert first["intro"] == data["intro"]
    assert first["caption"] == data["steps"][0]["caption"]
    assert first["players"] == data["setup"]["players"]
    # the start of what Boss Quest's listing previews (its first boss), nothing else
    assert first["reader"] == "Alix" and first["preview"] == {"bosses": 17}
    other = json.loads(build.tutorials_index(previews={}))["bossquest"]["basic_turn"]
    assert other["preview"] == {}
    assert "<" not in build.tutorials_index()  # safe inside a <script> element
