"""Every Hero Realms scenario under tests/scenarios/herorealms passes, case by
case (the game is not registered yet, so the engine's runner is given it here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.scenario import case_list, load_scenario, run_cases
from game.herorealms import GAME
from game.herorealms.cards import FIRE_GEM, MARKET, STARTING, kind_of
from game.herorealms.scenario import SCENARIOS
from game.herorealms.stack import CARD_IDS
from tests.helpers import case_id, scenario_cases

FOLDER = Path(__file__).resolve().parent / "scenarios" / "herorealms"


@pytest.mark.parametrize(("path", "index"), scenario_cases(FOLDER), ids=case_id)
def test_every_case_passes(path: Path, index: int) -> None:
    result = run_cases(GAME, SCENARIOS, load_scenario(path))[index]
    assert result.passed, f"{result.name}: {result.failure}"


def _played() -> set[tuple[str, str]]:
    """(verb, card kind) of every step that a scenario plays."""
    found: set[tuple[str, str]] = set()
    for path in sorted(FOLDER.glob("*.json")):
        for case in case_list(load_scenario(path)):
            for step in case.get("steps", []):
                words = str(step.get("do", "")).split()
                if len(words) == 2 and words[1] in CARD_IDS and "fails" not in step:
                    found.add((words[0], kind_of(CARD_IDS[words[1]]).key))
    return found


def test_every_ability_of_every_base_set_card_has_a_scenario() -> None:
    played = _played()
    missing = []
    for kind in (*MARKET, FIRE_GEM, *STARTING):
        for verb, effects in (
            ("play", kind.primary),
            ("expend", kind.expend),
            ("ally", kind.ally),
            ("sacrifice", kind.sacrifice),
        ):
            if effects and (verb, kind.key) not in played:
                missing.append(f"{verb} {kind.key}")
    assert missing == []
