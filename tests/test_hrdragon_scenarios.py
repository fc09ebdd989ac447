"""Every Dragon scenario under tests/scenarios/hrdragon passes, case by case
(the game is not registered yet, so the engine's runner is given it here),
and every Dragon card and Hoard item is played in one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.scenario import case_list, load_scenario, run_cases
from game.herorealms.cards import kind_of
from game.hrdragon.cards import BITE, CLAW, COINS, CUNNING_BLOW, DIAMOND, FIRE, HOARD, ITEMS, TAIL
from game.hrdragon.game import GAME
from game.hrdragon.scenario import SCENARIOS
from game.hrdragon.stack import CARD_IDS
from tests.helpers import case_id, scenario_cases

FOLDER = Path(__file__).resolve().parent / "scenarios" / "hrdragon"


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
                if "fails" in step or not words:
                    continue
                key = kind_of(CARD_IDS[words[1]]).key if words[1:2] and words[1] in CARD_IDS else ""
                found.add((words[0], key))
    return found


def test_every_dragon_card_and_hoard_item_has_a_scenario() -> None:
    played = _played()
    wanted = [
        ("play", k.key) for k in (TAIL, FIRE, BITE, CLAW, HOARD, CUNNING_BLOW, DIAMOND, *COINS)
    ]
    wanted += [("sacrifice", k.key) for k in (FIRE, CUNNING_BLOW, DIAMOND)]
    wanted += [("use", k.key) for k in ITEMS if k.key != "guardians_shield"]
    missing = [w for w in wanted if w not in played]
    assert missing == []
    assert {verb for verb, _key in played} >= {"check", "steal", "borrow", "give", "reveal"}
