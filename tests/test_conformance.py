"""The conformance suite: what every game on the platform must satisfy, run for
every registered game and for Duel, the small game written only for the tests
(two players, hidden cards, a simultaneous step). In the spirit of OpenSpiel's
shared game tests: a game is done when it passes.

The game-level checks are here; each takes a game and a list of option sets."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from game.duel import GAME as DUEL
from game.engine import rng
from game.engine.bots import bot_levels, make_bot
from game.engine.codec import canonical_json, decode_state, encode_state, state_hash
from game.engine.errors import GameError, IllegalAction
from game.engine.match import Match, replay
from game.engine.protocol import Game
from game.engine.search import SearchSettings
from game.engine.simulate import random_game
from game.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"
SCRIPT = ROOT / "tests" / "pyodide" / "conformance_game.py"

ALL_GAMES: dict[str, Game[Any, Any]] = {**GAMES, DUEL.name: DUEL}

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    name: list(game.declared_options.samples()) for name, game in ALL_GAMES.items()
}
"""Every player count, each option changed alone and all at once (see
OptionsDeclaration.samples)."""


def cases() -> Iterator[Any]:
    for name, game in ALL_GAMES.items():
        for options in OPTION_SETS[name]:
            yield pytest.param(game, options, id=f"{name}-{canonical_json(options)}")


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_options_are_declared_once_and_read_strictly(game: Game[Any, Any]) -> None:
    declared = game.declared_options
    for options in declared.samples():
        assert game.normalize_options(options) == options  # normalized is a fixed point
    bad_options: list[Any] = [{}, {"players": declared.max_players + 1}, {"players": 2, "x": 1}, []]
    for bad in bad_options:
        with pytest.raises(GameError):
            game.normalize_options(bad)
    described = declared.to_json()
    assert json.loads(json.dumps(described)) == described


def _random_states(game: Game[Any, Any], options: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """Every state of one random game, with several seats to act picked in any order."""
    state = game.new_game(options, seed)
    dice = rng.seed_state(seed)
    yield state
    while not game.is_over(state):
        acting = game.to_act(state)
        assert acting, "a game that is not over has someone to act"
        pick, dice = rng.below(dice, len(acting))
        legal = game.legal_actions(state, acting[pick])
        assert legal, f"seat {acting[pick]} is to act but has no legal action"
        index, dice = rng.below(dice, len(legal))
        state, _ = game.apply(state, acting[pick], legal[index])
        yield state


@pytest.mark.parametrize(("game", "options"), cases())
def test_random_play_keeps_every_invariant(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """Invariants after every action: the game's own, the checker and the legal
    list agreeing on the whole action universe, exact JSON round-trips, and every
    seat's view unchanged when what it cannot see is re-dealt."""
    for seed in range(2):
        _state, played, problems = random_game(game, options, seed, check=True)
        assert played
        assert problems == []


@pytest.mark.parametrize(("game", "options"), cases())
def test_a_match_replays_to_the_same_hash(game: Game[Any, Any], options: dict[str, Any]) -> None:
    final, played, _ = random_game(game, options, 11)
    match = Match(game.name, game.normalize_options(options), 11)
    for seat, action in played:
        match = match.played(seat, game.action_to_json(action))
    again = Match.from_json(json.loads(canonical_json(match.to_json())))
    assert state_hash(game, replay(game, again)) == state_hash(game, final)
    assert canonical_json(encode_state(game, decode_state(game, encode_state(game, final)))) == (
        canonical_json(encode_state(game, final))
    )


@pytest.mark.parametrize(("game", "options"), cases())
def test_illegal_actions_change_nothing(game: Game[Any, Any], options: dict[str, Any]) -> None:
    for state in _random_states(game, options, 3):
        before = canonical_json(encode_state(game, state))
        for seat in range(game.seats(state)):
            for action in game.action_universe(state):
                reason = game.check(state, seat, action)
                if reason is None:
                    continue
                with pytest.raises(IllegalAction) as refused:
                    game.apply(state, seat, action)
                assert refused.value.code == reason.code and reason.message
        assert canonical_json(encode_state(game, state)) == before


@pytest.mark.parametrize(("game", "options"), cases())
def test_views_are_json_and_spectators_see_no_secret(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    for state in _random_states(game, options, 5):
        for seat in [None, *range(game.seats(state))]:
            view = game.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            redeal = game.capabilities.redeal
            assert redeal is not None, "every game re-deals for the hidden-information test"
            assert game.view(redeal(state, seat, 99), seat) == view


@pytest.mark.parametrize(("game", "options"), cases())
def test_every_bot_level_plays_legal_moves_from_its_view_alone(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    settings = SearchSettings(playouts=12, time_budget=60.0)
    for level in bot_levels(game):
        bot = make_bot(game, level, 5, settings)
        twin = make_bot(game, level, 5, settings)
        state = game.new_game(options, 21)
        steps = 0
        while not game.is_over(state) and steps < 60:
            seat = game.to_act(state)[-1]  # the last of several, to vary from the others
            legal = game.legal_actions(state, seat)
            action = bot(game.view(state, seat), legal)
            assert action in legal, (level, action)
            # Re-dealing what the seat cannot see changes neither its view nor its choice.
            redeal = game.capabilities.redeal
            other = redeal(state, seat, steps) if redeal is not None else state
            assert twin(game.view(other, seat), game.legal_actions(other, seat)) == action
            state, _ = game.apply(state, seat, action)
            steps += 1


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_malformed_actions_and_states_are_refused(game: Game[Any, Any]) -> None:
    bad_actions: list[Any] = [None, 3, "x", [], {}, {"type": 1}, {"type": "x" * 5000}]
    for data in bad_actions:
        with pytest.raises(GameError) as error:
            game.action_from_json(data)
        assert len(error.value.message) < 200
    state = game.new_game(OPTION_SETS[game.name][0], 1)
    encoded = encode_state(game, state)
    bad_states: list[Any] = [{**encoded, "game": "x" * 5000}, {**encoded, "schema": -1}, {}, []]
    for broken in bad_states:
        with pytest.raises(GameError) as error:
            decode_state(game, broken)
        assert len(error.value.message) < 200


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_pyodide_plays_the_same_games(game: Game[Any, Any]) -> None:
    """Every option set, two seeded games each, in one Pyodide start per game."""
    node = shutil.which("node")
    assert node is not None, "Node.js is needed to run Pyodide (see README)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run `npm ci` first"
    arguments = [str(SCRIPT), game.name, json.dumps(OPTION_SETS[game.name]), "3", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    results = []
    for command in ([node, str(RUNNER)], [sys.executable]):
        done = subprocess.run(
            [*command, *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    in_pyodide, in_cpython = results
    assert in_pyodide["platform"] == "emscripten" and in_pyodide["python"].startswith("3.14")
    assert in_pyodide["digest"] == in_cpython["digest"]
    assert in_cpython["actions"] > 10
