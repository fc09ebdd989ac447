"""Matches: options + seed + the actions played, enough to replay a whole game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .codec import canonical_json
from .errors import MalformedData
from .jsonfields import expect_fields, read_int, read_str
from .protocol import JSON, Event, Game
from .safejson import quote

__all__ = ["MATCH_SCHEMA", "Match", "replay", "replay_steps"]

MATCH_SCHEMA = 1


@dataclass(frozen=True)
class Match:
    """A whole match. Actions are kept as JSON objects so that a Match knows no game."""

    game: str
    options: Mapping[str, JSON]
    seed: int
    actions: tuple[tuple[int, Mapping[str, JSON]], ...] = field(default=())

    def played(self, seat: int, action: Mapping[str, JSON]) -> Match:
        """This match with one more action."""
        return Match(self.game, self.options, self.seed, (*self.actions, (seat, action)))

    def to_json(self) -> dict[str, JSON]:
        return {
            "schema": MATCH_SCHEMA,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, dict(action)] for seat, action in self.actions],
        }

    def canonical(self) -> str:
        return canonical_json(self.to_json())

    @staticmethod
    def from_json(data: JSON) -> Match:
        fields = expect_fields(data, "match", ("schema", "game", "options", "seed", "actions"))
        schema = read_int(fields, "schema", "match")
        if schema != MATCH_SCHEMA:
            raise MalformedData(
                f"match has schema version {quote(schema)}, this build reads {MATCH_SCHEMA}",
                code="schema_version",
            )
        options = fields["options"]
        if not isinstance(options, dict):
            raise MalformedData("match.options must be a JSON object")
        raw_actions = fields["actions"]
        if not isinstance(raw_actions, list):
            raise MalformedData("match.actions must be a list")
        actions: list[tuple[int, Mapping[str, JSON]]] = []
        for index, entry in enumerate(raw_actions):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or isinstance(entry[0], bool)
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], dict)
            ):
                raise MalformedData(f"match.actions[{index}] must be [seat, action object]")
            actions.append((entry[0], entry[1]))
        return Match(
            read_str(fields, "game", "match"),
            options,
            read_int(fields, "seed", "match"),
            tuple(actions),
        )


def replay_steps(game: Game[Any, Any], match: Match) -> Iterator[tuple[Any, list[Event]]]:
    """Yield the first state (with no events), then each state after each action."""
    if match.game != game.name:
        raise MalformedData(f"match is for the game {quote(match.game)}, not {game.name!r}")
    state = game.new_game(match.options, match.seed)
    yield state, []
    for seat, action_json in match.actions:
        state, events = game.apply(state, seat, game.action_from_json(action_json))
        yield state, events


def replay(game: Game[Any, Any], match: Match) -> Any:
    """The state a match ends in: the same every time, on every Python."""
    state = None
    for step_state, _events in replay_steps(game, match):
        state = step_state
    return state
