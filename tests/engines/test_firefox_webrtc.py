"""Two devices over WebRTC in Firefox ESR, inside a network namespace: two
Firefox instances (two profiles, host and guest) pair by the invitation link
and the answer code, as people do, and play a 2-player game to its end; no
console error, no failed response, no request to another origin.

The namespace is tests/browser/netns.py's (loopback and a veth pair, no link
to the outside): the site is served inside it on 127.0.0.1 (a secure
context), and the Node driver (tests/engines/firefox/webrtc.mjs) runs inside
it too, so Firefox and every packet of its WebRTC stay there. Firefox keeps
its WebRTC defaults (mDNS host candidates), as players have them: inside the
namespace it needs no preference (docs/engines.md says what was tried).
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import build
from game.registry import catalogue
from tests.browser.netns import NetNs, serve_in, skip_reason
from tests.engines.conftest import ROOT, SHOTS
from tests.engines.test_firefox import FIREFOX, _env, _missing

DRIVER = Path(__file__).with_name("firefox") / "webrtc.mjs"
#: the whole driver: two Firefox starts, two first visits, pairing and a game
RUN_TIMEOUT_S = 600


def two_player_game() -> str:
    """The first game of the registry's catalogue that 2 can play (no game named here)."""
    for entry in catalogue():
        declared = entry["declared"]
        assert isinstance(declared, dict)
        players = declared["players"]
        assert isinstance(players, dict), players
        if int(str(players["min"])) <= 2 <= int(str(players["max"])):
            return str(entry["name"])
    raise AssertionError("no registered game is played by 2")


#: the candidate types a link inside one network may use: a host candidate, or
#: a peer-reflexive one learned from the other side's checks (an mDNS name not
#: resolved yet); never a STUN or TURN server's
DIRECT = {"host", "prflx"}


@pytest.fixture(scope="module")
def netns() -> Iterator[NetNs]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    ns = NetNs.create(f"bq-{os.getpid()}-1")
    try:
        yield ns
    finally:
        ns.delete()


@pytest.fixture(scope="module")
def site_in_netns(netns: NetNs, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site served inside the namespace; its origin (http://127.0.0.1:<port>)."""
    built = build.build(tmp_path_factory.mktemp("ffrtc") / "dist", quiet=True)
    process, origin = serve_in(netns, built.out)
    try:
        yield origin
    finally:
        process.terminate()
        process.wait(timeout=10)


def run_driver(netns: NetNs, origin: str, prefs: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run webrtc.mjs inside `netns` against the site at `origin`, Firefox
    given `prefs` besides its defaults (none in the test); its result."""
    config = {
        "url": origin + "/",
        "origin": origin,
        "firefox": str(FIREFOX),
        "shots": str(SHOTS),
        "game": two_player_game(),
        "seed": 30,
        "prefs": prefs or {},
    }
    done = subprocess.run(
        netns.command(["node", str(DRIVER), json.dumps(config)]),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        env=_env(),
    )
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            result: dict[str, Any] = json.loads(line.removeprefix("RESULT "))
            return result
    return {
        "ok": False,
        "ms": None,
        "actions": None,
        "error": f"the driver reported nothing (exit {done.returncode}):\n{done.stderr[-4000:]}",
    }


def test_firefox_two_devices_pair_and_play_a_whole_game(netns: NetNs, site_in_netns: str) -> None:
    missing = _missing()
    if missing is not None:
        pytest.fail(missing, pytrace=False)
    result = run_driver(netns, site_in_netns)
    if not result["ok"]:
        pytest.fail(
            f"two Firefox devices over WebRTC ({result['ms']} ms):\n{result['error']}\n"
            f"the namespace's addresses:\n{netns.addresses()}",
            pytrace=False,
        )
    routes = result["routes"]
    for side in ("host", "guest"):
        assert len(routes[side]) == 1, f"{side}: one device link expected: {routes}"
        link = routes[side][0]
        assert {link["local"], link["remote"]} <= DIRECT, f"{side}'s link is not direct: {routes}"
    print(f"two Firefox devices: {result['actions']} actions in {result['ms']} ms; links {routes}")
