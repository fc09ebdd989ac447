"""``python build.py --serve`` when its port is taken (issue #27, defect 6).

The default port taken: the next free one is served, said in one line. A port
the user asked for taken: a plain message saying what to do, exit status 2,
and no traceback either way. The build itself is replaced by a stand-in (the
site is not what these tests are about) and the server stops at once.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import build


@pytest.fixture
def no_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """build.main builds nothing, and its server stops as soon as it starts."""
    out = tmp_path / "dist"
    out.mkdir()

    def fake_build(target: Path, **_: Any) -> None:
        assert target == out

    def stop(self: Any, *args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "build", fake_build)
    monkeypatch.setattr(build._Server, "serve_forever", stop)
    return out


@pytest.fixture
def taken() -> Iterator[int]:
    """A port of 127.0.0.1 that another program listens on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


def test_the_default_port_taken_serves_on_the_next_free_one(
    no_build: Path, taken: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "DEFAULT_PORT", taken)
    assert build.main(["--out", str(no_build), "--serve"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    moved = [line for line in out.splitlines() if "in use" in line]
    assert len(moved) == 1 and str(taken) in moved[0], out
    served = [line for line in out.splitlines() if line.startswith("Serving")]
    assert len(served) == 1 and f":{taken}/" not in served[0], out
    assert "http://127.0.0.1:" in served[0]


def test_a_port_asked_for_and_taken_says_what_to_do(
    no_build: Path, taken: int, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        build.main(["--out", str(no_build), "--serve", "--port", str(taken)])
    out, err = capsys.readouterr()
    message = str(stopped.value.code)
    assert "Traceback" not in out + err + message
    assert f"port {taken} is already in use" in message
    assert "--port" in message  # what to do: another port, or stop the other program
    assert "Serving" not in out


def test_a_free_port_asked_for_is_served(
    no_build: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    assert build.main(["--out", str(no_build), "--serve", "--port", str(port)]) == 0
    out, _ = capsys.readouterr()
    assert f"http://127.0.0.1:{port}/" in out and "in use" not in out


def test_an_address_that_cannot_be_served_is_said_plainly(
    no_build: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        build.main(["--out", str(no_build), "--serve", "--host", "203.0.113.7", "--port", "8123"])
    message = str(stopped.value.code)
    assert "Traceback" not in message and "203.0.113.7" in message


def test_a_source_the_build_refuses_is_said_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(target: Path, **_: Any) -> None:
        raise build.RulesError("theboss/order.txt line 2: there is no lesson 'x'")

    monkeypatch.setattr(build, "build", refuse)
    assert build.main(["--out", str(tmp_path / "dist")]) == 1
    said = capsys.readouterr().err
    assert "the site was not built: theboss/order.txt line 2: there is no lesson 'x'" in said
    assert "Traceback" not in said
