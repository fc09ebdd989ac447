"""Bad input gets a clear error naming the reason, and changes nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Activate, Ask, Choose, Pass, Stop, Visit, action_from_json
from game.engine.codec import decode_state, encode_state
from game.engine.errors import IllegalAction, MalformedData
from tests.helpers import play_random


def refused(state: Any, seat: int, action: Any) -> str:
    before = encode_state(GAME, state)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, action)
    assert encode_state(GAME, state) == before  # nothing changed
    assert error.value.message  # a sentence for people
    return error.value.code


def test_wrong_seat_and_out_of_turn() -> None:
    state = GAME.new_game({"players": 4}, 5)
    actor = state.seat
    other = (actor + 1) % 4
    assert refused(state, other, Ask(1)) == "not_your_turn"
    assert refused(state, 9, Ask(1)) == "no_such_seat"
    assert refused(state, -1, Ask(1)) == "no_such_seat"


def test_out_of_phase_actions() -> None:
    state = GAME.new_game({"players": 4}, 5)
    seat = state.seat
    assert refused(state, seat, Activate(state.offer[0])) == "not_at_magician"
    assert refused(state, seat, Choose(amount=1)) == "nothing_to_choose"
    assert refused(state, seat, Pass()) == "cannot_pass"
    assert refused(state, seat, Stop()) == "cannot_stop"
    assert refused(state, seat, Ask(0)) == "bad_count"
    assert refused(state, seat, Ask(5)) == "bad_count"
    state, _ = GAME.apply(state, seat, Visit())
    assert refused(state, seat, Ask(1)) == "at_magician"
    assert refused(state, seat, Pass()) == "must_choose_spell"
    assert refused(state, seat, Activate(999)) == "not_offered"


def test_game_over_refuses_everything() -> None:
    state = play_random(3, 11, 10_000)
    assert GAME.is_over(state)
    assert refused(state, 0, Visit()) == "game_over"
    assert GAME.legal_actions(state, 0) == []
    assert GAME.to_act(state) == ()


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"type": "fly"}, "unknown action type"),
        ({"count": 2}, "missing the field(s) type"),
        ({"type": "ask"}, "missing the field(s) count"),
        ({"type": "ask", "count": 2, "colour": "red"}, "unknown field(s) colour"),
        ({"type": "visit", "count": 2}, "unknown field(s) count"),
        ({"type": "ask", "count": "2"}, "must be an integer"),
        ({"type": "ask", "count": True}, "must be an integer"),
        ({"type": "choose", "target": 1.5}, "must be an integer"),
        (["ask", 2], "must be a JSON object"),
        ("visit", "must be a JSON object"),
    ],
)
def test_malformed_actions_are_named(data: Any, fragment: str) -> None:
    with pytest.raises(MalformedData) as error:
        action_from_json(data)
    assert fragment in error.value.message


def test_saved_state_with_wrong_schema_or_game_is_refused() -> None:
    saved = encode_state(GAME, GAME.new_game({"players": 3}, 1))
    wrong_schema = {**saved, "schema": 99}
    with pytest.raises(MalformedData) as error:
        decode_state(GAME, wrong_schema)
    assert error.value.code == "schema_version"
    with pytest.raises(MalformedData, match="for the game"):
        decode_state(GAME, {**saved, "game": "chess"})
    with pytest.raises(MalformedData, match="missing"):
        decode_state(GAME, {"game": "bossquest", "schema": 1})


@pytest.mark.parametrize(
    ("corrupt", "fragment"),
    [
        (lambda s: s["state"].pop("boss"), "missing the field(s) boss"),
        (lambda s: s["state"].update(extra=1), "unknown field(s) extra"),
        (lambda s: s["state"]["players"][0].update(hearts=7), "hearts"),
        (lambda s: s["state"]["weapon_deck"].append(s["state"]["weapon_deck"][0]), "doubled"),
        (lambda s: s["state"]["spell_deck"].pop(), "missing"),
        (lambda s: s["state"].update(stage="dancing"), "stage"),
        (lambda s: s["state"].update(seat=17), "seat to act"),
        (lambda s: s["state"]["players"].pop(), "players at the table"),
        (lambda s: s["state"].update(rng=-4), "generator"),
        (lambda s: s["state"].update(options={"players": 9}), "options.players"),
    ],
)
def test_corrupt_saved_states_are_refused(corrupt: Any, fragment: str) -> None:
    saved = encode_state(GAME, play_random(4, 3, 6))
    broken = copy.deepcopy(saved)
    corrupt(broken)
    with pytest.raises(MalformedData) as error:
        decode_state(GAME, broken)
    assert fragment in error.value.message


def test_bad_options_and_seed() -> None:
    with pytest.raises(MalformedData, match="2 to 6"):
        GAME.new_game({"players": 7}, 1)
    with pytest.raises(MalformedData, match="unknown field"):
        GAME.new_game({"players": 3, "dragons": True}, 1)
    with pytest.raises(MalformedData, match="seed"):
        GAME.new_game({"players": 3}, "abc")  # type: ignore[arg-type]
