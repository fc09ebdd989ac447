"""The Boss's tutorial boards (game/theboss/tutorials): six lessons, each a
stacked deal seen through its reader's eyes that passes the scenario runner and
``python -m game scenario``, speaks French and English (the French typeset),
gives each of the reader's moves a caption and a hint, stays short and shows
its one rule; and the rules page (game/theboss/ui/rules.toml) sets each of
them beside its section.

The board runner (game.web.tutorial) needs the game's client: those tests
wait for The Boss to be registered with one (game/registry.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import build
from game import registry
from game.engine.scenario import load_scenario, run_scenario
from game.theboss import GAME
from game.theboss.scenario import SCENARIOS
from tests.french import french_problems
from tests.lesson_play import play_lesson_on_its_board
from tests.rules_pages import rules_of, rules_page, rules_sections

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "game" / "theboss" / "tutorials"

#: the lessons the rules page sets beside its sections
EXPECTED = {"majority", "occasionals", "chicago", "sanctions", "police", "last_turn"}
NAMES = registry.lesson_order(FOLDER)
LANGS = ("fr", "en")
NBSP = "\u00a0"

needs_registration = pytest.mark.skipif(
    GAME.name not in registry.GAMES,
    reason="The Boss is not registered yet (game/registry.py): `python -m game` knows it not",
)
needs_client = pytest.mark.skipif(
    GAME.name not in registry.GAMES or GAME.name not in registry.CLIENTS,
    reason="The Boss has no registered client yet: the board runner needs one",
)


def _data(name: str) -> dict[str, Any]:
    return load_scenario(FOLDER / f"{name}.json")


def _is_reader_move(step: Mapping[str, Any], reader: str) -> bool:
    return step.get("seat") == reader and "do" in step and "fails" not in step


def _stops(data: Mapping[str, Any]) -> list[int]:
    """The steps the board stops at: the reader's moves and the captioned ones."""
    return [
        index
        for index, step in enumerate(data["steps"])
        if _is_reader_move(step, data["reader"]) or "caption" in step
    ]


def _texts(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every text for people in the file: (where, {"fr": ..., "en": ...})."""
    for key in ("title", "intro", "outro"):
        yield key, data.get(key, {})
    for index, step in enumerate(data["steps"]):
        for key in ("caption", "hint"):
            if key in step:
                yield f"step {index} {key}", step[key]


def test_every_lesson_exists() -> None:
    assert set(NAMES) == EXPECTED


@pytest.mark.parametrize("name", NAMES)
def test_lesson_passes_the_runner(name: str) -> None:
    data = _data(name)
    assert data["game"] == GAME.name
    result = run_scenario(GAME, SCENARIOS, data)
    assert result.passed, result.failure


@needs_registration
def test_every_lesson_passes_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", "game/theboss/tutorials"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(EXPECTED)} passed, 0 failed" in done.stdout
    assert all(f"PASS game/theboss/tutorials/{name}.json" in done.stdout for name in EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_lesson_speaks_both_languages_and_guides_the_reader(name: str) -> None:
    data = _data(name)
    reader = data["reader"]
    assert reader in data["setup"]["players"]
    for where, texts in _texts(data):
        assert isinstance(texts, Mapping) and set(texts) == set(LANGS), where
        assert all(isinstance(texts[lang], str) and texts[lang].strip() for lang in LANGS), where
        assert texts["fr"] != texts["en"], where
    for index, step in enumerate(data["steps"]):
        if _is_reader_move(step, reader):
            assert "caption" in step and "hint" in step, f"step {index}: the reader's move"
    # The board shows the intro with the first stop only if nothing was played
    # before it: the lesson opens on the reader's move or on a captioned step.
    first = data["steps"][0]
    assert _is_reader_move(first, reader) or "caption" in first


@pytest.mark.parametrize("name", NAMES)
def test_french_is_typeset(name: str) -> None:
    data = _data(name)
    for where, texts in _texts(data):
        assert french_problems(texts["fr"]) == [], (where, texts["fr"])


@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_short_with_a_handful_of_moves(name: str) -> None:
    data = _data(name)
    moves = [step for step in data["steps"] if _is_reader_move(step, data["reader"])]
    assert 3 <= len(_stops(data)) <= 8
    assert 3 <= len(moves) <= 6


def _fails(data: Mapping[str, Any]) -> set[str]:
    return {step["fails"] for step in data["steps"] if "fails" in step}


def _expected(data: Mapping[str, Any], key: str) -> list[Any]:
    """Every value the lesson expects for `key`, in step order."""
    return [step["expect"][key] for step in data["steps"] if key in step.get("expect", {})]


def test_majority_shows_the_strict_majority_and_being_outbid() -> None:
    data = _data("majority")
    assert "no_majority" in _fails(data)
    holders = [h["new_york"] for h in _expected(data, "holder") if "new_york" in h]
    assert holders == ["Alix", "Bruno", "Alix"]  # taken, outbid, taken back
    assert _expected(data, "took")[-1]["new_york"] == "Alix"


def test_occasionals_never_go_alone_and_are_gone_at_the_rounds_end() -> None:
    data = _data("occasionals")
    assert "occasional_alone" in _fails(data)
    joined = [s for s in data["steps"] if s.get("do", "").startswith("place boston 0 ")]
    assert joined and joined[0]["seat"] == data["reader"]  # joining an expert already there
    end = data["steps"][-1]["expect"]
    assert end["round"] == 2 and end["occasionals_used"] == {"Alix": 3}
    assert end["occasionals_available"] == {"Alix": 0} and end["experts_available"] == {"Alix": 6}


def test_chicago_needs_a_gangster_elsewhere_and_pays_half_rounded_down() -> None:
    data = _data("chicago")
    assert "chicago_first" in _fails(data)
    (chicago,) = _expected(data, "chicago")
    assert chicago["total"] % 2 == 1 and chicago["gain"] == chicago["total"] // 2
    assert any(card.endswith("_hospital") for card in chicago["cards"])  # counts 0
    assert _expected(data, "away")[-1] == {"Alix": []}  # and hurts nobody


def test_sanctions_shows_each_one_and_a_city_with_nobody() -> None:
    data = _data("sanctions")
    (effects,) = _expected(data, "effects")
    assert {"killed", "jailed", "hurt", "banned", "nobody", "money"} <= set(effects.values())
    assert effects["cincinnati"] == "banned" and "banned" in _fails(data)
    away = _expected(data, "away")[-1]
    assert sorted(map(tuple, away.values())) == [(1,), (2,)]  # hospital 1 round, jail 2


def test_police_turns_at_two_cards_and_the_third_badge_ends_the_game() -> None:
    data = _data("police")
    assert data["setup"]["round"] == 3
    shown = _expected(data, "police")
    assert shown[0] == ["gold", "gold"] and shown[-1] == ["gold", "gold", "both"]
    turned = next(s for s in data["steps"] if s.get("expect", {}).get("police") == shown[-1])
    assert turned["expect"]["turn"] == 4  # when everyone holds two cards
    assert data["steps"][-1]["expect"]["game_over"] is True


def test_last_turn_goes_by_gangsters_left_and_first_is_no_gift() -> None:
    data = _data("last_turn")
    players = data["setup"]["players"]
    marker = players[(data["setup"].get("round", 1) - 1) % len(players)]
    usual = players[players.index(marker) :] + players[: players.index(marker)]
    order = _expected(data, "last_order")[-1]
    assert order != usual and order[0] == data["reader"]
    # after the reader, first in the last turn, someone still outbids them
    reader_last = max(i for i, s in enumerate(data["steps"]) if _is_reader_move(s, data["reader"]))
    later = data["steps"][reader_last + 1 :]
    assert any(s.get("do", "").startswith("place ") for s in later)


# ------------------------------------------------------------- on the board


@needs_client
@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_complete_for_the_board(name: str) -> None:
    from game.web.tutorial import tutorial_problems

    assert tutorial_problems(_data(name)) == []


@needs_client
@pytest.mark.parametrize("name", NAMES)
def test_lesson_plays_to_its_end_on_the_board(name: str) -> None:
    from game.web.tutorial import TutorialSession, load_tutorial

    data = load_tutorial(name, game=GAME.name)
    # the lesson opens on its first stop, not on a past round's result
    assert not TutorialSession(data, name=name).fresh_result()
    assert play_lesson_on_its_board(GAME, data, name) >= 3


# ------------------------------------------------------------ the rules page


def test_the_rules_page_sets_every_lesson_beside_its_section() -> None:
    rules = rules_of(GAME.name)
    boards = [s["board"] for s in rules_sections(rules) if "board" in s]
    assert sorted(boards) == sorted(EXPECTED)
    keys = [s["key"] for s in rules_sections(rules)]
    for key in ("goal", "setup", "hands", "turn", "occasionals", "chicago", "police"):
        assert key in keys
    for key in ("last-turn", "sanctions", "next-round", "end"):
        assert key in keys
    page = rules_page(GAME.name, rules)
    for board in EXPECTED:
        assert f'data-game="theboss" data-scenario="{board}"' in page


def test_the_build_index_holds_the_lessons_for_the_page() -> None:
    index = json.loads(build.tutorials_index())
    assert set(index[GAME.name]) == EXPECTED
    entry = index[GAME.name]["majority"]
    data = _data("majority")
    assert entry["title"] == data["title"] and entry["reader"] == "Alix"
    assert entry["preview"] == {}  # The Boss previews nothing of a lesson's setup
    assert entry["caption"] == data["steps"][0]["caption"]
