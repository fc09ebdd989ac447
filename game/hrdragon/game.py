"""The Dragon boss deck as an engine Game (registered in game/registry.py
with its client, ui/): a party of 1 to 5 against the Dragon, or two Dragons."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, UndoHooks
from ..engine.errors import Reason
from ..engine.game_base import GameBase
from ..engine.modes import STANDARD_LEVELS, BotLevel, Mode, Role, Team
from ..engine.options import OptionsDeclaration
from ..engine.undo import default_barrier
from ..herorealms.options import PACK_OPTIONS, pack_key, packs_of
from . import codec, rules, view_check, views
from .bots import BOTS
from .cards import MAX_PARTY
from .scenario import SCENARIOS
from .state import Action, State

__all__ = ["BOSS_VS_BOSS", "DECLARED", "GAME", "PARTY", "Dragon"]

#: the levels people choose: a hero's easy or normal (no hard: the Dragon game
#: has no search), the Dragon's gentle, fair (the default) or ruthless
LEVELS: Final = (
    *STANDARD_LEVELS[:2],
    BotLevel("gentle", {"fr": "Clément", "en": "Gentle"}),
    BotLevel("fair", {"fr": "Loyal", "en": "Fair"}),
    BotLevel("ruthless", {"fr": "Impitoyable", "en": "Ruthless"}),
)
HERO_LEVELS: Final = ("easy", "normal")
DRAGON_LEVELS: Final = ("gentle", "fair", "ruthless")

PARTY: Final = Mode(
    "party",
    {"fr": "Le groupe contre le Dragon", "en": "The party against the Dragon"},
    min_players=2,
    max_players=MAX_PARTY + 1,
    default_players=3,
    roles=(
        Role("hero", {"fr": "Héros du groupe", "en": "Party hero"}, seats=None, levels=HERO_LEVELS),
        Role(
            "dragon",
            {"fr": "Dragon", "en": "Dragon"},
            seats=1,
            levels=DRAGON_LEVELS,
            default_level="fair",
        ),
    ),
    teams=(
        Team("party", {"fr": "Le groupe", "en": "The party"}, ("hero",)),
        Team("dragon", {"fr": "Le Dragon", "en": "The Dragon"}, ("dragon",)),
    ),
)
"""The heroes in the first seats, clockwise; the Dragon in the last, playing after them."""
BOSS_VS_BOSS: Final = Mode(
    "boss_vs_boss",
    {"fr": "Boss contre boss", "en": "Boss against boss"},
    min_players=2,
    max_players=2,
    roles=(
        Role(
            "first_dragon",
            {"fr": "Premier Dragon", "en": "First Dragon"},
            seats=1,
            levels=DRAGON_LEVELS,
            default_level="fair",
        ),
        Role(
            "second_dragon",
            {"fr": "Second Dragon", "en": "Second Dragon"},
            seats=1,
            levels=DRAGON_LEVELS,
            default_level="fair",
        ),
    ),
)
_FIFTH_PACK: Final = replace(
    PACK_OPTIONS[-1],
    key=pack_key(MAX_PARTY - 1),
    label={"fr": f"Personnage du joueur {MAX_PARTY}", "en": f"Player {MAX_PARTY}'s character"},
)
DECLARED: Final = OptionsDeclaration(
    min_players=2,
    max_players=MAX_PARTY + 1,
    default_players=3,
    modes=(PARTY, BOSS_VS_BOSS),
    levels=LEVELS,
    options=(*PACK_OPTIONS, _FIFTH_PACK),
)
"""Each party seat's character pack: Hero Realms' options, and one for a fifth hero."""


class Dragon(GameBase[State, Action]):
    name = "hrdragon"
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
            rounds=self.rounds,
            redeal=views.redeal,
            invariant_problems=views.state_problems,
            scenarios=SCENARIOS,
            undo=UndoHooks(self.turn_goes_on, self.barrier),
            bots=BOTS,
        )

    def deal(self, options: dict[str, Any], seed: int) -> State:
        players = int(options["players"])
        if DECLARED.mode_of(options).id == BOSS_VS_BOSS.id:
            return rules.new_game(0, seed)
        return rules.new_game(players - 1, seed, packs_of(options)[: players - 1])

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        """The deal: each seat's hand size in public, its cards to itself alone."""
        players = state.core.players
        secret = {str(seat): {"cards": list(p.hand)} for seat, p in enumerate(players)}
        sizes = [len(p.hand) for p in players]
        return [
            {"type": "deal", "hands": sizes, "market": list(state.core.market), "secret": secret}
        ]

    def rounds(self, state: State) -> int:
        """Rounds begun: every seat still playing begins one turn a round."""
        return max(p.turns_begun for p in state.core.players)

    def seats(self, state: State) -> int:
        return len(state.core.players)

    def is_over(self, state: State) -> bool:
        return bool(state.winners)

    def outcome(self, state: State) -> dict[str, Any] | None:
        if not state.winners:
            return None
        if len(state.bosses) == 2:
            return {"winners": list(state.winners)}
        side = "dragon" if state.winners == state.bosses else "party"
        return {"winners": list(state.winners), "teams": [side]}

    def turn_goes_on(self, before: State, after: State, seat: int, action: Action) -> bool:
        core_before, core_after = before.core, after.core
        return core_before.turn == seat == core_after.turn and not after.winners

    @cached_property
    def _default_barrier(self) -> Any:
        return default_barrier(self, lambda state: state.core.dice)

    def barrier(self, before: State, after: State, seat: int, action: Action) -> Reason | None:
        """A draw, a reshuffle, a market refill or a Hoard item revealed showed something hidden."""
        if len(after.hoard) != len(before.hoard):
            return Reason("revealed", "a Hoard item was revealed")
        reason: Reason | None = self._default_barrier(before, after, seat, action)
        return reason


GAME: Final = Dragon()
