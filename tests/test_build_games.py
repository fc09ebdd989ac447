"""build.py's catalogue of games: what the home lists, written into the pages.
The default build offers the site's games; ``--test-games`` adds Duel."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import build
from game import registry


def _names(text: str) -> list[str]:
    return [game["name"] for game in json.loads(text)["games"]]


def test_the_default_catalogue_offers_boss_quest_and_no_test_game() -> None:
    text = build.catalogue_json()
    assert "<" not in text and "@" not in text  # safe inside <script>, no placeholder
    data = json.loads(text)
    assert data["test_games"] is False
    assert _names(text) == ["bossquest", "theboss", "herorealms", "hrdragon", "bazarquest"]
    entry = data["games"][0]
    assert entry["title"] == {"fr": "Boss Quest", "en": "Boss Quest"}
    assert set(entry["description"]) == {"fr", "en"}
    assert entry["declared"]["players"] == {"min": 2, "max": 6, "default": 3}
    keys = [option["key"] for option in entry["declared"]["options"]]
    assert keys == ["keep_yellow", "potions", "companions", "reaper"]
    assert entry["rules"] is True and "basic_turn" in entry["tutorials"]


def test_the_test_games_build_includes_duel() -> None:
    """``--test-games`` registers the test games; Duel is listed once it has a
    client (only playable games are offered)."""
    text = build.catalogue_json(test_games=True)
    assert json.loads(text)["test_games"] is True
    has_client = subprocess.run(
        [
            sys.executable,
            "-c",
            "import game.registry as r; r.include_test_games(); print('duel' in r.playable())",
        ],
        cwd=build.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert ("duel" in _names(text)) is (has_client == "True")
    assert "bossquest" in _names(text)
    # a default build after a test build still offers no test game (each build
    # reads the registry in a fresh process, whatever this process registered)
    assert "duel" not in _names(build.catalogue_json())


def test_the_option_reaches_the_command_line() -> None:
    out = subprocess.run(
        [sys.executable, "build.py", "--help"],
        cwd=build.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "--test-games" in out


# ------------------------------------------------------- the lessons' order


def test_every_game_declares_one_lesson_order_that_its_rules_page_follows() -> None:
    """The home's Tutorials link opens a game's first lesson and the tutorial
    page lists them in the same order as the rules page shows them: the order
    each game declares once (its tutorials' order.txt), not the files' names
    (The Boss's Chicago lesson, third on its page, came first by name)."""
    catalogue = json.loads(build.catalogue_json())
    pages = build.rules_pages()
    for entry in catalogue["games"]:
        page = pages[f"rules-{entry['name']}.html"]
        boards = re.findall(r'data-board data-game="[a-z_]+" data-scenario="([a-z0-9_]+)"', page)
        assert boards and entry["tutorials"] == boards, entry["name"]
        brief = json.loads(build.games_json(build.catalogue_json()))["games"]
        assert {g["name"]: g["tutorials"] for g in brief}[entry["name"]] == boards
    theboss = {g["name"]: g for g in catalogue["games"]}["theboss"]
    assert theboss["tutorials"][0] == "majority"


def _lessons(folder: Path, names: list[str], order: str | None) -> Path:
    folder.mkdir()
    for name in names:
        (folder / f"{name}.json").write_text("{}", "utf-8")
    if order is not None:
        (folder / registry.LESSON_ORDER_FILE).write_text(order, "utf-8")
    return folder


def test_the_lesson_order_is_the_declared_one_else_by_name(tmp_path: Path) -> None:
    folder = _lessons(
        tmp_path / "tutorials", ["b", "a", "c"], "# first the basics\nc\n\na  # then\nb\n"
    )
    assert registry.lesson_order(folder) == ["c", "a", "b"]
    plain = _lessons(tmp_path / "plain", ["b", "a"], None)
    assert registry.lesson_order(plain) == ["a", "b"]


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        ("a\nb\na\n", "line 3: 'a' is already listed"),
        ("a\nb\nzz\n", "line 3: there is no lesson 'zz'"),
        ("a\n", "leaves out the lesson 'b'"),
    ],
)
def test_a_lesson_order_that_does_not_fit_the_lessons_is_refused(
    tmp_path: Path, order: str, reason: str
) -> None:
    folder = _lessons(tmp_path / "tutorials", ["a", "b"], order)
    with pytest.raises(ValueError, match=re.escape(reason)):
        registry.lesson_order(folder)


def test_a_rules_page_whose_boards_break_the_lesson_order_is_refused() -> None:
    source = build.rules_sources()["games"]["theboss"]
    data = tomllib.loads(Path(source["file"]).read_text("utf-8"))
    lessons = list(reversed(source["tutorials"]))
    with pytest.raises(build.RulesError, match="in the game's lesson order"):
        build.rules_page(
            "theboss",
            data,
            title=source["title"],
            tutorials=lessons,
            pages=["theboss"],
            template=build.RULES_TEMPLATE.read_text("utf-8"),
        )


def test_each_games_own_script_and_style_are_joined_for_the_pages(tmp_path: Path) -> None:
    """A game's ui/*.js and ui/*.css reach the pages as assets/games.js and
    assets/games.css, by path, each under a comment naming its file; a game
    without any adds nothing; the tutorial page runs games.js before embed.js."""
    for name, files in (("alpha", ("skeleton.js", "alpha.css")), ("beta", ())):
        ui = tmp_path / "game" / name / "ui"
        ui.mkdir(parents=True)
        for file in files:
            (ui / file).write_text(f"/* {name} {file} */\n", "utf-8")
    script = build.games_script(tmp_path / "game")
    assert script == "/* game/alpha/ui/skeleton.js */\n/* alpha skeleton.js */\n"
    assert build.games_stylesheet(tmp_path / "game").startswith("/* game/alpha/ui/alpha.css */")
    real = build.games_script()
    assert "skeletons.bossquest" in real and "skeletons.theboss" in real
    embed = (Path(build.__file__).parent / "site" / "embed.html").read_text("utf-8")
    assert embed.index('src="assets/games.js"') < embed.index('src="assets/embed.js"')
