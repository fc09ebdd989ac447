"""How the hard bot (the engine's search, game.engine.search) plays Hero Realms.

A turn is a dozen actions or more, most of them settled by the normal bot's
heuristics: playing every card of the hand, then the champions' expend and the
allies' abilities, costs nothing and loses nothing. So the search weighs only
the moves that shape the game (`search_candidates`): where the combat goes
(each target with all of it, each champion it can stun), what to buy (the
best few market cards, a Fire Gem, nothing), which sacrifice or pack ability
to use, and every answer to a card's question. A move the heuristics settle
is one candidate, which the engine plays without a playout.

Each candidate is played out in worlds dealt from the seat's view
(determinize.py) by the normal bot to the end of the seat's turn
(`search_horizon`): the cards it draws, what it does with the rest of the
turn. The end is judged by `search_score`: each side's health and the
strength of its cards (what a hand of its deck is worth, and its champions in
play, every turn) for the turns the game may have left, the seat's side less
its rivals. Playing on to the end of the next player's turn was weaker: the
noise of that player's draws swamps the differences between two buys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from .bots import card_worth, effects_worth, factions_of, normal_bot
from .cards import kind_of
from .effects import Effect, Kind
from .kinds import CardKind, CardType
from .state import (
    NO_CARD,
    AttackChampion,
    AttackPlayer,
    BuyDiscard,
    BuyGem,
    BuyMarket,
    EndTurn,
    Expend,
    Format,
    Play,
    Player,
    Sacrifice,
    State,
    UseAbility,
    UseAlly,
    UseSkill,
)

__all__ = ["BUYS", "PLAYOUT_LEVEL", "search_candidates", "search_horizon", "search_score"]

PLAYOUT_LEVEL: Final = "normal"
"""The level that plays the playouts out."""
BUYS: Final = 4
"""The market cards weighed at a buy: the normal bot's best rated."""
ANSWERS: Final = 6
"""The answers weighed when a card asks a question."""
TURNS_AHEAD: Final = 1
"""A playout ends when this many turns have ended (the seat's)."""
PACE: Final = 8.0
"""The damage a turn is reckoned to deal, to tell how many turns a game has left."""
MOST_TURNS: Final = 6.0
"""The most turns a side's strength per turn counts for, against its health."""
GOLD_LATE: Final = 0.3
"""What a unit of gold counts for, against one of combat, on the last turn."""
ALLY_HAND: Final = 4.0
"""The other cards of a hand an ally ability finds its faction among."""
CHAMPION_STAYS: Final = 1.5
"""What a champion's expend ability counts for when the champion is drawn."""
SHIELD: Final = 0.2
GUARD_SHIELD: Final = 0.5
"""What a unit of a champion's defence counts for (it absorbs attacks)."""
HAND: Final = 5
WIN: Final = 100.0
"""What winning (or being out) adds (or takes), far above any other difference."""
RIVALS_WORST: Final = 0.5
"""The share of the strongest rival in the rivals' measure (the rest: their mean)."""

#: the moves the normal bot makes at once, with nothing worth weighing
_SETTLED = (Play, Expend, UseAlly)


# ------------------------------------------------------------- candidates


def search_candidates(view: dict[str, Any], legal: Sequence[Any]) -> list[int]:
    """The legal actions worth searching, as indexes into `legal`, the normal
    bot's choice first (see the module's docstring)."""
    chosen = normal_bot(view, legal)
    first = legal.index(chosen)
    if view["prompts"]:
        others = [i for i in range(len(legal)) if i != first]
        return [first, *others[: ANSWERS - 1]]
    if isinstance(chosen, _SETTLED):
        return [first]
    attacks = _attacks(view, legal)
    sacrifices = [i for i, a in enumerate(legal) if isinstance(a, Sacrifice)]
    if attacks:
        # Combat left unspent is lost: where it goes is the whole question.
        named = [*attacks, *sacrifices]
    else:
        named = [*_buys(view, legal), *sacrifices]
        named += [i for i, a in enumerate(legal) if isinstance(a, UseAbility | UseSkill | EndTurn)]
    return [first, *(i for i in dict.fromkeys(named) if i != first)]


def _attacks(view: dict[str, Any], legal: Sequence[Any]) -> list[int]:
    """Each champion it may stun, and each player it may reach with all its combat."""
    combat: int = view["combat"]
    return [
        i
        for i, action in enumerate(legal)
        if isinstance(action, AttackChampion)
        or (isinstance(action, AttackPlayer) and action.amount == combat)
    ]


def _buys(view: dict[str, Any], legal: Sequence[Any]) -> list[int]:
    """The best rated market cards (BUYS of them), the cards of a heist and a Fire Gem."""
    factions = factions_of(view)
    market = sorted(
        (i for i, a in enumerate(legal) if isinstance(a, BuyMarket)),
        key=lambda i: (-card_worth(legal[i].card, factions), legal[i].card),
    )
    others = [i for i, a in enumerate(legal) if isinstance(a, BuyDiscard | BuyGem)]
    return [*market[:BUYS], *others]


# ------------------------------------------------------------ the playout


def search_horizon(start: State, state: State) -> bool:
    """At the end of the seat's turn (or of the game)."""
    return state.winner != NO_CARD or state.turns >= start.turns + TURNS_AHEAD


def search_score(start: State, end: State, seat: int) -> float:
    """The seat's side's measure less its rivals' (the strongest counts half,
    their mean the other half); winning or being out outweighs everything."""
    sides = _sides(end)
    mine = next(side for side in sides if seat in side)
    if end.winner != NO_CARD:
        return WIN if end.winner in mine else -WIN
    if all(end.players[who].out for who in mine):
        return -WIN
    turns = _turns_left(end)
    rivals = [_measure(end, side, turns) for side in sides if seat not in side]
    if not rivals:
        return WIN
    rival = RIVALS_WORST * max(rivals) + (1 - RIVALS_WORST) * sum(rivals) / len(rivals)
    return _measure(end, mine, turns) - rival


def _sides(state: State) -> list[tuple[int, ...]]:
    """The seats that win together: teams of two in Hydra, else each seat."""
    seats = range(len(state.players))
    if state.format == Format.HYDRA:
        return [(first, first + 1) for first in seats[::2]]
    return [(who,) for who in seats]


def _measure(state: State, side: tuple[int, ...], turns: float) -> float:
    """A side's health (a Hydra team's is shared) and its cards' strength for
    `turns` turns; 0 for a side out of the game."""
    standing = [who for who in side if not state.players[who].out]
    if not standing:
        return 0.0
    health = max(state.players[who].health for who in standing)
    return health + turns * sum(_strength(state, who, turns) for who in standing)


def _turns_left(state: State) -> float:
    """How many turns the cards still have to count: the weakest player's
    health at PACE a turn, between 1 and MOST_TURNS."""
    weakest = min(player.health for player in state.players if not player.out)
    return min(MOST_TURNS, max(1.0, weakest / PACE))


def _strength(state: State, seat: int, turns: float) -> float:
    """What a turn of this player's cards is worth: a hand of HAND cards of
    the mean worth of the cards it draws from, and its champions in play.
    An ally ability counts as often as its faction's cards are common; gold
    counts less as the end nears (it buys cards that play later)."""
    player: Player = state.players[seat]
    drawn = [*player.hand, *player.deck, *player.discard]
    if state.turn == seat:
        drawn += state.in_play
    if not drawn:
        return 0.0
    kinds = [kind_of(card) for card in drawn]
    standing = [kind_of(card) for card in player.champions]
    shares = Counter(kind.faction for kind in kinds)
    backed = {kind.faction for kind in standing}
    gold = min(1.0, GOLD_LATE + (turns - 1) / MOST_TURNS)

    def ally(kind: CardKind) -> float:
        if kind.faction in backed:
            return 1.0
        return min(1.0, ALLY_HAND * (shares[kind.faction] - 1) / len(kinds))

    hand = HAND * sum(_drawn_worth(kind, ally(kind), gold) for kind in kinds) / len(kinds)
    return hand + sum(_standing_worth(kind, ally(kind)) for kind in standing)


def _worth(effects: Sequence[Effect], gold: float) -> float:
    """`effects_worth`, its gold counted at `gold` a unit."""
    total, plain = _sums(effects)
    return total - (1.0 - gold) * plain


def _sums(effects: Sequence[Effect]) -> tuple[float, int]:
    """`effects_worth` of a card's effects and their plain gold, kept by the
    effects' identity (a card kind's, which lives as long as the catalogue):
    the search's scores ask them of every card of every deck, thousands of
    times a move. The entry holds the effects, so their id is not reused."""
    kept = _SUMS.get(id(effects))
    if kept is None or kept[0] is not effects:
        plain = sum(e.amount for e in effects if e.kind == Kind.GOLD)
        kept = _SUMS[id(effects)] = (effects, effects_worth(effects), plain)
    return kept[1], kept[2]


_SUMS: dict[int, tuple[Sequence[Effect], float, int]] = {}


def _drawn_worth(kind: CardKind, ally: float, gold: float) -> float:
    """A card's worth in a hand: its primary ability, its ally ability as
    often as it fires, and for a champion its expend ability (and more, as
    it stays)."""
    worth = _worth(kind.primary, gold) + ally * _worth(kind.ally, gold)
    if kind.type == CardType.CHAMPION:
        worth += CHAMPION_STAYS * _worth(kind.expend, gold)
    return worth


def _standing_worth(kind: CardKind, ally: float) -> float:
    """A champion in play: its expend ability every turn, its ally ability
    as often as it fires, and what it shields (its defence, more for a guard)."""
    shield = kind.defence * (GUARD_SHIELD if kind.guard else SHIELD)
    return _sums(kind.expend)[0] + ally * _sums(kind.ally)[0] + shield
