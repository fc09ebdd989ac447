"""A game's options, declared once: the player range, the modes with their
seat roles and teams (engine/modes.py), each option's key, type, default,
constraints, label and help in French and English, and the constraints
between options.

The game's `normalize_options`, the command line's `--option`, scenario setups
and saves read options through `OptionsDeclaration.normalize`; the menu and the
lobby draw their controls from `to_json()`. Nothing else lists a game's options.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .errors import MalformedData
from .modes import (
    DEFAULT_LEVEL,
    STANDARD_LEVELS,
    BotLevel,
    Constraint,
    Mode,
    Role,
    Team,
    check_words,
    default_mode,
)
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


#: the engine's uniformly random bot (engine/bots.py), for tools and tests:
#: never a declared level
RANDOM_LEVEL = "random"
#: option keys the platform reads itself, which no declared option may take
RESERVED_KEYS = ("players", "mode")
#: past this many sets of options changed alone, the first mode's options
#: change together in the conformance samples (OptionsDeclaration.samples)
ALONE_SAMPLES = 16


@dataclass(frozen=True)
class OptionsDeclaration:
    """The player range, the modes, the options and the constraints between
    options of one game. `min_players`..`max_players` is the range over every
    mode; `modes` empty means one default mode over that range (modes.py).
    The first mode is the default: "mode" is written in the options only when
    another is chosen, so that declaring modes never changes older saves."""

    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = field(default=())
    modes: tuple[Mode, ...] = field(default=())
    constraints: tuple[Constraint, ...] = field(default=())
    levels: tuple[BotLevel, ...] = STANDARD_LEVELS
    """The bot levels the game offers people, easiest first (each role offers
    all of them or the part it names, modes.Role.levels)."""
    default_level: str = DEFAULT_LEVEL
    """A bot's level where its role names no default of its own."""

    def __post_init__(self) -> None:
        keys = [option.key for option in self.options]
        if any(key in RESERVED_KEYS for key in keys) or len(set(keys)) != len(keys):
            raise ValueError("option keys must be unique and not 'players' or 'mode'")
        if not self.min_players <= self.default_players <= self.max_players:
            raise ValueError("the default player count must be in the range")
        self._check_modes()
        self._check_levels()
        for option in self.options:
            if set(option.label) != set(LANGS) or set(option.help) != set(LANGS):
                raise ValueError(f"option {option.key} needs a label and help in {LANGS}")
            for choice, words in option.choice_labels.items():
                if choice not in option.choices or set(words) != set(LANGS):
                    raise ValueError(
                        f"option {option.key}: choice {choice!r} needs a name in {LANGS}"
                    )
            option.read(option.default)
        self._check_constraints()

    def _check_modes(self) -> None:
        ids = [mode.id for mode in self.modes]
        if len(set(ids)) != len(ids):
            raise ValueError(f"modes must have different ids: {', '.join(ids)}")
        for mode in self.all_modes:
            mode.validate()
        if not self.modes:
            return
        low = min(mode.min_players for mode in self.modes)
        high = max(mode.max_players for mode in self.modes)
        if (low, high) != (self.min_players, self.max_players):
            raise ValueError(
                f"the player range {self.min_players}..{self.max_players} must be the modes' "
                f"range {low}..{high}"
            )
        if self.modes[0].players_by_default != self.default_players:
            raise ValueError(
                f"the default mode {self.modes[0].id!r} must default to "
                f"{self.default_players} players, as the game does"
            )

    def _check_levels(self) -> None:
        ids = [level.id for level in self.levels]
        if not ids or len(set(ids)) != len(ids):
            raise ValueError("a game declares at least one bot level, each once")
        for level in self.levels:
            if not level.id.isidentifier() or not level.id.isascii() or level.id == RANDOM_LEVEL:
                raise ValueError(f"bot level {level.id!r} needs a short ASCII name, not 'random'")
            check_words(level.label, f"bot level {level.id!r}'s label")
        if self.default_level not in ids:
            raise ValueError(f"the default bot level {self.default_level!r} is not declared")
        for mode in self.all_modes:
            for role in mode.roles:
                what = f"mode {mode.id!r}: role {role.id!r}"
                unknown = [level for level in role.levels if level not in ids]
                if unknown or len(set(role.levels)) != len(role.levels):
                    raise ValueError(f"{what} offers an undeclared or repeated level {unknown}")
                if role.levels and list(role.levels) != [i for i in ids if i in role.levels]:
                    raise ValueError(f"{what} must list its levels in the game's order")
                default = self.role_default_level(role)
                if default not in [level.id for level in self.role_levels(role)]:
                    raise ValueError(f"{what} does not offer its default level {default!r}")

    def role_levels(self, role: Role) -> tuple[BotLevel, ...]:
        """The levels `role`'s bots may play at, easiest first."""
        if not role.levels:
            return self.levels
        return tuple(level for level in self.levels if level.id in role.levels)

    def role_default_level(self, role: Role) -> str:
        """The level `role`'s bots get unless one is chosen."""
        return role.default_level or self.default_level

    def seat_levels(self, options: Mapping[str, JSON]) -> tuple[tuple[str, ...], ...]:
        """Each seat's offered level ids under normalized `options`."""
        return tuple(
            tuple(level.id for level in self.role_levels(role)) for role in self.seat_roles(options)
        )

    def seat_default_levels(self, options: Mapping[str, JSON]) -> tuple[str, ...]:
        """Each seat's default level under normalized `options`."""
        return tuple(self.role_default_level(role) for role in self.seat_roles(options))

    def level_label(self, level: str, lang: str) -> str:
        """How people read level `level` in `lang` (its id if undeclared)."""
        found = next((item for item in self.levels if item.id == level), None)
        return found.label.get(lang, level) if found is not None else level

    def _check_constraints(self) -> None:
        known = [*RESERVED_KEYS, *(option.key for option in self.options)]
        for constraint in self.constraints:
            what = f"constraint {constraint.key} -> {constraint.needs}"
            for key in (constraint.key, constraint.needs):
                if key not in known:
                    raise ValueError(f"{what} names an unknown option {key!r}")
            if constraint.key == constraint.needs:
                raise ValueError(f"{what} ties an option to itself")
            if not constraint.values or not constraint.allowed:
                raise ValueError(f"{what} needs values and allowed values")
            sides = ((constraint.key, constraint.values), (constraint.needs, constraint.allowed))
            for key, values in sides:
                for value in values:
                    problem = self._value_problem(key, value)
                    if problem:
                        raise ValueError(f"{what}: {problem}")
            check_words(constraint.reason, f"{what}'s reason")
        for mode in self.all_modes:
            defaults = self._full({"players": mode.players_by_default, "mode": mode.id})
            for constraint in self.constraints:
                if not constraint.holds(defaults):
                    raise ValueError(
                        f"mode {mode.id!r}'s default options break a constraint: "
                        + constraint.message(defaults)
                    )

    def _value_problem(self, key: str, value: object) -> str | None:
        if key == "players":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"players {value!r} is not an integer"
            if not self.min_players <= value <= self.max_players:
                return f"players {value} is outside {self.min_players}..{self.max_players}"
            return None
        if key == "mode":
            ids = [mode.id for mode in self.all_modes]
            return None if value in ids else f"there is no mode {value!r}"
        option = next(option for option in self.options if option.key == key)
        try:
            option.read(value)
        except MalformedData as error:
            return error.message
        return None

    def _full(self, normalized: Mapping[str, JSON]) -> dict[str, JSON]:
        """Every option's value, "players" and "mode" included."""
        full: dict[str, JSON] = {
            "players": normalized["players"],
            "mode": normalized.get("mode", self.all_modes[0].id),
        }
        for option in self.options:
            full[option.key] = normalized.get(option.key, option.default)
        return full

    @cached_property
    def all_modes(self) -> tuple[Mode, ...]:
        """The declared modes, or the one default mode of a game that declares none."""
        if self.modes:
            return self.modes
        return (default_mode(self.min_players, self.max_players, self.default_players),)

    def mode_of(self, options: Mapping[str, JSON]) -> Mode:
        """The mode of normalized `options` (MalformedData for an unknown one)."""
        return self._read_mode(options)

    def seat_roles(self, options: Mapping[str, JSON]) -> tuple[Role, ...]:
        """Each seat's role under normalized `options`."""
        return self.mode_of(options).seat_roles(int(options["players"]))

    def seat_teams(self, options: Mapping[str, JSON]) -> tuple[Team | None, ...]:
        """Each seat's team under normalized `options` (None where no team)."""
        return self.mode_of(options).seat_teams(int(options["players"]))

    def normalize(self, data: object) -> dict[str, JSON]:
        """The options with defaults filled in. MalformedData names the first
        missing, unknown or mistyped field ("malformed") or value out of its
        range or choices ("bad_option")."""
        if not isinstance(data, Mapping):
            raise MalformedData("options must be a JSON object, not " + quote(data))
        by_key = {option.key: option for option in self.options}
        unknown = sorted(str(key) for key in data if key not in RESERVED_KEYS and key not in by_key)
        if unknown:
            raise MalformedData(f"options has an unknown field {quote(unknown[0])}")
        if "players" not in data:
            raise MalformedData("options is missing the field(s) players")
        players = data["players"]
        if isinstance(players, bool) or not isinstance(players, int):
            raise MalformedData(f"options.players must be an integer, not {quote(players)}")
        mode = self._read_mode(data)
        if not mode.min_players <= players <= mode.max_players:
            where = f" in mode {mode.id}" if self.modes else ""
            raise MalformedData(
                f"options.players must be {mode.min_players} to {mode.max_players}{where}, "
                f"not {quote(players)}",
                "bad_option",
            )
        normalized: dict[str, JSON] = {"players": players}
        if mode.id != self.all_modes[0].id:
            normalized["mode"] = mode.id
        for option in self.options:
            value = option.read(data[option.key]) if option.key in data else option.default
            if option.always_written or value != option.default:
                normalized[option.key] = value
        full = self._full(normalized)
        for constraint in self.constraints:
            if not constraint.holds(full):
                raise MalformedData(constraint.message(full), "bad_option")
        return normalized

    def _read_mode(self, data: Mapping[Any, Any]) -> Mode:
        """The mode `data` names (the first when it names none)."""
        modes = self.all_modes
        if "mode" not in data:
            return modes[0]
        chosen = data["mode"]
        for mode in modes:
            if isinstance(chosen, str) and chosen == mode.id:
                return mode
        known = ", ".join(mode.id for mode in modes)
        raise MalformedData(
            f"options.mode must be one of {known}, not {quote(chosen)}", "bad_option"
        )

    def value(self, options: Mapping[str, JSON], key: str) -> Any:
        """An option's value in normalized options (its default when not written)."""
        if key == "players":
            return options["players"]
        if key == "mode":
            return self.mode_of(options).id
        option = next(option for option in self.options if option.key == key)
        return options.get(key, option.default)

    def samples(self) -> Iterator[dict[str, JSON]]:
        """Option sets that try every mode at every player count, every value of
        every option, and every option changed at once: what the conformance
        suite plays. In the first mode each option's values are tried alone (at
        the smallest and the largest table) while that stays within
        ALONE_SAMPLES sets; past it (many options of many values, such as one
        a seat), the options change together, each set giving every option
        another of its values (at the largest table), until every value was
        tried. The other modes try their player counts and every option
        changed at once: their rules are what differs, not the options'. Each
        set once: for a game with no option, "every option changed" is the
        largest table's default set, which would otherwise be played twice."""
        seen: set[str] = set()
        for candidate in self._sample_candidates():
            try:
                options = self.normalize(candidate)
            except MalformedData:
                continue  # a set the constraints between options refuse
            key = json.dumps(options, sort_keys=True)
            if key not in seen:
                seen.add(key)
                yield options

    def _sample_candidates(self) -> Iterator[dict[str, JSON]]:
        for index, mode in enumerate(self.all_modes):
            chosen: dict[str, JSON] = {"mode": mode.id}
            for players in range(mode.min_players, mode.max_players + 1):
                yield {"players": players, **chosen}
            if index == 0:
                yield from self._options_tried(mode, chosen)
            changed = {
                option.key: next(iter(_other_values(option)), option.default)
                for option in self.options
            }
            yield {"players": mode.max_players, **chosen, **changed}

    def _options_tried(self, mode: Mode, chosen: dict[str, JSON]) -> Iterator[dict[str, JSON]]:
        """Every value of every option: alone, or together past ALONE_SAMPLES."""
        tables = sorted({mode.min_players, mode.max_players})
        others = [(option.key, _other_values(option)) for option in self.options]
        if sum(len(values) for _, values in others) * len(tables) <= ALONE_SAMPLES:
            for key, values in others:
                for value in values:
                    for players in tables:
                        yield {"players": players, **chosen, key: value}
            return
        # in set i the j-th option takes its (i + j)-th other value: every value
        # is tried, and neighbouring options take different ones
        for turn in range(max(len(values) for _, values in others)):
            together: dict[str, JSON] = {
                key: values[(turn + place) % len(values)]
                for place, (key, values) in enumerate(others)
                if values
            }
            yield {"players": mode.max_players, **chosen, **together}

    def to_json(self) -> dict[str, JSON]:
        """What the menu and the lobby draw their controls from."""
        return {
            "players": {
                "min": self.min_players,
                "max": self.max_players,
                "default": self.default_players,
            },
            "options": [option.to_json() for option in self.options],
            "modes": [self._mode_json(mode) for mode in self.all_modes],
            "constraints": [constraint.to_json() for constraint in self.constraints],
            "levels": [level.to_json() for level in self.levels],
            "default_level": self.default_level,
        }

    def _mode_json(self, mode: Mode) -> dict[str, JSON]:
        """A mode, each role with the levels it offers and its default."""
        data = mode.to_json()
        data["roles"] = [
            {
                **role.to_json(),
                "levels": [level.id for level in self.role_levels(role)],
                "default_level": self.role_default_level(role),
            }
            for role in mode.roles
        ]
        return data


def _other_values(option: Option) -> list[bool | int | str]:
    if isinstance(option.default, bool):
        return [not option.default]
    if isinstance(option.default, int):
        ends = [option.minimum, option.maximum]
        return [end for end in ends if end is not None and end != option.default]
    return [choice for choice in option.choices if choice != option.default]
