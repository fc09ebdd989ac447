"""Bazar Quest's card set, random play with every invariant at 2 to 6 shops,
hidden information in views, the codec and what a host may send."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from game.bazarquest.cards import (
    ADVENTURES,
    CLASSES,
    EMPLOYEES,
    FIRST_GAME_HEROES,
    FIRST_GAME_MONSTERS,
    HEROES,
    ITEMS,
    MONSTERS,
    UPGRADES,
    Effect,
)
from game.bazarquest.game import GAME
from game.bazarquest.measure import measure
from game.bazarquest.setup import mentions_adventures
from game.bazarquest.state import Pick, Stage, State
from game.bazarquest.words import EFFECT_KINDS, effect_text
from game.engine import rng
from game.engine.errors import GameError, MalformedData
from game.engine.events import events_for_seat
from game.engine.simulate import random_game, simulate
from game.engine.viewcheck import Received


def test_the_box_numbers() -> None:
    assert len(ITEMS) == 112 and len(HEROES) == 16 and len(EMPLOYEES) == 20
    assert len(ADVENTURES) == 18
    assert Counter(m.level for m in MONSTERS) == {1: 4, 2: 4, 3: 4}
    assert Counter(u.kind for u in UPGRADES) == {"window": 6, "storage": 6}
    assert {c for h in HEROES for c in h.classes} == set(CLASSES)
    assert [HEROES[h].classes for h in FIRST_GAME_HEROES] == [(c,) for c in CLASSES]
    assert [MONSTERS[m].level for m in FIRST_GAME_MONSTERS] == [1, 2, 3]


def test_every_effect_is_one_the_rules_know_and_every_name_is_in_both_languages() -> None:
    cards: list[Any] = [*ITEMS, *HEROES, *MONSTERS, *EMPLOYEES, *ADVENTURES]
    used = {card.effect.kind for card in cards if card.effect is not None}
    assert used == EFFECT_KINDS
    for card in [*cards, *UPGRADES]:
        assert card.fr.strip() and card.en.strip() and "'" not in card.fr
    assert all(set(item.classes) <= set(CLASSES) and item.classes for item in ITEMS)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(players: int) -> None:
    games = 2 if players >= 5 else 3  # a 6-shop game checks every invariant ~1,500 times
    report = simulate(GAME, {"players": players}, games, 100 + players, universe_one_in=40)
    assert report.violations == []
    assert report.games == games


def test_random_first_games_keep_every_invariant() -> None:
    report = simulate(GAME, {"players": 4, "first_game": True}, 2, 7, universe_one_in=40)
    assert report.violations == []


def test_the_first_game_deals_its_named_monsters_and_heroes() -> None:
    state = GAME.new_game({"players": 4, "first_game": True}, 3)
    assert (state.monster, *state.monsters) == FIRST_GAME_MONSTERS
    assert sorted(state.center) == list(FIRST_GAME_HEROES)
    assert [state.purses[h] for h in state.center] == [HEROES[h].purse for h in state.center]
    assert state.coins == (5, 5, 5, 5) and state.stage == Stage.DRAFT


def _states(players: int, seed: int) -> list[State]:
    state = GAME.new_game({"players": players}, seed)
    states = [state]
    dice = rng.seed_state(seed)
    while not GAME.is_over(state) and len(states) < 400:
        acting = GAME.to_act(state)
        pick, dice = rng.below(dice, len(acting))
        legal = GAME.legal_actions(state, acting[pick])
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, acting[pick], legal[index])
        states.append(state)
    return states


def _hidden_from(state: State, seat: int | None) -> set[int]:
    """The items of other shops that `seat` may not see."""
    hidden: set[int] = set()
    for other in range(len(state.coins)):
        if other != seat:
            hidden |= {*state.packets[other], *state.hands[other], *state.storage[other]}
            if state.stage == Stage.DISPLAY:
                hidden |= set(state.window[other])
    return hidden


def _items_shown(view: dict[str, Any]) -> set[int]:
    lists = [view["packet"], view["hand"], view["storage"], view["my_window"]]
    lists += [*(view["windows"] or []), *view["gear"], [view["pick"]]]
    return {item for cards in lists if cards for item in cards if item is not None}


def test_no_view_holds_another_shops_packet_pick_hand_storage_or_unrevealed_window() -> None:
    for state in _states(3, 11):
        for seat in (None, 0, 1, 2):
            view = GAME.view(state, seat)
            assert _items_shown(view) & _hidden_from(state, seat) == set()
            assert (view["windows"] is None) == (state.stage == Stage.DISPLAY)


def test_a_pick_is_its_seats_secret_in_views_and_events() -> None:
    state = GAME.new_game({"players": 3}, 5)
    item = state.packets[0][0]
    after, events = GAME.apply(state, 0, Pick(item))
    assert GAME.view(after, 0)["pick"] == item
    assert GAME.view(after, 1)["pick"] is None and GAME.view(after, 1)["picked"][0] is True
    assert "item" not in events_for_seat(events, 1)[0]
    assert events_for_seat(events, 0)[0]["item"] == item


def test_a_state_survives_its_json_and_a_broken_one_is_refused() -> None:
    for state in _states(4, 3)[::25]:
        data = GAME.state_to_json(state)
        assert GAME.state_from_json(json.loads(json.dumps(data))) == state
    data = GAME.state_to_json(GAME.new_game({"players": 2}, 1))
    data["item_discard"] = [data["item_deck"][0]]
    with pytest.raises(MalformedData, match="every item must be in"):
        GAME.state_from_json(data)
    with pytest.raises(MalformedData, match="item must be a card id"):
        GAME.action_from_json({"type": "sell", "item": 112, "hero": 0})


def test_a_host_sending_honest_frames_passes_and_a_leak_is_refused() -> None:
    final, played, _ = random_game(GAME, {"players": 3}, 9)
    state = GAME.new_game({"players": 3}, 9)
    for seat_action in played[:60]:
        seat, action = seat_action
        state, events = GAME.apply(state, seat, action)
        for viewer in (None, 0, 1, 2):
            honest = Received(
                viewer,
                GAME.view(state, viewer),
                [GAME.action_to_json(a) for a in GAME.legal_actions(state, viewer or 0)]
                if viewer is not None
                else [],
                events_for_seat(events, viewer),
                GAME.outcome(state),
            )
            assert GAME.check_received(honest) is None
    spectator = GAME.view(state, None)
    spectator["hand"] = list(state.hands[0])  # a shop's hand shown to a spectator
    leaked = Received(None, spectator, [], [], GAME.outcome(state))
    assert "view.hand is a shop's own" in (GAME.check_received(leaked) or "")
    mine = GAME.view(state, 1)
    mine["storage"] = [*mine["storage"], 999]
    assert "view.storage" in (GAME.check_received(Received(1, mine, [], [], None)) or "")
    assert GAME.is_over(final)


@pytest.mark.parametrize("players", [2, 6])
def test_unshakeable_games_keep_every_invariant_and_deal_no_card_that_names_adventures(
    players: int,
) -> None:
    options = {"players": players, "unshakeable": True}
    report = simulate(GAME, options, 2, 40 + players, universe_one_in=40)
    assert report.violations == []
    for seed in range(6):
        state = GAME.new_game(options, seed)
        dealt = [*state.item_deck, *(c for p in state.packets for c in p)]
        assert not any(mentions_adventures(ITEMS[i]) for i in dealt)
        assert state.monster is not None
        assert not any(mentions_adventures(MONSTERS[m]) for m in (state.monster, *state.monsters))
        assert not any(mentions_adventures(HEROES[h]) for h in (*state.center, *state.hero_deck))
        assert not any(mentions_adventures(EMPLOYEES[e]) for e in state.employee_deck)
        assert state.adventure_deck == ()


def test_the_rules_for_five_and_six_apply_from_five_players() -> None:
    assert not GAME.new_game({"players": 4}, 1).crowd
    assert GAME.new_game({"players": 4, "crowd_rules": True}, 1).crowd
    assert GAME.new_game({"players": 5}, 1).crowd


def test_an_effects_text_agrees_with_its_amount() -> None:
    assert effect_text(Effect("extra_draw", 2), "fr").endswith("piochez 2 objets de plus.")
    assert effect_text(Effect("extra_draw"), "en").endswith("draw 1 more item.")
    assert "3 coins" in effect_text(Effect("tax", 3), "en")
    texts = [effect_text(c.effect, lang) for c in EMPLOYEES for lang in ("fr", "en")]
    assert all("{" not in text for text in texts)


def test_advanced_two_player_games_keep_every_invariant() -> None:
    report = simulate(GAME, {"players": 2, "advanced": True}, 3, 21, universe_one_in=40)
    assert report.violations == []


def test_the_advanced_rules_are_refused_beyond_two_players() -> None:
    with pytest.raises(GameError, match=r"options\.advanced"):
        GAME.new_game({"players": 3, "advanced": True}, 1)


def test_discarded_items_are_their_shops_secret() -> None:
    state = GAME.new_game({"players": 3}, 12)
    dice = rng.seed_state(12)
    seen = 0
    while not GAME.is_over(state) and seen < 6:
        acting = GAME.to_act(state)
        legal = GAME.legal_actions(state, acting[0])
        index, dice = rng.below(dice, len(legal))
        state, events = GAME.apply(state, acting[0], legal[index])
        for event in (e for e in events if e["type"] == "discard"):
            seen += 1
            owner = event["seat"]
            mine = events_for_seat([event], owner)[0]
            assert len(mine["items"]) == mine["count"]
            assert all(
                "items" not in events_for_seat([event], s)[0] for s in (None, (owner + 1) % 3)
            )
    assert seen == 6


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_bot_plays_whole_games_from_its_view_with_legal_actions(players: int) -> None:
    for level, bot in GAME.capabilities.bots.items():
        state = GAME.new_game({"players": players}, players)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[-1]
            legal = GAME.legal_actions(state, seat)
            action = bot(GAME.view(state, seat), legal)
            assert action in legal, (level, action)
            state, _ = GAME.apply(state, seat, action)
        assert GAME.outcome(state) is not None


def test_the_measure_reports_lengths_losses_and_seat_shares() -> None:
    report = measure({"players": 3}, 3, 5, "normal")
    assert report["games"] == 3 and 0 <= report["all_lose"] <= 1
    assert len(report["seat_win_share_of_scored_games"]) == 3
    assert report["rounds_min_max"][0] >= 1
