"""The scenario format of issue #28: set-ups that start anywhere (a base, a
played prefix, zones set by path and checked by the game), expectations on
views, zones and events, refused set-ups and actions with their reason, seeded
"any" steps, and files of several cases each run and reported on its own."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.bazarquest.game import GAME as BAZARQUEST
from game.bossquest import GAME as BOSSQUEST
from game.engine import cli
from game.engine.codec import state_hash
from game.engine.protocol import Game
from game.engine.scenario import (
    MAX_CASES,
    ScenarioRules,
    case_list,
    load_scenario,
    run_cases,
    run_scenario,
)
from game.herorealms import GAME as HEROREALMS
from game.hrdragon.game import GAME as HRDRAGON
from game.raid import GAME as RAID
from game.registry import GAMES
from game.theboss import GAME as THEBOSS

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "scenarios"
BQ_MID = FOLDER / "bossquest" / "anywhere_mid_turn_stacked.json"
BQ_ANY = FOLDER / "bossquest" / "anywhere_prefix_and_any.json"
TB_MID = FOLDER / "theboss" / "anywhere_mid_turn_stacked.json"
GAME_OF: dict[str, Game[Any, Any]] = {
    "bossquest": BOSSQUEST,
    "theboss": THEBOSS,
    "raid": RAID,
    "herorealms": HEROREALMS,  # not registered yet: its scenarios run here too
    "hrdragon": HRDRAGON,  # the same
    "bazarquest": BAZARQUEST,  # not registered yet
}


def _rules(game: Game[Any, Any]) -> ScenarioRules:
    rules = game.capabilities.scenarios
    assert rules is not None
    return rules


def _cases() -> list[tuple[Path, int]]:
    found = []
    for path in sorted(FOLDER.rglob("*.json")):
        found += [(path, index) for index in range(len(case_list(load_scenario(path))))]
    return found


@pytest.mark.parametrize(
    ("path", "index"), _cases(), ids=lambda v: v.stem if isinstance(v, Path) else str(v)
)
def test_every_case_of_every_file_passes_on_its_own(path: Path, index: int) -> None:
    data = load_scenario(path)
    game = GAME_OF[data["game"]]
    result = run_cases(game, _rules(game), data)[index]
    assert result.passed, f"{result.name}: {result.failure}"


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _first_case(path: Path, change: Callable[[dict[str, Any]], Any]) -> str:
    """The failure of the file's first case once `change` is made to it."""
    data = _load(path)
    change(data["cases"][0])
    game = GAME_OF[data["game"]]
    result = run_cases(game, _rules(game), data)[0]
    assert not result.passed
    assert result.failure is not None
    return result.failure


def _expect(case: dict[str, Any], step: int) -> dict[str, Any]:
    expect = case["steps"][step]["expect"]
    assert isinstance(expect, dict)
    return expect


# ------------------------------------------------- each expectation can fail


@pytest.mark.parametrize(
    ("path", "change", "fragment"),
    [
        (
            BQ_MID,
            lambda c: _expect(c, 0)["view"]["Cléo"].update({"seats.Ana.hidden": "@red6"}),
            "step 1: expect.view.Cléo.seats.Ana.hidden: expected 5, found null",
        ),
        (
            BQ_MID,
            lambda c: _expect(c, 0)["view"]["Cléo"].update(offer={"count": 3}),
            "expect.view.Cléo.offer: expected 3 items, found 2",
        ),
        (
            BQ_MID,
            lambda c: _expect(c, 0)["view"]["Cléo"].update(spell_discard={"contains": "@pair_2"}),
            "unknown name '@pair_2'",
        ),
        (
            BQ_MID,
            lambda c: _expect(c, 0)["zones"].update(weapon_deck={"starts_with": ["@red5"]}),
            "expect.zones.weapon_deck: expected the top [4], found [2]",
        ),
        (
            BQ_MID,
            lambda c: _expect(c, 0)["zones"].update({"players.Ben.at_magician": 1}),
            "expect.zones.players.Ben.at_magician: expected 1, found true",
        ),
        (
            BQ_MID,
            lambda c: _expect(c, 2)["events"][0].update(card="@colour_blue"),
            "step 3 (Cléo: discard strength_up): expect.events[0]: no event",
        ),
        (
            BQ_MID,
            lambda c: _expect(c, 3)["events"].insert(0, {"type": "visit"}),
            "the events: 'ask'",
        ),
        (
            BQ_MID,
            lambda c: c["steps"][1].update(fails_saying="the Magician"),
            "refused for 'not_your_turn' as expected, but the reason does not say 'the Magician'",
        ),
        (
            TB_MID,
            lambda c: _expect(c, 0)["view"]["Ben"].update({"hands.Ana": ["@boston"]}),
            "expect.view.Ben.hands.Ana: expected [2], found [1,1,2,4]",
        ),
        (
            TB_MID,
            lambda c: _expect(c, 0)["zones"].update({"hidden.@detroit": "@detroit_1"}),
            "expect.zones.hidden.@detroit: expected 8, found 12",
        ),
    ],
)
def test_a_changed_expectation_fails_naming_its_step_and_field(
    path: Path, change: Callable[[dict[str, Any]], Any], fragment: str
) -> None:
    assert fragment in _first_case(path, change)


def test_a_seat_sees_its_own_dealt_hand_in_an_event_and_nobody_else_does() -> None:
    data = _load(TB_MID)
    pattern = data["cases"][5]["steps"][1]["expect"]["events"][-1]
    for viewer in ("Ana", "spectator"):
        pattern["seen_by"] = viewer
        result = run_cases(THEBOSS, _rules(THEBOSS), data)[5]
        assert not result.passed and "expect.events[3]: no event" in str(result.failure)


# ---------------------------------------------------------------- set-ups


def _bossquest(setup: dict[str, Any], steps: list[Any] | None = None, **top: Any) -> str | None:
    """The failure of a one-case Boss Quest scenario, or None when it passes."""
    data = {"game": "bossquest", "setup": setup, "steps": steps or [], **top}
    result = run_scenario(BOSSQUEST, _rules(BOSSQUEST), data)
    return result.failure


NEW_GAME: dict[str, Any] = {"players": ["Ana", "Ben", "Cléo"], "new_game": {"seed": 5}}


def _with_set(**paths: Any) -> dict[str, Any]:
    return {**copy.deepcopy(NEW_GAME), "set": paths}


def test_a_new_game_base_is_the_game_new_game_from_its_options_and_seed() -> None:
    state = BOSSQUEST.new_game({"players": 3, "keep_yellow": True}, 9)
    data = {
        "game": "bossquest",
        "setup": {
            "players": ["Ana", "Ben", "Cléo"],
            "new_game": {"seed": 9, "options": {"keep_yellow": True}},
        },
        "steps": [],
    }
    result = run_scenario(BOSSQUEST, _rules(BOSSQUEST), data)
    assert result.passed
    assert state_hash(BOSSQUEST, result.states[0]) == state_hash(BOSSQUEST, state)


def test_set_changes_only_the_paths_it_names_and_keeps_names_readable() -> None:
    data = {"game": "bossquest", "setup": _with_set(**{"players.Ben.hearts": 2}), "steps": []}
    result = run_scenario(BOSSQUEST, _rules(BOSSQUEST), data)
    assert result.passed, result.failure
    after = BOSSQUEST.state_to_json(result.states[0])
    before = BOSSQUEST.state_to_json(BOSSQUEST.new_game({"players": 3}, 5))
    assert after["players"][1]["hearts"] == 2
    after["players"][1]["hearts"] = 3
    assert after == before


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        (_with_set(**{"players.Zoé.hearts": 1}), "setup.set: players.Zoé: 'Zoé' is no index"),
        (_with_set(**{"players.7.hearts": 1}), "setup.set: players.7: no item 7, the list holds 3"),
        (_with_set(**{"player.0.hearts": 1}), "setup.set: player: no field 'player'"),
        (_with_set(**{"players.0.hearts.x": 1}), "players.0.hearts.x: 3 has no part 'x'"),
        (_with_set(**{"players..hearts": 1}), "has an empty part"),
        (_with_set(**{"a." * 20 + "b": 1}), "more than 16 parts"),
        (_with_set(**{"x" * 300: 1}), "a path is dotted text of 1 to 200 characters"),
        (_with_set(**{"players.Ben.hearts": "three"}), "player.hearts must be an integer"),
        (_with_set(**{"players.Ben.hidden": "@red9"}), "setup.set.players.Ben.hidden: unknown"),
        (
            _with_set(**{"players.Ana.hidden": "@blue2"}),
            "the game refuses this state: corrupt state: weapon cards out of place",
        ),
        ({**NEW_GAME, "set": [1]}, "setup.set must map at most 500 paths to values"),
        ({**NEW_GAME, "set": {str(n): 1 for n in range(501)}}, "at most 500 paths"),
        ({**NEW_GAME, "new_game": {"seed": "x"}}, "setup.new_game.seed must be a whole number"),
        ({**NEW_GAME, "new_game": {"dice": 1}}, "setup.new_game has unknown field(s) dice"),
        (
            {**NEW_GAME, "new_game": {"options": {"potions": 3}}},
            "setup.new_game.options.potions must be true or false, not 3",
        ),
        (
            {**NEW_GAME, "new_game": {"options": {"players": 3}}},
            "setup.new_game.options has players",
        ),
        ({**NEW_GAME, "players": ["Ana", "Ana"]}, "setup.players must be different names"),
        ({**NEW_GAME, "players": ["Ana"]}, "options.players must be 2 to 6"),
        ({**NEW_GAME, "armorer": "Ana"}, "setup (with new_game) has unknown field(s) armorer"),
        ({**NEW_GAME, "before": "ask"}, "setup.before must be a list of at most 200 steps"),
        ({**NEW_GAME, "before": [{"seat": "Ana"}]}, "setup.before[0]: seat needs do or any"),
        (
            {
                **NEW_GAME,
                "before": [{"seat": "Ana", "do": "ask 1"}, {"seat": "Ana", "do": "visit"}],
            },
            "setup.before[1] (Ana: visit): refused: it is seat 1's turn",
        ),
        (
            {**NEW_GAME, "before": [{"do": "ask 1", "expect": {}}]},
            "setup.before[0]: a step has unknown field(s) expect",
        ),
    ],
)
def test_a_bad_set_up_is_refused_naming_the_field(setup: dict[str, Any], fragment: str) -> None:
    failure = _bossquest(setup)
    assert failure is not None and fragment in failure, failure
    assert failure.startswith("setup")


def test_a_set_up_expected_to_be_refused_must_be_refused_for_that_reason() -> None:
    doubled = _with_set(**{"players.Ana.hidden": "@blue2"})
    assert _bossquest(doubled, setup_fails="out of place") is None
    assert _bossquest(doubled, setup_fails="OUT OF PLACE") is None  # any case
    wrong = _bossquest(doubled, setup_fails="hearts")
    assert wrong is not None
    assert "setup_fails 'hearts': the set-up was refused for another reason: setup.set" in wrong
    accepted = _bossquest(_with_set(), setup_fails="out of place")
    assert accepted is not None
    assert "setup_fails 'out of place': the set-up was accepted, not refused" in accepted


def test_a_played_prefix_plays_by_the_rules_before_the_first_step() -> None:
    setup = {**NEW_GAME, "before": [{"seat": "Ana", "do": "ask 1"}, {"any": 2, "seed": 4}]}
    data = {"game": "bossquest", "setup": setup, "steps": []}
    first = run_scenario(BOSSQUEST, _rules(BOSSQUEST), data).states[0]
    state = BOSSQUEST.new_game({"players": 3}, 5)
    state, _ = BOSSQUEST.apply(state, 0, BOSSQUEST.legal_actions(state, 0)[0])
    assert first.players[0].visible == (*state.players[0].visible,)
    assert first != state  # the two any-actions were played too


# ---------------------------------------------------------------- any steps


def _played(seed: int, count: int = 25, seat: str | None = None) -> list[str]:
    step: dict[str, Any] = {"any": count, "seed": seed}
    if seat is not None:
        step["seat"] = seat
    data = {"game": "theboss", "setup": {**NEW_GAME, "new_game": {"seed": 1}}, "steps": [step]}
    result = run_scenario(THEBOSS, _rules(THEBOSS), data)
    assert result.passed, result.failure
    return [state_hash(THEBOSS, state) for state in result.states]


def test_any_steps_are_reproducible_and_follow_their_seed() -> None:
    assert _played(3) == _played(3)
    assert _played(3) != _played(4)


@pytest.mark.parametrize(
    ("step", "fragment"),
    [
        ({"any": 200}, "step 1 (any 200): any: the game is over after"),
        ({"seat": "Ben", "any": 1}, "step 1 (Ben: any 1): any: the player is not to act"),
        ({"any": 0}, "step 1: any must be a whole number from 1 to 1000, not 0"),
        ({"any": 10**6}, "any must be a whole number from 1 to 1000"),
        ({"any": "3"}, "any must be a whole number from 1 to 1000, not '3'"),
        ({"any": 1, "seed": 1.5}, "seed must be a whole number, not 1.5"),
        ({"seed": 3}, "seed needs any"),
        ({"any": 1, "do": "visit", "seat": "Ana"}, "a step has do or any, not both"),
        ({"any": 1, "fails": "not_your_turn"}, "fails needs do"),
        ({"seat": "Zoé", "any": 1}, "unknown player 'Zoé'"),
    ],
)
def test_a_bad_any_step_fails_naming_the_step(step: dict[str, Any], fragment: str) -> None:
    players = ["Ana", "Ben"]
    setup = {"players": players, "new_game": {"seed": 2}}
    data = {"game": "theboss", "setup": setup, "steps": [step]}
    failure = run_scenario(THEBOSS, _rules(THEBOSS), data).failure
    assert failure is not None and fragment in failure, failure


# ------------------------------------------------------------------- cases


def test_each_case_runs_on_its_own_and_the_failing_one_is_named(tmp_path: Path) -> None:
    data = _load(TB_MID)
    data["cases"][1]["setup_fails"] = "nothing like this"
    data["cases"][4]["steps"][0]["expect"]["money"]["Ben"] = 41
    results = run_cases(THEBOSS, _rules(THEBOSS), data)
    assert [result.passed for result in results] == [True, False, True, True, False, True]
    assert results[4].name == "A played prefix: Ana's turn half played, then Ben's money set"
    whole = run_scenario(THEBOSS, _rules(THEBOSS), data)
    assert not whole.passed
    assert str(whole.failure).startswith("case 'A card both face down and in a hand is refused'")
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    lines: list[str] = []
    assert cli.main(GAMES, ["scenario", str(path)], out=lines.append) == 1
    assert len(lines) == 7 and lines[-1] == "4 passed, 2 failed"
    assert lines[4].startswith(f"FAIL {path}: A played prefix: Ana's turn half played")
    assert "expected money {'Ben': 41, 'Ana': 0}, found {'Ben': 40, 'Ana': 0}" in lines[4]
    assert lines[0].startswith(f"PASS {path}: Ana in the middle of her turn")


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(cases=[]), "cases must hold 1 to 200 cases, not 0"),
        (lambda d: d.update(cases=[{}] * (MAX_CASES + 1)), "cases must hold 1 to 200 cases"),
        (lambda d: d.update(cases={"a": 1}), "cases must be a list of cases"),
        (lambda d: d["cases"].append(3), "cases[6] must be a JSON object, not 3"),
        (lambda d: d.update(setup={}), "has unknown field(s) setup"),
        (lambda d: d.update(name=5), "name must be a string"),
    ],
)
def test_a_bad_list_of_cases_fails_the_whole_file(
    change: Callable[[dict[str, Any]], Any], fragment: str
) -> None:
    data = _load(TB_MID)
    change(data)
    results = run_cases(THEBOSS, _rules(THEBOSS), data)
    assert len(results) == 1 and not results[0].passed
    assert fragment in str(results[0].failure), results[0].failure


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda c: c.pop("setup"), "case is missing the field(s) setup"),
        (lambda c: c.pop("name"), "case is missing the field(s) name"),
        (lambda c: c.update(steps=None), "steps must be a list of steps"),
        (lambda c: c.update(game="bossquest"), "case has unknown field(s) game"),
        (lambda c: c.update(setup_fails=3), "setup_fails must be a string"),
        (lambda c: c["steps"][0].update(colour=1), "step 1: a step has unknown field(s) colour"),
        (lambda c: _expect(c, 0).update(view=[]), "expect.view must map viewers"),
        (lambda c: _expect(c, 0)["view"].update(Zoé={}), "unknown viewer 'Zoé'"),
        (lambda c: _expect(c, 0).update(zones={"hands": {"within": 1}}), "one of equals"),
        (lambda c: _expect(c, 0).update(zones={"hands": {"count": "4"}}), "count must be a whole"),
        (lambda c: _expect(c, 0).update(zones={"hands.9": 1}), "expect.zones: hands.9: no item 9"),
        (lambda c: _expect(c, 0).update(events={"type": "play"}), "expect.events must be a list"),
        (lambda c: _expect(c, 0).update(events=[{"seat": 1}]), 'must be an object with a "type"'),
        (lambda c: _expect(c, 0).update(events=[{"type": "a"}] * 65), "at most 64 events"),
    ],
)
def test_a_bad_case_fails_alone_naming_its_field(
    change: Callable[[dict[str, Any]], Any], fragment: str
) -> None:
    data = _load(TB_MID)
    change(data["cases"][0])
    results = run_cases(THEBOSS, _rules(THEBOSS), data)
    assert not results[0].passed and fragment in str(results[0].failure), results[0].failure
    assert all(result.passed for result in results[1:])


# ------------------------------------------------------------ hostile sizes


def test_huge_values_in_a_case_fail_named_and_short() -> None:
    data = _load(BQ_MID)
    data["cases"][0]["setup"]["set"]["weapon_deck"] = ["@red3"] * 100_000
    data["cases"][1]["steps"] = [{"expect": {"view": {}}}]
    huge = [[[1]] * 50] * 1000
    data["cases"][0]["steps"][0]["expect"]["zones"]["players"] = {"contains": huge}
    results = run_cases(BOSSQUEST, _rules(BOSSQUEST), data)
    first = str(results[0].failure)
    assert first.startswith("setup: setup.set: the game refuses this state: corrupt state: weapon")
    assert len(first) <= 320
    assert str(results[1].failure) == (
        "setup: setup_fails: a set-up meant to be refused has no steps to run"
    )
    data = _load(BQ_MID)
    data["cases"][0]["steps"][0]["expect"]["zones"]["players"] = {"contains": huge}
    data["cases"][0]["steps"][0]["expect"]["zones"]["weapon_deck"] = {"starts_with": huge}
    failure = str(run_cases(BOSSQUEST, _rules(BOSSQUEST), data)[0].failure)
    assert failure.startswith("step 1: expect.zones.weapon_deck: expected the top [[[1],[1],")
    assert len(failure) <= 320


def test_the_doc_names_every_field_and_check_the_engine_reads() -> None:
    from game.engine.scenario_checks import _CHECKS, ENGINE_EXPECTATIONS
    from game.engine.scenario_play import STEP_FIELDS
    from game.engine.scenario_setup import ENGINE_SETUP

    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    for word in (*ENGINE_EXPECTATIONS, *ENGINE_SETUP, *STEP_FIELDS, *_CHECKS, "setup_fails"):
        assert f"`{word}`" in doc or f'{{"{word}"' in doc, word
    for path in (BQ_MID, BQ_ANY, TB_MID):
        assert str(path.relative_to(ROOT)) in doc


def test_the_doc_set_up_example_runs() -> None:
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = doc.split("## Starting anywhere", 1)[1]
    example = section.split("```json\n", 1)[1].split("```", 1)[0]
    setup = json.loads("{" + example + "}")["setup"]
    steps = [{"expect": {"zones": {"weapon_deck.0": "@red4", "players.Cléo.hearts": 1}}}]
    assert _bossquest(setup, steps) is None
    assert _bossquest(setup, [{"expect": {"zones": {"weapon_deck.0": "@red3"}}}]) is not None
