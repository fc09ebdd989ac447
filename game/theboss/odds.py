"""What one seat can reckon about The Boss's hidden cards, from its view alone.

Every card of the cities in play is either face down under its city or in a
hand, and everyone sees each hand's backs. So, for a city, the faces this seat
has not seen (neither in its hand nor played this round) lie in the places it
cannot see: the face-down card and the other hands' cards of that back, one
face to a place, every arrangement as likely as another. The face-down card is
therefore any of those unseen faces with equal chance, and so is each card of
that back in another hand.

From that: the expected money under each city, the chance of each sanction, and
what a sanction costs its taker in money (`SanctionCosts`); the expected number
of rounds still to come after this one, from the police cards shown (exact); and
Chicago's expected pot, the last card of each city to its left.

A sanction's cost is an expert's worth for the rounds it misses (`EXPERT_ROUND`
money a round): a revolver kills one for every round after this one, the jail
takes one for the next 2 rounds, the hospital for the next 1; a ban costs
`BAN_ROUND` a round for the rest of the game (one city fewer to fight for).
In the last round a sanction costs nothing (the tie-break aside).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, TypeVar

from .cards import (
    BADGES_TO_END,
    BANNED,
    CARD_CITY,
    CARD_KIND,
    CARD_VALUE,
    CHICAGO,
    CITY_CARDS,
    CITY_COUNT,
    HOSPITAL,
    HOSPITAL_ROUNDS,
    JAIL,
    JAIL_ROUNDS,
    POLICE,
    REVOLVER,
)
from .seen import Seen, View, as_seen

__all__ = [
    "BAN_ROUND",
    "EXPERT_ROUND",
    "ChicagoLot",
    "CityOdds",
    "SanctionCosts",
    "chicago_lots",
    "chicago_pot",
    "city_odds",
    "last_card_worth",
    "one_city_odds",
    "pool_odds",
    "remembered_chicago_pot",
    "rounds_after",
    "rounds_after_float",
    "rounds_after_view",
    "sanction_costs",
    "seen_odds",
    "unseen_faces",
]

EXPERT_ROUND: Final = 0.8
"""What one expert is worth to its player for one round, in money: about what a
gangster brings in a round (the money on the table shared among the gangsters)."""
BAN_ROUND: Final = 0.4
"""What being barred from one city costs a round, in money."""


@dataclass(frozen=True, slots=True)
class CityOdds:
    """The face-down card of one city as a seat reckons it."""

    unseen: int  # how many faces it may be
    money: float  # its expected money
    revolver: float  # the chance of each sanction
    jail: float
    hospital: float
    banned: float

    @property
    def loss(self) -> float:
        """The chance that it is a sanction."""
        return self.revolver + self.jail + self.hospital + self.banned


@dataclass(frozen=True, slots=True)
class SanctionCosts:
    """What each sanction costs its taker, in money."""

    revolver: float
    jail: float
    hospital: float
    banned: float

    def worth(self, odds: CityOdds, banned_there: bool = False) -> float:
        """The city's expected worth to its taker: money less the sanctions' costs
        (a ban costs nothing to a player already banned from it)."""
        return (
            odds.money
            - odds.revolver * self.revolver
            - odds.jail * self.jail
            - odds.hospital * self.hospital
            - (0.0 if banned_there else odds.banned * self.banned)
        )


_NOTHING: Final = CityOdds(0, 0.0, 0.0, 0.0, 0.0, 0.0)


@functools.lru_cache(maxsize=8192)
def pool_odds(faces: tuple[int, ...]) -> CityOdds:
    """The odds of a card drawn uniformly from `faces` (card ids)."""
    if not faces:
        return _NOTHING
    share = 1.0 / len(faces)
    kinds = [CARD_KIND[card] for card in faces]
    return CityOdds(
        unseen=len(faces),
        money=sum(CARD_VALUE[card] for card in faces) * share,
        revolver=kinds.count(REVOLVER) * share,
        jail=kinds.count(JAIL) * share,
        hospital=kinds.count(HOSPITAL) * share,
        banned=kinds.count(BANNED) * share,
    )


def unseen_faces(city: int, seen: Iterable[int]) -> tuple[int, ...]:
    """The city's faces not among `seen` (card ids), in id order."""
    known = set(seen)
    return tuple(card for card in CITY_CARDS[city] if card not in known)


@functools.lru_cache(maxsize=8192)
def seen_odds(city: int, seen: tuple[int, ...]) -> CityOdds:
    """`pool_odds` of the city's faces not among `seen`, remembered: the bots
    ask about the same few cards over and over."""
    return pool_odds(unseen_faces(city, seen))


def city_odds(view: View | Seen) -> list[CityOdds]:
    """By city id (Chicago's entry is empty): the odds of each face-down card,
    from the seat's hand and the cards played this round."""
    seen = as_seen(view)
    hand = seen.hand or ()
    played = seen.played
    by_city = _CITY_ODDS.get(hand) or _hand_figures(_CITY_ODDS, hand)
    odds = [_NOTHING]
    for city in range(1, len(played)):
        cards = played[city]
        chances = by_city[city].get(cards)
        if chances is None:
            chances = _city_odds(by_city, city, cards, hand)
        odds.append(chances)
    return odds


def one_city_odds(view: View | Seen, city: int) -> CityOdds:
    """`city_odds(view)[city]` alone (a numbered city)."""
    seen = as_seen(view)
    hand = seen.hand or ()
    cards = seen.played[city]
    by_city = _CITY_ODDS.get(hand) or _hand_figures(_CITY_ODDS, hand)
    chances = by_city[city].get(cards)
    return _city_odds(by_city, city, cards, hand) if chances is None else chances


_Figure = TypeVar("_Figure")
HandFigures = list[dict[tuple[int, ...], _Figure]]
"""One hand's figures, by city id and then by the city's cards played."""
ByHand = dict[tuple[int, ...], HandFigures[_Figure]]
"""Figures remembered by hand, then by city id and the city's cards played."""


_CITY_ODDS: ByHand[CityOdds] = {}
"""`city_odds`' figures by hand, then by city id and the city's cards played:
read at nearly every step of the search's playouts, where the hand and a
city's cards played change far less often than the view (the hand is hashed
once for every city, and no key is built)."""


def _hand_figures(table: ByHand[_Figure], hand: tuple[int, ...]) -> HandFigures[_Figure]:
    """The (empty) figures of a hand, made room for in `table`: one entry for
    every city id there is (city ids are the same at any player count); the
    table started again once it holds 5,000 hands."""
    if len(table) >= 5_000:
        table.clear()
    by_city: HandFigures[_Figure] = [{} for _ in range(CITY_COUNT + 1)]
    table[hand] = by_city
    return by_city


def _city_odds(
    by_city: HandFigures[CityOdds], city: int, played: tuple[int, ...], hand: tuple[int, ...]
) -> CityOdds:
    """The odds of the city's face-down card, from its cards played and the
    hand's cards of it, remembered in the hand's figures `by_city`."""
    chances = seen_odds(city, (*played, *[card for card in hand if CARD_CITY[card] == city]))
    by_city[city][played] = chances
    return chances


# ------------------------------------------------------------------ police


@functools.lru_cache(maxsize=256)
def rounds_after(shown: tuple[str, ...], this_round_shown: bool) -> Fraction:
    """The expected number of rounds after the current one, exactly: every order
    of the police cards not yet shown is as likely. `shown` are the badges shown
    (in any order); `this_round_shown` says whether the current round's card is
    among them (it turns after the third turn)."""
    left = list(POLICE)
    for badge in shown:
        left.remove(badge)

    def ended(cards: Sequence[str]) -> bool:
        gold = sum(card in ("gold", "both") for card in cards)
        silver = sum(card in ("silver", "both") for card in cards)
        return max(gold, silver) >= BADGES_TO_END

    orders = list(itertools.permutations(left))
    total = 0
    for order in orders:
        seen = list(shown)
        if not this_round_shown:
            seen.append(order[0])
            order = order[1:]
        more = 0
        while not ended(seen) and more < len(order):
            seen.append(order[more])
            more += 1
        total += more
    return Fraction(total, len(orders)) if orders else Fraction(0)


def rounds_after_view(view: View | Seen) -> float:
    """The expected rounds after the current one, from what the view shows."""
    seen = as_seen(view)
    if seen.last_round or seen.stage == "over":
        return 0.0
    shown = tuple(sorted(seen.police))
    return rounds_after_float(shown, len(shown) >= seen.round)


@functools.lru_cache(maxsize=256)
def rounds_after_float(shown: tuple[str, ...], this_round_shown: bool) -> float:
    """`rounds_after` as a float, remembered (a Fraction's float is slow)."""
    return float(rounds_after(shown, this_round_shown))


@functools.lru_cache(maxsize=64)
def sanction_costs(after: float) -> SanctionCosts:
    """What each sanction costs, with `after` rounds expected after this one."""
    return SanctionCosts(
        revolver=EXPERT_ROUND * after,
        jail=EXPERT_ROUND * min(float(JAIL_ROUNDS), after),
        hospital=EXPERT_ROUND * min(float(HOSPITAL_ROUNDS), after),
        banned=BAN_ROUND * after,
    )


# ----------------------------------------------------------------- Chicago


def last_card_worth(
    played: Sequence[int], mine: Sequence[int], others: int, odds: CityOdds, keen: int
) -> float:
    """The expected money on a city's last card at the round's end.

    Every card in the hands is played before the round ends, so the last one is
    among the cards of that city still in hands, if any: `mine` (this seat's,
    known) and `others` cards of that back in other hands (each worth the
    unseen faces' mean, `odds.money`). With no such card it is the last played
    (0 for none). `keen` is +1 when this seat wants it high (and, holding the
    only ones left, will keep its best for last), -1 when it wants it low, 0
    when it does not care."""
    if not mine and not others:
        return float(CARD_VALUE[played[-1]]) if played else 0.0
    # Whole numbers, summed exactly either way: in Pyodide's Python a sum of
    # floats costs several times one of ints.
    values = [CARD_VALUE[card] for card in mine]
    if not others and keen:
        return float(max(values) if keen > 0 else min(values))
    return (sum(values) + others * odds.money) / (len(values) + others)


ChicagoLot = tuple[int, tuple[int, ...], list[int], int]
"""A city left of Chicago as `chicago_pot` weighs it: (city, its cards played,
this seat's cards of it, the other hands' cards of its back)."""


def chicago_lots(view: View | Seen) -> list[ChicagoLot]:
    """The cities left of Chicago, in row order, each as a `ChicagoLot`: what
    of the view Chicago's pot depends on, read once for every `keen`."""
    seen = as_seen(view)
    row = seen.row
    hand = seen.hand or ()
    played = seen.played
    return [_lot(city, played[city], hand) for city in row[: row.index(CHICAGO)]]


def _lot(city: int, played: tuple[int, ...], hand: tuple[int, ...]) -> ChicagoLot:
    """The `ChicagoLot` of a city, from its cards played and the seat's hand."""
    mine = [card for card in hand if CARD_CITY[card] == city]
    # Each card of the city is face down (one), played or in a hand (an
    # invariant of every state): the other hands hold the rest, as many as
    # their backs of that city show.
    others = len(CITY_CARDS[city]) - 1 - len(played) - len(mine)
    return (city, played, mine, others)


def chicago_pot(view: View | Seen, odds: Sequence[CityOdds], keen: int) -> float:
    """Chicago's expected pot at the round's end: the last cards of the cities
    to its left (its holder takes half, rounded down); the plain definition
    that the bots' `remembered_chicago_pot` is held to."""
    total = 0.0
    for city, played, mine, others in chicago_lots(view):
        total += last_card_worth(played, mine, others, odds[city], keen)
    return total


_LAST_CARDS: ByHand[tuple[float, float, float]] = {}
"""`remembered_chicago_pot`'s figures by hand, then by city id and the city's
cards played: its `last_card_worth` for a `keen` of -1, 0 and +1."""


def remembered_chicago_pot(seen: Seen, odds: Sequence[CityOdds], keen: int) -> float:
    """`chicago_pot(seen, odds, keen)` (`odds` being `city_odds(seen)`), each
    city's last card remembered by hand, city and the city's cards played,
    which are all it depends on: the search's playouts weigh Chicago at
    nearly every turn's start. Summed in the same order, the same float."""
    hand = seen.hand or ()
    by_city = _LAST_CARDS.get(hand) or _hand_figures(_LAST_CARDS, hand)
    played, row = seen.played, seen.row
    total = 0.0
    for city in row[: row.index(CHICAGO)]:
        cards = played[city]
        worths = by_city[city].get(cards)
        if worths is None:
            _city, _cards, mine, others = _lot(city, cards, hand)
            chances = odds[city]
            worths = (
                last_card_worth(cards, mine, others, chances, -1),
                last_card_worth(cards, mine, others, chances, 0),
                last_card_worth(cards, mine, others, chances, 1),
            )
            by_city[city][cards] = worths
        total += worths[keen + 1]
    return total
