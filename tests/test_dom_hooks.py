"""The DOM hooks every client draws through game/engine/dom.py, and the rule
that no module edits drawn HTML by regular expression or string replacement."""

from __future__ import annotations

import ast
import re
from html import unescape
from pathlib import Path

import pytest

from game.engine.dom import (
    ActMarks,
    act_button,
    act_text,
    continue_actions,
    marker_values,
    panel_actions,
)
from game.registry import get_client, get_game
from game.web.tutorial import TutorialSession, load_tutorial

ROOT = Path(__file__).resolve().parent.parent / "game"
#: the shell and the engine, where drawn HTML must never be edited, and the
#: games' clients, which draw it right the first time too
SCANNED = sorted(
    [*(ROOT / "web").glob("*.py"), *(ROOT / "engine").glob("*.py"), *ROOT.glob("*/ui/*.py")]
)
#: the texts that show a string is HTML (a tag, an attribute)
HTML_HINTS = re.compile(r'<|>|data-|="')
#: names a module gives the HTML it holds
HTML_NAMES = re.compile(r"(^|_)(html|board|page|markup|panel)$")


def _literal_text(node: ast.expr) -> str:
    """The constant text in a string literal or an f-string ("" otherwise)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_literal_text(part) for part in node.values)
    return ""


def _receiver_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def html_edits(source: str) -> list[int]:
    """The lines of `source` that rewrite HTML: any regular expression
    substitution (``re.sub``, a pattern's ``.sub``) over HTML, and any
    ``.replace`` on HTML (a receiver named as HTML, or HTML among its texts)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        method = node.func.attr
        if method not in ("sub", "subn", "replace"):
            continue
        texts = [_literal_text(arg) for arg in node.args]
        owner = node.func.value
        if method != "replace":
            # a substitution: over HTML when a text says so or its subject is named so
            named = any(HTML_NAMES.search(_receiver_name(arg)) for arg in node.args)
            if named or any(HTML_HINTS.search(text) for text in texts):
                lines.append(node.lineno)
            continue
        if HTML_NAMES.search(_receiver_name(owner)) or any(
            HTML_HINTS.search(text) for text in texts
        ):
            lines.append(node.lineno)
    return lines


def test_the_scan_finds_the_edits_it_forbids() -> None:
    """The check itself: the edits tutorial.py and net_view.py used to make are found."""
    edited = [
        "board = re.sub(r'<div class=\"panel-actions\">.*?</div>', '', board, flags=re.S)",
        "board = board.replace(wanted, f'{wanted} data-tut-expected=\"true\"', 1)",
        "attrs = markers(s).replace('data-status', 'data-net')",
        "html = PATTERN.sub('', html)",
    ]
    for line in edited:
        assert html_edits(line) == [1], line
    kept = ["name = key.replace('_', '-')", "text = re.sub(r' ([:;!?])', NBSP + r'\\1', text)"]
    for line in kept:
        assert html_edits(line) == [], line


@pytest.mark.parametrize("path", SCANNED, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_module_edits_drawn_html(path: Path) -> None:
    lines = html_edits(path.read_text("utf-8"))
    assert not lines, f"{path.relative_to(ROOT.parent)} edits HTML on line(s) {lines}"


# ------------------------------------------------------------------ helpers


def test_an_action_control_carries_the_hooks_in_order() -> None:
    html = act_button(
        {"type": "ask", "count": 2},
        "<span>Ask 2</span>",
        css="btn act",
        label="Ask for 2 weapons",
        on_board=True,
        attrs=[("data-odds", 0.25)],
    )
    assert html == (
        '<button type="button" class="btn act" data-cmd="act" data-on="board" '
        'data-kind="ask" data-act="{&quot;count&quot;:2,&quot;type&quot;:&quot;ask&quot;}" '
        'data-odds="0.25" aria-label="Ask for 2 weapons"><span>Ask 2</span></button>'
    )
    # the page sends data-act back as it is: compact, sorted, one text per action
    sent = unescape(re.search(r'data-act="([^"]*)"', html).group(1))  # type: ignore[union-attr]
    assert sent == act_text({"type": "ask", "count": 2}) == '{"count":2,"type":"ask"}'


def test_an_action_control_refuses_what_would_break_the_page() -> None:
    with pytest.raises(ValueError, match="needs a type"):
        act_button({"count": 2}, "x", css="btn")
    with pytest.raises(ValueError, match="data-<name>"):
        act_button({"type": "ask"}, "x", css="btn", attrs=[("onclick", "evil()")])
    with pytest.raises(ValueError, match="data-<name>"):
        act_button({"type": "ask"}, "x", css="btn", attrs=[("data-Bad Name", 1)])
    # values and the class are escaped
    html = act_button({"type": "say", "text": '"<b>'}, "x", css='a"b', attrs=[("data-x", '">')])
    assert "<b>" not in html and 'class="a&quot;b"' in html and 'data-x="&quot;&gt;"' in html


def test_marks_point_at_the_first_control_of_the_expected_move_only() -> None:
    marks = ActMarks(expected=act_text({"type": "ask", "count": 1}))
    first = act_button({"type": "ask", "count": 1}, "1", css="btn", marks=marks)
    other = act_button({"type": "ask", "count": 2}, "2", css="btn", marks=marks)
    again = act_button({"type": "ask", "count": 1}, "1", css="btn", marks=marks)
    assert 'data-tut-expected="true"' in first
    assert "data-tut-expected" not in other + again


def test_panels_and_markers() -> None:
    assert panel_actions("<b>x</b>") == '<div class="panel-actions"><b>x</b></div>'
    shown = continue_actions("Next round")
    assert 'data-cmd="continue"' in shown and shown.startswith('<div class="panel-actions">')
    assert continue_actions("Next round", shown=False) == ""
    assert marker_values({"round": 3, "last-round": False, "stage": "play"}) == {
        "round": "3",
        "last-round": "false",
        "stage": "play",
    }
    with pytest.raises(ValueError, match="lowercase"):
        marker_values({"last_round": True})


@pytest.mark.parametrize("game", ["bossquest", "theboss"])
def test_every_client_draws_its_markers_through_the_helper(game: str) -> None:
    client, rules = get_client(game), get_game(game)
    state = rules.new_game(rules.normalize_options({"players": 3}), 7)
    markers = client.markers(rules.view(state, 0))
    assert markers and all(re.fullmatch(r"[a-z][a-z0-9-]*", name) for name in markers)
    assert all(isinstance(value, str) for value in markers.values())


def test_a_lesson_points_at_the_expected_move_on_the_first_control_only() -> None:
    """After a wrong click the board marks the lesson's move once, on the
    first control that plays it (the board's own before the dock's)."""
    session = TutorialSession(load_tutorial("basic_turn"), name="basic_turn")
    game = session.game
    action = session.expected_action()
    assert action is not None
    assert "data-tut-expected" not in session.render("en").board
    wrong = next(a for a in game.legal_actions(session.state, session.reader) if a != action)
    assert session.command("act", act_text(game.action_to_json(wrong)))
    board = session.render("en").board
    wanted = act_text(game.action_to_json(action))
    tags = re.findall(r"<button[^>]*>", board)
    playing = [
        tag
        for tag in tags
        if unescape(re.search(r'data-act="([^"]*)"', tag + 'data-act=""').group(1)) == wanted  # type: ignore[union-attr]
    ]
    marked = [tag for tag in tags if 'data-tut-expected="true"' in tag]
    assert len(playing) >= 2  # on the board and in the dock
    assert marked == playing[:1]
