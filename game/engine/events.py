"""Per-seat filtering of events: secret fields reach only the seat they belong to."""

from __future__ import annotations

from collections.abc import Iterable

from .protocol import Event

__all__ = ["SECRET", "event_for_seat", "events_for_seat"]

SECRET = "secret"


def event_for_seat(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it (None: a spectator who sees no secret)."""
    secrets = event.get(SECRET)
    public = {key: value for key, value in event.items() if key != SECRET}
    if seat is not None and isinstance(secrets, dict):
        public.update(secrets.get(str(seat), {}))
    return public


def events_for_seat(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [event_for_seat(event, seat) for event in events]
