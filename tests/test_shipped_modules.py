"""Nothing lost in the trimming: the standard library the build ships
(sitebuild/runtime.py: only the modules the pages import, as bytecode of the
pinned Pyodide's Python) holds every module the pages' Python imports.

Three views of "what the pages import", each compared with what is shipped:
- CPython, recording (tests/stdlib_probe.py) while it imports every module of
  ``game/`` (the pages' entry modules and the test games included) and while
  the test files that play the pages' Python run (sessions, bots, network
  host and guest, tutorials, scenarios, replays, undo);
- Pyodide under Node, on the shipped files alone: every module of the game
  imports and one seeded game of each plays;
- the same Pyodide with its stock standard library: what 3.14 itself loads
  for the same work, to tell a CPython 3.11-only dependency from a lost one.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import build
from sitebuild.runtime import RuntimeBundle, compile_runtime, shipped_module

ROOT = Path(__file__).resolve().parent.parent
PROBE = ROOT / "tests" / "stdlib_probe.py"
RUNNER = ROOT / "tests" / "pyodide" / "shipped_imports.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide"

#: Test files that play the pages' Python under CPython.
PLAY_TESTS = (
    "tests/test_web_session.py",
    "tests/test_web_session_reload.py",
    "tests/test_web_render.py",
    "tests/test_web_controls.py",
    "tests/test_web_extensions.py",
    "tests/test_web_bots.py",
    "tests/test_web_net_controller.py",
    "tests/test_web_net_resume.py",
    "tests/test_web_net_view.py",
    "tests/test_web_replay.py",
    "tests/test_web_tutorial.py",
    "tests/test_web_tutorial_games.py",
    "tests/test_worker_link.py",
    "tests/test_net_flow.py",
    "tests/test_tutorials.py",
    "tests/test_theboss_tutorials.py",
    "tests/test_scenarios.py",
    "tests/test_theboss_scenarios.py",
    "tests/test_theboss_client.py",
    "tests/test_duel.py",
    "tests/test_replaylink.py",
    "tests/test_undo.py",
    "tests/test_local_table.py",
)

#: Modules CPython 3.11 loads for the game's code where Python 3.14 does not
#: (3.11's ``fractions`` imports ``decimal``; its file loader imports
#: ``importlib.readers``, hence ``importlib.resources``). The test checks that
#: Pyodide with its full standard library indeed loads none of them.
CPYTHON_311_ONLY = frozenset(
    {
        "decimal",
        "importlib.readers",
        "importlib.resources",
        "importlib.resources._adapters",
        "importlib.resources._common",
        "importlib.resources._itertools",
        "importlib.resources._legacy",
        "importlib.resources.abc",
        "importlib.resources.readers",
    }
)


@pytest.fixture(scope="module")
def bundle() -> RuntimeBundle:
    assert shutil.which("node") is not None, "Node.js is needed to run Pyodide (see README)"
    source = build.game_zip_bytes()
    return compile_runtime(PYODIDE, source)


def _in_pyodide(stdlib: Path, game: Path) -> dict[str, Any]:
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run(
        [node, str(RUNNER), str(PYODIDE), str(stdlib), str(game)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def pyodide_runs(
    bundle: RuntimeBundle, tmp_path_factory: pytest.TempPathFactory
) -> Mapping[str, dict[str, Any]]:
    """Pyodide on the shipped files, and on its stock standard library."""
    folder = tmp_path_factory.mktemp("shipped")
    (folder / "stdlib.zip").write_bytes(bundle.stdlib_zip)
    (folder / "game.zip").write_bytes(bundle.game_zip)
    return {
        "shipped": _in_pyodide(folder / "stdlib.zip", folder / "game.zip"),
        "stock": _in_pyodide(PYODIDE / "python_stdlib.zip", folder / "game.zip"),
    }


def _probe(tmp_path: Path, *args: str) -> set[str]:
    out = tmp_path / "recorded.json"
    done = subprocess.run(
        [sys.executable, str(PROBE), str(out), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return set(json.loads(out.read_text("utf-8")))


def _lost(bundle: RuntimeBundle, recorded: set[str], stock_run: dict[str, Any]) -> list[str]:
    """Recorded modules that are not shipped, but for checked 3.11-only ones."""
    in_314 = set(stock_run["modules"])
    lost = {m for m in recorded if not shipped_module(bundle.manifest, m)}
    return sorted(lost - (CPYTHON_311_ONLY - in_314))


def test_the_shipped_files_run_the_whole_game_in_pyodide(
    pyodide_runs: Mapping[str, dict[str, Any]],
) -> None:
    shipped = pyodide_runs["shipped"]
    assert str(shipped["python"]).startswith("3.14")
    assert shipped["failed"] == {}
    assert "game.web.game_page" in shipped["modules"] and "game.web.net_page" in shipped["modules"]


def test_pyodide_loads_no_more_with_its_full_standard_library(
    bundle: RuntimeBundle, pyodide_runs: Mapping[str, dict[str, Any]]
) -> None:
    stock = set(pyodide_runs["stock"]["modules"])
    assert pyodide_runs["stock"]["failed"] == {}
    assert sorted(m for m in stock if not shipped_module(bundle.manifest, m)) == []


def test_every_module_the_pages_import_is_shipped(
    bundle: RuntimeBundle, pyodide_runs: Mapping[str, dict[str, Any]], tmp_path: Path
) -> None:
    recorded = _probe(tmp_path, "entries")
    assert {"json", "dataclasses", "secrets"} <= recorded  # the probe sees the game's imports
    assert _lost(bundle, recorded, pyodide_runs["stock"]) == []


def test_every_module_playing_imports_is_shipped(
    bundle: RuntimeBundle, pyodide_runs: Mapping[str, dict[str, Any]], tmp_path: Path
) -> None:
    recorded = _probe(tmp_path, "pytest", *PLAY_TESTS)
    assert _lost(bundle, recorded, pyodide_runs["stock"]) == []


def test_a_module_missing_from_the_zip_is_seen(bundle: RuntimeBundle) -> None:
    assert shipped_module(bundle.manifest, "json")
    without = {**bundle.manifest, "modules": [m for m in bundle.manifest["modules"] if m != "json"]}
    assert not shipped_module(without, "json")


def test_modules_the_pages_never_import_are_left_out(bundle: RuntimeBundle) -> None:
    kept = set(bundle.manifest["modules"])
    stock = set(bundle.manifest["stock_modules"])
    assert {"unittest", "doctest", "pdb", "email", "sqlite3", "xml.dom"} <= stock - kept
    assert len(kept) < len(stock) / 2


def test_the_zips_hold_bytecode_for_this_pyodide_only(bundle: RuntimeBundle) -> None:
    magic = bytes.fromhex(bundle.manifest["magic"])
    stdlib = zipfile.ZipFile(io.BytesIO(bundle.stdlib_zip))
    names = stdlib.namelist()
    assert all(name.endswith(".pyc") for name in names)
    assert all(stdlib.read(name)[:4] == magic for name in names)
    modules = {
        name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for name in names
    }
    assert modules == set(bundle.manifest["modules"])

    source = zipfile.ZipFile(io.BytesIO(build.game_zip_bytes())).namelist()
    game = zipfile.ZipFile(io.BytesIO(bundle.game_zip))
    expected = {name + "c" if name.endswith(".py") else name for name in source}
    assert set(game.namelist()) == expected
    assert all(game.read(n)[:4] == magic for n in game.namelist() if n.endswith(".pyc"))


def test_the_lock_file_lists_no_package(bundle: RuntimeBundle) -> None:
    lock = json.loads(bundle.lockfile)
    stock = json.loads((PYODIDE / "pyodide-lock.json").read_bytes())
    assert lock["packages"] == {} and lock["info"] == stock["info"]
