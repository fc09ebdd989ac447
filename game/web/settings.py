"""The game settings the menu hands to Python, parsed and checked.

Plain Python with no browser import, so it is tested under CPython. The menu
(``site/assets/menu.js``, ``settings()``) sends this JSON::

    {
      "version": 3,
      "game": "bossquest",               # a registered game (game.registry)
      "lang": "fr",                      # "fr" or "en"
      "players": [                       # the game's player range, in seat order
        {"seat": 0, "name": "Lancelot", "kind": "human"},
        {"seat": 1, "name": "Viviane", "kind": "bot", "level": "hard"}
      ],
      "options": {"keep_yellow": false, "potions": true},
      "hint": false                      # show a human the game's hint (its client's)
    }

A bot has a ``level``, one its seat's role offers in the game and mode
(``OptionsDeclaration.levels``, ``Role.levels``: "easy", "normal" or "hard"
unless the game declares others); a level the seat does not offer is refused,
naming the ones it does. A human has none. The
``options`` are the game's declared options (``Game.declared_options``): each
is checked against its declaration, the missing ones take their default, and
``Settings.options`` holds them normalized as the engine writes them (the
player count included, defaults left out unless always written), so that the
shell never names a game's option. A game of several modes (engine/modes.py)
takes its mode there too (``"mode": "party"``, left out for the first mode):
the player count must then be in that mode's range, and the constraints
between options hold, or the settings are refused with the reason.

Older settings, still found in saved games, are Boss Quest's (they name no
game): version 2 held its options at the top level (``keep_yellow`` and the
extensions ``potions``, ``companions``, ``reaper``, only when on); version 1
had no levels and no hint (its bots play at their role's default level,
"normal", and the hint is off).
``to_dict`` always writes the current version.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from game.engine.errors import MalformedData
from game.engine.modes import DEFAULT_LEVEL, Role
from game.engine.protocol import JSON
from game.engine.safejson import load_json, quote
from game.registry import get_game

__all__ = [
    "DEFAULT_LEVEL",
    "KINDS",
    "LANGS",
    "LEGACY_GAME",
    "LEGACY_OPTIONS",
    "MAX_NAME",
    "MAX_SETTINGS_BYTES",
    "READ_VERSIONS",
    "SETTINGS_VERSION",
    "Player",
    "Settings",
    "parse_settings",
]

SETTINGS_VERSION = 3
#: every version parse_settings reads (1: no levels, no hint; 1 and 2: Boss Quest's)
READ_VERSIONS = (1, 2, 3)
#: the game of settings older than version 3, which name none
LEGACY_GAME = "bossquest"
#: the top-level fields of versions 1 and 2 that were that game's options
LEGACY_OPTIONS = ("keep_yellow", "potions", "companions", "reaper")
LANGS = ("fr", "en")
KINDS = ("human", "bot")
MAX_NAME = 20
#: the menu's JSON is a few hundred bytes; anything far bigger is not settings
MAX_SETTINGS_BYTES = 16 * 1024
_FIELDS = {"version", "game", "lang", "players", "options", "hint"}

Lang = Literal["fr", "en"]
Kind = Literal["human", "bot"]


@dataclass(frozen=True)
class Player:
    """One seat at the table."""

    seat: int
    name: str
    kind: Kind
    #: how well a bot plays (a level its role offers); a human keeps the
    #: default, which means nothing for them
    level: str = DEFAULT_LEVEL

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "name": self.name, "kind": self.kind}
        if self.kind == "bot":
            data["level"] = self.level
        return data


@dataclass(frozen=True)
class Settings:
    """What the menu set up."""

    lang: Lang
    players: tuple[Player, ...]
    #: the game's options, normalized by its declaration ("players" included)
    options: dict[str, JSON] = field(default_factory=dict)
    #: show each human, on their turn, the game's hint (Boss Quest's odds)
    hint: bool = False
    #: the registered game these settings are for
    game: str = LEGACY_GAME

    def option(self, key: str) -> Any:
        """An option's value (its default when the normalized options leave it out)."""
        return get_game(self.game).declared_options.value(self.options, key)

    def roles(self) -> tuple[Role, ...]:
        """Each seat's role in the chosen mode (engine/modes.py)."""
        return get_game(self.game).declared_options.seat_roles(self.options)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape the menu sends (normalised)."""
        return {
            "version": SETTINGS_VERSION,
            "game": self.game,
            "lang": self.lang,
            "players": [player.to_dict() for player in self.players],
            "options": {k: v for k, v in self.options.items() if k != "players"},
            "hint": self.hint,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


def _fail(reason: str) -> ValueError:
    return ValueError(f"bad game settings: {reason}")


def parse_settings(text: str) -> Settings:
    """Parse and check the menu's JSON; raise ``ValueError`` saying what is wrong."""
    try:
        data = load_json(text, "the settings", max_bytes=MAX_SETTINGS_BYTES)
    except MalformedData as exc:
        raise _fail(exc.message) from exc
    if not isinstance(data, dict):
        raise _fail("not an object")
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise _fail(f"version {quote(version)}, expected one of {READ_VERSIONS}")
    lang = data.get("lang")
    if lang not in LANGS:
        raise _fail(f"lang {quote(lang)} is not one of {LANGS}")
    if version >= 3:
        name = data.get("game")
        unknown = sorted(str(key) for key in data if key not in _FIELDS)
        if unknown:
            raise _fail(f"unknown field {quote(unknown[0])}")
        raw_options = data.get("options", {})
        if not isinstance(raw_options, dict):
            raise _fail("options must be an object")
    else:
        name = LEGACY_GAME
        raw_options = {key: data.get(key, False) for key in LEGACY_OPTIONS}
        if not isinstance(raw_options["keep_yellow"], bool) or "keep_yellow" not in data:
            raise _fail("keep_yellow must be true or false")
    if not isinstance(name, str):
        raise _fail(f"game {quote(name)} is not a game's name")
    try:
        declared = get_game(name).declared_options
    except KeyError:
        raise _fail(f"unknown game {quote(name)}") from None
    raw_players = data.get("players")
    low, high = declared.min_players, declared.max_players
    if not isinstance(raw_players, list) or not (low <= len(raw_players) <= high):
        raise _fail(f"players must be a list of {low} to {high}")
    if "players" in raw_options:
        raise _fail("options may not hold the players")
    try:
        options = declared.normalize({**raw_options, "players": len(raw_players)})
    except MalformedData as exc:
        raise _fail(exc.message) from exc
    offered = declared.seat_levels(options)
    defaults = declared.seat_default_levels(options)
    players = tuple(
        _player(index, raw, version, offered[index], defaults[index])
        for index, raw in enumerate(raw_players)
    )
    # an option the rules turn on from this many players is on there
    for option in declared.options:
        if option.on_from_players is not None and len(players) >= option.on_from_players:
            options = declared.normalize({**options, option.key: True})
    hint = data.get("hint", False) if version == 1 else data.get("hint")
    if not isinstance(hint, bool):
        raise _fail("hint must be true or false")
    return Settings(
        lang=cast(Lang, lang),
        players=players,
        options=options,
        hint=hint,
        game=name,
    )


def _player(
    index: int, raw: object, version: int, offered: tuple[str, ...], default: str
) -> Player:
    """Seat `index`, whose role offers the levels `offered` (`default` unless chosen)."""
    if not isinstance(raw, dict):
        raise _fail(f"player {index} is not an object")
    if raw.get("seat") != index:
        raise _fail(f"player {index} has seat {quote(raw.get('seat'))}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _fail(f"player {index} kind {quote(kind)} is not one of {KINDS}")
    name = raw.get("name")
    if not isinstance(name, str) or not " ".join(name.split()):
        raise _fail(f"player {index} has no name")
    if kind == "human":
        if "level" in raw:
            raise _fail(f"player {index} is a human and has a level")
        level = DEFAULT_LEVEL
    else:
        chosen = raw.get("level", default) if version == 1 else raw.get("level")
        if not isinstance(chosen, str) or chosen not in offered:
            raise _fail(
                f"player {index} level {quote(chosen)} is not offered at this seat; "
                f"it offers {', '.join(offered)}"
            )
        level = chosen
    return Player(
        seat=index,
        name=" ".join(name.split())[:MAX_NAME],
        kind=cast(Kind, kind),
        level=level,
    )
