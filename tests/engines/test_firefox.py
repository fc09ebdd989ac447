"""Smoke tests of the shared shell in Firefox ESR (Debian's firefox-esr), for
every registered game: the home and the menu, a solo game resumed near its end
and played out at 375 px (its end also at 1280 px), reload and resume offline
after one visit, the rules page's live board, a tutorial board and two tabs
over BroadcastChannel; each with no console error, no failed response and no
request to another origin.

The cases run in Node (tests/engines/firefox/smoke.mjs, Puppeteer over
WebDriver BiDi, docs/engines.md says why): the driver runs once for the cases
this run selected and prints one result a case; each test here reports its own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.engines.conftest import ROOT, SHOTS, case_ids, selected_ids
from tests.engines.served import OfflineSwitch, Served, near_end_save, registered_games

DRIVER = Path(__file__).with_name("firefox") / "smoke.mjs"
FIREFOX = Path("/usr/bin/firefox-esr")
#: each case's time (ms), kept beside the screenshots
TIMES = ROOT / "artifacts" / "engines-firefox-ms.json"
#: the whole Firefox run, every selected case (a hang is a failure, not a stall)
RUN_TIMEOUT_S = 900

GAMES = registered_games()
IDS = case_ids([game.name for game in GAMES])


def _missing() -> str | None:
    if not FIREFOX.exists():
        return f"{FIREFOX} is missing: `python tests/run_all.py` installs Debian's firefox-esr"
    if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
        return "node_modules/puppeteer-core is missing: `python tests/run_all.py` runs npm ci"
    if shutil.which("node") is None:
        return "node is missing: install Node.js 20 or newer"
    return None


@pytest.fixture(scope="module")
def firefox_results(request: pytest.FixtureRequest, served: Served) -> dict[str, Any]:
    """Run the Node driver once over the selected cases; their results by id."""
    missing = _missing()
    if missing is not None:
        pytest.fail(missing, pytrace=False)
    switch = OfflineSwitch(served)
    config = {
        "url": served.url,
        "origin": served.origin,
        "control": switch.url,
        "firefox": str(FIREFOX),
        "shots": str(SHOTS),
        "games": [{**game.to_json(), "end": near_end_save(game)} for game in GAMES],
        "cases": selected_ids(request, "test_firefox"),
    }
    try:
        done = subprocess.run(
            ["node", str(DRIVER), json.dumps(config)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
            env=_env(),
        )
    finally:
        switch.close()
    results: dict[str, Any] = {}
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            result = json.loads(line.removeprefix("RESULT "))
            results[result["id"]] = result
    TIMES.parent.mkdir(parents=True, exist_ok=True)
    TIMES.write_text(json.dumps({k: v["ms"] for k, v in results.items()}, indent=1) + "\n")
    results["_driver"] = {"code": done.returncode, "stderr": done.stderr[-4000:]}
    return results


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PUPPETEER_SKIP_DOWNLOAD"] = "1"  # never fetch a browser of Puppeteer's own
    return env


@pytest.mark.parametrize("case", IDS)
def test_firefox(case: str, firefox_results: dict[str, Any]) -> None:
    result = firefox_results.get(case)
    if result is None:
        driver = firefox_results["_driver"]
        pytest.fail(
            f"the Firefox driver reported nothing for {case} (exit {driver['code']}):\n"
            + driver["stderr"],
            pytrace=False,
        )
    if not result["ok"]:
        pytest.fail(f"{case} in Firefox ({result['ms']} ms):\n{result['error']}", pytrace=False)
