"""How a run with pytest-xdist (``-n 2``) shares the test files between its
workers: ``--dist loadfile`` (pyproject.toml's default), refined here.

- **A file is one unit of work**, run whole by one worker, so that a module's
  fixtures start once (the engine suites run their driver once for every case
  of the file; a browser file's shared pages start once).
- **The files of ``BY_TEST`` are one unit a test function** (every
  game's cases of it), so that both workers share them.
- **Files in ``TOGETHER`` form one unit**: the WebRTC files, whose pairing has
  deadlines of seconds and which start two browsers and a relay each, never
  run beside each other. Their network namespaces, addresses and servers
  could (each worker's are named by its process id): this is for time only.
- **The longest units go first**, by the last run's timing file
  (``artifacts/test-times.xml``), so that no long file is left for the end
  while the other worker waits; units the file does not know (a fresh clone,
  a new file) go first of all, in collection order (the browser files, which
  are long, come before the CPython ones).
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Mapping
from pathlib import Path

import pytest
from xdist.remote import Producer
from xdist.scheduler import LoadFileScheduling
from xdist.workermanage import WorkerController

from tests.slowest import TIMINGS, durations

#: units of several files, by name: files that must not run beside each other
TOGETHER: Mapping[str, tuple[str, ...]] = {
    "webrtc": (
        "tests/browser/test_net_webrtc.py",
        "tests/browser/test_turn_relay.py",
        "tests/engines/test_firefox_webrtc.py",
    ),
}

#: files split into one unit a test function: the conformance suite and the
#: view checks run every game's cases, a long game's for minutes, which one
#: worker alone would finish while the other waits
BY_TEST: tuple[str, ...] = ("tests/test_conformance.py", "tests/test_view_checks.py")


def unit_of(nodeid: str, together: Mapping[str, tuple[str, ...]] = TOGETHER) -> str:
    """The unit of work of a test: its file, or the group of `together` holding it.

    >>> unit_of("tests/test_rng.py::test_seeds[3]")
    'tests/test_rng.py'
    >>> unit_of("tests/browser/test_turn_relay.py::test_relay")
    'webrtc'
    >>> unit_of("tests/test_conformance.py::test_words[herorealms-{}]")
    'tests/test_conformance.py::test_words'
    """
    path = nodeid.split("::", 1)[0]
    if path in BY_TEST:  # one unit a test function, all its parameters together
        return nodeid.split("[", 1)[0]
    return next((name for name, paths in together.items() if path in paths), path)


def module_path(module: str) -> str:
    """A JUnit module name as a test id's file: "tests.browser.test_home" ->
    "tests/browser/test_home.py"."""
    return module.replace(".", "/") + ".py"


def unit_seconds(
    timings: Path = TIMINGS, together: Mapping[str, tuple[str, ...]] = TOGETHER
) -> dict[str, float]:
    """Each unit's seconds in the timing file ({} when there is none or it is unreadable)."""
    try:
        cases = durations(timings)
    except (OSError, SyntaxError):  # ElementTree's ParseError is a SyntaxError
        return {}
    seconds: dict[str, float] = defaultdict(float)
    for time, module, _ in cases:
        seconds[unit_of(module_path(module), together)] += time
    return dict(seconds)


def longest_first(units: list[str], seconds: Mapping[str, float]) -> list[str]:
    """`units` (in collection order) in the order they are handed out: those
    `seconds` does not know first, in collection order, then the others,
    longest first.

    >>> longest_first(["a", "b", "c", "d"], {"a": 1.0, "c": 9.0})
    ['b', 'd', 'c', 'a']
    """
    position = {unit: index for index, unit in enumerate(units)}
    return sorted(units, key=lambda u: (u in seconds, -seconds.get(u, 0.0), position[u]))


class FileScheduling(LoadFileScheduling):
    """xdist's ``loadfile``, with the units of ``together`` and the longest first."""

    together: Mapping[str, tuple[str, ...]] = TOGETHER
    timings: Path = TIMINGS

    def __init__(self, config: pytest.Config, log: Producer | None = None) -> None:
        super().__init__(config, log)
        self.seconds = unit_seconds(self.timings, self.together)
        self._ordered = False

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid, self.together)

    def _assign_work_unit(self, node: WorkerController) -> None:
        # The first call comes once the base class has made its queue of units.
        if not self._ordered:
            self._ordered = True
            assert self.collection is not None
            units = (unit_of(nodeid, self.together) for nodeid in self.collection)
            in_collection = list(dict.fromkeys(units))
            queued = [unit for unit in in_collection if unit in self.workqueue]
            self.workqueue = OrderedDict(
                (unit, self.workqueue[unit]) for unit in longest_first(queued, self.seconds)
            )
        super()._assign_work_unit(node)
