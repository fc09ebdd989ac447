"""Each game's checker of what a host sends a seat (game/<name>/view_check.py,
``Game.check_received``) against the renderers: every view that passes it is
drawn by the web layer's network board (game/web/net_view.py) without an
error, and the hostile frames of issue #27 (an empty view, a card id that
does not exist in a hand, an event naming an unknown card) are refused with
a reason naming the field, before any renderer sees them."""

from __future__ import annotations

import copy
import importlib
from collections.abc import Iterator
from typing import Any

import pytest

from game.engine import rng
from game.engine.events import events_for_seat
from game.engine.protocol import Event, Game
from game.engine.viewcheck import Received
from game.registry import CLIENTS, GAMES, TEST_CLIENTS, TEST_GAMES, include_test_games
from game.web.net_view import BoardInput, render_net_board, seat_statuses
from tests.helpers import LATE_STATES, thinned

ALL_GAMES: dict[str, Game[Any, Any]] = {
    **GAMES,
    **{name: importlib.import_module(module).GAME for name, module in TEST_GAMES.items()},
}
CLIENT_MODULES = {**CLIENTS, **TEST_CLIENTS}
#: every SAMPLE-th of a random game's first states is drawn (and the last)
SAMPLE = 4


def _open_view(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    view: dict[str, Any] = importlib.import_module(CLIENT_MODULES[game.name]).CLIENT.open_view(
        state
    )
    return view


def _frames(
    game: Game[Any, Any], options: dict[str, Any], seed: int
) -> Iterator[tuple[int, Received]]:
    """What an honest host sends every seat and the spectator (the open view
    once the game is over) at every SAMPLE-th of a random game's first
    EARLY_STATES states, a long game's later ones more sparsely (`spread`:
    a Hero Realms game's thousands of states are alike), and the last, with
    the whole log so far; each with the number of seats."""
    state = game.new_game(options, seed)
    opening = game.capabilities.opening_events
    log: list[Event] = list(opening(state)) if opening is not None else []
    states, logged = [state], [len(log)]
    dice = rng.seed_state(seed)
    while not game.is_over(state):
        acting = game.to_act(state)
        pick, dice = rng.below(dice, len(acting))
        legal = game.legal_actions(state, acting[pick])
        choice, dice = rng.below(dice, len(legal))
        state, events = game.apply(state, acting[pick], legal[choice])
        log += events
        states.append(state)
        logged.append(len(log))
    count = len(states)
    for index in thinned(count, SAMPLE, LATE_STATES // SAMPLE):
        state = states[index]
        acting = game.to_act(state)
        for seat in [None, *range(game.seats(state))]:
            spectator_over = seat is None and game.is_over(state)
            view = _open_view(game, state) if spectator_over else game.view(state, seat)
            legal = game.legal_actions(state, seat) if seat in acting else []
            legal_json = [game.action_to_json(action) for action in legal]
            seen = events_for_seat(log[: logged[index]], seat)
            yield (
                game.seats(state),
                Received(seat, view, legal_json, seen, game.outcome(state)),
            )


def _seats(players: int, acting: list[int], viewer: int | None) -> list[dict[str, Any]]:
    """The seats' status as a host sends it: the viewer a guest, the others bots."""
    return [
        {
            "seat": seat,
            "name": f"Player {seat + 1}",
            "kind": "guest" if seat == viewer else "bot",
            "level": None if seat == viewer else "normal",
            "connected": True,
            "dropped": False,
            "thinking": seat in acting,
            "handed_to_bot": None,
            "rematch": None,
        }
        for seat in range(players)
    ]


def _draw(
    game: Game[Any, Any], players: int, received: Received, lang: str, seen_result: int
) -> str:
    """The guest's board as its controller draws it (GuestController.screen)."""
    view = received.view
    assert isinstance(view, dict)
    acting = [received.seat] if received.legal and received.seat is not None else []
    inp = BoardInput(
        game=game.name,
        role="guest" if received.seat is not None else "spectator",
        viewer=received.seat,
        view=view,
        legal=[game.action_from_json(action) for action in received.legal],
        events=list(received.events),  # type: ignore[arg-type]
        seats=seat_statuses(_seats(players, acting, received.seat)),
        version=1,
        over=received.outcome is not None,
        seen_result=seen_result,
    )
    return render_net_board(inp, lang).html


#: every frame of `_frames` is checked, one in DRAW_ONE_IN drawn (and the last)
DRAW_ONE_IN = 3


@pytest.mark.parametrize(
    ("game", "options"),
    [
        pytest.param(game, options, id=f"{name}-{index}")
        for name, game in ALL_GAMES.items()
        for index, options in enumerate(game.declared_options.samples())
    ],
)
def test_every_checked_view_is_drawn_without_an_error(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    """Each view of a random game that passes the checker is drawn by the
    network board: the table and, where the view holds one, the round's result
    panel. Every view is checked; drawing is the slow part, so the seats and
    the spectator take turns, and the languages too."""
    include_test_games()  # Duel's client, for the web layer's registry
    drawn = 0
    for index, (players, received) in enumerate(_frames(game, options, 2)):
        assert game.check_received(received) is None
        if index % DRAW_ONE_IN and received.outcome is None:
            continue
        lang = ("fr", "en")[drawn // 2 % 2]
        for seen_result in (0, 10**6):  # the result panel, then the table under it
            assert _draw(game, players, received, lang, seen_result).strip()
            drawn += 1
    assert drawn > 10


def _dealt(name: str) -> Received:
    """What an honest host sends seat 1 when a game of the fewest players starts."""
    game = ALL_GAMES[name]
    players = game.declared_options.min_players
    return next(r for _, r in _frames(game, {"players": players}, 1) if r.seat == 1)


def _with_view(received: Received, change: Any) -> Received:
    view = copy.deepcopy(received.view)
    change(view)
    return Received(received.seat, view, received.legal, received.events, received.outcome)


def _with_event(received: Received, event: dict[str, Any]) -> Received:
    events = [*received.events, event]
    return Received(received.seat, received.view, received.legal, events, received.outcome)


def _unknown_in_hand(view: dict[str, Any]) -> None:
    """Seat 1's hand holds card 999 (a knight's hand: its weapons in front of it)."""
    if view.get("game") == "bossquest":
        view["seats"][1]["visible"] = [999]
        view["seats"][1]["weapons"] = 2
    elif "packet" in view and not view["hand"]:  # Bazar Quest deals a packet to draft from
        view["packet"][0] = 999
    else:
        view["hand"][0] = 999


UNKNOWN_CARD_EVENTS = {
    "duel": ({"type": "swap", "seat": 0, "discarded": 999}, "events[0].discarded"),
    "bossquest": ({"type": "ask", "seat": 0, "count": 1, "cards": [999]}, "cards[0]"),
    "theboss": ({"type": "play", "seat": 0, "card": 999, "city": 1}, ".card"),
    "raid": ({"type": "play", "seat": 0, "card": 999, "target": 1}, "events[0].card"),
    "herorealms": ({"type": "play", "seat": 0, "card": 999}, "events[0].card"),
    "hrdragon": ({"type": "play", "seat": 0, "card": 999}, "events[0].card"),
    "bazarquest": ({"type": "invite", "seat": 0, "hero": 999}, "events[0].hero"),
}


@pytest.mark.parametrize("name", list(ALL_GAMES))
def test_the_issues_hostile_frames_are_refused_naming_the_field(name: str) -> None:
    game = ALL_GAMES[name]
    honest = _dealt(name)
    assert game.check_received(honest) is None
    empty = _with_view(honest, lambda view: view.clear())
    assert "view." in (game.check_received(empty) or "")
    unknown = game.check_received(_with_view(honest, _unknown_in_hand))
    where = {"bossquest": "view.seats[1].visible[0]", "bazarquest": "view.packet[0]"}.get(
        name, "view.hand[0]"
    )
    assert unknown is not None and where in unknown, unknown
    event, where = UNKNOWN_CARD_EVENTS[name]
    honest = Received(honest.seat, honest.view, honest.legal, [], honest.outcome)
    refused = game.check_received(_with_event(honest, event))
    assert refused is not None and refused.startswith("events[0]") and where in refused, refused


def test_a_spectator_sees_no_hidden_weapon_before_the_reveal() -> None:
    """Boss Quest: a spell may show a seat another's hidden weapon, never a
    spectator; a spectator's view naming one before the fight is refused."""
    game = ALL_GAMES["bossquest"]
    spectator = next(r for _, r in _frames(game, {"players": 3}, 1) if r.seat is None)
    seat_view = next(r for _, r in _frames(game, {"players": 3}, 1) if r.seat == 0).view
    assert isinstance(seat_view, dict)
    hidden = seat_view["seats"][0]["hidden"]
    assert hidden is not None and game.check_received(spectator) is None

    def show(view: dict[str, Any]) -> None:
        view["seats"][0]["hidden"] = hidden

    refused = game.check_received(_with_view(spectator, show))
    assert refused is not None and "view.seats[0].hidden" in refused, refused
