"""The odds of going over, pinned against exact enumeration of small decks."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from game.bossquest import GAME
from game.bossquest.cards import weapon_value
from game.bossquest.odds import (
    over_odds,
    over_probability,
    riskier_than,
    unseen_value_counts,
    unseen_weapons,
    value_counts,
)
from game.bossquest.scenario import SCENARIOS


def enumerate_over(strength: int, hp: int, pool: list[int], count: int) -> Fraction:
    draws = list(itertools.permutations(pool, count))  # ordered draws, like a real deck
    over = sum(1 for draw in draws if strength + sum(weapon_value(c) for c in draw) > hp)
    return Fraction(over, len(draws))


@pytest.mark.parametrize("seed", range(40))
def test_over_probability_matches_enumeration(seed: int) -> None:
    dice = random.Random(seed)
    pool = dice.sample(range(35), dice.randint(1, 9))
    count = dice.randint(0, min(4, len(pool)))
    strength, hp = dice.randint(2, 20), dice.randint(14, 21)
    assert over_probability(strength, hp, pool, count) == enumerate_over(strength, hp, pool, count)


@pytest.mark.parametrize("seed", range(20))
def test_the_cached_risk_test_is_the_exact_comparison(seed: int) -> None:
    """The normal bot asks `riskier_than`, cached and in integers: the same answer
    as comparing the exact probability with the float, for 1 to 4 weapons and
    beyond (a larger count is counted on its own)."""
    dice = random.Random(seed)
    pool = dice.sample(range(38), dice.randint(5, 30))
    counts = value_counts(pool)
    for count in range(0, 7):
        for room in range(-4, 30, 3):
            probability = over_probability(10, 10 + room, pool, count)
            for risk in (0.0, 0.1, 0.3, 0.5, 1.0):
                assert riskier_than(counts, room, count, risk) == (probability > risk)


def test_edge_cases() -> None:
    assert over_probability(20, 17, [0, 1], 0) == 1  # already over, nothing drawn
    assert over_probability(5, 17, [], 0) == 0
    with pytest.raises(ValueError, match="cannot draw"):
        over_probability(5, 17, [0], 2)


def stacked_view() -> dict[str, object]:
    """Two players, everything stacked: the odds seen by the first player."""
    state, _ = SCENARIOS.build(
        {
            "players": ["Ana", "Ben"],
            "bosses": [15],
            "hands": {
                "Ana": {"hidden": "red6", "visible": "blue5"},
                "Ben": {"hidden": "green2", "visible": "purple3"},
            },
        }
    )
    return GAME.view(state, 0)


def test_odds_from_a_view_use_only_what_the_seat_sees() -> None:
    view = stacked_view()
    pool = unseen_weapons(view)
    seen = {"red6", "blue5", "purple3"}
    assert len(pool) == 28 - len(seen)  # Ben's hidden green2 is not seen, so it is in the pool
    odds = over_odds(view)
    assert set(odds) == {1, 2, 3, 4}
    # Ana has 11 against 15: one card goes over only with a 5, 6 or 7.
    fives_and_up = [c for c in pool if weapon_value(c) >= 5]
    assert odds[1] == pytest.approx(len(fives_and_up) / len(pool))
    for count, chance in odds.items():
        small = float(enumerate_over(11, 15, pool, count)) if count <= 2 else chance
        assert chance == pytest.approx(small)
    assert odds[1] < odds[2] < odds[3] < odds[4]


@pytest.mark.parametrize("options", [{}, {"potions": True}, {"keep_yellow": True}])
def test_the_unseen_counts_are_those_of_the_unseen_weapons(options: dict[str, bool]) -> None:
    for players in (2, 4, 6):
        game_options = {"players": players, **options}
        state = GAME.new_game(game_options, players)
        for _step in range(40):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            pool = unseen_weapons(view)
            assert unseen_value_counts(view) == (value_counts(pool), len(pool))
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, legal[_step % len(legal)])
