"""Matches replay to the same state; JSON round-trips are exact; hashes are stable."""

from __future__ import annotations

import json

import pytest

from game.bossquest import GAME
from game.bossquest.actions import action_to_json
from game.engine.codec import canonical_json, decode_state, encode_state, state_hash
from game.engine.errors import MalformedData
from game.engine.match import Match, replay, replay_steps
from game.engine.simulate import random_game


def a_match(players: int, seed: int) -> tuple[Match, object]:
    options = {"players": players}
    state, played, _ = random_game(GAME, options, seed)
    match = Match("bossquest", options, seed)
    for seat, action in played:
        match = match.played(seat, action_to_json(action))
    return match, state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_replay_reaches_the_same_state(players: int) -> None:
    match, final = a_match(players, 40 + players)
    assert replay(GAME, match) == final
    assert state_hash(GAME, replay(GAME, match)) == state_hash(GAME, final)


def test_match_json_round_trip_is_exact() -> None:
    match, _ = a_match(4, 9)
    text = match.canonical()
    again = Match.from_json(json.loads(text))
    assert again.canonical() == text
    assert replay(GAME, again) == replay(GAME, match)


def test_replay_steps_give_every_intermediate_state() -> None:
    match, final = a_match(3, 2)
    steps = list(replay_steps(GAME, match))
    assert len(steps) == len(match.actions) + 1
    assert steps[-1][0] == final


def test_state_json_round_trip_is_exact_at_every_step() -> None:
    match, _ = a_match(5, 77)
    for state, _events in replay_steps(GAME, match):
        encoded = encode_state(GAME, state)
        text = canonical_json(encoded)
        decoded = decode_state(GAME, json.loads(text))
        assert decoded == state
        assert canonical_json(encode_state(GAME, decoded)) == text


def test_hash_tells_states_apart() -> None:
    a = GAME.new_game({"players": 4}, 1)
    b = GAME.new_game({"players": 4}, 2)
    assert state_hash(GAME, a) != state_hash(GAME, b)
    assert state_hash(GAME, a) == state_hash(GAME, GAME.new_game({"players": 4}, 1))


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"schema": 1, "game": "bossquest", "options": {}, "seed": 1}, "missing"),
        ({"schema": 2, "game": "bossquest", "options": {}, "seed": 1, "actions": []}, "schema"),
        (
            {"schema": 1, "game": "bossquest", "options": {}, "seed": 1, "actions": [[0]]},
            "[seat, action object]",
        ),
    ],
)
def test_malformed_matches_are_refused(data: object, fragment: str) -> None:
    with pytest.raises(MalformedData) as error:
        Match.from_json(data)
    assert fragment in error.value.message


def test_a_match_with_an_illegal_action_does_not_replay() -> None:
    match = Match(
        "bossquest",
        {"players": 2},
        1,
        ((1 - GAME.new_game({"players": 2}, 1).seat, {"type": "visit"}),),
    )
    from game.engine.errors import IllegalAction

    with pytest.raises(IllegalAction, match="not_your_turn"):
        replay(GAME, match)
