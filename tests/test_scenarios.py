"""Every scenario file under tests/scenarios passes, through the runner and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.bossquest import GAME
from game.bossquest.scenario import SCENARIOS
from game.engine.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((ROOT / "tests" / "scenarios" / "bossquest").rglob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIO_FILES) >= 1


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_scenario_passes(path: Path) -> None:
    result = run_scenario(GAME, SCENARIOS, load_scenario(path))
    assert result.passed, result.failure


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_command_line_reports_pass_and_fail(tmp_path: Path) -> None:
    example = ROOT / "tests" / "scenarios" / "bossquest" / "rulebook_end_of_round.json"
    data = json.loads(example.read_text(encoding="utf-8"))
    data["steps"][-1]["expect"]["round_winners"] = ["Benjamin"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    done = run_cli("scenario", str(example), str(broken))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith("PASS") and "rulebook" in lines[0]
    assert lines[1].startswith("FAIL")
    assert "expected round_winners ['Benjamin'], found ['Élodie']" in lines[1]
    assert lines[-1] == "1 passed, 1 failed"
    assert run_cli("scenario", str(example)).returncode == 0


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["setup"].update(players=["A"]), "players must be 2 to 6"),
        (lambda d: d["setup"].update(bosses=[30]), "no boss has 30"),
        (lambda d: d["setup"].update(spells=["fireball"]), "no spell 'fireball'"),
        (lambda d: d["setup"]["hands"]["Julien"].update(hidden="red9"), "unknown weapon 'red9'"),
        (lambda d: d["setup"].update(weapon_deck=["red6"]), "stacked twice"),
        (lambda d: d["steps"].insert(0, {"seat": "Zoé", "do": "ask 1"}), "unknown player 'Zoé'"),
        (lambda d: d["steps"].insert(0, {"seat": "Julien", "do": "dance"}), "cannot read"),
        (lambda d: d["steps"].insert(0, {"expect": {"luck": 3}}), "unknown expectation"),
        (lambda d: d["steps"].insert(0, {"seat": "Lucie", "do": "ask 1"}), "not_your_turn"),
        (
            lambda d: d["steps"].insert(0, {"seat": "Julien", "do": "ask 1", "fails": "bad_count"}),
            "expected refusal 'bad_count', but the action was played",
        ),
        (lambda d: d.update(colour="red"), "unknown field(s) colour"),
    ],
)
def test_broken_scenarios_explain_themselves(tmp_path: Path, change: object, fragment: str) -> None:
    example = ROOT / "tests" / "scenarios" / "bossquest" / "rulebook_end_of_round.json"
    data = json.loads(example.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_cli("scenario", str(path))
    assert done.returncode == 1
    assert fragment in done.stdout, done.stdout
