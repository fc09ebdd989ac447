"""game.bossquest.ui.render under CPython: the HTML names only what the viewer may see."""

from __future__ import annotations

import re

import pytest

from game.bossquest import GAME
from game.bossquest.state import NO_CARD, State
from game.bossquest.ui.controls import action_json, dock
from game.bossquest.ui.render import (
    Scene,
    render_game_over,
    render_result,
    render_table,
)
from game.bossquest.views import sees_hidden
from game.web.board import dress_over, render_curtain
from tests.helpers import play_random

NAMES = ["Lancelot", "Viviane", "Perceval", "Guenièvre", "Gauvain", "Morgane"]
CARD = re.compile(r'data-card="(\d+)"')
SPELL = re.compile(r'data-spell="(\d+)"')


def _scene(state: State, viewer: int | None, lang: str = "en", **extra: object) -> Scene:
    players = len(state.players)
    view = GAME.view(state, viewer)
    legal = GAME.legal_actions(state, viewer) if viewer is not None else []
    return Scene(
        view=view,
        names=NAMES[:players],
        kinds=["human"] + ["bot"] * (players - 1),
        lang=lang,
        dock=dock(view, legal, NAMES[:players], lang),
        **extra,  # type: ignore[arg-type]
    )


def _unseen_weapons(state: State, viewer: int | None) -> set[int]:
    unseen = {*state.weapon_deck, *state.weapon_discard}
    for owner, player in enumerate(state.players):
        if not sees_hidden(state, viewer, owner):
            unseen.add(player.hidden)
    return unseen


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_table_never_names_a_card_its_viewer_cannot_see(players: int) -> None:
    checked = 0
    for seed in range(10):
        for steps in (0, 3, 8, 15, 24, 40):
            state = play_random(players, 77 * players + seed, steps)
            if GAME.is_over(state):
                continue
            for viewer in [None, *range(players)]:
                html = render_table(_scene(state, viewer))
                shown = {int(card) for card in CARD.findall(html)}
                assert not shown & _unseen_weapons(state, viewer), (seed, steps, viewer)
                # every visible weapon is drawn, and the viewer's own hidden one
                for player in state.players:
                    assert set(player.visible) <= shown
                if viewer is not None:
                    assert state.players[viewer].hidden in shown
                spells = {int(card) for card in SPELL.findall(html)}
                if state.mystery != NO_CARD:
                    assert state.mystery not in spells
                assert not spells & set(state.spell_deck)
                checked += 1
    assert checked > 50


def test_names_are_escaped_everywhere() -> None:
    state = play_random(3, 5, 30)
    evil = ['<img src=x onerror="alert(1)">', "Tom & Jerry", 'O\'Neil "Q"']
    view = GAME.view(state, 0)
    scene = Scene(view=view, names=evil, kinds=["human", "bot", "bot"], lang="en")
    scene.dock = dock(view, GAME.legal_actions(state, 0), evil, "en")
    pages = [render_table(scene), render_curtain(evil[0], 0, "en")]
    if view["result"] is not None:
        pages.append(render_result(scene))
    for html in pages:
        assert "<img" not in html
        assert 'onerror="' not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in pages[0]
    assert "Tom &amp; Jerry" in pages[0]


def test_the_curtain_shows_nothing_of_the_board() -> None:
    html = render_curtain("Lucie", 2, "fr")
    assert "Passez l’appareil à Lucie" in html
    assert "Je suis Lucie" in html
    assert "data-card" not in html and "data-spell" not in html


def test_a_round_result_reveals_every_weapon_and_says_who_won() -> None:
    for seed in range(100):
        state = play_random(4, seed, 60)
        if state.result is not None:
            break
    else:
        raise AssertionError("no fight")
    assert state.result is not None
    html = render_result(_scene(state, 0))
    assert 'id="round-result"' in html
    for entry in state.result.seats:
        for card in entry.weapons:
            assert f'data-card="{card}"' in html
    winners = [i for i, s in enumerate(state.result.seats) if s.winner]
    for seat in winners:
        assert re.search(rf'data-seat="{seat}" data-winner="true"', html)
    assert 'data-cmd="continue"' in html


def test_game_over_offers_a_rematch_and_the_menu() -> None:
    for seed in range(100):
        state = play_random(2, seed, 400)
        if GAME.is_over(state):
            break
    else:
        raise AssertionError("no finished game")
    html = render_game_over(dress_over(_scene(state, None, "fr")))
    assert 'id="game-over"' in html
    assert "libère la Princesse" in html or "libèrent la Princesse" in html
    assert 'data-cmd="rematch"' in html and 'data-cmd="menu"' in html


def test_only_new_cards_arrive() -> None:
    state = play_random(3, 9, 6)
    first = _scene(state, 0)
    render_table(first)
    again = _scene(state, 0, previous=frozenset(first.shown))
    assert " arrive" not in render_table(again)
    assert " arrive" in render_table(_scene(state, 0))


BOARD = re.compile(r'data-cmd="act" data-on="board" data-kind="[a-z_]+" data-act="([^"]+)"')
PANEL = re.compile(r'data-cmd="act" data-kind="[a-z_]+" data-act="([^"]+)"')


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_board_offers_the_panels_actions_and_only_to_the_seat_to_act(players: int) -> None:
    checked = 0
    for seed in range(8):
        for steps in (0, 3, 8, 15, 24, 40):
            state = play_random(players, 91 * players + seed, steps)
            if GAME.is_over(state):
                continue
            seat = GAME.to_act(state)[0]
            html = render_table(_scene(state, seat, "fr" if seed % 2 else "en"))
            panel, board = PANEL.findall(html), BOARD.findall(html)
            assert sorted(board) == sorted(panel) and panel
            # each board button is named in full for screen readers
            assert html.count('data-on="board"') == len(board)
            assert len(re.findall(r'data-on="board"[^>]*aria-label="[^"]+"', html)) == len(board)
            for other in range(players):
                if other != seat:
                    assert 'data-on="board"' not in render_table(_scene(state, other))
            assert 'data-on="board"' not in render_table(_scene(state, None))
            checked += 1
    assert checked > 20


def test_a_spell_card_carries_its_own_buttons() -> None:
    from game.bossquest.actions import Activate, Discard

    for seed in range(400):
        state = play_random(4, seed, 12)
        if GAME.is_over(state) or state.stage != "spell":
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        card = next((a.card for a in legal if isinstance(a, Activate)), None)
        if card is None:
            continue
        html = render_table(_scene(state, seat))
        offer = html.split('id="offer"')[1]  # the Magician's, not the panel's copy
        face = re.split(rf'<div class="scard[^"]*" data-spell="{card}"', offer)[1]
        face = face.split("</div>")[0]
        assert 'role="group"' in face  # a card with buttons is no mere picture
        for action in (Activate(card), Discard(card)):
            if action in legal:
                act = action_json(action).replace('"', "&quot;")
                assert f'data-act="{act}"' in face
        return
    raise AssertionError("no spell to activate was found")


def test_the_latest_move_and_each_seats_last_move_are_shown() -> None:
    from game.bossquest.actions import Ask, Visit
    from game.engine.events import events_for_seat

    state = GAME.new_game({"players": 3}, 8)
    events: list[dict[str, object]] = []
    first = GAME.to_act(state)[0]
    state, more = GAME.apply(state, first, Ask(2))
    events += more
    drawn = list(state.players[first].visible[-2:])
    second = GAME.to_act(state)[0]
    state, more = GAME.apply(state, second, Visit())
    events += more
    viewer = next(s for s in range(3) if s not in (first, second))
    scene = _scene(state, viewer)
    scene.events = events_for_seat(events, viewer)
    html = render_table(scene)
    seats = {
        s: html.split(f'class="seat-panel" data-seat="{s}"')[1].split("</li>")[0]
        for s in (first, second)
    }
    assert "Last move:</span> asked for 2 weapons" in seats[first]
    assert "Last move:</span> went to the Magician" in seats[second]
    assert 'data-latest="true"' in seats[second] and 'data-latest="true"' not in seats[first]
    assert re.search(rf'class="pawn[^"]* latest" data-seat="{second}"', html)
    # the weapons drawn just before are no longer the latest move
    for card in drawn:
        assert re.search(rf'class="wcard[^"]*" data-card="{card}"', seats[first])
        assert not re.search(rf'class="wcard[^"]*latest[^"]*" data-card="{card}"', html)
    scene = _scene(state, viewer)
    scene.events = events_for_seat(events[:1], viewer)
    html = render_table(scene)
    for card in drawn:
        assert re.search(rf'class="wcard[^"]*latest[^"]*" data-card="{card}"', html)
    # a new round forgets the old round's moves
    scene.events = [*events_for_seat(events, viewer), {"type": "round", "round": 2}]
    assert "seat-last" not in render_table(scene)
