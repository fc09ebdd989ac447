"""Bazar Quest as an engine Game (rules only: not registered yet)."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities
from ..engine.game_base import GameBase
from ..engine.modes import STANDARD_LEVELS, BotLevel, Constraint
from ..engine.options import Option, OptionsDeclaration
from . import codec, rules, view_check, views
from .adventure import points, winners
from .bots import easy_bot, normal_bot
from .problems import state_problems
from .scenario import SCENARIOS
from .setup import CROWD, new_game
from .shrewd import shrewd_bot
from .state import Action, Stage, State

__all__ = ["DECLARED", "GAME", "LEVELS", "BazarQuest"]

FIRST_GAME = Option(
    "first_game",
    False,
    {"fr": "Première partie", "en": "First game"},
    {
        "fr": "Les trois monstres et les quatre héros conseillés pour découvrir le jeu.",
        "en": "The three monsters and four heroes suggested for learning the game.",
    },
)
CROWD_RULES = Option(
    "crowd_rules",
    False,
    {"fr": "Règles à 5 et 6 joueurs", "en": "Rules for 5 and 6 players"},
    {
        "fr": "Blessures en plus quand peu de héros blessent le monstre ; le draft tourne "
        "dans l’autre sens tant qu’un monstre de niveau II est là.",
        "en": "Extra wounds when few heroes wound the monster; the draft turns the other "
        "way while a level II monster is out.",
    },
    on_from_players=CROWD,
)
UNSHAKEABLE = Option(
    "unshakeable",
    False,
    {"fr": "Héros inébranlables", "en": "Unshakeable heroes"},
    {
        "fr": "Sans cartes Aventure : les cartes qui en parlent restent dans la boîte.",
        "en": "No adventure cards: the cards that mention them stay in the box.",
    },
)
ADVANCED = Option(
    "advanced",
    False,
    {"fr": "Règles avancées à 2 joueurs", "en": "Advanced rules for 2 players"},
    {
        "fr": "Quatre héros, six cartes, deux achats, deux héros par échoppe, "
        "quatre blessures pour abattre un monstre.",
        "en": "Four heroes, six cards, two purchases, two heroes a shop, "
        "four wounds to fell a monster.",
    },
)
LEVELS: Final = (
    *STANDARD_LEVELS[:2],  # easy, normal
    # the third level is a heuristic that counts stars (shrewd.py), not the
    # engine's search: it beats normal by a wide margin in milliseconds
    BotLevel("shrewd", {"fr": "Rusé", "en": "Shrewd"}),
)
DECLARED: Final = OptionsDeclaration(
    min_players=2,
    max_players=6,
    default_players=3,
    options=(FIRST_GAME, CROWD_RULES, UNSHAKEABLE, ADVANCED),
    levels=LEVELS,
    constraints=(
        Constraint(
            "players",
            (3, 4, 5, 6),
            "advanced",
            (False,),
            {
                "fr": "Les règles avancées se jouent à 2 joueurs.",
                "en": "The advanced rules are for 2 players.",
            },
        ),
    ),
)


class BazarQuest(GameBase[State, Action]):
    """Stateless: every method reads or makes states."""

    name = "bazarquest"
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
            invariant_problems=state_problems,
            rounds=lambda state: state.round,
            bots={"easy": easy_bot, "normal": normal_bot, "shrewd": shrewd_bot},
            scenarios=SCENARIOS,
        )

    def deal(self, options: dict[str, Any], seed: int) -> State:
        state, _events = new_game(
            options["players"],
            seed,
            first_game=DECLARED.value(options, "first_game"),
            crowd=DECLARED.value(options, "crowd_rules"),
            unshakeable=DECLARED.value(options, "unshakeable"),
            advanced=DECLARED.value(options, "advanced"),
        )
        return state

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        secret = {str(s): {"packet": list(p)} for s, p in enumerate(state.packets)}
        return [
            {"type": "monster", "monster": state.monster},
            {"type": "restock", "round": state.round, "secret": secret},
        ]

    def seats(self, state: State) -> int:
        return len(state.coins)

    def is_over(self, state: State) -> bool:
        return state.stage == Stage.OVER

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.stage != Stage.OVER:
            return None
        if state.result == "lost":
            return {"winners": [], "result": "lost"}
        seats = range(len(state.coins))
        return {
            "winners": winners(state),
            "result": "scored",
            "points": [points(state, s) for s in seats],
        }


GAME: Final = BazarQuest()
