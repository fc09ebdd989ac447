"""Replays of a Dragon game (game/web/replay.py, the page's Python): a whole
game of bots, shared as a link, opens on the replay page with its roles, its
party's win or loss as the party's, every step drawn in both languages, and a
hero's eyes that never see the Dragon's hand."""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

from game.engine.match import Match
from game.engine.replaylink import MAX_LINK_CHARS, ReplayLink, encode_link
from game.hrdragon.game import GAME
from game.hrdragon.ui.board_words import DBOARD
from game.web.replay import Replay

NAMES = ("Aube", "Brennos", "Vorgath")
LANGS = ("fr", "en")


@cache
def _finished(seed: int) -> tuple[Match, Any]:
    """A whole game of two normal heroes against the fair Dragon."""
    options = GAME.normalize_options({"players": 3})
    state = GAME.new_game(options, seed)
    match = Match(GAME.name, options, seed)
    bot = GAME.capabilities.bots["normal"]
    for _ in range(5000):
        if GAME.is_over(state):
            return match, state
        seat = GAME.to_act(state)[0]
        action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
        state, _events = GAME.apply(state, seat, action)
        match = match.played(seat, GAME.action_to_json(action))
    raise AssertionError("the game did not end")


def _open(match: Match, eye: int | None) -> Replay:
    payload = encode_link(GAME, ReplayLink(match, eye, NAMES, (True, False, False)))
    assert len(payload) <= MAX_LINK_CHARS
    return Replay.open("#r=" + payload)


def test_a_finished_games_replay_opens_and_ends_on_the_sides_result() -> None:
    match, final = _finished(4)
    replay = _open(match, None)
    assert replay.over and replay.steps == len(match.actions)
    assert replay.perspectives() == [None, 0, 1, 2]
    roles = replay.seat_roles()
    assert roles is not None and [r.id for r in roles] == ["hero", "hero", "dragon"]
    outcome = GAME.outcome(final)
    assert outcome is not None
    party_won = outcome["teams"] == ["party"]
    end = replay.with_step(replay.steps)
    for lang in LANGS:
        page = html.unescape(end.render(lang))
        assert 'data-over="true"' in page
        # the win or loss is the party's, said as such, whoever's eyes
        caption = end.caption(lang)
        assert caption == DBOARD("over_party" if party_won else "over_dragon", lang)
        for eye in replay.perspectives():
            seen = end.with_step(end.steps)
            seen.command("eye", "all" if eye is None else str(eye))
            assert caption == seen.caption(lang)


def test_every_step_is_drawn_in_both_languages() -> None:
    match, _final = _finished(4)
    replay = _open(match, None)
    # a spread of the steps, the deal and the end among them
    steps = sorted({0, 1, replay.steps, *range(0, replay.steps, max(1, replay.steps // 25))})
    for step in steps:
        at = replay.with_step(step)
        for lang in LANGS:
            page = at.render(lang)
            assert f'data-step="{step}"' in page
            assert at.caption(lang), (step, lang)
            assert 'class="hd-dragon"' in page or "hd-dragon" in page


def test_a_heros_eyes_never_see_the_dragons_hand() -> None:
    """A link of a running game is seen by one seat: the cards in the
    Dragon's hand are never on a hero's board, and are on the Dragon's own."""
    match, _final = _finished(6)
    cut = Match(match.game, match.options, match.seed, match.actions[:60])
    hero, dragon = _open(cut, 0), _open(cut, 2)
    assert hero.perspectives() == [0] and not hero.over
    seen_by_dragon = 0
    for step in range(hero.steps + 1):
        hand = set(hero.states[step].core.players[2].hand)
        for replay, eye in ((hero, 0), (dragon, 2)):
            page = replay.with_step(step).render("en")
            shown = {int(card) for card in re.findall(r'data-card="(\d+)"', page)}
            if eye == 0:
                assert not hand & shown, step
            else:
                seen_by_dragon += hand <= shown
    assert seen_by_dragon > hero.steps // 2  # the check looks where the hand is drawn
