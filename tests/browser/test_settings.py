"""game.web.settings under CPython: the JSON the menu hands to Python (version 3:
the game's name and its declared options; the bots' levels and the hint),
and versions 1 and 2 (Boss Quest's, naming no game) from older saves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.registry import get_game
from game.web.settings import SETTINGS_VERSION, Player, Settings, parse_settings

PAIR = [
    {"seat": 0, "name": "Lancelot", "kind": "human"},
    {"seat": 1, "name": "Viviane", "kind": "bot", "level": "normal"},
]


def _menu(**changes: Any) -> str:
    """What the menu sends today (menu.js: settings())."""
    data: dict[str, Any] = {
        "version": 3,
        "game": "bossquest",
        "lang": "fr",
        "players": PAIR,
        "options": {"keep_yellow": False},
        "hint": False,
    }
    data.update(changes)
    return json.dumps(data)


def _version_2(**changes: Any) -> str:
    """What the menu sent before settings named their game (in older saves)."""
    data: dict[str, Any] = {
        "version": 2,
        "lang": "fr",
        "players": PAIR,
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
        options={"players": 2, "keep_yellow": False},
        hint=False,
        game="bossquest",
    )
    assert parse_settings(settings.to_json()) == settings
    assert settings.to_dict()["version"] == SETTINGS_VERSION == 3


def test_options_are_read_through_the_games_declaration() -> None:
    settings = parse_settings(_menu(options={"potions": True, "reaper": False}))
    # normalized as the engine writes them: defaults left out unless always written
    assert settings.options == {"players": 2, "keep_yellow": False, "potions": True}
    assert [settings.option(k) for k in ("potions", "companions", "reaper")] == [True, False, False]
    # missing options take their declared default
    assert parse_settings(_menu(options={})).options == get_game(
        "bossquest"
    ).declared_options.normalize({"players": 2})


def test_version_2_is_boss_quests_with_its_options_at_the_top() -> None:
    old = parse_settings(_version_2(keep_yellow=True, companions=True))
    assert old.game == "bossquest"
    assert old.options == {"players": 2, "keep_yellow": True, "companions": True}
    new = parse_settings(old.to_json())
    assert new == old
    assert new.to_dict()["options"] == {"keep_yellow": True, "companions": True}
    assert parse_settings(_menu(options={"keep_yellow": True, "companions": True})) == old


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
    assert data["version"] == SETTINGS_VERSION
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
    assert settings.game == "bossquest"
    again = settings.to_dict()
    assert again["version"] == SETTINGS_VERSION
    assert [p.get("level") for p in again["players"]] == [None, "normal", "normal"]
    assert parse_settings(settings.to_json()) == settings


def test_yellow_is_always_in_from_five_players() -> None:
    """The declaration's on_from_players: ticked and locked in the menu, on here."""
    players = [{"seat": i, "name": f"P{i}", "kind": "bot", "level": "easy"} for i in range(5)]
    assert parse_settings(_menu(players=players)).option("keep_yellow") is True
    assert parse_settings(_version_2(players=players)).option("keep_yellow") is True
    assert parse_settings(_menu(players=players[:4])).option("keep_yellow") is False


def test_the_player_range_is_the_games() -> None:
    seven = [{"seat": i, "name": f"P{i}", "kind": "bot", "level": "easy"} for i in range(7)]
    with pytest.raises(ValueError, match="2 to 6"):
        parse_settings(_menu(players=seven))


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
        _menu(version=4),
        _menu(version=0),
        _menu(version="3"),
        _menu(version=True),
        _menu(lang="de"),
        _menu(players=[{"seat": 0, "name": "A", "kind": "human"}]),
        _menu(players=[{"seat": i, "name": "A", "kind": "bot"} for i in range(7)]),
        _menu(players=[{"seat": 1, "name": "A", "kind": "bot"}] * 2),
        _menu(players=[{"seat": 0, "name": " ", "kind": "bot"}, {"seat": 1, "name": "B"}]),
        _menu(players=[{"seat": 0, "name": "A", "kind": "cat"}, {"seat": 1, "name": "B"}]),
        _menu(options={"keep_yellow": "yes"}),
        _version_2(keep_yellow="yes"),
        _version_2(potions=1),
        json.dumps({k: v for k, v in json.loads(_version_2()).items() if k != "keep_yellow"}),
        # the game: a registered one; its options: declared ones, as declared
        _menu(game="chess"),
        _menu(game=None),
        _menu(options={"dragons": True}),
        _menu(options={"players": 2}),
        _menu(options=[]),
        _menu(extra=1),
        # a bot's level: one its seat offers (easy, normal, hard), given from version 2
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
        _version_2(hint=None),
        json.dumps({k: v for k, v in json.loads(_menu()).items() if k != "hint"}),
        _version_1(hint=1),
    ],
)
def test_rejects_bad_settings(text: str) -> None:
    with pytest.raises(ValueError, match="bad game settings"):
        parse_settings(text)
