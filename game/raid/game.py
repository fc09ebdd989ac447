"""Raid as an engine Game: its modes, roles and teams declared as data."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, UndoHooks
from ..engine.errors import Reason
from ..engine.game_base import GameBase
from ..engine.modes import STANDARD_LEVELS, BotLevel, Mode, Role, Team
from ..engine.options import Option, OptionsDeclaration
from . import codec, rules, view_check, views
from .bots import easy_bot, normal_bot, wary_bot
from .scenario import SCENARIOS
from .state import MAX_ROUNDS, MIN_ROUNDS, ROUNDS, Action, Kind, Play, Stage, State, kind_of

__all__ = ["DECLARED", "GAME", "Raid"]

RAID = Mode(
    "raid",
    {"fr": "Le groupe contre le boss", "en": "The party against the Boss"},
    min_players=3,
    max_players=6,
    default_players=4,
    roles=(
        # seat 0: a Boss bot is normal or wary, a hero bot easy or normal
        Role("boss", {"fr": "Boss", "en": "Boss"}, seats=1, levels=("normal", "wary")),
        Role("hero", {"fr": "Héros", "en": "Hero"}, seats=None, levels=("easy", "normal")),
    ),
    teams=(
        Team("lair", {"fr": "L’antre", "en": "The lair"}, ("boss",)),
        Team("party", {"fr": "Le groupe", "en": "The party"}, ("hero",)),
    ),
)
ROUNDS_OPTION = Option(
    "rounds",
    ROUNDS,
    {"fr": "Manches avant l’aube", "en": "Rounds before dawn"},
    {
        "fr": "Le boss gagne s’il tient jusque-là ; sa vie grandit avec la nuit.",
        "en": "The Boss wins if it lasts that long; its health grows with the night.",
    },
    minimum=MIN_ROUNDS,
    maximum=MAX_ROUNDS,
)
"""A longer night makes a longer game (the benchmark of a 1,000-action game)."""
LEVELS: Final = (
    *STANDARD_LEVELS[:2],  # easy, normal: no search hooks, so no hard bot
    BotLevel("wary", {"fr": "Prudent", "en": "Wary"}),
)
DECLARED: Final = OptionsDeclaration(
    min_players=3,
    max_players=6,
    default_players=4,
    options=(ROUNDS_OPTION,),
    modes=(RAID,),
    levels=LEVELS,
)


class Raid(GameBase[State, Action]):
    """Stateless: every method reads or makes states. ``GameBase`` forwards the
    protocol to the modules named below; this class writes what is Raid's own."""

    name = "raid"
    schema_version = 1
    declared_options = DECLARED
    rules = rules
    views = views
    codec = codec
    view_check = view_check

    @cached_property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            opening_events=self.opening_events,
            redeal=views.redeal,
            invariant_problems=views.state_problems,
            rounds=lambda state: state.round,
            bots={"easy": easy_bot, "normal": normal_bot, "wary": wary_bot},
            undo=UndoHooks(self.turn_goes_on, self.barrier),
            scenarios=SCENARIOS,
        )

    def deal(self, options: dict[str, Any], seed: int) -> State:
        return rules.new_game(options["players"], seed, DECLARED.value(options, "rounds"))

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        secret = {str(seat): {"hand": list(hand)} for seat, hand in enumerate(state.hands)}
        return [{"type": "round", "round": state.round, "secret": secret}]

    def seats(self, state: State) -> int:
        return len(state.hp)

    def is_over(self, state: State) -> bool:
        return state.stage == Stage.OVER

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.stage != Stage.OVER:
            return None
        return {
            "winners": rules.team_seats(state.winner, len(state.hp)),
            "teams": [state.winner],
        }

    # ------------------------------------------------------------ undo

    def turn_goes_on(self, before: State, after: State, seat: int, action: Action) -> bool:
        """A seat's turn goes on while it plays its loot (a strike waits for
        the target's block, then the turn comes back)."""
        playing = before.stage == Stage.TURNS and before.turn == seat
        return playing and after.stage in (Stage.TURNS, Stage.REACT) and after.turn == seat

    def barrier(self, before: State, after: State, seat: int, action: Action) -> Reason | None:
        """A scout draws an unknown card: taking it back would let the seat
        choose again knowing the deck's top."""
        if isinstance(action, Play) and kind_of(action.card) == Kind.SCOUT:
            return Reason("undo_drew_card", "a card was drawn")
        return None  # a strike that was blocked or taken: the target has played since


GAME: Final = Raid()
