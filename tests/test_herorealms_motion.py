"""Hero Realms' board animates what the last action did (ui/motion.py): a
card bought flies onto its buyer's pile, a champion stunned onto its
owner's discard pile, health that changed flashes, a damaged champion
shakes; a first render animates none of it. The browser test checks that
the animations run, and none under reduced motion."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from game.engine.client import Scene
from game.herorealms.game import GAME
from game.herorealms.rules import apply, legal_actions
from game.herorealms.stack import stacked
from game.herorealms.state import AttackChampion, AttackPlayer, BuyMarket, State
from game.herorealms.ui import CLIENT

NAMES = ["Ana", "Ben"]
THREE = ["Ana", "Ben", "Cleo"]


def _render(
    state: State,
    seat: int,
    events: Sequence[Any],
    previous: frozenset[str] = frozenset(),
    view: dict[str, Any] | None = None,
) -> tuple[str, frozenset[str]]:
    shown = GAME.view(state, seat) if view is None else view
    legal = legal_actions(state, seat)
    scene = Scene(
        view=shown,
        names=NAMES,
        kinds=["human", "human"],
        lang="en",
        dock=CLIENT.dock(shown, legal, NAMES, "en"),
        events=list(events),
        previous=previous,
    )
    return CLIENT.render_table(scene), frozenset(scene.shown)


def _seat_html(html: str, seat: int) -> str:
    start = html.index(f'data-seat="{seat}"')
    end = html.find('data-seat="', start + 12)
    return html[start : end if end > 0 else len(html)]


def _before_and_after(state: State, seat: int, action: Any, viewer: int) -> tuple[str, str]:
    first, shown = _render(state, viewer, [])
    after, events = apply(state, seat, action)
    return first, _render(after, viewer, events, shown)[0]


def test_a_card_bought_flies_onto_its_buyers_discard_pile() -> None:
    state, _ = stacked({"players": NAMES, "market": ["orc_grunt"], "gold": 5})
    card = next(a.card for a in legal_actions(state, 0) if isinstance(a, BuyMarket))
    for viewer in (0, 1):
        first, html = _before_and_after(state, 0, BuyMarket(card), viewer)
        assert "hr-flight" not in first
        buyer = _seat_html(html, 0)
        assert buyer.count('class="hr-flight" data-motion="bought"') == 1
        flight = buyer[buyer.index("hr-flight") :]
        assert 'data-key="orc_grunt"' in flight[:300] and 'aria-hidden="true"' in flight[:120]
        pile = buyer[buyer.index('data-pile="discard"') :]
        assert pile.index("hr-flight") < pile.index("</summary>")
        assert "hr-flight" not in _seat_html(html, 1)


def test_health_lost_flashes_and_a_first_render_shows_nothing() -> None:
    state, _ = stacked({"players": NAMES, "combat": 4})
    first, html = _before_and_after(state, 0, AttackPlayer(1, 4), 0)
    assert "data-flash" not in first
    target = _seat_html(html, 1)
    assert 'data-stat="health"' in target and 'data-flash="down-' in target
    assert "data-flash" not in _seat_html(html, 0)
    # the same board drawn again: nothing moved since
    after, events = apply(state, 0, AttackPlayer(1, 4))
    _html, shown = _render(after, 0, events, _render(state, 0, [])[1])
    again, _ = _render(after, 0, events, shown)
    assert "data-flash" not in again and "hr-flight" not in again


def test_health_gained_flashes_up() -> None:
    state, _ = stacked({"players": NAMES})
    view = GAME.view(state, 0)
    _first, shown = _render(state, 0, [], view=view)
    healed = copy.deepcopy(view)
    healed["players"][0]["health"] += 3
    html, _ = _render(state, 0, [], shown, view=healed)
    assert 'data-flash="up-' in _seat_html(html, 0)


def test_a_champion_stunned_tumbles_onto_its_owners_discard_pile() -> None:
    state, _ = stacked({"players": NAMES, "champions": {"Ben": ["orc_grunt"]}, "combat": 5})
    card = state.players[1].champions[0]
    _first, html = _before_and_after(state, 0, AttackChampion(card), 0)
    owner = _seat_html(html, 1)
    assert owner.count('data-motion="stunned"') == 1
    assert "hr-flight" not in _seat_html(html, 0)


def test_a_champion_damaged_shakes() -> None:
    state, _ = stacked({"players": NAMES, "champions": {"Ben": ["orc_grunt"]}})
    card = state.players[1].champions[0]
    view = GAME.view(state, 0)
    first, shown = _render(state, 0, [], view=view)
    assert "data-hit" not in first
    damaged = copy.deepcopy(view)
    damaged["damage"] = [[card, 1]]
    html, shown = _render(state, 0, [], shown, view=damaged)
    assert html.count("data-hit=") == 1 and f'data-card="{card}"' in _seat_html(html, 1)
    still, _ = _render(state, 0, [], shown, view=damaged)
    assert "data-hit" not in still


def _result(
    state: State, seat: int, events: Sequence[Any], previous: frozenset[str]
) -> frozenset[str]:
    scene = Scene(
        view=GAME.view(state, seat),
        names=THREE,
        kinds=["human"] * 3,
        lang="en",
        events=list(events),
        previous=previous,
    )
    assert 'id="round-result"' in CLIENT.render_result(scene)
    return frozenset(scene.shown)


def test_after_a_knock_out_panel_only_what_moved_moves() -> None:
    """The panel is drawn in the board's place: the board after it slides in
    no card that was already there (every one did, before)."""
    state, _ = stacked(
        {
            "players": THREE,
            "health": {"Ben": 3},
            "combat": 3,
            "champions": {"Cleo": ["orc_grunt"]},
            "market": ["elven_curse", "fire_bomb"],
        }
    )
    scene = Scene(
        view=GAME.view(state, 0),
        names=THREE,
        kinds=["human"] * 3,
        lang="en",
        dock=CLIENT.dock(GAME.view(state, 0), legal_actions(state, 0), THREE, "en"),
    )
    board = CLIENT.render_table(scene)
    assert board.count(" arrive") > 5  # a first render: everything arrives
    after, events = apply(state, 0, AttackPlayer(1, 3))
    assert after.players[1].out
    shown = _result(after, 0, events, frozenset(scene.shown))
    html, _ = _render3(after, 0, events, shown)
    assert " arrive" not in html


def _render3(
    state: State, seat: int, events: Sequence[Any], previous: frozenset[str]
) -> tuple[str, frozenset[str]]:
    view = GAME.view(state, seat)
    scene = Scene(
        view=view,
        names=THREE,
        kinds=["human"] * 3,
        lang="en",
        dock=CLIENT.dock(view, legal_actions(state, seat), THREE, "en"),
        events=list(events),
        previous=previous,
    )
    return CLIENT.render_table(scene), frozenset(scene.shown)
