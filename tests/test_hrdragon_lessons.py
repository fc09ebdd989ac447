"""The Dragon boss deck's tutorial boards (game/hrdragon/tutorials) and rules
page (game/hrdragon/ui/rules.toml).

Five lessons, each a stacked situation seen through Alix's eyes, a party
member: neighbours (giving health), the taunt, the Treasure Hoard, the skill
check, defeat and borrowing. Each passes the scenario runner and the platform's own check of a
lesson, speaks French and English (the French typeset) to the reader as
"you", gives each of the reader's moves a caption and a hint, stays short,
shows its rule, and plays to its end on the board with every move a button
of it. The rules page sets each lesson beside its section, in the lessons'
order, and keeps to the engine's figures."""

from __future__ import annotations

import html
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
from game.herorealms.cards import kind_of
from game.herorealms.state import AttackPlayer, Choose
from game.hrdragon.boss import TAUNT_DAMAGE
from game.hrdragon.cards import HOARD_IDS, boss_deck, skill_check
from game.hrdragon.game import GAME
from game.hrdragon.scenario import SCENARIOS, read_action
from game.hrdragon.stack import CARD_NAMES
from game.hrdragon.state import (
    BOSS_HEALTH,
    BOSS_VS_BOSS,
    HAND_BY_SIZE,
    Borrow,
    Give,
    Reveal,
    SkillCheck,
    UseItem,
)
from game.hrdragon.ui.describe import card_of
from tests.french import french_problems
from tests.lesson_play import play_lesson_on_its_board
from tests.rules_pages import rules_of, rules_page, rules_sections
from tests.test_theboss_tutorials import _is_reader_move, _stops, _texts

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "game" / "hrdragon" / "tutorials"
RULES = ROOT / "game" / "hrdragon" / "ui" / "rules.toml"

#: the lessons, in the order order.txt declares (the rules page's order)
EXPECTED = ["neighbours", "taunt", "hoard", "skill_check", "borrowing"]
NAMES = registry.lesson_order(FOLDER)
LANGS = ("fr", "en")
READER = "Alix"
DRAGON = "Vorgath"


def _data(name: str) -> dict[str, Any]:
    return load_scenario(FOLDER / f"{name}.json")


def _actions(data: Mapping[str, Any], seat: str, moves_only: bool = True) -> list[Any]:
    """The engine actions of `seat`'s steps, in order (without refusals when `moves_only`)."""
    names = data["setup"]["players"]
    return [
        read_action(step["do"], names)
        for step in data["steps"]
        if step.get("seat") == seat and "do" in step and not (moves_only and "fails" in step)
    ]


def _fails(data: Mapping[str, Any]) -> dict[str, str]:
    """Each refusal the lesson shows: its code, and whose move it was."""
    return {step["fails"]: step["seat"] for step in data["steps"] if "fails" in step}


# ------------------------------------------------------------- the lessons


def test_the_lessons_come_in_their_declared_order() -> None:
    assert NAMES == EXPECTED
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(EXPECTED)
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
    data = _data("taunt")
    step = next(s for s in data["steps"] if s.get("do") == f"attack {READER} 4")
    step["expect"] = {"health": {READER: 45}}  # the Bite's 4 leave Alix at 46
    result = run_scenario(GAME, SCENARIOS, data)
    assert not result.passed and f"expect.health.{READER}" in str(result.failure)


def test_every_lesson_passes_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", "game/hrdragon/tutorials"],
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
    assert data["reader"] == READER and data["setup"]["players"][-1] == DRAGON
    for where, texts in _texts(data):
        assert isinstance(texts, Mapping) and set(texts) == set(LANGS), where
        assert all(isinstance(texts[lang], str) and texts[lang].strip() for lang in LANGS), where
        assert texts["fr"] != texts["en"], where
        # the board speaks to the reader as "you", never by their name
        assert all(READER not in texts[lang] for lang in LANGS), where
        assert french_problems(texts["fr"]) == [], (where, texts["fr"])
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
    assert 3 <= len(moves) <= 7


@pytest.mark.parametrize("name", NAMES)
def test_lesson_ends_with_another_player_to_act(name: str) -> None:
    """Once a lesson is done, the board's dock names the player to act: never
    the reader, of whom it would speak by name."""
    last = _data(name)["steps"][-1]
    assert last["expect"]["turn"] != READER


@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_a_later_turn_and_the_board_says_which_round(name: str) -> None:
    """Every seat has begun some turns (the lesson speaks of earlier ones), the
    turns begun in all (set by the engine's ``set`` path) add up, and the
    board's bar names that round."""
    from game.web.tutorial import TutorialSession, load_tutorial

    setup = _data(name)["setup"]
    begun = setup["turns_begun"]
    assert set(begun) == set(setup["players"]) and min(begun.values()) >= 2
    turns = setup["set"]["core.turns"]
    assert turns == sum(begun.values())
    session = TutorialSession(load_tutorial(name, game=GAME.name), name=name)
    assert session.state.core.turns == turns
    round_now = (turns - 1) // len(setup["players"]) + 1
    assert round_now > 1
    for lang, word in (("en", "Turn"), ("fr", "Tour")):
        assert f"{word} {round_now} ·" in html.unescape(session.render(lang).board)


def test_neighbours_gives_each_gain_to_yourself_or_a_neighbour_only() -> None:
    data = _data("neighbours")
    players = data["setup"]["players"]
    party = players[:-1]
    assert len(party) == 4  # one member is not beside the reader
    reader = party.index(READER)
    beside = {party[reader - 1], party[(reader + 1) % len(party)]}
    far = (set(party) - beside - {READER}).pop()
    asked = data["steps"][0]["expect"]
    assert sorted(asked["legal"]) == sorted(f"give {n}" for n in (READER, *beside))
    refused = next(s for s in data["steps"] if "fails" in s)
    assert refused["do"] == f"give {far}" and refused["seat"] == READER
    gives = [a for a in _actions(data, READER) if isinstance(a, Give)]
    # two gains, each wholly to one place, the second elsewhere than the first
    assert len(gives) == 2 and gives[0].seat != gives[1].seat
    assert {players[g.seat] for g in gives} <= beside | {READER}


def test_taunt_adds_the_turns_damage_and_draws_the_dragons_attack() -> None:
    data = _data("taunt")
    attacks = [a for a in _actions(data, READER) if isinstance(a, AttackPlayer)]
    dragon = data["setup"]["players"].index(DRAGON)
    assert all(a.seat == dragon for a in attacks) and len(attacks) == 2
    # neither attack alone taunts; both together do
    assert all(a.amount < TAUNT_DAMAGE for a in attacks)
    assert sum(a.amount for a in attacks) >= TAUNT_DAMAGE
    taunted = [s["expect"]["taunters"] for s in data["steps"] if "taunters" in s.get("expect", {})]
    assert taunted == [[], [READER], [READER], []]  # before, taunted, still, over with its turn
    assert _fails(data) == {"taunted": DRAGON}  # the Dragon may not hit Bruno
    reader = data["setup"]["players"].index(READER)
    hits = [a for a in _actions(data, DRAGON) if isinstance(a, AttackPlayer)]
    assert [a.seat for a in hits] == [reader]


def test_hoard_is_used_once_a_turn_and_the_hoard_card_reveals_an_item() -> None:
    data = _data("hoard")
    held = data["setup"]["items"]
    uses = [a for a in _actions(data, READER) if isinstance(a, UseItem)]
    assert len(uses) == 1 and held[CARD_NAMES[uses[0].item]] == READER
    assert _fails(data) == {"item_used": READER}
    dragon = _actions(data, DRAGON)
    assert any(isinstance(a, Reveal) for a in dragon)
    revealed = data["setup"]["hoard"][0]
    use = next(a for a in dragon if isinstance(a, UseItem))
    assert CARD_NAMES[use.item] == revealed  # the Dragon, its holder now, uses it
    after = next(s for s in data["steps"] if s.get("do") == "reveal")["expect"]
    assert after["items"] == {**held, revealed: DRAGON}
    asked = next(s for s in data["steps"] if s.get("do") == "play hoard")["expect"]
    assert "reveal" in asked["legal"] and any(w.startswith("steal") for w in asked["legal"])


def test_skill_check_discards_cards_worth_the_check_while_another_taunts() -> None:
    data = _data("skill_check")
    assert data["setup"]["taunters"] and READER not in data["setup"]["taunters"]
    assert _fails(data) == {"check_failed": READER}
    names = data["setup"]["players"]
    refused = next(s for s in data["steps"] if "fails" in s)
    short = read_action(refused["do"], names)
    (check,) = [a for a in _actions(data, READER) if isinstance(a, SkillCheck)]
    assert isinstance(short, SkillCheck) and short.item == check.item
    needed = skill_check(check.item)
    assert sum(kind_of(c).cost for c in short.cards) < needed
    assert sum(kind_of(c).cost for c in check.cards) >= needed
    moves = _actions(data, READER)
    # the item taken is used the same turn
    assert moves[moves.index(check) + 1] == UseItem(check.item)
    assert isinstance(moves[moves.index(check) + 2], Choose)


def test_borrowing_follows_a_defeat_and_the_card_goes_home() -> None:
    data = _data("borrowing")
    fall = next(s for s in data["steps"] if s.get("expect", {}).get("out"))
    assert fall["seat"] == DRAGON and fall["expect"]["out"] == {"Bruno": True}
    assert fall["expect"]["champions"] == {"Bruno": []}  # its champion stunned
    (borrow,) = [a for a in _actions(data, READER) if isinstance(a, Borrow)]
    card = CARD_NAMES[borrow.card]
    assert card in data["setup"]["hands"]["Bruno"]
    last = data["steps"][-1]["expect"]
    assert last["zones"] == {"core.players.Bruno.discard": {"contains": f"@{card}"}}
    assert last["turn"] == "Chloé"  # Bruno, defeated, takes no turn


# ------------------------------------------------------------- on the board


@pytest.mark.parametrize("name", NAMES)
def test_lesson_plays_to_its_end_on_the_board(name: str) -> None:
    from game.web.tutorial import load_tutorial

    data = load_tutorial(name, game=GAME.name)
    assert data["reader"] == READER
    assert play_lesson_on_its_board(GAME, data, name) >= 3


def test_the_build_index_holds_the_lessons_for_the_page() -> None:
    index = json.loads(build.tutorials_index())
    assert set(index[GAME.name]) == set(EXPECTED)
    entry = index[GAME.name]["taunt"]
    data = _data("taunt")
    assert entry["title"] == data["title"] and entry["reader"] == READER
    assert entry["caption"] == data["steps"][0]["caption"]


# ------------------------------------------------------------ the rules page


def test_the_client_names_the_rules_page_and_the_build_makes_it() -> None:
    assert registry.get_client(GAME.name).listing.rules == RULES
    page = build.rules_pages()[f"rules-{GAME.name}.html"]
    for board in EXPECTED:
        assert f'data-game="{GAME.name}" data-scenario="{board}"' in page
    assert 'href="rules-herorealms.html"' in page  # the base game's rules, which still hold


def test_the_rules_page_builds_with_every_lesson_beside_its_section() -> None:
    rules = rules_of(GAME.name)
    boards = {s["key"]: s["board"] for s in rules_sections(rules) if "board" in s}
    assert boards == {
        "adjacency": "neighbours",
        "taunt": "taunt",
        "hoard": "hoard",
        "skill-check": "skill_check",
        "defeat": "borrowing",
    }
    keys = [s["key"] for s in rules_sections(rules)]
    for key in ("goal", "setup", "dragon-cards", "boss-vs-boss"):
        assert key in keys
    page = rules_page(GAME.name, rules)
    found = re.findall(rf'data-game="{GAME.name}" data-scenario="([a-z_]+)"', page)
    assert found == EXPECTED  # all of them, in the lessons' order


def test_the_rules_page_refuses_boards_out_of_order() -> None:
    """The build's own order check holds this page too (its lessons' order.txt)."""
    rules = rules_of(GAME.name)
    sections = rules_sections(rules)
    first = next(s for s in sections if s.get("board") == "neighbours")
    last = next(s for s in sections if s.get("board") == "borrowing")
    first["board"], last["board"] = "borrowing", "neighbours"  # type: ignore[index]
    with pytest.raises(build.RulesError, match="lesson order"):
        rules_page(GAME.name, rules)


def test_the_rules_page_keeps_to_the_engines_figures() -> None:
    """The figures the engine plays by, as the page states them: the Dragon's
    health, hand and deck at each party size, in one line each; the taunt's
    10; each Hoard item's check beside its name (the board's card names);
    boss against boss."""
    text = {lang: " ".join(_all_text(rules_of(GAME.name), lang)) for lang in LANGS}
    for lang in LANGS:
        lines = re.findall(r"<li>([^<]*(?:<(?!/li>)[^<]*)*)</li>", _rules_html_of(lang))
        for size in range(1, 6):
            numbers = [BOSS_HEALTH[size - 1], HAND_BY_SIZE[size - 1], len(boss_deck(0, size))]
            wanted = re.compile(
                rf"^{size} h\w+\W.*?\b{numbers[0]}\b.*?\b{numbers[1]}\b.*?\b{numbers[2]}\b"
            )
            assert any(wanted.search(re.sub(r"<[^>]+>", "", line)) for line in lines), (lang, size)
        assert re.search(rf"\b{TAUNT_DAMAGE}\b", text[lang])
        for item in HOARD_IDS:
            name = re.escape(card_of(item, lang).replace("'", "’"))  # the page typesets it
            assert re.search(rf"{name} \({skill_check(item)}\)", text[lang]), (lang, name)
        boss = BOSS_HEALTH[BOSS_VS_BOSS - 1], HAND_BY_SIZE[BOSS_VS_BOSS - 1]
        deck = len(boss_deck(0, BOSS_VS_BOSS))
        for figure in (*boss, deck, BOSS_VS_BOSS):
            assert re.search(rf"\b{figure}\b", text[lang]), (lang, figure)


def _rules_html_of(lang: str) -> str:
    return " ".join(
        section["text"][lang]
        for section in rules_sections(rules_of(GAME.name))
        if "text" in section
    )


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
