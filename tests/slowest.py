"""Read the timing file of the last full run and print its slowest tests.

    .venv/bin/python tests/slowest.py [N] [--by-file]

`tests/run_all.py` has pytest write every test's duration to
`artifacts/test-times.xml` (JUnit XML, kept out of git). This prints the N
slowest tests (20 by default), or with `--by-file` the time of each test file,
and the whole run's total, so that anyone can see which tests cost what.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

TIMINGS = Path(__file__).resolve().parent.parent / "artifacts" / "test-times.xml"


def test_file(classname: str) -> str:
    """The test module of a JUnit classname ("tests.browser.test_home.TestX" -> its module)."""
    parts = classname.split(".")
    for index, part in enumerate(parts):
        if part.startswith("test_"):
            return ".".join(parts[: index + 1])
    return classname


def durations(path: Path) -> list[tuple[float, str, str]]:
    """(seconds, test module, test name) of each test case in a JUnit XML file."""
    root = ET.parse(path).getroot()
    return [
        (float(case.get("time", "0")), test_file(case.get("classname", "")), case.get("name", ""))
        for case in root.iter("testcase")
    ]


def main(argv: list[str]) -> int:
    if not TIMINGS.exists():
        print(f"no timing file yet: run `python tests/run_all.py` first ({TIMINGS})")
        return 1
    by_file = "--by-file" in argv
    numbers = [arg for arg in argv if arg.isdecimal()]
    count = int(numbers[0]) if numbers else 20
    cases = durations(TIMINGS)
    total = sum(seconds for seconds, _, _ in cases)
    if by_file:
        files: dict[str, float] = defaultdict(float)
        for seconds, module, _ in cases:
            files[module] += seconds
        rows = sorted(((s, m) for m, s in files.items()), reverse=True)[:count]
        for seconds, module in rows:
            print(f"{seconds:8.1f} s  {module}")
    else:
        for seconds, module, name in sorted(cases, reverse=True)[:count]:
            print(f"{seconds:8.1f} s  {module}::{name}")
    print(f"{len(cases)} tests, {total / 60:.1f} min in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
