"""The same seeded games inside Pyodide (Python 3.14, the pinned npm package,
under Node) end in the same states as under CPython."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pyodide_server import PyodideServer, last_json, run_cpython

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide" / "seeded_game.py"


ALL_EXTENSIONS = '{"potions": true, "companions": true, "reaper": true}'


@pytest.mark.parametrize(
    ("players", "extensions"),
    [(2, "{}"), (4, "{}"), (6, "{}"), (3, ALL_EXTENSIONS), (5, ALL_EXTENSIONS)],
)
def test_pyodide_and_cpython_reach_the_same_state_hashes(
    players: int, extensions: str, pyodide: PyodideServer
) -> None:
    args = [str(players), "4", "2026", extensions]
    in_pyodide = last_json(pyodide.run(SCRIPT, *args))
    in_cpython = last_json(run_cpython(SCRIPT, *args))
    assert in_pyodide["platform"] == "emscripten"
    assert str(in_pyodide["python"]).startswith("3.14")
    assert in_pyodide["hashes"] == in_cpython["hashes"]
    assert in_pyodide["actions"] == in_cpython["actions"]


def test_the_shared_pyodide_names_a_scripts_error_and_runs_the_next(
    pyodide: PyodideServer, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import sys\nprint('half')\nraise ValueError(sys.argv[1])\n", "utf-8")
    with pytest.raises(AssertionError, match="ValueError: named"):
        pyodide.run(broken, "named")
    working = tmp_path / "working.py"
    working.write_text("import json, sys\nprint(json.dumps({'args': sys.argv[1:]}))\n", "utf-8")
    assert last_json(pyodide.run(working, "a", "b")) == {"args": ["a", "b"]}


def test_each_script_in_the_shared_pyodide_starts_from_fresh_imports(
    pyodide: PyodideServer, tmp_path: Path
) -> None:
    """What one script changes in the project's modules (the registry's test
    games) does not reach the next one, as in separate processes."""
    script = tmp_path / "registry_games.py"
    script.write_text(
        "import json, sys\n"
        "from game import registry\n"
        "before = sorted(registry.GAMES)\n"
        "if sys.argv[1] == 'add':\n"
        "    registry.include_test_games()\n"
        "print(json.dumps({'games': before}))\n",
        "utf-8",
    )
    first = last_json(pyodide.run(script, "add"))
    assert last_json(pyodide.run(script, "look")) == first
