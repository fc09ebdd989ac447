"""The engines' way through a lesson (tests/engines/lesson_now.js) ends every
lesson of every registered game, not only the first lesson each engine plays.

No browser: each lesson is played under CPython by a ``TutorialSession``, and
each click is chosen from its render by the same rule, in the same order, as
lesson_now.js chooses it in the page: Next; the move pointed at after a wrong
click; the round's result's button; else the first move of the dock. If
lesson_now.js changes its order, this mirror must change with it (the test
below checks that both name the same controls in the same order).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.registry import catalogue
from game.web.tutorial import TutorialSession, TutorialView, load_tutorial
from tests.engines.served import lesson

LESSON_NOW = Path(__file__).with_name("lesson_now.js")
#: the controls lesson_now.js tries, in its order
ORDER = ("#tut-next", "[data-tut-expected]", "[data-cmd=continue]", "#actions [data-cmd=act]")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}

LESSONS = [(str(entry["name"]), str(name)) for entry in catalogue() for name in entry["tutorials"]]


class Controls(HTMLParser):
    """The first element of a render matching each of ORDER's controls."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, dict[str, str]] = {}
        self.depth = 0
        #: the depth of #actions while inside it
        self.actions: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if attr.get("id") == "tut-next":
            self.found.setdefault("#tut-next", attr)
        if "data-tut-expected" in attr:
            self.found.setdefault("[data-tut-expected]", attr)
        if "data-explain" in attr:
            self.found.setdefault("[data-explain]", attr)
        if attr.get("data-cmd") == "continue":
            self.found.setdefault("[data-cmd=continue]", attr)
        if self.actions is not None and attr.get("data-cmd") == "act":
            self.found.setdefault("#actions [data-cmd=act]", attr)
        if tag in VOID:
            return
        self.depth += 1
        if attr.get("id") == "actions":
            self.actions = self.depth

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.actions == self.depth:
            self.actions = None
        self.depth -= 1


def _sign(view: TutorialView) -> tuple[object, ...]:
    """What lesson_now.js's `sign` reads: the markers, the pointer, the explanation."""
    return (view.markers, "data-tut-expected" in view.board, view.panel.count("data-explain"))


def test_this_mirror_follows_lesson_now_js() -> None:
    """lesson_now.js names the controls in ORDER's order (and holds back on
    an explanation with nothing pointed at)."""
    script = LESSON_NOW.read_text()
    named = re.findall(r'target = "([^"]+)"', script)
    assert [name.replace("#board-view ", "") for name in named] == list(ORDER)
    assert "else if (explained) target = null" in script


@pytest.mark.parametrize(("game", "name"), LESSONS, ids=[f"{g}/{n}" for g, n in LESSONS])
def test_the_engines_way_ends_every_lesson(game: str, name: str) -> None:
    session = TutorialSession(load_tutorial(name, game=game), name=name)
    for _ in range(400):
        if session.done:
            break
        view = session.render("en")
        parser = Controls()
        parser.feed(view.panel + view.board)
        found = parser.found
        sign = _sign(view)
        chosen = next((control for control in ORDER if control in found), None)
        if chosen != "#tut-next" and "[data-explain]" in found:
            assert chosen == "[data-tut-expected]", f"a wrong move explained, unpointed: {sign}"
        assert chosen is not None, f"nothing to click: {view.markers}"
        if chosen == "#tut-next":
            session.command("next")
        elif chosen == "[data-cmd=continue]":
            session.command("continue")
        else:
            session.command("act", found[chosen]["data-act"])
        answer = _sign(session.render("en"))
        assert answer != sign, f"the lesson did not answer {chosen}: {view.markers}"
    assert session.done, f"{game}/{name} did not end"
    assert not session.problem, session.problem
    assert session.actions_played == lesson(game, name).actions
