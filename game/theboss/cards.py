"""The Boss's components: the one data module of cities, city cards and police cards.

The box's exact card list is not public. The list below keeps every known fact
(Detroit holds money 1, 2, 3, 4 and a revolver; Memphis money 1, 2, 3 and a
hospital; Kansas City money 2, 3 and a revolver; Philadelphia a revolver and
the jail among others; Cincinnati the only banning card; cities 1-3 hold 13
cards, 4-5 hold 7 and 6-7 hold 7) and fills the rest in. Someone holding the
box corrects `CITY_FACES` here and nowhere else: every other module reads the
tables derived below.

City ids: 0 is Chicago (Alcapo's city, no card), 1..7 the numbered cities, so
a city's id is its number. Card ids are small stable ints, in the order of
`CITY_FACES`. City names are proper nouns, the same in French and English;
they are data for messages and scenarios, the client has its own words.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BADGES",
    "BADGES_TO_END",
    "BANNED",
    "CARD_CITY",
    "CARD_COUNT",
    "CARD_KIND",
    "CARD_VALUE",
    "CHICAGO",
    "CITIES_BY_PLAYERS",
    "CITY_CARDS",
    "CITY_COUNT",
    "CITY_KEYS",
    "CITY_NAMES",
    "EXPERTS",
    "HAND_SIZE",
    "HOSPITAL",
    "HOSPITAL_ROUNDS",
    "JAIL",
    "JAIL_ROUNDS",
    "KINDS",
    "MONEY",
    "OCCASIONALS",
    "POLICE",
    "POLICE_AFTER_TURN",
    "REVOLVER",
    "SANCTIONS",
    "TURNS",
    "card_name",
]

# What a city card's face can be: money (with a value) or one of the sanctions.
MONEY: Final = "money"
REVOLVER: Final = "revolver"  # one expert of the taker dies for good
JAIL: Final = "jail"  # one expert misses the next JAIL_ROUNDS rounds
HOSPITAL: Final = "hospital"  # one expert misses the next HOSPITAL_ROUNDS rounds
BANNED: Final = "banned"  # the taker may never again place on that city
SANCTIONS: Final = (REVOLVER, JAIL, HOSPITAL, BANNED)
KINDS: Final = (MONEY, *SANCTIONS)

CHICAGO: Final = 0

# (number, name, faces): an int face is money of that value, a str a sanction.
CITY_FACES: Final[tuple[tuple[int, str, tuple[int | str, ...]], ...]] = (
    (1, "New York", (2, 3, 4, JAIL)),
    (2, "Boston", (1, 2, 3, HOSPITAL)),
    (3, "Detroit", (1, 2, 3, 4, REVOLVER)),
    (4, "Memphis", (1, 2, 3, HOSPITAL)),
    (5, "Kansas City", (2, 3, REVOLVER)),
    (6, "Philadelphia", (3, 4, REVOLVER, JAIL)),
    (7, "Cincinnati", (4, 5, BANNED)),
)

CITY_COUNT: Final = len(CITY_FACES)
CITY_NAMES: Final = ("Chicago", *(name for _number, name, _faces in CITY_FACES))
"""By city id (0 is Chicago)."""
CITY_KEYS: Final = tuple(name.lower().replace(" ", "_") for name in CITY_NAMES)
"""Short names for scenario files: "chicago", "new_york", "kansas_city", ..."""

CITIES_BY_PLAYERS: Final = {2: 3, 3: 5, 4: 7}
"""The numbered cities in play (1..N) at each player count, Chicago besides."""

EXPERTS: Final = 6
OCCASIONALS: Final = 3
HAND_SIZE: Final = 5
TURNS: Final = 5  # turns in a round: each player plays one card per turn
POLICE_AFTER_TURN: Final = 3  # a police card turns when everyone holds 2 cards
JAIL_ROUNDS: Final = 2
HOSPITAL_ROUNDS: Final = 1

POLICE: Final = ("gold", "gold", "silver", "silver", "both")
"""The police cards by id; the double card counts for both colours."""
BADGES: Final = ("gold", "silver")
BADGES_TO_END: Final = 3  # the round in which a third badge of one colour shows is the last


def _cards() -> tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...]]:
    cities: list[int] = []
    kinds: list[str] = []
    values: list[int] = []
    for number, (city, _name, faces) in enumerate(CITY_FACES, start=1):
        if city != number:
            raise ValueError(f"cities must be numbered 1..{CITY_COUNT} in order")
        for face in faces:
            cities.append(city)
            kinds.append(MONEY if isinstance(face, int) else face)
            values.append(face if isinstance(face, int) else 0)
            if kinds[-1] not in KINDS:
                raise ValueError(f"unknown card face {face!r}")
    return tuple(cities), tuple(kinds), tuple(values)


CARD_CITY, CARD_KIND, CARD_VALUE = _cards()
"""By card id: its city, its kind and its money value (0 for a sanction)."""
CARD_COUNT: Final = len(CARD_CITY)
CITY_CARDS: Final = tuple(
    tuple(card for card in range(CARD_COUNT) if CARD_CITY[card] == city)
    for city in range(CITY_COUNT + 1)
)
"""By city id, its cards (Chicago has none)."""


def card_name(card: int) -> str:
    """A card as scenarios write it: the city's key and the face, "detroit_3",
    "new_york_jail"."""
    kind = CARD_KIND[card]
    face = str(CARD_VALUE[card]) if kind == MONEY else kind
    return f"{CITY_KEYS[CARD_CITY[card]]}_{face}"
