"""Hero Realms played at random with every invariant checked, undo within a
turn, and the legal list against the checker."""

from __future__ import annotations

import time

import pytest

from game.engine.errors import IllegalAction, MalformedData
from game.engine.evolve import evolve
from game.engine.invariants import check_invariants
from game.engine.simulate import random_game
from game.engine.undo import Step, undo_refusal
from game.herorealms import GAME
from game.herorealms.scenario import SCENARIOS
from game.herorealms.state import NO_CARD, BuyMarket, EndTurn, Format, Pick, Play, State
from game.herorealms.views import redeal, state_problems


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players: int) -> None:
    state, played, violations = random_game(
        GAME, {"players": players}, seed=players, check=True, universe_one_in=40
    )
    assert violations == []
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome["winners"]) == 1
    winner = outcome["winners"][0]
    assert [p.out for p in state.players].count(False) == 1 and not state.players[winner].out
    assert len(played) > 50


@pytest.mark.parametrize("players", [3, 4])
def test_random_hunter_games_end_at_first_blood(players: int) -> None:
    options = {"players": players, "mode": "hunter"}
    state, _played, violations = random_game(GAME, options, seed=7, check=True, universe_one_in=40)
    assert violations == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    out = [seat for seat, p in enumerate(state.players) if p.out]
    assert len(out) == 1
    assert outcome["winners"] == [(out[0] - 1) % players]  # the player on their right


def test_hunter_needs_three_or_four_players() -> None:
    with pytest.raises(MalformedData, match="hunter"):
        GAME.new_game({"players": 2, "mode": "hunter"}, 0)
    assert GAME.new_game({"players": 3, "mode": "hunter"}, 0).format == Format.HUNTER
    assert GAME.new_game({"players": 3}, 0).format == Format.FREE_FOR_ALL


def test_random_play_speed_is_printed() -> None:
    """A rough figure for the report (no assertion on speed)."""
    actions, start = 0, time.perf_counter()
    for seed in range(6):
        _state, played, _ = random_game(GAME, {"players": 2 + seed % 3}, seed)
        actions += len(played)
    seconds = time.perf_counter() - start
    print(f"herorealms random play: {actions / seconds:.0f} actions/s ({actions} actions)")
    assert actions > 0


def _stacked(**setup: object) -> State:
    state, _names = SCENARIOS.build({"players": ["Ana", "Ben"], **setup})
    return state


def _steps(state: State, *actions: object) -> tuple[State, list[Step]]:
    steps = []
    for action in actions:
        after, _events = GAME.apply(state, 0, action)  # type: ignore[arg-type]
        steps.append(Step(0, action, state, after))
        state = after
    return state, steps


def test_undo_within_the_turn_until_something_hidden_shows() -> None:
    start = _stacked(hands={"Ana": ["gold", "command"]}, market=["cron"], gold=6)
    gold = next(c for c in start.players[0].hand if c != start.players[0].hand[1])
    command = start.players[0].hand[1]
    state, steps = _steps(start, Play(gold))
    assert undo_refusal(GAME, state, steps, 0) is None
    drawn, steps_drawn = _steps(start, Play(command))
    refusal = undo_refusal(GAME, drawn, steps_drawn, 0)
    assert refusal is not None and refusal.code == "undo_revealed"
    bought, steps_bought = _steps(start, BuyMarket(start.market[0]))
    refusal = undo_refusal(GAME, bought, steps_bought, 0)
    assert refusal is not None and refusal.code == "undo_revealed"  # the refill showed a card
    ended, steps_ended = _steps(start, EndTurn())
    assert undo_refusal(GAME, ended, steps_ended, 0) is not None


def test_checker_and_legal_list_agree_on_stacked_positions() -> None:
    state = _stacked(
        hands={"Ana": ["fire_bomb", "taxation", "spark"]},
        champions={"Ana": ["darian", "rake"], "Ben": ["orc_grunt", "rayla"]},
        combat=9,
        gold=5,
    )
    assert check_invariants(GAME, state) == []
    for action in GAME.legal_actions(state, 0):
        after, _ = GAME.apply(state, 0, action)
        assert check_invariants(GAME, after) == []


def test_an_empty_market_deck_leaves_the_bought_slot_empty() -> None:
    start = _stacked(hands={"Ana": []}, gold=20, market=["spark", "profit"])
    # the market deck's cards go to the sacrifice pile: nothing is left to refill
    empty = evolve(start, market_deck=(), sacrificed=start.market_deck)
    assert state_problems(empty) == []
    spark = start.market[0]
    after, events = GAME.apply(empty, 0, BuyMarket(spark))
    assert after.market[0] == NO_CARD and after.market[1:] == start.market[1:]
    assert not any(event["type"] == "refill" for event in events)
    assert BuyMarket(NO_CARD) not in GAME.legal_actions(after, 0)
    assert GAME.check(after, 0, BuyMarket(NO_CARD)) is not None
    assert check_invariants(GAME, after) == []


def test_a_card_put_on_a_deck_face_up_is_known_until_drawn_or_shuffled() -> None:
    start = _stacked(
        hands={"Ana": ["smash_and_grab"]},
        discards={"Ana": ["cron"]},
        decks={"Ana": []},
    )
    smash, cron = start.players[0].hand[0], start.players[0].discard[0]
    state, _ = GAME.apply(start, 0, Play(smash))
    state, _ = GAME.apply(state, 0, Pick(cron))
    assert state.players[0].deck[0] == cron and state.players[0].known == 1
    for seat in (None, 0, 1):
        assert GAME.view(state, seat)["players"][0]["deck_top"] == [cron]
        assert redeal(state, seat, 5).players[0].deck[0] == cron
    ended, _ = GAME.apply(state, 0, EndTurn())  # Ana draws it first
    assert cron in ended.players[0].hand and ended.players[0].known == 0
    emptied = evolve(
        state,
        players=(
            evolve(state.players[0], deck=(cron,), discard=state.players[0].deck[1:]),
            state.players[1],
        ),
    )
    assert state_problems(emptied) == []
    after, events = GAME.apply(emptied, 0, EndTurn())  # draws it, then reshuffles
    assert [e["type"] for e in events if e["type"] in ("reshuffle", "draw")] == [
        "reshuffle",
        "draw",
    ]
    assert after.players[0].known == 0


def test_every_refused_action_raises_with_its_reason_and_changes_nothing() -> None:
    state, played, _ = random_game(GAME, {"players": 3}, seed=21, max_actions=120)
    replay = GAME.new_game({"players": 3}, 21)
    for index, (seat, action) in enumerate(played):
        if index % 10 == 0:
            before = GAME.state_to_json(replay)
            for other in GAME.action_universe(replay):
                for who in range(3):
                    reason = GAME.check(replay, who, other)
                    if reason is None:
                        continue
                    with pytest.raises(IllegalAction) as refused:
                        GAME.apply(replay, who, other)
                    assert refused.value.code == reason.code and reason.message
            assert GAME.state_to_json(replay) == before
        replay, _ = GAME.apply(replay, seat, action)
    assert replay == state
