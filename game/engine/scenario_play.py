"""Playing one scenario step: an action the file writes (`do`), maybe refused
for a reason (`fails`), or a number of legal actions drawn from a seed
(`any`). Used by the runner (engine/scenario.py) and by a set-up's played
prefix (engine/scenario_setup.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from . import rng
from .errors import IllegalAction, ScenarioError
from .jsonfields import expect_fields
from .protocol import JSON, Event, Game
from .safejson import quote

if TYPE_CHECKING:
    from .scenario import ScenarioRules

__all__ = ["MAX_ANY", "STEP_FIELDS", "check_step", "play_step", "step_label"]

STEP_FIELDS: Final = (
    "seat", "do", "fails", "fails_saying", "any", "seed", "expect", "caption", "hint", "note",
)  # fmt: skip
MAX_ANY: Final = 1000
"""Most actions one `any` step plays: a long game, not an endless loop."""
_LANGUAGES: Final = ("fr", "en")


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_code(value: object) -> bool:
    return isinstance(value, str) and value.isidentifier() and value.isascii()


def _check_texts(value: object, what: str) -> None:
    """A text for people in each language: {"fr": "...", "en": "..."}."""
    if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
        raise ScenarioError(
            f'{what} must be an object of texts by language, {{"fr": "...", "en": "..."}}, '
            f"not {quote(value)}"
        )
    expect_fields(value, what, (), _LANGUAGES)


def check_step(step: object, allowed: Sequence[str] = STEP_FIELDS) -> Mapping[str, Any]:
    """A step's fields and the types of those the runner does not hand to the
    game (the caller names the step in the reason)."""
    fields = expect_fields(step, "a step", (), allowed)
    if "do" in fields and "any" in fields:
        raise ScenarioError("a step has do or any, not both")
    for key in ("fails",):
        if key in fields and "do" not in fields:
            raise ScenarioError(f"{key} needs do: the action that the player plays")
    if "seat" in fields and "do" not in fields and "any" not in fields:
        raise ScenarioError("seat needs do or any: the action that the player plays")
    if "fails_saying" in fields and "fails" not in fields:
        raise ScenarioError("fails_saying needs fails: the reason code of the refusal")
    if "seed" in fields and "any" not in fields:
        raise ScenarioError("seed needs any: the number of legal actions drawn")
    if "do" in fields or "seat" in fields:
        _check(fields.get("seat"), isinstance(fields.get("seat"), str), "seat", "a player name")
    if "fails" in fields:
        _check(fields["fails"], _is_code(fields["fails"]), "fails", "a refusal code")
    if "fails_saying" in fields:
        saying = fields["fails_saying"]
        _check(saying, isinstance(saying, str), "fails_saying", "a string")
    if "any" in fields:
        count = fields["any"]
        fits = _is_whole(count) and 1 <= count <= MAX_ANY
        _check(count, fits, "any", f"a whole number from 1 to {MAX_ANY}")
    if "seed" in fields:
        _check(fields["seed"], _is_whole(fields["seed"]), "seed", "a whole number")
    if "expect" in fields:
        _check(fields["expect"], isinstance(fields["expect"], Mapping), "expect", "a JSON object")
    for key in ("caption", "hint"):
        if key in fields:
            _check_texts(fields[key], key)
    if "note" in fields:
        _check(fields["note"], isinstance(fields["note"], str), "note", "a string")
    return fields


def _check(value: object, fits: bool, what: str, says: str) -> None:
    if not fits:
        raise ScenarioError(f"{what} must be {says}, not {quote(value)}")


def seat_of(name: JSON, names: Sequence[str]) -> int:
    if not isinstance(name, str) or name not in names:
        raise ScenarioError(f"unknown player {quote(name)}; the players are {', '.join(names)}")
    return names.index(name)


def _shown(spec: JSON) -> str:
    """A step's action as written, when it is short plain text; else quoted and cut."""
    if isinstance(spec, str) and len(spec) <= 60 and spec.isprintable():
        return spec
    return quote(spec)


def step_label(fields: Mapping[str, Any]) -> str:
    """How a reason names the step's action: " (Lucie: ask 2)", " (any 5)"."""
    seat = fields.get("seat")
    who = f"{seat}: " if isinstance(seat, str) and seat.isprintable() and len(seat) <= 40 else ""
    if "do" in fields:
        return f" ({who}{_shown(fields['do'])})"
    if "any" in fields:
        return f" ({who}any {fields['any']})"
    return ""


def play_step(
    game: Game[Any, Any],
    rules: ScenarioRules,
    state: Any,
    fields: Mapping[str, Any],
    names: Sequence[str],
) -> tuple[Any, list[Event]]:
    """Play a checked step's `do` or `any`; the new state and its events."""
    if "any" in fields:
        seat = seat_of(fields["seat"], names) if "seat" in fields else None
        return _play_any(game, state, fields["any"], seat, fields.get("seed", 0))
    return _play_do(game, rules, state, seat_of(fields["seat"], names), fields, names)


def _play_do(
    game: Game[Any, Any],
    rules: ScenarioRules,
    state: Any,
    seat: int,
    fields: Mapping[str, Any],
    names: Sequence[str],
) -> tuple[Any, list[Event]]:
    """One written action; with "fails", it must be refused for that reason."""
    expected_failure = fields.get("fails")
    before = state
    events: list[Event] = []
    try:
        for action in rules.actions(state, seat, fields["do"], names):
            state, new = game.apply(state, seat, action)
            events += new
    except IllegalAction as error:
        if expected_failure == error.code:
            saying = fields.get("fails_saying")
            if saying is not None and saying.casefold() not in error.message.casefold():
                raise ScenarioError(
                    f"refused for {error.code!r} as expected, but the reason does not say "
                    f"{quote(saying)}: {error.message}"
                ) from error
            return before, []  # a refused step changes nothing, even half-way
        if expected_failure is not None:
            raise ScenarioError(
                f"expected refusal {quote(expected_failure)}, got {error.code!r} ({error.message})"
            ) from error
        raise ScenarioError(f"refused: {error.message} ({error.code})") from error
    if expected_failure is not None:
        raise ScenarioError(
            f"expected refusal {quote(expected_failure)}, but the action was played"
        )
    return state, events


def _play_any(
    game: Game[Any, Any], state: Any, count: int, only: int | None, seed: int
) -> tuple[Any, list[Event]]:
    """`count` legal actions, each drawn from the seed among the seats to act
    (or by `only`) and their legal actions: the same file, the same game."""
    generator = rng.seed_state(seed)
    events: list[Event] = []
    for played in range(count):
        acting = list(game.to_act(state))
        if not acting:
            raise ScenarioError(f"any: the game is over after {played} of {count} actions")
        if only is not None:
            if only not in acting:
                raise ScenarioError(
                    f"any: the player is not to act after {played} of {count} actions"
                )
            seat = only
        else:
            pick, generator = rng.below(generator, len(acting))
            seat = acting[pick]
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ScenarioError(f"any: seat {seat} has no legal action after {played} actions")
        pick, generator = rng.below(generator, len(legal))
        state, new = game.apply(state, seat, legal[pick])
        events += new
    return state, events
