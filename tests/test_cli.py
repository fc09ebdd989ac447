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


# ----- bad input: `error: <reason>` on stderr, exit status 2, never a traceback


def _bad_files(folder: Path) -> dict[str, Path]:
    """Files (and a folder) that no subcommand can read."""
    files = {
        "not UTF-8": b'{"game": "\xff\xfe"}',
        "deep": b"[" * 100_000,
        "deep in a match": b'{"schema": 1, "game": "bossquest", "x": ' + b"[" * 100_000 + b"}",
        "huge": b" " * (1 << 20) + b"{}",
        "not JSON": b"{not json",
        "empty": b"",
    }
    paths = {"missing": folder / "missing.json", "folder": folder}
    for name, data in files.items():
        path = folder / f"{name.replace(' ', '_')}.json"
        path.write_bytes(data)
        paths[name] = path
    return paths


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run main() in this process: exit status 2 and one `error: ...` line."""
    from game.engine.cli import main
    from game.registry import GAMES

    status = main(GAMES, list(args))
    err = capsys.readouterr().err
    assert status == 2, (args, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and len(err) < 400
    return err


@pytest.mark.parametrize(
    "case",
    ["not UTF-8", "deep", "deep in a match", "huge", "not JSON", "empty", "missing", "folder"],
)
def test_replay_refuses_a_file_it_cannot_read(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _bad_files(tmp_path)[case]
    err = _refused(capsys, "replay", str(path))
    assert str(path) in err


@pytest.mark.parametrize("case", ["not UTF-8", "deep", "huge", "not JSON", "empty", "missing"])
def test_scenario_refuses_a_file_it_cannot_read_and_runs_nothing(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = ROOT / "tests" / "scenarios" / "bossquest" / "rulebook_end_of_round.json"
    path = _bad_files(tmp_path)[case]
    _refused(capsys, "scenario", str(good), str(path))
    empty = tmp_path / "empty_folder"
    empty.mkdir()
    assert "no *.json" in _refused(capsys, "scenario", str(empty))


def test_replay_refuses_an_unknown_game_or_a_bad_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    match = {"schema": 1, "game": "chess" * 10_000, "options": {"players": 2}, "seed": 1}
    match["actions"] = []
    path.write_text(json.dumps(match))
    assert "unknown game 'chesschess" in _refused(capsys, "replay", str(path))
    path.write_text(json.dumps({**match, "game": "bossquest", "actions": [[0, {"type": "fly"}]]}))
    assert "unknown action type 'fly'" in _refused(capsys, "replay", str(path))
    path.write_text(json.dumps({**match, "game": "bossquest", "seed": "x"}))
    _refused(capsys, "replay", str(path))


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--players", "x"],
        ["simulate", "--players", "9" * 5000],
        ["simulate", "--players", "99"],
        ["simulate", "--players", "3", "--games", "0"],
        ["simulate", "--players", "3", "--games", "-4"],
        ["simulate", "--players", "3", "--games", "1e3"],
        ["simulate", "--players", "3", "--seed", "abc"],
        ["simulate", "--players", "3", "--game", "chess"],
        ["simulate", "--players", "3", "--option", "keep_yellow"],
        ["simulate", "--players", "3", "--option", "keep_yellow=yes"],
        ["simulate", "--players", "3", "--option", "dragons=true"],
        ["simulate", "--players", "3", "--option", "keep_yellow=" + "[" * 100_000],
        ["simulate", "--players", "3", "--option", "keep_yellow=" + '"' + "x" * 10_000 + '"'],
        ["simulate", "--players", "3", "--frobnicate"],
        ["arena", "--players", "2", "--bots", "easy,wizard", "--games", "1"],
        ["arena", "--players", "2", "--bots", "easy", "--games", "1"],
        ["arena", "--players", "2", "--bots", "easy,easy", "--playouts", "0"],
        ["arena", "--players", "2", "--bots", "easy,easy", "--time-budget", "nan"],
        ["arena", "--players", "2", "--bots", "easy,easy", "--time-budget", "-1"],
        ["arena", "--players", "2", "--bots", "easy,easy", "--time-budget", "inf"],
        ["replay"],
        ["chess"],
        [],
    ],
)
def test_bad_arguments_are_refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    _refused(capsys, *args)


def test_no_traceback_from_the_real_command(tmp_path: Path) -> None:
    """The same through `python -m game`, as a person runs it."""
    paths = _bad_files(tmp_path)
    for args in (("replay", str(paths["not UTF-8"])), ("scenario", str(paths["deep"]))):
        done = run_cli(*args)
        assert done.returncode == 2
        assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr
        assert done.stdout == ""
