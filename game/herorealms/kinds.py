"""The data a kind of card is made of, shared by the base set (cards.py) and
the character packs (packs.py)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .effects import Effect

__all__ = ["CardKind", "CardType", "Faction"]


class Faction(StrEnum):
    IMPERIAL = "imperial"
    GUILD = "guild"
    NECROS = "necros"
    WILD = "wild"
    NONE = "none"


class CardType(StrEnum):
    ACTION = "action"
    ITEM = "item"
    CHAMPION = "champion"
    ABILITY = "ability"  # a character pack's ability: sacrificed, once a game
    SKILL = "skill"  # a character pack's skill: expended for 2 gold, once a turn


@dataclass(frozen=True, slots=True)
class CardKind:
    key: str  # the id scenarios and the client use: "arkus", "fire_gem"
    name: str  # the printed name, a fact
    faction: Faction
    cost: int  # 0 for starting cards, which are never bought
    type: CardType
    copies: int
    defence: int = 0  # champions only
    guard: bool = False
    primary: tuple[Effect, ...] = ()
    ally: tuple[Effect, ...] = ()
    sacrifice: tuple[Effect, ...] = ()
    expend: tuple[Effect, ...] = ()
    traits: tuple[str, ...] = ()  # what other cards count: "bow", "knife"
