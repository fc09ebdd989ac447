"""The process's CPU clock, on CPython and inside Pyodide under Node, for the
benchmark scripts (imported as a sibling module: CPython puts a script's folder
on sys.path, and tests/pyodide/run_python.mjs does the same)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable


def cpu_clock() -> Callable[[], float]:
    """Seconds of CPU time this process has used (under Node, Node's own count:
    Pyodide's process_time is the wall clock)."""
    if sys.platform == "emscripten":
        from js import process  # Node's: Pyodide runs here under Node

        def node_cpu() -> float:
            usage = process.cpuUsage()
            return float(usage.user + usage.system) / 1e6

        return node_cpu
    return time.process_time
