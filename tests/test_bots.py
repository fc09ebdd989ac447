"""The simple bot plays legal actions, from its view alone, and beats random play."""

from __future__ import annotations

from game.bossquest import GAME
from game.bossquest.bots import easy_bot as simple_bot
from game.engine import rng


def play(players: int, seed: int, bot_seats: set[int]) -> tuple[int, ...]:
    state = GAME.new_game({"players": players}, seed)
    dice = rng.seed_state(seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat in bot_seats:
            action = simple_bot(GAME.view(state, seat), legal)
            assert action in legal
            # Re-dealing what the seat cannot see changes neither its view nor its choice.
            other = GAME.redeal(state, seat, seed)
            assert simple_bot(GAME.view(other, seat), GAME.legal_actions(other, seat)) == action
        else:
            index, dice = rng.below(dice, len(legal))
            action = legal[index]
        state, _ = GAME.apply(state, seat, action)
    return state.winners


def test_bots_finish_games_at_every_player_count() -> None:
    for players in range(2, 7):
        for seed in range(3):
            assert play(players, seed, set(range(players)))


def test_the_bot_beats_random_players() -> None:
    wins = sum(0 in play(3, seed, {0}) for seed in range(40))
    assert wins >= 24  # a fair share would be about 13
