"""Hidden information stays hidden: views never show another seat's hidden card."""

from __future__ import annotations

import json

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Choose
from game.bossquest.cards import SPELL_KINDS
from game.bossquest.views import view_problems
from game.engine.events import events_for_seat
from game.engine.simulate import random_game
from tests.helpers import play_random


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_are_unchanged_when_unseen_cards_are_redealt(players: int) -> None:
    for steps in (0, 3, 9, 17):
        state = play_random(players, 1000 + steps, steps)
        for seat in [None, *range(players)]:
            for seed in range(3):
                assert GAME.view(GAME.redeal(state, seat, seed), seat) == GAME.view(state, seat)


def test_redeal_really_moves_unseen_cards() -> None:
    state = GAME.new_game({"players": 4}, 8)
    moved = GAME.redeal(state, 0, 1)
    assert moved.players[0].hidden == state.players[0].hidden
    assert [p.hidden for p in moved.players[1:]] != [p.hidden for p in state.players[1:]] or (
        moved.weapon_deck != state.weapon_deck
    )


def test_a_view_shows_only_your_own_hidden_weapon() -> None:
    state = GAME.new_game({"players": 3}, 2)
    for seat in range(3):
        shown = [entry["hidden"] for entry in GAME.view(state, seat)["seats"]]
        assert shown[seat] == state.players[seat].hidden
        assert all(card is None for other, card in enumerate(shown) if other != seat)
    assert all(entry["hidden"] is None for entry in GAME.view(state, None)["seats"])


def test_views_hold_no_deck_order_nor_generator() -> None:
    state = GAME.new_game({"players": 4}, 12)
    text = json.dumps(GAME.view(state, 1))
    assert "rng" not in text
    assert GAME.view(state, 1)["weapon_deck"] == len(state.weapon_deck)
    assert GAME.view(state, 1)["mystery"] is True  # face down: only that it is there


def test_events_carry_secrets_only_to_their_seat() -> None:
    # Find a random game where a hidden swap happens and follow its events.
    for seed in range(400):
        _final, played, _ = random_game(GAME, {"players": 3}, seed)
        replayed = GAME.new_game({"players": 3}, seed)
        for seat, action in played:
            before = replayed
            replayed, events = GAME.apply(replayed, seat, action)
            swaps = [
                e
                for e in events
                if e["type"] == "spell" and SPELL_KINDS[e["card"]] == "swap_hidden"
            ]
            if not swaps:
                continue
            assert isinstance(action, Choose) and action.target is not None
            target = action.target
            third = 3 - seat - target
            mine, theirs = before.players[seat].hidden, before.players[target].hidden
            assert events_for_seat(swaps, seat)[0]["received"] == theirs
            assert events_for_seat(swaps, target)[0]["received"] == mine
            assert "received" not in events_for_seat(swaps, third)[0]
            assert "received" not in events_for_seat(swaps, None)[0]
            # The swap showed each of the two the card they gave away, to the third nothing.
            assert GAME.view(replayed, seat)["seats"][target]["hidden"] == mine
            assert GAME.view(replayed, target)["seats"][seat]["hidden"] == theirs
            assert GAME.view(replayed, third)["seats"][seat]["hidden"] is None
            assert view_problems(replayed) == []
            return
    pytest.fail("no random game swapped hidden weapons")
