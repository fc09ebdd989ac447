"""The menu's settings and the replay with modes and seat roles
(game/web/settings.py, game/web/replay.py), on the test game of modes_game.py."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from game.bossquest import GAME as BOSSQUEST
from game.engine.match import Match
from game.engine.replaylink import ReplayLink
from game.registry import GAMES
from game.web.replay import Replay
from game.web.settings import parse_settings
from tests.modes_game import GAME as RACE


@pytest.fixture(autouse=True)
def race_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, RACE.name, RACE)


def _settings(count: int, options: dict[str, Any]) -> str:
    players = [{"seat": i, "name": f"P{i}", "kind": "human"} for i in range(count)]
    data = {"version": 3, "game": "race", "lang": "en", "players": players}
    return json.dumps({**data, "options": options, "hint": False})


def test_the_menu_settings_carry_the_mode_and_give_each_seats_role() -> None:
    settings = parse_settings(_settings(4, {"mode": "party"}))
    assert settings.options == {"players": 4, "mode": "party"}
    assert [role.id for role in settings.roles()] == ["dragon", "hero", "hero", "hero"]
    assert settings.to_dict()["options"] == {"mode": "party"}
    assert [role.id for role in parse_settings(_settings(2, {})).roles()] == ["player"] * 2


@pytest.mark.parametrize(
    ("count", "options", "reason"),
    [
        (2, {"mode": "party"}, "options.players must be 3 to 5 in mode party, not 2"),
        (3, {"mode": "lair"}, "options.mode must be one of race, party"),
        (3, {"mode": "party", "sprint": True}, "options.mode = 'party' needs options.sprint"),
    ],
)
def test_settings_the_mode_refuses_are_refused_with_the_reason(
    count: int, options: dict[str, Any], reason: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        parse_settings(_settings(count, options))


def _replay(options: dict[str, Any], eye: int | None) -> Replay:
    names = tuple(f"P{i}" for i in range(options["players"]))
    link = ReplayLink(Match("race", options, 1), eye, names, (True,) * len(names))
    return Replay(link, [RACE.new_game(options, 1)], [[]], eye)


def test_the_replay_names_each_seats_role() -> None:
    bar = _replay({"players": 4, "mode": "party"}, None)._bar("en")
    eyes = re.findall(r'data-act="(\d)" data-role="(\w+)"[^>]*>([^<]*)</button>', bar)
    assert eyes == [
        ("0", "dragon", "P0, Dragon"),
        ("1", "hero", "P1, Hero"),
        ("2", "hero", "P2, Hero"),
        ("3", "hero", "P3, Hero"),
    ]
    seen = _replay({"players": 3, "mode": "party"}, 2)._bar("fr")
    assert 'data-eye="2" data-role="hero">Vu par P2, Héros</p>' in seen


def test_a_replay_of_one_role_names_no_role() -> None:
    bar = _replay({"players": 3}, None)._bar("en")
    assert "data-role" not in bar and ">P1</button>" in bar
    names = ("A", "B")
    link = ReplayLink(Match("bossquest", {"players": 2}, 1), None, names, (True, True))
    replay = Replay(link, [BOSSQUEST.new_game({"players": 2}, 1)], [[]], None)
    assert replay.seat_roles() is None and replay.seat_label(1, "en") == "B"
