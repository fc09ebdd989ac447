"""How the hard bot's search (game.engine.search) plays out and judges.

At a turn's start a seat may have a hundred and more placements, most of them
silly (six experts where one would do), so the game names the actions worth
searching (`bots.search_candidates`): every card, and the few placements the
normal bot rates best (`CANDIDATES` of them, each city's fewest gangsters and
a little more, `Reckoning.rated_places`), its own choice first. Each is played
out by the normal bot to the round's end: then the face-down cards are known,
gains and sanctions fall.

The score is the seat's gains less the best rival's, each player's gains being
what it took judged by what the seat knew when it decided (the expected worth
of each city's card, odds.py, not the card the world dealt: the same
difference between actions, far less noise), its Chicago share as won, less
the occasionals spent (gone for the rounds after).
"""

from __future__ import annotations

from typing import Any, Final

from ..engine import rng
from ..engine.evolve import evolve
from . import views
from .bots_normal import Reckoning, Tuning
from .cards import CARD_CITY, CITY_CARDS, POLICE
from .odds import rounds_after_float, sanction_costs, seen_odds
from .rules import advance, advance_play, advance_vouched, can_place
from .state import Action, Stage, State, game_ends
from .views import playout_view, playout_view_after_placing

__all__ = ["CANDIDATES", "determinize", "playout", "search_horizon", "search_score"]

CANDIDATES: Final = 4
"""The placements played out at a turn's start: the normal bot's best rated."""


def search_horizon(start: State, state: State) -> bool:
    """At the round's end."""
    return state.round != start.round or state.stage is Stage.OVER


def search_score(start: State, end: State, seat: int) -> float:
    """The seat's gains less the best rival's (see the module's docstring)."""
    if end.round == start.round and end.stage is not Stage.OVER:
        gains = Reckoning(playout_view(end, seat), judge=True).gains()
    else:
        gains = _round_gains(start, end, seat)
    mine = gains[seat]
    return mine - max(gain for who, gain in enumerate(gains) if who != seat)


def _round_gains(start: State, end: State, seat: int) -> list[float]:
    """By player, what the round that `start` was in gave, as `seat` reckoned
    the face-down cards at `start`; Chicago's share as won; less the
    occasionals spent."""
    players = len(start.hands)
    result = end.result
    gains = [0.0] * players
    if result is None:  # cannot happen: a round has ended
        return gains
    after, worths = _city_worths(start, start.hands[seat])
    banned = start.banned
    for taken in result.cities:
        if taken.seat is not None:
            city = taken.city
            gains[taken.seat] += worths[city][city in banned[taken.seat]]
    if result.chicago.seat is not None:
        gains[result.chicago.seat] += result.chicago.gain
    later = Tuning.OCCASIONAL_LATER * min(1.0, after)
    for who in range(players):
        gains[who] -= later * (end.occasionals_used[who] - start.occasionals_used[who])
    return gains


_CityWorths = list[tuple[float, float]]
"""By city id, its face-down card's worth to its taker (not banned there,
banned there)."""

_last_worths: list[tuple[State, tuple[int, ...], float, _CityWorths]] = []
"""The last `_city_worths`: the state it read, the hand, its answer."""


def _city_worths(start: State, hand: tuple[int, ...]) -> tuple[float, _CityWorths]:
    """The rounds expected after the one `start` is in, and `_CityWorths` as a
    seat holding `hand` reckons the cards at `start`. The playouts of one
    decision share them (their worlds share the cards played, the police
    shown and the seat's own hand), so the last answer is kept for the next
    start that shares those objects."""
    played, police = start.played, start.police_shown
    if _last_worths:
        known, known_hand, after, worths = _last_worths[0]
        if (
            known.played is played
            and known.police_shown is police
            and known.round == start.round
            and known_hand is hand
        ):
            return after, worths
    badges = tuple(sorted(POLICE[card] for card in police))
    after = 0.0 if game_ends(police) else rounds_after_float(badges, len(police) >= start.round)
    costs = sanction_costs(after)
    worths = [(0.0, 0.0)]  # Chicago's entry: never among the cities' results
    for city in range(1, len(played)):
        seen = (*played[city], *(card for card in hand if CARD_CITY[card] == city))
        odds = seen_odds(city, seen)
        worths.append((costs.worth(odds, False), costs.worth(odds, True)))
    _last_worths[:] = [(start, hand, after, worths)]
    return after, worths


# ----------------------------------------------------------------- playout


def playout(start: State, seat: int, action: Action, limit: int) -> State:
    """`SearchHooks.playout`: `action` played for `seat` in the world `start`,
    then the normal bot (bots.normal_bot) for every seat to the round's end,
    at most `limit` actions more: the state the engine's loop
    (`search.play_out`) reaches, which tests/test_theboss_bots.py holds it to.
    The same decisions, without a legal list at each step: a seat with one
    card and no placement plays it; the bot's placement is made when the
    list would hold it (`rules.advance_vouched` asks its city's key, as a
    legal list vouches for its own, and makes it; if the list holds other
    placements, `advance` refuses it as apply would); its card after it is
    weighed with the same reckoning, the gangsters changed
    (`Reckoning.after_placing`), and played from the hand
    (`rules.advance_play`). It stops where `search_horizon` does."""
    state = advance(start, seat, action)
    first_round = start.round
    taken = 0
    while taken < limit:
        stage = state.stage
        if stage is Stage.OVER or state.round != first_round:
            break
        actor = state.seat
        hand = state.hands[actor]
        # Whether the legal list holds a placement: asked at once of a seat
        # with one card (else the card is its only action), else when the bot
        # would place (None: not asked yet).
        placing = (
            (stage is Stage.PLACE_OR_PLAY and can_place(state, actor)) if len(hand) == 1 else None
        )
        if placing is False:
            card = hand[0]
        else:
            seen = playout_view(state, actor)
            reckoning = Reckoning(seen)
            if stage is Stage.PLACE_OR_PLAY:
                place = reckoning.best_placement()
                # Made when the legal list would hold a placement: then it holds
                # this one (advance_vouched), or advance refuses it as apply would.
                if place is not None:
                    placed = advance_vouched(state, actor, place)
                    if placed is None and (placing or can_place(state, actor)):
                        placed = advance(state, actor, place)
                    if placed is not None:
                        state = placed
                        taken += 1
                        if taken == limit:
                            break
                        # Its card next: only the gangsters have changed.
                        seen = playout_view_after_placing(seen, state, place)
                        reckoning = reckoning.after_placing(seen, place.city)
            found = reckoning.best_card(hand)
            if found is None:  # cannot happen: the seat to act holds a card
                raise ValueError("no card to play in the hand")
            card = found
        # A card of the hand of the seat to act: no question to ask of it.
        state = advance_play(state, actor, card)
        taken += 1
    return state


# ------------------------------------------------------------- determinize


class _Template:
    """What every world dealt from one view shares: the view read once."""

    def __init__(self, seen: dict[str, Any]) -> None:
        # A world as views.determinize deals it; only the deal changes with the seed.
        base = views.determinize(seen, 0)
        self.base = base
        seat = seen["seat"]
        blind = [who for who in range(len(base.hands)) if seen["hand"] is None or who != seat]
        self.blind = blind
        over = base.stage is Stage.OVER
        # By city: its unseen faces, and whether its face-down card is among them.
        self.cities: list[tuple[int, tuple[int, ...], bool]] = []
        own = set(seen["hand"] or ())
        for city in range(1, len(base.hidden)):
            known = own | set(base.played[city])
            if over:
                known.add(base.hidden[city])
            unseen = tuple(card for card in CITY_CARDS[city] if card not in known)
            self.cities.append((city, unseen, not over))
        # By blind seat, the city of each card it holds, in hand order.
        self.backs = [[CARD_CITY[card] for card in base.hands[who]] for who in blind]
        self.police = tuple(sorted(base.police))


_template: list[tuple[dict[str, Any], _Template]] = []


def determinize(seen: dict[str, Any], seed: int) -> State:
    """A whole state in which `seen` is its seat's view, every face it cannot see
    dealt at random into the places it cannot see (as views.determinize does);
    the view is read once for all the worlds of one decision (the search asks
    with the same view object each time)."""
    if _template and _template[0][0] is seen:
        template = _template[0][1]
    else:
        template = _Template(seen)
        _template[:] = [(seen, template)]
    base = template.base
    generator = rng.seed_state(seed)
    hidden = list(base.hidden)
    # Per city, the faces for the blind seats' cards of that back, in turn.
    faces: list[list[int]] = [[] for _ in hidden]
    for city, unseen, face_down in template.cities:
        shuffled, generator = rng.shuffle(generator, unseen)
        dealt = list(shuffled)
        if face_down:
            hidden[city] = dealt.pop()
        faces[city] = dealt
    hands = list(base.hands)
    for who, backs in zip(template.blind, template.backs, strict=True):
        hands[who] = tuple(sorted(faces[city].pop() for city in backs))
    police, generator = rng.shuffle(generator, template.police)
    return evolve(base, rng=generator, hidden=tuple(hidden), hands=tuple(hands), police=police)
