"""What just happened on the board: the latest turn (its card, its gangsters)
and each player's last card this round.

They come from the events the viewer saw (``Scene.events``, oldest first):
the ``place`` and ``play`` events since the round's deal say who placed and
played what, so the marks are there on a page drawn afresh (a reload, a
guest's reconnect, a replay's or tutorial's step). Only public fields are
read (a seat, a played card, its city, a placement); each is checked against
the view, so an event the view does not bear out marks nothing.

Without events (a caller that gives none), the keys the previous render drew
(``Scene.previous``) stand in: the view says which cards lie under each city
and the city on the back of every card in every hand, not who played which
card, but comparing the two renders tells it: a card newly under city X was
played by the seat whose hand holds one card of X fewer. Everything compared
is public (the played faces, the backs, the gangsters), so the keys hold
nothing secret. Each render records what it found (``recorded``), so that the
marks stay while nothing moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.protocol import Event

__all__ = ["Recent", "recent"]

_PREFIX = "tb:"
#: the events after which a new round begins (its marks start afresh)
_ROUND_EDGES = ("round_over", "deal")


@dataclass(frozen=True)
class Recent:
    """The latest turn and each seat's last card (this round)."""

    #: the seat whose turn it was, None when nothing is known
    seat: int | None = None
    #: the card that turn played, None if none yet
    card: int | None = None
    #: the gangsters that turn placed: (city, experts, occasionals), or None
    place: tuple[int, int, int] | None = None
    #: by seat, the last card it played this round
    last: Mapping[int, int] = field(default_factory=dict)
    #: the keys to record for the next render
    recorded: frozenset[str] = frozenset()


def _gangs(view: Mapping[str, Any]) -> dict[tuple[int, int], tuple[int, int]]:
    """{(city, seat): (experts, occasionals)} for every gang on the board."""
    found = {}
    for entry in view["cities"]:
        for seat, pair in enumerate(zip(entry["experts"], entry["occasionals"], strict=True)):
            if pair[0] or pair[1]:
                found[(int(entry["city"]), seat)] = (int(pair[0]), int(pair[1]))
    return found


def _parse(previous: Iterable[str], rnd: int) -> dict[str, list[list[int]]]:
    """The previous render's keys of round `rnd`, by kind, as lists of ints."""
    kinds: dict[str, list[list[int]]] = {}
    head = f"{_PREFIX}{rnd}:"
    for key in previous:
        if not key.startswith(head):
            continue
        kind, _, rest = key[len(head) :].partition(":")
        try:
            kinds.setdefault(kind, []).append([int(part) for part in rest.split(":") if part])
        except ValueError:
            continue
    return kinds


def _placed_before(latest: list[int] | None, seat: int) -> tuple[int, int, int] | None:
    """The placement `seat` made before the previous render in the turn it
    has now ended with a card, if the previous latest turn was that one."""
    if latest is None or latest[0] != seat or latest[1] >= 0 or latest[2] < 0:
        return None
    return latest[2], latest[3], latest[4]


def _mover_order(view: Mapping[str, Any], seats: Iterable[int]) -> list[int]:
    """`seats` from the one who moved longest ago to the latest: the seat just
    before the one to act moved last (clockwise play)."""
    count = int(view["players"])
    now = view["to_act"]
    start = 0 if now is None else int(now)
    return sorted(seats, key=lambda seat: (seat - start) % count)


def _int(value: object) -> int | None:
    """`value` when it is an int (not a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _this_round(events: Sequence[Mapping[str, Any]]) -> Sequence[Mapping[str, Any]]:
    """The events since the round began (after its deal or the last round's end)."""
    start = 0
    for index, event in enumerate(events):
        if isinstance(event, Mapping) and event.get("type") in _ROUND_EDGES:
            start = index + 1
    return events[start:]


_Turn = tuple[int | None, int | None, tuple[int, int, int] | None, dict[int, int]]


def _from_events(
    events: Sequence[Mapping[str, Any]],
    count: int,
    played_now: Mapping[int, int],
    gangs_now: Mapping[tuple[int, int], tuple[int, int]],
) -> _Turn:
    """(seat, card, place, last) from this round's ``place`` and ``play``
    events: their public fields only, each checked against the view (a play's
    card under its city, a placement's gang on the board)."""
    seat: int | None = None
    card: int | None = None
    place: tuple[int, int, int] | None = None
    last: dict[int, int] = {}
    for event in _this_round(events):
        if not isinstance(event, Mapping):
            continue
        who = _int(event.get("seat"))
        if who is None or not 0 <= who < count:
            continue
        if event.get("type") == "play":
            played = _int(event.get("card"))
            if played is None or played_now.get(played, -1) != _int(event.get("city")):
                continue
            # the placement stays when it began this same turn
            place = place if seat == who and card is None else None
            seat, card = who, played
            last[who] = played
        elif event.get("type") == "place":
            figures = [_int(event.get(name)) for name in ("city", "experts", "occasionals")]
            city, experts, occasionals = figures
            if city is None or experts is None or occasionals is None:
                continue
            if (city, who) not in gangs_now:  # not borne out by the board
                continue
            seat, card, place = who, None, (city, experts, occasionals)
    return seat, card, place, last


def _from_previous(
    view: Mapping[str, Any], old: Mapping[str, list[list[int]]], played_now: Mapping[int, int]
) -> _Turn:
    """(seat, card, place, last) from the previous render's keys of this round
    (`old`, by kind) compared with the view."""
    count = int(view["players"])
    gangs_now = _gangs(view)
    last = {row[0]: row[1] for row in old.get("last", []) if len(row) == 2}
    latest = next((row for row in old.get("latest", []) if len(row) == 5), None)
    seat, card, place = (None, None, None)
    if latest is not None:
        seat = latest[0]
        card = latest[1] if latest[1] >= 0 else None
        place = (latest[2], latest[3], latest[4]) if latest[2] >= 0 else None
    if "hand" in old:  # a baseline of this round: compare
        hands_before = {row[0]: Counter(row[1:]) for row in old["hand"] if row}
        played_before = {row[0] for row in old.get("played", []) if row}
        gangs_before = {(r[0], r[1]): (r[2], r[3]) for r in old.get("gang", []) if len(r) == 4}
        lost = {
            who: hands_before.get(who, Counter()) - Counter(map(int, view["hands"][who]))
            for who in range(count)
        }
        plays: dict[int, int] = {}
        for new in sorted(set(played_now) - played_before):
            city = played_now[new]
            who = next((s for s in range(count) if lost[s][city] > 0), None)
            if who is not None:
                lost[who][city] -= 1
                plays[who] = new
        placed = {}
        for (city, who), pair in gangs_now.items():
            before = gangs_before.get((city, who), (0, 0))
            if pair != before and pair[0] >= before[0] and pair[1] >= before[1]:
                placed[who] = (city, pair[0] - before[0], pair[1] - before[1])
        movers = _mover_order(view, set(plays) | set(placed))
        last.update(plays)
        if movers:
            seat = movers[-1]
            card = plays.get(seat)
            place = placed.get(seat)
            if card is not None and place is None:
                place = _placed_before(latest, seat)
    return seat, card, place, last


def recent(
    view: Mapping[str, Any], previous: Iterable[str], events: Sequence[Event] = ()
) -> Recent:
    """The latest turn and the last cards: from `events` (the viewer's, oldest
    first) when there are any, else from `view` and the previous keys."""
    rnd = int(view["round"])
    count = int(view["players"])
    played_now = {
        int(card): int(entry["city"]) for entry in view["cities"] for card in entry["played"]
    }
    gangs_now = _gangs(view)
    if events:
        seat, card, place, last = _from_events(events, count, played_now, gangs_now)
    else:
        seat, card, place, last = _from_previous(view, _parse(previous, rnd), played_now)
    last = {who: c for who, c in last.items() if c in played_now}
    if card is not None and card not in played_now:
        seat, card, place = None, None, None
    if seat is not None and place is not None and (place[0], seat) not in gangs_now:
        place = None  # taken back (undo)
        if card is None:
            seat = None
    keys = {f"{_PREFIX}{rnd}:hand:{who}:" + ":".join(map(str, sorted(view["hands"][who])))
            for who in range(count)}  # fmt: skip
    keys |= {f"{_PREFIX}{rnd}:played:{c}" for c in played_now}
    keys |= {f"{_PREFIX}{rnd}:gang:{c}:{s}:{e}:{o}" for (c, s), (e, o) in gangs_now.items()}
    keys |= {f"{_PREFIX}{rnd}:last:{who}:{c}" for who, c in last.items()}
    if seat is not None:
        city, experts, occasionals = place if place is not None else (-1, 0, 0)
        keys.add(
            f"{_PREFIX}{rnd}:latest:{seat}:{-1 if card is None else card}:"
            f"{city}:{experts}:{occasionals}"
        )
    return Recent(seat, card, place, last, frozenset(keys))
