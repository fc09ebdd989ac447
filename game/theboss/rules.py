"""The Boss's turn rules: one checker that says why an action is illegal, the
legal list built directly (in a stable order, agreeing with the checker), and
`apply`.

A turn is one or two actions: optionally `Place` gangsters on one city, then
`Play` one card (mandatory). After a `Place` only a `Play` is legal. The end
of a round (reveals, gains and sanctions, the next deal) is in scoring.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..engine.errors import IllegalAction, Reason
from ..engine.legalmemo import LegalMemo
from .cards import (
    CARD_CITY,
    CARD_COUNT,
    CHICAGO,
    CITY_COUNT,
    CITY_NAMES,
    EXPERTS,
    OCCASIONALS,
    POLICE,
    POLICE_AFTER_TURN,
    TURNS,
)
from .options import DECLARED
from .scoring import end_round
from .state import (
    Action,
    Place,
    Play,
    Stage,
    State,
    experts_available,
    game_ends,
    holds_elsewhere,
    occasionals_available,
    state_of,
    strongest_other,
    with_added,
)

__all__ = [
    "action_universe",
    "advance",
    "advance_play",
    "advance_vouched",
    "apply",
    "can_place",
    "check",
    "is_over",
    "legal_actions",
    "legal_by_checker",
    "to_act",
]

Event = dict[str, Any]
Events = list[Event] | None
"""The list an action adds its events to, or None in the search bot's playouts
(`advance`), which read no event and end with the round: then no event is
built, and the next round is not dealt."""

# Every action object made once: legal lists reuse them instead of building new ones.
PLAYS: Final = tuple(Play(card) for card in range(CARD_COUNT))
PLACES: Final = tuple(
    tuple(
        tuple(Place(city, experts, occasionals) for occasionals in range(OCCASIONALS + 1))
        for experts in range(EXPERTS + 1)
    )
    for city in range(CITY_COUNT + 1)
)
"""PLACES[city][experts][occasionals]."""
UNIVERSE: Final[tuple[Action, ...]] = (
    *(place for city in PLACES for row in city for place in row),
    *PLAYS,
)
"""Every action there is: a superset of what any seat could play now."""

_GAME_OVER: Final = Reason("game_over", "the game is over")
_NOT_YOUR_TURN: Final = Reason("not_your_turn", "it is not your turn")
_PLACED: Final = Reason("already_placed", "you have placed gangsters this turn: play a card now")
_NOT_IN_HAND: Final = Reason("not_in_hand", "that card is not in your hand")


_OVER: Final = Stage.OVER
_copy: Final = state_of  # a play's and a placement's copy: one dict copied, changed


_SEATS: Final = tuple((seat,) for seat in range(DECLARED.max_players))
"""to_act's answers, made once."""


def to_act(state: State) -> tuple[int, ...]:
    return () if state.stage is _OVER else _SEATS[state.seat]


def is_over(state: State) -> bool:
    return state.stage is _OVER


# ------------------------------------------------------------------ checker


def check(state: State, seat: int, action: Action) -> Reason | None:
    """Why `seat` may not play `action` now, or None when it may."""
    if state.stage is Stage.OVER:
        return _GAME_OVER
    if not 0 <= seat < len(state.hands):
        return Reason("no_such_seat", f"there is no seat {seat} at this table")
    if seat != state.seat:
        return _NOT_YOUR_TURN
    if type(action) is Play:
        return None if action.card in state.hands[seat] else _NOT_IN_HAND
    if type(action) is Place:
        return _place_problem(state, seat, action)
    return Reason("unknown_action", "The Boss has no such action")


def _place_problem(state: State, seat: int, action: Place) -> Reason | None:
    if state.stage is Stage.PLAY:
        return _PLACED
    city, experts, occasionals = action.city, action.experts, action.occasionals
    if city not in state.row:
        return Reason("no_such_city", f"there is no city {city} in this game")
    name = CITY_NAMES[city]
    if experts < 0 or occasionals < 0:
        return Reason("bad_count", "gangster counts cannot be negative")
    if experts + occasionals == 0:
        return Reason("place_nobody", "place at least one gangster, or just play a card")
    free_experts = experts_available(state, seat)
    if experts > free_experts:
        return Reason(
            "not_enough_experts", f"you have {free_experts} expert(s) left to place, not {experts}"
        )
    free_occasionals = occasionals_available(state, seat)
    if occasionals > free_occasionals:
        return Reason(
            "not_enough_occasionals",
            f"you have {free_occasionals} occasional(s) left, not {occasionals}",
        )
    if city in state.banned[seat]:
        return Reason("banned", f"you are banned from {name} for the rest of the game")
    if city == CHICAGO and not holds_elsewhere(state, seat):
        return Reason("chicago_first", "place a gangster on another city this round before Chicago")
    if occasionals and not experts and not state.experts[seat][city]:
        return Reason(
            "occasional_alone",
            f"occasionals go with one of your experts, placed with them or already in {name}",
        )
    after = state.experts[seat][city] + state.occasionals[seat][city] + experts + occasionals
    rival = strongest_other(state, seat, city)
    if after <= rival:
        return Reason(
            "no_majority",
            f"you would have {after} gangster(s) in {name} against {rival}: "
            "you need strictly more than every other player",
        )
    return None


# ------------------------------------------------------------- legal actions

# The placements `legal_actions` handed out, by state and seat (the engine's
# bounded memo), as keys: keys[city] names the placements on that city in the
# list (see _placements; 0: none). A placement among them, the very object, for
# the same state and seat, is legal without asking the checker again (states
# and actions are immutable, and the tests hold the list to the checker on
# every state of random play). Plays are checked by apply itself: two questions.
_NO_PLACEMENTS: Final = (0,) * (CITY_COUNT + 1)
_HANDED_OUT: Final[LegalMemo[Sequence[int]]] = LegalMemo()


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action, built directly: the cards in hand (by id), then at a
    turn's start every placement by city id, experts, occasionals: the order
    of `legal_by_checker`, which the tests hold this list to on every state."""
    stage = state.stage
    if stage is _OVER or seat != state.seat:
        return []
    plays: list[Action] = [PLAYS[card] for card in state.hands[seat]]
    if stage is Stage.PLAY:
        return plays
    keys = _placement_keys(state, seat)
    known = _PLACEMENTS
    for key in keys:
        if key:
            plays += known[key] if key in known else _placements(key)
    _HANDED_OUT.remember(state, seat, keys)
    return plays


def can_place(state: State, seat: int) -> bool:
    """Whether the legal list of `seat` would hold a placement, asked without
    building it (the hard bot's playouts)."""
    if state.stage is not Stage.PLACE_OR_PLAY or seat != state.seat:
        return False
    return any(key and _placement_ids(key) for key in _placement_keys(state, seat))


def advance_vouched(state: State, seat: int, place: Place) -> State | None:
    """`advance(state, seat, place)` when the legal list of `seat` would hold
    `place` (an object of PLACES), asked of its city alone; None, nothing
    changed, when it would not (the hard bot's playouts, of the placement
    the normal bot chose: when the list holds other placements, `advance`
    then refuses it as apply would)."""
    if state.stage is not Stage.PLACE_OR_PLAY or seat != state.seat:
        return None
    place_id = id(place)
    if place_id not in _OWN_PLACES:
        return None
    city = place.city
    key = _placement_keys(state, seat, city)[city]
    if not key or place_id not in _placement_ids(key):
        return None
    return _place(state, seat, place)


def _placement_keys(state: State, seat: int, only: int | None = None) -> Sequence[int]:
    """At a turn's start: by city id, the key of its placements in the legal
    list (see `_HANDED_OUT` and `_placements`; 0: none), or of city `only` alone
    (the others 0). Written with plain indexing, not `map` with a builtin: in
    Pyodide each call a builtin makes costs several times more than a
    subscript."""
    mine_experts = state.experts[seat]
    mine_occasionals = state.occasionals[seat]
    placed_experts, placed_occasionals = sum(mine_experts), sum(mine_occasionals)
    free_experts = EXPERTS - state.dead[seat] - len(state.away[seat]) - placed_experts
    free_occasionals = OCCASIONALS - state.occasionals_used[seat] - placed_occasionals
    if not free_experts and not free_occasionals:
        return _NO_PLACEMENTS
    # The most gangsters on each city: another seat's (a placement must beat
    # it) unless this seat holds the city, and then it needs just one more.
    strongest = state.strongest
    banned = state.banned[seat]
    free = free_experts + free_occasionals
    counts = free_experts << 3 | free_occasionals << 1
    keys = list(_NO_PLACEMENTS)  # one entry for every city id there is
    # Chicago (city 0) takes gangsters only from a seat with some elsewhere.
    elsewhere = placed_experts + placed_occasionals > (
        mine_experts[CHICAGO] + mine_occasionals[CHICAGO]
    )
    first = CHICAGO if elsewhere else CHICAGO + 1
    if only is None:
        cities: Sequence[int] = range(first, len(strongest))
    else:
        cities = (only,) if first <= only < len(strongest) else ()
    for city in cities:
        there = mine_experts[city]
        need = strongest[city] - there - mine_occasionals[city] + 1
        if need > free or (banned and city in banned):
            continue
        # One int names the placements' arguments (see _placements).
        keys[city] = city << 10 | (need if need > 1 else 1) << 6 | counts | (there > 0)
    return keys


def legal_by_checker(state: State, seat: int) -> list[Action]:
    """The definition `legal_actions` is held to: the candidates the checker
    allows, in that order (the cards in hand by id, then every placement by
    city id, experts, occasionals)."""
    candidates = (*PLAYS, *UNIVERSE[: len(UNIVERSE) - len(PLAYS)])
    return [action for action in candidates if check(state, seat, action) is None]


_PLACEMENTS: dict[int, tuple[Place, ...]] = {}
"""The placements of `_placements(key)` by key, made as first needed."""
_PLACEMENT_IDS: dict[int, frozenset[int]] = {0: frozenset()}
"""The `id` of each of those placements by key (0: none). The placements are
objects of PLACES, which live as long as the program: their ids stay theirs."""
_OWN_PLACES: Final = frozenset(map(id, UNIVERSE[: len(UNIVERSE) - len(PLAYS)]))
"""The `id` of every placement of PLACES."""


def _placements(key: int) -> tuple[Place, ...]:
    """The placements on one city of at least `need` gangsters out of those
    available, keeping occasionals with an expert (placed with them or already
    there); learnt in _PLACEMENTS and _PLACEMENT_IDS. `key` holds, from its
    high bits: the city, need (4 bits), experts available (3 bits),
    occasionals available (2 bits), whether an expert of the seat is there
    already (1 bit)."""
    city, need = key >> 10, key >> 6 & 15
    experts, occasionals, expert_there = key >> 3 & 7, key >> 1 & 3, key & 1
    found = tuple(
        PLACES[city][e][o]
        for e in range(experts + 1)
        for o in range(occasionals + 1)
        if e + o >= need and (o == 0 or e > 0 or expert_there)
    )
    _PLACEMENTS[key] = found
    _PLACEMENT_IDS[key] = frozenset(map(id, found))
    return found


def _placement_ids(key: int) -> frozenset[int]:
    """`_PLACEMENT_IDS[key]`, learnt first if need be."""
    known = _PLACEMENT_IDS.get(key)
    if known is None:
        _placements(key)
        known = _PLACEMENT_IDS[key]
    return known


def action_universe(state: State) -> tuple[Action, ...]:
    return UNIVERSE


# -------------------------------------------------------------------- apply


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Play `action` for `seat`; raise IllegalAction, changing nothing, if it is
    illegal. An action taken from the last legal list of this very state and
    seat is known to be legal; any other is checked."""
    events: list[Event] = []
    if type(action) is Play and seat == state.seat and state.stage is not _OVER:
        card = action.card  # _step's first question, asked here: most actions are plays
        if card in state.hands[seat]:
            return _play(state, seat, card, events), events
    return _step(state, seat, action, events), events


def advance(state: State, seat: int, action: Action) -> State:
    """`apply` for the search bot's playouts (`SearchHooks.advance`): the same
    state and the same refusals, without the events, which playouts never
    read. A playout ends with the round (`bots_search.search_horizon`): at
    the round's end the round is scored as `apply` scores it, and the next
    one only counted, not dealt."""
    return _step(state, seat, action, None)


def advance_play(state: State, seat: int, card: int) -> State:
    """`advance(state, seat, PLAYS[card])` for a card that the caller took from
    the hand of `seat`, the seat to act in a state not over (the hard bot's
    playouts, bots_search.playout): what `_step` would ask of the play is
    answered by where the card came from."""
    return _play(state, seat, card, None)


def _step(state: State, seat: int, action: Action, events: Events) -> State:
    if type(action) is Play:
        # What the checker asks of a play, written out: the seat's turn, the card in hand.
        if seat == state.seat and state.stage is not _OVER and action.card in state.hands[seat]:
            return _play(state, seat, action.card, events)
        refused = check(state, seat, action)
        assert refused is not None  # the same questions: the checker refuses it too
        raise IllegalAction(refused)
    if type(action) is not Place:
        refused = check(state, seat, action)
        assert refused is not None  # no such action: the checker says so
        raise IllegalAction(refused)
    entry = _HANDED_OUT.last  # the newest list, read inline: apply follows it
    keys = entry[2] if entry[0] is state and entry[1] == seat else _HANDED_OUT.recall(state, seat)
    # id(action) among our own placements first: then its city is a city id.
    if not (
        keys is not None
        and id(action) in _OWN_PLACES
        and id(action) in _PLACEMENT_IDS[keys[action.city]]
    ):
        reason = check(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
    if events is not None:
        events.append(
            {
                "type": "place",
                "seat": seat,
                "city": action.city,
                "experts": action.experts,
                "occasionals": action.occasionals,
            }
        )
    return _place(state, seat, action)


def _place(state: State, seat: int, action: Place) -> State:
    city, experts, occasionals = action.city, action.experts, action.occasionals
    fields = state.__dict__.copy()
    if experts:
        fields["experts"] = with_added(state.experts, seat, city, experts)
    if occasionals:
        fields["occasionals"] = with_added(state.occasionals, seat, city, occasionals)
    # A placement beats every other seat there: the seat's new count is the most.
    strongest = list(state.strongest)
    strongest[city] = (
        state.experts[seat][city] + state.occasionals[seat][city] + experts + occasionals
    )
    fields["strongest"] = tuple(strongest)
    fields["stage"] = Stage.PLAY
    return _copy(fields)


def _play(state: State, seat: int, card: int, events: Events) -> State:
    """The card goes face up under its city; then the next seat, turn or round.
    The common case (the next seat clockwise) is one copy of the state."""
    city = CARD_CITY[card]
    all_hands, all_played = state.hands, state.played
    hand = all_hands[seat]
    at = hand.index(card)
    changed_hands = list(all_hands)
    changed_hands[seat] = hand[:at] + hand[at + 1 :]
    hands = tuple(changed_hands)
    changed_played = list(all_played)
    changed_played[city] = all_played[city] + (card,)
    played = tuple(changed_played)
    if events is not None:
        events.append({"type": "play", "seat": seat, "card": card, "city": city})
    # One copy of the state, whichever seat, turn or round comes next.
    fields = state.__dict__.copy()
    fields["hands"] = hands
    fields["played"] = played
    fields["stage"] = Stage.PLACE_OR_PLAY
    turn = state.turn
    if turn < TURNS:
        following = (seat + 1) % len(all_hands)
        if following != state.marker:  # the commonest case
            fields["seat"] = following
            return _copy(fields)
        # Everyone has played this turn: the next one starts at the marker.
        fields["turn"] = turn + 1
        fields["seat"] = state.marker
        if turn + 1 == POLICE_AFTER_TURN + 1:
            _turn_police_card(state, fields, events)
        if turn + 1 == TURNS:
            _begin_last_turn(state, fields, events)
        return _copy(fields)
    # The last turn goes in its fixed order.
    order = state.last_order
    index = order.index(seat) + 1
    if index < len(order):
        fields["seat"] = order[index]
        return _copy(fields)
    return end_round(_copy(fields), events)


def _turn_police_card(state: State, fields: dict[str, Any], events: Events) -> None:
    """When the players hold two cards, the top police card turns face up
    (written into `fields`, the next state's, copied from `state`)."""
    if not state.police:  # cannot happen: a colour reaches 3 by the fifth card
        return
    card, shown = state.police[0], (*state.police_shown, state.police[0])
    if events is not None:
        events.append(
            {"type": "police", "card": card, "badge": POLICE[card], "last_round": game_ends(shown)}
        )
    fields["police"] = state.police[1:]
    fields["police_shown"] = shown


def _begin_last_turn(state: State, fields: dict[str, Any], events: Events) -> None:
    """The last cards go in order of gangsters not yet placed, most first; ties
    clockwise from the player whose turn it would be (the marker). The order is
    fixed now, so everyone knows it in advance. Written into `fields`, the next
    state's (its gangsters and the marker are those of `state`)."""
    count = len(state.hands)
    # gangsters_left of each seat
    left = [
        EXPERTS
        - state.dead[seat]
        - len(state.away[seat])
        - sum(state.experts[seat])
        + OCCASIONALS
        - state.occasionals_used[seat]
        - sum(state.occasionals[seat])
        for seat in range(count)
    ]
    order = tuple(
        sorted(range(count), key=lambda seat: (-left[seat], (seat - state.marker) % count))
    )
    if events is not None:
        events.append({"type": "last_turn", "order": list(order), "gangsters": left})
    fields["last_order"] = order
    fields["seat"] = order[0]
