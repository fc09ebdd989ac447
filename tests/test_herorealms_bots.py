"""Hero Realms' bots (easy, normal, and hard: the engine's search): whole
games at 2 to 4 players in every mode (with and without character packs)
without an illegal action, each decision from the seat's view alone, and the
behaviours each level promises."""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.engine.bots import bot_levels, make_bot
from game.engine.search import SearchBot, SearchSettings
from game.herorealms import GAME
from game.herorealms.bots import easy_bot, normal_bot
from game.herorealms.bots_search import BUYS, WIN, search_candidates, search_score
from game.herorealms.cards import PACKS, kind_of
from game.herorealms.options import pack_key
from game.herorealms.scenario import SCENARIOS, read_action
from game.herorealms.state import (
    Action,
    AttackChampion,
    AttackPlayer,
    BuyGem,
    BuyMarket,
    Choose,
    EndTurn,
    Pick,
    Play,
    Sacrifice,
    Skip,
    State,
)
from game.herorealms.views import redeal
from tests import test_conformance_hooks as conformance_hooks

#: Hero Realms games are long; a bots' game over this many actions is a stuck one
GAME_LIMIT = 6000

_CASES = [
    (2, "free_for_all", False),
    (2, "free_for_all", True),
    (3, "free_for_all", False),
    (3, "hunter", True),
    (3, "hunter_last", False),
    (4, "free_for_all", True),
    (4, "hunter", False),
    (4, "hunter_last", True),
    (4, "hydra", False),
    (4, "hydra", True),
]


def _options(players: int, mode: str, packs: bool) -> dict[str, Any]:
    options: dict[str, Any] = {"players": players, "mode": mode}
    if packs:
        for seat in range(players):
            options[pack_key(seat)] = list(PACKS)[seat % len(PACKS)]
    return options


def test_both_levels_are_offered() -> None:
    assert {"easy", "normal"} <= set(bot_levels(GAME))


@pytest.mark.parametrize(("players", "mode", "packs"), _CASES)
def test_bots_play_whole_games_legally_from_their_view_alone(
    players: int, mode: str, packs: bool
) -> None:
    """Easy and normal alternate seats; each decision is legal, and re-dealing
    everything the seat cannot see changes neither its view nor its choice."""
    levels = [make_bot(GAME, "normal" if seat % 2 else "easy") for seat in range(players)]
    state = GAME.new_game(_options(players, mode, packs), 3 + players)
    steps = 0
    while not GAME.is_over(state):
        assert steps < GAME_LIMIT, "the bots did not end the game"
        seat = GAME.to_act(state)[-1]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = levels[seat](view, legal)
        assert action in legal, action
        other = redeal(state, seat, steps)
        assert levels[seat](GAME.view(other, seat), GAME.legal_actions(other, seat)) == action
        state, _events = GAME.apply(state, seat, action)
        steps += 1
    assert GAME.outcome(state) is not None


def _stacked(**setup: object) -> State:
    state, _names = SCENARIOS.build(setup)
    return state


def _decide(bot: Any, state: State, seat: int = 0) -> Action:
    action: Action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
    return action


@pytest.mark.parametrize("bot", [easy_bot, normal_bot])
def test_bots_play_their_hand_before_anything_else(bot: Any) -> None:
    state = _stacked(players=["Ana", "Ben"], hands={"Ana": ["gold", "dagger"]}, gold=8)
    assert type(_decide(bot, state)).__name__ == "Play"


def test_easy_buys_the_dearest_card_it_can() -> None:
    state = _stacked(
        players=["Ana", "Ben"], hands={"Ana": []}, gold=5, market=["taxation", "command", "arkus"]
    )
    action = _decide(easy_bot, state)
    assert isinstance(action, BuyMarket)
    assert GAME.view(state, 0)["market"].index(action.card) == 1  # command, 5: arkus costs 8


def test_easy_buys_a_gem_when_no_market_card_is_affordable() -> None:
    state = _stacked(
        players=["Ana", "Ben"], hands={"Ana": []}, gold=2,
        market=["arkus", "domination", "fire_bomb", "rake", "command"],
    )  # fmt: skip
    assert _decide(easy_bot, state) == BuyGem()


@pytest.mark.parametrize("bot", [easy_bot, normal_bot])
def test_a_guard_is_attacked_before_the_player(bot: Any) -> None:
    state = _stacked(
        players=["Ana", "Ben"], hands={"Ana": []}, combat=9, champions={"Ben": ["man_at_arms"]}
    )
    action = _decide(bot, state)
    assert isinstance(action, AttackChampion)


@pytest.mark.parametrize("bot", [easy_bot, normal_bot])
def test_the_whole_combat_goes_to_a_player(bot: Any) -> None:
    state = _stacked(players=["Ana", "Ben"], hands={"Ana": []}, combat=7)
    assert _decide(bot, state) == AttackPlayer(1, 7)


def test_normal_attacks_the_weakest_opponent_in_free_for_all() -> None:
    state = _stacked(
        players=["Ana", "Ben", "Cy"], hands={"Ana": []}, combat=4,
        health={"Cy": 12},
    )  # fmt: skip
    assert _decide(normal_bot, state) == AttackPlayer(2, 4)
    assert _decide(easy_bot, state) == AttackPlayer(1, 4)


def test_normal_buys_into_the_faction_it_already_holds() -> None:
    """Two cards of the same cost: the one whose faction it already plays."""
    state = _stacked(
        players=["Ana", "Ben"], hands={"Ana": []}, gold=5,
        market=["myros", "cristov"], discards={"Ana": ["profit", "intimidation", "bribe"]},
    )  # fmt: skip
    action = _decide(normal_bot, state)
    assert isinstance(action, BuyMarket)
    assert action.card == GAME.view(state, 0)["market"][0]  # Myros, Guild like its discard


def _after(state: State, *words: str) -> State:
    for word in words:
        state, _events = GAME.apply(state, 0, read_action(word, ["Ana", "Ben"]))
    return state


def test_normal_thins_its_deck_of_a_starting_weapon_and_keeps_its_gold() -> None:
    state = _after(
        _stacked(players=["Ana", "Ben"], hands={"Ana": ["death_touch", "gold", "dagger"]}),
        "play death_touch",
    )
    action = _decide(normal_bot, state)
    assert isinstance(action, Pick) and kind_of(action.card).key == "dagger"
    without = _after(
        _stacked(players=["Ana", "Ben"], hands={"Ana": ["death_touch", "gold", "taxation"]}),
        "play death_touch",
    )
    assert _decide(normal_bot, without) == Skip()


def test_normal_takes_the_better_option_of_a_choice() -> None:
    """Darian: 3 combat or 4 health; with a player to hit, the combat."""
    state = _after(
        _stacked(players=["Ana", "Ben"], hands={"Ana": []}, champions={"Ana": ["darian"]}),
        "expend darian",
    )
    assert _decide(normal_bot, state) == Choose(0)


def test_normal_sacrifices_a_card_only_for_a_kill() -> None:
    setup: dict[str, Any] = {"players": ["Ana", "Ben"], "hands": {"Ana": []}, "combat": 2}
    far = _after(_stacked(**setup, in_play=["influence"]))
    assert not isinstance(_decide(normal_bot, far), Sacrifice)
    near = _after(_stacked(**setup, in_play=["influence"], health={"Ben": 5}))
    assert isinstance(_decide(normal_bot, near), Sacrifice)


# ------------------------------------------------------------------ hard

#: a playout count that binds before the time budget: decisions repeat
COUNTED = SearchSettings(playouts=8, time_budget=60.0)


def test_hard_is_offered() -> None:
    assert "hard" in bot_levels(GAME)


@pytest.mark.parametrize(
    ("players", "mode", "packs"),
    [(2, "free_for_all", False), (3, "hunter", True), (4, "free_for_all", True),
     (4, "hydra", False)],
)  # fmt: skip
def test_hard_plays_whole_games_legally_from_its_view_alone(
    players: int, mode: str, packs: bool
) -> None:
    """Hard and normal alternate seats; each of hard's decisions is legal, and
    re-dealing everything its seat cannot see changes neither its view nor its
    choice (the same bot, seeded, asked again)."""
    bots = [make_bot(GAME, "normal" if seat % 2 else "hard", seat, COUNTED)
            for seat in range(players)]  # fmt: skip
    state = GAME.new_game(_options(players, mode, packs), 11 + players)
    steps = 0
    while not GAME.is_over(state):
        assert steps < GAME_LIMIT, "the bots did not end the game"
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = bots[seat](GAME.view(state, seat), legal)
        assert action in legal, action
        if seat % 2 == 0 and steps % 3 == 0:
            other = redeal(state, seat, steps)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert bots[seat](GAME.view(other, seat), GAME.legal_actions(other, seat)) == action
        state, _events = GAME.apply(state, seat, action)
        steps += 1
    assert GAME.outcome(state) is not None


def _hard_game(seed: int, bot_seed: int) -> list[Action]:
    """The actions of a 2-player game of hard (seat 0) against normal."""
    hard = make_bot(GAME, "hard", bot_seed, COUNTED)
    state = GAME.new_game({"players": 2}, seed)
    played: list[Action] = []
    while not GAME.is_over(state) and len(played) < GAME_LIMIT:
        seat = GAME.to_act(state)[0]
        bot = hard if seat == 0 else normal_bot
        action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
        played.append(action)
        state, _events = GAME.apply(state, seat, action)
    return played


def test_hard_repeats_its_game_for_a_seed() -> None:
    first = _hard_game(5, bot_seed=3)
    assert _hard_game(5, bot_seed=3) == first


def test_hard_plays_what_the_heuristics_settle_without_thinking() -> None:
    """Its hand first, at once: no playout for a move nothing rivals."""
    hard = make_bot(GAME, "hard", 0, COUNTED)
    assert isinstance(hard, SearchBot)
    state = _stacked(players=["Ana", "Ben"], hands={"Ana": ["gold", "dagger"]}, gold=8)
    assert isinstance(_decide(hard, state), Play)
    assert hard.last_playouts == 0


def test_hard_weighs_each_target_with_all_its_combat() -> None:
    """Attacks only (combat left is lost): each champion it may stun and each
    player with the whole combat, never part of it."""
    state = _stacked(
        players=["Ana", "Ben", "Cy"], hands={"Ana": []}, combat=6, gold=5,
        champions={"Cy": ["street_thug"]},
    )  # fmt: skip
    legal = GAME.legal_actions(state, 0)
    named = [legal[i] for i in search_candidates(GAME.view(state, 0), legal)]
    assert set(named) == {
        AttackPlayer(1, 6),
        AttackPlayer(2, 6),
        *(a for a in legal if isinstance(a, AttackChampion)),
    }
    assert len(named) == 3


def test_hard_weighs_the_best_buys_a_gem_and_ending_its_turn() -> None:
    state = _stacked(
        players=["Ana", "Ben"], hands={"Ana": []}, gold=8,
        market=["arkus", "domination", "fire_bomb", "rake", "command"],
    )  # fmt: skip
    legal = GAME.legal_actions(state, 0)
    named = [legal[i] for i in search_candidates(GAME.view(state, 0), legal)]
    assert named[0] == normal_bot(GAME.view(state, 0), legal)
    assert sum(isinstance(a, BuyMarket) for a in named) == BUYS
    assert BuyGem() in named and EndTurn() in named
    assert len(set(named)) == len(named)


def test_hard_keeps_to_its_time_budget() -> None:
    """With playouts to spare, the budget ends the search: a decision of
    many candidates stops near its 0.05 s, after some playouts, far short
    of the count."""
    hard = make_bot(GAME, "hard", 0, SearchSettings(playouts=10**6, time_budget=0.05))
    assert isinstance(hard, SearchBot)
    state = _stacked(
        players=["Ana", "Ben", "Cy", "Dee"], hands={"Ana": []}, gold=8,
        market=["arkus", "domination", "fire_bomb", "rake", "command"],
    )  # fmt: skip
    started = time.perf_counter()
    action = _decide(hard, state)
    took = time.perf_counter() - started
    assert action in GAME.legal_actions(state, 0)
    assert 0 < hard.last_playouts < 10**6
    assert took < 0.05 + 0.25  # one playout past the deadline, on a loaded machine


def _score(state: State, seat: int = 0) -> float:
    return search_score(state, state, seat)


def test_hard_scores_health_a_stronger_deck_champions_and_the_end() -> None:
    base: dict[str, Any] = {"players": ["Ana", "Ben"], "hands": {"Ana": []}}
    even = _score(_stacked(**base))
    assert _score(_stacked(**base, health={"Ben": 40})) > even
    assert _score(_stacked(**base, health={"Ana": 40})) < even
    assert _score(_stacked(**base, discards={"Ana": ["domination"]})) > even
    assert _score(_stacked(**base, champions={"Ana": ["arkus"]})) > even
    assert _score(_stacked(**base, champions={"Ben": ["arkus"]})) < even
    won = _stacked(**base, health={"Ben": 1}, combat=1)
    won, _events = GAME.apply(won, 0, AttackPlayer(1, 1))
    assert GAME.is_over(won)
    assert _score(won) == WIN and _score(won, 1) == -WIN


def test_hard_scores_a_hydra_team_together() -> None:
    """Teammates share a side: a teammate's champion is the seat's gain."""
    base: dict[str, Any] = {"players": ["Ana", "Bo", "Cy", "Dee"], "mode": "hydra"}
    even = _score(_stacked(**base))
    assert _score(_stacked(**base, champions={"Bo": ["arkus"]})) > even
    assert _score(_stacked(**base, champions={"Cy": ["arkus"]})) < even


@pytest.mark.parametrize(
    "options", [{"players": 2}, _options(4, "hunter_last", True), _options(4, "hydra", False)]
)
def test_hard_search_hooks_keep_the_conformance_contract(options: dict[str, Any]) -> None:
    """The conformance suite's check of the search hooks (it runs on
    registered games; Hero Realms registers with its client): every world
    shows the seat its view, keeps the invariants and the legal list; the
    scores are finite; the candidates are distinct indexes of the legal list."""
    conformance_hooks.test_the_search_hooks_keep_their_contract(GAME, options)
