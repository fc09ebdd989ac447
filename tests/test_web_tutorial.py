"""TutorialSession (game/web/tutorial.py) under CPython: the expected move plays,
any other is refused with an explanation and changes nothing, the other seats'
steps wait for "Next", restart and the end; the board shows the reader's view."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Action
from game.web.tutorial import (
    TutorialError,
    TutorialSession,
    load_tutorial,
    query_tutorial,
    tutorial_names,
    tutr,
)


def _json(action: Action) -> str:
    return json.dumps(GAME.action_to_json(action), separators=(",", ":"), sort_keys=True)


def _session(name: str = "basic_turn") -> TutorialSession:
    return TutorialSession(load_tutorial(name), name=name)


def _other_legal(session: TutorialSession) -> Action:
    """A legal move of the reader that is not the one the step asks for."""
    legal = GAME.legal_actions(session.state, session.reader)
    return next(a for a in legal if a != session.expected_action())


def _play_to_the_end(session: TutorialSession) -> int:
    clicks = 0
    while not session.done:
        assert not session.problem, session.problem
        if not session.reader_turn():
            assert session.command("next")
        elif session.fresh_result():
            assert session.command("continue")
        else:
            action = session.expected_action()
            assert action is not None
            assert session.command("act", _json(action))
        clicks += 1
        assert clicks < 100
    return clicks


def test_the_first_step_waits_for_the_reader() -> None:
    session = _session()
    assert session.index == 0 and session.reader_turn()
    assert session.names[session.reader] == "Alix"
    assert session.expected_action() == GAME.action_from_json({"type": "ask", "count": 2})
    shown = session.render("fr")
    assert shown.markers["step"] == "0" and shown.markers["done"] == "false"
    assert "Vos deux armes font 9" in shown.panel and "À vous de jouer" in shown.panel
    assert 'data-cmd="act"' in shown.board and 'id="tut-next"' not in shown.panel


def test_the_expected_move_plays_and_moves_on() -> None:
    session = _session()
    action = session.expected_action()
    assert action is not None
    assert session.command("act", _json(action))
    assert session.actions_played == 1 and session.index == 1
    assert not session.reader_turn()  # Bruno's step: it waits for "Next"
    assert 'id="tut-next"' in session.render("en").panel


def test_another_legal_move_is_refused_with_the_hint_and_changes_nothing() -> None:
    session = _session()
    before = (session.state, session.index, session.actions_played, len(session.events))
    assert session.command("act", _json(_other_legal(session)))
    assert (session.state, session.index, session.actions_played, len(session.events)) == before
    assert session.explanation("en").startswith("At 9 against 17 you are far away")
    assert session.explanation("fr").startswith("Avec 9 contre 17")
    shown = session.render("en")
    assert "data-explain" in shown.panel
    # the button the lesson asks for is pointed at
    wanted = re.search(r'<button[^>]*data-tut-expected="true"[^>]*>', shown.board)
    assert wanted is not None and "&quot;count&quot;:2" in wanted.group(0)
    # the right move then plays, and the explanation goes
    action = session.expected_action()
    assert action is not None
    session.command("act", _json(action))
    assert session.explain == "" and "data-explain" not in session.render("en").panel


def test_an_illegal_or_malformed_click_says_why_and_changes_nothing() -> None:
    session = _session()
    state = session.state
    session.command("act", json.dumps({"type": "ask", "count": 9}))
    assert session.state is state
    assert session.explanation("en").startswith("Not allowed:")
    session.command("act", "{not json")
    assert session.state is state
    assert session.explanation("fr").startswith("Coup refusé")


def test_a_click_on_the_board_while_another_seat_plays_is_refused() -> None:
    session = _session()
    action = session.expected_action()
    assert action is not None
    session.command("act", _json(action))
    state = session.state
    assert session.command("act", _json(action))
    assert session.state is state
    assert session.explanation("en") == tutr("not_now", "en")


def test_next_plays_the_other_seats_steps_and_the_uncaptioned_ones_after_them() -> None:
    session = _session()
    action = session.expected_action()
    assert action is not None
    session.command("act", _json(action))
    assert session.index == 1
    assert session.command("next")
    # Bruno visits and discards, Chloé asks: three steps, one press
    assert session.index == 4 and session.actions_played == 4
    assert session.reader_turn()
    assert not session.command("next")  # nothing to do while the reader must act


def test_a_two_click_step_needs_both_clicks() -> None:
    session = _session("spells_strength")
    first = session.expected_action()
    assert first is not None
    session.command("act", _json(first))  # visit
    spell = session.expected_action()
    assert spell is not None
    session.command("act", _json(spell))  # activate strength_up
    assert session.index == 1 and session.progress == 1
    choice = session.expected_action()
    assert choice is not None and GAME.action_to_json(choice)["type"] == "choose"
    # a wrong choice: explained with the button to press (the hint speaks of the first click)
    other = _other_legal(session)
    session.command("act", _json(other))
    assert session.progress == 1
    assert session.explanation("en").startswith("In this lesson, do this instead:")
    session.command("act", _json(choice))
    assert session.index == 2 and session.actions_played == 3


@pytest.mark.parametrize("name", tutorial_names())
def test_every_tutorial_plays_to_its_end(name: str) -> None:
    session = _session(name)
    clicks = _play_to_the_end(session)
    assert clicks >= 3
    shown = session.render("fr")
    assert shown.markers["done"] == "true"
    assert 'id="tut-again"' in shown.panel and 'id="tut-full"' in shown.panel
    # "Play a full game" opens the board's game (the site's root lists several)
    assert 'href="index.html?game=bossquest"' in shown.panel and 'target="_blank"' in shown.panel
    outro = load_tutorial(name)["outro"]
    assert shown.status == outro["fr"]
    assert not session.command("next")


def test_restart_goes_back_to_the_stacked_deal() -> None:
    session = _session("two_players")
    start = session.state
    _play_to_the_end(session)
    assert session.command("restart")
    assert session.state == start and session.index == 0 and session.actions_played == 0
    assert not session.done and session.reader_turn()


def test_the_result_stays_at_the_end_without_its_button() -> None:
    session = _session("perfect")
    _play_to_the_end(session)
    assert session.fresh_result()
    board = session.render("en").board
    assert 'id="round-result"' in board and 'data-cmd="continue"' not in board


def test_a_fight_before_a_reader_move_shows_its_result_first() -> None:
    session = _session("reaper")  # the Reaper's fight, then the reader's destiny
    steps = 0
    while not (session.fresh_result() and session.reader_turn()):
        assert not session.done and steps < 50
        if session.reader_turn():
            session.command("act", _json(_expected(session)))
        else:
            session.command("next")
        steps += 1
    shown = session.render("en")
    assert 'data-cmd="continue"' in shown.board and 'id="actions"' not in shown.board
    assert tutr("see_result", "en") in shown.panel
    assert session.command("continue")
    assert 'data-kind="take_life"' in session.render("en").board


def test_next_first_leaves_a_fight_result_then_plays() -> None:
    session = _session("tie_breaks")  # round 1's fight, then Bruno's round 2
    while not (session.fresh_result() or session.done):
        if session.reader_turn():
            session.command("act", _json(_expected(session)))
        else:
            session.command("next")
    assert not session.reader_turn()
    index, played = session.index, session.actions_played
    assert session.command("next")
    assert not session.fresh_result()
    assert (session.index, session.actions_played) == (index, played)
    assert session.command("next")
    assert session.actions_played > played


def _expected(session: TutorialSession) -> Action:
    action: Action | None = session.expected_action()
    assert action is not None
    return action


def _hidden_ids(board: str) -> set[int]:
    return {int(card) for card in re.findall(r'data-card="(\d+)"', board)}


def _step(session: TutorialSession) -> None:
    if session.reader_turn() and not session.fresh_result():
        action = session.expected_action()
        assert action is not None
        session.command("act", _json(action))
    elif session.fresh_result():
        session.command("continue")
    else:
        session.command("next")


@pytest.mark.parametrize("name", ["basic_turn", "companions", "reaper"])
def test_the_board_never_shows_another_seats_hidden_card(name: str) -> None:
    session = _session(name)
    while not session.done:
        secret = {p.hidden for s, p in enumerate(session.state.players) if s != session.reader}
        # a fight shows every card to everyone (its result, and the Reaper's destiny)
        if not session.fresh_result() and session.state.stage not in ("reveal", "destiny"):
            assert not (_hidden_ids(session.render("en").board) & secret), session.index
        _step(session)


def test_after_a_swap_the_reader_sees_the_card_they_gave_and_nothing_else() -> None:
    session = _session("spells_weapons")
    bruno, chloe = session.names.index("Bruno"), session.names.index("Chloé")
    swap = next(s.index for s in session.steps if s.spec == "activate swap_hidden target=Alix")
    while session.index <= swap:
        board = _hidden_ids(session.render("en").board)
        assert session.state.players[bruno].hidden not in board
        _step(session)
    board = _hidden_ids(session.render("en").board)
    assert session.state.players[bruno].hidden in board  # Alix's own old card
    assert session.state.players[chloe].hidden not in board


def test_a_broken_tutorial_says_so_instead_of_teaching_a_mistake() -> None:
    data: dict[str, Any] = copy.deepcopy(load_tutorial("basic_turn"))
    data["steps"][0]["expect"] = {"strength": {"Alix": 99}}
    session = TutorialSession(data, name="broken")
    action = session.expected_action()
    assert action is not None
    session.command("act", _json(action))
    assert session.problem.startswith("step 0: expected strength")
    shown = session.render("en")
    assert shown.markers["problem"] == "true" and "no longer matches the rules" in shown.panel
    assert not session.reader_turn()


def test_unknown_names_are_refused() -> None:
    for name in ("", "nope", "../setup", "basic_turn.json", "A" * 60):
        with pytest.raises(TutorialError):
            load_tutorial(name)


def test_the_query_names_the_tutorial() -> None:
    assert query_tutorial("?scenario=perfect&lang=en") == "perfect"
    assert query_tutorial("lang=fr") == ""
    assert query_tutorial("") == ""


def test_the_reader_defaults_to_the_first_to_move() -> None:
    data: dict[str, Any] = copy.deepcopy(load_tutorial("spells_boss"))
    del data["reader"]
    assert TutorialSession(data).names[TutorialSession(data).reader] == "Bruno"
    data["reader"] = "Zoé"
    with pytest.raises(TutorialError):
        TutorialSession(data)
