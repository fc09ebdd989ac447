"""The Dragon game played at random with every engine invariant checked
(legal list against the checker, views, re-deals, codec), at every party
size and boss against boss."""

from __future__ import annotations

import pytest

from game.engine.simulate import random_game
from game.hrdragon.game import GAME
from game.hrdragon.party import party_seats


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_party_games_keep_every_invariant_and_end(players: int) -> None:
    state, played, violations = random_game(
        GAME, {"players": players}, seed=players, check=True, universe_one_in=30
    )
    assert violations == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    party = party_seats(state)
    assert len(party) == players - 1
    if outcome["teams"] == ["party"]:
        assert outcome["winners"] == list(party) and state.core.players[players - 1].out
    else:
        assert outcome == {"winners": [players - 1], "teams": ["dragon"]}
        assert all(state.core.players[s].out for s in party)
    assert len(played) > 50


def test_random_boss_against_boss_keeps_every_invariant_and_ends() -> None:
    options = {"players": 2, "mode": "boss_vs_boss"}
    state, _played, violations = random_game(GAME, options, seed=1, check=True, universe_one_in=30)
    assert violations == []
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome["winners"]) == 1
    winner = outcome["winners"][0]
    assert not state.core.players[winner].out and state.core.players[1 - winner].out
