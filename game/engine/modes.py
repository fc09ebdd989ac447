"""A game's modes, seat roles and teams, and the constraints between its
options: declared once as data (in its ``OptionsDeclaration``), read by the
menu, the lobby, the replay, the arena and the outcome check.

A mode has its own player range and its seat roles; roles fill the seats in
the order they are declared (a role of ``seats=None`` takes every seat the
others leave). A team is a set of roles that win or lose together. A game
that declares no mode plays one default mode: its player range, one role
("player") and no team, so nothing changes for it.

A game's bot levels (``BotLevel``: an id that ``engine.bots.make_bot`` knows
and a name in each language) are declared in its ``OptionsDeclaration``,
easiest first; a role may offer only some of them (``Role.levels``) and name
its own default (``Role.default_level``). A game that declares none offers
``STANDARD_LEVELS`` (easy, normal, hard) at every seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .protocol import JSON

__all__ = [
    "DEFAULT_LEVEL",
    "DEFAULT_MODE",
    "PLAYER_ROLE",
    "STANDARD_LEVELS",
    "BotLevel",
    "Constraint",
    "Mode",
    "Role",
    "Team",
    "check_words",
    "default_mode",
]

Words = Mapping[str, str]
LANGS = ("fr", "en")
DEFAULT_MODE = "standard"


def check_words(words: Words, what: str) -> None:
    """ValueError unless `words` is a text in every language, none empty."""
    if set(words) != set(LANGS) or not all(
        isinstance(text, str) and text.strip() for text in words.values()
    ):
        raise ValueError(f"{what} needs a non-empty text in each of {', '.join(LANGS)}")


def _check_id(value: object, what: str) -> None:
    if not isinstance(value, str) or not value.isidentifier() or not value.isascii():
        raise ValueError(f"{what} must be a short ASCII name (letters, digits, _), not {value!r}")


@dataclass(frozen=True)
class BotLevel:
    """A bot level people may choose: its id (a level of the game's bots, see
    engine/bots.py) and its name in each language, as the menu shows it."""

    id: str
    label: Words

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "label": dict(self.label)}


STANDARD_LEVELS = (
    BotLevel("easy", {"fr": "Facile", "en": "Easy"}),
    BotLevel("normal", {"fr": "Normal", "en": "Normal"}),
    BotLevel("hard", {"fr": "Difficile", "en": "Hard"}),
)
"""The levels of a game that declares none: its heuristic easy and normal
bots, and the engine's search bot."""
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class Role:
    """A seat role: its id, its name in each language, how many seats take it
    (None: every seat the mode's other roles leave), and the bot levels its
    seats offer."""

    id: str
    label: Words
    seats: int | None = 1
    levels: tuple[str, ...] = ()
    """The ids of the game's levels this role's bots may play at, easiest
    first; empty: every level the game declares."""
    default_level: str = ""
    """The level a bot of this role gets unless one is chosen; empty: the
    game's default level (which the role must then offer)."""

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "label": dict(self.label), "seats": self.seats}


PLAYER_ROLE = Role("player", {"fr": "Joueur", "en": "Player"}, seats=None)


@dataclass(frozen=True)
class Team:
    """Roles that play together: they win or lose as one."""

    id: str
    label: Words
    roles: tuple[str, ...]

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "label": dict(self.label), "roles": list(self.roles)}


@dataclass(frozen=True)
class Mode:
    """One way to play a game: its player range, seat roles and teams."""

    id: str
    label: Words
    min_players: int
    max_players: int
    default_players: int | None = None  # None: min_players
    roles: tuple[Role, ...] = (PLAYER_ROLE,)
    teams: tuple[Team, ...] = ()

    @property
    def players_by_default(self) -> int:
        return self.min_players if self.default_players is None else self.default_players

    def validate(self) -> None:
        """ValueError naming the first fault of this declaration."""
        what = f"mode {self.id!r}"
        _check_id(self.id, "a mode's id")
        check_words(self.label, f"{what}'s label")
        if not 1 <= self.min_players <= self.max_players:
            players = f"{self.min_players}..{self.max_players}"
            raise ValueError(f"{what}: its player range {players} is empty")
        if not self.min_players <= self.players_by_default <= self.max_players:
            raise ValueError(f"{what}: its default player count is outside its range")
        if not self.roles:
            raise ValueError(f"{what} declares no role")
        ids = [role.id for role in self.roles]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{what} declares a role twice")
        rest = [role.id for role in self.roles if role.seats is None]
        if len(rest) > 1:
            names = ", ".join(rest)
            raise ValueError(f"{what}: only one role may take the remaining seats ({names})")
        for role in self.roles:
            _check_id(role.id, f"{what}: a role's id")
            check_words(role.label, f"{what}: role {role.id!r}'s label")
            if role.seats is not None and (isinstance(role.seats, bool) or role.seats < 1):
                raise ValueError(f"{what}: role {role.id!r} must take at least one seat")
        fixed = sum(role.seats or 0 for role in self.roles)
        low = fixed + (1 if rest else 0)
        if self.min_players < low or (not rest and self.max_players != fixed):
            raise ValueError(
                f"{what}: its roles fill {low if rest else fixed}"
                f"{' or more' if rest else ''} seats, not {self.min_players}..{self.max_players}"
            )
        teamed: dict[str, str] = {}
        team_ids = [team.id for team in self.teams]
        if len(set(team_ids)) != len(team_ids):
            raise ValueError(f"{what} declares a team twice")
        if len(self.teams) == 1:
            raise ValueError(f"{what} declares one team alone: a team plays against another")
        for team in self.teams:
            _check_id(team.id, f"{what}: a team's id")
            check_words(team.label, f"{what}: team {team.id!r}'s label")
            if not team.roles:
                raise ValueError(f"{what}: team {team.id!r} has no role")
            for role_id in team.roles:
                if role_id not in ids:
                    raise ValueError(f"{what}: team {team.id!r} names an unknown role {role_id!r}")
                if role_id in teamed:
                    raise ValueError(
                        f"{what}: role {role_id!r} is in both teams "
                        f"{teamed[role_id]!r} and {team.id!r}"
                    )
                teamed[role_id] = team.id
        if self.teams and set(teamed) != set(ids):
            left = sorted(set(ids) - set(teamed))
            raise ValueError(f"{what}: role {left[0]!r} is in no team")

    def seat_roles(self, players: int) -> tuple[Role, ...]:
        """Each seat's role at a table of `players`."""
        fixed = sum(role.seats or 0 for role in self.roles)
        seats: list[Role] = []
        for role in self.roles:
            seats += [role] * (role.seats if role.seats is not None else players - fixed)
        return tuple(seats)

    def team_of(self, role: str) -> Team | None:
        return next((team for team in self.teams if role in team.roles), None)

    def seat_teams(self, players: int) -> tuple[Team | None, ...]:
        """Each seat's team (None in a mode without teams)."""
        return tuple(self.team_of(role.id) for role in self.seat_roles(players))

    def to_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "label": dict(self.label),
            "players": {
                "min": self.min_players,
                "max": self.max_players,
                "default": self.players_by_default,
            },
            "roles": [role.to_json() for role in self.roles],
            "teams": [team.to_json() for team in self.teams],
        }


def default_mode(min_players: int, max_players: int, default_players: int) -> Mode:
    """The one mode of a game that declares none: its range, one role, no team."""
    return Mode(
        DEFAULT_MODE,
        {"fr": "Partie standard", "en": "Standard game"},
        min_players,
        max_players,
        default_players,
    )


@dataclass(frozen=True)
class Constraint:
    """When option `key` (or "players", or "mode") takes one of `values`,
    option `needs` must take one of `allowed`. The menu and the lobby show
    `reason` beside a refused set; normalize refuses it naming both options."""

    key: str
    values: tuple[bool | int | str, ...]
    needs: str
    allowed: tuple[bool | int | str, ...]
    reason: Words

    def applies(self, options: Mapping[str, JSON]) -> bool:
        return _same_in(options[self.key], self.values)

    def holds(self, options: Mapping[str, JSON]) -> bool:
        return not self.applies(options) or _same_in(options[self.needs], self.allowed)

    def message(self, options: Mapping[str, JSON]) -> str:
        """Why `options` break this constraint, naming both options."""
        allowed = " or ".join(_shown(value) for value in self.allowed)
        return (
            f"options.{self.key} = {_shown(options[self.key])} needs "
            f"options.{self.needs} to be {allowed}, not {_shown(options[self.needs])}"
        )

    def to_json(self) -> dict[str, JSON]:
        return {
            "key": self.key,
            "values": list(self.values),
            "needs": self.needs,
            "allowed": list(self.allowed),
            "reason": dict(self.reason),
        }


def _same_in(value: JSON, values: tuple[bool | int | str, ...]) -> bool:
    # True == 1 in Python: compare the types too, so that a bool never matches an int.
    return any(type(value) is type(other) and value == other for other in values)


def _shown(value: JSON) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)
