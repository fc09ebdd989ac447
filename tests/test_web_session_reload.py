"""game.web.session under CPython: what a reload brings back. With two or more
humans at one device, nobody's board: the curtain names the human to act (and
a bot's turn shows no hidden weapon); with one human, their board as it was."""

from __future__ import annotations

import re

from game.web.session import Outcome, Session
from tests.test_web_session import CARD, OWN_HIDDEN, play, settings

CURTAIN_NAME = re.compile(r'id="curtain" class="[^"]*" data-seat="(\d+)"')


def _hidden(session: Session) -> list[int]:
    """Every seat's hidden weapon now (from the full state)."""
    return [p.hidden for p in session.table.state.players if p.hidden is not None]


def test_a_reload_with_two_humans_never_shows_the_last_viewers_board() -> None:
    session = Session.new(settings(["human", "human", "bot"]), seed=5)
    seen: dict[str, int] = {}

    def check(s: Session, page: str) -> None:
        before = s.phase()
        again = Session.resume(s.to_save())
        after = again.phase()
        assert again.table.viewer is None
        html = again.render("en").html
        cards = {int(card) for card in CARD.findall(html)}
        if before in ("human", "curtain"):
            # behind the curtain, which names the human whose turn it is: no card at all
            assert after == "curtain", before
            named = CURTAIN_NAME.search(html)
            assert named is not None and int(named.group(1)) == s.table.human_to_act()
            assert not cards
            # lifted, the board is that human's, as it was before the reload
            assert again.command("reveal") == Outcome.RENDER
            assert again.phase() == "human"
            assert again.table.viewer == s.table.human_to_act()
            assert OWN_HIDDEN.findall(again.render("en").html) == [
                str(s.table.state.players[again.table.viewer].hidden)
            ]
        elif before == "bot":
            # a bot's turn: the table as nobody's, every hidden weapon face down
            assert after == "bot"
            assert not OWN_HIDDEN.findall(html)
            assert not cards & set(_hidden(again)), "a hidden weapon shows after a reload"
        else:
            assert after == before  # a round result, or the end: public by then
        seen[before] = seen.get(before, 0) + 1

    play(session, check=check)
    assert seen.get("human", 0) > 5 and seen.get("curtain", 0) > 2 and seen.get("bot", 0) > 2


def test_a_reload_with_one_human_comes_back_to_their_board() -> None:
    session = Session.new(settings(["human", "bot", "bot"]), seed=6)
    checked = 0

    def check(s: Session, page: str) -> None:
        nonlocal checked
        again = Session.resume(s.to_save())
        assert again.table.viewer == 0 and again.phase() == s.phase() != "curtain"
        assert again.to_save() == s.to_save()
        checked += 1

    play(session, check=check)
    assert checked > 20


def test_from_save_alone_keeps_the_viewer() -> None:
    """The save itself stays exact; only resuming passes the device."""
    session = Session.new(settings(["human", "human"]), seed=7)
    assert session.command("reveal") == Outcome.RENDER
    text = session.to_save()
    assert Session.from_save(text).table.viewer == session.table.viewer is not None
    assert Session.resume(text).table.viewer is None
