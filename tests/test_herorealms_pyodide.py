"""Hero Realms' seeded random games end in the same states inside Pyodide
(Python 3.14, under Node) as under CPython (the game is not registered yet,
so the conformance suite does not run it there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pyodide_server import PyodideServer, last_json, run_cpython

SCRIPT = """
import json, sys, time
from game.herorealms import GAME
from game.engine.codec import state_hash
from game.engine.simulate import random_game

options, games, seed = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
hashes, actions, start = [], 0, time.perf_counter()
for index in range(games):
    state, played, _ = random_game(GAME, options, seed + index)
    actions += len(played)
    hashes.append(state_hash(GAME, state))
seconds = time.perf_counter() - start
print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
                  "hashes": hashes, "actions": actions, "seconds": seconds}))
"""


@pytest.mark.parametrize(
    "options", ['{"players": 2}', '{"players": 3}', '{"players": 4, "mode": "hunter"}']
)
def test_pyodide_and_cpython_reach_the_same_state_hashes(
    options: str, pyodide: PyodideServer, tmp_path: Path
) -> None:
    script = tmp_path / "herorealms_seeded.py"
    script.write_text(SCRIPT, encoding="utf-8")
    in_pyodide = last_json(pyodide.run(script, options, "2", "2026"))
    in_cpython = last_json(run_cpython(script, options, "2", "2026"))
    assert in_pyodide["platform"] == "emscripten"
    assert in_pyodide["hashes"] == in_cpython["hashes"]
    assert in_pyodide["actions"] == in_cpython["actions"]
    rate = in_pyodide["actions"] / in_pyodide["seconds"]
    print(f"herorealms {options} in Pyodide: {rate:.0f} actions/s")
