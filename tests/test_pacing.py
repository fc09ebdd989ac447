"""Bots are paced per turn (game.web.pacing): the full bot delay before a
bot's turn, short steps inside it, nothing for a hidden commit beside people;
wired into the local table (Session.pace, GamePage) and the network host
(HostController.pace)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from game import registry
from game.duel import GAME as DUEL
from game.duel.state import Stage
from game.net import HostSession
from game.web.game_page import GamePage
from game.web.net_effects import Think
from game.web.net_host import HostController
from game.web.pacing import MIN_STEP_MS, Due, Pace, Played, bot_pace, step_ms
from game.web.session import Outcome, Session
from game.web.settings import parse_settings
from game.web.thinking import Thought
from game.web.worker_link import Message
from tests.test_game_page import catalogue, settings_json

FULL = 750
STEP = step_ms(FULL)


def _due(seat: int, acting: tuple[int, ...], round_: int | None = 1, people: Any = (0,)) -> Due:
    return Due(seat, acting, round_, frozenset(people))


# (case, delay, due, last action, expected pace)
CASES: list[tuple[str, int, Due, Played | None, Pace]] = [
    ("the game's first action", FULL, _due(1, (1,)), None, Pace(FULL, "turn")),
    ("a person played before", FULL, _due(1, (1,)), Played(0, (0,), 1), Pace(FULL, "turn")),
    ("another bot played before", FULL, _due(2, (2,)), Played(1, (1,), 1), Pace(FULL, "turn")),
    ("the same bot, same turn", FULL, _due(1, (1,)), Played(1, (1,), 1), Pace(STEP, "step")),
    (
        "the same bot, a game without rounds",
        400,
        _due(1, (1,), None),
        Played(1, (1,), None),
        Pace(120, "step"),
    ),
    ("the same bot, a new round", FULL, _due(1, (1,), 2), Played(1, (1,), 1), Pace(FULL, "turn")),
    (
        "the same bot after its hidden commit",
        FULL,
        _due(1, (1,)),
        Played(1, (0, 1), 1),
        Pace(FULL, "turn"),
    ),
    ("botdelay=0, a new turn", 0, _due(1, (1,)), Played(0, (0,), 1), Pace(0, "none")),
    ("botdelay=0, same turn", 0, _due(1, (1,)), Played(1, (1,), 1), Pace(0, "none")),
    (
        "a commit after a person's",
        FULL,
        _due(1, (1,)),
        Played(0, (0, 1), 1),
        Pace(0, "simultaneous"),
    ),
    (
        "a commit after another bot's",
        FULL,
        _due(2, (0, 2)),
        Played(1, (0, 1, 2), 1),
        Pace(0, "simultaneous"),
    ),
    (
        "a commit beside a person (network)",
        FULL,
        _due(1, (0, 1)),
        Played(0, (0,), 1),
        Pace(0, "simultaneous"),
    ),
    (
        "a commit beside a person, first of all",
        FULL,
        _due(2, (0, 1, 2)),
        None,
        Pace(0, "simultaneous"),
    ),
    (
        "bots alone: one pause per step",
        FULL,
        _due(1, (1, 2), people=(0,)),
        Played(0, (0,), 1),
        Pace(FULL, "simultaneous"),
    ),
    (
        "bots alone: the step's next commit",
        FULL,
        _due(2, (2,), people=(0,)),
        Played(1, (1, 2), 1),
        Pace(0, "simultaneous"),
    ),
]


@pytest.mark.parametrize(
    ("delay", "due", "last", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_the_pace_of_a_bots_next_action(
    delay: int, due: Due, last: Played | None, expected: Pace
) -> None:
    assert bot_pace(delay, due, last) == expected


@pytest.mark.parametrize(
    ("delay", "step"), [(0, 0), (50, 50), (200, 120), (480, 120), (750, 187), (5000, 1250)]
)
def test_the_step_delay_is_a_quarter_of_the_delay_and_readable(delay: int, step: int) -> None:
    assert step_ms(delay) == step
    assert step <= delay and (step >= MIN_STEP_MS or step == delay)


# ------------------------------------------------------------------ the local table


def _session(kinds: list[str], seed: int = 5, game: str = "bossquest") -> Session:
    return Session.new(parse_settings(settings_json(kinds, game=game)), seed)


def test_a_local_bots_turn_waits_once_then_steps() -> None:
    """Boss Quest with bots alone but one person: every bot action's pace is
    the full delay when the seat or round changed, the step delay otherwise."""
    session = _session(["human", "bot", "bot"])
    seen: set[str] = set()
    previous: tuple[int, int] | None = None
    for _ in range(400):
        if session.game.is_over(session.table.state):
            break
        phase = session.phase()
        if phase == "result":
            session.command("continue")
            continue
        seat = session.table.to_act()
        assert seat is not None
        round_ = session.game.capabilities.rounds(session.table.state)  # type: ignore[misc]
        if phase == "bot":
            pace = session.pace(FULL)
            expected = "step" if previous == (seat, round_) else "turn"
            assert pace.kind == expected and pace.ms == (STEP if expected == "step" else FULL)
            seen.add(pace.kind)
            session.bot_step()
        else:
            legal = session.table.legal()
            session.command("act", _json(session, legal[0]))
        previous = (seat, round_)
    assert seen == {"turn", "step"}


def _json(session: Session, action: Any) -> str:
    return json.dumps(session.game.action_to_json(action))


@pytest.fixture
def duel_registered() -> Iterator[None]:
    """Duel in the registry (a test game), as the other tests expect it after."""
    registry.include_test_games()
    try:
        yield
    finally:
        registry.GAMES.pop("duel", None)
        registry.CLIENTS.pop("duel", None)
        registry._clients.pop("duel", None)


@pytest.mark.usefixtures("duel_registered")
def test_at_a_local_table_people_commit_first_then_bots_at_once() -> None:
    session = _session(["human", "bot"], seed=8, game="duel")
    for _ in range(20):
        if session.table.state.stage != Stage.SWAP:
            break
        if session.phase() == "bot":
            assert session.bot_step()
        else:
            assert session.command("act", '{"type":"keep"}') == Outcome.RENDER
    assert DUEL.to_act(session.table.state) == (0, 1)
    # people first: the person is asked, no bot thinks meanwhile
    assert session.phase() == "human" and session.table.human_to_act() == 0
    card = session.table.state.hands[0][0]
    session.command("act", json.dumps({"type": "commit", "card": card}))
    assert session.table.state.committed[0] == card and session.phase() == "bot"
    assert session.pace(FULL) == Pace(0, "simultaneous")  # the bot commits at once
    assert session.bot_step()
    assert session.table.state.committed == (None, None)  # revealed to both
    assert card in session.table.view()["discards"]


def _later_ms(replies: list[Message]) -> list[int]:
    return [int(reply["ms"]) for reply in replies if reply["kind"] == "later"]


def test_the_page_gives_each_bot_move_its_pace_and_reports_it() -> None:
    """Boss Quest on the page with ?botdelay=600: each bot move's ``bot``
    message names its pace, and the worker waits what is left of it."""
    page = GamePage()
    opened = page.handle(
        {
            "kind": "open",
            "page": "game",
            "search": "?game=bossquest&seed=5&botdelay=600",
            "base": "",
            "catalogue": catalogue(),
            "lang": "en",
            "storage": {"local": {}, "session": {}},
        }
    )
    assert opened[-1]["kind"] == "ready"
    replies = page.handle({"kind": "start", "settings": settings_json(["bot", "bot", "bot"])})
    paces: list[tuple[int, str]] = []
    for _ in range(2000):
        laters = [reply for reply in replies if reply["kind"] == "later"]
        if not laters or len(paces) >= 40:
            break
        waiting = page._waiting
        replies = page.handle({"kind": "tick", "token": laters[-1]["token"]})
        if waiting == "think" and page._waiting == "play":
            chosen = page.session.thought if page.session else None
            assert chosen is not None and chosen.pace is not None
            (left,) = _later_ms(replies)
            assert 0 <= left <= chosen.pace.ms  # what is left of it, thinking counted
        for reply in replies:
            if reply["kind"] == "bot":
                paces.append((reply["stats"]["delay_ms"], reply["stats"]["pace"]))
    kinds = {kind for _, kind in paces}
    assert kinds == {"turn", "step"}, paces
    assert {ms for ms, kind in paces if kind == "turn"} == {600}
    assert {ms for ms, kind in paces if kind == "step"} == {150}


# ------------------------------------------------------------------ the network host


def _hosted(seats: int) -> HostController:
    host = HostSession.new(DUEL, {"players": seats}, 3, "Ana")
    for seat in range(1, seats):
        host.set_bot(seat, "normal")
    host.start()
    return HostController(host, "room", delay_ms=FULL)


@pytest.mark.usefixtures("duel_registered")
def test_the_hosts_bots_are_paced_as_the_local_ones() -> None:
    ctrl = _hosted(2)
    host = ctrl.host
    kinds: list[tuple[int, str]] = []
    for _ in range(200):
        if host.phase != "playing":
            break
        acting = host.acting()
        if ctrl.bot_due():
            pace = ctrl.pace()
            kinds.append((len(acting), pace.kind))
            if len(acting) > 1:
                assert pace == Pace(0, "simultaneous")  # beside the host: at once
            else:
                assert pace.kind in ("turn", "simultaneous")
            effects = ctrl.bot_play()
        else:
            legal = host.legal_json(0)
            effects = ctrl.board_command("act", json_text(legal[0]))
        think = [effect for effect in effects if isinstance(effect, Think)]
        assert bool(think) == ctrl.bot_due()
        if think:
            assert think[0].delay_ms == ctrl.pace().ms
    assert (2, "simultaneous") in kinds and (1, "turn") in kinds


def json_text(action: Any) -> str:
    return json.dumps(action)


def test_a_thought_reports_its_pace() -> None:
    thought = Thought(key=(0, 1), seat=1, level="normal", steps=iter([None]))
    assert thought.stats()["delay_ms"] is None
    thought.pace = Pace(187, "step")
    assert (thought.stats()["delay_ms"], thought.stats()["pace"]) == (187, "step")
