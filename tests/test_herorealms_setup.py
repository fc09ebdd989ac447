"""Hero Realms' set-up for 2 to 4 players, the hidden information of its
views, and its JSON."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game.engine.codec import canonical_json
from game.engine.errors import MalformedData
from game.engine.evolve import evolve
from game.engine.invariants import check_invariants
from game.herorealms import GAME
from game.herorealms.cards import CARDS, MARKET_IDS, starting_ids
from game.herorealms.state import NO_CARD, State
from game.herorealms.views import redeal, state_problems


def _new(players: int, seed: int = 0) -> State:
    return GAME.new_game({"players": players}, seed)


@pytest.mark.parametrize(("players", "hands"), [(2, [3, 5]), (3, [3, 4, 5]), (4, [3, 4, 5, 5])])
def test_the_deal(players: int, hands: list[int]) -> None:
    state = _new(players, 7)
    assert [len(p.hand) for p in state.players] == hands
    for seat, player in enumerate(state.players):
        assert player.health == 50 and not player.out and player.owed == 0
        assert sorted(player.hand + player.deck) == list(starting_ids(seat))
        assert player.discard == player.champions == player.expended == ()
    assert len(state.market) == 5 and NO_CARD not in state.market
    assert len(state.market_deck) == 75
    assert sorted(state.market + state.market_deck) == list(MARKET_IDS)
    assert len(state.gems) == 16 and state.sacrificed == ()
    assert state.turn == 0 and state.gold == state.combat == 0 and state.prompts == ()
    assert state_problems(state) == []


def test_the_seed_shuffles_the_market_and_the_decks() -> None:
    assert _new(2, 1) == _new(2, 1)
    first, other = _new(2, 1), _new(2, 2)
    assert first.market_deck != other.market_deck
    assert first.market + first.market_deck != MARKET_IDS
    orders = {_new(2, seed).players[0].deck for seed in range(8)}
    assert len(orders) > 1


def test_the_options_are_checked() -> None:
    with pytest.raises(MalformedData):
        GAME.new_game({"players": 5}, 0)
    with pytest.raises(MalformedData):
        GAME.new_game({"players": 2}, "seed")  # type: ignore[arg-type]


def test_a_view_hides_other_hands_and_every_decks_order() -> None:
    state = _new(3, 4)
    mine = GAME.view(state, 1)
    assert mine["hand"] == list(state.players[1].hand)
    assert mine["deck"] == sorted(state.players[1].deck)
    text = canonical_json(mine)
    assert 'market_deck":75' in text
    for seat in (0, 2):
        assert mine["players"][seat]["hand_size"] == len(state.players[seat].hand)
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["deck"] is None
    # the view holds no id of a card the seat cannot see
    hidden = set(state.market_deck) | set(state.players[0].hand) | set(state.players[2].hand)
    hidden |= set(state.players[0].deck) | set(state.players[2].deck)
    shown = _ids(mine)
    assert not hidden & shown


def _ids(value: Any) -> set[int]:
    if isinstance(value, dict):
        return set().union(*(_ids(v) for k, v in value.items() if k not in _COUNTS))
    if isinstance(value, list):
        return set().union(*(_ids(v) for v in value)) if value else set()
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


_COUNTS = {"seat", "turn", "turns", "to_act", "health", "hand_size", "deck_size", "owed",
           "market_deck", "gold", "combat", "prompts", "next", "winner", "turns_begun", "ward",
           "ward_turns", "looking_size"}  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_redealing_what_a_seat_cannot_see_keeps_its_view(players: int) -> None:
    state = _new(players, 3)
    for seat in [None, *range(players)]:
        other = redeal(state, seat, 99)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert state_problems(other) == []
    assert redeal(state, 0, 99).market_deck != state.market_deck
    assert check_invariants(GAME, state) == []


def test_json_round_trip_and_strict_reading() -> None:
    state = _new(4, 11)
    data = GAME.state_to_json(state)
    assert GAME.state_from_json(data) == state
    broken = GAME.state_to_json(evolve(state, gems=(*state.gems, state.market[0])))
    with pytest.raises(MalformedData, match="exactly one place"):
        GAME.state_from_json(broken)
    extra = dict(data, extra=1)
    with pytest.raises(MalformedData):
        GAME.state_from_json(extra)
    with pytest.raises(MalformedData):
        GAME.action_from_json({"type": "play", "card": 999})
    with pytest.raises(MalformedData):
        GAME.action_from_json({"type": "fly"})


def test_the_state_knows_when_it_is_broken() -> None:
    state = _new(2)
    player = state.players[0]
    wrong = evolve(state, players=(evolve(player, health=0), state.players[1]))
    assert any("must be out" in p for p in state_problems(wrong))
    champion = next(c for c in MARKET_IDS if CARDS[c].type.value == "action")
    bad = evolve(state, players=(evolve(player, expended=(champion,)), state.players[1]))
    assert any("expended" in p for p in state_problems(bad))
    assert Counter(len(p.hand) for p in state.players) == {3: 1, 5: 1}
