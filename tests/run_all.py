"""Set up a fresh machine and run every test: `python tests/run_all.py`.

The Python test tools go into the project's own virtual environment, `.venv`
(made with `python -m venv` on the first run, refreshed when pyproject.toml
changes), and pytest runs with that environment's Python, so nothing is
installed into the machine's Python. Outside the project it installs only what
cannot live in it: Debian's chromium (apt) for the browser suite, Debian's
firefox-esr, webkit2gtk-driver and xvfb (apt) for the engine suites
(tests/engines/, docs/engines.md), and python3-venv (apt) when Debian's Python
lacks `venv`'s pip bootstrap; each only when missing. The pinned npm packages
go into `node_modules/`, with PUPPETEER_SKIP_DOWNLOAD set: no npm package
downloads a browser of its own. pytest also runs ruff and mypy;
extra arguments go to pytest.

The whole suite runs on two pytest-xdist workers (``-n 2``), each taking
whole test files (tests/split.py; docs/testing.md has the figures). A run
that names tests (a path, ``-k``, ``-m``) runs in one process, and so does
``-n 0``; any ``-n`` given is kept as it is.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
CHROMIUM = Path("/usr/bin/chromium")
#: what the engine suites (tests/engines/) drive, by the Debian package that brings it
ENGINES = {
    "firefox-esr": Path("/usr/bin/firefox-esr"),
    "webkit2gtk-driver": Path("/usr/bin/WebKitWebDriver"),
    "xvfb": Path("/usr/bin/Xvfb"),
}
#: Holds the hash of the pyproject.toml whose test tools are installed in .venv.
INSTALLED_STAMP = VENV / "installed-pyproject.sha256"


def run(*command: str) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


def apt_install(*packages: str) -> None:
    """Install Debian packages system-wide (root, or sudo)."""
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env_prefix = ["env", "DEBIAN_FRONTEND=noninteractive"]
    run(*sudo, *env_prefix, "apt-get", "update", "-qq")
    run(*sudo, *env_prefix, "apt-get", "install", "-y", "-qq", *packages)


def install_chromium() -> None:
    """Debian's chromium drives the browser suite; Playwright cannot download one here."""
    # coturn (turnserver) and iptables: the TURN relay between two NATed homes
    if not CHROMIUM.exists() or not shutil.which("turnserver") or not shutil.which("iptables"):
        apt_install("chromium", "coturn", "iptables")


def install_engines() -> None:
    """Debian's Firefox ESR, WebKitGTK's WebDriver (with its MiniBrowser) and
    Xvfb, for the engine suites: never a browser downloaded by a tool."""
    missing = [package for package, path in ENGINES.items() if not path.exists()]
    if missing:
        apt_install(*missing)


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def make_venv() -> Path:
    """Create .venv with this Python, unless it is there already; return its Python."""
    python = venv_python()
    if python.exists() and has_pip(python):
        return python
    # A .venv without pip is what a failed first try leaves: start it again.
    shutil.rmtree(VENV, ignore_errors=True)
    # Debian splits venv's pip bootstrap (ensurepip) into the python3-venv package.
    if importlib.util.find_spec("ensurepip") is None and shutil.which("apt-get"):
        apt_install("python3-venv")
    run(sys.executable, "-m", "venv", str(VENV))
    return python


def has_pip(python: Path) -> bool:
    done = subprocess.run([str(python), "-c", "import pip"], capture_output=True)
    return done.returncode == 0


def install_test_tools(python: Path) -> None:
    """`pip install -e .[test]` into .venv, again only when pyproject.toml has changed."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if INSTALLED_STAMP.exists() and INSTALLED_STAMP.read_text().strip() == wanted:
        return
    run(str(python), "-m", "pip", "install", "-q", "-e", ".[test]")
    INSTALLED_STAMP.write_text(wanted + "\n")


#: every test's duration, as JUnit XML (kept out of git: artifacts/ is ignored)
TIMINGS = ROOT / "artifacts" / "test-times.xml"


def timing_args() -> list[str]:
    """Have pytest print the 15 slowest tests and keep every test's duration."""
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    return ["--durations=15", f"--junitxml={TIMINGS}"]


#: pytest-xdist workers for the whole suite: the two cores of the machines it is measured on
WORKERS = 2
#: options that choose which tests run: with one of them the run stays in one process
_SELECTING = ("-k", "-m", "--lf", "--last-failed", "--deselect")
#: options that already say how to distribute (xdist's)
_DISTRIBUTING = ("-n", "--numprocesses", "--dist", "-d", "--tx", "--maxprocesses")


def names_tests(arg: str) -> bool:
    """Whether a pytest argument names tests: a test path or a node id."""
    if arg.startswith("-"):
        return arg.split("=", 1)[0] in _SELECTING or any(
            arg.startswith(option) and len(arg) > len(option) for option in ("-k", "-m")
        )
    return "::" in arg or arg.endswith(".py") or (ROOT / arg).exists()


def split_args(extra: list[str], cores: int | None = None) -> list[str]:
    """``-n 2`` for a run of the whole suite on a machine of two cores or
    more; nothing when `extra` names tests or says how to distribute them.

    >>> split_args([], cores=2), split_args(["-x"], cores=8)
    (['-n', '2'], ['-n', '2'])
    >>> split_args(["tests/test_rng.py", "-x"], cores=2), split_args(["-n", "0"], cores=2)
    ([], [])
    >>> split_args([], cores=1)
    []
    """
    available = os.cpu_count() if cores is None else cores
    if (available or 1) < WORKERS:
        return []
    for arg in extra:
        if names_tests(arg) or arg.split("=", 1)[0] in _DISTRIBUTING or arg.startswith("-n"):
            return []
    return ["-n", str(WORKERS)]


def main() -> int:
    python = make_venv()
    install_test_tools(python)
    npm = shutil.which("npm")
    if npm is None:
        print("npm is missing: install Node.js 20 or newer", file=sys.stderr)
        return 1
    os.environ["PUPPETEER_SKIP_DOWNLOAD"] = "1"  # puppeteer-core drives Debian's firefox-esr
    run(npm, "ci", "--no-audit", "--no-fund")
    install_chromium()
    install_engines()
    extra = sys.argv[1:]
    pytest_args = [*timing_args(), *split_args(extra), *extra]
    command = [str(python), "-m", "pytest", *pytest_args]
    print("+", " ".join(command), flush=True)  # -n 2 or not: docs/testing.md
    result = subprocess.run(command, cwd=ROOT)
    shots = sorted((ROOT / "artifacts" / "screenshots").glob("*.png"))
    if shots:
        print(f"Screenshots of the browser suite, in {shots[0].parent}:")
        for shot in shots:
            print(f"  {shot.name}")
    if TIMINGS.exists():
        print(f"Every test's duration: {TIMINGS.relative_to(ROOT)} (JUnit XML; slowest first:")
        print(f"  {python.relative_to(ROOT)} tests/slowest.py)")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
