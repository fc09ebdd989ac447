"""Every The Boss scenario under tests/scenarios/theboss passes; its states
round-trip through JSON; a broken scenario says what is wrong."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine import rng
from game.engine.codec import decode_state, encode_state
from game.engine.errors import GameError
from game.engine.scenario import load_scenario, run_scenario
from game.theboss import GAME
from game.theboss.scenario import SCENARIOS, spec_of

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "scenarios" / "theboss"
SCENARIO_FILES = sorted(FOLDER.glob("*.json"))


def test_there_are_scenarios_and_the_game_offers_them() -> None:
    assert len(SCENARIO_FILES) >= 9
    assert GAME.capabilities.scenarios is SCENARIOS
    for path in SCENARIO_FILES:
        assert load_scenario(path)["game"] == GAME.name


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_scenario_passes_and_its_states_round_trip(path: Path) -> None:
    result = run_scenario(GAME, SCENARIOS, load_scenario(path))
    assert result.passed, result.failure
    for state in result.states:
        encoded = json.loads(json.dumps(encode_state(GAME, state)))
        assert decode_state(GAME, encoded) == state


def test_the_scenario_spelling_of_every_legal_action_reads_back() -> None:
    names = ["Ana", "Ben", "Cléo", "Dan"]
    state = GAME.new_game({"players": 4}, 12)
    dice = rng.seed_state(3)
    while not GAME.is_over(state):
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            assert SCENARIOS.actions(state, seat, spec_of(action), names) == [action]
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])


def _example() -> dict[str, Any]:
    data = json.loads((FOLDER / "police_and_round_end.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


BROKEN: list[tuple[Callable[[dict[str, Any]], Any], str]] = [
    (lambda d: d["setup"].update(players=["Ana"]), "2 to 4 different names"),
    (lambda d: d["setup"].update(round=6), "setup.round must be 1 to 5"),
    (lambda d: d["setup"].update(police=["bronze"]), "no 'bronze' police card"),
    (lambda d: d["setup"]["hands"]["Ana"].__setitem__(0, "boston_9"), "unknown card 'boston_9'"),
    (lambda d: d["setup"]["hands"]["Ana"].__setitem__(0, "boston_3"), "named twice"),
    (lambda d: d["setup"]["hands"]["Ana"].pop(), "holds 5 cards"),
    (lambda d: d["setup"].update(hidden=["memphis_1"]), "out of this game"),
    (lambda d: d["setup"].update(banned={"Zoé": []}), "unknown player 'Zoé'"),
    (lambda d: d["setup"].update(colour="red"), "unknown field(s) colour"),
    (lambda d: d["steps"].insert(0, {"seat": "Zoé", "do": "play boston_1"}), "unknown player"),
    (lambda d: d["steps"].insert(0, {"seat": "Ana", "do": "dance"}), "cannot read"),
    (lambda d: d["steps"].insert(0, {"seat": "Ana", "do": "place paris 1"}), "unknown city"),
    (lambda d: d["steps"].insert(0, {"expect": {"luck": 3}}), "unknown expectation"),
    (lambda d: d["steps"].insert(0, {"seat": "Ben", "do": "play boston_3"}), "not_your_turn"),
    (
        lambda d: d["steps"].insert(0, {"seat": "Ana", "do": "play boston_1", "fails": "banned"}),
        "expected refusal 'banned', but the action was played",
    ),
    (
        lambda d: d["steps"][-1]["expect"]["took"].update(boston="Ana"),
        "expected took",
    ),
]


@pytest.mark.parametrize(("change", "fragment"), BROKEN)
def test_a_broken_scenario_explains_itself(
    change: Callable[[dict[str, Any]], Any], fragment: str
) -> None:
    data = copy.deepcopy(_example())
    change(data)
    try:
        result = run_scenario(GAME, SCENARIOS, data)
    except GameError as error:  # the setup's own checks
        failure = error.message
    else:
        assert not result.passed
        failure = result.failure or ""
    assert fragment in failure, failure
