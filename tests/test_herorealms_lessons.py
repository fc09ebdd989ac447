"""Hero Realms' tutorial boards (game/herorealms/tutorials) and rules page
(game/herorealms/ui/rules.toml).

Seven lessons, each a stacked situation seen through Alix's eyes: it passes the
scenario runner, speaks French and English (the French typeset), gives each
of the reader's moves a caption and a hint, stays short and shows its rule.
The rules page sets each lesson beside its section, in the lessons' order.

Until Hero Realms is registered with a client (game/registry.py), the checks
the platform runs over every registered game's lessons run here through the
same functions (``tutorial_problems``, ``build.rules_page``); the board's
own play (``TutorialSession``, which draws with the client) waits for it."""

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
from game.engine.scenario import load_scenario, run_scenario
from game.herorealms import GAME
from game.herorealms.cards import GEM_IDS, MARKET_IDS, PACKS, STARTING_DECK
from game.herorealms.options import PACK_OPTIONS
from game.herorealms.rules import HYDRA_HEALTH
from game.herorealms.scenario import SCENARIOS, read_action
from game.herorealms.state import (
    START_HEALTH,
    AttackChampion,
    AttackPlayer,
    BuyGem,
    Pick,
    Sacrifice,
    UseAlly,
)
from tests.french import french_problems
from tests.lesson_play import play_lesson_on_its_board
from tests.rules_pages import rules_of, rules_page, rules_sections
from tests.test_theboss_tutorials import _is_reader_move, _stops, _texts

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "game" / "herorealms" / "tutorials"


#: the lessons, in the order order.txt declares
EXPECTED = ["first_turn", "buying", "allies", "champions", "sacrifice", "character", "hunter"]
NAMES = registry.lesson_order(FOLDER)
LANGS = ("fr", "en")
NBSP = "\u00a0"


def _data(name: str) -> dict[str, Any]:
    return load_scenario(FOLDER / f"{name}.json")


def _reader_actions(data: Mapping[str, Any]) -> list[Any]:
    """The engine actions of the reader's moves, in order."""
    names = data["setup"]["players"]
    return [
        read_action(step["do"], names)
        for step in data["steps"]
        if _is_reader_move(step, data["reader"])
    ]


def _fails(data: Mapping[str, Any]) -> set[str]:
    return {step["fails"] for step in data["steps"] if "fails" in step}


# ------------------------------------------------------------- the lessons


def test_the_lessons_come_in_their_declared_order() -> None:
    assert NAMES == EXPECTED
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_lesson_passes_the_runner(name: str) -> None:
    data = _data(name)
    assert data["game"] == GAME.name
    result = run_scenario(GAME, SCENARIOS, data)
    assert result.passed, result.failure


@pytest.mark.parametrize("name", NAMES)
def test_lesson_has_what_a_board_needs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The platform's own check of a lesson (texts in both languages, a
    reader, a caption and a hint on each of the reader's moves, the runner),
    run for Hero Realms before its registration: only the look-up of the
    game is given here (``game_of`` reads the registry)."""
    from game.web import tutorial

    def game_of(name: object) -> tuple[Any, Any, Any]:
        assert name == GAME.name
        return GAME, None, SCENARIOS

    monkeypatch.setattr(tutorial, "game_of", game_of)
    assert tutorial.tutorial_problems(_data(name)) == []


def test_a_broken_lesson_is_reported() -> None:
    """The runner is not a formality: a wrong expectation fails the lesson."""
    data = _data("sacrifice")
    data["steps"][-1]["expect"] = {"health": {"Bruno": 41}}  # 8 combat leave him at 42
    result = run_scenario(GAME, SCENARIOS, data)
    assert not result.passed and "expect.health.Bruno" in str(result.failure)


def test_every_lesson_passes_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", "game/herorealms/tutorials"],
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
    reader = data["reader"]
    assert reader == "Alix" and reader in data["setup"]["players"]
    for where, texts in _texts(data):
        assert isinstance(texts, Mapping) and set(texts) == set(LANGS), where
        assert all(isinstance(texts[lang], str) and texts[lang].strip() for lang in LANGS), where
        assert texts["fr"] != texts["en"], where
        # the board speaks to the reader as "you", never by their name
        assert all(reader not in texts[lang] for lang in LANGS), where
    for index, step in enumerate(data["steps"]):
        if _is_reader_move(step, reader):
            assert "caption" in step and "hint" in step, f"step {index}: the reader's move"
    first = data["steps"][0]
    assert _is_reader_move(first, reader) or "caption" in first


@pytest.mark.parametrize("name", NAMES)
def test_french_is_typeset(name: str) -> None:
    for where, texts in _texts(_data(name)):
        assert french_problems(texts["fr"]) == [], (where, texts["fr"])


@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_short_with_a_handful_of_moves(name: str) -> None:
    data = _data(name)
    moves = [step for step in data["steps"] if _is_reader_move(step, data["reader"])]
    assert 3 <= len(_stops(data)) <= 8
    assert 3 <= len(moves) <= 7


@pytest.mark.parametrize("name", NAMES)
def test_lesson_ends_with_the_readers_turn_over(name: str) -> None:
    """Once a lesson is done, the board's dock names the player to act: the
    reader ends their turn, so that it never speaks of them by name."""
    data = _data(name)
    last = data["steps"][-1]
    assert last["seat"] == data["reader"] and last["do"] == "end"
    assert last["expect"]["turn"] != data["reader"]


def test_first_turn_plays_gold_buys_attacks_and_ends() -> None:
    data = _data("first_turn")
    assert len(data["setup"]["hands"]["Alix"]) == 3  # the first player's opening hand
    words = [step["do"].split()[0] for step in data["steps"] if "do" in step]
    assert words == ["play", "play", "buy", "play", "attack", "end"]
    assert data["steps"][-1]["expect"]["hand_size"] == {"Alix": 5}


def test_buying_shows_the_gems_a_refused_price_and_the_reshuffle() -> None:
    data = _data("buying")
    assert any(isinstance(action, BuyGem) for action in _reader_actions(data))
    assert "not_enough_gold" in _fails(data)
    end = data["steps"][-1]["expect"]
    assert {"type": "reshuffle"} in end["events"]


def test_allies_uses_two_ally_abilities_once_each() -> None:
    data = _data("allies")
    allies = [a for a in _reader_actions(data) if isinstance(a, UseAlly)]
    assert len(allies) == 2 and len(set(allies)) == 2
    assert "ally_used" in _fails(data)
    assert data["setup"]["champions"]["Alix"]  # a champion in play counts for its faction


def test_champions_are_expended_and_the_guard_falls_first() -> None:
    data = _data("champions")
    actions = _reader_actions(data)
    assert "guarded" in _fails(data)
    first_champion = next(i for i, a in enumerate(actions) if isinstance(a, AttackChampion))
    first_player = next(i for i, a in enumerate(actions) if isinstance(a, AttackPlayer))
    assert first_champion < first_player
    assert data["steps"][-1]["expect"]["zones"] == {"players.Alix.expended": []}


def test_sacrifice_shows_both_kinds_and_the_gem_going_back() -> None:
    data = _data("sacrifice")
    actions = _reader_actions(data)
    assert sum(isinstance(a, Sacrifice) for a in actions) == 2
    assert any(isinstance(a, Pick) for a in actions)  # a card sacrificed from the discard pile
    gem = next(s for s in data["steps"] if s.get("do") == "sacrifice fire_gem")
    assert gem["expect"]["zones"]["gems"] == {"count": 16}


def test_character_uses_a_skill_and_the_ability_once() -> None:
    data = _data("character")
    assert data["setup"]["packs"] == {"Alix": "fighter"}
    moves = [s["do"] for s in data["steps"] if _is_reader_move(s, "Alix")]
    assert "skill" in moves and "ability" in moves
    after = next(s for s in data["steps"] if s.get("do") == "ability")
    assert set(after["expect"]["illegal"]) == {"ability", "skill"}


def test_hunter_reaches_the_left_only_and_rewards_the_fall() -> None:
    data = _data("hunter")
    assert data["setup"]["mode"] == "hunter_last" and len(data["setup"]["players"]) == 3
    assert "out_of_reach" in _fails(data)
    fall = next(s for s in data["steps"] if s.get("expect", {}).get("out"))
    assert fall["expect"]["out"] == {"Bruno": True} and fall["expect"]["winner"] is None
    assert fall["expect"]["health"] == {"Alix": 60}  # 50 and the reward of 10
    assert data["steps"][-1]["expect"]["turn"] == "Chloé"  # the next player still in


# ------------------------------------------------------------- on the board


@pytest.mark.parametrize("name", NAMES)
def test_lesson_plays_to_its_end_on_the_board(name: str) -> None:
    from game.web.tutorial import load_tutorial

    data = load_tutorial(name, game=GAME.name)
    assert play_lesson_on_its_board(GAME, data, name) >= 3


def test_the_build_index_holds_the_lessons_for_the_page() -> None:
    index = json.loads(build.tutorials_index())
    assert set(index[GAME.name]) == set(EXPECTED)
    entry = index[GAME.name]["first_turn"]
    data = _data("first_turn")
    assert entry["title"] == data["title"] and entry["reader"] == "Alix"
    assert entry["caption"] == data["steps"][0]["caption"]


# ------------------------------------------------------------ the rules page


def test_the_rules_page_builds_with_every_lesson_beside_its_section() -> None:
    rules = rules_of(GAME.name)
    boards = [s["board"] for s in rules_sections(rules) if "board" in s]
    assert boards == EXPECTED  # all of them, in the lessons' order
    keys = [s["key"] for s in rules_sections(rules)]
    for key in ("goal", "setup", "turn", "market", "factions", "champions", "guards"):
        assert key in keys
    for key in ("sacrifice", "packs", "free-for-all", "hunter", "hydra", "winning"):
        assert key in keys
    page = rules_page(GAME.name, rules)
    for board in EXPECTED:
        assert f'data-game="herorealms" data-scenario="{board}"' in page


def test_the_rules_page_refuses_boards_out_of_order() -> None:
    """The build's own order check holds this page too (its lessons' order.txt)."""
    rules = rules_of(GAME.name)
    sections = rules_sections(rules)
    first = next(s for s in sections if s.get("board") == "first_turn")
    last = next(s for s in sections if s.get("board") == "character")
    first["board"], last["board"] = "character", "first_turn"  # type: ignore[index]
    with pytest.raises(build.RulesError, match="lesson order"):
        rules_page(GAME.name, rules)


def test_the_rules_page_keeps_to_the_engines_figures() -> None:
    """The figures the engine plays by, as the page states them: health, the
    piles, the starting deck, and each character pack's health beside its
    name in both languages (the menu's names)."""
    text = {lang: " ".join(_all_text(rules_of(GAME.name), lang)) for lang in LANGS}
    figures = (START_HEALTH, HYDRA_HEALTH, len(GEM_IDS), len(MARKET_IDS), STARTING_DECK)
    for lang in LANGS:
        for figure in figures:
            assert re.search(rf"\b{figure}\b", text[lang]), (lang, figure)
        for key, pack in PACKS.items():
            name = PACK_OPTIONS[0].choice_labels[key][lang]
            assert re.search(rf"{name}\W[^.]*?\b{pack.health}\b", text[lang]), (lang, name)


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
