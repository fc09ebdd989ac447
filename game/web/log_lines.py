"""A network board's log lines, described once per event and kept: a render
describes only the events that came since, so a long game's render does not
cost more with every move (issue #28). A guest's events are replaced whole
after an undo or a snapshot, so the kept lines are checked against the events
they describe (a list comparison, far cheaper than describing) and described
again from the first event that differs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["Describe", "DescribedLog", "Line", "event_lines"]

Line = tuple[str, str]
"""(event type, or "<type>-detail" for an event's further lines; the line)."""

Describe = Callable[[dict[str, Any], Sequence[str], str], list[str]]
"""A client's `describe(event, names, lang)`."""


def event_lines(
    event: Mapping[str, Any], names: Sequence[str], lang: str, describe: Describe
) -> list[Line]:
    """One event's log lines: (its type, its first line), then its details
    ("<type>-detail"), as the local and the network boards both draw them."""
    kind = str(event.get("type", ""))
    said = describe(dict(event), names, lang)
    return [(kind if index == 0 else f"{kind}-detail", line) for index, line in enumerate(said)]


class DescribedLog:
    """Each event's lines, kept for the names and language they were made in."""

    def __init__(self) -> None:
        self._key: tuple[tuple[str, ...], str] = ((), "")
        self._events: list[Mapping[str, Any]] = []
        self._lines: list[list[Line]] = []
        #: how many events were described (for the tests: once each)
        self.described = 0

    def lines(
        self,
        events: Sequence[Mapping[str, Any]],
        names: Sequence[str],
        lang: str,
        describe: Describe,
    ) -> list[list[Line]]:
        """The lines of each of `events`, oldest first."""
        key = (tuple(names), lang)
        if key != self._key:
            self._key, self._events, self._lines = key, [], []
        kept = _common_prefix(self._events, events)
        del self._events[kept:], self._lines[kept:]
        for event in events[kept:]:
            self._lines.append(event_lines(event, names, lang, describe))
            self._events.append(event)
            self.described += 1
        return self._lines


def _common_prefix(kept: Sequence[Mapping[str, Any]], events: Sequence[Mapping[str, Any]]) -> int:
    """How many first events the two lists share: the whole kept list when the
    events only grew (checked from its end, where an undo would differ first)."""
    if len(events) >= len(kept) and all(kept[i] == events[i] for i in range(len(kept) - 1, -1, -1)):
        return len(kept)
    same = 0
    for old, new in zip(kept, events, strict=False):
        if old != new:
            break
        same += 1
    return same
