"""game.web.settings under CPython: the JSON the menu hands to Python (version 2,
with the bots' levels and the odds hint), and version 1 from older saves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.web.settings import SETTINGS_VERSION, Player, Settings, parse_settings


def _menu(**changes: Any) -> str:
    data: dict[str, Any] = {
        "version": 2,
        "lang": "fr",
        "players": [
            {"seat": 0, "name": "Lancelot", "kind": "human"},
            {"seat": 1, "name": "Viviane", "kind": "bot", "level": "normal"},
        ],
        "keep_yellow": False,
        "hint": False,
    }
    data.update(changes)
    return json.dumps(data)


def _version_1(**changes: Any) -> str:
    """What the menu sent before the levels and the hint (still in older saves)."""
    data: dict[str, Any] = {
        "version": 1,
        "lang": "en",
        "players": [
            {"seat": 0, "name": "Lancelot", "kind": "human"},
            {"seat": 1, "name": "Viviane", "kind": "bot"},
            {"seat": 2, "name": "Perceval", "kind": "bot"},
        ],
        "keep_yellow": False,
    }
    data.update(changes)
    return json.dumps(data)


def test_parses_the_menu_json() -> None:
    settings = parse_settings(_menu())
    assert settings == Settings(
        lang="fr",
        players=(Player(0, "Lancelot", "human"), Player(1, "Viviane", "bot", "normal")),
        keep_yellow=False,
        hint=False,
    )
    assert parse_settings(settings.to_json()) == settings


def test_bot_levels_and_the_hint() -> None:
    players = [
        {"seat": 0, "name": "Lancelot", "kind": "human"},
        {"seat": 1, "name": "Viviane", "kind": "bot", "level": "hard"},
        {"seat": 2, "name": "Perceval", "kind": "bot", "level": "easy"},
        {"seat": 3, "name": "Gauvain", "kind": "human"},
    ]
    settings = parse_settings(_menu(players=players, hint=True))
    assert [p.level for p in settings.players if p.kind == "bot"] == ["hard", "easy"]
    assert settings.hint is True
    # written back in the current version: a level for each bot, none for a human
    data = settings.to_dict()
    assert data["version"] == SETTINGS_VERSION == 2
    assert data["hint"] is True
    assert data["players"] == players
    assert parse_settings(settings.to_json()) == settings


def test_version_1_still_reads_with_normal_bots_and_no_hint() -> None:
    settings = parse_settings(_version_1())
    assert [(p.kind, p.level) for p in settings.players] == [
        ("human", "normal"),
        ("bot", "normal"),
        ("bot", "normal"),
    ]
    assert settings.hint is False
    again = settings.to_dict()
    assert again["version"] == 2
    assert [p.get("level") for p in again["players"]] == [None, "normal", "normal"]
    assert parse_settings(settings.to_json()) == settings


def test_yellow_is_always_in_from_five_players() -> None:
    players = [{"seat": i, "name": f"P{i}", "kind": "bot", "level": "easy"} for i in range(5)]
    assert parse_settings(_menu(players=players)).keep_yellow is True


def test_names_are_tidied() -> None:
    players = [
        {"seat": 0, "name": "  Dame   du  Lac ", "kind": "human"},
        {"seat": 1, "name": "x" * 40, "kind": "bot", "level": "hard"},
    ]
    settings = parse_settings(_menu(players=players))
    assert [p.name for p in settings.players] == ["Dame du Lac", "x" * 20]


def _bot(**changes: Any) -> dict[str, Any]:
    bot: dict[str, Any] = {"seat": 1, "name": "B", "kind": "bot", "level": "normal"}
    bot.update(changes)
    return bot


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        _menu(version=3),
        _menu(version=0),
        _menu(version="2"),
        _menu(version=True),
        _menu(lang="de"),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}]),
        _menu(players=[{"seat": i, "name": "A", "kind": "bot"} for i in range(7)]),
        _menu(players=[{"seat": 1, "name": "A", "kind": "bot"}] * 2),
        _menu(players=[{"seat": 0, "name": " ", "kind": "bot"}, {"seat": 1, "name": "B"}]),
        _menu(players=[{"seat": 0, "name": "A", "kind": "cat"}, {"seat": 1, "name": "B"}]),
        _menu(keep_yellow="yes"),
        # a bot's level: one of easy, normal, hard, and always given from version 2
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}, _bot(level="expert")]),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}, _bot(level="random")]),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}, _bot(level=None)]),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}, _bot(level=2)]),
        _menu(
            players=[
                {"seat": 0, "name": "A", "kind": "human"},
                {"seat": 1, "name": "B", "kind": "bot"},
            ]
        ),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human", "level": "hard"}, _bot()]),
        _version_1(players=[{"seat": 0, "name": "A", "kind": "human"}, _bot(level="super")]),
        # the hint: true or false, always given from version 2
        _menu(hint="yes"),
        _menu(hint=None),
        json.dumps({k: v for k, v in json.loads(_menu()).items() if k != "hint"}),
        _version_1(hint=1),
    ],
)
def test_rejects_bad_settings(text: str) -> None:
    with pytest.raises(ValueError, match="bad game settings"):
        parse_settings(text)
