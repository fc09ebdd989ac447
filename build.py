"""Build the static site into ``dist/``, and optionally serve it.

``python build.py`` makes ``dist/`` from ``site/``, ``game/`` and the pinned npm
packages (``pyodide``, and the QR code drawer and reader; it runs ``npm ci``
first when ``node_modules/`` is missing). ``python build.py --serve [--port N]`` builds and
then serves ``dist/`` on localhost with the MIME types and headers of
``netlify.toml``; it prints the URL to open (port 8000, or the next free one
when another program holds it; a port asked for with ``--port`` that is taken
is said plainly, with what to do). ``--test-games`` includes the
games written only for the tests (Duel) in the site's list of games.

The pages carry the games' catalogue (``game.registry.catalogue_json``: each
playable game's name, title, description, declared options, rules page and
tutorials) as inline JSON, so the home and the menus are drawn before Python
loads, with no request more.

Layout of ``dist/``::

    index.html                         never hashed, never cached
    sw.js                              the service worker (offline use), never cached
    assets/<name>.<hash>.<ext>         our CSS, JS and the game bundle: immutable
    runtime/pyodide-<version>-<hash>/  the Pyodide files the page loads: immutable;
                                       the standard library trimmed to what the
                                       pages import, as bytecode (sitebuild/)

Standard library only (Python 3.11+), so it runs on a fresh clone and on
Netlify's build image.
"""

from __future__ import annotations

import argparse
import errno
import functools
import hashlib
import html
import html.parser
import http.server
import io
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitebuild import offline
from sitebuild.runtime import PYODIDE_FILES, compile_runtime
from sitebuild.snapshot import (
    DIGEST_PIECE,
    make_snapshot,
    restoring_sparsely,
    snapshot_modules,
)

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "DEFAULT_PORT",
    "DIST",
    "GAME_DATA_SUFFIXES",
    "PLAYWRIGHT_DISABLED_FEATURES",
    "PYODIDE_FILES",
    "ROOT",
    "VENDOR_FILES",
    "BuildResult",
    "HeaderRule",
    "RulesError",
    "art_sources",
    "build",
    "catalogue_json",
    "chromium_args",
    "ensure_node_modules",
    "game_zip_bytes",
    "games_json",
    "games_script",
    "games_stylesheet",
    "headers_for",
    "load_netlify_headers",
    "main",
    "make_server",
    "open_server",
    "rules_page",
    "rules_pages",
    "rules_sources",
    "tutorials_index",
]

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
GAME = ROOT / "game"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
NETLIFY_TOML = ROOT / "netlify.toml"


#: Debian's chromium and its flags, for the browser suite and the page-load
#: benchmark alike: without the background-networking flags Chromium tries to
#: reach Google's hosts, which this project's machines (and its tests) refuse.
CHROMIUM = "/usr/bin/chromium"

#: The features Playwright turns off (playwright-core's chromiumSwitches.ts,
#: at the pinned version; tests/browser/test_chromium_flags.py compares). Chromium
#: reads only the last --disable-features it is given, so a list of ours
#: must repeat Playwright's.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)

#: Chromium 156 draws the address bar's suggestions with pages of its own
#: (chrome://omnibox-popup.top-chrome), loaded in a renderer for every new
#: tab, headless too: 0.7 to 1 s of CPU a page opened, for a popup nobody
#: sees (measured: a blank page 1.3 s of CPU with them, 0.4 s without).
OMNIBOX_POPUP_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")


def chromium_args(*disabled_features: str) -> tuple[str, ...]:
    """The flags Chromium is launched with, `disabled_features` turned off
    besides Playwright's and the omnibox popup's."""
    features = (*PLAYWRIGHT_DISABLED_FEATURES, *OMNIBOX_POPUP_FEATURES, *disabled_features)
    return (
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-features=" + ",".join(features),
    )


CHROMIUM_ARGS = chromium_args()

#: Files of ``game/`` that go into the bundle: the Python sources and the data
#: files a package may read next to its modules (scenarios, card lists, text).
GAME_DATA_SUFFIXES = (".py", ".json", ".toml", ".csv", ".txt")

#: Files of ``game/`` the build reads and the page never does, left out of the
#: bundle: a game's rules page (its client's ``listing.rules``).
BUILD_ONLY_FILES = ("rules.toml",)

#: Files under ``site/assets/`` get content-hashed names; HTML files anywhere in
#: ``site/`` have their quoted ``assets/...`` references rewritten to those
#: names. A text asset (CSS, JS) may name a binary asset of its own folder
#: ("card.png", url(card.png)) and gets it rewritten too; text assets naming
#: other text assets are not rewritten. Any text file may use the ``@NAME@``
#: placeholders of ``runtime_paths`` in ``build()``.
_TEXT_ASSET_SUFFIXES = (".css", ".js", ".mjs", ".svg", ".json")
_HASH_LENGTH = 10

#: A fixed timestamp so that the game bundle, and therefore its hash, depends
#: only on the contents of the files.
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class BuildResult:
    """What the build made, for tests, the benchmark and the server."""

    out: Path
    #: logical name (path under site/ or a fixed key) -> path under out/
    files: Mapping[str, str]
    pyodide_dir: str
    pyodide_version: str

    def url_path(self, logical: str) -> str:
        """The path (under the site root) of a built file, e.g. 'assets/app.css'."""
        return self.files[logical]


# --------------------------------------------------------------------------- npm


_NPM_PACKAGES = ("pyodide", "qrcode-generator", "jsqr", "idiomorph")

#: Browser libraries copied from node_modules/ into dist/, content-hashed like
#: our assets (logical name -> file under node_modules/). qrcode-generator
#: draws the QR codes of network pairing (site/assets/pairing.js); jsQR reads
#: them from the camera where the browser has no BarcodeDetector, and is
#: loaded only when someone scans. idiomorph (an ES module) draws the boards and
#: the lobby in place (site/assets/morph.js imports it).
VENDOR_FILES: Mapping[str, str] = {
    "assets/qrcode.js": "qrcode-generator/dist/qrcode.js",
    "assets/jsqr.js": "jsqr/dist/jsQR.js",
    "assets/idiomorph.js": "idiomorph/dist/idiomorph.esm.js",
}


def _stale_packages(root: Path) -> list[str]:
    """The pinned npm packages that are missing, or not at the lock file's version."""
    lock: dict[str, Any] = json.loads((root / "package-lock.json").read_text("utf-8"))
    stale: list[str] = []
    for name in _NPM_PACKAGES:
        pinned = lock["packages"][f"node_modules/{name}"]["version"]
        manifest = root / "node_modules" / name / "package.json"
        if not manifest.is_file() or _package_version(manifest.parent) != pinned:
            stale.append(f"{name}@{pinned}")
    return stale


def ensure_node_modules(root: Path = ROOT) -> None:
    """Install the pinned npm packages (``npm ci``) when they are missing or stale."""
    stale = _stale_packages(root)
    if not stale:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is missing: install Node.js 20 or newer, then run this again.")
    print(f"+ npm ci (to install {', '.join(stale)})", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)


def _package_version(package_dir: Path) -> str:
    data: dict[str, Any] = json.loads((package_dir / "package.json").read_text("utf-8"))
    return str(data["version"])


# -------------------------------------------------------------------- the game


def _game_sources(game_dir: Path) -> list[Path]:
    files: list[Path] = []
    for path in sorted(game_dir.rglob("*")):
        relative = path.relative_to(game_dir)
        if any(part == "__pycache__" or part.startswith(".") for part in relative.parts):
            continue
        if path.name in BUILD_ONLY_FILES:
            continue  # read by the build (a game's rules page), never by the page
        if path.is_file() and path.suffix in GAME_DATA_SUFFIXES:
            files.append(path)
    return files


def game_zip_bytes(game_dir: Path = GAME) -> bytes:
    """The ``game`` package as a deterministic zip (same sources, same bytes).

    Why a zip and not single files: the package grows with every game and
    subpackage, and one request for one hashed file beats dozens of requests
    and a file list to keep in sync. The pages' worker (site/assets/py-worker.js)
    unpacks it into Python's working directory,
    which is on ``sys.path``: real files on a real file system, so modules that
    read data next to themselves with ``Path(__file__)`` work as under CPython.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in _game_sources(game_dir):
            arcname = (Path(game_dir.name) / path.relative_to(game_dir)).as_posix()
            info = zipfile.ZipInfo(arcname, date_time=_ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buffer.getvalue()


# ------------------------------------------------------------------- the build


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:_HASH_LENGTH]


def _hashed_name(relative: str, data: bytes) -> str:
    path = Path(relative)
    return path.with_name(f"{path.stem}.{_digest(data)}{path.suffix}").as_posix()


def _rewrite(text: str, mapping: Mapping[str, str]) -> str:
    """Replace quoted references to logical paths with their built paths."""
    for logical in sorted(mapping, key=len, reverse=True):
        built = mapping[logical]
        text = re.sub(
            r"""(?<=["'(])(?:\./)?""" + re.escape(logical) + r"""(?=["')?#])""", built, text
        )
    return text


def _naming_order(paths: list[Path]) -> list[Path]:
    """Text assets, each after the ones it names (a module importing another by
    its name), so that every name is rewritten to its already hashed file.
    Files that name each other (comments do) keep their alphabetical order."""
    by_name = {path.name: path for path in paths}
    ordered: list[Path] = []

    def visit(path: Path, chain: tuple[Path, ...]) -> None:
        if path in ordered or path in chain:
            return
        text = path.read_text("utf-8")
        for name, other in by_name.items():
            if other != path and _rewrite(text, {name: "#"}) != text:
                visit(other, (*chain, path))
        ordered.append(path)

    for path in sorted(paths):
        visit(path, ())
    return ordered


def tutorials_index(
    game_dir: Path = GAME, previews: Mapping[str, Sequence[str]] | None = None
) -> str:
    """What embed.html shows before Python has loaded, for every tutorial
    (``<game>/tutorials/*.json``), by its game (the file's ``game``) then its
    name: its title, intro, first caption, players, reader and the start of
    the setup keys its game's listing names (``Listing.preview``: `previews`
    by game, else the catalogue's), each value or a list's first item, for
    the game's own script to draw; as JSON safe to put inside a ``<script>``
    element. The lessons are read as plain JSON."""
    if previews is None:
        entries = json.loads(catalogue_json(game_dir))["games"]
        previews = {entry["name"]: entry.get("preview", []) for entry in entries}
    index: dict[str, dict[str, Any]] = {}
    for path in sorted(game_dir.glob("*/tutorials/*.json")):
        data = json.loads(path.read_text("utf-8"))
        setup = data.get("setup", {})
        first: dict[str, Any] = next((s for s in data.get("steps", []) if "caption" in s), {})
        game = str(data.get("game") or path.parent.parent.name)
        index.setdefault(game, {})[path.stem] = {
            "title": data.get("title", {}),
            "intro": data.get("intro", {}),
            "caption": first.get("caption", {}),
            "players": setup.get("players", []),
            "reader": data.get("reader", ""),
            "preview": {key: _first(setup[key]) for key in previews.get(game, ()) if key in setup},
        }
    text = json.dumps(index, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    # "<" never appears raw, so no "</script>" can end the element early
    return text.replace("<", "\\u003c").replace("@", "\\u0040")


def _first(value: Any) -> Any:
    """A list's first item (None for an empty one); any other value as it is."""
    if isinstance(value, list):
        return value[0] if value else None
    return value


def games_script(game_dir: Path = GAME) -> str:
    """Every game's own script (``game/<name>/ui/*.js``, by path) joined into
    one, ``assets/games.js``, which the tutorial page runs before embed.js:
    each draws its game's pieces of a lesson's frame before Python has loaded
    (``window.BoardSkeletons[<game>]``, see embed.js). Empty when no game has one."""
    parts = [
        f"/* {path.relative_to(game_dir.parent).as_posix()} */\n{path.read_text('utf-8')}"
        for path in sorted(game_dir.glob("*/ui/*.js"))
    ]
    return "\n".join(parts)


def games_stylesheet(game_dir: Path = GAME) -> str:
    """Every game's own stylesheet (``game/<name>/ui/*.css``, by path) joined
    into one, ``assets/games.css``: the pages that draw boards (game, tutorial,
    replay) link it after app.css. Empty when no game has one."""
    parts = [
        f"/* {path.relative_to(game_dir.parent).as_posix()} */\n{path.read_text('utf-8')}"
        for path in sorted(game_dir.glob("*/ui/*.css"))
    ]
    return "\n".join(parts)


def games_json(catalogue: str) -> str:
    """The part of the catalogue (``catalogue_json``) that the replay and
    tutorial pages need: whether the test games are in, the default game, and
    each game's name, title and lessons (in the game's order: the tutorial
    page lists them so); as JSON safe in a ``<script>`` element."""
    data = json.loads(catalogue)
    brief = {
        "test_games": data["test_games"],
        "default": data.get("default"),
        "games": [
            {"name": g["name"], "title": g["title"], "tutorials": g.get("tutorials", [])}
            for g in data["games"]
        ],
    }
    text = json.dumps(brief, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace("@", "\\u0040")


def catalogue_json(game_dir: Path = GAME, *, test_games: bool = False) -> str:
    """The games' catalogue (``game.registry.catalogue_json``), as JSON safe in a
    ``<script>`` element. Worked out by a child Python over `game_dir`'s
    package, so the build's own process never imports the games (nor registers
    the test games in it)."""
    code = (
        "import sys; from game.registry import catalogue_json; "
        f"sys.stdout.write(catalogue_json(test_games={test_games!r}))"
    )
    return _registry_output(game_dir, code, "the games' catalogue")


def _registry_output(game_dir: Path, code: str, what: str) -> str:
    """What `code` writes, run by a child Python over `game_dir`'s package (so
    the build's own process never imports the games)."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=game_dir.parent,
        env={**os.environ, "PYTHONPATH": str(game_dir.parent), "PYTHONIOENCODING": "utf-8"},
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{what} could not be made:\n{done.stderr}")
    return done.stdout


# -------------------------------------------------------------- rules pages

#: The template of every game's rules page (filled by ``rules_page``).
RULES_TEMPLATE = SITE / "partials" / "rules.html"

_LANGS = ("fr", "en")

#: The rules pages' own words (the game's come from its rules file).
_RULES_WORDS: Mapping[str, Mapping[str, str]] = {
    "title": {"fr": "Règles de {game}", "en": "{game} rules"},
    "heading": {"fr": "Apprendre {game}", "en": "Learn {game}"},
    "tagline": {"fr": "Les règles", "en": "The rules"},
    "description": {"fr": "Les règles de {game}.", "en": "The rules of {game}."},
    "outro_title": {"fr": "Prêt à jouer\u00a0?", "en": "Ready to play?"},
    "board_title": {"fr": "Plateau\u00a0: {name}", "en": "Board: {name}"},
    "board_wait": {
        "fr": "Le plateau se charge quand vous arrivez ici.",
        "en": "The board loads when you get here.",
    },
    "board_open": {"fr": "Ouvrir à part", "en": "Open on its own"},
}

#: What a rules file's HTML may hold: text markup, lists, the page's classes and
#: data attributes, icons from the page's sprite; never a script, a style, an
#: event handler, an id (the page makes its own) or an address with a scheme.
_RULES_TAGS = frozenset(
    [
        "p",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "div",
        "span",
        "strong",
        "em",
        "b",
        "i",
        "br",
        "code",
        "kbd",
        "small",
        "sub",
        "sup",
        "abbr",
        "a",
        "svg",
        "use",
    ]
)
_RULES_VOID = frozenset({"br"})
_RULES_ATTRS = frozenset({"class", "lang", "title", "href", "aria-hidden", "focusable"})
_RULES_KEY = re.compile(r"[a-z][a-z0-9-]*")
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]*")
#: ids of the template that a part or a section may not take
_RULES_RESERVED = frozenset(
    {"top", "rules-notice", "hero-title", "boards-source", "toc-title", "outro-title"}
)


class RulesError(ValueError):
    """A rules file that cannot make a page, and why (which file, which field)."""


class _RulesHtml(html.parser.HTMLParser):
    """Checks a rules file's HTML against the allowed list; balanced tags."""

    def __init__(self, where: str) -> None:
        super().__init__(convert_charrefs=True)
        self.where = where
        self.open: list[str] = []

    def fail(self, why: str) -> RulesError:
        return RulesError(f"{self.where}: {why}")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _RULES_TAGS:
            raise self.fail(f"<{tag}> is not allowed")
        for name, value in attrs:
            if name not in _RULES_ATTRS and not re.fullmatch(r"data-[a-z][a-z0-9-]*", name):
                raise self.fail(f"the attribute {name} of <{tag}> is not allowed")
            if name == "href" and (tag not in ("a", "use") or ":" in (value or "")):
                raise self.fail(f"<{tag} href={value!r}>: only a link within the site")
        if tag not in _RULES_VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _RULES_VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in _RULES_VOID:
            return
        if not self.open or self.open[-1] != tag:
            raise self.fail(f"</{tag}> closes nothing open")
        self.open.pop()

    def handle_comment(self, data: str) -> None:
        raise self.fail("no comment in the page's text")

    def handle_decl(self, decl: str) -> None:
        raise self.fail(f"<!{decl}> is not allowed")

    def handle_pi(self, data: str) -> None:
        raise self.fail(f"<?{data}> is not allowed")

    def close(self) -> None:
        super().close()
        if self.open:
            raise self.fail(f"<{self.open[-1]}> is never closed")


def _safe_html(text: str, where: str) -> str:
    """`text` if it is HTML a rules page may hold (else RulesError), trimmed."""
    checker = _RulesHtml(where)
    checker.feed(text)
    checker.close()
    return _no_placeholder(text.strip())


def _no_placeholder(text: str) -> str:
    """A game's text never makes a build placeholder (``@NAME@``) by chance."""
    return text.replace("@", "&#64;")


def _esc(text: str) -> str:
    return _no_placeholder(html.escape(text, quote=True))


def _rules_words(data: object, where: str, *, required: bool = True) -> dict[str, str] | None:
    """A text in French and English (``{fr = "...", en = "..."}``), not empty."""
    if data is None and not required:
        return None
    if not isinstance(data, dict) or set(data) != set(_LANGS):
        raise RulesError(f"{where} needs a text in French and English (fr, en)")
    if not all(isinstance(data[lang], str) and data[lang].strip() for lang in _LANGS):
        raise RulesError(f"{where} needs a text in French and English, none empty")
    return {lang: str(data[lang]) for lang in _LANGS}


def _fields(data: object, where: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RulesError(f"{where} must be a table")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RulesError(f"{where} has an unknown field {unknown[0]!r}")
    missing = sorted(required - set(data))
    if missing:
        raise RulesError(f"{where} is missing the field {missing[0]!r}")
    return data


def _pair(words: Mapping[str, str], tag: str = "span", *, markup: bool = False) -> str:
    """A text in both languages, each in its element (rules.css shows the page's)."""
    return "".join(
        f'<{tag} data-l="{lang}" lang="{lang}">'
        f"{_no_placeholder(words[lang]) if markup else _esc(words[lang])}</{tag}>"
        for lang in _LANGS
    )


def _platform(key: str, lang: str, **values: str) -> str:
    return _RULES_WORDS[key][lang].format(**values)


def _check_lesson_order(placed: Sequence[tuple[str, str]], lessons: Sequence[str]) -> None:
    """The page's boards come in the game's lesson order (its tutorials'
    ``order.txt``, game.registry.lesson_order), the one order the home's link,
    this page and the tutorial page share; RulesError names the first out of it."""
    rank = {name: index for index, name in enumerate(lessons)}
    for (before, _), (board, there) in itertools.pairwise(placed):
        if rank[board] < rank[before]:
            raise RulesError(
                f"{there}: board {board!r} comes after {before!r} here, but before it "
                "in the game's lesson order (its tutorials' order.txt)"
            )


def rules_page(
    name: str,
    data: Mapping[str, Any],
    *,
    title: Mapping[str, str],
    tutorials: Sequence[str],
    pages: Sequence[str],
    template: str,
    where: str = "rules",
) -> str:
    """The rules page of game `name` from its rules file's `data` (see
    ``game/bossquest/ui/rules.toml``): `title` is the game's name in each
    language, `tutorials` its tutorial boards (a section's board must be one),
    `pages` the games that have a rules page. RulesError says what is wrong."""
    if not _GAME_NAME.fullmatch(name):
        raise RulesError(f"{where}: the game's name {name!r} cannot name a page")
    top = _fields(data, where, {"page", "part"}, {"page", "part"})
    page = _fields(
        top["page"],
        f"{where} [page]",
        {"heading", "tagline", "description", "intro", "art", "outro_title", "outro", "credit"},
        {"intro"},
    )

    def own(key: str, required: bool = False) -> dict[str, str] | None:
        return _rules_words(page.get(key), f"{where} [page] {key}", required=required)

    def text(key: str, fallback: str) -> dict[str, str]:
        return own(key) or {lang: _platform(fallback, lang, game=title[lang]) for lang in _LANGS}

    heading = text("heading", "heading")
    description = text("description", "description")
    tagline = text("tagline", "tagline")
    outro_title = text("outro_title", "outro_title")
    intro = own("intro", required=True)
    assert intro is not None
    outro, credit = own("outro"), own("credit")
    art = page.get("art")
    if art is not None and not isinstance(art, str):
        raise RulesError(f"{where} [page] art must be a string of HTML")

    parts = top["part"]
    if not isinstance(parts, list) or not parts:
        raise RulesError(f"{where} needs at least one [[part]]")
    seen: set[str] = set(_RULES_RESERVED)
    boards: set[str] = set()
    #: the boards in the page's order, each with where it is
    placed: list[tuple[str, str]] = []
    toc: list[str] = []
    body: list[str] = []
    for index, raw in enumerate(parts):
        here = f"{where} part {index + 1}"
        part = _fields(raw, here, {"key", "title", "intro", "section"}, {"key", "title", "section"})
        key = part["key"]
        if not isinstance(key, str) or not _RULES_KEY.fullmatch(key) or f"part-{key}" in seen:
            raise RulesError(f"{here}: key {key!r} must be a new lower-case name (a-z, 0-9, -)")
        seen.add(f"part-{key}")
        part_title = _rules_words(part["title"], f"{here} title")
        assert part_title is not None
        part_intro = _rules_words(part.get("intro"), f"{here} intro", required=False)
        sections = part["section"]
        if not isinstance(sections, list) or not sections:
            raise RulesError(f"{here} needs at least one [[part.section]]")
        body.append(f'\n    <h2 class="part-title" id="part-{key}">{_pair(part_title)}</h2>')
        if part_intro is not None:
            checked = {
                lang: _safe_html(part_intro[lang], f"{here} intro.{lang}") for lang in _LANGS
            }
            body.append(f'    <p class="part-intro">{_pair(checked, markup=True)}</p>')
        links: list[str] = []
        for number, raw_section in enumerate(sections):
            there = f"{here} section {number + 1}"
            section = _fields(
                raw_section,
                there,
                {"key", "icon", "title", "text", "board", "board_name"},
                {"key", "title", "text"},
            )
            skey = section["key"]
            if (
                not isinstance(skey, str)
                or not _RULES_KEY.fullmatch(skey)
                or skey in seen
                or f"{skey}-h" in seen
            ):
                raise RulesError(
                    f"{there}: key {skey!r} must be a new lower-case name (a-z, 0-9, -)"
                )
            seen.update({skey, f"{skey}-h"})
            stitle = _rules_words(section["title"], f"{there} title")
            stext = _rules_words(section["text"], f"{there} text")
            assert stitle is not None and stext is not None
            icon = section.get("icon", "")
            if not isinstance(icon, str) or (icon and not _RULES_KEY.fullmatch(icon)):
                raise RulesError(f"{there}: icon {icon!r} must be the name of a sprite icon")
            board = section.get("board")
            if board is not None and (not isinstance(board, str) or board not in tutorials):
                known = ", ".join(tutorials) or "none"
                raise RulesError(
                    f"{there}: board {board!r} is not one of the game's tutorials ({known})"
                )
            if board is not None and board in boards:
                raise RulesError(f"{there}: board {board!r} is already beside another section")
            if board is None and "board_name" in section:
                raise RulesError(f"{there}: board_name without a board")
            links.append(f'<li><a href="#{skey}">{_pair(stitle)}</a></li>')
            svg = (
                f'<svg class="rule-icon" aria-hidden="true" focusable="false">'
                f'<use href="#i-{icon}"></use></svg>'
                if icon
                else ""
            )
            checked = {lang: _safe_html(stext[lang], f"{there} text.{lang}") for lang in _LANGS}
            texts = "\n".join(
                f'        <div data-l="{lang}" lang="{lang}">\n{_indent(checked[lang], 10)}\n'
                "        </div>"
                for lang in _LANGS
            )
            figure = ""
            if board is not None:
                boards.add(board)
                placed.append((board, there))
                bname = _rules_words(
                    section.get("board_name"), f"{there} board_name", required=False
                )
                figure = _rules_board(name, board, bname or stitle)
            body.append(
                f'\n    <section class="rule{" has-board" if board else ""}" id="{skey}" '
                f'aria-labelledby="{skey}-h">\n'
                '      <div class="rule-text">\n'
                f'        <h3 id="{skey}-h" class="rule-h">{svg}{_pair(stitle)}</h3>\n'
                f"{texts}\n"
                f"      </div>{figure}\n"
                "    </section>"
            )
        toc.append(
            "        <li>\n"
            f'          <span class="toc-part">{_pair(part_title)}</span>\n'
            "          <ol>\n"
            + "".join(f"            {link}\n" for link in links)
            + "          </ol>\n"
            "        </li>"
        )

    _check_lesson_order(placed, tutorials)
    page_title = {lang: _platform("title", lang, game=title[lang]) for lang in _LANGS}
    page_json = json.dumps(
        {
            "game": name,
            "gameTitle": dict(title),
            "title": page_title,
            "description": description,
            "pages": list(pages),
        },
        ensure_ascii=False,
        separators=(",", ":"),
        sort_keys=True,
    )
    hero_art = ""
    if art:
        checked_art = _safe_html(art, f"{where} [page] art")
        hero_art = (
            "      <!-- decoration -->\n"
            f'      <div class="hero-art" aria-hidden="true">\n{_indent(checked_art, 8)}\n'
            "      </div>"
        )
    intro_html = "\n".join(
        f'      <div data-l="{lang}" lang="{lang}">\n'
        f"{_indent(_safe_html(intro[lang], f'{where} [page] intro.{lang}'), 8)}\n      </div>"
        for lang in _LANGS
    )
    outro_html = (
        ""
        if outro is None
        else f"      <p>{_pair(_checked(outro, f'{where} [page] outro'), markup=True)}</p>"
    )
    credit_html = (
        ""
        if credit is None
        else '    <p class="fineprint">'
        f"{_pair(_checked(credit, f'{where} [page] credit'), markup=True)}</p>"
    )
    game_title = _esc(title["fr"]) if title["fr"] == title["en"] else _pair(title)
    slots = {
        "GAME": name,
        "DESCRIPTION": _esc(description["fr"]),
        "TITLE": _esc(page_title["fr"]),
        "PAGE_JSON": page_json.replace("<", "\\u003c").replace("@", "\\u0040"),
        "PLAY_HREF": f"index.html?game={name}",
        "GAME_TITLE": game_title,
        "TAGLINE": _pair(tagline),
        # a page without boards reads as one column of text
        "BODY_CLASS": "rules-body" if boards else "rules-body rules-text-only",
        "HERO_CLASS": "rules-hero panel" + (" has-art" if art else ""),
        "HERO_ART": hero_art,
        "HEADING": _pair(heading),
        "INTRO": intro_html,
        "TOC_CLASS": "toc-parts" + (" toc-single" if len(parts) == 1 else ""),
        "TOC": "\n".join(toc),
        "PARTS": "\n".join(body),
        "OUTRO_TITLE": _pair(outro_title),
        "OUTRO": outro_html,
        "CREDIT": credit_html,
    }
    text_out = template
    for slot, value in slots.items():
        text_out = text_out.replace("{{" + slot + "}}", value)
    leftover = re.search(r"\{\{[A-Z_]+\}\}", text_out)
    if leftover:
        raise RulesError(f"the rules template has an unknown slot {leftover.group(0)}")
    return "\n".join(line.rstrip() for line in text_out.splitlines() if line.strip()) + "\n"


def _checked(words: Mapping[str, str], where: str) -> dict[str, str]:
    return {lang: _safe_html(words[lang], f"{where}.{lang}") for lang in _LANGS}


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def _rules_board(game: str, board: str, board_name: Mapping[str, str]) -> str:
    """The figure a section's tutorial board loads into (rules.js makes its iframe)."""
    titles = " ".join(
        f'data-title-{lang}="{_esc(_platform("board_title", lang, name=board_name[lang]))}"'
        for lang in _LANGS
    )
    wait = {lang: _RULES_WORDS["board_wait"][lang] for lang in _LANGS}
    opening = {lang: _RULES_WORDS["board_open"][lang] for lang in _LANGS}
    return (
        f'\n      <figure class="rule-board" data-board data-game="{game}" '
        f'data-scenario="{_esc(board)}" data-loaded="false"\n'
        f"              {titles}>\n"
        '        <div class="board-frame">\n'
        '          <div class="board-placeholder">\n'
        f'            <p class="board-name">{_pair(board_name)}</p>\n'
        f'            <p class="board-wait">{_pair(wait)}</p>\n'
        f'            <a class="board-open" href="embed.html?game={game}&amp;scenario='
        f'{_esc(board)}&amp;lang=fr" target="_blank" rel="noopener">{_pair(opening)}</a>\n'
        "          </div>\n"
        "        </div>\n"
        "      </figure>"
    )


def art_sources(game_dir: Path = GAME, *, test_games: bool = False) -> dict[str, str]:
    """Each game's picture for the home (``game.registry.art_sources``): its
    path in the site -> the file of its package, worked out by a child Python
    like ``catalogue_json``."""
    code = (
        "import json, sys; from game.registry import art_sources; "
        f"sys.stdout.write(json.dumps(art_sources(test_games={test_games!r})))"
    )
    result: dict[str, str] = json.loads(_registry_output(game_dir, code, "the games' pictures"))
    return result


def rules_sources(game_dir: Path = GAME, *, test_games: bool = False) -> dict[str, Any]:
    """Which games have a rules page (``game.registry.rules_sources``: the file,
    the title, the tutorials) and the default game, worked out by a child
    Python like ``catalogue_json``."""
    code = (
        "import json, sys; from game.registry import rules_sources; "
        f"sys.stdout.write(json.dumps(rules_sources(test_games={test_games!r})))"
    )
    result: dict[str, Any] = json.loads(_registry_output(game_dir, code, "the rules pages"))
    return result


def rules_pages(
    game_dir: Path = GAME, *, test_games: bool = False, template: Path = RULES_TEMPLATE
) -> dict[str, str]:
    """Every rules page of the site, by file name: ``rules-<game>.html`` for
    each game with a rules file, and ``rules.html`` (the default game's, or the
    first one's when the default game has none). Before the build's
    placeholders (``@ICONS@``) and asset names are filled in."""
    sources = rules_sources(game_dir, test_games=test_games)
    games: Mapping[str, Any] = sources["games"]
    pages: dict[str, str] = {}
    skeleton = template.read_text("utf-8")
    for name, source in games.items():
        path = Path(source["file"])
        where = path.relative_to(game_dir.parent).as_posix() if path.is_absolute() else str(path)
        try:
            data = tomllib.loads(path.read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise RulesError(f"{where}: {exc}") from exc
        pages[f"rules-{name}.html"] = rules_page(
            name,
            data,
            title=source["title"],
            tutorials=source["tutorials"],
            pages=list(games),
            template=skeleton,
            where=where,
        )
    if games:
        default = sources["default"] if sources["default"] in games else next(iter(games))
        pages["rules.html"] = pages[f"rules-{default}.html"]
    return pages


def build(
    out: Path = DIST,
    *,
    site: Path = SITE,
    game: Path = GAME,
    node_modules: Path = NODE_MODULES,
    install: bool = True,
    quiet: bool = False,
    test_games: bool = False,
) -> BuildResult:
    """Make the static site in ``out`` (emptied first) and say what it holds."""
    if install:
        ensure_node_modules(node_modules.parent)
    pyodide_src = node_modules / "pyodide"
    pyodide_version = _package_version(pyodide_src)
    # The trimmed standard library and the game, compiled for this Pyodide
    # (sitebuild/runtime.py). The folder is named by their hash too: its files
    # are cached forever, and another build may keep other modules.
    game_zip = game_zip_bytes(game)
    bundle = compile_runtime(pyodide_src, game_zip)
    pyodide_dir = f"runtime/pyodide-{pyodide_version}-{bundle.digest}"

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files: dict[str, str] = {}

    def write(relative: str, data: bytes) -> None:
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    # The pinned runtime: versioned directories, so they can be cached forever.
    # Its loader restores a snapshot without writing its zero pages (sitebuild/snapshot.py).
    replaced = {
        "python_stdlib.zip": bundle.stdlib_zip,
        "pyodide-lock.json": bundle.lockfile,
        "pyodide.asm.mjs": restoring_sparsely((pyodide_src / "pyodide.asm.mjs").read_bytes()),
    }
    for name in PYODIDE_FILES:
        write(f"{pyodide_dir}/{name}", replaced.get(name) or (pyodide_src / name).read_bytes())
        files[f"pyodide/{name}"] = f"{pyodide_dir}/{name}"
    # The runtime started, as a memory snapshot (sitebuild/snapshot.py), and
    # the module the pages' worker starts Python with: Pyodide's loader, started
    # from that snapshot when the browser holds it (a return visit).
    snapshot = make_snapshot(out / pyodide_dir, bundle.game_zip, snapshot_modules(game_zip))
    files["pyodide/snapshot"] = _hashed_name(f"{pyodide_dir}/snapshot.bin.gz", snapshot.gzipped)
    write(files["pyodide/snapshot"], snapshot.gzipped)
    start = _fill(
        (site / "partials" / "pyodide-start.mjs").read_text("utf-8"),
        {
            "@SNAPSHOT_FILE@": Path(files["pyodide/snapshot"]).name,
            "@SNAPSHOT_PIECES_SHA256@": snapshot.pieces_sha256,
            "@SNAPSHOT_PIECE@": str(DIGEST_PIECE),
            "@SNAPSHOT_SIZE@": str(snapshot.size),
        },
        "partials/pyodide-start.mjs",
    ).encode("utf-8")
    files["pyodide/start.mjs"] = _hashed_name(f"{pyodide_dir}/start.mjs", start)
    write(files["pyodide/start.mjs"], start)

    # The game package, compiled, one hashed zip.
    files["game.zip"] = _hashed_name("assets/game.zip", bundle.game_zip)
    write(files["game.zip"], bundle.game_zip)

    # Vendored browser libraries, hashed like our own assets.
    for logical, source in VENDOR_FILES.items():
        vendored = (node_modules / source).read_bytes()
        files[logical] = _hashed_name(logical, vendored)
        write(files[logical], vendored)

    # Placeholders that our text files may use (the runtime's paths).
    runtime_paths = {
        # Pyodide's loader, started from the snapshot when it can, which the
        # pages' Python worker (py-worker.js) imports; and what else it loads
        "@PYODIDE_START@": files["pyodide/start.mjs"],
        "@PYODIDE_DIR@": pyodide_dir,
        "@GAME_ZIP@": files["game.zip"],
        "@PYODIDE_VERSION@": pyodide_version,
    }

    # Our assets: binary ones first, then text ones that may name them.
    site_files = sorted(p for p in site.rglob("*") if p.is_file() and not _ignored(p, site))
    assets = [p for p in site_files if p.relative_to(site).parts[0] == "assets"]
    # partials/ are pieces of pages (filled in below), not files of the site
    partials = [p for p in site_files if p.relative_to(site).parts[0] == "partials"]
    others = [p for p in site_files if p not in assets and p not in partials]
    binary = [p for p in assets if p.suffix not in _TEXT_ASSET_SUFFIXES]
    for path in binary + _naming_order([p for p in assets if p not in binary]):
        relative = path.relative_to(site).as_posix()
        data = path.read_bytes()
        if path.suffix in _TEXT_ASSET_SUFFIXES:
            siblings = {
                Path(k).name: Path(v).name
                for k, v in files.items()
                if Path(k).parent == Path(relative).parent
            }
            text = _rewrite(data.decode("utf-8"), siblings)
            data = _fill(text, runtime_paths, relative).encode("utf-8")
        files[relative] = _hashed_name(relative, data)
        write(files[relative], data)

    # The games' own stylesheets, one hashed file the board pages link.
    games_css = games_stylesheet(game).encode("utf-8")
    files["assets/games.css"] = _hashed_name("assets/games.css", games_css)
    write(files["assets/games.css"], games_css)
    games_js = games_script(game).encode("utf-8")
    files["assets/games.js"] = _hashed_name("assets/games.js", games_js)
    write(files["assets/games.js"], games_js)

    # The web app manifest and its icons (sitebuild/offline.py), linked from every page.
    for logical, (built, data) in offline.app_files(_hashed_name).items():
        files[logical] = built
        write(built, data)

    # Each game's picture for the home (its package's art.svg, game.registry),
    # hashed like our assets; the catalogue names it by its built path.
    for logical, source in art_sources(game, test_games=test_games).items():
        picture = Path(source).read_bytes()
        files[logical] = _hashed_name(logical, picture)
        write(files[logical], picture)

    # Pages and anything else: never hashed; references rewritten in HTML.
    catalogue = _rewrite(catalogue_json(game, test_games=test_games), files)
    replacements = {
        **runtime_paths,
        "@GAME_ZIP@": files["game.zip"],
        "@TUTORIALS_INDEX@": tutorials_index(
            game, {str(g["name"]): g.get("preview", []) for g in json.loads(catalogue)["games"]}
        ),
        "@CATALOGUE@": catalogue,
        "@GAMES@": games_json(catalogue),
        # the board's icons, one copy for every page that draws cards
        "@ICONS@": (site / "partials" / "icons.svg").read_text(encoding="utf-8").strip(),
    }
    for path in others:
        relative = path.relative_to(site).as_posix()
        data = path.read_bytes()
        if path.suffix == ".html":
            text = _rewrite(data.decode("utf-8"), files)
            data = _fill(text, replacements, relative).encode("utf-8")
        write(relative, data)
        files[relative] = relative

    # Each game's rules page (from its rules file), and rules.html: the default game's.
    try:
        rules = rules_pages(game, test_games=test_games, template=site / "partials" / "rules.html")
    except RulesError as exc:
        raise SystemExit(f"a rules page could not be made: {exc}") from exc
    for relative, text in rules.items():
        filled = _fill(_rewrite(text, files), replacements, relative)
        write(relative, filled.encode("utf-8"))
        files[relative] = relative

    # The service worker, last: it lists every file above (sitebuild/offline.py).
    worker = offline.service_worker(out, files, site / "partials" / "service-worker.js")
    write(offline.SERVICE_WORKER, worker)
    files[offline.SERVICE_WORKER] = offline.SERVICE_WORKER

    result = BuildResult(
        out=out,
        files=files,
        pyodide_dir=pyodide_dir,
        pyodide_version=pyodide_version,
    )
    if not quiet:
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(f"built {out} ({len(files)} files, {size / 1e6:.1f} MB)", flush=True)
    return result


def _fill(text: str, replacements: Mapping[str, str], where: str) -> str:
    """Replace the ``@NAME@`` build placeholders; an unknown one stops the build."""
    for key, value in replacements.items():
        text = text.replace(key, value)
    leftover = re.search(r"@[A-Z][A-Z_]*@", text)
    if leftover:
        raise SystemExit(f"{where}: unknown build placeholder {leftover.group(0)}")
    return text


def _ignored(path: Path, base: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(base).parts)


# -------------------------------------------------------------- headers, server


@dataclass(frozen=True)
class HeaderRule:
    """One ``[[headers]]`` table of netlify.toml."""

    pattern: str
    values: Mapping[str, str]
    regex: re.Pattern[str] = field(compare=False)


def _netlify_pattern(pattern: str) -> re.Pattern[str]:
    """Netlify's matching: ``*`` matches anything (slashes too), ``:name`` one segment."""
    parts: list[str] = []
    for token in re.split(r"(\*|:[A-Za-z_]\w*)", pattern):
        if token == "*":
            parts.append(".*")
        elif token.startswith(":"):
            parts.append("[^/]+")
        else:
            parts.append(re.escape(token))
    return re.compile("^" + "".join(parts) + "$")


def load_netlify_headers(path: Path = NETLIFY_TOML) -> list[HeaderRule]:
    """The header rules of a netlify.toml, in file order."""
    data = tomllib.loads(path.read_text("utf-8"))
    rules: list[HeaderRule] = []
    for table in data.get("headers", []):
        values = {str(k): " ".join(str(v).split()) for k, v in table["values"].items()}
        rules.append(HeaderRule(table["for"], values, _netlify_pattern(table["for"])))
    return rules


def headers_for(rules: Sequence[HeaderRule], url_path: str) -> dict[str, str]:
    """Headers Netlify sends for ``url_path``: every matching rule applies, and a
    header named by several rules gets their values joined with ", "."""
    merged: dict[str, str] = {}
    names: dict[str, str] = {}
    for rule in rules:
        if not rule.regex.match(url_path):
            continue
        for name, value in rule.values.items():
            key = name.lower()
            if key in merged:
                merged[key] = f"{merged[key]}, {value}"
            else:
                merged[key] = value
                names[key] = name
    return {names[key]: value for key, value in merged.items()}


MIME_TYPES: Mapping[str, str] = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".webmanifest": "application/manifest+json",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    rules: Sequence[HeaderRule] = ()
    log_requests = False

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for(self.rules, path).items():
            if name.lower() != "content-type":  # the handler already sent one
                self.send_header(name, value)
        super().end_headers()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        suffix = Path(path).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        if self.log_requests:
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a page mid-download resets the connection: not an error.
        if isinstance(sys.exception(), ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    headers: Iterable[HeaderRule] | None = None,
    log_requests: bool = False,
) -> http.server.ThreadingHTTPServer:
    """A threaded static server for ``root``; port 0 picks a free port.

    With ``headers`` (for example ``load_netlify_headers()``) it sends the same
    headers as Netlify would, Content-Security-Policy included. Call
    ``serve_forever()`` on it (from a thread if need be) and ``shutdown()``.
    """
    handler = type(
        "Handler",
        (_Handler,),
        {"rules": tuple(headers or ()), "log_requests": log_requests},
    )
    bound = functools.partial(handler, directory=str(root))
    return _Server((host, port), bound)


# ------------------------------------------------------------------------- CLI

#: the port ``--serve`` takes when none is asked for (or the next free one)
DEFAULT_PORT = 8000
#: how many ports after the default one ``--serve`` tries before giving up
PORT_TRIES = 20


def open_server(
    root: Path, host: str, port: int | None, *, headers: Iterable[HeaderRule]
) -> http.server.ThreadingHTTPServer:
    """The ``--serve`` server, or SystemExit with what to do (never a traceback).

    With no port asked for, the default one, or the next free one when another
    program holds it (said in one line); a port the user asked for is theirs to
    free or change, so it is only said what to do."""
    candidates = [port] if port is not None else range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES)
    for candidate in candidates:
        try:
            server = make_server(root, host, candidate, headers=headers, log_requests=True)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise SystemExit(
                    f"error: cannot serve on {host}:{candidate}: {exc.strerror}."
                ) from None
            if port is not None:
                raise SystemExit(
                    f"error: port {port} is already in use (another server is running?). "
                    f"Stop that program, or choose another port: "
                    f"python build.py --serve --port {port + 1}"
                ) from None
            continue
        if candidate != DEFAULT_PORT and port is None:
            print(f"Port {DEFAULT_PORT} is already in use: serving on port {candidate}.")
        return server
    last = DEFAULT_PORT + PORT_TRIES - 1
    raise SystemExit(
        f"error: ports {DEFAULT_PORT} to {last} are all in use: choose a free one "
        "with --port N (for example --port 0, which lets the system pick)."
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DIST, help="output directory (dist/)")
    parser.add_argument("--serve", action="store_true", help="serve the site after building")
    parser.add_argument("--host", default="127.0.0.1", help="address to serve on (127.0.0.1)")
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"port to serve on ({DEFAULT_PORT}, or the next free one when it is taken)",
    )
    parser.add_argument(
        "--no-headers",
        action="store_true",
        help="serve without netlify.toml's headers (Content-Security-Policy, caching)",
    )
    parser.add_argument(
        "--test-games",
        action="store_true",
        help="include the games written only for the tests (Duel) in the site",
    )
    args = parser.parse_args(argv)
    try:
        build(args.out, test_games=args.test_games)
    except ValueError as error:
        # A source the build refuses (a rules page, a lesson order, ...): its
        # reason, not a traceback.
        print(f"build.py: the site was not built: {error}", file=sys.stderr)
        return 1
    if not args.serve:
        return 0
    rules = [] if args.no_headers else load_netlify_headers()
    server = open_server(args.out, args.host, args.port, headers=rules)
    address, port = server.server_address[:2]
    host = address if isinstance(address, str) else address.decode()
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    print(f"\nServing {args.out} - open http://{shown}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
