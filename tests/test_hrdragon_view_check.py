"""The Dragon game's check of what a host sends (game/hrdragon/view_check.py)
on a skill check: its discarded cards are public, so every seat and a
spectator receive them, and the check lets them through; another seat's
secret cards are still refused."""

from __future__ import annotations

import json
from typing import Any

from game.engine.events import events_for_seat
from game.engine.viewcheck import Received
from game.hrdragon.game import GAME
from game.hrdragon.scenario import SCENARIOS, read_action

SETUP = {
    "players": ["Ana", "Ben", "Dan"],
    "taunters": ["Ana"],
    "items": {"crown_of_will": "Dan"},
    "hands": {"Ana": ["rally_the_troops", "taxation", "gold"]},
}


def _received(seat: int | None, state: Any, events: list[Any]) -> Received:
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    return Received(
        seat,
        json.loads(json.dumps(GAME.view(state, seat))),
        [GAME.action_to_json(action) for action in legal],
        events_for_seat(events, seat),
        GAME.outcome(state),
    )


def test_a_skill_checks_discards_reach_every_seat_and_pass_the_check() -> None:
    state, names = SCENARIOS.build(SETUP)
    action = read_action("check crown_of_will with rally_the_troops taxation", names)
    state, events = GAME.apply(state, 0, action)
    assert any(e["type"] == "skill_check" for e in events)
    for seat in (None, 0, 1, 2):
        received = _received(seat, state, events)
        assert any("cards" in e for e in received.events), seat
        assert GAME.check_received(received) is None, seat


def test_another_seats_secret_cards_are_still_refused() -> None:
    state, _names = SCENARIOS.build(SETUP)
    drawn = {"type": "draw", "seat": 0, "cards": [1]}
    for seat in (None, 1):
        reason = GAME.check_received(_received(seat, state, [drawn]))
        assert reason is not None and "events[0].cards" in reason
