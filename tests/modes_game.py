"""A tiny game declared inside the tests, with two modes, seat roles, teams
and a constraint between options (no registered game has several modes).

Race: each seat in turn moves 1 or 2 steps; the first to reach the target
wins. Mode "party": seat 0 is the Dragon, the other seats are Heroes who add
their steps together and need twice the target; the Dragon and the Heroes are
two teams."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

from game.engine.capabilities import Capabilities
from game.engine.errors import IllegalAction, MalformedData, Reason
from game.engine.modes import Constraint, Mode, Role, Team
from game.engine.options import Option, OptionsDeclaration
from game.engine.protocol import Game

FREE = Mode("race", {"fr": "Course libre", "en": "Free race"}, 2, 4, 2)
PARTY = Mode(
    "party",
    {"fr": "Le groupe contre le dragon", "en": "The party against the Dragon"},
    3,
    5,
    4,
    roles=(
        Role("dragon", {"fr": "Dragon", "en": "Dragon"}, seats=1),
        Role("hero", {"fr": "Héros", "en": "Hero"}, seats=None),
    ),
    teams=(
        Team("lair", {"fr": "L’antre", "en": "The lair"}, ("dragon",)),
        Team("party", {"fr": "Le groupe", "en": "The party"}, ("hero",)),
    ),
)
DECLARED = OptionsDeclaration(
    min_players=2,
    max_players=5,
    default_players=2,
    options=(
        Option(
            "target",
            5,
            {"fr": "Arrivée", "en": "Finish line"},
            {"fr": "Le nombre de pas à faire.", "en": "How many steps to take."},
            minimum=3,
            maximum=9,
        ),
        Option(
            "sprint",
            False,
            {"fr": "Sprint", "en": "Sprint"},
            {"fr": "Des pas de 3 aussi.", "en": "Steps of 3 as well."},
        ),
    ),
    modes=(FREE, PARTY),
    constraints=(
        Constraint(
            "mode",
            ("party",),
            "sprint",
            (False,),
            {
                "fr": "Le groupe contre le dragon se joue sans sprint.",
                "en": "The party against the Dragon is played without sprints.",
            },
        ),
    ),
)


@dataclass(frozen=True)
class RaceState:
    mode: str
    target: int
    steps: tuple[int, ...]
    turn: int = 0
    winners: tuple[int, ...] | None = None


class Race:
    name = "race"
    schema_version = 1
    declared_options = DECLARED
    capabilities = Capabilities()

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return DECLARED.normalize(options)

    def new_game(self, options: Mapping[str, Any], seed: int) -> RaceState:
        options = DECLARED.normalize(options)
        mode = DECLARED.mode_of(options)
        target = DECLARED.value(options, "target")
        # the seed decides who starts, so that seeded games differ
        return RaceState(mode.id, target, (0,) * options["players"], seed % options["players"])

    def seats(self, state: RaceState) -> int:
        return len(state.steps)

    def is_over(self, state: RaceState) -> bool:
        return state.winners is not None

    def to_act(self, state: RaceState) -> tuple[int, ...]:
        return () if state.winners is not None else (state.turn,)

    def legal_actions(self, state: RaceState, seat: int) -> list[int]:
        return [1, 2] if seat in self.to_act(state) else []

    def check(self, state: RaceState, seat: int, action: int) -> Reason | None:
        if action not in self.legal_actions(state, seat):
            return Reason("not_legal", "not a legal step")
        return None

    def apply(self, state: RaceState, seat: int, action: int) -> tuple[RaceState, list[Any]]:
        reason = self.check(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        steps = list(state.steps)
        steps[seat] += action
        state = replace(state, steps=tuple(steps), turn=(seat + 1) % len(steps))
        if state.mode == "party":
            if steps[0] >= state.target:
                state = replace(state, winners=(0,))
            elif sum(steps[1:]) >= 2 * state.target:
                state = replace(state, winners=tuple(range(1, len(steps))))
        elif steps[seat] >= state.target:
            state = replace(state, winners=(seat,))
        return state, [{"type": "step", "seat": seat, "steps": action}]

    def action_to_json(self, action: int) -> dict[str, Any]:
        return {"steps": action}

    def action_from_json(self, data: Any) -> int:
        steps = data.get("steps") if isinstance(data, dict) else None
        if steps not in (1, 2):
            raise MalformedData("action.steps must be 1 or 2")
        return int(steps)

    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        return {"steps": list(state.steps), "turn": state.turn}

    def outcome(self, state: RaceState) -> dict[str, Any] | None:
        if state.winners is None:
            return None
        if state.mode != "party":
            return {"winners": list(state.winners)}
        return {
            "winners": list(state.winners),
            "teams": ["lair" if 0 in state.winners else "party"],
        }


#: only what the arena, the outcome check and a host's lobby call (no client,
#: state codec or bots)
GAME = cast("Game[Any, Any]", Race())
