"""How the whole run shares the suite between two workers (tests/split.py,
tests/run_all.py): which runs are split, which tests go together, in what
order, and that the timing file and the exit code still speak for the whole run."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest

from tests.run_all import split_args
from tests.slowest import durations
from tests.split import TOGETHER, longest_first, unit_of, unit_seconds

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------- run_all's choice


def test_the_whole_suite_is_split_in_two() -> None:
    assert split_args([], cores=2) == ["-n", "2"]
    assert split_args(["-x", "--maxfail", "3"], cores=16) == ["-n", "2"]


@pytest.mark.parametrize(
    "extra",
    [
        ["tests/test_rng.py", "-x"],
        ["tests/browser/test_home.py::test_x"],
        ["tests/browser"],
        ["-k", "rng"],
        ["-krng"],
        ["-m", "slow"],
        ["--lf"],
        ["-n", "0"],
        ["-n0"],
        ["--numprocesses=4"],
        ["--dist", "load"],
    ],
)
def test_a_run_that_names_tests_or_workers_is_left_as_asked(extra: list[str]) -> None:
    assert split_args(extra, cores=2) == []


def test_one_core_runs_in_one_process() -> None:
    assert split_args([], cores=1) == []


# -------------------------------------------------------------------- the units


def test_a_file_is_a_unit_and_the_webrtc_files_are_one() -> None:
    assert unit_of("tests/test_rng.py::test_a[1]") == "tests/test_rng.py"
    assert unit_of("tests/browser/test_home.py::TestX::test_y") == "tests/browser/test_home.py"
    units = {unit_of(f"{path}::test_z") for paths in TOGETHER.values() for path in paths}
    assert units == set(TOGETHER)


def test_every_file_named_together_exists() -> None:
    """A renamed file would silently leave its group."""
    for paths in TOGETHER.values():
        for path in paths:
            assert (ROOT / path).is_file(), path


def test_unknown_units_go_first_then_the_longest() -> None:
    order = longest_first(["a", "b", "c", "d", "e"], {"a": 2.0, "b": 30.0, "d": 7.5})
    assert order == ["c", "e", "b", "d", "a"]


JUNIT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="tests.browser.test_net_webrtc" name="test_a" time="20.5"/>
<testcase classname="tests.engines.test_firefox_webrtc" name="test_b" time="40.0"/>
<testcase classname="tests.test_rng.TestSeeds" name="test_c" time="1.25"/>
<testcase classname="tests.test_rng" name="test_d" time="0.75"/>
</testsuite></testsuites>"""


def test_unit_times_are_read_from_the_timing_file(tmp_path: Path) -> None:
    timings = tmp_path / "times.xml"
    timings.write_text(JUNIT, "utf-8")
    assert unit_seconds(timings) == {"webrtc": 60.5, "tests/test_rng.py": 2.0}


def test_a_missing_or_broken_timing_file_orders_nothing(tmp_path: Path) -> None:
    assert unit_seconds(tmp_path / "none.xml") == {}
    (tmp_path / "cut.xml").write_text(JUNIT[:80], "utf-8")
    assert unit_seconds(tmp_path / "cut.xml") == {}


# ------------------------------------------------------- a real run, two workers

#: a scheduler of tests/split.py with its own groups and timing file
CONFTEST = """
from pathlib import Path

import pytest

from tests.split import FileScheduling


class Scheduling(FileScheduling):
    together = {"pair": ("test_a.py", "test_c.py")}
    timings = Path(__file__).with_name("times.xml")


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    return Scheduling(config, log)
"""

#: each test notes the worker that ran it and its file, in the order run
TEST_FILE = """
import os
from pathlib import Path


def note():
    with Path(__file__).with_name("ran.txt").open("a") as ran:
        ran.write(os.environ["PYTEST_XDIST_WORKER"] + " " + Path(__file__).name + "\\n")


def test_one():
    note()


def test_two():
    note()


def test_three():
    note()
    assert FAIL is False
"""

#: the last run's times: d the longest unit, then the pair (a and c), then b
TIMES = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="test_a" name="test_one" time="2"/>
<testcase classname="test_b" name="test_one" time="1"/>
<testcase classname="test_c" name="test_one" time="3"/>
<testcase classname="test_d" name="test_one" time="9"/>
</testsuite></testsuites>"""


def _project(tmp_path: Path, *, fail: str = "") -> Path:
    (tmp_path / "conftest.py").write_text(CONFTEST, "utf-8")
    (tmp_path / "times.xml").write_text(TIMES, "utf-8")
    for name in "abcd":
        failing = "True" if name == fail else "False"
        text = TEST_FILE.replace("FAIL", failing)
        (tmp_path / f"test_{name}.py").write_text(textwrap.dedent(text), "utf-8")
    return tmp_path


def _pytest(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_two_workers_run_whole_units_longest_first_and_one_timing_file(tmp_path: Path) -> None:
    """...and a failure on a worker fails the run with pytest's report."""
    project = _project(tmp_path, fail="b")
    report = project / "times-now.xml"
    done = _pytest(project, f"--junitxml={report}", "--durations=3")
    assert done.returncode == pytest.ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert "FAILED test_b.py::test_three" in done.stdout
    assert "assert True is False" in done.stdout
    assert "1 failed, 11 passed" in done.stdout
    by_worker: dict[str, list[str]] = defaultdict(list)
    for line in (project / "ran.txt").read_text("utf-8").splitlines():
        worker, name = line.split()
        by_worker[worker].append(name)
    assert len(by_worker) == 2, by_worker
    where: dict[str, set[str]] = defaultdict(set)
    for worker, names in by_worker.items():
        for name in names:
            where[name].add(worker)
    # a file runs whole on one worker, and the pair's files on the same one
    assert all(len(workers) == 1 for workers in where.values()), where
    assert where["test_a.py"] == where["test_c.py"]
    # the two longest units start first, one on each worker
    firsts = {names[0] for names in by_worker.values()}
    assert "test_d.py" in firsts and firsts & {"test_a.py", "test_c.py"}, by_worker
    # one timing file for the whole run, which tests/slowest.py reads
    cases = durations(report)
    assert len(cases) == 12
    assert {module for _, module, _ in cases} == {"test_a", "test_b", "test_c", "test_d"}
    assert "slowest 3 durations" in done.stdout


def test_no_test_selected_is_a_failure(tmp_path: Path) -> None:
    done = _pytest(_project(tmp_path), "-k", "no_such_test")
    assert done.returncode == pytest.ExitCode.NO_TESTS_COLLECTED


def test_the_conformance_suite_is_shared_by_test_function() -> None:
    units = {
        unit_of(f"tests/test_conformance.py::{name}[{game}-{{}}]")
        for name in ("test_words", "test_random_play")
        for game in ("bossquest", "herorealms")
    }
    assert units == {
        "tests/test_conformance.py::test_words",
        "tests/test_conformance.py::test_random_play",
    }
