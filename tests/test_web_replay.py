"""Undo and replay links through the page's Python (CPython): the local game's
undo button and share box, the replay viewer's steps, eyes, log and errors."""

from __future__ import annotations

import html
import json
import re
import string

import pytest

from game.bossquest import GAME
from game.bossquest.ui.client import open_view
from game.bossquest.ui.summary import game_title
from game.engine.errors import MalformedData
from game.registry import get_client
from game.web.board import LOG_WINDOW
from game.web.replay import KEYS, Replay, payload_from_hash
from game.web.replay_strings import REPLAY_STRINGS, link_error_text, rtr, undo_refusal_text
from game.web.session import Outcome, Session
from game.web.strings import LANGS
from tests.test_web_session import play, settings

LINK = re.compile(r'id="share-link" type="text" readonly value="([^"]+)"')
HIDDEN = re.compile(r'data-card="(\d+)" data-color="\w+" data-value="\d" data-hidden="(\w+)"')


def to_human_turn(session: Session) -> Session:
    """Let the bots play until the human has a turn at the Armorer."""
    for _ in range(200):
        phase = session.phase()
        if phase == "human" and session.table.view()["stage"] == "turn":
            return session
        if phase == "bot":
            session.bot_step()
        elif phase == "result":
            session.command("continue")
        else:
            raise AssertionError(f"unexpected phase {phase}")
    raise AssertionError("the human never got a turn")


def act(session: Session, kind: str) -> None:
    legal = [a for a in session.table.legal() if GAME.action_to_json(a)["type"] == kind]
    assert legal, f"no {kind} now"
    assert session.command("act", json.dumps(GAME.action_to_json(legal[0]))) == Outcome.RENDER
    assert session.notice is None


def test_going_to_the_magician_and_taking_it_back() -> None:
    session = to_human_turn(Session.new(settings(["human", "bot", "bot"]), seed=3))
    before = session.to_save()
    page = session.render("en").html
    assert 'data-cmd="undo" data-undo="refused"' in page  # nothing played this turn
    act(session, "visit")
    assert session.table.view()["stage"] == "spell"
    page = session.render("en").html
    assert 'data-cmd="undo" data-undo="allowed"' in page
    assert session.command("undo") == Outcome.RENDER
    assert session.to_save() == before  # the save is the match without the move
    again = Session.from_save(session.to_save())
    assert again.table.view()["stage"] == "turn" and again.phase() == "human"


def test_undo_after_asking_for_weapons_says_why_in_both_languages() -> None:
    session = to_human_turn(Session.new(settings(["human", "bot"]), seed=8))
    act(session, "ask")
    session = to_human_turn(session)
    played = session.actions_played()
    assert session.command("undo") == Outcome.RENDER
    assert session.actions_played() == played  # nothing changed
    assert "You cannot undo: you drew weapons." in session.render("en").html
    assert "Impossible d’annuler : vous avez pioché des armes." in html.unescape(
        session.render("fr").html
    )
    act(session, "ask")  # a move clears the message
    assert "You cannot undo" not in session.render("en").html


def test_undo_is_only_for_the_human_on_their_turn() -> None:
    session = Session.new(settings(["bot", "bot", "human"]), seed=1)  # a bot starts
    while session.table.human_to_act() is None:
        played = session.actions_played()
        assert session.command("undo") == Outcome.NONE
        assert session.actions_played() == played
        assert 'data-cmd="undo"' not in session.render("en").html
        session.bot_step()
    assert session.actions_played() > 0


def test_the_share_box_holds_a_link_to_what_the_player_saw() -> None:
    session = to_human_turn(Session.new(settings(["human", "bot", "bot"]), seed=6))
    session.link_base = "https://example.org/bq/"
    assert 'data-cmd="share"' in session.render("en").html
    assert session.command("share") == Outcome.RENDER
    page = session.render("en").html
    found = LINK.search(page)
    assert found is not None
    link = html.unescape(found.group(1))
    assert link.startswith("https://example.org/bq/replay.html#r=")
    replay = Replay.open(link.split("replay.html", 1)[1])
    assert replay.eye == 0 and replay.perspectives() == [0]
    assert replay.steps == session.actions_played()
    assert "as Knight0 saw it" in page


def test_a_running_games_replay_never_shows_another_seats_hidden_weapon() -> None:
    session = Session.new(settings(["human", "bot", "bot", "bot"]), seed=9)
    for _ in range(60):
        if session.phase() == "bot":
            session.bot_step()
        elif session.phase() == "result":
            session.command("continue")
        else:
            view, legal = session.table.view(), session.table.legal()
            move = GAME.bots["normal"](view, legal)
            session.command("act", json.dumps(GAME.action_to_json(move)))
    assert GAME.rounds(session.table.state) >= 2  # the walk crosses a fight
    payload = session.replay_payload()
    assert payload is not None
    replay = Replay.open(f"#r={payload}")
    assert replay.eye == 0
    card = re.compile(r'data-card="(\d+)"')
    for step in range(replay.steps + 1):
        replay.step = step
        state = replay.states[step]
        page = replay.render("en")
        if 'id="round-result"' in page or state.stage in ("over", "reveal"):
            continue  # a fight shows every weapon to the whole table
        shown = {int(c) for c in card.findall(page)}
        for seat, player in enumerate(state.players):
            if seat != 0 and (0, player.hidden) not in state.known:
                assert player.hidden not in shown, f"step {step} shows seat {seat}'s hidden"
        # the log: never a secret of another seat
        for lines in replay.log("en"):
            assert "hidden weapon: " not in lines[1] or lines[1].startswith("Your hidden")


def test_a_finished_games_replay_shows_everything_and_each_seat() -> None:
    session = play(Session.new(settings(["human", "bot", "bot"]), seed=11))
    assert 'data-cmd="share"' in session.render("en").html  # on the game-over panel
    session.command("share")
    assert 'id="share-link"' in session.render("en").html
    replay = Replay.open(f"#r={session.replay_payload()}")
    assert replay.eye is None and replay.perspectives() == [None, 0, 1, 2]
    # everything: every hidden weapon face up at the deal
    page = replay.render("en")
    first = replay.states[0]
    assert {int(c) for c, _ in HIDDEN.findall(page)} == {p.hidden for p in first.players}
    assert open_view(first)["seats"][1]["hidden"] == first.players[1].hidden
    assert replay.markers()["viewer"] == "all"
    assert replay.command("eye", "1") and replay.markers()["viewer"] == "1"
    assert not replay.command("eye", "7") and not replay.command("eye", "x")
    # "²" passes str.isdigit but not int(): refused like any other odd seat
    assert not replay.command("eye", "²") and not replay.command("eye", "\u0661")
    page = replay.render("en")
    assert {int(c) for c, _ in HIDDEN.findall(page)} == {first.players[1].hidden}


def test_stepping_forward_and_back_with_the_log() -> None:
    session = play(Session.new(settings(["human", "bot"]), seed=4))
    replay = Replay.open(f"#r={session.replay_payload()}")
    lengths = []
    assert not replay.command("prev") and replay.step == 0
    while True:
        lengths.append(len(replay.log("en")))
        if not replay.command("next"):
            break
    assert replay.step == replay.steps == session.actions_played()
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0]
    assert replay.command("first") and replay.step == 0
    assert replay.caption("en") == "The deal, before any move."
    replay.command("next")
    assert replay.caption("en") == replay.move_lines("en")[0]
    assert replay.command("last") and replay.step == replay.steps
    final = GAME.view(session.table.state, None)
    assert replay.caption("en") == game_title(final, session.names(), "en")
    assert replay.markers() == {
        "step": str(replay.steps),
        "steps": str(replay.steps),
        "viewer": "all",
        "over": "true",
        "round": str(GAME.rounds(session.table.state)),
    }
    assert set(KEYS.values()) <= {"first", "prev", "next", "last"}


def test_the_replay_of_the_viewer_matches_the_games_own_log() -> None:
    session = play(Session.new(settings(["human", "bot"]), seed=4))
    replay = Replay.open(f"#r={session.replay_payload()}")
    replay.command("eye", "0")
    replay.command("last")
    assert replay.log("fr") == session.log("fr")


@pytest.mark.parametrize(
    ("fragment", "code"),
    [
        ("", "link_missing"),
        ("#x=1", "link_missing"),
        ("#r=", "link_missing"),
        ("#r=%%%", "link_encoding"),
    ],
)
def test_bad_fragments_are_refused_with_a_code(fragment: str, code: str) -> None:
    with pytest.raises(MalformedData) as caught:
        Replay.open(fragment)
    assert caught.value.code == code
    for lang in LANGS:
        assert link_error_text(code, lang)


def test_payload_from_hash_reads_the_r_parameter() -> None:
    assert payload_from_hash("#r=abc") == "abc"
    assert payload_from_hash("#lang=fr&r=abc-_") == "abc-_"


def test_every_string_in_both_languages() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, entry in REPLAY_STRINGS.items():
        assert set(entry) == set(LANGS), key
        assert all(entry[lang].strip() for lang in LANGS), key
        assert fields(entry["fr"]) == fields(entry["en"]), key
    assert rtr("replay_step", "fr", n=2, total=9) == "Coup 2 sur 9"
    assert undo_refusal_text("undo_drew", "you drew weapons", "en") == (
        "You cannot undo: you drew weapons."
    )
    assert undo_refusal_text("new_code", "something new", "en") == (
        "You cannot undo: something new."
    )


def test_an_undo_refusal_reads_in_the_games_own_words_first() -> None:
    """Each game's codes are its client's words (in French too): The Boss's and
    Boss Quest's alike, the platform keeping none of them; a code of the
    engine's undo policy keeps the platform's words."""
    words = get_client("theboss").reason_text
    assert undo_refusal_text(
        "undo_card_shown", "your card is face up under its city", "fr", words
    ) == ("Impossible d’annuler : votre carte est face visible sous sa ville.")
    assert undo_refusal_text("undo_turn_over", "your turn is over", "fr", words) == (
        "Impossible d’annuler : votre tour est fini."
    )
    quest = get_client("bossquest").reason_text
    assert undo_refusal_text("undo_drew", "you drew weapons", "fr", quest) == (
        "Impossible d’annuler : vous avez pioché des armes."
    )
    assert "undo_drew" not in REPLAY_STRINGS
    assert undo_refusal_text("undo_drew", "you drew weapons", "fr") == (
        "Impossible d’annuler : you drew weapons."
    )


def test_the_undo_buttons_quick_check_agrees_with_the_full_one() -> None:
    """At every human turn of whole games (and after reloads, with no kept
    states), the button's state is the full policy's answer."""
    for seed, kinds in ((12, ["human", "bot", "bot"]), (13, ["human", "human"])):
        session = Session.new(settings(kinds), seed=seed)
        checked = allowed = 0

        def check(s: Session, page: str) -> None:
            nonlocal checked, allowed
            if s.phase() != "human":
                return
            full = s.undo_refusal() is None
            assert s.undo_allowed() == full
            fresh = Session.from_save(s.to_save())
            fresh.table.viewer = s.table.viewer
            assert fresh.undo_allowed() == full
            checked += 1
            allowed += full

        play(session, check=check)
        assert checked > 10 and 0 < allowed < checked


def test_undo_then_a_different_move_is_judged_afresh() -> None:
    session = to_human_turn(Session.new(settings(["human", "bot", "bot"]), seed=3))
    act(session, "visit")
    assert session.undo_allowed() and session.undo_refusal() is None
    assert session.command("undo") == Outcome.RENDER
    act(session, "ask")
    session = to_human_turn(session)
    assert not session.undo_allowed()
    reason = session.undo_refusal()
    assert reason is not None and reason.code == "undo_drew"


def test_a_running_games_replay_ends_where_it_was_shared() -> None:
    session = to_human_turn(Session.new(settings(["human", "bot", "bot"]), seed=6))
    act(session, "visit")
    replay = Replay.open(f"#r={session.replay_payload()}")
    assert not replay.over and replay.markers()["over"] == "false"
    replay.command("last")
    assert replay.caption("en").endswith("The game went on after this move.")
    assert replay.caption("fr").endswith("La partie continuait après ce coup.")


def test_a_long_replay_draws_the_newest_log_lines_and_the_whole_log_on_request() -> None:
    session = play(Session.new(settings(["human", "bot", "bot", "bot"]), seed=11))
    replay = Replay.open(f"#r={session.replay_payload()}")
    replay.command("eye", "0")
    # a step that ends a round shows its result, not the log
    while (len(replay.log("en")) <= LOG_WINDOW or replay.ended_round()) and replay.command("next"):
        pass
    total = len(replay.log("en"))
    assert total > LOG_WINDOW, "the game's log never grew long"
    ids = [int(i) for i in re.findall(r'class="log-line[^"]*" id="log-(\d+)"', replay.render("en"))]
    assert ids == list(range(total - LOG_WINDOW, total))
    assert replay.command("log-whole")
    whole = replay.render("en")
    assert len(re.findall(r'class="log-line[^"]*" id="log-', whole)) == total
    assert 'data-cmd="log-recent"' in whole
    assert replay.command("log-recent") and 'data-cmd="log-whole"' in replay.render("en")
