"""Bazar Quest's client, without the browser: its French typeset in every
text a player reads, the moves drawn on the cards as well as in the dock, a
phase's words saying who has still to choose, and the adventure panel telling
each hero's fight with the numbers that decided it."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from html import unescape
from typing import Any

import pytest

from game.bazarquest.game import GAME
from game.bazarquest.state import Stage, State
from game.bazarquest.ui import CLIENT
from game.bazarquest.ui.describe import LOG, REASONS
from game.bazarquest.ui.render import adventures_done
from game.bazarquest.ui.strings import BOARD, tr, typeset
from game.engine.client import Scene
from game.engine.events import events_for_seat
from tests.french import french_problems

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def _play(players: int, seed: int, until: Any) -> tuple[State, list[dict[str, Any]]]:
    """A random game played until `until(state)` holds; its state and events."""
    state = GAME.new_game({"players": players}, seed)
    opening = GAME.capabilities.opening_events
    assert opening is not None
    events: list[dict[str, Any]] = list(opening(state))
    pick = random.Random(seed)
    while not until(state):
        assert not GAME.is_over(state), "the game ended first"
        seat = pick.choice(GAME.to_act(state))
        state, more = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))
        events += more
    return state, events


def _scene(state: State, seat: int | None, lang: str, events: Sequence[Any] = ()) -> Scene:
    view = GAME.view(state, seat)
    names = NAMES[: GAME.seats(state)]
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    return Scene(
        view=view,
        names=names,
        kinds=["human", *["bot"] * (len(names) - 1)],
        lang=lang,
        dock=CLIENT.dock(view, legal, names, lang),
        events=events_for_seat(events, seat),
    )


def _plain(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("catalogue", [BOARD, LOG, REASONS], ids=lambda c: c.name)
def test_every_french_text_is_typeset(catalogue: Any) -> None:
    for key, texts in catalogue.items():
        french = typeset(texts["fr"], "fr")
        assert french_problems(french) == [], (key, french)


def test_the_draft_draws_a_keep_button_on_each_card_of_the_packet() -> None:
    state = GAME.new_game({"players": 3}, 3)
    html = CLIENT.render_table(_scene(state, 0, "en"))
    for item in state.packets[0]:
        assert re.search(rf'data-on="board"[^>]*data-act="[^"]*&quot;item&quot;:{item}\b', html)
    # the other shops choose too, and the board says so
    assert html.count('data-status="acting"') == 3
    assert "Waiting for" not in html  # the viewer is asked, not kept waiting


def test_a_shop_that_chose_waits_and_is_told_for_whom() -> None:
    state = GAME.new_game({"players": 3}, 3)
    state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    html = CLIENT.render_table(_scene(state, 0, "en"))
    assert "Waiting for Ben and Cleo" in html
    assert 'data-status="done"' in html  # Ana chose, face down


def test_the_adventure_panel_tells_each_fight_with_its_numbers() -> None:
    state, events = _play(3, 5, lambda s: s.stage == Stage.UPGRADE)
    fights = [event for event in events if event["type"] == "fight"]
    for lang in ("en", "fr"):
        scene = _scene(state, 0, lang, events)
        assert CLIENT.result_key(scene.view) == adventures_done(scene.view) == 1
        html = CLIENT.render_result(scene)
        text = _plain(html)
        assert html.count('class="bq-step bq-fight"') == len(fights) == 3
        for fight in fights:
            attack = tr(
                "fight_attack_hit" if fight["wounded"] else "fight_attack_miss",
                lang,
                attack=fight["attack"],
                resistance=fight["resistance"],
            )
            assert attack in text, attack
            assert f'data-fate="{"lives" if fight["survived"] else "dies"}"' in html
        if lang == "fr":
            assert french_problems(re.sub(r"[ \n]+", " ", text)) == []


def test_the_end_panel_names_the_winners_and_every_score() -> None:
    state, _ = _play(2, 7, GAME.is_over)
    scene = _scene(state, 0, "en")
    html = CLIENT.render_game_over(scene)
    assert html.count("<tr data-seat=") == 2
    winners = GAME.outcome(state)["winners"]  # type: ignore[index]
    assert html.count('data-winner="true"') == len(winners)
    assert CLIENT.over_status(scene.view, NAMES[:2], "fr").strip()
