"""A lesson played click by click on its board, as the tutorial page plays it
(shared by every game's lesson tests): each move the lesson asks for is one of
the board's buttons, another legal move plays nothing and shows the step's
hint, and the lesson ends on its outro."""

from __future__ import annotations

import html
import json
from typing import Any

from game.engine.protocol import Game

LANGS = ("fr", "en")


def action_json(game: Game[Any, Any], action: Any) -> str:
    """An action as the board's buttons carry it (compact, keys sorted)."""
    return json.dumps(game.action_to_json(action), separators=(",", ":"), sort_keys=True)


def play_lesson_on_its_board(game: Game[Any, Any], data: dict[str, Any], name: str) -> int:
    """Play lesson `data` (loaded by game.web.tutorial.load_tutorial) to its end
    through the board's commands, and return how many hints a wrong move showed."""
    from game.web.tutorial import TutorialSession

    session = TutorialSession(data, name=name)
    assert session.names[session.reader] == data["reader"]
    assert data["intro"]["fr"] in html.unescape(session.render("fr").panel)
    clicks = hints = 0
    while not session.done:
        assert not session.problem, session.problem
        for lang in LANGS:
            session.render(lang)
        if not session.reader_turn():
            assert session.command("next")
        elif session.fresh_result():  # a round's or a knock-out's panel first
            assert session.command("continue")
        else:
            action = session.expected_action()
            assert action is not None
            wanted = f'data-act="{html.escape(action_json(game, action), quote=True)}"'
            assert wanted in session.render("en").board
            legal = game.legal_actions(session.state, session.reader)
            other = next((a for a in legal if a != action), None)
            if session.progress == 0 and other is not None:
                before = (session.state, session.index, session.actions_played)
                assert session.command("act", action_json(game, other))
                assert (session.state, session.index, session.actions_played) == before
                step = session.current()
                assert step is not None and step.hint is not None
                assert [session.explanation(lang) for lang in LANGS] == [
                    step.hint[lang] for lang in LANGS
                ]
                hints += 1
            assert session.command("act", action_json(game, action))
        clicks += 1
        assert clicks < 100
    assert not session.problem, session.problem
    assert data["outro"]["en"] in html.unescape(session.render("en").panel)
    return hints
