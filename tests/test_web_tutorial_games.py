"""Tutorial boards belong to a game: the address names it (``?game=``, Boss
Quest when it names none, as today's links do) and the file names the game it
plays; a game without boards, or an unknown one, is a clear error."""

from __future__ import annotations

import pytest

from game import registry
from game.duel import GAME as DUEL
from game.registry import DEFAULT_GAME
from game.web.tutorial import TutorialError, TutorialSession, load_tutorial, query_game


def test_the_address_names_the_game_and_old_links_mean_boss_quest() -> None:
    assert query_game("?scenario=perfect&game=bossquest") == "bossquest"
    assert query_game("?scenario=perfect&lang=en") == DEFAULT_GAME == "bossquest"


def test_a_board_plays_the_game_its_file_names() -> None:
    data = load_tutorial("perfect", game="bossquest")
    session = TutorialSession(data, name="perfect")
    assert session.game.name == data["game"] == "bossquest"
    assert session.client.name == "bossquest"


def test_play_a_full_game_opens_the_boards_game() -> None:
    """The finished board's "Play a full game" names its game: the site's root
    lists the games, so a bare ``index.html`` would not open it."""
    session = TutorialSession(load_tutorial("perfect", game="bossquest"), name="perfect")
    assert session.full_game_href() == "index.html?game=bossquest"
    session.game = DUEL  # any game's board: the link follows it
    assert session.full_game_href() == "index.html?game=duel"


def test_a_game_without_boards_or_an_unknown_game_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Duel, registered for this test only, has no tutorial boards.
    monkeypatch.setitem(registry.GAMES, DUEL.name, DUEL)
    monkeypatch.setitem(registry.CLIENTS, DUEL.name, registry.TEST_CLIENTS[DUEL.name])
    with pytest.raises(TutorialError, match="no tutorial boards"):
        load_tutorial("perfect", game="duel")
    with pytest.raises(TutorialError, match="unknown game"):
        load_tutorial("perfect", game="x" * 500)
    with pytest.raises(TutorialError, match="unknown game") as refused:
        TutorialSession({**load_tutorial("perfect"), "game": "chess"})
    assert len(str(refused.value)) < 100
