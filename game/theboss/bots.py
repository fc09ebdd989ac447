"""The Boss's bots, each deciding from its seat's view alone: every bot of the
game lives here, behind `BOTS` (levels "easy", "normal" and "hard").

"easy" and "normal" are heuristics. "hard" is the engine's search bot
(game.engine.search): its playouts are played by `PLAYOUT_LEVEL`, stop at
`search_horizon` and are judged by `search_score`. The game declares these
three through its search hooks, which is how the engine builds its hard bot
(and lets the page think in slices), so `GAME.capabilities.bots` lists only
the heuristic levels; `BOTS["hard"]` is the same search bot, for direct use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..engine import rng
from ..engine.capabilities import Policy
from .cards import CARD_CITY, CARD_KIND, CARD_VALUE, CHICAGO, CITY_CARDS, MONEY
from .scoring import outcome
from .state import Action, Place, Play, Stage, State

__all__ = [
    "BOTS",
    "HEURISTIC_LEVELS",
    "PLAYOUT_LEVEL",
    "easy_bot",
    "hard_bot",
    "normal_bot",
    "search_horizon",
    "search_score",
]

View = dict[str, Any]

# What taking a sanction is worth to the normal bot, against money's face value.
_SANCTION_WORTH: Final = {"revolver": -3.0, "jail": -2.5, "hospital": -1.5, "banned": -1.0}
# What a placed gangster costs: an expert comes back, an occasional is gone for good.
_EXPERT_COST: Final = 0.4
_OCCASIONAL_COST: Final = 0.9
# The normal bot places when a city's worth beats the cost by this much, by
# turn: it waits for cards to show, but not too long (others may outbid it).
_THRESHOLD_BY_TURN: Final = (2.5, 2.0, 1.5, 1.0, 0.5)
_EASY_PLACES_ONE_IN: Final = 5


def _dice(view: View) -> int:
    """A generator seeded from the view alone: the same view, the same choice."""
    key = view["round"] * 1_000_003 + view["turn"] * 10_007 + (view["seat"] or 0) * 101
    for card in view["hand"] or ():
        key = key * 31 + card
    for entry in view["cities"]:
        key = key * 7 + len(entry["played"]) + 3 * sum(entry["experts"])
    return rng.seed_state(key)


def easy_bot(view: View, legal: Sequence[Action]) -> Action:
    """A random card; one time in five at a turn's start, a random placement first."""
    dice = _dice(view)
    places = [action for action in legal if type(action) is Place]
    plays = [action for action in legal if type(action) is Play]
    roll, dice = rng.below(dice, _EASY_PLACES_ONE_IN)
    if places and (roll == 0 or not plays):
        index, dice = rng.below(dice, len(places))
        return places[index]
    index, dice = rng.below(dice, len(plays))
    return plays[index]


# ------------------------------------------------------------------- normal


def _count(entry: dict[str, Any], seat: int) -> int:
    return int(entry["experts"][seat] + entry["occasionals"][seat])


def _holder(entry: dict[str, Any]) -> int | None:
    counts = [e + o for e, o in zip(entry["experts"], entry["occasionals"], strict=True)]
    best = max(counts)
    return counts.index(best) if best else None


def _chicago_pot(view: View) -> int:
    """The money on the last card under each city left of Chicago, now."""
    row = view["row"]
    last = (view["cities"][city]["played"] for city in row[: row.index(CHICAGO)])
    return sum(CARD_VALUE[cards[-1]] for cards in last if cards)


def _city_worth(view: View, city: int) -> float:
    """The face-down card's expected worth, its face being any of the city's
    faces this seat has not seen (the others are in other hands)."""
    if city == CHICAGO:
        return _chicago_pot(view) / 2
    seen = set(view["cities"][city]["played"]) | set(view["hand"] or ())
    unseen = [card for card in CITY_CARDS[city] if card not in seen]
    worth = [
        float(CARD_VALUE[card]) if CARD_KIND[card] == MONEY else _SANCTION_WORTH[CARD_KIND[card]]
        for card in unseen
    ]
    return sum(worth) / len(worth) if worth else 0.0


def _placement(view: View, places: Sequence[Place]) -> Place | None:
    """The cheapest placement on the city worth most above its cost, if it beats
    the turn's threshold; None to play a card at once."""
    seat = view["seat"]
    threshold = _THRESHOLD_BY_TURN[min(view["turn"], len(_THRESHOLD_BY_TURN)) - 1]
    occasional_cost = _OCCASIONAL_COST if not view["last_round"] else _EXPERT_COST
    best: tuple[float, Place] | None = None
    worth: dict[int, float | None] = {}
    for place in places:
        if place.city not in worth:
            # Already the holder: no need to spend more there (None).
            mine = _holder(view["cities"][place.city]) == seat
            worth[place.city] = None if mine else _city_worth(view, place.city)
        value = worth[place.city]
        if value is None:
            continue
        gain = value - place.experts * _EXPERT_COST - place.occasionals * occasional_cost
        if gain >= threshold and (best is None or gain > best[0]):
            best = (gain, place)
    return None if best is None else best[1]


def _card_score(view: View, card: int) -> float:
    """Chicago's holder wants big last cards left of Chicago, the others small
    ones; otherwise a card from a city one has no stake in gives least away."""
    seat = view["seat"]
    row = view["row"]
    city = CARD_CITY[card]
    chicago = _holder(view["cities"][CHICAGO])
    score = 0.0
    if row.index(city) < row.index(CHICAGO) and chicago is not None:
        score += CARD_VALUE[card] if chicago == seat else -CARD_VALUE[card]
    if _count(view["cities"][city], seat):
        score -= 0.5
    return score


def normal_bot(view: View, legal: Sequence[Action]) -> Action:
    """Places where the face-down card looks worth it, then plays the card that
    helps its Chicago share most (or hurts a rival's)."""
    places = [action for action in legal if type(action) is Place]
    if places and view["stage"] == Stage.PLACE_OR_PLAY.value:
        choice = _placement(view, places)
        if choice is not None:
            return choice
    plays = [action for action in legal if type(action) is Play]
    if not plays:
        return legal[0]
    return max(plays, key=lambda action: (_card_score(view, action.card), -action.card))


# --------------------------------------------------------------------- hard


PLAYOUT_LEVEL: Final = "normal"
HEURISTIC_LEVELS: Final = ("easy", "normal")


def search_horizon(start: State, state: State) -> bool:
    """Playouts stop at the end of the round: money and sanctions have fallen."""
    return state.round != start.round or state.stage is Stage.OVER


def search_score(start: State, end: State, seat: int) -> float:
    """Money won against the best rival's, less experts lost; the game's end
    weighs most."""

    def gained(who: int) -> int:
        return end.money[who] - start.money[who]

    others = [who for who in range(len(end.hands)) if who != seat]
    lost = (end.dead[seat] - start.dead[seat]) * 2.0
    lost += max(0, len(end.away[seat]) - len(start.away[seat])) * 1.0
    lost += (len(end.banned[seat]) - len(start.banned[seat])) * 1.0
    score = gained(seat) - 0.7 * max(map(gained, others)) - lost
    if end.stage is Stage.OVER:
        score += 5.0 if seat in outcome(end)["winners"] else -5.0
    return score


def hard_bot(view: View, legal: Sequence[Action]) -> Action:
    """The engine's search bot at its default settings (the game's hard level)."""
    from ..engine.bots import make_bot
    from .game import GAME

    action: Action = make_bot(GAME, "hard")(view, legal)
    return action


BOTS: Final[dict[str, Policy]] = {"easy": easy_bot, "normal": normal_bot, "hard": hard_bot}
