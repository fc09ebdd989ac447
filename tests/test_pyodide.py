"""The same seeded games inside Pyodide (Python 3.14, the pinned npm package,
under Node) end in the same states as under CPython."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide" / "seeded_game.py"
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"


def run(command: list[str]) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


ALL_EXTENSIONS = '{"potions": true, "companions": true, "reaper": true}'


@pytest.mark.parametrize(
    ("players", "extensions"),
    [(2, "{}"), (4, "{}"), (6, "{}"), (3, ALL_EXTENSIONS), (5, ALL_EXTENSIONS)],
)
def test_pyodide_and_cpython_reach_the_same_state_hashes(players: int, extensions: str) -> None:
    node = shutil.which("node")
    assert node is not None, "Node.js is needed to run Pyodide (see README)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), (
        "run `npm ci` first (tests/run_all.py does)"
    )
    args = [str(SCRIPT), str(players), "4", "2026", extensions]
    in_pyodide = run([node, str(RUNNER), *args])
    in_cpython = run([sys.executable, *args])
    assert in_pyodide["platform"] == "emscripten"
    assert str(in_pyodide["python"]).startswith("3.14")
    assert in_pyodide["hashes"] == in_cpython["hashes"]
    assert in_pyodide["actions"] == in_cpython["actions"]
