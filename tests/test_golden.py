"""A pinned transcript of a seeded game: any change to the rules, the generator
or the deal shows up here. Regenerate on purpose only:

    UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.text import describe
from game.engine.codec import state_hash
from game.engine.events import events_for_seat
from game.engine.match import Match
from game.engine.protocol import Game
from game.engine.simulate import random_game

GOLDEN = Path(__file__).parent / "golden"


Describe = Callable[[dict[str, Any], Sequence[str], str], list[str]]


def game_transcript(
    game: Game[Any, Any], describe: Describe, players: int, seed: int
) -> dict[str, Any]:
    """A seeded random game of `game`: its match, its public log in English,
    its outcome and its final state's hash."""
    options = {"players": players}
    final, played, _ = random_game(game, options, seed)
    names = [f"P{seat}" for seat in range(players)]
    state = game.new_game(options, seed)
    lines: list[str] = []
    match = Match(game.name, options, seed)
    for seat, action in played:
        state, events = game.apply(state, seat, action)
        match = match.played(seat, game.action_to_json(action))
        for event in events_for_seat(events, None):
            lines += describe(event, names, "en")
    assert state == final
    return {
        "match": match.to_json(),
        "transcript": lines,
        "outcome": game.outcome(final),
        "final_hash": state_hash(game, final),
    }


def check_golden(path: Path, actual: dict[str, Any]) -> None:
    """`actual` against the file (rewritten first with UPDATE_GOLDEN=1)."""
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert actual["transcript"] == expected["transcript"]
    assert actual["match"] == expected["match"]
    assert actual["outcome"] == expected["outcome"]
    assert actual["final_hash"] == expected["final_hash"]


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (4, 2026), (6, 31)])
def test_seeded_game_matches_its_golden_transcript(players: int, seed: int) -> None:
    actual = game_transcript(GAME, describe, players, seed)
    check_golden(GOLDEN / f"bossquest_{players}p_seed{seed}.json", actual)
