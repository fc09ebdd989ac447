"""The offer to resume a hosted game whose tab was closed (game/web/net_view.py's
``render_resume``), drawn from real host sessions under CPython: what it says
of the game, its buttons and markers, both languages, and nothing of a card."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from game.bossquest import GAME
from game.engine.protocol import Game
from game.net import GuestSession, HostSession, MemoryHub
from game.registry import get_game, include_test_games
from game.web.net_view import ResumeOffer, render_net_menu, render_resume, resume_offer

ROOM = "room_1234"


def _host(started: bool, game: Game[Any, Any] = GAME, players: int = 3) -> HostSession:
    """A host "<Alice>", a guest "Bob & co" at seat 1 and an easy bot at seat 2
    (if there is one)."""
    host = HostSession.new(game, {"players": players}, 41, "<Alice>")
    hub = MemoryHub(host)
    guest = GuestSession("Bob & co", game=game)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(1))
    hub.flush()
    if players > 2:
        host.set_bot(2, "easy")
    if started:
        hub.route(host.start())
        hub.flush()
    return host


def _offer(host: HostSession, room: str = ROOM) -> ResumeOffer:
    """What the page glue makes of a restored host session (net_page.NetPage._resume_html)."""
    return resume_offer(room, host)


def test_the_offer_says_whose_game_how_far_and_who_else() -> None:
    host = _host(started=True)
    html = render_resume([_offer(host)], "en")
    assert f'class="net-offer" data-room="{ROOM}" data-phase="playing"' in html
    assert f'data-cmd="net-resume" data-room="{ROOM}"' in html
    assert f'data-cmd="net-discard" data-room="{ROOM}"' in html
    assert "Your online game is waiting" in html
    assert "&lt;Alice&gt;&#x27;s game" in html and "<Alice>" not in html
    # a bot goes by the name a local game gives its seat (Boss Quest's third knight)
    assert "Round 1 · with Bob &amp; co, Percival" in html
    french = render_resume([_offer(host)], "fr")
    assert "Votre partie en ligne vous attend" in french
    assert "Manche 1 · avec Bob &amp; co, Perceval" in french
    assert "Reprendre la partie" in french and "Y mettre fin" in french


def test_the_offer_shows_no_card_and_no_seed() -> None:
    host = _host(started=True)
    html = render_resume([_offer(host)], "en")
    assert "data-card" not in html and str(host.seed) not in html
    hidden = {host.view_for(s)["seats"][s]["hidden"] for s in range(3)} - {None}
    assert hidden
    text = unescape(re.sub(r"<[^>]*>", " ", html))
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    assert numbers <= {1, 3}  # the round and "Bot 3": words, not cards


def test_a_lobby_an_ending_to_confirm_and_a_notice() -> None:
    lobby = _offer(_host(started=False))
    html = render_resume([lobby], "en", confirm=ROOM, notice="<cleared>")
    assert 'data-phase="lobby"' in html and "Not started yet · with Bob &amp; co" in html
    assert 'data-cmd="net-discard-yes"' in html and 'data-cmd="net-discard-no"' in html
    assert 'data-cmd="net-resume"' not in html  # the question first
    assert "End this game for everyone?" in html and "&lt;cleared&gt;" in html
    other = _offer(_host(started=False), room="other_room")
    both = render_resume([lobby, other], "fr", confirm=ROOM)
    assert "Vos parties en ligne vous attendent" in both
    assert 'data-cmd="net-resume" data-room="other_room"' in both
    assert "tout le monde\u00a0?" in both


def test_nothing_to_offer_draws_nothing_but_a_notice() -> None:
    assert render_resume([], "en") == ""
    alone = render_resume([], "fr", notice="effacée")
    assert 'role="alert"' in alone and "net-offer" not in alone
    menu = render_net_menu("en", game=GAME.name, name="Bob", rooms=[], ice="", resume=alone)
    assert menu.index("effacée") < menu.index('id="net-name"')  # first, above the rest


def test_the_offer_asks_the_games_client_how_far_it_went() -> None:
    """Duel's client words its progress its own way ("Round 1 of 3"): the offer
    says what the client says, never a field of the view it would guess."""
    include_test_games()
    offer = resume_offer(ROOM, _host(started=True, game=get_game("duel"), players=2))
    assert offer.progress == {"fr": "Manche 1 sur 3", "en": "Round 1 of 3"}
    assert "Round 1 of 3 · with Bob &amp; co" in render_resume([offer], "en")
    assert "Manche 1 sur 3 · avec Bob &amp; co" in render_resume([offer], "fr")
    assert resume_offer(ROOM, _host(started=False)).progress == {}
