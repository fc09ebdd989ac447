"""One way to translate: every catalogue of the platform and of every game
(game.engine.words.Catalogue) has each key in French and English, with the
same placeholders in both."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

from game.engine.words import CATALOGUES, LANGS, Catalogue

ROOT = Path(__file__).resolve().parent.parent
_BROWSER = re.compile(r"^\s*(import|from) (js|pyodide)\b", re.MULTILINE)


def _import_every_module() -> list[str]:
    """Import every module of `game` that runs outside a browser, so that every
    catalogue is made; the page's entry modules (js, pyodide) are left out."""
    names = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        text = path.read_text("utf-8")
        if path.name == "__main__.py" or _BROWSER.search(text):
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        importlib.import_module(name)
        names.append(name)
    return names


def test_every_catalogue_has_every_key_in_both_languages() -> None:
    assert len(_import_every_module()) > 50
    names = {catalogue.name for catalogue in CATALOGUES}
    # the platform's and each game's words are all catalogues
    assert {"platform", "platform.network", "platform.replay", "platform.tutorial"} <= names
    assert {"bossquest.board", "bossquest.log", "duel.board"} <= names
    problems = [problem for catalogue in CATALOGUES for problem in catalogue.problems()]
    assert problems == []


def test_a_catalogue_names_what_is_missing_or_mismatched() -> None:
    broken = Catalogue(
        "test.broken",
        {
            "only_fr": {"fr": "Bonjour"},
            "empty": {"fr": " ", "en": "Hi"},
            "fields": {"fr": "{name} joue", "en": "{who} plays"},
        },
    )
    CATALOGUES.remove(broken)
    found = broken.problems()
    assert len(found) == 3 and all(line.startswith("test.broken.") for line in found)
    assert LANGS == ("fr", "en")


def test_plural_follows_each_language() -> None:
    words = Catalogue("test.plural", {"one": {"fr": "{n} clef", "en": "{n} key"},
                                      "many": {"fr": "{n} clefs", "en": "{n} keys"}})  # fmt: skip
    CATALOGUES.remove(words)
    assert words.plural("one", "many", 0, "fr") == "0 clef"
    assert words.plural("one", "many", 0, "en") == "0 keys"
    assert words.plural("one", "many", 2, "fr") == "2 clefs"
    assert words.plural("one", "many", 1, "en", who="Ana") == "1 key"


def test_no_text_writes_a_plural_as_s_in_brackets() -> None:
    """A count takes a `plural` pair of keys: "wins 1 key(s)" reads badly."""
    _import_every_module()
    bracketed = re.compile(r"\w\((s|e|es|x)\)")
    found = [
        f"{catalogue.name}.{key}: {text}"
        for catalogue in CATALOGUES
        for key, texts in catalogue.items()
        for text in texts.values()
        if bracketed.search(text)
    ]
    assert found == []


def test_french_text_takes_the_typographic_apostrophe() -> None:
    """French writes l’Armurier, not l'Armurier: one apostrophe on every screen."""
    _import_every_module()
    found = [
        f"{catalogue.name}.{key}: {texts['fr']}"
        for catalogue in CATALOGUES
        for key, texts in catalogue.items()
        if "'" in texts.get("fr", "")
    ]
    assert found == []


def _french_in(node: object) -> list[str]:
    if isinstance(node, dict):
        own = [node["fr"]] if isinstance(node.get("fr"), str) else []
        return own + [text for value in node.values() for text in _french_in(value)]
    if isinstance(node, list):
        return [text for value in node for text in _french_in(value)]
    return []


def test_the_tutorials_french_takes_the_typographic_apostrophe() -> None:
    lessons = sorted(ROOT.glob("game/*/tutorials/*.json"))
    assert len(lessons) > 20
    found = [
        f"{path.parent.parent.name}/{path.name}: {text[:60]}"
        for path in lessons
        for text in _french_in(json.loads(path.read_text("utf-8")))
        if "'" in text
    ]
    assert found == []
