"""The undo policy: each case it allows and each it refuses, on stacked deals."""

from __future__ import annotations

from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Visit
from game.bossquest.scenario import SCENARIOS
from game.bossquest.state import State
from game.engine.errors import MalformedData
from game.engine.match import Match, replay
from game.engine.undo import Step, match_steps, undo_refusal, undone
from tests.test_replaylink import random_match

NAMES = ["Ana", "Ben", "Cléo"]
BASE: dict[str, Any] = {
    "players": NAMES,
    "bosses": [20],
    "spells": ["strength_up", "boss_down", "exchange", "colour_blue"],
    "hands": {
        "Ana": {"hidden": "red2", "visible": "blue3"},
        "Ben": {"hidden": "red4", "visible": "green5"},
        "Cléo": {"hidden": "blue2", "visible": "purple6"},
    },
    "weapon_deck": ["green1", "red1", "purple2", "blue1", "green2"],
}


def play(setup: dict[str, Any], moves: list[str]) -> tuple[State, list[Step]]:
    """Play `moves` (scenario strings, each by the seat to act) from a stacked deal."""
    state, names = SCENARIOS.build(setup)
    steps: list[Step] = []
    for spec in moves:
        seat = state.seat
        for action in SCENARIOS.actions(state, seat, spec, names):
            after, _events = GAME.apply(state, seat, action)
            steps.append(Step(seat, action, state, after))
            state = after
    return state, steps


def code(setup: dict[str, Any], moves: list[str]) -> str | None:
    state, steps = play(setup, moves)
    reason = undo_refusal(GAME, state, steps, state.seat)
    return None if reason is None else reason.code


def test_going_to_the_magician_can_be_undone() -> None:
    assert code(BASE, ["visit"]) is None


def test_activating_a_face_up_spell_before_its_choice_can_be_undone_step_by_step() -> None:
    assert code(BASE, ["visit", "activate strength_up"]) is None
    state, steps = play(BASE, ["visit", "activate strength_up"])
    # one step back at a time: the Magician again, then the Armorer
    assert undo_refusal(GAME, steps[-1].before, steps[:-1], state.seat) is None


def test_nothing_to_undo_before_the_first_move() -> None:
    assert code(BASE, []) == "undo_nothing"


def test_asking_for_weapons_is_refused_even_on_the_next_turn() -> None:
    # Ana asks (her turn ends), Ben and Cléo go to the Magician and discard: Ana again
    moves = ["ask 1", "visit", "discard boss_down", "visit", "discard exchange"]
    state, steps = play(BASE, moves)
    assert state.seat == 0
    reason = undo_refusal(GAME, state, steps, 0)
    assert reason is not None and reason.code == "undo_drew"
    assert "drew weapons" in reason.message


def test_a_finished_turn_is_refused() -> None:
    # Ana's discard ended her turn; it is Ben's now, and Ana may not undo hers
    state, steps = play(BASE, ["visit", "discard exchange"])
    assert code(BASE, ["visit", "discard exchange"]) == "undo_nothing"  # Ben's turn
    reason = undo_refusal(GAME, state, steps, 0)
    assert reason is not None and reason.code == "undo_not_your_turn"


def test_a_turn_that_ended_and_came_back_is_over() -> None:
    # two players: Ana discards at the Magician, Ben asks, Ana's repeat turn comes
    hands = {name: BASE["hands"][name] for name in ("Ana", "Ben")}
    setup = {**BASE, "players": ["Ana", "Ben"], "hands": hands}
    state, steps = play(setup, ["visit", "discard boss_down", "ask 1"])
    assert state.seat == 0
    reason = undo_refusal(GAME, state, steps, 0)
    assert reason is not None and reason.code == "undo_turn_over"


def test_the_mystery_spell_is_refused() -> None:
    setup = {**BASE, "spells": ["boss_down", "exchange", "colour_blue", "strength_up"]}
    # the mystery spell (strength_up) waits for its target once activated
    state, steps = play(setup, ["visit", {"type": "activate_mystery"}])  # type: ignore[list-item]
    assert state.stage == "choose"
    reason = undo_refusal(GAME, state, steps, 0)
    assert reason is not None and reason.code == "undo_mystery"


def test_an_exchange_choice_ends_the_turn_with_a_draw() -> None:
    state, steps = play(BASE, ["visit", "activate exchange"])
    assert undo_refusal(GAME, state, steps, 0) is None  # the choice is not made yet
    seat = state.seat
    choice = GAME.legal_actions(state, seat)[0]
    after, _ = GAME.apply(state, seat, choice)
    steps.append(Step(seat, choice, state, after))
    assert undo_refusal(GAME, after, steps, seat) is not None


COMPANIONS: dict[str, Any] = {
    **BASE,
    "options": {"companions": True},
    "companions": {"Ana": "owl", "Ben": "magpie", "Cléo": "hare"},
}


def test_the_owl_looking_at_a_hidden_weapon_is_refused_for_the_rest_of_the_turn() -> None:
    assert code(COMPANIONS, ["look Ben"]) == "undo_looked"
    assert code(COMPANIONS, ["look Ben", "visit"]) == "undo_looked"


def test_the_owl_looking_at_the_mystery_is_refused() -> None:
    assert code(COMPANIONS, ["look mystery"]) == "undo_looked_mystery"


def test_the_magpie_replacing_a_spell_is_refused() -> None:
    moves = ["ask 1", "replace boss_down"]
    assert code(COMPANIONS, moves) == "undo_new_spell"


def test_the_hare_asking_and_visiting_is_refused() -> None:
    assert code(COMPANIONS, ["ask 1", "ask 1", "ask 1 visit"]) == "undo_drew"


def test_never_across_another_seats_action() -> None:
    state, steps = play(BASE, ["visit"])
    # Ben's move as if played after Ana's, while Ana is to act: refused
    fake = Step(1, Visit(), state, state)
    reason = undo_refusal(GAME, state, [*steps, fake], 0)
    assert reason is not None and reason.code == "undo_other_played"


def test_undo_replays_the_match_without_its_last_action() -> None:
    match = Match("bossquest", GAME.normalize_options({"players": 3}), 7)
    state = GAME.new_game(match.options, match.seed)
    seat = state.seat
    match = match.played(seat, {"type": "visit"})
    last, steps = match_steps(GAME, match)
    assert undo_refusal(GAME, last, steps, seat) is None
    back = undone(match)
    assert back.actions == ()
    assert GAME.state_to_json(replay(GAME, back)) == GAME.state_to_json(state)
    with pytest.raises(MalformedData):
        undone(back)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (5, {}), (4, {"potions": True, "companions": True, "reaper": True})],
)
def test_random_games_allow_undo_only_of_quiet_moves_of_the_turn(
    players: int, options: dict[str, Any]
) -> None:
    """At every point of random games: when undo is allowed, the last move is the
    acting seat's, drew nothing, moved no generator, showed them no new card and
    left them in the same round; and some moves are allowed, some refused."""
    allowed = refused = 0
    for seed in range(4):
        match = random_match(players, seed, **options)
        state = GAME.new_game(match.options, seed)
        steps: list[Step] = []
        for seat, action_json in match.actions:
            action = GAME.action_from_json(action_json)
            after, _ = GAME.apply(state, seat, action)
            steps.append(Step(seat, action, state, after))
            state = after
            if GAME.is_over(state):
                break
            acting = GAME.to_act(state)[0]
            reason = undo_refusal(GAME, state, steps, acting)
            if reason is None:
                allowed += 1
                last = steps[-1]
                assert last.seat == acting
                assert last.before.rng == last.after.rng
                assert len(last.after.weapon_deck) == len(last.before.weapon_deck)
                assert len(last.after.spell_deck) == len(last.before.spell_deck)
                assert last.after.round == last.before.round
                assert type(last.action).__name__ in ("Visit", "Activate")
            else:
                refused += 1
    assert allowed and refused
