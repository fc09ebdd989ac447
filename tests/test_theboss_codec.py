"""The Boss's JSON: states and actions round-trip exactly; the decoders are
strict. A state with one field changed (a card doubled or unknown, a tie on a
city, a count out of bounds, a list of the wrong length, a stage that does not
fit) is refused with MalformedData naming the problem; whatever the decoder
accepts passes every invariant and plays on. Bad actions are refused with
short messages quoting at most a prefix of the input."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import rng
from game.engine.codec import decode_state, encode_state
from game.engine.errors import GameError, MalformedData
from game.engine.simulate import random_game
from game.theboss import GAME
from game.theboss.codec import action_from_json, action_to_json, state_from_json, state_to_json
from game.theboss.invariants import state_problems
from game.theboss.scenario import SCENARIOS
from game.theboss.state import Place, Play, Stage, State

Json = dict[str, Any]


def walk(players: int, seed: int) -> Iterator[State]:
    """Every state of one random game, the first deal included."""
    state = GAME.new_game({"players": players}, seed)
    dice = rng.seed_state(seed)
    while True:
        yield state
        if GAME.is_over(state):
            return
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])


def first(players: int, seed: int, wanted: Callable[[State], bool]) -> State:
    return next(state for state in walk(players, seed) if wanted(state))


def loads(data: Json) -> State:
    """Through text, as a save would be."""
    return state_from_json(json.loads(json.dumps(data)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_a_game_round_trips_exactly(players: int) -> None:
    for state in walk(players, players * 3):
        data = state_to_json(state)
        again = loads(data)
        assert again == state
        assert state_to_json(again) == data
        assert decode_state(GAME, encode_state(GAME, state)) == state


def test_every_action_round_trips() -> None:
    _final, played, _ = random_game(GAME, {"players": 4}, 5)
    for _seat, action in played:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    assert action_to_json(Place(0, 2, 1)) == {
        "type": "place",
        "city": 0,
        "experts": 2,
        "occasionals": 1,
    }
    assert action_to_json(Play(26)) == {"type": "play", "card": 26}


BAD_ACTIONS: list[tuple[Any, str]] = [
    (None, "must be an object"),
    ([], "must be an object"),
    ({}, "must be an object"),
    ({"type": 3}, "must be an object"),
    ({"type": "x" * 5000}, "unknown theboss action type"),
    ({"type": "play"}, "missing the field(s) card"),
    ({"type": "play", "card": 27}, "card must be 0 to 26"),
    ({"type": "play", "card": -1}, "card must be 0 to 26"),
    ({"type": "play", "card": True}, "must be an integer"),
    ({"type": "play", "card": "3"}, "must be an integer"),
    ({"type": "play", "card": 10**400}, "a huge number"),
    ({"type": "play", "card": 3, "why": 1}, "unknown field(s) why"),
    ({"type": "place", "city": 8, "experts": 1, "occasionals": 0}, "city must be 0 to 7"),
    ({"type": "place", "city": 1, "experts": 7, "occasionals": 0}, "experts must be 0 to 6"),
    ({"type": "place", "city": 1, "experts": 1, "occasionals": 4}, "occasionals must be 0 to 3"),
    ({"type": "place", "city": 1, "experts": 1.0, "occasionals": 0}, "must be an integer"),
    ({"type": "place", "city": 1, "experts": 1}, "missing the field(s) occasionals"),
]


@pytest.mark.parametrize(("data", "fragment"), BAD_ACTIONS)
def test_bad_actions_are_refused_with_a_short_reason(data: Any, fragment: str) -> None:
    with pytest.raises(MalformedData) as refused:
        action_from_json(data)
    assert fragment in refused.value.message
    assert len(refused.value.message) < 200


def test_a_long_input_is_quoted_by_a_short_prefix() -> None:
    with pytest.raises(MalformedData) as refused:
        action_from_json({"type": "play", "card": "A" * 10_000})
    assert "A" * 40 in refused.value.message and "A" * 41 not in refused.value.message


# ------------------------------------------------------------ crafted states


def _mid_round() -> State:
    """A state in round 2 or later with gangsters placed and cards played."""
    return first(
        3,
        4,
        lambda s: s.round >= 2 and s.turn >= 3 and any(sum(row) for row in s.experts),
    )


def _placed() -> State:
    """Round 2 at three players: the first seat has placed 2 experts on Boston
    and played; everyone else has every gangster left."""
    state, _names = SCENARIOS.build({"players": ["Ana", "Ben", "Cléo"], "round": 2})
    seat = state.seat
    state, _ = GAME.apply(state, seat, Place(2, 2, 0))
    state, _ = GAME.apply(state, seat, Play(state.hands[seat][0]))
    return state


def _over() -> State:
    return first(2, 6, lambda s: s.stage is Stage.OVER)


def _play_stage() -> State:
    return first(4, 2, lambda s: s.stage is Stage.PLAY)


def _occupied_city(data: Json) -> int:
    return next(c for c in range(len(data["hidden"])) if any(row[c] for row in data["experts"]))


def _tie(data: Json) -> None:
    city = _occupied_city(data)
    holder = next(s for s, row in enumerate(data["experts"]) if row[city])
    other = (holder + 1) % len(data["hands"])
    total = data["experts"][holder][city] + data["occasionals"][holder][city]
    data["experts"][other][city] = total
    data["occasionals"][other][city] = 0


def _occasional_alone(data: Json) -> None:
    city = next(c for c in range(len(data["hidden"])) if not any(row[c] for row in data["experts"]))
    data["occasionals"][0][city] = 1


def _another_taker(data: Json) -> None:
    entry = next(e for e in data["result"]["cities"] if e["seat"] is not None)
    entry["seat"] = (entry["seat"] + 1) % len(data["hands"])


CRAFTED: list[tuple[str, Callable[[], State], Callable[[Json], Any], str]] = [
    ("extra field", _mid_round, lambda d: d.update(luck=1), "unknown field(s) luck"),
    ("missing field", _mid_round, lambda d: d.pop("police"), "missing the field(s) police"),
    ("bad stage", _mid_round, lambda d: d.update(stage="dancing"), "is not a stage"),
    ("rng too big", _mid_round, lambda d: d.update(rng=2**64), "64-bit"),
    ("a list of text", _mid_round, lambda d: d.update(money=["1", 2, 3]), "money[0]"),
    ("a huge list", _mid_round, lambda d: d.update(row=[1] * 10_000), "more than any state"),
    ("one seat too many", _mid_round, lambda d: d["money"].append(0), "money"),
    ("a card twice", _mid_round,
     lambda d: d["hands"].__setitem__(0, sorted([*d["hands"][0], d["hands"][1][0]])),
     "exactly one"),
    ("an unknown card", _mid_round, lambda d: d["hands"][0].append(99), "hands hold cards"),
    ("a card under the wrong city", _mid_round,
     lambda d: d.update(hidden=[-1, d["hidden"][2], d["hidden"][1], *d["hidden"][3:]]),
     "one of that city's cards"),
    ("a hand unsorted", _mid_round, lambda d: d["hands"][0].reverse(), "sorted"),
    ("a tie on a city", _placed, _tie, "single majority holder"),
    ("occasionals alone", _placed, _occasional_alone, "without one of its experts"),
    ("too many experts", _mid_round, lambda d: d["experts"][0].__setitem__(1, 7), "more gangsters"),
    ("negative money", _mid_round, lambda d: d["money"].__setitem__(0, -1), "negative"),
    ("a dead expert too many", _mid_round, lambda d: d["dead"].__setitem__(0, 7), "dead[0]"),
    ("away three rounds", _mid_round, lambda d: d["away"][0].append(3), "away[0]"),
    ("a police card twice", _mid_round,
     lambda d: d.update(police=[*d["police"][:-1], d["police_shown"][0]]), "police"),
    ("a police card too soon", _mid_round,
     lambda d: d.update(police_shown=[*d["police_shown"], d["police"][0]], police=d["police"][1:]),
     "police card(s) should be shown"),
    ("Chicago misplaced", _mid_round, lambda d: d.update(row=sorted(d["row"])), "row"),
    ("the marker elsewhere", _mid_round,
     lambda d: d.update(marker=(d["marker"] + 1) % 3), "marker"),
    ("round 6", _mid_round, lambda d: d.update(round=6), "round must be"),
    ("turn 0", _mid_round, lambda d: d.update(turn=0), "turn must be"),
    ("no seat", _mid_round, lambda d: d.update(seat=9), "is not a seat"),
    ("a seat that played twice", _mid_round,
     lambda d: d.update(seat=(d["seat"] + 1) % 3), "should hold"),
    ("banned from a city not in play", _mid_round,
     lambda d: d["banned"].__setitem__(0, [7]), "banned[0]"),
    ("no result in round 2", _mid_round, lambda d: d.update(result=None), "result is missing"),
    ("a result without a city", _mid_round,
     lambda d: d["result"]["cities"].pop(), "each numbered city once"),
    ("Chicago's share wrong", _mid_round,
     lambda d: d["result"]["chicago"].update(gain=d["result"]["chicago"]["gain"] + 1),
     "half the total"),
    ("a city given to another", _mid_round, _another_taker, "another than its majority holder"),
    ("Chicago's cities wrong", _mid_round,
     lambda d: d["result"]["chicago"].update(cities=[], cards=[]), "cities left of Chicago"),
    ("a result field missing", _mid_round,
     lambda d: d["result"]["chicago"].pop("gain"), "missing the field(s) gain"),
    ("a last order early", _mid_round, lambda d: d.update(last_order=[0, 1, 2]), "last_order"),
    ("over with a seat", _over, lambda d: d.update(seat=0), "seat must be -1"),
    ("over too early", _over, lambda d: d.update(police_shown=d["police_shown"][:-1],
                                                 police=[d["police_shown"][-1], *d["police"]]),
     "police"),
    ("play without a placement", _play_stage,
     lambda d: d.update(
         experts=[[0] * len(r) for r in d["experts"]],
         occasionals=[[0] * len(r) for r in d["occasionals"]],
     ),
     "follows a placement"),
    ("a stacked deal of another game", _mid_round,
     lambda d: d.update(stacked=[list(range(27))]), "stacked[0]"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("state_of", "change", "fragment"),
    [case[1:] for case in CRAFTED],
    ids=[case[0] for case in CRAFTED],
)
def test_a_crafted_state_is_refused_naming_the_problem(
    state_of: Callable[[], State], change: Callable[[Json], Any], fragment: str
) -> None:
    data = copy.deepcopy(state_to_json(state_of()))
    loads(data)  # the real state loads
    change(data)
    with pytest.raises(MalformedData) as refused:
        loads(data)
    assert fragment in refused.value.message, refused.value.message
    assert len(refused.value.message) < 300


def test_bad_envelopes_are_refused_shortly() -> None:
    encoded = encode_state(GAME, GAME.new_game({"players": 3}, 1))
    broken: Any
    for broken in ({**encoded, "game": "x" * 5000}, {**encoded, "schema": -1}, {}, []):
        with pytest.raises(GameError) as error:
            decode_state(GAME, broken)
        assert len(error.value.message) < 200


# --------------------------------------------- anything accepted plays on

_INTS = st.one_of(st.integers(-2, 30), st.sampled_from([2**64, -(10**6), 10**30]))
_VALUES = st.one_of(
    _INTS,
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.lists(_INTS, max_size=6),
    st.lists(st.lists(_INTS, max_size=4), max_size=4),
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


def _sample_states() -> list[Json]:
    found = []
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        states = list(walk(players, seed))
        found += [state_to_json(states[i]) for i in range(0, len(states), max(1, len(states) // 6))]
    return found


SAMPLES = _sample_states()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_changed_state_is_refused_or_sound_and_plays_on(data: st.DataObject) -> None:
    base = copy.deepcopy(data.draw(st.sampled_from(SAMPLES)))
    paths = [path for path in _paths(base) if path]
    path = data.draw(st.sampled_from(paths))
    target = base
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(_VALUES)
    try:
        state = loads(base)
    except MalformedData as refused:
        assert len(refused.message) <= 300
        return
    assert state_problems(state) == []
    dice = rng.seed_state(7)
    for _ in range(60):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])
        assert state_problems(state) == []
