"""`python -m game simulate` and `replay` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulate_prints_one_json_line_with_no_violation(players: int) -> None:
    done = run_cli(
        "simulate", "--game", "bossquest", "--players", str(players), "--games", "5", "--seed", "1"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert set(report) == {
        "games",
        "actions",
        "games_per_s",
        "actions_per_s",
        "mean_rounds",
        "invariant_violations",
    }
    assert report["games"] == 5
    assert report["actions"] > 0
    assert report["invariant_violations"] == 0
    assert report["mean_rounds"] >= 1


def test_simulate_is_deterministic_and_takes_options() -> None:
    first = json.loads(
        run_cli("simulate", "--players", "3", "--games", "4", "--seed", "9", "--no-check").stdout
    )
    second = json.loads(
        run_cli(
            "simulate",
            "--players",
            "3",
            "--games",
            "4",
            "--seed",
            "9",
            "--option",
            "keep_yellow=false",
        ).stdout
    )
    assert first["actions"] == second["actions"]
    assert first["mean_rounds"] == second["mean_rounds"]


def test_simulate_refuses_bad_options() -> None:
    done = run_cli("simulate", "--players", "9", "--games", "1")
    assert done.returncode == 2
    assert "2 to 6" in done.stderr


def test_replay_prints_outcome_and_hash(tmp_path: Path) -> None:
    golden = json.loads((ROOT / "tests" / "golden" / "bossquest_4p_seed2026.json").read_text())
    match_file = tmp_path / "match.json"
    match_file.write_text(json.dumps(golden["match"]))
    done = run_cli("replay", str(match_file))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["hash"] == golden["final_hash"]
    assert result["outcome"] == golden["outcome"]
    match_file.write_text("{not json")
    done = run_cli("replay", str(match_file))
    assert done.returncode == 2
    assert "not valid JSON" in done.stderr
