"""Every Bazar Quest scenario under tests/scenarios/bazarquest passes, case by
case (the game is not registered yet, so the engine's runner is given it here),
and every effect of the card set is pinned by a case tagged with its kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bazarquest.game import GAME
from game.bazarquest.scenario import SCENARIOS
from game.bazarquest.words import EFFECT_KINDS
from game.engine.scenario import case_list, load_scenario, run_cases
from tests.helpers import case_id, scenario_cases

FOLDER = Path(__file__).resolve().parent / "scenarios" / "bazarquest"


@pytest.mark.parametrize(("path", "index"), scenario_cases(FOLDER), ids=case_id)
def test_every_case_passes(path: Path, index: int) -> None:
    result = run_cases(GAME, SCENARIOS, load_scenario(path))[index]
    assert result.passed, f"{result.name}: {result.failure}"


def test_every_effect_kind_has_a_case() -> None:
    tagged = {
        tag
        for path in sorted(FOLDER.glob("*.json"))
        for case in case_list(load_scenario(path))
        for tag in case.get("tags", [])
    }
    assert sorted(EFFECT_KINDS - tagged) == []
