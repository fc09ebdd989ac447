"""The README stays a short, true front page (issue #27): under 250 lines,
its Documentation list links every file of docs/, every link between the
README and docs/ reaches its file and heading, every repository path it
names exists, and every command it shows parses with the real parsers."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import cli
from game.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
MAX_LINES = 250
#: A path in backticks under a folder of the repository, as the README and docs name them.
NAMED_PATH = re.compile(r"`((?:game|tests|bench|site|sitebuild|tools|docs)/[\w./-]*)`")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    anchors: set[str] = set()
    in_code = False
    for line in _text(path).splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and re.match(r"#+ ", line):
            anchors.add(_slug(re.sub(r"^#+ ", "", line)))
    return anchors


def _links(path: Path) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", _text(path))


def _code_lines(path: Path, prefix: str) -> list[str]:
    """The lines of the file's code blocks that start with ``prefix``."""
    lines: list[str] = []
    in_code = False
    for line in _text(path).splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif in_code and line.startswith(prefix):
            lines.append(line.split("  #")[0].strip())
    return lines


def test_readme_is_short() -> None:
    lines = _text(README).count("\n")
    assert lines < MAX_LINES, f"README.md has {lines} lines; keep it under {MAX_LINES}"


def test_documentation_list_links_every_doc() -> None:
    parts = re.split(r"^#+ Documentation$", _text(README), maxsplit=1, flags=re.M)
    assert len(parts) == 2, "the README has no Documentation section"
    section = parts[1]
    listed = set(re.findall(r"\]\(docs/([^)#]+\.md)\)", section))
    assert {path.name for path in DOCS} - listed == set()


def _reaches(source: Path, target: str) -> bool:
    """Whether a relative link of ``source`` names an existing file and, for a
    Markdown file, one of its headings."""
    file_part, _, anchor = target.partition("#")
    linked = (source.parent / file_part) if file_part else source
    if not linked.exists():
        return False
    return not anchor or linked.suffix != ".md" or anchor in _anchors(linked)


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda path: path.name)
def test_links_reach_their_file_and_heading(path: Path) -> None:
    relative = [target for target in _links(path) if not re.match(r"[a-z]+:", target)]
    assert [target for target in relative if not _reaches(path, target)] == []


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda path: path.name)
def test_named_paths_exist(path: Path) -> None:
    named = NAMED_PATH.findall(_text(path))
    # A pattern (`*`) or a placeholder in capitals (`NAME.json`) names no one file.
    concrete = [name for name in named if "*" not in name and not re.search(r"[A-Z]{3}", name)]
    missing = [name for name in concrete if not (ROOT / name).exists()]
    assert missing == []


def test_engine_commands_parse() -> None:
    commands = _code_lines(README, "python -m game ")
    assert len(commands) >= 4
    parser = cli._parser(sorted(GAMES))
    for command in commands:
        parser.parse_args(shlex.split(command)[3:])


def test_build_flags_exist() -> None:
    named = set(re.findall(r"python build\.py((?: --[\w-]+)+)", _text(README)))
    flags = {flag for group in named for flag in group.split()}
    assert "--serve" in flags
    help_text = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert {flag for flag in flags if flag not in help_text} == set()


def test_every_picture_of_the_readme_is_in_the_repository() -> None:
    pictures = re.findall(r'<img src="([^"]+)"', _text(README))
    assert pictures, "the README shows the games"
    for picture in pictures:
        assert (ROOT / picture).is_file(), f"the README shows {picture}, which is missing"
