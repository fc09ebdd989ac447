"""Pinned transcripts of seeded random games of Hero Realms at 2, 3 and 4
players (free-for-all, base decks): any change to its rules, its deal, its
log's words or the generator shows up here. Regenerate on purpose only:

    UPDATE_GOLDEN=1 python -m pytest tests/test_golden_herorealms.py
"""

from __future__ import annotations

import pytest

from game.herorealms import GAME
from game.herorealms.ui import CLIENT

from .test_golden import GOLDEN, check_golden, game_transcript


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 11), (4, 2026)])
def test_seeded_game_matches_its_golden_transcript(players: int, seed: int) -> None:
    actual = game_transcript(GAME, CLIENT.describe, players, seed)
    check_golden(GOLDEN / f"herorealms_{players}p_seed{seed}.json", actual)
