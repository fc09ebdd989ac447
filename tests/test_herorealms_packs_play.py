"""Random Hero Realms games with character packs, every invariant checked
(the view checker, redeal and undo barrier included), at 2, 3 and 4 players."""

from __future__ import annotations

import pytest

from game.engine.simulate import random_game
from game.herorealms import GAME
from game.herorealms.cards import PACKS
from game.herorealms.options import pack_key

_ORDER = sorted(PACKS)


@pytest.mark.parametrize(
    ("players", "mode", "seed"),
    [
        (2, "free_for_all", 1),
        (3, "free_for_all", 2),
        (4, "free_for_all", 3),
        (3, "hunter", 4),
        (4, "hunter", 5),
    ],
)
def test_random_games_with_packs_keep_every_invariant_and_end(
    players: int, mode: str, seed: int
) -> None:
    options: dict[str, object] = {"players": players, "mode": mode}
    for seat in range(players):
        options[pack_key(seat)] = _ORDER[(seat + seed) % len(_ORDER)]
    state, played, violations = random_game(
        GAME, options, seed=seed, check=True, universe_one_in=40
    )
    assert violations == []
    assert GAME.is_over(state)
    assert len(played) > 50
    assert {p.pack for p in state.players} <= set(PACKS)
