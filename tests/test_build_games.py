"""build.py's catalogue of games: what the home lists, written into the pages.
The default build offers the site's games; ``--test-games`` adds Duel."""

from __future__ import annotations

import json
import subprocess
import sys

import build


def _names(text: str) -> list[str]:
    return [game["name"] for game in json.loads(text)["games"]]


def test_the_default_catalogue_offers_boss_quest_and_no_test_game() -> None:
    text = build.catalogue_json()
    assert "<" not in text and "@" not in text  # safe inside <script>, no placeholder
    data = json.loads(text)
    assert data["test_games"] is False
    assert _names(text) == ["bossquest", "theboss"]
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
