"""Pinned transcripts of seeded games of The Boss at 2, 3 and 4 players: any
change to its rules, its deal or the generator shows up here. Regenerate on
purpose only:

    UPDATE_GOLDEN=1 python -m pytest tests/test_golden_theboss.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.engine.codec import state_hash
from game.engine.events import events_for_seat
from game.engine.match import Match
from game.engine.simulate import random_game
from game.theboss import GAME
from game.theboss.ui import CLIENT

GOLDEN = Path(__file__).parent / "golden"


def transcript(players: int, seed: int) -> dict[str, Any]:
    options = {"players": players}
    final, played, _ = random_game(GAME, options, seed)
    names = [f"P{seat}" for seat in range(players)]
    state = GAME.new_game(options, seed)
    lines: list[str] = []
    match = Match(GAME.name, options, seed)
    for seat, action in played:
        state, events = GAME.apply(state, seat, action)
        match = match.played(seat, GAME.action_to_json(action))
        for event in events_for_seat(events, None):
            lines += CLIENT.describe(event, names, "en")
    assert state == final
    return {
        "match": match.to_json(),
        "transcript": lines,
        "outcome": GAME.outcome(final),
        "final_hash": state_hash(GAME, final),
    }


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 11), (4, 2026)])
def test_seeded_game_matches_its_golden_transcript(players: int, seed: int) -> None:
    path = GOLDEN / f"theboss_{players}p_seed{seed}.json"
    actual = transcript(players, seed)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert actual["transcript"] == expected["transcript"]
    assert actual["match"] == expected["match"]
    assert actual["outcome"] == expected["outcome"]
    assert actual["final_hash"] == expected["final_hash"]
