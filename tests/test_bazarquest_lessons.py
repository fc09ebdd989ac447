"""Bazar Quest's tutorial boards (game/bazarquest/tutorials) and rules page
(game/bazarquest/ui/rules.toml).

Six lessons, each a stacked situation seen through Alix's eyes, one per part
of a round: the draft, the window and the choice of hero, selling, the
adventure won, a hard fight lost, upgrades and the inventory. Each passes the
scenario runner and the platform's own check of a lesson, speaks French and
English (the French typeset) to the reader as "you", gives each of the
reader's moves a caption and a hint, stays short, shows its rule (checked here
against the card tables, so that a renumbered card breaks the lesson loudly
rather than letting it teach a wrong sum), and plays to its end on the board
with every move a button of it. The rules page sets each lesson beside its
section, in the lessons' order, and keeps to the engine's figures.

Lessons name cards through the scenario words (``crystal_orb_1``), never by
id, so that the card set can be rebalanced under them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import build
from game import registry
from game.bazarquest.adventure import ADVANCED_WOUNDS
from game.bazarquest.cards import (
    ADVENTURES,
    CLASSES,
    EMPLOYEES,
    FIRST_GAME_HEROES,
    FIRST_GAME_MONSTERS,
    FLIP_PRICE,
    HEROES,
    ITEMS,
    MONSTERS,
    UPGRADES,
)
from game.bazarquest.game import GAME
from game.bazarquest.scenario import KINDS, SCENARIOS
from game.bazarquest.setup import ADVANCED_DEAL, ADVANCED_HEROES, DEAL, START_COINS
from game.bazarquest.state import Buy, Pick, Sell, Store
from game.bazarquest.upgrade import OFFER
from game.bazarquest.words import ADVENTURE_KINDS
from game.engine.scenario import load_scenario, run_scenario
from tests.french import french_problems
from tests.lesson_play import play_lesson_on_its_board
from tests.rules_pages import rules_of, rules_page, rules_sections
from tests.test_theboss_tutorials import _is_reader_move, _stops, _texts

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "game" / "bazarquest" / "tutorials"
RULES = ROOT / "game" / "bazarquest" / "ui" / "rules.toml"

#: the lessons, in the order order.txt declares (the rules page's order)
EXPECTED = ["draft", "window", "selling", "adventure", "fallen_hero", "upgrades"]
NAMES = registry.lesson_order(FOLDER)
LANGS = ("fr", "en")
READER = "Alix"


def _data(name: str) -> dict[str, Any]:
    return load_scenario(FOLDER / f"{name}.json")


def _actions(data: Mapping[str, Any], seat: str) -> list[Any]:
    """The engine actions of `seat`'s moves (refusals left out), read on a fresh
    set-up: the words name cards, so they read the same in any state."""
    from game.engine.scenario_setup import build_setup

    state, names = build_setup(GAME, SCENARIOS, data["setup"], SCENARIOS.json_names())
    return [
        action
        for step in data["steps"]
        if step.get("seat") == seat and "do" in step and "fails" not in step
        for action in SCENARIOS.actions(state, names.index(seat), step["do"], names)
    ]


def _fails(data: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """Each refusal the lesson shows: (whose move, the move, the reason's code)."""
    return [(s["seat"], s["do"], s["fails"]) for s in data["steps"] if "fails" in s]


def _card(kind: str, word: str) -> Any:
    table = {"item": ITEMS, "hero": HEROES, "monster": MONSTERS, "upgrade": UPGRADES}[kind]
    return table[KINDS[kind][word.removeprefix("@")]]


def _word(do: str) -> str:
    """The card a move names (``sell crystal_orb_1`` -> ``crystal_orb_1``)."""
    return do.split()[1]


def _fight(data: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    """The fight event the lesson expects for `seat`'s hero."""
    events = [e for s in data["steps"] for e in s.get("expect", {}).get("events", [])]
    return next(e for e in events if e["type"] == "fight" and e["seat"] == seat)


# ------------------------------------------------------------- the lessons


def test_the_lessons_come_in_their_declared_order() -> None:
    assert NAMES == EXPECTED
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(EXPECTED)


def test_the_client_names_the_lessons() -> None:
    assert registry.get_client(GAME.name).tutorials == FOLDER


@pytest.mark.parametrize("name", NAMES)
def test_lesson_passes_the_runner_and_the_platforms_check(name: str) -> None:
    from game.web.tutorial import load_tutorial, tutorial_problems

    data = _data(name)
    assert data["game"] == GAME.name
    result = run_scenario(GAME, SCENARIOS, data)
    assert result.passed, result.failure
    assert tutorial_problems(load_tutorial(name, game=GAME.name)) == []


def test_a_broken_lesson_is_reported() -> None:
    """The runner is not a formality: a wrong expectation fails the lesson."""
    data = _data("selling")
    step = next(s for s in data["steps"] if s.get("do") == "sell crystal_orb_1")
    step["expect"] = {"coins": {READER: 12}}  # 5 coins and the orb's 6 make 11
    result = run_scenario(GAME, SCENARIOS, data)
    assert not result.passed and f"expect.coins.{READER}" in str(result.failure)


def test_every_lesson_passes_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", "game/bazarquest/tutorials"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(EXPECTED)} passed, 0 failed" in done.stdout


@pytest.mark.parametrize("name", NAMES)
def test_lesson_speaks_both_languages_to_you(name: str) -> None:
    data = _data(name)
    assert data["reader"] == READER and data["setup"]["players"][0] == READER
    for where, texts in _texts(data):
        assert isinstance(texts, Mapping) and set(texts) == set(LANGS), where
        assert all(isinstance(texts[lang], str) and texts[lang].strip() for lang in LANGS), where
        assert texts["fr"] != texts["en"], where
        # the board speaks to the reader as "you", never by their name
        assert all(READER not in texts[lang] for lang in LANGS), where
        assert french_problems(texts["fr"]) == [], (where, texts["fr"])
        assert "'" not in texts["en"], (where, "the apostrophe is ’")
    for index, step in enumerate(data["steps"]):
        if _is_reader_move(step, READER):
            assert "caption" in step and "hint" in step, f"step {index}: the reader's move"
    first = data["steps"][0]
    assert _is_reader_move(first, READER) or "caption" in first


@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_short_with_a_handful_of_moves(name: str) -> None:
    data = _data(name)
    moves = [step for step in data["steps"] if _is_reader_move(step, READER)]
    assert 3 <= len(_stops(data)) <= 8
    assert 2 <= len(moves) <= 5


def test_draft_keeps_one_face_down_and_passes_the_rest_left() -> None:
    data = _data("draft")
    players, packets = data["setup"]["players"], data["setup"]["packets"]
    assert len(players) == 3  # left and right are different neighbours
    picks = [a for a in _actions(data, READER) if isinstance(a, Pick)]
    assert len(picks) == DEAL - 1
    # the first pick is from the reader's own packet, the second from the
    # packet of the player on the right (the one before in seat order)
    assert _word(data["steps"][0]["do"]) in packets[READER]
    right = players[players.index(READER) - 1]
    second = next(s for s in data["steps"][1:] if s.get("seat") == READER)
    assert _word(second["do"]) in packets[right]
    # nobody else sees the pick; the last card comes by itself
    assert data["steps"][0]["expect"]["view"]["Bruno"]["pick"] is None
    drafted = next(s["expect"] for s in data["steps"] if s.get("expect", {}).get("stage"))
    hand = drafted["view"][READER]["hand"]
    assert drafted["stage"] == "display" and len(hand) == DEAL + 1
    assert hand[DEAL - 1] == f"@{packets[READER][1]}"  # the reader's own, round the table
    # the item stored in the round before joins the hand after the draft
    assert data["setup"]["set"]["round"] > 1
    assert hand[DEAL] == f"@{data['setup']['storage'][READER][0]}"
    # the lesson ends on the window, the reader's chosen: the others still choose
    assert data["steps"][-1]["do"].startswith("show")
    assert READER not in data["steps"][-1]["expect"]["to_act"]


def test_window_invites_by_hearts_and_by_class() -> None:
    data = _data("window")
    steps = data["steps"]
    shown = {s["seat"]: _card("item", _word(s["do"])) for s in steps if s["do"].startswith("show")}
    reveal = next(e for s in steps for e in s.get("expect", {}).get("events", []))
    players = data["setup"]["players"]
    by_hearts = sorted(players, key=lambda p: -shown[p].hearts)
    assert [players[s] for s in reveal["order"]] == by_hearts  # no tie to break here
    assert len({item.hearts for item in shown.values()}) == len(players)
    # the hearts the captions count: 3 for the banner, 2 and 1 for the others
    assert [shown[p].hearts for p in by_hearts] == [3, 2, 1]
    ((seat, refused, code),) = _fails(data)
    assert (seat, code) == (READER, "no_shared_class")
    banner = set(shown[READER].classes)
    assert not banner & set(_card("hero", _word(refused)).classes)
    invited = next(s for s in steps if _is_reader_move(s, READER) and "invite" in s["do"])
    assert banner & set(_card("hero", _word(invited["do"])).classes)
    # the second window has no hero of its class left, so it waits for the third
    second = players[reveal["order"][1]]
    center = [w for w in data["setup"]["heroes"] if w != _word(invited["do"])]
    assert not any(set(shown[second].classes) & set(_card("hero", w).classes) for w in center)
    last_invite = [s for s in steps if s.get("do", "").startswith("invite")][-1]
    assert last_invite["seat"] == second and last_invite["expect"]["quest"] == second


def test_selling_stops_at_the_purse_and_at_the_class() -> None:
    data = _data("selling")
    codes = [code for _, _, code in _fails(data)]
    assert codes == ["on_display", "wrong_class", "purse_short"]
    hero = _card("hero", data["setup"]["heroes"][0])
    sales = [a for a in _actions(data, READER) if isinstance(a, Sell)]
    spent = sum(ITEMS[sale.item].price for sale in sales)
    assert spent == hero.purse  # the purse emptied exactly
    short = next(d for _, d, code in _fails(data) if code == "purse_short")
    assert _card("item", _word(short)).price > hero.purse - spent
    wrong = next(d for _, d, code in _fails(data) if code == "wrong_class")
    assert not set(_card("item", _word(wrong)).classes) & set(hero.classes)


def _armed(data: Mapping[str, Any]) -> tuple[int, int]:
    """The reader's hero's attack and defence with what the lesson sells it."""
    hero = _card("hero", data["setup"]["heroes"][0])
    sold = [ITEMS[a.item] for a in _actions(data, READER) if isinstance(a, Sell)]
    return hero.attack + sum(i.attack for i in sold), hero.defence + sum(i.defence for i in sold)


def test_adventure_wounds_survives_and_fells_the_monster() -> None:
    data = _data("adventure")
    monster = _card("monster", data["setup"]["set"]["monster"])
    attack, defence = _armed(data)
    card = ADVENTURES[KINDS["adventure"][_fight(data, 0)["adventure"].removeprefix("@")]]
    assert card.defence < 0  # the margin the lesson asks for is needed
    assert attack + card.attack >= monster.resistance
    assert defence + card.defence >= monster.strength
    margin = _card("item", "night_hood_1").defence  # the second sale, for the margin
    assert defence - margin + card.defence < monster.strength  # without it, dead
    fight = _fight(data, 0)
    assert (fight["attack"], fight["defence"]) == (attack + card.attack, defence + card.defence)
    last = data["steps"][-1]["expect"]
    assert last["monster"] is None  # as many wounds as players: two
    purse = last["zones"]["purses.@apprentice_mage"]
    assert purse == monster.chest  # the purse was emptied by the sales
    assert _fails(data) == []


def test_fallen_hero_takes_the_forced_wound_and_is_replaced() -> None:
    data = _data("fallen_hero")
    monster = _card("monster", data["setup"]["set"]["monster"])
    attack, _defence = _armed(data)
    assert attack < monster.resistance  # no item the reader holds could wound it
    mace = _card("item", "iron_mace_1")
    assert _card("hero", data["setup"]["heroes"][0]).attack + mace.attack < monster.resistance
    theirs = _fight(data, 1)
    assert not theirs["survived"] and theirs["defence"] < monster.strength
    done = next(s for s in data["steps"] if s.get("do") == "done")["expect"]["events"]
    assert {"type": "hard_fight", "added": 1} in done
    newcomer = data["setup"]["hero_deck"][0]
    assert {"type": "new_hero", "hero": f"@{newcomer}"} in done
    assert (
        data["steps"][-1]["expect"]["zones"][f"purses.@{newcomer}"] == _card("hero", newcomer).purse
    )


def test_upgrades_one_of_each_kind_and_a_bigger_storage() -> None:
    data = _data("upgrades")
    ((seat, refused, code),) = _fails(data)
    owned = _card("upgrade", data["setup"]["owned"][READER][0])
    assert (seat, code) == (READER, "one_of_each")
    assert _card("upgrade", _word(refused)).kind == owned.kind
    moves = _actions(data, READER)
    (buy,) = [a for a in moves if isinstance(a, Buy)]
    assert UPGRADES[buy.upgrade].kind != owned.kind
    assert len([a for a in moves if isinstance(a, Store)]) == 2  # one more with the upgrade
    hired = next(s for s in data["steps"] if s.get("do", "").startswith("hire"))
    assert hired["seat"] != READER and "employee" in hired["expect"]["events"][0]


# ------------------------------------------------------------- on the board


@pytest.mark.parametrize("name", NAMES)
def test_lesson_ends_with_others_to_act(name: str) -> None:
    """Once a lesson is done, the board's prompt names the shops still to act:
    never the reader, of whom it would speak by name."""
    from game.web.tutorial import TutorialSession, load_tutorial

    session = TutorialSession(load_tutorial(name, game=GAME.name), name=name)
    while not session.done:
        if session.reader_turn():
            action = session.expected_action()
            assert action is not None
            assert session.command("act", json.dumps(GAME.action_to_json(action)))
        else:
            assert session.command("next")
    assert not session.problem, session.problem
    to_act = GAME.to_act(session.state)
    assert to_act and session.reader not in to_act


@pytest.mark.parametrize("name", NAMES)
def test_lesson_opens_on_its_board_not_on_an_old_result(name: str) -> None:
    """The client's result key counts the adventures resolved by the round and
    the phase: a lesson set up in a later round (the draft's stored item, the
    upgrades lesson's shop) must not open on the panel of an adventure the
    reader never saw (game/web/tutorial.py counts the set-up's result as seen);
    the adventures a lesson plays show their panel."""
    from game.web.tutorial import TutorialSession, load_tutorial

    session = TutorialSession(load_tutorial(name, game=GAME.name), name=name)
    assert not session.fresh_result()
    if name in ("draft", "upgrades"):
        assert session.state.round > 1
        assert session.client.result_key(GAME.view(session.state, session.reader))


@pytest.mark.parametrize("name", NAMES)
def test_lesson_plays_to_its_end_on_the_board(name: str) -> None:
    from game.web.tutorial import load_tutorial

    data = load_tutorial(name, game=GAME.name)
    assert data["reader"] == READER
    assert play_lesson_on_its_board(GAME, data, name) >= 1


def test_the_build_index_holds_the_lessons_for_the_page() -> None:
    index = json.loads(build.tutorials_index())
    assert set(index[GAME.name]) == set(EXPECTED)
    entry = index[GAME.name]["draft"]
    data = _data("draft")
    assert entry["title"] == data["title"] and entry["reader"] == READER
    assert entry["caption"] == data["steps"][0]["caption"]


# ------------------------------------------------------------ the rules page


def test_the_client_names_the_rules_page_and_the_build_makes_it() -> None:
    assert registry.get_client(GAME.name).listing.rules == RULES
    page = build.rules_pages()[f"rules-{GAME.name}.html"]
    for board in EXPECTED:
        assert f'data-game="{GAME.name}" data-scenario="{board}"' in page


def test_the_rules_page_builds_with_every_lesson_beside_its_section() -> None:
    rules = rules_of(GAME.name)
    boards = {s["key"]: s["board"] for s in rules_sections(rules) if "board" in s}
    assert boards == {
        "draft": "draft",
        "window": "window",
        "selling": "selling",
        "adventure": "adventure",
        "death": "fallen_hero",
        "upgrades": "upgrades",
    }
    keys = [s["key"] for s in rules_sections(rules)]
    for key in ("goal", "setup", "phases", "classes", "monsters", "staff", "ending", "scoring"):
        assert key in keys
    for key in ("first-game", "crowd", "advanced", "unshakeable"):  # the options
        assert key in keys
    found = re.findall(
        rf'data-game="{GAME.name}" data-scenario="([a-z_]+)"', rules_page(GAME.name, rules)
    )
    assert found == EXPECTED  # all of them, in the lessons' order


def test_the_rules_page_refuses_boards_out_of_order() -> None:
    """The build's own order check holds this page too (its lessons' order.txt)."""
    rules = rules_of(GAME.name)
    sections = rules_sections(rules)
    first = next(s for s in sections if s.get("board") == "draft")
    last = next(s for s in sections if s.get("board") == "upgrades")
    first["board"], last["board"] = "upgrades", "draft"  # type: ignore[index]
    with pytest.raises(build.RulesError, match="lesson order"):
        rules_page(GAME.name, rules)


def _plain(lang: str) -> str:
    """Every text of the page in `lang`, tags taken out, in one string."""
    return " ".join(_all_text(rules_of(GAME.name), lang))


def _all_text(node: object, lang: str) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield re.sub(r"<[^>]+>", " ", value)
            else:
                yield from _all_text(value, lang)
    elif isinstance(node, list):
        for value in node:
            yield from _all_text(value, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_keeps_to_the_engines_figures(lang: str) -> None:
    """The rulebook's figures as the engine plays them, and the box's counts
    as our card tables hold them."""
    text = _plain(lang)
    coins, items = ("pièces", "objets") if lang == "fr" else ("coins", "items")
    assert re.search(rf"\b{START_COINS} {coins}", text)
    assert re.search(rf"\b{DEAL} {items}", text)
    assert re.search(rf"\b{FLIP_PRICE} {coins}", text)
    heroes, cards = ("héros", "cartes") if lang == "fr" else ("heroes", "cards")
    assert re.search(rf"\b{ADVANCED_HEROES} {heroes}", text)
    assert re.search(rf"\b{ADVANCED_DEAL} {cards}", text)
    assert re.search(rf"\b{ADVANCED_WOUNDS} (blessures|wounds)", text)
    assert re.search(rf"\b{OFFER}\b|{'Deux' if lang == 'fr' else 'Two'} employ", text)
    counts = (len(ITEMS), len(HEROES), len(MONSTERS), len(EMPLOYEES), len(UPGRADES))
    for count in (*counts, len(ADVENTURES)):
        assert re.search(rf"\b{count}\b", text), count
    assert len(CLASSES) == 4 and "(thief, warrior, priest, mage)" in _plain("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_names_the_cards_its_options_set(lang: str) -> None:
    """The first game's monsters and heroes, and every card the unshakeable
    heroes leave in the box, by their names in our set."""
    text = _plain(lang).replace("’", "'")
    chosen = [MONSTERS[m] for m in FIRST_GAME_MONSTERS] + [HEROES[h] for h in FIRST_GAME_HEROES]
    aside = [
        card
        for table in (ITEMS, HEROES, MONSTERS, EMPLOYEES)
        for card in table
        if card.effect is not None and card.effect.kind in ADVENTURE_KINDS
    ]
    for card in (*chosen, *aside):
        name = getattr(card, lang).replace("’", "'")
        assert re.search(re.escape(name), text, re.IGNORECASE), name
