"""Random play with every invariant checked after every action, at every player
count, with and without each extension."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bossquest import GAME
from game.bossquest.actions import action_from_json, action_to_json
from game.engine.invariants import check_invariants
from game.engine.simulate import random_game, simulate


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**64), keep_yellow=st.booleans())
def test_random_games_keep_every_invariant(players: int, seed: int, keep_yellow: bool) -> None:
    options = {"players": players, "keep_yellow": keep_yellow}
    state, played, violations = random_game(GAME, options, seed, check=True)
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
    state, played, violations = random_game(GAME, options, seed, check=True)
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
