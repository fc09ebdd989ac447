"""A scenario's set-up, for any game: a base, then a played prefix, then
zones set by path in the game's own state JSON.

- The base is the game's stacked deal (its ScenarioRules.build reads the
  setup's other fields), or `new_game`: a new game from options and a seed.
- `before` plays steps (`do` or `any`) from the base: a start mid-round or
  mid-turn that the rules themselves reached.
- `set` replaces values by path in the state's JSON (`players.Lucie.visible`),
  "@name" standing for a card's id. The result must load through the game's
  strict `state_from_json` and keep every invariant (engine/invariants.py),
  so a set-up that breaks a rule is refused with the reason.

Why the state JSON: every game already has one, strict and checked, so the
engine can stack any zone of any game (hands, decks in order, discard piles,
markets, pools) without the game writing a line for it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from .errors import GameError, MalformedData, ScenarioError
from .invariants import check_invariants
from .jsonfields import expect_fields
from .protocol import JSON, Game
from .safejson import quote
from .scenario_paths import translate, write_at
from .scenario_play import check_step, play_step, step_label

if TYPE_CHECKING:
    from .scenario import ScenarioRules

__all__ = ["ENGINE_SETUP", "build_setup"]

ENGINE_SETUP: Final = ("new_game", "before", "set")
"""Set-up fields the engine reads; the others are the game's stacked deal."""
_BEFORE_FIELDS: Final = ("seat", "do", "any", "seed", "note")
_MOST_BEFORE: Final = 200
_MOST_SET: Final = 500


def build_setup(
    game: Game[Any, Any],
    rules: ScenarioRules,
    setup: Mapping[str, JSON],
    words: Mapping[str, JSON],
) -> tuple[Any, list[str]]:
    """The first state of a scenario and its players' names, by seat."""
    if "new_game" in setup:
        state, names = _new_game(game, setup)
    else:
        base = {key: value for key, value in setup.items() if key not in ENGINE_SETUP}
        state, names = rules.build(base)
    if "before" in setup:
        state = _before(game, rules, state, setup["before"], names)
    if "set" in setup:
        state = _set(game, state, setup["set"], names, words)
    return state, names


def _new_game(game: Game[Any, Any], setup: Mapping[str, JSON]) -> tuple[Any, list[str]]:
    expect_fields(setup, "setup (with new_game)", ("players", "new_game"), ENGINE_SETUP)
    names = setup["players"]
    if (
        not isinstance(names, list)
        or not names
        or not all(isinstance(name, str) and name for name in names)
        or len(set(names)) != len(names)
    ):
        raise ScenarioError(
            f"setup.players must be different names, in seat order, not {quote(names)}"
        )
    fields = expect_fields(setup["new_game"], "setup.new_game", (), ("options", "seed"))
    options, seed = fields.get("options", {}), fields.get("seed", 0)
    if not isinstance(options, Mapping):
        raise ScenarioError(f"setup.new_game.options must be a JSON object, not {quote(options)}")
    if "players" in options:
        raise ScenarioError("setup.new_game.options has players: the players are setup.players")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError(f"setup.new_game.seed must be a whole number, not {quote(seed)}")
    try:
        normalized = game.normalize_options({"players": len(names), **options})
    except MalformedData as error:
        raise ScenarioError(f"setup.new_game.{error.message}") from None
    return game.new_game(normalized, seed), list(names)


def _before(
    game: Game[Any, Any], rules: ScenarioRules, state: Any, steps: JSON, names: Sequence[str]
) -> Any:
    if not isinstance(steps, list) or len(steps) > _MOST_BEFORE:
        raise ScenarioError(
            f"setup.before must be a list of at most {_MOST_BEFORE} steps, not {quote(steps)}"
        )
    for index, step in enumerate(steps):
        where = f"setup.before[{index}]"
        try:
            fields = check_step(step, _BEFORE_FIELDS)
            if "do" not in fields and "any" not in fields:
                raise ScenarioError("a step played before the start needs do or any")
            where += step_label(fields)
            state, _events = play_step(game, rules, state, fields, names)
        except GameError as error:
            raise ScenarioError(f"{where}: {error.message}") from None
    return state


def _set(
    game: Game[Any, Any], state: Any, zones: JSON, names: Sequence[str], words: Mapping[str, JSON]
) -> Any:
    if not isinstance(zones, Mapping) or len(zones) > _MOST_SET:
        raise ScenarioError(
            f"setup.set must map at most {_MOST_SET} paths to values, not {quote(zones)}"
        )
    data = copy.deepcopy(game.state_to_json(state))
    for path, value in zones.items():
        plain = path.isprintable() and len(path) <= 80
        where = f"setup.set.{path}" if plain else f"setup.set[{quote(path, 40)}]"
        write_at(data, path, translate(value, words, where), names, words, "setup.set")
    try:
        state = game.state_from_json(data)
    except MalformedData as error:
        raise ScenarioError(f"setup.set: the game refuses this state: {error.message}") from None
    if game.seats(state) != len(names):
        raise ScenarioError(
            f"setup.set: the state has {game.seats(state)} seats for {len(names)} players"
        )
    problems = check_invariants(game, state)
    if problems:
        raise ScenarioError(f"setup.set: the state breaks a rule: {problems[0]}")
    return state
