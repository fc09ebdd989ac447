"""The Boss's views, events, re-deals and determinized states: a seat sees its
own faces, every hand's city backs, the cards played, and the face-down cards
only once the round's end reveals them; the police deck and the generator
never. Re-dealing what a seat cannot see leaves its view as it was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import rng
from game.engine.events import event_for_seat
from game.theboss import GAME
from game.theboss.cards import CARD_CITY, CHICAGO, POLICE
from game.theboss.invariants import state_problems
from game.theboss.state import Stage, State
from game.theboss.views import determinize, redeal, view

VIEW_KEYS = {
    "game", "seat", "players", "round", "marker", "turn", "stage", "to_act", "row", "cities",
    "hands", "hand", "money", "experts_available", "experts_dead", "experts_away",
    "occasionals_available", "occasionals_used", "banned", "police", "police_left", "badges",
    "last_round", "last_order", "result", "outcome",
}  # fmt: skip
CITY_KEYS = {"city", "played", "face_down", "experts", "occasionals"}
RESULT_KEYS = {"round", "cities", "chicago", "money_won"}
RESULT_CITY_KEYS = {"city", "card", "seat", "effect", "played", "experts", "occasionals"}
CHICAGO_KEYS = {"seat", "experts", "occasionals", "cities", "cards", "total", "gain"}
OUTCOME_KEYS = {"winners", "money", "last_round_money", "gangsters_left", "rounds"}


def steps(players: int, seed: int) -> Iterator[tuple[State, list[dict[str, Any]]]]:
    """Every state of one random game with the events that led to it."""
    state = GAME.new_game({"players": players}, seed)
    opening = GAME.capabilities.opening_events
    assert opening is not None
    yield state, opening(state)
    dice = rng.seed_state(seed + 1)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, events = GAME.apply(state, seat, legal[index])
        yield state, events


def test_the_view_holds_exactly_the_keys_a_client_reads() -> None:
    for state, _ in steps(3, 1):
        for seat in (None, 0, 1, 2):
            shown = view(state, seat)
            assert set(shown) == VIEW_KEYS
            assert json.loads(json.dumps(shown)) == shown
            assert [entry["city"] for entry in shown["cities"]] == list(range(6))
            assert all(set(entry) == CITY_KEYS for entry in shown["cities"])
            if shown["result"] is not None:
                assert set(shown["result"]) == RESULT_KEYS
                assert set(shown["result"]["chicago"]) == CHICAGO_KEYS
                assert all(set(c) == RESULT_CITY_KEYS for c in shown["result"]["cities"])
            assert (shown["outcome"] is None) == (shown["stage"] != "over")
    assert set(view(state, None)["outcome"]) == OUTCOME_KEYS


def test_a_seat_sees_its_faces_and_only_backs_of_the_others() -> None:
    state = GAME.new_game({"players": 4}, 3)
    for seat in range(4):
        shown = view(state, seat)
        assert shown["hand"] == list(state.hands[seat])
        assert shown["hands"] == [[CARD_CITY[card] for card in hand] for hand in state.hands]
        assert all(entry["face_down"] == (entry["city"] != CHICAGO) for entry in shown["cities"])
    spectator = view(state, None)
    assert spectator["hand"] is None and spectator["seat"] is None
    assert "rng" not in json.dumps(spectator) and "stacked" not in json.dumps(spectator)


def test_the_police_deck_shows_its_size_and_the_cards_turned() -> None:
    for state, _ in steps(2, 4):
        shown = view(state, 0)
        assert shown["police"] == [POLICE[card] for card in state.police_shown]
        assert shown["police_left"] == len(state.police)
        gold = sum(badge in ("gold", "both") for badge in shown["police"])
        assert shown["badges"]["gold"] == gold
        assert shown["last_round"] == (max(shown["badges"].values()) >= 3)


def test_the_last_round_result_stays_in_view_until_the_next_one() -> None:
    seen_results = 0
    for state, events in steps(3, 8):
        shown = view(state, None)
        if any(event["type"] == "round_over" for event in events):
            seen_results += 1
            result = shown["result"]
            assert result["round"] == (state.round if GAME.is_over(state) else state.round - 1)
            reveal = next(event for event in events if event["type"] == "reveal")
            assert [city["card"] for city in result["cities"]] == reveal["cards"]
    assert seen_results >= 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_or_event_names_a_face_its_seat_cannot_see(players: int) -> None:
    """Other hands' faces and the face-down cards never reach a seat, through its
    view or its events, before they are played or the round's end reveals them."""
    before: State | None = None
    for state, events in steps(players, players):
        ends_round = any(event["type"] == "round_over" for event in events)
        for seat in [None, *range(players)]:
            shown = view(state, seat)
            assert shown["hand"] == (None if seat is None else list(state.hands[seat]))
            for event in events:
                seen = event_for_seat(event, seat)
                if seen["type"] == "deal":
                    assert seen.get("hand") == (None if seat is None else list(state.hands[seat]))
                    assert seen["hands"] == shown["hands"]
                    continue
                assert "hand" not in seen and "secret" not in event
                if seen["type"] == "play":  # the card just played, from its player's hand
                    assert before is not None and seen["card"] in before.hands[seen["seat"]]
                elif seen["type"] in ("reveal", "take", "chicago"):
                    assert ends_round  # face-down cards show only at the round's end
        before = state


def test_deal_events_keep_each_hand_secret_to_its_owner() -> None:
    state = GAME.new_game({"players": 3}, 2)
    opening = GAME.capabilities.opening_events
    assert opening is not None
    (event,) = opening(state)
    assert event["type"] == "deal" and set(event["secret"]) == {"0", "1", "2"}
    for seat in range(3):
        assert event_for_seat(event, seat)["hand"] == list(state.hands[seat])
    assert "hand" not in event_for_seat(event, None)
    assert event_for_seat(event, None)["hands"] == [
        [CARD_CITY[card] for card in hand] for hand in state.hands
    ]


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), other=st.integers(0, 2**32))
def test_a_redeal_changes_what_the_seat_cannot_see_and_nothing_it_can(
    players: int, seed: int, other: int
) -> None:
    changed = 0
    for index, (state, _) in enumerate(steps(players, seed)):
        for seat in [None, *range(players)]:
            again = redeal(state, seat, other + index)
            assert view(again, seat) == view(state, seat)
            assert state_problems(again) == []
            if seat is not None:
                assert again.hands[seat] == state.hands[seat]
            changed += again.hidden != state.hidden or again.hands != state.hands
    assert changed > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_state_shows_the_same_view(players: int) -> None:
    for index, (state, _) in enumerate(steps(players, 11)):
        for seat in [None, *range(players)]:
            shown = view(state, seat)
            built = determinize(shown, index)
            assert state_problems(built) == [], state_problems(built)
            assert view(built, seat) == shown
            if seat is not None and not GAME.is_over(state):
                assert GAME.legal_actions(built, seat) == GAME.legal_actions(state, seat)
        if state.stage is Stage.OVER:
            assert GAME.outcome(determinize(view(state, 0), 1)) == GAME.outcome(state)


def test_after_the_game_the_last_cards_stay_face_up() -> None:
    *_, (final, _) = steps(2, 5)
    shown = view(final, None)
    assert final.stage is Stage.OVER and shown["to_act"] is None
    assert not any(entry["face_down"] for entry in shown["cities"])
    assert all(hand == [] for hand in shown["hands"])
    assert [entry["card"] for entry in shown["result"]["cities"]] == [
        final.hidden[city] for city in final.row if city != CHICAGO
    ]
