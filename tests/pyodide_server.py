"""One Pyodide under Node for the whole test session (serve_python.mjs): the
tests that compare Pyodide with CPython send it their scripts instead of
starting Pyodide once each (a start costs seconds; issue #29)."""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "tests" / "pyodide" / "serve_python.mjs"
DEADLINE_S = 300.0


class PyodideServer:
    """A started Pyodide that runs scripts on request; started again if a
    script crashed it (a fatal stack overflow ends the process)."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None
        # Pyodide's own prints and a crash's last words; open for the session: closed by close()
        self._stderr = tempfile.TemporaryFile("w+")  # noqa: SIM115

    def run(self, script: Path, *args: str) -> str:
        """The script's stdout, run as __main__ with `args` in sys.argv[1:];
        a Python error fails the calling test with its traceback."""
        process = self._started()
        assert process.stdin is not None
        process.stdin.write(json.dumps({"script": str(script), "args": list(args)}) + "\n")
        process.stdin.flush()
        answer = self._answer(process)
        assert answer.get("ok"), answer.get("error", answer)
        return str(answer["stdout"])

    def close(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None
        self._stderr.close()

    def _started(self) -> subprocess.Popen[str]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        node = shutil.which("node")
        assert node is not None, "Node.js is needed to run Pyodide (see README)"
        assert (ROOT / "node_modules" / "pyodide").is_dir(), (
            "run `npm ci` first (tests/run_all.py does)"
        )
        self._process = subprocess.Popen(
            [node, str(SERVER)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
        )
        assert self._answer(self._process) == {"ready": True}
        return self._process

    def _answer(self, process: subprocess.Popen[str]) -> dict[str, Any]:
        stdout: IO[str] | None = process.stdout
        assert stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            if not selector.select(timeout=DEADLINE_S):
                process.kill()
                raise AssertionError(f"Pyodide gave no answer within {DEADLINE_S:.0f} s")
        line = stdout.readline()
        if not line:
            self._stderr.seek(0)
            last_words = self._stderr.read()[-2000:]
            raise AssertionError(f"Pyodide ended (exit code {process.wait()}): {last_words}")
        answer: dict[str, Any] = json.loads(line)
        return answer


@pytest.fixture(scope="session")
def pyodide() -> Iterator[PyodideServer]:
    server = PyodideServer()
    try:
        yield server
    finally:
        server.close()


def run_cpython(script: Path, *args: str) -> str:
    """The script's stdout under this CPython, run as the Pyodide server runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def last_json(output: str) -> dict[str, Any]:
    """The JSON object a script printed last."""
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result
