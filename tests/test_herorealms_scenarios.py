"""Every Hero Realms scenario under tests/scenarios/herorealms passes, case by
case (the game is not registered yet, so the engine's runner is given it here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.scenario import case_list, load_scenario, run_cases
from game.herorealms import GAME
from game.herorealms.scenario import SCENARIOS

FOLDER = Path(__file__).resolve().parent / "scenarios" / "herorealms"


def _cases() -> list[tuple[Path, int]]:
    return [
        (path, index)
        for path in sorted(FOLDER.glob("*.json"))
        for index in range(len(case_list(load_scenario(path))))
    ]


@pytest.mark.parametrize(
    ("path", "index"), _cases(), ids=lambda v: v.stem if isinstance(v, Path) else str(v)
)
def test_every_case_passes(path: Path, index: int) -> None:
    result = run_cases(GAME, SCENARIOS, load_scenario(path))[index]
    assert result.passed, f"{result.name}: {result.failure}"
