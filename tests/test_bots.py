"""The simple bot plays legal actions, from its view alone, and beats random play."""

from __future__ import annotations

import pytest

from game.bossquest import GAME
from game.bossquest.bots import easy_bot as simple_bot
from game.bossquest.bots import normal_bot
from game.bossquest.views import PLAYOUT_KEYS, playout_view
from game.engine import rng
from game.engine.simulate import random_game


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


@pytest.mark.parametrize("extensions", [False, True], ids=["base", "every-extension"])
def test_the_playout_view_is_part_of_the_view_and_decides_the_same(extensions: bool) -> None:
    """The search's playouts give the bots `playout_view`: some of the view's
    keys with the view's values (so nothing the view hides), every key the
    bots read, and the same decisions as on the whole view."""
    for players in range(2, 7):
        options = {"players": players, "potions": extensions, "companions": extensions}
        options["reaper"] = extensions
        _final, played, _ = random_game(GAME, options, players * 11)
        state = GAME.new_game(options, players * 11)
        for seat, action in played:
            whole, part = GAME.view(state, seat), playout_view(state, seat)
            assert part == {key: whole[key] for key in PLAYOUT_KEYS if key in whole}
            legal = GAME.legal_actions(state, seat)
            for bot in (normal_bot, simple_bot):
                assert bot(part, legal) == bot(whole, legal)
            state, _ = GAME.apply(state, seat, action)
