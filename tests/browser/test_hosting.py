"""The build and its hosting, without a browser: files, names, headers, MIME types."""

from __future__ import annotations

import io
import re
import tomllib
import urllib.request
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from tests.browser.conftest import Site

HASHED = re.compile(r"^assets/(?:[\w-]+/)?[\w-]+\.[0-9a-f]{10}\.\w+$")


class _Refs(HTMLParser):
    """Collects src/href references and the script types of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.script_types: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("src", "href"):
            if values.get(name):
                self.refs.append(str(values[name]))
        if tag == "script":
            self.script_types.add(str(values.get("type") or ""))


def _index(built: build.BuildResult) -> _Refs:
    parser = _Refs()
    parser.feed((built.out / "index.html").read_text("utf-8"))
    return parser


def _all_files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_dist_holds_only_what_the_page_uses(built_site: build.BuildResult) -> None:
    files = _all_files(built_site.out)
    pyodide = {f for f in files if f.startswith(built_site.pyodide_dir + "/")}
    # Pyodide's own files, the module that starts it and the runtime's snapshot
    extra = {built_site.files["pyodide/start.mjs"], built_site.files["pyodide/snapshot"]}
    assert {Path(f).name for f in pyodide - extra} == set(build.PYODIDE_FILES)
    # no page loads PyScript: the build ships none of it
    assert {f.split("/")[1] for f in files if f.startswith("runtime/")} == {
        Path(built_site.pyodide_dir).name
    }
    assert not any("pyscript" in f for f in files)
    ours = files - {f for f in files if f.startswith("runtime/")}
    pages = {f for f in ours if "/" not in f and f.endswith(".html")}
    assert {"index.html", "embed.html"} <= pages
    # the service worker keeps its name: browsers find a new deploy by it
    assert "sw.js" in ours
    assert all(HASHED.match(f) for f in ours - pages - {"sw.js"}), sorted(ours)


def test_every_reference_of_the_page_exists(built_site: build.BuildResult) -> None:
    page = _index(built_site)
    assert page.refs
    for ref in page.refs:
        assert "//" not in ref, f"absolute URL in the page: {ref}"
        path = ref.split("#")[0].split("?")[0]  # rules.html?game=bossquest is rules.html
        if path == "" or path.endswith("/"):
            path += "index.html"  # "./" (the list of games) is the folder's index
        assert (built_site.out / path).is_file(), ref
    # no Python on the page itself: it runs in the worker, which names its own files
    assert "py" not in page.script_types
    files = built_site.files
    worker = (built_site.out / files["assets/py-worker.js"]).read_text("utf-8")
    for key in ("pyodide/start.mjs", "game.zip"):
        assert f'"../{files[key]}"' in worker, key
        assert (built_site.out / files[key]).is_file()
    assert f'"../{built_site.pyodide_dir}/"' in worker  # Pyodide's indexURL
    board = (built_site.out / files["assets/game-board.js"]).read_text("utf-8")
    assert f'"{files["game.zip"]}"' in board  # its name is the build's id for network play
    text = (built_site.out / "index.html").read_text("utf-8")
    assert "http://" not in text and "https://" not in text


def test_game_bundle_holds_the_package_and_is_reproducible() -> None:
    first = build.game_zip_bytes()
    assert first == build.game_zip_bytes()
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert "game/web/game_page.py" in names
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    sources = {
        p.relative_to(build.ROOT).as_posix()
        for p in (build.ROOT / "game").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert sources <= set(names)


def test_two_builds_give_the_same_names(built_site: build.BuildResult, tmp_path: Path) -> None:
    again = build.build(tmp_path / "dist", install=False, quiet=True)
    assert dict(again.files) == dict(built_site.files)


def test_netlify_toml_builds_and_publishes_dist() -> None:
    config = tomllib.loads(build.NETLIFY_TOML.read_text("utf-8"))
    assert config["build"]["publish"] == "dist"
    assert config["build"]["command"] == "python build.py"


@pytest.mark.parametrize("path", ["/", "/index.html"])
def test_pages_are_never_cached(path: str) -> None:
    headers = build.headers_for(build.load_netlify_headers(), path)
    assert headers["Cache-Control"] == "no-cache"
    assert "default-src 'self'" in headers["Content-Security-Policy"]


def test_every_built_file_gets_one_caching_rule(built_site: build.BuildResult) -> None:
    rules = build.load_netlify_headers()
    for relative in sorted(_all_files(built_site.out)):
        headers = build.headers_for(rules, "/" + relative)
        cache = headers.get("Cache-Control", "")
        csp = headers.get("Content-Security-Policy", "")
        assert csp.startswith("default-src 'self';"), relative
        if relative.endswith(".html") or relative == "sw.js":
            assert cache == "no-cache", relative
        else:
            # exactly one rule: Netlify joins a header named by several rules
            assert cache == "public, max-age=31536000, immutable", (relative, cache)
        if relative.endswith(".wasm"):
            assert headers["Content-Type"] == "application/wasm"


def test_csp_allows_only_the_own_origin() -> None:
    csp = build.headers_for(build.load_netlify_headers(), "/")["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in csp.split(";") if part.strip()
    )
    for name, sources in directives.items():
        for source in sources:
            assert source in {"'self'", "'none'", "'wasm-unsafe-eval'", "data:"}, (
                name,
                source,
            )
    assert "'wasm-unsafe-eval'" in directives["script-src"]


@pytest.mark.parametrize(
    ("logical", "content_type", "cache"),
    [
        ("index.html", "text/html; charset=utf-8", "no-cache"),
        ("pyodide/pyodide.asm.wasm", "application/wasm", "immutable"),
        ("pyodide/pyodide.mjs", "text/javascript", "immutable"),
        ("pyodide/pyodide.asm.mjs", "text/javascript", "immutable"),
        ("assets/py-worker.js", "text/javascript", "immutable"),
        ("assets/app.css", "text/css", "immutable"),
        ("assets/menu.js", "text/javascript", "immutable"),
        ("game.zip", "application/zip", "immutable"),
    ],
)
def test_local_server_sends_types_and_headers(
    site: Site, logical: str, content_type: str, cache: str
) -> None:
    with urllib.request.urlopen(site.path(logical)) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == content_type
        assert cache in response.headers["Cache-Control"]
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
