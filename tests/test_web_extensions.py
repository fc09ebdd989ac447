"""The extensions on the board, under CPython: one button per legal action in
every stage, at 2 to 6 players, with every combination of potions, companions
and the Reaper; no card the viewer may not see in the HTML; the owl's look for
its owner only; the menu's settings and the saves keep the extensions."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Action, action_to_json
from game.bossquest.cards import POTIONS, SPELL_KINDS
from game.bossquest.state import NO_CARD, State
from game.bossquest.ui.controls import action_json, dock
from game.bossquest.ui.extensions_render import potion_card, reserve_zone
from game.bossquest.ui.extensions_strings import EXTENSION_STRINGS
from game.bossquest.ui.render import Scene, render_table
from game.bossquest.views import sees_hidden
from game.engine import rng
from game.web.session import Outcome, Session
from game.web.settings import parse_settings

NAMES = ["Lancelot", "Viviane", "Perceval", "Guenièvre", "Gauvain", "Morgane"]
FLAGS = ("potions", "companions", "reaper")
COMBOS = [
    dict(zip(FLAGS, flags, strict=True))
    for flags in itertools.product((False, True), repeat=3)
    if any(flags)
]
ALL_ON = dict.fromkeys(FLAGS, True)
CARD = re.compile(r'data-card="(\d+)"')
SPELL = re.compile(r'data-spell="(\d+)"')
ACT = re.compile(r'data-cmd="act" data-kind="([a-z_]+)" data-act="([^"]+)"')


def walk(players: int, seed: int, options: dict[str, bool]) -> Iterator[State]:
    """Every state of a random game (the last one over)."""
    state = GAME.new_game({"players": players, **options}, seed)
    dice = rng.seed_state(seed * 7 + 3)
    while True:
        yield state
        if GAME.is_over(state):
            return
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])


def _label(action: Action) -> str:
    data = action_to_json(action)
    if data["type"] == "choose":
        return "choose"
    return str(data["type"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_button_per_legal_action_in_every_stage(players: int) -> None:
    stages: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for number, options in enumerate(COMBOS):
        for game in range(3):
            lang = ("fr", "en")[(number + game) % 2]
            for state in walk(players, 1000 * players + 10 * number + game, options):
                if GAME.is_over(state):
                    break
                seat = GAME.to_act(state)[0]
                legal = GAME.legal_actions(state, seat)
                made = dock(GAME.view(state, seat), legal, NAMES[:players], lang)
                assert sorted(map(repr, made.actions())) == sorted(map(repr, legal))
                assert made.prompt
                for group in made.groups:
                    assert group.key != "other", (state.stage, group)
                    for control in group.controls:
                        assert control.label
                        assert GAME.action_from_json(json.loads(action_json(control.action))) == (
                            control.action
                        )
                stages[state.stage] += 1
                for action in legal:
                    kinds[_label(action)] += 1
                if state.stage == "choose":
                    kinds[f"choose:{SPELL_KINDS[state.pending]}"] += 1
    assert {"potion", "reveal"} <= set(stages), stages
    expected = {"read_potion", "replace", "ask_visit"}
    if players > 2:
        expected |= {"look", "look_mystery"}  # the owl is out at 2 players
    assert expected <= set(kinds), kinds
    assert {"choose:invert_potion", "choose:swap_companions"} <= set(kinds), kinds


def test_the_destiny_stage_offers_life_and_the_scythe() -> None:
    found = 0
    for seed in range(60):
        for state in walk(3, seed, {"reaper": True}):
            if state.stage != "destiny":
                continue
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            made = dock(GAME.view(state, seat), legal, NAMES[:3], "en")
            assert sorted(map(repr, made.actions())) == sorted(map(repr, legal))
            labels = [c.label for g in made.groups for c in g.controls]
            assert "Take life back (3 hearts)" in labels
            assert made.prompt == "You beat the Reaper: choose your destiny."
            found += 1
        if found >= 3:
            break
    assert found


def _scene(state: State, viewer: int | None, lang: str = "en") -> Scene:
    players = len(state.players)
    view = GAME.view(state, viewer)
    legal = GAME.legal_actions(state, viewer) if viewer is not None else []
    if viewer is not None and GAME.to_act(state) != (viewer,):
        legal = []
    return Scene(
        view=view,
        names=NAMES[:players],
        kinds=["human"] + ["bot"] * (players - 1),
        lang=lang,
        dock=dock(view, legal, NAMES[:players], lang),
    )


def _unseen(state: State, viewer: int | None) -> set[int]:
    unseen = {*state.weapon_deck, *state.weapon_discard}
    for owner, player in enumerate(state.players):
        if player.hidden != NO_CARD and not sees_hidden(state, viewer, owner):
            unseen.add(player.hidden)
    return unseen


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_board_never_names_an_unseen_card_with_the_extensions(players: int) -> None:
    checked = looked = 0
    for seed in range(4):
        for step, state in enumerate(walk(players, 40 * players + seed, ALL_ON)):
            if GAME.is_over(state) or step % 3:
                continue
            for viewer in [None, *range(players)]:
                page = render_table(_scene(state, viewer, "fr" if step % 2 else "en"))
                shown = {int(card) for card in CARD.findall(page)}
                assert not shown & _unseen(state, viewer), (seed, step, viewer)
                for player in state.players:
                    assert set(player.visible) <= shown
                spells = {int(card) for card in SPELL.findall(page)}
                assert not spells & set(state.spell_deck)
                if state.mystery != NO_CARD and state.mystery in spells:
                    # only the seat an owl showed it to sees the mystery spell
                    assert viewer in state.saw_mystery, (seed, step, viewer)
                    looked += 1
                checked += 1
    assert checked > 100


def test_the_owl_shows_the_mystery_spell_to_its_owner_only() -> None:
    for seed in range(200):
        for state in walk(4, seed, {"companions": True}):
            if not state.saw_mystery or state.mystery == NO_CARD:
                continue
            owner = state.saw_mystery[0]
            for viewer in [None, *range(4)]:
                page = render_table(_scene(state, viewer))
                spells = {int(card) for card in SPELL.findall(page)}
                assert (state.mystery in spells) == (viewer == owner)
            assert 'data-mystery="seen"' in render_table(_scene(state, owner))
            return
    raise AssertionError("no owl looked at the mystery spell")


def test_potions_are_cards_of_their_own() -> None:
    card = POTIONS[1]
    unread = potion_card(card, 0, "en")
    assert 'data-reading="unread"' in unread and "unread" in unread and "±2" in unread
    plus = potion_card(card, 2, "fr")
    assert 'data-reading="plus"' in plus and "+2" in plus
    minus = potion_card(card, -2, "en")
    assert 'data-reading="minus"' in minus and "−2" in minus
    assert 'data-color="potion"' in minus and 'data-color="yellow"' not in minus


def test_companions_and_the_reserve_are_shown() -> None:
    state = GAME.new_game({"players": 3, "companions": True}, 5)
    page = render_table(_scene(state, 0))
    for seat, card in enumerate(state.companions):
        assert card != NO_CARD
        panel = page.split(f'class="seat-panel" data-seat="{seat}"')[1]
        assert 'class="companion" data-companion="' in panel.split("</li>")[0]
    assert page.count('class="companion"') == 3 + len(state.reserve)
    assert 'data-power="ready"' in page or 'data-power="always"' in page
    assert "reserve-zone" in reserve_zone(GAME.view(state, 0), "fr")


def test_every_extension_string_has_both_languages() -> None:
    for key, texts in EXTENSION_STRINGS.items():
        assert set(texts) == {"fr", "en"}, key
        assert all(texts.values()), key


# ------------------------------------------------------------ the session


def settings(kinds: list[str], extensions: dict[str, bool], lang: str = "en") -> Any:
    players = [{"seat": i, "name": f"Knight{i}", "kind": kind} for i, kind in enumerate(kinds)]
    for player in players:
        if player["kind"] == "bot":
            player["level"] = "normal"
    data = {
        "version": 2,
        "lang": lang,
        "players": players,
        "keep_yellow": False,
        "hint": False,
        **extensions,
    }
    return parse_settings(json.dumps(data))


def test_the_settings_carry_the_extensions_into_the_game() -> None:
    chosen = settings(
        ["human", "bot", "bot"], {"potions": True, "companions": False, "reaper": True}
    )
    opts = [chosen.option(key) for key in ("potions", "companions", "reaper")]
    assert opts == [True, False, True]
    again = parse_settings(chosen.to_json())
    assert again == chosen
    session = Session.new(chosen, seed=3)
    options = session.table.match.options
    assert options.get("potions") is True and options.get("reaper") is True
    assert not options.get("companions")
    # the extensions appear only when on: settings without them play the base game
    assert "companions" not in chosen.to_dict()["options"]
    old = {"version": 2, "lang": "fr", "players": chosen.to_dict()["players"]}
    old.update({"keep_yellow": False, "hint": False})
    assert not parse_settings(json.dumps(old)).option("potions")
    for bad in ("yes", 1, None):
        broken = {**chosen.to_dict(), "options": {"reaper": bad}}
        with pytest.raises(ValueError):
            parse_settings(json.dumps(broken))
        legacy = {**old, "reaper": bad}  # version 2 held them at the top level
        with pytest.raises(ValueError):
            parse_settings(json.dumps(legacy))


def _pick(page: str, dice: int) -> tuple[str, int]:
    found = [json.loads(html_unescape(act)) for _, act in ACT.findall(page)]
    assert found
    index, dice = rng.below(dice, len(found))
    return json.dumps(found[index]), dice


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_a_whole_game_with_every_extension_through_the_session_and_a_save() -> None:
    session = Session.new(settings(["human", "bot", "human", "bot"], ALL_ON), seed=21)
    dice = rng.seed_state(99)
    seen_kinds: Counter[str] = Counter()
    restored = 0
    for step in range(4000):
        phase = session.phase()
        page = session.render("fr" if step % 2 else "en").html
        if step % 37 == 5:
            # a save restores the very same board
            again = Session.from_save(session.to_save())
            assert again.table.state == session.table.state
            assert again.settings == session.settings
            assert again.render("en").html.count("data-card") == session.render("en").html.count(
                "data-card"
            )
            restored += 1
        if phase == "over":
            break
        if phase == "bot":
            assert session.bot_step()
        elif phase == "result":
            assert "round-result" in page
            assert session.command("continue") == Outcome.RENDER
        elif phase == "curtain":
            assert session.command("reveal") == Outcome.RENDER
        else:
            act, dice = _pick(page, dice)
            seen_kinds[json.loads(act)["type"]] += 1
            assert session.command("act", act) == Outcome.RENDER
            assert session.notice is None
    else:
        raise AssertionError("the game did not end")
    assert restored > 3
    assert 'id="game-over"' in session.render("en").html
    assert seen_kinds["read_potion"] > 0


BOARD_ACT = re.compile(r'data-cmd="act" data-on="board" data-kind="([a-z_]+)" data-act="([^"]+)"')


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_choice_of_every_stage_is_also_on_the_board(players: int) -> None:
    """Potions, companions' powers, the Reaper's destiny and the extensions'
    spells: each legal action has its button on the board too, with the
    panel's very data-act, and nothing else is on the board."""
    kinds: Counter[str] = Counter()
    for number, options in enumerate(COMBOS):
        for game in range(2):
            for state in walk(players, 3000 * players + 10 * number + game, options):
                if GAME.is_over(state):
                    break
                seat = GAME.to_act(state)[0]
                page = render_table(_scene(state, seat, ("fr", "en")[game]))
                panel = sorted(act for _, act in ACT.findall(page))
                board = sorted(act for _, act in BOARD_ACT.findall(page))
                assert board == panel, (state.stage, set(panel) ^ set(board))
                legal = GAME.legal_actions(state, seat)
                assert len(panel) == len(legal)
                unseen = {str(card) for card in _unseen(state, seat)}
                for act in board:
                    data = json.loads(act.replace("&quot;", '"'))
                    weapon = data["type"] == "read_potion" or (
                        data["type"] == "choose"
                        and SPELL_KINDS[state.pending] in ("exchange", "invert_potion")
                    )  # the other cards are spells, numbered apart
                    assert not weapon or str(data["card"]) not in unseen, (state.stage, data)
                    kinds[str(data["type"])] += 1
    assert {"read_potion", "ask_visit", "replace", "activate", "ask"} <= set(kinds), kinds


def test_a_companion_power_is_on_the_companion_card() -> None:
    for seed in range(300):
        for state in walk(4, seed, {"companions": True}):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            page = render_table(_scene(state, seat))
            own = page.split(f'data-seat="{seat}" data-you="true"')
            if len(own) < 2:
                continue
            companion = own[1].split('class="companion"')[1:]
            if companion and 'data-kind="look"' in companion[0].split("</div></div>")[0]:
                assert 'data-anchor="companion"' in own[1]
                return
    raise AssertionError("no owl's look was offered")
