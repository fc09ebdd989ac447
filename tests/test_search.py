"""The search bot: legal, decided from the view alone, repeatable given a seed."""

from __future__ import annotations

from game.bossquest import GAME
from game.bossquest.bots import easy_bot, normal_bot
from game.bossquest.determinize import determinize
from game.bossquest.invariants import state_problems
from game.bossquest.state import State
from game.engine.bots import RandomBot, bot_levels, make_bot
from game.engine.search import Policy, SearchBot, SearchSettings
from tests.helpers import play_random

FAST = SearchSettings(playouts=24, time_budget=30.0)


def decision_points() -> list[tuple[State, int]]:
    points = []
    for players in (2, 4, 6):
        for steps in (0, 4, 9, 15, 23):
            state = play_random(players, 70 + steps, steps)
            if not GAME.is_over(state):
                points.append((state, state.seat))
    return points


def test_determinize_keeps_the_view_and_every_invariant() -> None:
    for players in range(2, 7):
        for steps in range(0, 50, 7):
            state = play_random(players, 300 + steps, steps)
            for seat in [None, *range(players)]:
                view = GAME.view(state, seat)
                world = determinize(view, steps)
                assert state_problems(world) == []
                assert GAME.view(world, seat) == view


def test_the_dealer_deals_the_worlds_of_determinize() -> None:
    """The search reads a view once (`dealer`) and deals a world per playout:
    the same worlds as `determinize`, each with the same view, none leaking
    into the next."""
    hooks = GAME.capabilities.search
    assert hooks is not None and hooks.dealer is not None
    for state, seat in decision_points():
        view = GAME.view(state, seat)
        deal = hooks.dealer(view)
        for seed in (1, 2, 1):
            world = deal(seed)
            assert world == hooks.determinize(view, seed)
            assert GAME.view(world, seat) == view


def test_every_level_decides_from_the_view_alone() -> None:
    bots: dict[str, Policy] = {
        "easy": easy_bot,
        "normal": normal_bot,
        "hard": SearchBot(GAME, normal_bot, FAST, 5),
    }
    for state, seat in decision_points():
        legal = GAME.legal_actions(state, seat)
        for name, bot in bots.items():
            action = bot(GAME.view(state, seat), legal)
            assert action in legal, name
            for seed in range(2):
                other = GAME.redeal(state, seat, seed)
                assert bot(GAME.view(other, seat), GAME.legal_actions(other, seat)) == action, name


def test_the_search_repeats_given_a_seed_and_runs_in_slices() -> None:
    state = play_random(4, 3, 2)
    seat = state.seat
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    first = SearchBot(GAME, normal_bot, FAST, seed=9)(view, legal)
    assert SearchBot(GAME, normal_bot, FAST, seed=9)(view, legal) == first
    steps = list(SearchBot(GAME, normal_bot, FAST, seed=9).steps(view, legal))
    assert steps[-1] == first
    assert steps[:-1] and all(step is None for step in steps[:-1])  # it yielded to the page


def test_a_zero_time_budget_still_gives_a_legal_action() -> None:
    state = play_random(4, 3, 2)
    seat = state.seat
    legal = GAME.legal_actions(state, seat)
    bot = SearchBot(GAME, normal_bot, SearchSettings(playouts=500, time_budget=0.0), seed=1)
    assert bot(GAME.view(state, seat), legal) in legal


def test_levels_and_factory() -> None:
    assert bot_levels(GAME) == ["random", "normal", "easy", "hard"]
    assert isinstance(make_bot(GAME, "hard", 1), SearchBot)
    assert isinstance(make_bot(GAME, "random", 1), RandomBot)
    assert make_bot(GAME, "easy") is easy_bot
