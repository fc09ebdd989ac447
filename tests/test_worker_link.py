"""The worker's end of a page whose Python runs in a Web Worker
(game/web/worker_link.py) and the tutorial board's controller on it
(game/web/embed_main.py), under CPython: the page's messages in, JSON out."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.bossquest import GAME
from game.web.embed_main import EmbedBoard
from game.web.tutorial import TutorialSession, load_tutorial
from game.web.worker_link import MAX_MESSAGE_BYTES, Pages, answer


def _ask(pages: Pages, **message: Any) -> list[dict[str, Any]]:
    replies = json.loads(answer(json.dumps(message), pages))
    assert isinstance(replies, list)
    return replies


def _open(pages: Pages, scenario: str, lang: str = "en") -> list[dict[str, Any]]:
    search = f"?game=bossquest&scenario={scenario}&lang={lang}"
    return _ask(pages, kind="open", page="embed", search=search, catalogue="", lang=lang)


def _kinds(replies: list[dict[str, Any]]) -> list[str]:
    return [reply["kind"] for reply in replies]


def _failure(replies: list[dict[str, Any]]) -> str:
    assert _kinds(replies) == ["fail"], replies
    return str(replies[0]["detail"])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "not a message"),
        ('{"page": "embed"}', "not a message"),
        ('{"kind": 3}', "not a message"),
        ("[" * 100 + "]" * 100, "nests deeper"),
        ('{"kind": "open", "page": "' + "x" * MAX_MESSAGE_BYTES + '"}', "larger than"),
    ],
)
def test_a_malformed_message_is_answered_with_its_reason(text: str, reason: str) -> None:
    pages = Pages()
    assert reason in _failure(json.loads(answer(text, pages)))
    # and nothing was opened by it: the page may still open the board
    assert _kinds(_open(pages, "basic_turn")) == ["draw", "ready"]


def test_the_first_message_must_open_a_known_page() -> None:
    pages = Pages()
    assert "must first be opened" in _failure(_ask(pages, kind="click", cmd="next"))
    assert "must first be opened" in _failure(_ask(pages, kind="open", page="bank"))
    assert "must first be opened" in _failure(_ask(pages, kind="open"))


def test_an_unknown_message_of_the_board_is_a_failure() -> None:
    pages = Pages()
    _open(pages, "basic_turn")
    assert "no message 'shuffle'" in _failure(_ask(pages, kind="shuffle"))


def test_opening_draws_the_lesson_as_the_session_does() -> None:
    pages = Pages()
    replies = _open(pages, "basic_turn", "fr")
    assert _kinds(replies) == ["draw", "ready"]
    draw = replies[0]
    session = TutorialSession(load_tutorial("basic_turn"), name="basic_turn")
    shown = session.render("fr")
    assert (draw["panel"], draw["board"]) == (shown.panel, shown.board)
    assert draw["status"] == shown.status
    assert draw["markers"] == shown.markers
    assert draw["moved"] is False  # never take the focus on load


def test_an_unknown_scenario_is_said_in_the_page_language() -> None:
    replies = _open(Pages(), "no_such_lesson", "fr")
    assert _kinds(replies) == ["warn", "unknown", "ready"]
    assert "no_such_lesson" in replies[1]["caption"]


def test_a_whole_tutorial_plays_through_messages() -> None:
    """Each click is answered by exactly one message: the lesson drawn again
    (moved) when it changed, else "same"; the markers follow the session's."""
    pages = Pages()
    _open(pages, "basic_turn")
    session = TutorialSession(load_tutorial("basic_turn"), name="basic_turn")
    assert _kinds(_ask(pages, kind="click", cmd="no-such-button", act="")) == ["same"]
    clicks = 0
    while not session.done:
        if not session.reader_turn():
            cmd, act = "next", ""
        elif session.fresh_result():
            cmd, act = "continue", ""
        else:
            action = session.expected_action()
            assert action is not None
            cmd = "act"
            act = json.dumps(GAME.action_to_json(action), separators=(",", ":"), sort_keys=True)
        session.command(cmd, act)
        replies = _ask(pages, kind="click", cmd=cmd, act=act)
        assert _kinds(replies) == ["draw"]
        assert replies[0]["moved"] is True
        assert replies[0]["markers"] == session.markers()
        clicks += 1
        assert clicks < 100
    assert clicks >= 3


def test_the_board_controller_needs_no_browser() -> None:
    board = EmbedBoard()
    assert board.handle({"kind": "click", "cmd": "next"}) == [{"kind": "same"}]  # nothing open yet
