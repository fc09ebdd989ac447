"""The normal bot's reckoning of one position, from one seat's view alone.

What a city is worth to a player (odds.py: its expected money less the
sanctions' expected costs); the chance that a player keeps a city it holds
(each rival who could still outbid it, with the gangsters it has left and a turn
left to do so, does so the more likely the richer the city looks to it and the
cheaper the outbid is); what a gangster costs (an expert is worth something
until the round's last turn, an occasional also for the rounds after). The
normal bot places where the gain beats the turn's threshold (waiting shows
more cards, but leaves cities to others), then plays the card that tells others
least about the cities it cares for and helps its Chicago share most. The hard
bot's search judges the positions its playouts reach with `Reckoning.gains`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import add
from typing import Any, Final

from .cards import CARD_CITY, CARD_VALUE, CHICAGO, CITY_COUNT, TURNS
from .odds import (
    CityOdds,
    SanctionCosts,
    city_odds,
    one_city_odds,
    remembered_chicago_pot,
    rounds_after_view,
    sanction_costs,
    seen_odds,
)
from .rules import PLACES
from .seen import Ints, Seen, View, as_seen, keep_table
from .state import Place

__all__ = ["Reckoning", "Tuning"]


class Tuning:
    """The normal bot's weights (class attributes, so that a test or a tuning
    run can try others). Tuned in the arena at 4 players, one changed against
    three bots of the values before, 300 games a try: a cautious bot wins (a
    rival's outbid rated likely, ALPHA 0.3 -> 0.8, and a higher bar early,
    WAIT), and caring what its cards tell matters most (INFO 0: 10% instead
    of the fair 25%); no single change from the values below wins more than
    25% against them."""

    # A rival outbids with chance ALPHA * worth / (gangsters it needs + NEED_BIAS),
    # at most CAP, scaled by its turns left (1 - 0.5 ** turns).
    ALPHA: float = 0.8
    NEED_BIAS: float = 0.5
    CAP: float = 0.85
    # An unplaced expert's worth this round, at the first turn (none at the last).
    EXPERT: float = 0.6
    # What an unused occasional is worth for the rounds after this one.
    OCCASIONAL_LATER: float = 0.8
    # The least gain to place now, by turn: waiting shows more cards.
    WAIT: tuple[float, ...] = (1.3, 0.9, 0.5, 0.2, 0.0)
    # Placements tried on a city: the fewest gangsters it needs, and up to this many more.
    MARGIN: int = 2
    # Card play: keep for last the card of a city left of Chicago that helps
    # Chicago's holder (if it is me) or hurts it (a rival).
    CHICAGO_KEEP: float = 0.3
    # How much the change in what others think a city is worth counts, by stake.
    INFO: float = 1.0
    RIVAL_INTEREST: float = -0.3  # a rival's city: let it look rich to the others
    WANT: float = 1.5  # a city nobody holds that is worth this much to me: hide its worth


_NO_TURN: Final = 0

Table = tuple[tuple[int, ...], ...]
"""Counts by city, each by seat (a `Seen`'s `experts_at`)."""

Gangsters = tuple[tuple[int, ...], int | None, tuple[int, ...]]
"""A city's gangsters by seat, its majority holder (None when nobody is
there), and by seat the most gangsters any other seat has there."""

_GANGSTERS: dict[tuple[tuple[int, ...], tuple[int, ...]], Gangsters] = {}
"""`_gangsters`' answers by its arguments: a few thousand column pairs."""


def _gangsters(key: tuple[tuple[int, ...], tuple[int, ...]]) -> Gangsters:
    """A city's `Gangsters`, from its experts and occasionals by seat (`key`).
    Remembered by value in `_GANGSTERS`: the search's playouts ask for every
    city at nearly every action, and in Pyodide `map` with a builtin and `max`
    cost several times a dict's read."""
    experts, occasionals = key
    counts = tuple(map(add, experts, occasionals))
    top = max(counts)
    strongest_other = tuple(max(counts[:seat] + counts[seat + 1 :]) for seat in range(len(counts)))
    known = (counts, counts.index(top) if top else None, strongest_other)
    if len(_GANGSTERS) >= 50_000:
        _GANGSTERS.clear()
    _GANGSTERS[key] = known
    return known


_TABLE_GANGSTERS: dict[int, tuple[Table, Table, tuple[Gangsters, ...]]] = {}
"""By `id` of a table of experts by city (a `Seen`'s `experts_at`): (that
table, the occasionals' table, their `Gangsters` by city). The tables are
kept with them, so their ids stay their own while cached."""


def _table_gangsters(experts_at: Table, occasionals_at: Table) -> tuple[Gangsters, ...]:
    """By city, its `Gangsters`. In the search's playouts the tables of one
    state are those of the state before unless a gangster was placed
    (views.playout_view keeps them), so the list made for the first serves
    the steps up to the next placement; any other tables are read by value
    (`_GANGSTERS`)."""
    known = _TABLE_GANGSTERS.get(id(experts_at))
    if known is not None and known[0] is experts_at and known[1] is occasionals_at:
        return known[2]
    find = _GANGSTERS.get
    gangsters = tuple(
        [find(key) or _gangsters(key) for key in zip(experts_at, occasionals_at, strict=True)]
    )
    keep_table(_TABLE_GANGSTERS, experts_at, (experts_at, occasionals_at, gangsters))
    return gangsters


def _placed_gangsters(
    before: tuple[Gangsters, ...], seen: Seen, city: int
) -> tuple[Gangsters, ...]:
    """`_table_gangsters` of `seen`'s tables, which differ from those of
    `before` on `city` alone (a placement there), remembered as it does."""
    experts_at, occasionals_at = seen.experts_at, seen.occasionals_at
    key = (experts_at[city], occasionals_at[city])
    changed = list(before)
    changed[city] = _GANGSTERS.get(key) or _gangsters(key)
    gangsters = tuple(changed)
    keep_table(_TABLE_GANGSTERS, experts_at, (experts_at, occasionals_at, gangsters))
    return gangsters


_URGE: dict[tuple[Any, ...], tuple[float, ...]] = {}
"""`Reckoning.urge` by what it depends on (who acts, the last turn's order,
the marker, the turn, the stage, the players, judging or not, ALPHA): a few
hundred in all."""


Remembered = list[dict[tuple[int, ...], float]]
"""Figures remembered by an int (a city or a card id), then by cards (a tuple)."""


@dataclass(frozen=True)
class AfterFigures:
    """What the reckonings of every position with the same rounds expected
    after this one remember (`after` alone sets the sanctions' costs): by
    city, its worth to one who has seen some of its cards (`_seen_worth`);
    by card, how much showing it changes what its city looks worth, by the
    city's cards played (`_shown_shift`). The same few at every step of a
    playout."""

    seen_worth: Remembered
    shown_shift: Remembered


_AFTER_FIGURES: dict[float, AfterFigures] = {}
"""`AfterFigures` by the rounds expected after this one: a few values."""

_REMEMBERED_MOST: Final = 20_000
"""The most figures one of `AfterFigures`' dicts keeps before it starts again."""


def _after_figures(after: float) -> AfterFigures:
    figures = _AFTER_FIGURES.get(after)
    if figures is None:
        figures = AfterFigures([{} for _ in range(CITY_COUNT + 1)], [{} for _ in CARD_CITY])
        _AFTER_FIGURES[after] = figures
    return figures


RoundFigures = tuple[float, SanctionCosts, float, float, AfterFigures]
"""The rounds expected after this one, the sanctions' costs, what an unplaced
expert and an unused occasional are worth, the figures remembered for that
many rounds after."""

_ROUND_FIGURES: dict[tuple[Any, ...], RoundFigures] = {}
"""`_round_figures` by what they depend on: the police shown, the round, the
last round or not, the stage, the turn, the tuning's weights (a run may try
others). A few dozen in all."""


def _round_figures(seen: Seen, tuning: type[Tuning]) -> RoundFigures:
    """`RoundFigures` from what the seat sees, remembered in `_ROUND_FIGURES`."""
    key = (
        *(seen.police, seen.round, seen.last_round, seen.stage, seen.turn),
        *(tuning.EXPERT, tuning.OCCASIONAL_LATER),
    )
    figures = _ROUND_FIGURES.get(key)
    if figures is None:
        after = rounds_after_view(seen)
        expert_cost = tuning.EXPERT * (TURNS - seen.turn) / (TURNS - 1)
        occasional_cost = expert_cost + tuning.OCCASIONAL_LATER * min(1.0, after)
        figures = (
            *(after, sanction_costs(after), expert_cost, occasional_cost),
            _after_figures(after),
        )
        if len(_ROUND_FIGURES) >= 4096:
            _ROUND_FIGURES.clear()
        _ROUND_FIGURES[key] = figures
    return figures


class Reckoning:
    """Everything the normal bot weighs, computed from one view (a view's
    dict, or the `Seen` the search's playouts give). With `judge`, a position
    is judged rather than decided: the player to act at a turn's start still
    has that turn to place."""

    # Slots: made at nearly every step of the hard bot's playouts, where an
    # instance dict of two dozen entries costs its growth (in Pyodide most).
    __slots__ = (
        *("seen", "tuning", "seat", "players", "turn", "row", "chicago_at", "played"),
        *("experts_at", "gangsters", "experts_available", "occasionals_available", "banned"),
        *("_odds", "after", "costs", "expert_cost", "occasional_cost", "_seen_worths"),
        "_shown_shifts",
        *("_judge", "_urge", "_pot", "_keep", "_contenders"),
    )

    def __init__(
        self, view: View | Seen, tuning: type[Tuning] = Tuning, judge: bool = False
    ) -> None:
        seen = as_seen(view)
        self.seen = seen
        self.tuning = tuning
        self.seat: int = seen.seat
        self.players: int = seen.players
        self.turn: int = seen.turn
        row = seen.row
        self.row = row
        self.chicago_at = row.index(CHICAGO)
        self.played = seen.played
        self.experts_at = seen.experts_at
        self.gangsters = _table_gangsters(seen.experts_at, seen.occasionals_at)
        self.experts_available = seen.experts_available
        self.occasionals_available = seen.occasionals_available
        self.banned = seen.banned
        self._odds: list[CityOdds] | None = None
        figures = _round_figures(seen, tuning)
        self.after: float = figures[0]
        self.costs: SanctionCosts = figures[1]
        self.expert_cost: float = figures[2]
        self.occasional_cost: float = figures[3]
        self._seen_worths = figures[4].seen_worth
        self._shown_shifts = figures[4].shown_shift
        self._judge = judge
        self._urge: tuple[float, ...] | None = None
        self._pot: dict[int, float] = {}
        self._keep: dict[tuple[int, int, int], float] = {}
        self._contenders: dict[int, list[tuple[int, float, Ints, int, int]]] = {}

    def after_placing(self, seen: Seen, city: int) -> Reckoning:
        """The reckoning of `seen`, the view of this seat just after it placed
        on `city` (the same turn, now to play a card): only the gangster
        tables have changed, so the figures that do not read them (the odds,
        the round's figures, Chicago's pot) are this one's, and
        the gangsters of the other cities; the rest is made from `seen` as the
        constructor makes it. The search's playouts weigh the card to play
        after a placement with it."""
        other = Reckoning.__new__(Reckoning)
        other.seen = seen
        other.tuning = self.tuning
        other.seat = self.seat
        other.players = self.players
        other.turn = self.turn
        other.row = self.row
        other.chicago_at = self.chicago_at
        other.played = self.played
        other.experts_at = seen.experts_at
        other.gangsters = _placed_gangsters(self.gangsters, seen, city)
        other.experts_available = seen.experts_available
        other.occasionals_available = seen.occasionals_available
        other.banned = self.banned
        other._odds = self._odds
        other.after = self.after
        other.costs = self.costs
        other.expert_cost = self.expert_cost
        other.occasional_cost = self.occasional_cost
        other._seen_worths = self._seen_worths
        other._shown_shifts = self._shown_shifts
        other._judge = self._judge
        other._urge = None  # it reads the stage when judging
        other._pot = self._pot
        other._keep = {}
        other._contenders = {}
        return other

    # ------------------------------------------------------------ the table

    def _opportunities(self) -> list[int]:
        """By seat: the turn starts it still has this round (where it may place),
        after the one being played now (when judging, that one too)."""
        seen = self.seen
        players = self.players
        actor = seen.to_act
        if actor is None:
            return [_NO_TURN] * players
        order = seen.last_order
        now = self._judge and seen.stage == "place_or_play"
        if self.turn == TURNS and order:
            at = order.index(actor)
            return [
                1 if order.index(seat) > at or (now and seat == actor) else 0
                for seat in range(players)
            ]
        marker = seen.marker
        at = (actor - marker) % players
        return [
            (TURNS - self.turn)
            + (1 if (seat - marker) % players > at or (now and seat == actor) else 0)
            for seat in range(players)
        ]

    @property
    def odds(self) -> list[CityOdds]:
        """By city id, its face-down card's odds (odds.city_odds). Made when
        first needed: choosing a card needs the few cities of the hand alone."""
        if self._odds is None:
            self._odds = city_odds(self.seen)
        return self._odds

    @property
    def urge(self) -> tuple[float, ...]:
        """By seat: ALPHA scaled by the turns it has left to outbid (0: none).
        Made when first needed (a card's choice needs none), remembered in
        `_URGE` by what it depends on."""
        if self._urge is None:
            seen, alpha = self.seen, self.tuning.ALPHA
            key: tuple[Any, ...] = (seen.to_act, seen.last_order, seen.marker, seen.turn)
            key += (seen.stage, seen.players, self._judge, alpha)
            urge = _URGE.get(key)
            if urge is None:
                urge = tuple([alpha * (1.0 - 0.5**turns) for turns in self._opportunities()])
                if len(_URGE) >= 4096:
                    _URGE.clear()
                _URGE[key] = urge
            self._urge = urge
        return self._urge

    @property
    def count(self) -> list[tuple[int, ...]]:
        """By city, each seat's gangsters there."""
        return [counts for counts, _holder, _strongest in self.gangsters]

    def holder(self, city: int) -> int | None:
        """The city's majority holder (placing never ties), None when nobody is there."""
        return self.gangsters[city][1]

    # ------------------------------------------------------------ worth

    def worth(self, city: int, seat: int) -> float:
        """What holding `city` at the round's end is worth to `seat`, as this
        seat reckons it."""
        if city == CHICAGO:
            return self.pot(1 if seat == self.seat else -1) / 2
        odds = self._odds
        chances = one_city_odds(self.seen, city) if odds is None else odds[city]
        return self.costs.worth(chances, city in self.banned[seat])

    def public_worth(self, city: int) -> float:
        """What the city looks worth to the others (they do not see this hand)."""
        if city == CHICAGO:
            return self.pot(0) / 2
        return self._seen_worth(city, self.played[city])

    def _seen_worth(self, city: int, seen: tuple[int, ...]) -> float:
        """The city's worth to one who has seen `seen` of its cards (not banned
        there), remembered in the round's `AfterFigures`."""
        remembered = self._seen_worths[city]
        known = remembered.get(seen)
        if known is None:
            known = self.costs.worth(seen_odds(city, seen))
            if len(remembered) >= _REMEMBERED_MOST:
                remembered.clear()
            remembered[seen] = known
        return known

    def looks(self) -> list[float]:
        """By city id, what it looks worth to the others."""
        return [self.public_worth(city) for city in range(len(self.played))]

    def pot(self, keen: int) -> float:
        """Chicago's expected pot (see odds.chicago_pot)."""
        known = self._pot.get(keen)
        if known is None:
            known = remembered_chicago_pot(self.seen, self.odds, keen)
            self._pot[keen] = known
        return known

    # ------------------------------------------------------------ outbids

    def threat(self, rival: int, city: int, top: int) -> float:
        """The chance that `rival` outbids a holder with `top` gangsters on `city`."""
        urge = self.urge[rival]
        if not urge or city in self.banned[rival]:
            return 0.0
        looks = self.public_worth(city)
        if looks <= 0.0:
            return 0.0
        need = top - self.gangsters[city][0][rival] + 1
        have = self.experts_available[rival]
        if have or self.experts_at[city][rival]:
            have += self.occasionals_available[rival]
        if need > have:
            return 0.0
        tuning = self.tuning
        return min(tuning.CAP, urge * looks / (need + tuning.NEED_BIAS))

    def keep(self, city: int, holder: int, top: int) -> float:
        """The chance that `holder`, with `top` gangsters there, keeps `city`:
        the product over its rivals of the chance that each does not outbid
        (`threat`). A rival that cannot threaten multiplies by 1.0, so only
        the others are taken, from `_rivals`, in seat order."""
        key = (city, holder, top)
        known = self._keep.get(key)
        if known is not None:
            return known
        tuning = self.tuning
        cap, bias = tuning.CAP, tuning.NEED_BIAS
        chance = 1.0
        for count, have, pressure in self._rivals(city, holder):
            need = top - count + 1
            if need <= have:  # threat's figure, with urge * looks made once
                threat = pressure / (need + bias)
                chance *= 1.0 - (cap if cap <= threat else threat)  # min(cap, threat)
        self._keep[key] = chance
        return chance

    def _rivals(self, city: int, holder: int) -> list[tuple[int, int, float]]:
        """The seats other than `holder` that could outbid on `city` as `threat`
        reckons it (turns left, not banned there, the city looking worth
        something), in seat order, each as (its gangsters there, the most it
        could add, urge * looks)."""
        contenders = self._contenders.get(holder)
        if contenders is None:
            contenders = self._contenders_of(holder)
        experts_there = self.experts_at[city]
        counts = self.gangsters[city][0]
        found: list[tuple[int, int, float]] = []
        looks = 0.0
        for rival, urge, banned, experts, occasionals in contenders:
            if city in banned:
                continue
            if not found:
                looks = self.public_worth(city)
                if looks <= 0.0:
                    break
            have = experts + occasionals if experts or experts_there[rival] else experts
            found.append((counts[rival], have, urge * looks))
        return found

    def _contenders_of(self, holder: int) -> list[tuple[int, float, Ints, int, int]]:
        """The seats other than `holder` with turns left to outbid, in seat
        order, each as (seat, urge, the cities it is banned from, its experts
        and occasionals available): what `_rivals` reads of each, for every
        city. Remembered by holder in `_contenders`."""
        banned = self.banned
        experts, occasionals = self.experts_available, self.occasionals_available
        contenders = [
            (rival, urge, banned[rival], experts[rival], occasionals[rival])
            for rival, urge in enumerate(self.urge)
            if urge and rival != holder
        ]
        self._contenders[holder] = contenders
        return contenders

    # ------------------------------------------------------------ placing

    def best_placement(self) -> Place | None:
        """The placement that gains most over its cost (the first of equals),
        if the gain beats the turn's threshold; None to play a card at once."""
        tuning = self.tuning
        threshold = tuning.WAIT[min(self.turn, len(tuning.WAIT)) - 1]
        # Each better than the one before, the first above the threshold first.
        better = self.rated_places(threshold)
        return better[-1][1] if better else None

    def rated_places(self, floor: float | None = None) -> list[tuple[float, Place]]:
        """The placements worth weighing, each with its gain: on each city the
        seat may place on (as rules.legal_actions allows: not where it is
        banned, on Chicago only with a gangster elsewhere, occasionals only
        with an expert placed or already there, strictly more gangsters than
        every rival), the fewest gangsters it needs and up to `Tuning.MARGIN`
        more, each with as many experts as it has (an occasional costs what an
        expert does, and more). The gain is what the placement adds to the
        seat's expected round (`keep` times `worth`), less its cost.

        With a `floor`, only the placements that gain more than the floor and
        than every one before them: each new best in turn, the last being the
        first of the best. A placement whose bound (its gain with `keep` at 1,
        or the worth at 0 when negative: computed in the same steps as a gain,
        so no higher in floating point either) is not above the floor is not
        weighed, nor the bigger ones on its city, which cost more."""
        seat = self.seat
        experts = self.experts_available[seat]
        occasionals = self.occasionals_available[seat]
        if not experts and not occasionals:
            return []
        banned = self.banned[seat]
        gangsters, experts_at = self.gangsters, self.experts_at
        elsewhere = False  # a gangster of this seat on a numbered city
        for counts, _holder, _strongest in gangsters[1:]:
            if counts[seat]:
                elsewhere = True
                break
        expert_cost, occasional_cost = self.expert_cost, self.occasional_cost
        tuning = self.tuning
        margin, cap, bias = tuning.MARGIN, tuning.CAP, tuning.NEED_BIAS
        costs, odds = self.costs, self.odds
        revolver, jail, hospital, ban = costs.revolver, costs.jail, costs.hospital, costs.banned
        rated = []
        for city in self.row:
            if city in banned:
                continue
            if city == CHICAGO:
                if not elsewhere:
                    continue
                worth = self.worth(city, seat)
            else:
                # costs.worth(odds[city]) (this seat is not banned here), written
                # out in the same steps: the same float.
                chances = odds[city]
                worth = (
                    chances.money
                    - chances.revolver * revolver
                    - chances.jail * jail
                    - chances.hospital * hospital
                    - chances.banned * ban
                )
            most = worth if worth > 0.0 else 0.0
            if floor is not None and most <= floor:
                continue  # every bound is at most `most`, and none above the floor
            counts, holder, strongest = gangsters[city]
            mine = counts[seat]
            least = strongest[seat] - mine + 1  # the strongest rival's count, and one more
            if least < 1:
                least = 1
            there = experts_at[city][seat] > 0
            places = PLACES[city]
            # The rivals that could outbid here, as keep weighs them (count,
            # have, pressure), and what holding the city is worth now: both
            # made when first needed.
            threats: list[tuple[int, int, float]] | None = None
            now: float | None = None if holder == seat else 0.0
            for size in range(least, least + margin + 1):
                placed = size if size < experts else experts  # min(size, experts)
                extra = size - placed
                if extra > occasionals or (extra and not placed and not there):
                    break
                if now is None:
                    # The bound below is at most this one (`now` is 0 or more):
                    # not above the floor, `now` need not be reckoned.
                    upper = most - placed * expert_cost - extra * occasional_cost
                    if floor is not None and upper <= floor:
                        break
                    threats = self._rivals(city, seat)
                    # keep(city, seat, mine), written out as below.
                    chance = 1.0
                    for count, have, pressure in threats:
                        need = mine - count + 1
                        if need <= have:
                            threat = pressure / (need + bias)
                            chance *= 1.0 - (cap if cap <= threat else threat)  # min(cap, threat)
                    now = chance * worth
                bound = most - now - placed * expert_cost - extra * occasional_cost
                if floor is not None and bound <= floor:
                    break
                if threats is None:
                    threats = self._rivals(city, seat)
                # keep(city, seat, top), written out: it runs for every size.
                top = mine + size
                chance = 1.0
                for count, have, pressure in threats:
                    need = top - count + 1
                    if need <= have:
                        threat = pressure / (need + bias)
                        chance *= 1.0 - (cap if cap <= threat else threat)  # min(cap, threat)
                gain = chance * worth - now - placed * expert_cost - extra * occasional_cost
                if floor is not None:
                    if gain <= floor:
                        continue
                    floor = gain
                # The rules' own action object: apply trusts it from the legal list.
                rated.append((gain, places[placed][extra]))
        return rated

    # ------------------------------------------------------------ card play

    def card_score(self, card: int) -> float:
        """How good playing `card` now is: keep for last the card of a city left
        of Chicago that suits me as its last card; show others least about the
        cities I hold or want (a sanction shown makes a city look richer, a big
        money card poorer), and let a rival's city look rich."""
        tuning = self.tuning
        seat = self.seat
        city = CARD_CITY[card]
        score = 0.0
        gangsters = self.gangsters
        chicago = gangsters[CHICAGO][1]
        if chicago is not None and self.row.index(city) < self.chicago_at:
            keen = 1.0 if chicago == seat else -1.0
            score -= keen * tuning.CHICAGO_KEEP * CARD_VALUE[card]
        holder = gangsters[city][1]
        if holder == seat:
            interest = 1.0
        elif holder is not None:
            interest = tuning.RIVAL_INTEREST if self.players > 2 else 0.0
        else:
            interest = 1.0 if self.worth(city, seat) >= tuning.WANT else 0.0
        if interest:
            score -= tuning.INFO * interest * self._shown_shift(card, city)
        return score

    def _shown_shift(self, card: int, city: int) -> float:
        """How much playing `card` changes what its city looks worth to the
        others, remembered in the round's `AfterFigures`. The card is in hand,
        so among the city's unseen faces: after it is played, they are those
        not among the played cards and it."""
        played = self.played[city]
        remembered = self._shown_shifts[card]
        known = remembered.get(played)
        if known is None:
            known = self._seen_worth(city, (*played, card)) - self._seen_worth(city, played)
            if len(remembered) >= _REMEMBERED_MOST:
                remembered.clear()
            remembered[played] = known
        return known

    def best_card(self, cards: Iterable[int]) -> int | None:
        """The card of the best `card_score`, the lowest of equals (as `max`
        with the key (score, -card) would choose), written as a loop: no key
        function to call. None when there is none."""
        best: int | None = None
        top = 0.0
        for card in cards:
            score = self.card_score(card)
            if best is None or score > top or (score == top and card < best):
                best, top = card, score
        return best

    # ------------------------------------------------------------ judging

    def gains(self) -> list[float]:
        """By seat: what it may still expect from this round as this seat reckons
        it (the cities it holds, by the chance to keep them, Chicago too), plus
        the worth of the gangsters it has not placed."""
        players = self.players
        gains = [
            self.experts_available[seat] * self.expert_cost
            + self.occasionals_available[seat] * self.occasional_cost
            for seat in range(players)
        ]
        gangsters = self.gangsters
        for city in self.row:
            counts, holder, _strongest = gangsters[city]
            if holder is None:
                continue
            top = counts[holder]
            gains[holder] += self.keep(city, holder, top) * self.worth(city, holder)
        return gains
