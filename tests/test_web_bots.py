"""game.web under CPython: bots at their level, the hard bot thinking in slices
that hand the page back between them, and the odds hint."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Ask
from game.bossquest.odds import over_odds
from game.bossquest.ui.controls import dock
from game.bossquest.ui.hint import odds_hint, percent, risk
from game.engine.search import SearchBot, SearchSettings
from game.web.session import PAGE_SEARCH, Outcome, SaveError, Session, bot_seed
from game.web.settings import parse_settings
from tests.test_web_session import buttons, choose

#: a hard bot small enough for whole games under test, and bound by its count
#: alone, so that its decisions repeat
SMALL_SEARCH = SearchSettings(playouts=24, time_budget=60.0)
ODDS = re.compile(r'data-kind="ask" data-act="([^"]+)" data-odds="([^"]+)"')


def settings(players: list[tuple[str, str]], hint: bool = False, lang: str = "en") -> Any:
    """Settings from (kind, level) pairs: level "" for a human."""
    seats: list[dict[str, Any]] = []
    for seat, (kind, level) in enumerate(players):
        entry: dict[str, Any] = {"seat": seat, "name": f"Knight{seat}", "kind": kind}
        if kind == "bot":
            entry["level"] = level
        seats.append(entry)
    data = {"version": 2, "lang": lang, "players": seats, "keep_yellow": False, "hint": hint}
    return parse_settings(json.dumps(data))


def new(players: list[tuple[str, str]], seed: int, hint: bool = False) -> Session:
    session = Session.new(settings(players, hint), seed)
    session.search = SMALL_SEARCH
    return session


HUMAN = ("human", "")
EASY, NORMAL, HARD = ("bot", "easy"), ("bot", "normal"), ("bot", "hard")


def play(session: Session, check: Any = None, slices: bool = False, limit: int = 3000) -> None:
    """Play to the end through the page's commands. With `slices`, bots think one
    slice per call, as the page's tasks do; `check(session, page)` after each render."""
    for _ in range(limit):
        phase = session.phase()
        page = session.render("en").html
        if check is not None:
            check(session, page)
        if phase == "over":
            return
        if phase == "bot":
            if slices:
                while not session.bot_think():
                    pass
            assert session.bot_step()
        elif phase == "result":
            session.command("continue")
        else:
            assert phase == "human"
            assert session.command("act", choose(page)) == Outcome.RENDER
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ levels


def test_each_bot_plays_at_its_level_and_the_save_keeps_it() -> None:
    session = Session.new(settings([HUMAN, EASY, NORMAL, HARD]), seed=21)
    assert [seat.level for seat in session.table.seats][1:] == ["easy", "normal", "hard"]
    assert session.levels() == ["", "easy", "normal", "hard"]
    assert session.bot(1) is GAME.bots["easy"]
    assert session.bot(2) is GAME.bots["normal"]
    hard = session.bot(3)
    assert isinstance(hard, SearchBot)
    assert hard.settings == PAGE_SEARCH
    assert (PAGE_SEARCH.playouts, PAGE_SEARCH.time_budget) == (300, 0.12)
    assert hard.seed == bot_seed(21, 3) != bot_seed(21, 2) != bot_seed(22, 3)
    assert session.bot(3) is hard, "one bot per seat for the whole game"

    # the board shows each bot's level next to its name, in both languages, in
    # the words the menu and the lobby use (the declared levels')
    page = session.render("en").html
    for seat, level, word in ((1, "easy", "Easy"), (2, "normal", "Normal"), (3, "hard", "Hard")):
        assert f'data-seat="{seat}" data-you="false"' in page
        panel = page.split(f'<li class="seat-panel" data-seat="{seat}"')[1].split("</li>")[0]
        assert f'data-level="{level}"' in panel
        assert f'<span class="tag-word">bot ·</span>{word}</span>' in panel
    human = page.split('<li class="seat-panel" data-seat="0"')[1].split("</li>")[0]
    assert "data-level" not in human and "tag-bot" not in human
    french = session.render("fr").html
    assert "robot ·</span>Difficile" in french and "robot ·</span>Facile" in french

    # the save keeps the levels, and a resumed game plays them at their level again
    text = session.to_save()
    saved = json.loads(text)
    levels = ["normal", "easy", "normal", "hard"]  # a human's seat keeps the default
    assert [seat["level"] for seat in saved["table"]["seats"]] == levels
    assert [p.get("level") for p in saved["settings"]["players"]] == [
        None,
        "easy",
        "normal",
        "hard",
    ]
    again = Session.from_save(text)
    assert again.settings == session.settings
    assert isinstance(again.bot(3), SearchBot) and again.bot(3).seed == hard.seed  # type: ignore[attr-defined]


def test_a_save_whose_levels_disagree_is_refused() -> None:
    text = Session.new(settings([HUMAN, HARD]), seed=2).to_save()
    data = json.loads(text)
    data["table"]["seats"][1]["level"] = "easy"
    with pytest.raises(SaveError, match="do not match"):
        Session.from_save(json.dumps(data))
    data["table"]["seats"][1]["level"] = "hard"
    data["settings"]["players"][1]["level"] = "genius"
    with pytest.raises(SaveError, match="level"):
        Session.from_save(json.dumps(data))


def test_a_save_from_before_the_levels_resumes_with_normal_bots() -> None:
    session = Session.new(settings([HUMAN, NORMAL, NORMAL]), seed=5)
    play_some(session, 8)
    data = json.loads(session.to_save())
    # what version 1 of the page saved: settings with no level and no hint
    data["settings"] = {
        "version": 1,
        "lang": "en",
        "players": [
            {"seat": 0, "name": "Knight0", "kind": "human"},
            {"seat": 1, "name": "Knight1", "kind": "bot"},
            {"seat": 2, "name": "Knight2", "kind": "bot"},
        ],
        "keep_yellow": False,
    }
    old = Session.from_save(json.dumps(data, separators=(",", ":")))
    assert old.levels() == ["", "normal", "normal"]
    assert old.settings.hint is False
    assert old.actions_played() == session.actions_played()
    assert old.to_save() == session.to_save(), "saved again in the current version"
    play(old)


def play_some(session: Session, actions: int) -> None:
    while session.actions_played() < actions and session.phase() != "over":
        phase = session.phase()
        page = session.render("en").html
        if phase == "bot":
            session.bot_step()
        elif phase == "result":
            session.command("continue")
        else:
            session.command("act", choose(page))


# ---------------------------------------------------------- thinking in slices


def test_the_hard_bot_thinks_one_slice_per_call_and_plays_only_when_done() -> None:
    session = new([HUMAN, HARD, EASY], seed=9)
    session.search = SearchSettings(playouts=40, time_budget=60.0, slice_playouts=8)
    decisions = 0
    while decisions < 6:
        phase = session.phase()
        if phase != "bot":
            page = session.render("en").html
            if phase == "result":
                session.command("continue")
            else:
                session.command("act", choose(page))
            continue
        seat = session.table.bot_to_act()
        assert seat is not None
        before = session.actions_played()
        view = GAME.view(session.table.state, seat)
        legal = GAME.legal_actions(session.table.state, seat)
        calls = 0
        while not session.bot_think():  # no budget: exactly one slice a call
            calls += 1
            # nothing is played meanwhile, and the page can draw the board
            assert session.actions_played() == before
            assert session.phase() == "bot" and session.bot_due()
            assert session.render("en").markers["bot-thinking"] == "true"
        thought = session.thought
        assert thought is not None and thought.done
        assert thought.calls == thought.slices == calls + 1
        assert session.bot_think(), "a chosen move stays chosen until it is played"
        choice = thought.choice
        assert session.bot_step()
        assert session.actions_played() == before + 1
        assert session.thought is None and session.last_thought is thought
        played = session.table.match.actions[-1]
        assert played == (seat, GAME.action_to_json(choice))
        if session.table.seats[seat].level == "hard" and len(legal) > 1:
            # 40 playouts in slices of 8: five slices, then the choice
            assert thought.slices == 6 and thought.playouts == 40
            # the same decision as the bot makes in one go from the seat's view alone
            fresh = SearchBot(GAME, GAME.bots["normal"], session.search, bot_seed(9, seat))
            assert fresh(view, legal) == choice
            decisions += 1
        elif session.table.seats[seat].level == "easy":
            assert thought.slices == 1 and thought.playouts == 0


def test_a_budget_runs_several_slices_in_one_call() -> None:
    session = new([HARD, HUMAN], seed=4)
    session.search = SearchSettings(playouts=64, time_budget=60.0, slice_playouts=8)
    while session.phase() != "bot" or len(legal_of(session)) < 2:
        play_some(session, session.actions_played() + 1)
    assert session.bot_think(budget=60.0), "a long budget thinks to the end at once"
    assert session.thought is not None and session.thought.calls == 1
    assert session.thought.slices == 9 and session.thought.playouts == 64


def legal_of(session: Session) -> list[Any]:
    seat = session.table.bot_to_act()
    return [] if seat is None else GAME.legal_actions(session.table.state, seat)


def test_whole_games_with_a_hard_bot_in_slices_repeat_given_the_seed() -> None:
    def game(seed: int) -> list[Any]:
        session = new([HUMAN, HARD, EASY], seed=seed)
        play(session, slices=True)
        assert GAME.is_over(session.table.state)
        return list(session.table.match.actions)

    first = game(13)
    assert first == game(13)
    assert first != game(14)


def test_thinking_waits_while_leaving_is_asked_and_resumes_where_it_was() -> None:
    session = new([HUMAN, HARD, HARD], seed=2)
    session.search = SearchSettings(playouts=40, time_budget=60.0)
    while session.phase() != "bot" or len(legal_of(session)) < 2:
        play_some(session, session.actions_played() + 1)
    assert not session.bot_think()
    thought = session.thought
    assert thought is not None and thought.slices == 1
    session.command("quit")
    assert not session.bot_due() and not session.bot_think() and not session.bot_step()
    assert thought.slices == 1, "no thinking while the player is asked"
    session.command("quit-no")
    assert not session.bot_think()
    assert session.thought is thought and thought.slices == 2
    assert session.bot_step() and thought.done and thought.playouts == 40


def test_no_bot_no_thinking() -> None:
    session = new([HUMAN, HUMAN], seed=1)
    assert not session.bot_due() and not session.bot_think() and session.thought is None


# ---------------------------------------------------------------- the hint


def test_the_hint_gives_the_odds_from_the_players_own_view() -> None:
    session = new([HUMAN, NORMAL, HARD], seed=17, hint=True)
    seen = {"odds": 0, "magician": 0, "bot": 0, "result": 0}

    def check(s: Session, page: str) -> None:
        phase = s.phase()
        hint = s.hint()
        shown = {
            json.loads(html.unescape(act))["count"]: float(odds) for act, odds in ODDS.findall(page)
        }
        assert shown == hint, "the board shows exactly the hint's odds"
        if phase != "human":
            assert hint == {} and 'id="odds-hint"' not in page
            seen["bot" if phase == "bot" else "result"] += 1
            return
        view = s.table.view()
        legal = s.table.legal()
        asks = sorted(a.count for a in legal if isinstance(a, Ask))
        if not asks:
            # at the Magician (or choosing a spell's target): no odds at all
            assert hint == {} and "data-odds" not in page and 'id="odds-hint"' not in page
            if view["seats"][view["seat"]]["at_magician"]:
                seen["magician"] += 1
            return
        odds = over_odds(view)
        assert sorted(hint) == [count for count in asks if count in odds]
        assert hint == {count: odds[count] for count in hint}
        assert all(0.0 <= p <= 1.0 for p in hint.values())
        assert 'id="odds-hint"' in page
        assert "Chance of going over the boss, from what you can see:" in page
        for count, chance in hint.items():
            text = html.escape(percent(chance, "en"))
            assert f"{text}</span></button>" in page
            weapons = "1 weapon" if count == 1 else f"{count} weapons"
            assert f"Ask for {weapons}: {text} chance" in page
        seen["odds"] += 1

    play(session, check=check)
    assert seen["odds"] >= 5 and seen["magician"] >= 3 and seen["bot"] >= 5, seen


def test_the_hint_is_off_unless_the_menu_turns_it_on() -> None:
    session = new([HUMAN, NORMAL], seed=17)
    checked = 0

    def check(s: Session, page: str) -> None:
        nonlocal checked
        assert s.hint() == {}
        assert "data-odds" not in page and 'id="odds-hint"' not in page
        checked += s.phase() == "human"

    play(session, check=check)
    assert checked >= 5


def test_the_hint_follows_the_device_in_pass_and_play() -> None:
    session = new([HUMAN, HUMAN, NORMAL], seed=8, hint=True)
    seen: set[int] = set()

    def check(s: Session, page: str) -> None:
        if s.phase() == "curtain":
            assert s.hint() == {} and "data-odds" not in page
        hint = s.hint()
        if hint:
            viewer = s.table.viewer
            assert viewer is not None and s.table.view()["to_act"] == viewer
            view = GAME.view(s.table.state, viewer)
            assert hint == {c: p for c, p in over_odds(view).items() if c in hint}
            seen.add(viewer)

    for _ in range(3000):
        phase = session.phase()
        page = session.render("en").html
        check(session, page)
        if phase == "over":
            break
        if phase == "bot":
            session.bot_step()
        elif phase == "result":
            session.command("continue")
        elif phase == "curtain":
            session.command("reveal")
        else:
            session.command("act", choose(page))
    assert seen == {0, 1}


def test_odds_hint_keeps_only_the_counts_one_may_ask() -> None:
    session = new([HUMAN, NORMAL], seed=3)
    play_some(session, 0)
    while session.phase() != "human":
        play_some(session, session.actions_played() + 1)
    view = session.table.view()
    legal = session.table.legal()
    full = over_odds(view)
    assert odds_hint(view, legal) == {a.count: full[a.count] for a in legal if isinstance(a, Ask)}
    only_one = [a for a in legal if not isinstance(a, Ask) or a.count == 1]
    assert list(odds_hint(view, only_one)) == [1]
    assert odds_hint(view, [a for a in legal if not isinstance(a, Ask)]) == {}


def test_dock_puts_the_odds_on_the_ask_buttons() -> None:
    session = new([HUMAN, NORMAL], seed=3)
    while session.phase() != "human":
        play_some(session, session.actions_played() + 1)
    view = session.table.view()
    legal = session.table.legal()
    odds = {1: 0.0, 2: 0.004, 3: 0.5, 4: 1.0}
    shown = dock(view, legal, ["A", "B"], "fr", odds)
    asks = [c for g in shown.groups for c in g.controls if isinstance(c.action, Ask)]
    assert asks
    for control in asks:
        assert isinstance(control.action, Ask)
        count = control.action.count
        assert control.odds == odds[count]
        assert control.odds_text in ("0\u202f%", "<1\u202f%", "50\u202f%", "100\u202f%")
        armes = "1 arme" if count == 1 else f"{count} armes"
        assert control.aria.startswith(f"Demander {armes} : ")
    assert shown.groups[0].note == "Risque de dépasser le BOSS, d’après ce que vous voyez :"
    plain = dock(view, legal, ["A", "B"], "fr")
    assert all(c.odds is None and not c.odds_text for g in plain.groups for c in g.controls)
    assert plain.groups[0].note == ""
    # only the buttons the player has get odds, whatever counts the hint holds
    assert {b[0] for b in buttons(session.render("en").html)} >= {"ask"}


@pytest.mark.parametrize(
    ("chance", "en", "fr", "tone"),
    [
        (0.0, "0%", "0\u202f%", "low"),
        (0.001, "<1%", "<1\u202f%", "low"),
        (0.005, "1%", "1\u202f%", "low"),
        (0.199, "20%", "20\u202f%", "low"),
        (0.2345, "23%", "23\u202f%", "mid"),
        (0.5, "50%", "50\u202f%", "high"),
        (0.994, "99%", "99\u202f%", "high"),
        (0.9951, ">99%", ">99\u202f%", "high"),
        (1.0, "100%", "100\u202f%", "high"),
    ],
)
def test_percentages_read_well(chance: float, en: str, fr: str, tone: str) -> None:
    assert percent(chance, "en") == en
    assert percent(chance, "fr") == fr
    assert risk(chance) == tone
