"""bench/memory.py's reading of a Chromium trace: the longest main-thread task
by thread time, until the page was ready and in all (the bench itself only
prints; this checks that it reads the trace right)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import memory  # bench/memory.py, put on sys.path just above


def _thread(pid: int, tid: int, name: str) -> dict[str, Any]:
    return {"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": name}}


def _event(name: str, ts: int, dur: int, tdur: int, tid: int = 1) -> dict[str, Any]:
    return {"ph": "X", "name": name, "pid": 7, "tid": tid, "ts": ts, "dur": dur, "tdur": tdur}


def test_the_longest_task_by_thread_time_before_ready_and_in_all() -> None:
    task = "ThreadControllerImpl::RunTask"
    events = [
        _thread(7, 1, "CrRendererMain"),
        _thread(7, 2, "DedicatedWorker thread"),
        # before ready: a task whose wall clock is long but its own work short
        _event(task, 0, 900_000, 40_000),
        _event(task, 1_000_000, 150_000, 120_000),
        _event("FunctionCall", 1_000_100, 140_000, 110_000),
        _event("Layout", 1_000_200, 90_000, 80_000),
        {"ph": "R", "name": memory.READY_MARK, "pid": 7, "tid": 1, "ts": 2_000_000},
        # after ready: microtasks alone, the longest of all
        _event("BlinkScheduler_PerformMicrotaskCheckpoint", 3_000_000, 400_000, 300_000),
        # another thread's work is not the page's main thread
        _event(task, 4_000_000, 900_000, 900_000, tid=2),
    ]
    found = memory.thread_time_tasks(events)
    assert found["thread_longest"] == 120.0
    assert found["thread_longest_all"] == 300.0
    assert found["thread_what"] == ""


def test_what_took_most_of_the_longest_task() -> None:
    task = "ThreadControllerImpl::RunTask"
    events = [
        _thread(7, 1, "CrRendererMain"),
        _event(task, 0, 150_000, 120_000),
        _event("FunctionCall", 100, 140_000, 110_000),
        _event("Layout", 200, 90_000, 80_000),
        _event("Paint", 300, 5_000, 4_000),
    ]
    found = memory.thread_time_tasks(events)
    assert found["thread_longest"] == found["thread_longest_all"] == 120.0
    assert found["thread_what"] == "FunctionCall > Layout"
