"""The shell knows no game (issue #28): no game's name and no game's own word
in the shell's files (site/assets/*.js and *.css, game/web/*.py). A game's
words, pieces and looks live in its package (game/<name>/ui/); the shell
reaches them through the registry and the client's listing.

What the scan lets through is listed below, each with its reason: the
platform's own names, which it took from its first game before it hosted
several (renaming them would lose players' saves and break the pages that
frame our boards), and the reading of saves made before each game had its own
records. Nothing else: a new leak fails this test with its file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.registry import CLIENTS, TEST_GAMES, get_client

ROOT = Path(__file__).resolve().parent.parent

#: the shell's files: the page's scripts and styles, the browser shell's Python
SHELL_FILES = sorted(
    [*ROOT.glob("site/assets/*.js"), *ROOT.glob("site/assets/*.css"), *ROOT.glob("game/web/*.py")]
)

#: words of one game's world (Boss Quest's, The Boss's, Duel's), beside every
#: game's name and title (added from the registry below)
GAME_WORDS = (
    "weapon",
    "weapons",
    "yellow",
    "magician",
    "mystery",
    "potion",
    "potions",
    "companion",
    "companions",
    "reaper",
    "armorer",
    "spell",
    "spells",
    "knight",
    "knights",
    "gangster",
    "gangsters",
    "police",
    "chicago",
    "keep_yellow",
    "keepyellow",
)

#: the platform's own names, everywhere (each a regular expression)
PLATFORM = (
    # the page's global objects (window.BossQuest, BossQuestShared, ...)
    r"\bBossQuest\w*",
    # storage keys, message types and salts under the site's prefix
    r"\bbossquest(?=[.:-])",
    # the site's name before a console line or a warning
    r"Boss Quest: ",
    # the board's classes every game's board draws (a seat's name, a gold tag)
    r"\bknight-name\b",
    r"\btag-armorer\b",
)

#: the reading of older saves and records, by file: Boss Quest's, made before
#: each game had its own (settings version 1 and 2, the menu's and the save's
#: old keys, network records), and the default game's name in examples
LEGACY: dict[str, tuple[str, ...]] = {
    "site/assets/menu.js": (
        r'LEGACY_GAME = "bossquest"',
        r"Boss Quest's older",
        r"keep_yellow: saved\.keepYellow",
        r"`keepYellow`",
        r"reads keep_yellow",
    ),
    "site/assets/net.js": (
        r'"bossquest"',
        r"Boss Quest on a page that has none",
        r"Boss Quest's names",
    ),
    "game/web/net_prefs.py": (r"Boss Quest's names", r'\("bossquest"\)'),
    "game/web/session.py": (r"Boss Quest's game in progress", r'"bossquest"\)?'),
    "game/web/settings.py": (
        r'"bossquest"',
        r"Boss Quest's",
        r"keep_yellow",
        r'"potions", "companions", "reaper"',
        r"``potions``, ``companions``, ``reaper``",
        r'"potions": true',
    ),
    "game/web/game_page.py": (r"Boss Quest's",),
    "game/web/query.py": (r'\?game=bossquest"',),
    # docstrings of modules another change reshapes (issue #28), left as they are
    "game/web/tutorial.py": (
        r"game/bossquest/tutorials/",
        r"\(the spell, then the choice\)",
        r'"Go to the Magician"',
    ),
    "game/web/replay.py": (r"every hidden weapon turned face up",),
    "game/web/net_view.py": (r'Boss Quest\'s "Manche 3"',),
}


def _forbidden() -> re.Pattern[str]:
    names: set[str] = set(GAME_WORDS)
    for game in [*CLIENTS, *TEST_GAMES]:
        names.add(game)
        if game in CLIENTS:
            names.update(get_client(game).title(lang) for lang in ("fr", "en"))
    # a title's words may be written apart or together ("The Boss", "TheBoss")
    spelled = sorted(
        (r"\s*".join(map(re.escape, name.split())) for name in names), key=len, reverse=True
    )
    return re.compile(r"(?<![\w-])(?:" + "|".join(spelled) + r")(?![\w])", re.IGNORECASE)


FORBIDDEN = _forbidden()


def leaks(relative: str, text: str) -> list[str]:
    """Every line of `text` (the file `relative`) naming a game or one of its
    words outside what is let through."""
    allowed = re.compile("|".join((*PLATFORM, *LEGACY.get(relative, ()))))
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        rest = allowed.sub(" ", line)
        match = FORBIDDEN.search(rest)
        if match:
            found.append(f"{relative}:{number}: {match.group(0)!r} in {line.strip()[:120]}")
    return found


def test_the_scan_covers_the_shell() -> None:
    assert len(SHELL_FILES) > 40
    assert {"bossquest", "theboss", "Boss Quest", "The Boss"} <= {
        word for word in ("bossquest", "theboss", "Boss Quest", "The Boss") if FORBIDDEN.match(word)
    }


@pytest.mark.parametrize("path", SHELL_FILES, ids=lambda path: path.name)
def test_no_shell_file_names_a_game_or_its_words(path: Path) -> None:
    relative = path.relative_to(ROOT).as_posix()
    assert leaks(relative, path.read_text("utf-8")) == []


def test_the_scan_finds_what_moved_out() -> None:
    """What used to sit in the shell fails the scan, in any file."""
    samples = {
        "site/assets/menu.js": 'if (parts[0] === "weapon") return swatch();',
        "site/assets/app.css": '.weapon[data-color="yellow"] { --c: gold; }',
        "site/assets/game-board.js": "// clears The Boss's markers",
        "game/web/net_strings.py": '"ext_reaper": {"fr": "La Faucheuse", "en": "The Reaper"},',
        "game/web/replay_strings.py": '"undo_mystery": "the mystery spell was revealed",',
        "site/assets/embed.js": 'var boss = el("div", "boss-card"); // Boss Quest\'s',
        "game/web/board.py": 'if game == "theboss":',
    }
    for relative, line in samples.items():
        assert leaks(relative, line), line
    # the platform's names and a legacy reading pass only where they are let through
    assert leaks("site/assets/menu.js", 'var LEGACY_GAME = "bossquest";') == []
    assert leaks("site/assets/app.css", 'var LEGACY_GAME = "bossquest";')
    assert leaks("site/assets/net.js", 'var LANG_KEY = "bossquest.lang";') == []
