"""Fixtures of the engine suites (Firefox ESR and WebKit): the built site,
served with a request log (``served.Served``), and the games to test.

Each engine's cases are the same for every registered game; a test is named
``test_<engine>[<game>/<case>]`` so that a failure says which."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from tests.engines.served import Served, serve_built

ROOT = Path(__file__).resolve().parents[2]
#: where each engine keeps its screenshot of each game's end
SHOTS = ROOT / "artifacts" / "screenshots"

#: the cases each engine runs for every registered game, in the order they
#: run: what a game's own client draws and plays (each case is one page start
#: or two: a start of Python costs more than most checks, so checks of one
#: page share a case; docs/engines.md)
GAME_CASES = (
    "solo",
    "reload-offline",
    "rules",
    "tutorial",
    "tabs",
)
#: the cases of the shell alone, run once, with the first registered game:
#: the list of games and its links (every game's menu is drawn by its
#: reload-offline case, which starts a game from it)
SHELL_CASES = ("home",)


def case_ids(games: Sequence[str], shell_cases: Sequence[str] = SHELL_CASES) -> list[str]:
    """The ids ("<game>/<case>") an engine runs: the shell's cases with the
    first game first, then every game's cases."""
    return [f"{games[0]}/{case}" for case in shell_cases] + [
        f"{game}/{case}" for game in games for case in GAME_CASES
    ]


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from serve_built(tmp_path_factory.mktemp("engines") / "dist")


def selected_ids(request: pytest.FixtureRequest, test_name: str) -> list[str]:
    """The case ids ("<game>/<case>") of `test_name` that this run selected,
    in collection order: a driver runs those and no others (``-k`` works)."""
    ids = []
    for item in request.session.items:
        if getattr(item, "originalname", "") == test_name:
            callspec = getattr(item, "callspec", None)
            if callspec is not None:
                ids.append(str(callspec.params["case"]))
    return ids
