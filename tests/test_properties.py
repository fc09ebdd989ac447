"""Random play with every invariant checked after every action, at every player
count, with and without each extension."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bossquest import GAME, rules
from game.bossquest.actions import Ask, Visit, action_from_json, action_to_json
from game.bossquest.state import State
from game.engine.errors import IllegalAction
from game.engine.invariants import check_invariants
from game.engine.simulate import random_game, simulate
from tests.helpers import UNIVERSE_ONE_IN, advance_steps


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**64), keep_yellow=st.booleans())
def test_random_games_keep_every_invariant(players: int, seed: int, keep_yellow: bool) -> None:
    options = {"players": players, "keep_yellow": keep_yellow}
    state, played, violations = random_game(
        GAME, options, seed, True, universe_one_in=UNIVERSE_ONE_IN
    )
    assert violations == []
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"]
    assert played


EXTENSION_SETS = [
    dict(zip(("potions", "companions", "reaper"), flags, strict=True))
    for flags in itertools.product((False, True), repeat=3)
]


@settings(max_examples=24, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**64),
    potions=st.booleans(),
    companions=st.booleans(),
    reaper=st.booleans(),
)
def test_random_games_with_extensions_keep_every_invariant(
    players: int, seed: int, potions: bool, companions: bool, reaper: bool
) -> None:
    options = {"players": players, "potions": potions, "companions": companions}
    options["reaper"] = reaper
    state, played, violations = random_game(
        GAME, options, seed, True, universe_one_in=UNIVERSE_ONE_IN
    )
    assert violations == []
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"]
    for _seat, action in played:
        assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize(
    "extensions", EXTENSION_SETS, ids=lambda e: "+".join(k for k in e if e[k]) or "base"
)
@pytest.mark.parametrize("players", range(2, 7))
def test_every_combination_of_extensions_at_every_player_count(
    extensions: dict[str, bool], players: int
) -> None:
    report = simulate(GAME, {"players": players, **extensions}, games=2, seed=players * 7)
    assert report.violations == []
    assert report.games == 2


OPTION_SETS = [
    dict(zip(("keep_yellow", "potions", "companions", "reaper"), flags, strict=True))
    for flags in itertools.product((False, True), repeat=4)
]


def legal_list_problems(state: State) -> list[str]:
    """Where the legal list (built directly, for speed) and the checker disagree:
    the list must be exactly the checker's candidates that it allows, in their
    order, and hold every action of the universe that the checker allows."""
    problems = []
    universe = GAME.action_universe(state)
    for seat in range(GAME.seats(state)):
        legal = GAME.legal_actions(state, seat)
        by_checker = rules.legal_by_checker(state, seat)
        if legal != by_checker:
            problems.append(f"seat {seat}: listed {legal}, the checker allows {by_checker}")
        allowed = {action for action in universe if GAME.check(state, seat, action) is None}
        if len(set(legal)) != len(legal) or set(legal) != allowed:
            problems.append(f"seat {seat}: listed {legal}, allowed in the universe {allowed}")
    return problems


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: "+".join(k for k in o if o[k]) or "base"
)
@pytest.mark.parametrize("players", range(2, 7))
def test_the_legal_list_is_what_the_checker_allows_on_every_state(
    options: dict[str, bool], players: int
) -> None:
    """On every state of random games, at every player count, with every option."""
    for seed in (players * 13, players * 13 + 1):
        game_options = {"players": players, **options}
        _final, played, _ = random_game(GAME, game_options, seed)
        state = GAME.new_game(game_options, seed)
        problems = legal_list_problems(state)
        for seat, action in played:
            state, _events = GAME.apply(state, seat, action)
            problems += legal_list_problems(state)
        assert problems == [], problems[:3]


def test_apply_trusts_only_the_very_actions_of_its_last_legal_list() -> None:
    state = GAME.new_game({"players": 3}, 5)
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    assert Visit() in legal
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction):  # a listed action, but not this seat's
        GAME.apply(state, other, legal[0])
    legal.append(Ask(9))  # the caller's list is the caller's: apply checks this one
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, legal[-1])
    GAME.legal_actions(state, seat)
    with pytest.raises(IllegalAction):  # an action of its own, equal to none listed
        GAME.apply(state, seat, Ask(5))
    after, _ = GAME.apply(state, seat, Visit())  # equal to a listed one: checked, legal
    assert after.players[seat].at_magician


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**9))
def test_every_legal_action_round_trips_through_json(players: int, seed: int) -> None:
    _final, played, _ = random_game(GAME, {"players": players}, seed)
    for _seat, action in played:
        assert action_from_json(action_to_json(action)) == action


def test_many_games_at_each_player_count_have_no_violation() -> None:
    for players in range(2, 7):
        report = simulate(GAME, {"players": players}, games=8, seed=players * 100, check=True)
        assert report.violations == []
        assert report.games == 8


def test_the_invariant_checker_catches_a_broken_state() -> None:
    from dataclasses import replace

    state = GAME.new_game({"players": 3}, 4)
    broken = replace(state, weapon_deck=state.weapon_deck[1:])  # a card lost
    assert any("weapon cards out of place" in p for p in check_invariants(GAME, broken))
    cheat = replace(state, known=((0, state.players[1].hidden),))  # seat 0 told seat 1's card
    assert check_invariants(GAME, cheat) == []  # knowledge is legal, and views show it
    assert GAME.view(cheat, 0)["seats"][1]["hidden"] == state.players[1].hidden
    assert GAME.view(cheat, 2)["seats"][1]["hidden"] is None


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: "+".join(k for k in o if o[k]) or "base"
)
def test_advance_gives_the_states_of_apply(options: dict[str, bool]) -> None:
    """The search's playouts step with `rules.advance` (no events): the state
    `apply` gives, on every state of random games, at every player count,
    with every option, for an action taken from the legal list (trusted) and
    for an equal one (checked); but at the end of a round, where playouts
    stop, the next round is not dealt: the horizon and every seat's score
    judge both states alike."""
    assert GAME.capabilities.search is not None
    assert GAME.capabilities.search.advance is rules.advance
    for players in range(2, 7):
        game_options = {"players": players, **options}
        for before, state, advanced in advance_steps(GAME, game_options, players * 17):
            if GAME.is_over(state) or not GAME.search_horizon(before, state):
                assert advanced == state
                continue
            assert GAME.search_horizon(before, advanced) and not GAME.is_over(advanced)
            assert advanced.round == state.round and advanced.fates == state.fates
            for judged in range(players):
                score = GAME.search_score(before, state, judged)
                assert GAME.search_score(before, advanced, judged) == score
                assert advanced.players[judged].hearts == state.players[judged].hearts
                assert advanced.players[judged].keys == state.players[judged].keys


def test_advance_refuses_what_apply_refuses() -> None:
    state = GAME.new_game({"players": 3}, 5)
    seat = GAME.to_act(state)[0]
    GAME.legal_actions(state, seat)
    for who, action in (((seat + 1) % 3, Visit()), (seat, Ask(9)), (seat, Ask(5))):
        with pytest.raises(IllegalAction):
            rules.advance(state, who, action)
