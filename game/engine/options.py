"""A game's options, declared once: the player range and each option's key,
type, default, constraints, and label and help in French and English.

The game's `normalize_options`, the command line's `--option`, scenario setups
and saves read options through `OptionsDeclaration.normalize`; the menu and the
lobby draw their controls from `to_json()`. Nothing else lists a game's options.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import MalformedData
from .protocol import JSON
from .safejson import quote

__all__ = ["LANGS", "Option", "OptionsDeclaration", "Words"]

LANGS = ("fr", "en")
Words = Mapping[str, str]
"""A text in every language of the platform: {"fr": ..., "en": ...}."""


@dataclass(frozen=True)
class Option:
    """One game option. Its type is the type of its default: bool, int or str."""

    key: str
    default: bool | int | str
    label: Words
    help: Words
    minimum: int | None = None  # ints only
    maximum: int | None = None
    choices: tuple[str, ...] = ()  # strings only: the values allowed
    choice_labels: Mapping[str, Words] = field(default_factory=dict)
    """Each choice's name in French and English, as the menu and the lobby show
    it (a choice without one shows its value)."""
    always_written: bool = False
    """Write the key even at its default (otherwise it appears only when changed,
    so that adding an option never changes older saves, links or hashes)."""
    on_from_players: int | None = None
    """A true/false option that the rules turn on from this many players: the
    menu shows it ticked and locked there."""

    def choice_label(self, value: str, lang: str) -> str:
        """How the menu and the lobby name choice `value` in `lang`."""
        words = self.choice_labels.get(value)
        return words.get(lang, value) if words is not None else value

    def read(self, value: object) -> bool | int | str:
        """`value` checked against the option's type and constraints."""
        what = f"options.{self.key}"
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise MalformedData(f"{what} must be true or false, not {quote(value)}")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise MalformedData(f"{what} must be an integer, not {quote(value)}")
            low = self.minimum if self.minimum is not None else value
            high = self.maximum if self.maximum is not None else value
            if not low <= value <= high:
                raise MalformedData(
                    f"{what} must be {low} to {high}, not {quote(value)}", "bad_option"
                )
            return value
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            known = ", ".join(self.choices)
            raise MalformedData(f"{what} must be one of {known}, not {quote(value)}", "bad_option")
        return value

    def to_json(self) -> dict[str, JSON]:
        kind = "bool" if isinstance(self.default, bool) else type(self.default).__name__
        data: dict[str, JSON] = {
            "key": self.key,
            "type": kind,
            "default": self.default,
            "label": dict(self.label),
            "help": dict(self.help),
        }
        for name in ("minimum", "maximum", "on_from_players"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        if self.choices:
            data["choices"] = list(self.choices)
        if self.choice_labels:
            data["choice_labels"] = {key: dict(words) for key, words in self.choice_labels.items()}
        return data


@dataclass(frozen=True)
class OptionsDeclaration:
    """The player range and the options of one game."""

    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = field(default=())

    def __post_init__(self) -> None:
        keys = [option.key for option in self.options]
        if "players" in keys or len(set(keys)) != len(keys):
            raise ValueError("option keys must be unique and not 'players'")
        if not self.min_players <= self.default_players <= self.max_players:
            raise ValueError("the default player count must be in the range")
        for option in self.options:
            if set(option.label) != set(LANGS) or set(option.help) != set(LANGS):
                raise ValueError(f"option {option.key} needs a label and help in {LANGS}")
            for choice, words in option.choice_labels.items():
                if choice not in option.choices or set(words) != set(LANGS):
                    raise ValueError(
                        f"option {option.key}: choice {choice!r} needs a name in {LANGS}"
                    )
            option.read(option.default)

    def normalize(self, data: object) -> dict[str, JSON]:
        """The options with defaults filled in. MalformedData names the first
        missing, unknown or mistyped field ("malformed") or value out of its
        range or choices ("bad_option")."""
        if not isinstance(data, Mapping):
            raise MalformedData("options must be a JSON object, not " + quote(data))
        by_key = {option.key: option for option in self.options}
        unknown = sorted(str(key) for key in data if key != "players" and key not in by_key)
        if unknown:
            raise MalformedData(f"options has an unknown field {quote(unknown[0])}")
        if "players" not in data:
            raise MalformedData("options is missing the field(s) players")
        players = data["players"]
        if isinstance(players, bool) or not isinstance(players, int):
            raise MalformedData(f"options.players must be an integer, not {quote(players)}")
        if not self.min_players <= players <= self.max_players:
            raise MalformedData(
                f"options.players must be {self.min_players} to {self.max_players}, "
                f"not {quote(players)}",
                "bad_option",
            )
        normalized: dict[str, JSON] = {"players": players}
        for option in self.options:
            value = option.read(data[option.key]) if option.key in data else option.default
            if option.always_written or value != option.default:
                normalized[option.key] = value
        return normalized

    def value(self, options: Mapping[str, JSON], key: str) -> Any:
        """An option's value in normalized options (its default when not written)."""
        if key == "players":
            return options["players"]
        option = next(option for option in self.options if option.key == key)
        return options.get(key, option.default)

    def samples(self) -> Iterator[dict[str, JSON]]:
        """Option sets that try every player count and every option changed alone
        (at the smallest and the largest table): what the conformance suite plays.
        Each set once: for a game with no option, "every option changed" is the
        largest table's default set, which would otherwise be played twice."""
        seen: set[str] = set()
        for options in self._sample_candidates():
            key = json.dumps(options, sort_keys=True)
            if key not in seen:
                seen.add(key)
                yield options

    def _sample_candidates(self) -> Iterator[dict[str, JSON]]:
        for players in range(self.min_players, self.max_players + 1):
            yield self.normalize({"players": players})
        for option in self.options:
            for value in _other_values(option):
                for players in sorted({self.min_players, self.max_players}):
                    yield self.normalize({"players": players, option.key: value})
        changed = {
            option.key: next(iter(_other_values(option)), option.default) for option in self.options
        }
        yield self.normalize({"players": self.max_players, **changed})

    def to_json(self) -> dict[str, JSON]:
        """What the menu and the lobby draw their controls from."""
        return {
            "players": {
                "min": self.min_players,
                "max": self.max_players,
                "default": self.default_players,
            },
            "options": [option.to_json() for option in self.options],
        }


def _other_values(option: Option) -> list[bool | int | str]:
    if isinstance(option.default, bool):
        return [not option.default]
    if isinstance(option.default, int):
        ends = [option.minimum, option.maximum]
        return [end for end in ends if end is not None and end != option.default]
    return [choice for choice in option.choices if choice != option.default]
