"""Every registered game's rules page (its rules.toml): the icons its sections
name are in the site's sprite, and its French is typeset (no straight
apostrophe, non-breaking spaces before : ; ! ? and inside « »)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from game import registry
from tests.french import french_problems

ROOT = Path(__file__).resolve().parent.parent
NBSP = "\u00a0"


def _rules_files() -> dict[str, Path]:
    games = registry.rules_sources()["games"]
    assert isinstance(games, dict)
    return {name: Path(str(entry["file"])) for name, entry in games.items()}


RULES_FILES = _rules_files()


def _sections(path: Path) -> list[dict[str, Any]]:
    rules = tomllib.loads(path.read_text("utf-8"))
    return [section for part in rules["part"] for section in part["section"]]


def test_every_registered_game_has_a_rules_page() -> None:
    assert set(RULES_FILES) == set(registry.GAMES) - set(registry.TEST_GAMES)


@pytest.mark.parametrize("game", sorted(RULES_FILES))
def test_the_rules_page_icons_are_in_the_sprite(game: str) -> None:
    sprite = (ROOT / "site" / "partials" / "icons.svg").read_text("utf-8")
    icons = {s["icon"] for s in _sections(RULES_FILES[game]) if "icon" in s}
    assert icons and all(f'id="i-{icon}"' in sprite for icon in icons), icons


@pytest.mark.parametrize("game", sorted(RULES_FILES))
def test_the_rules_page_french_is_typeset(game: str) -> None:
    text = RULES_FILES[game].read_text("utf-8")
    french = re.findall(r'fr = "((?:[^"\\]|\\.)*)"', text) + re.findall(
        r'\.fr = """(.*?)"""', text, flags=re.S
    )
    assert len(french) > 20
    for chunk in french:
        plain = re.sub(r"<[^>]+>", "", chunk.replace("&nbsp;", NBSP).replace("\\u00a0", NBSP))
        assert french_problems(plain) == [], chunk[:120]
