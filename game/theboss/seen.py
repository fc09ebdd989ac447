"""What one seat sees, as The Boss's bots read it: `Seen`, a plain record.

The normal bot and its helpers (bots_normal.py, odds.py) read a seat's view
through `Seen`. From a view (`Seen.of_view`) at a real decision; in the hard
bot's playouts straight from the state (`views.playout_view`), where building
the view's dict of lists and per-city dicts at every step would cost more than
the bot's own reckoning (in Pyodide most of all). Both give the same record
for the same position, and `Seen.of_view` reads nothing but the view, so a
`Seen` shows no more than the view does (tests/test_theboss_bots.py holds
`playout_view` to it on every state of many games).
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

__all__ = ["SEEN_FIELDS", "TABLES_KEPT", "Seen", "View", "as_seen", "keep_table"]

View = dict[str, Any]

Ints = tuple[int, ...]

TABLES_KEPT: Final = 64
"""How many gangster tables the caches keyed by a table's identity keep
(views.playout_view's columns and gangsters available, the normal bot's
gangsters by city). In a playout a table lasts until the next placement and
the worlds of one decision share their first, so a few dozen find as much as
thousands would; thousands would only keep tens of thousands of tuples alive
for the garbage collector to walk (about a tenth of a playout's time on
CPython)."""

_Entry = TypeVar("_Entry")


def keep_table(cache: dict[int, _Entry], table: object, entry: _Entry) -> None:
    """Keep `entry` in `cache` under the `id` of `table`, which the entry
    holds (so that the id stays its own while cached), the cache started
    again once it holds `TABLES_KEPT`."""
    if len(cache) >= TABLES_KEPT:
        cache.clear()
    cache[id(table)] = entry


SEEN_FIELDS: Final = (
    *("seat", "players", "round", "marker", "turn", "stage", "to_act", "row"),
    *("played", "experts_at", "occasionals_at", "hand"),
    *("experts_available", "occasionals_available", "banned", "police"),
    *("last_round", "last_order"),
)
"""`Seen`'s fields, in the order its constructor takes them."""


class Seen:
    """A seat's view, the part the bots read, in tuples. By city id: `played`
    (the cards played face up), `experts_at` and `occasionals_at` (each
    seat's gangsters there); by seat: `experts_available`,
    `occasionals_available`, `banned`.
    `hand` is the seat's own hand (None for a spectator); the other fields
    are the view's keys of the same name."""

    # Slots: made at nearly every step of the hard bot's playouts.
    __slots__ = SEEN_FIELDS

    def __init__(
        self,
        seat: int,
        players: int,
        round: int,
        marker: int,
        turn: int,
        stage: str,
        to_act: int | None,
        row: Ints,
        played: tuple[Ints, ...],
        experts_at: tuple[Ints, ...],
        occasionals_at: tuple[Ints, ...],
        hand: Ints | None,
        experts_available: Ints,
        occasionals_available: Ints,
        banned: tuple[Ints, ...],
        police: tuple[str, ...],
        last_round: bool,
        last_order: Ints | None,
    ) -> None:
        self.seat = seat
        self.players = players
        self.round = round
        self.marker = marker
        self.turn = turn
        self.stage = stage
        self.to_act = to_act
        self.row = row
        self.played = played
        self.experts_at = experts_at
        self.occasionals_at = occasionals_at
        self.hand = hand
        self.experts_available = experts_available
        self.occasionals_available = occasionals_available
        self.banned = banned
        self.police = police
        self.last_round = last_round
        self.last_order = last_order

    @classmethod
    def of_view(cls, view: View) -> Seen:
        """The record of a view (views.view's dict), its lists made tuples."""
        cities = view["cities"]
        hand = view["hand"]
        order = view["last_order"]
        return cls(
            view["seat"],
            view["players"],
            view["round"],
            view["marker"],
            view["turn"],
            view["stage"],
            view["to_act"],
            tuple(view["row"]),
            tuple([tuple(entry["played"]) for entry in cities]),
            tuple([tuple(entry["experts"]) for entry in cities]),
            tuple([tuple(entry["occasionals"]) for entry in cities]),
            None if hand is None else tuple(hand),
            tuple(view["experts_available"]),
            tuple(view["occasionals_available"]),
            tuple([tuple(cities) for cities in view["banned"]]),
            tuple(view["police"]),
            view["last_round"],
            None if order is None else tuple(order),
        )

    def fields(self) -> tuple[Any, ...]:
        """Every field's value, in `SEEN_FIELDS` order (for comparisons)."""
        return tuple([getattr(self, name) for name in SEEN_FIELDS])

    def __eq__(self, other: object) -> bool:
        return type(other) is Seen and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]  # compared by value, not hashed

    def __repr__(self) -> str:
        return f"Seen({', '.join(f'{name}={getattr(self, name)!r}' for name in SEEN_FIELDS)})"


def as_seen(view: View | Seen) -> Seen:
    """`view` as a `Seen` (itself if it is one)."""
    return view if isinstance(view, Seen) else Seen.of_view(view)
