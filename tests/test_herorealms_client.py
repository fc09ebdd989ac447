"""Hero Realms' client: its dock, words, board and markers, from stacked
positions (the conformance suite plays random games through it too)."""

from __future__ import annotations

import re
from html import escape
from typing import Any

import pytest

from game.engine.client import Scene
from game.engine.dom import act_text
from game.herorealms.codec import action_to_json
from game.herorealms.game import GAME
from game.herorealms.rules import apply, legal_actions
from game.herorealms.stack import CARD_IDS, stacked
from game.herorealms.state import AttackPlayer, EndTurn, Play, PlayGold, State
from game.herorealms.ui import CLIENT
from game.herorealms.ui.describe import LOG, REASONS
from game.herorealms.view_check import _EVENTS
from game.registry import CLIENTS, GAMES, get_client

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def _state(setup: dict[str, Any]) -> State:
    state, _names = stacked({"players": NAMES[:2], **setup})
    return state


def _scene(state: State, seat: int | None, lang: str = "en") -> Scene:
    view = GAME.view(state, seat)
    names = NAMES[: len(state.players)]
    legal = legal_actions(state, seat) if seat is not None else []
    return Scene(
        view=view,
        names=names,
        kinds=["human"] * len(names),
        lang=lang,
        dock=CLIENT.dock(view, legal, names, lang),
    )


def test_registered_with_its_client() -> None:
    assert GAMES["herorealms"] is GAME
    assert CLIENTS["herorealms"] == "game.herorealms.ui"
    assert get_client("herorealms") is CLIENT


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_one_control_per_legal_action_none_alike(lang: str) -> None:
    state = _state(
        {
            "hands": {"Ana": ["gold", "gold_2", "gold_3", "taxation", "dagger"]},
            "champions": {"Ben": ["orc_grunt"]},
            "gold": 6,
            "combat": 7,
        }
    )
    view = GAME.view(state, 0)
    legal = legal_actions(state, 0)
    dock = CLIENT.dock(view, legal, NAMES[:2], lang)
    actions = dock.actions()
    assert sorted(map(repr, actions)) == sorted(map(repr, legal))
    labels = [c.label for g in dock.groups for c in g.controls]
    assert len(labels) == len(set(labels)), labels
    # the three Gold read apart
    golds = [c.label for g in dock.groups for c in g.controls if isinstance(c.action, Play)]
    assert len([label for label in golds if "#" in label or "n°" in label]) == 3


def test_every_event_type_and_refusal_has_words_in_both_languages() -> None:
    names = NAMES[:2]
    samples: dict[str, dict[str, Any]] = {
        "deal": {"hands": [3, 5], "market": [0, 1, 2, 3, 4], "cards": [100, 101]},
        "gain": {"seat": 0, "what": "gold", "amount": 2},
        "lose": {"seat": 0, "what": "health", "amount": 1},
        "draw": {"seat": 1, "count": 2},
        "reshuffle": {"seat": 0, "size": 10},
        "look": {"seat": 0, "count": 3},
        "put_back": {"seat": 0},
        "bless": {"seat": 0, "target": 1, "amount": 3},
        "fireball": {"seat": 0, "target": 1},
        "heist": {"seat": 0, "owner": 1, "card": 3},
        "buy": {"seat": 0, "card": 3, "to": "deck", "cost": 4},
        "refill": {"slot": 0, "card": 4},
        "attack": {"seat": 0, "amount": 4, "target": 1, "health": 46},
        "stun": {"seat": 0, "owner": 1, "card": 5},
        "out": {"seat": 1},
        "game_over": {"winners": [0]},
        "turn": {"seat": 1, "discards": 1, "gold": 1, "combat": 2},
        "choose": {"seat": 0, "card": CARD_IDS["taxation"], "option": 0},
        "must_discard": {"seat": 1, "by": 0},
    }
    for kind in _EVENTS:
        event = {"type": kind, "seat": 0, "card": 5, **samples.get(kind, {})}
        french = CLIENT.describe(event, names, "fr")
        english = CLIENT.describe(event, names, "en")
        assert french and english and french != english, kind
        assert all("{" not in line for line in french + english), kind
        assert LOG("unknown", "en") not in english, kind
    codes = set(re.findall(r'Reason\(\s*"([a-z_]+)"', _sources()))
    assert codes and codes <= set(REASONS), sorted(codes - set(REASONS))
    for code in codes:
        assert CLIENT.reason_text(code, "x", "fr") != CLIENT.reason_text(code, "x", "en")


def _sources() -> str:
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "game" / "herorealms"
    return "".join(path.read_text("utf-8") for path in folder.glob("*.py"))


def test_the_board_draws_cards_as_controls_and_hides_other_hands() -> None:
    state = _state(
        {
            "hands": {"Ana": ["taxation", "gold"], "Ben": ["arkus", "gold_8"]},
            "champions": {"Ben": ["orc_grunt"]},
            "combat": 9,
        }
    )
    html = CLIENT.render_table(_scene(state, 0))
    arkus = CARD_IDS["arkus"]
    assert f'data-card="{arkus}"' not in html and 'data-key="arkus"' not in html
    play = action_to_json(Play(CARD_IDS["taxation"]))
    assert re.search(r'<button[^>]*data-on="board"[^>]*data-kind="play"', html)
    assert html.count('data-kind="play"') >= 2  # on the card and in the dock
    assert escape(act_text(play)) in html
    # the spectator sees no hand at all
    spectator = CLIENT.render_table(_scene(state, None))
    for card in ("taxation", "arkus"):
        assert f'data-card="{CARD_IDS[card]}"' not in spectator
    # the opponent's prepared guard is marked, and stands in the way: it is
    # the card to tap, its owner cannot be attacked
    assert 'data-guard="true"' in html
    assert re.search(r'data-on="board" data-kind="attack_champion"', html)
    assert "attack_player" not in html
    # unguarded, the opponent is attacked with all the combat in one tap, from their panel
    state = _state({"combat": 9})
    html = CLIENT.render_table(_scene(state, 0))
    attack = action_to_json(AttackPlayer(1, 9))
    wanted = re.escape(escape(act_text(attack)))
    assert re.search(f'data-act="{wanted}" data-target="1"', html)


def test_your_deck_is_listed_sorted_never_in_its_order() -> None:
    state = _state({"hands": {"Ana": ["gold"]}})
    html_a = CLIENT.render_table(_scene(state, 0))
    other = GAME.capabilities.redeal(state, 0, 5)  # type: ignore[misc]
    assert [p.deck for p in other.players] != [p.deck for p in state.players]
    assert CLIENT.render_table(_scene(other, 0)) == html_a


def test_markers_say_whose_turn_and_the_pools() -> None:
    state = _state({"gold": 3, "combat": 4, "health": {"Ben": 12}})
    markers = CLIENT.markers(GAME.view(state, 1))
    assert markers["turn"] == "0" and markers["gold"] == "3" and markers["combat"] == "4"
    assert markers["health"] == "50-12" and markers["over"] == "false"
    state, _ = apply(state, 0, EndTurn())
    assert CLIENT.markers(GAME.view(state, 1))["turn"] == "1"


def test_the_end_names_the_winner() -> None:
    state = _state({"combat": 5, "health": {"Ben": 5}})
    state, _events = apply(state, 0, AttackPlayer(1, 5))
    view = GAME.view(state, 1)
    assert CLIENT.over_status(view, NAMES[:2], "en") == "Ana wins the game!"
    assert CLIENT.over_status(view, NAMES[:2], "fr") == "Ana gagne la partie !"
    scene = Scene(view=view, names=NAMES[:2], kinds=["human", "bot"], lang="en")
    assert 'data-winner="true"' in CLIENT.render_game_over(scene)
    assert CLIENT.progress(view, "en") == "Game over"
    # under the live end panel, the final board says who won (as a replay's last step)
    for lang, words in (("en", "Ana wins the game!"), ("fr", "Ana gagne la partie !")):
        scene = Scene(view=view, names=NAMES[:2], kinds=["human", "bot"], lang=lang)
        panel, board = CLIENT.render_game_over(scene).split("</section>", 1)
        assert panel.startswith('<section id="game-over"') and board.startswith('<div id="table"')
        banner = '<p class="hr-end" role="status"><svg'
        assert banner in board and f"<span>{escape(words)}</span></p>" in board
        assert board == CLIENT.render_table(scene)
        assert 'class="hr-end"' not in CLIENT.render_table(_scene(_state({}), 0, lang))


def test_a_knock_out_is_shown_on_a_panel() -> None:
    state, _names = stacked({"players": NAMES[:3], "combat": 5, "health": {"Ben": 5}})
    assert CLIENT.result_key(GAME.view(state, 2)) is None
    state, events = apply(state, 0, AttackPlayer(1, 5))
    view = GAME.view(state, 2)
    assert CLIENT.result_key(view) == 1
    for lang, words in (("en", "Ben is out"), ("fr", "Ben est éliminé")):
        scene = Scene(view=view, names=NAMES[:3], kinds=["bot"] * 3, lang=lang, events=events)
        html = CLIENT.render_result(scene)
        assert words in html and 'data-final="false"' in html
        assert CLIENT.result_status(view, NAMES[:3], lang) == words


def test_play_all_gold_in_one_tap() -> None:
    state = _state({"hands": {"Ana": ["gold", "gold_2", "ruby", "taxation"]}})
    legal = legal_actions(state, 0)
    assert PlayGold() in legal
    scene = _scene(state, 0)
    html = CLIENT.render_table(scene)
    assert re.search(
        r'class="btn act act-primary hr-gold-btn" data-cmd="act" data-on="board"', html
    )
    assert "Play all gold (3 cards)" in html
    state, events = apply(state, 0, PlayGold())
    assert state.gold == 4 and [CARD_IDS["taxation"]] == list(state.players[0].hand)
    assert [e["type"] for e in events].count("play") == 3
    # one Gold alone: tapping it is the same; no second control for it
    state = _state({"hands": {"Ana": ["gold", "taxation"]}})
    assert PlayGold() not in legal_actions(state, 0)
    assert "no_gold_to_play" in repr(GAME.check(state, 0, PlayGold()))
