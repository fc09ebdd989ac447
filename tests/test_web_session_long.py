"""Long games stay fast (issue #28): the session describes each event of the
log once, whatever the number of renders, and takes a move back from the
states it kept instead of replaying the match (twice, before), leaving the
same save, state, events and log as a replay would."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import game.web.session as session_module
from game.engine.local import LocalTable
from game.registry import GAMES, get_client
from game.web.board import LOG_WINDOW
from game.web.session import Outcome, Session
from game.web.settings import parse_settings
from tests.test_web_session import choose
from tests.test_web_session import settings as quest_settings


def _bots(game: str, players: int, humans: int = 0) -> Any:
    # each bot at its seat's default level (a game's roles may offer different ones)
    declared = GAMES[game].declared_options
    levels = declared.seat_default_levels(declared.normalize({"players": players}))
    seats = [
        {"seat": i, "name": f"P{i}", "kind": "human"}
        if i < humans
        else {"seat": i, "name": f"P{i}", "kind": "bot", "level": levels[i]}
        for i in range(players)
    ]
    data = {"version": 3, "game": game, "lang": "en", "players": seats, "options": {}}
    data["hint"] = False
    return parse_settings(json.dumps(data))


@pytest.fixture
def described(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How many times each game's client described an event (by game)."""
    calls: Counter[str] = Counter()
    for name in GAMES:
        client = get_client(name)
        original = client.describe

        def counted(*args: Any, _name: str = name, _original: Any = original) -> list[str]:
            calls[_name] += 1
            return list(_original(*args))

        monkeypatch.setattr(client, "describe", counted)
    yield calls


def _fresh_log(session: Session, lang: str) -> list[tuple[str, str]]:
    """The log described from scratch, as every render did before."""
    names = session.names()
    lines: list[tuple[str, str]] = []
    for event in [*session.opening_events(), *session.table.visible_events()]:
        kind = str(event.get("type", ""))
        for index, line in enumerate(session.client.describe(event, names, lang)):
            lines.append((kind if index == 0 else f"{kind}-detail", line))
    return lines


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_event_is_described_once_over_a_whole_game(game: str, described: Counter[str]) -> None:
    session = Session.new(_bots(game, 3), seed=11)
    renders = 0
    while session.phase() != "over":
        session.render("en")
        renders += 1
        if session.phase() == "result":
            session.command("continue")
        else:
            assert session.bot_step()
    log = session.log("en")  # the last events (the end's render shows no log)
    events = len(session.opening_events()) + len(session.table.events)
    assert renders > 50 and events > 50
    assert described[game] == events  # once each, not once each per render
    assert log == _fresh_log(session, "en")
    assert session.visible_events("en") == session.table.visible_events()
    # another language describes each event once again, and only once
    before = described[game]
    session.log("fr")
    session.log("fr")
    assert described[game] - before == events
    assert session.log("fr") == _fresh_log(session, "fr")


def _to_undoable(session: Session) -> Session:
    """Play on (the human as tests/test_web_session's simple player) until the
    human may take a move back."""
    for _ in range(2000):
        phase = session.phase()
        page = session.render("en").html
        if phase == "human" and session.undo_allowed():
            return session
        if phase == "bot":
            assert session.bot_step()
        elif phase == "result":
            session.command("continue")
        elif phase == "human":
            session.command("act", choose(page))
        else:
            raise AssertionError(f"no undo before the phase {phase}")
    raise AssertionError("no undo was ever allowed")


@pytest.mark.parametrize("seed", [3, 7, 12])
def test_an_undo_replays_nothing_and_leaves_what_a_replay_would(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _to_undoable(Session.new(quest_settings(["human", "bot", "bot"]), seed=seed))
    session.render("en")  # the log as far as the move to take back
    match = session.table.match

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the undo replayed the match")

    monkeypatch.setattr(session_module, "match_steps", no_replay)
    monkeypatch.setattr(session_module, "LocalTable", no_replay)
    assert session.command("undo") == Outcome.RENDER
    assert session.undo_notice is None
    monkeypatch.undo()
    # what a replay of the match without its last move gives
    replayed = LocalTable(session.game, session.table.seats, session.table.match)
    assert session.table.match.actions == match.actions[:-1]
    assert session.table.state == replayed.state
    assert session.table.events == replayed.events
    assert session.log("en") == _fresh_log(session, "en")
    assert session.visible_events("en") == session.table.visible_events()
    saved = json.loads(session.to_save())
    assert saved["table"]["match"] == replayed.match.to_json()
    # and the game goes on from there as from a reload
    reloaded = Session.from_save(session.to_save())
    assert reloaded.table.state == session.table.state


def test_after_a_reload_the_undo_still_replays_what_it_must() -> None:
    """With no kept state (a save just restored), the undo's check and the take
    back replay the match: the same answer, the same table."""
    session = _to_undoable(Session.new(quest_settings(["human", "bot", "bot"]), seed=3))
    fresh = Session.from_save(session.to_save())
    fresh.table.viewer = session.table.viewer
    assert fresh.undo_refusal() is None
    assert fresh.command("undo") == Outcome.RENDER
    assert session.command("undo") == Outcome.RENDER
    assert fresh.to_save() == session.to_save()
    assert fresh.table.events == session.table.events


def _log_ids(html: str) -> list[int]:
    """The indexes of the log lines a board's HTML draws, in order."""
    return [int(found) for found in re.findall(r'<li class="log-line[^"]*" id="log-(\d+)"', html)]


def test_a_long_game_draws_its_newest_log_lines_and_the_whole_log_on_request() -> None:
    """Every render of a long game draws at most LOG_WINDOW lines, the newest,
    so its last draws cost what its first did; "the whole log" draws them all,
    with no line announced as new, and "only the latest lines" goes back."""
    session = Session.new(_bots("bossquest", 4), seed=5)
    html = ""
    while session.phase() != "over":
        if session.phase() == "result":
            session.command("continue")
            continue
        html = session.render("en").html
        drawn = _log_ids(html)
        total = len(session.log("en"))
        assert drawn == list(range(max(0, total - LOG_WINDOW), total))
        if total > LOG_WINDOW + 10:
            break
        assert session.bot_step()
    total = len(session.log("en"))
    assert total > LOG_WINDOW + 10, "the game ended before its log grew long"
    assert 'data-cmd="log-whole"' in html and 'data-cmd="log-recent"' not in html
    assert session.command("log-whole") == Outcome.RENDER
    whole = session.render("en").html
    assert _log_ids(whole) == list(range(total))
    assert 'data-cmd="log-recent"' in whole and 'data-cmd="log-whole"' not in whole
    assert "arrive" not in whole.split('id="log-toggle"')[1].split("</ol>")[0]
    session.command("log-recent")
    assert _log_ids(session.render("en").html) == list(range(total - LOG_WINDOW, total))
    # a short log draws every line with no button
    short = Session.new(_bots("bossquest", 2), seed=5).render("en").html
    assert "log-toggle" not in short and _log_ids(short)
