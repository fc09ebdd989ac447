"""Per-seat views, re-deals of what a seat cannot see, and whole states built
from a view (for the search bot).

Everyone sees the city on the back of every card in every hand; a card's face
only its owner sees until it is played. The cards face down under the cities
stay unknown until the round's end reveals them (the last round's result keeps
them in view). The police deck shows only its size; the generator never shows.
"""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import CARD_CITY, CHICAGO, CITY_CARDS, POLICE
from .codec import result_from_json, result_to_json
from .scoring import outcome
from .state import (
    NO_CARD,
    NO_SEAT,
    Stage,
    State,
    badges,
    experts_available,
    game_ends,
    occasionals_available,
)

__all__ = ["determinize", "redeal", "view"]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may know, JSON-safe; None is a spectator (no hand's faces)."""
    count = len(state.hands)
    over = state.stage is Stage.OVER
    experts, occasionals = state.experts, state.occasionals
    gold, silver = badges(state.police_shown)
    return {
        "game": "theboss",
        "seat": seat,
        "players": count,
        "round": state.round,
        "marker": state.marker,
        "turn": state.turn,
        "stage": state.stage.value,
        "to_act": None if over else state.seat,
        "row": list(state.row),
        "cities": [
            {
                "city": city,
                "played": list(cards),
                "face_down": city != CHICAGO and not over,
                "experts": [row[city] for row in experts],
                "occasionals": [row[city] for row in occasionals],
            }
            for city, cards in enumerate(state.played)
        ],
        "hands": [[CARD_CITY[card] for card in hand] for hand in state.hands],
        "hand": list(state.hands[seat]) if seat is not None and 0 <= seat < count else None,
        "money": list(state.money),
        "experts_available": [experts_available(state, who) for who in range(count)],
        "experts_dead": list(state.dead),
        "experts_away": [list(left) for left in state.away],
        "occasionals_available": [occasionals_available(state, who) for who in range(count)],
        "occasionals_used": list(state.occasionals_used),
        "banned": [list(cities) for cities in state.banned],
        "police": [POLICE[card] for card in state.police_shown],
        "police_left": len(state.police),
        "badges": {"gold": gold, "silver": silver},
        "last_round": game_ends(state.police_shown),
        "last_order": list(state.last_order) if state.last_order else None,
        "result": None if state.result is None else result_to_json(state.result),
        "outcome": outcome(state) if over else None,
    }


def redeal(state: State, seat: int | None, seed: int) -> State:
    """A state `seat` cannot tell from this one: city by city, the faces it
    cannot see are shuffled among the places it cannot see (the face-down card
    and the other hands' cards of that city's back); the police deck is
    shuffled, the generator reseeded and any stacked deal dropped."""
    generator = rng.seed_state(seed)
    hidden = list(state.hidden)
    hands = [list(hand) for hand in state.hands]
    others = [who for who in range(len(hands)) if who != seat]
    for city in range(1, len(hidden)):
        slots: list[tuple[int, int]] = []  # (seat, index in hand); seat NO_SEAT: face down
        if state.stage is not Stage.OVER:  # once over, the face-down cards are revealed
            slots.append((NO_SEAT, 0))
        slots += [
            (who, index)
            for who in others
            for index, card in enumerate(hands[who])
            if CARD_CITY[card] == city
        ]
        faces = [hidden[city] if who == NO_SEAT else hands[who][index] for who, index in slots]
        shuffled, generator = rng.shuffle(generator, faces)
        for (who, index), card in zip(slots, shuffled, strict=True):
            if who == NO_SEAT:
                hidden[city] = card
            else:
                hands[who][index] = card
    police, generator = rng.shuffle(generator, state.police)
    return evolve(
        state,
        hidden=tuple(hidden),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        police=police,
        rng=generator,
        stacked=(),
    )


def determinize(seen: dict[str, Any], seed: int) -> State:
    """A whole state in which `seen` is the view of its seat: every face the
    seat cannot see dealt at random into the places it cannot see."""
    generator = rng.seed_state(seed)
    seat = seen["seat"]
    count = seen["players"]
    over = seen["stage"] == Stage.OVER.value
    backs: list[list[int]] = seen["hands"]
    own = set(seen["hand"] or ())
    cities = seen["cities"]
    result = None if seen["result"] is None else result_from_json(seen["result"])
    revealed = {entry.city: entry.card for entry in result.cities} if result and over else {}
    hidden = [NO_CARD] * len(cities)
    hands: list[list[int]] = [[] for _ in range(count)]
    if seen["hand"] is not None:
        hands[seat] = list(seen["hand"])
    blind = [who for who in range(count) if seen["hand"] is None or who != seat]
    for city in range(1, len(cities)):
        known = own | set(cities[city]["played"])
        if city in revealed:
            hidden[city] = revealed[city]
            known.add(revealed[city])
        unseen = [card for card in CITY_CARDS[city] if card not in known]
        shuffled, generator = rng.shuffle(generator, unseen)
        faces = iter(shuffled)
        if city not in revealed:
            hidden[city] = next(faces)
        for who in blind:
            hands[who] += [next(faces) for back in backs[who] if back == city]
    shown = []
    for badge in seen["police"]:
        shown.append(next(c for c in range(len(POLICE)) if POLICE[c] == badge and c not in shown))
    police, generator = rng.shuffle(generator, [c for c in range(len(POLICE)) if c not in shown])
    return State(
        rng=generator,
        round=seen["round"],
        marker=seen["marker"],
        turn=seen["turn"],
        seat=NO_SEAT if seen["to_act"] is None else seen["to_act"],
        stage=Stage(seen["stage"]),
        row=tuple(seen["row"]),
        hidden=tuple(hidden),
        played=tuple(tuple(entry["played"]) for entry in cities),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        experts=tuple(tuple(entry["experts"][who] for entry in cities) for who in range(count)),
        occasionals=tuple(
            tuple(entry["occasionals"][who] for entry in cities) for who in range(count)
        ),
        money=tuple(seen["money"]),
        dead=tuple(seen["experts_dead"]),
        away=tuple(tuple(left) for left in seen["experts_away"]),
        occasionals_used=tuple(seen["occasionals_used"]),
        banned=tuple(tuple(cities) for cities in seen["banned"]),
        police=police,
        police_shown=tuple(shown),
        last_order=tuple(seen["last_order"] or ()),
        result=result,
    )
