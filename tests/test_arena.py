"""The arena: seeded bot games, win rates with confidence intervals, timings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.bossquest import GAME
from game.engine.arena import run_arena, wilson_interval
from game.engine.errors import MalformedData

ROOT = Path(__file__).resolve().parent.parent


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_arena_counts_every_game_once_and_is_repeatable() -> None:
    report = run_arena(GAME, {"players": 3}, ["normal", "easy", "random"], games=12, seed=4)
    data = report.to_json()
    assert data["games"] == 12
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(12)
    assert all(seat["decisions"] > 0 for seat in data["seats"])
    again = run_arena(GAME, {"players": 3}, ["normal", "easy", "random"], games=12, seed=4)
    assert [s["wins"] for s in again.to_json()["seats"]] == [s["wins"] for s in data["seats"]]


def test_unknown_level_is_refused() -> None:
    with pytest.raises(MalformedData, match="unknown bot level"):
        run_arena(GAME, {"players": 2}, ["normal", "genius"], games=1, seed=1)


def test_arena_command_prints_json() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "arena",
            "--game",
            "bossquest",
            "--players",
            "2",
            "--bots",
            "hard,easy",
            "--games",
            "2",
            "--seed",
            "3",
            "--playouts",
            "10",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [seat["bot"] for seat in data["seats"]] == ["hard", "easy"]
    seat = data["seats"][0]
    assert set(seat) == {
        "bot",
        "role",
        "team",
        "wins",
        "win_rate",
        "ci95",
        "decisions",
        "mean_decision_ms",
        "p95_decision_ms",
    }
    assert seat["ci95"][0] <= seat["win_rate"] <= seat["ci95"][1]
    # a game without declared modes: every seat plays the one role, no team
    assert (seat["role"], seat["team"], data["teams"]) == ("player", None, [])
    assert [(role["role"], role["seats"]) for role in data["roles"]] == [("player", 2)]
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "arena",
            "--players",
            "3",
            "--bots",
            "hard,easy",
            "--games",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "2 bots for 3 players" in bad.stderr
