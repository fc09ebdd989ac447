"""game.web.settings under CPython: the JSON the menu hands to Python."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.web.settings import Player, Settings, parse_settings


def _menu(**changes: Any) -> str:
    data: dict[str, Any] = {
        "version": 1,
        "lang": "fr",
        "players": [
            {"seat": 0, "name": "Lancelot", "kind": "human"},
            {"seat": 1, "name": "Viviane", "kind": "bot"},
        ],
        "keep_yellow": False,
    }
    data.update(changes)
    return json.dumps(data)


def test_parses_the_menu_json() -> None:
    settings = parse_settings(_menu())
    assert settings == Settings(
        lang="fr",
        players=(Player(0, "Lancelot", "human"), Player(1, "Viviane", "bot")),
        keep_yellow=False,
    )
    assert parse_settings(settings.to_json()) == settings


def test_yellow_is_always_in_from_five_players() -> None:
    players = [{"seat": i, "name": f"P{i}", "kind": "bot"} for i in range(5)]
    assert parse_settings(_menu(players=players)).keep_yellow is True


def test_names_are_tidied() -> None:
    players = [
        {"seat": 0, "name": "  Dame   du  Lac ", "kind": "human"},
        {"seat": 1, "name": "x" * 40, "kind": "bot"},
    ]
    settings = parse_settings(_menu(players=players))
    assert [p.name for p in settings.players] == ["Dame du Lac", "x" * 20]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        _menu(version=2),
        _menu(lang="de"),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}]),
        _menu(players=[{"seat": i, "name": "A", "kind": "bot"} for i in range(7)]),
        _menu(players=[{"seat": 1, "name": "A", "kind": "bot"}] * 2),
        _menu(players=[{"seat": 0, "name": " ", "kind": "bot"}, {"seat": 1, "name": "B"}]),
        _menu(players=[{"seat": 0, "name": "A", "kind": "cat"}, {"seat": 1, "name": "B"}]),
        _menu(keep_yellow="yes"),
    ],
)
def test_rejects_bad_settings(text: str) -> None:
    with pytest.raises(ValueError, match="bad game settings"):
        parse_settings(text)
