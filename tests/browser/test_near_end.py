"""A game saved near its end (tests/browser/near_end.py), as the browser tests
about the end resume it: not over, its seats as asked, and over after the
moves it was taken back."""

from __future__ import annotations

import random

import pytest

from game.web.session import Session
from tests.browser.driver import registered_games
from tests.browser.near_end import near_the_end, person_plays


def _finish(session: Session) -> int:
    """Play the saved game on (the bots, the person at random, results seen); its moves."""
    moves = 0
    while not session.game.is_over(session.table.state):
        if session.phase() == "result":
            session.command("continue")
            continue
        if not session.bot_step():
            person_plays(session, random.Random(moves))
        moves += 1
    return moves


@pytest.mark.parametrize("game", registered_games())
def test_a_game_a_move_from_its_end(game: str) -> None:
    session = near_the_end(game, 3, seed=4)
    assert not session.game.is_over(session.table.state)
    assert session.phase() in ("human", "bot")  # every result before it seen
    assert session.kinds() == ["human", "bot", "bot"]
    again = Session.from_save(session.to_save())  # as the page loads it
    assert again.to_save() == session.to_save()
    assert _finish(session) == 1


def test_a_game_some_moves_from_its_end_and_its_person_to_play() -> None:
    """Taken back further, the same game: the person's turns come again."""
    last = near_the_end("theboss", 2, seed=6)
    earlier = near_the_end("theboss", 2, seed=6, before=6)
    assert earlier.actions_played() == last.actions_played() - 5
    assert earlier.table.match.actions == last.table.match.actions[:-5]
