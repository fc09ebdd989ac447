"""The Boss's bots, each deciding from its seat's view alone: every bot of the
game lives behind `BOTS` (levels "easy", "normal" and "hard").

- easy: a random card; at two of its turns' starts in three, first the fewest
  gangsters it needs (or up to two more) on a city where it sees money (it
  holds one of its sanctions: naive, the city may hold others), or any city.
- normal: reckons each city's face-down card from everything it has seen
  (odds.py), weighs what a city is worth against the chance of being outbid
  and the gangsters it costs, and plays the card that tells others least
  about the cities it holds and helps its Chicago share (bots_normal.py).
- hard: the engine's search (game.engine.search) over worlds dealt from the
  view, played out by the normal bot; `search_candidates` names the actions
  worth trying, `search_horizon` and `search_score` (bots_search.py) say how
  far and how it judges. The game declares these
  through its search hooks, which is how the engine builds its hard bot (and
  lets the page think in slices), so `GAME.capabilities.bots` lists only the
  heuristic levels; `BOTS["hard"]` is the same search bot, for direct use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..engine import rng
from ..engine.capabilities import Policy
from .bots_normal import Reckoning
from .bots_search import CANDIDATES, search_horizon, search_score
from .bots_search import determinize as search_determinize
from .bots_search import playout as search_playout
from .cards import CARD_CITY, CARD_KIND, MONEY
from .rules import PLAYS
from .seen import Seen, as_seen
from .state import Action, Place, Play

__all__ = [
    "BOTS",
    "HEURISTIC_LEVELS",
    "PLAYOUT_LEVEL",
    "easy_bot",
    "hard_bot",
    "normal_bot",
    "search_candidates",
    "search_determinize",
    "search_horizon",
    "search_playout",
    "search_score",
]

View = dict[str, Any]

_EASY_PLACES_ONE_IN: Final = 3


def _dice(view: View) -> int:
    """A generator seeded from the view alone: the same view, the same choice."""
    key = view["round"] * 1_000_003 + view["turn"] * 10_007 + (view["seat"] or 0) * 101
    for card in view["hand"] or ():
        key = key * 31 + card
    for entry in view["cities"]:
        key = key * 7 + len(entry["played"]) + 3 * sum(entry["experts"])
    return rng.seed_state(key & 0xFFFF_FFFF_FFFF)


def _sees_money(view: View, city: int) -> bool:
    """The easy bot's look at a city: it holds a sanction card of it, so it
    guesses money lies under it (forgetting the city's other sanctions)."""
    return any(CARD_CITY[card] == city and CARD_KIND[card] != MONEY for card in view["hand"] or ())


def easy_bot(view: View, legal: Sequence[Action]) -> Action:
    """A random card; at two of its turns' starts in three, first a placement
    on a random city where it sees money (any city if none), of the fewest
    gangsters it needs or up to two more, experts first."""
    dice = _dice(view)
    plays = [action for action in legal if type(action) is Play]
    fewest: dict[int, int] = {}
    for action in legal:
        if type(action) is Place:
            size = action.experts + action.occasionals
            fewest[action.city] = min(size, fewest.get(action.city, size))
    roll, dice = rng.below(dice, _EASY_PLACES_ONE_IN)
    if fewest and (roll != 0 or not plays):
        cities = sorted(city for city in fewest if _sees_money(view, city)) or sorted(fewest)
        index, dice = rng.below(dice, len(cities))
        city = cities[index]
        extra, dice = rng.below(dice, 3)
        sizes = [
            action
            for action in legal
            if type(action) is Place
            and action.city == city
            and action.experts + action.occasionals <= fewest[city] + extra
        ]
        # The most experts among the biggest placements kept (occasionals last).
        return max(sizes, key=lambda a: (a.experts + a.occasionals, a.experts))
    if not plays:
        return legal[0]
    index, dice = rng.below(dice, len(plays))
    return plays[index]


# ------------------------------------------------------------------- normal


def normal_bot(view: View | Seen, legal: Sequence[Action]) -> Action:
    """Places where the odds pay (a city's expected worth, the chance to keep it,
    the gangsters it costs), then plays the card that gives least away. The
    view may be a view's dict or the search's playout `Seen`."""
    if len(legal) == 1:
        return legal[0]
    reckoning = Reckoning(view)
    if type(legal[-1]) is Place:  # the placements come after the cards
        place = reckoning.best_placement()
        if place is not None:
            return place
    cards = []
    for action in legal:
        if type(action) is not Play:
            break  # the cards come first in `legal`, the placements after
        cards.append(action.card)
    best = reckoning.best_card(cards)
    if best is None:  # cannot happen: a seat to act holds a card
        raise ValueError("no card to play among the legal actions")
    return PLAYS[best]


# --------------------------------------------------------------------- hard


PLAYOUT_LEVEL: Final = "normal"
HEURISTIC_LEVELS: Final = ("easy", "normal")


def search_candidates(view: View | Seen, legal: Sequence[Action]) -> list[int]:
    """The legal actions the search tries (indexes into `legal`), the normal
    bot's choice first: every card, and at a turn's start the `CANDIDATES`
    placements the normal bot rates best (a hundred and more are legal, most
    of them silly: six experts where one would do)."""
    seen = as_seen(view)  # the view read once for both
    chosen = legal.index(normal_bot(seen, legal))
    best: set[Place] = set()
    if type(legal[-1]) is Place:  # the placements come after the cards
        rated = sorted(
            ((-gain, place.city, place.experts, place.occasionals), place)
            for gain, place in Reckoning(seen).rated_places()
        )
        best = {place for _key, place in rated[:CANDIDATES]}
    worth = (
        index
        for index, action in enumerate(legal)
        if index != chosen and (type(action) is Play or action in best)
    )
    return [chosen, *worth]


def hard_bot(view: View, legal: Sequence[Action]) -> Action:
    """The engine's search bot at its default settings (the game's hard level)."""
    from ..engine.bots import make_bot
    from .game import GAME

    action: Action = make_bot(GAME, "hard")(view, legal)
    return action


BOTS: Final[dict[str, Policy]] = {"easy": easy_bot, "normal": normal_bot, "hard": hard_bot}
