"""Set up a fresh machine and run every test: `python tests/run_all.py`.

It installs what the suite needs (the Python test tools, the pinned npm
packages, Debian's chromium for the browser suite), then runs pytest, which
also runs ruff and mypy. Extra arguments go to pytest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")


def run(*command: str) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


def install_chromium() -> None:
    """Debian's chromium drives the browser suite; Playwright cannot download one here."""
    if CHROMIUM.exists():
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env_prefix = ["env", "DEBIAN_FRONTEND=noninteractive"]
    run(*sudo, *env_prefix, "apt-get", "update", "-qq")
    run(*sudo, *env_prefix, "apt-get", "install", "-y", "-qq", "chromium")


def main() -> int:
    run(sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]")
    npm = shutil.which("npm")
    if npm is None:
        print("npm is missing: install Node.js 20 or newer", file=sys.stderr)
        return 1
    run(npm, "ci", "--no-audit", "--no-fund")
    install_chromium()
    result = subprocess.run([sys.executable, "-m", "pytest", *sys.argv[1:]], cwd=ROOT)
    shots = sorted((ROOT / "artifacts" / "screenshots").glob("*.png"))
    if shots:
        print(f"Screenshots of the browser suite, in {shots[0].parent}:")
        for shot in shots:
            print(f"  {shot.name}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
