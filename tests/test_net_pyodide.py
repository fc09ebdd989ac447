"""game/net keeps to its layer (standard library and game.engine only), and the
same session, host and two guests through the in-memory transport, runs inside
Pyodide (Python 3.14, the page's runtime, under Node) exactly as under CPython."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tests.pyodide_server import PyodideServer, last_json, run_cpython

ROOT = Path(__file__).resolve().parent.parent
NET = ROOT / "game" / "net"

# Self-contained: Pyodide gets the `game` package only, not the tests.
SCRIPT = r"""
import hashlib, json, sys
from game.bossquest import GAME
from game.engine import rng
from game.engine.codec import state_hash
from game.net import GuestSession, HostSession, MemoryHub

seed = int(sys.argv[1])
host = HostSession.new(GAME, json.loads(sys.argv[2]), seed, "Alice")
hub = MemoryHub(host)
guests = {}
for seat, name in ((1, "Bob"), (2, "Chloé")):
    guest = GuestSession(name, game=GAME)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(seat))
    hub.flush()
    guests[seat] = (peer, guest)
hub.route(host.fill_with_bots("random"))
hub.route(host.start())
hub.flush()
dice = rng.seed_state(seed)
digest = hashlib.sha256()
while host.phase == "playing":
    seat = host.to_act()
    if seat in guests:
        peer, guest = guests[seat]
        index, dice = rng.below(dice, len(guest.legal))
        hub.send(peer, guest.propose(guest.legal[index]))
    else:
        legal = host.legal_json(seat)
        index, dice = rng.below(dice, len(legal))
        sends = host.host_act(legal[index]) if seat == 0 else host.bot_act(seat, legal[index])
        hub.route(sends)
    hub.flush()
    for seat, (peer, guest) in sorted(guests.items()):
        digest.update(json.dumps([guest.version, guest.view, guest.legal, guest.events],
                                 sort_keys=True).encode())
# Deeply nested garbage is refused cleanly on this runtime's stack too.
peer, guest = guests[1]
nested = [host.receive(peer, "[" * 4000)[0][1], guest.receive("[" * 200000)]
refusals = [json.loads(nested[0])["code"], nested[1], guest.last_ignored[0]]
print(json.dumps({"platform": sys.platform, "python": sys.version.split()[0],
                  "version": host.version, "state": state_hash(GAME, host.state),
                  "guests": digest.hexdigest(), "refusals": refusals}))
"""


def _imports(path: Path) -> set[tuple[int, str]]:
    found: set[tuple[int, str]] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {(0, alias.name.split(".")[0]) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add((node.level, (node.module or "").split(".")[0]))
    return found


def test_game_net_imports_only_the_standard_library_and_the_engine() -> None:
    modules = sorted(NET.glob("*.py"))
    assert len(modules) >= 5
    for path in modules:
        for level, name in _imports(path):
            if level == 0:
                assert name in sys.stdlib_module_names or name == "__future__", (path, name)
            elif level == 2:
                assert name == "engine", (path.name, name)
            else:
                assert level == 1, (path.name, level, name)


@pytest.mark.parametrize(
    ("seed", "options"),
    [(7, '{"players": 3}'), (8, '{"players": 4, "potions": true, "companions": true}')],
)
def test_a_network_game_runs_the_same_in_pyodide(
    seed: int, options: str, tmp_path: Path, pyodide: PyodideServer
) -> None:
    script = tmp_path / "net_game.py"
    script.write_text(SCRIPT, "utf-8")
    in_pyodide = last_json(pyodide.run(script, str(seed), options))
    in_cpython = last_json(run_cpython(script, str(seed), options))
    assert in_pyodide["platform"] == "emscripten"
    assert str(in_pyodide["python"]).startswith("3.14")
    assert in_pyodide["version"] == in_cpython["version"]
    assert int(str(in_cpython["version"])) > 10
    assert in_pyodide["state"] == in_cpython["state"]
    assert in_pyodide["guests"] == in_cpython["guests"]
    assert in_pyodide["refusals"] == in_cpython["refusals"] == ["malformed", "ignored", "malformed"]
