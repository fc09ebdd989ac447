"""What the build makes for offline use and installing (sitebuild/offline.py,
sitebuild/icons.py): the service worker lists exactly the build's files with
their digests, its cache name follows their contents, the manifest and its
icons are what an installable site needs, every page links them, and
netlify.toml serves them under one policy each. The browser side is
tests/browser/test_offline.py."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

import build
from sitebuild import icons as sitebuild_icons
from sitebuild import offline

PAGES = ("index.html", "embed.html", "replay.html", "rules.html", "rules-bossquest.html")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> build.BuildResult:
    return build.build(tmp_path_factory.mktemp("offline") / "dist", install=False, quiet=True)


def _worker_files(out: Path) -> tuple[str, dict[str, str]]:
    text = (out / "sw.js").read_text("utf-8")
    cache = re.search(r'const CACHE = "([^"]+)";', text)
    files = re.search(r"const FILES = (\{.*?\n\});", text, re.S)
    assert cache and files, "sw.js names its cache and its files"
    listed: dict[str, str] = json.loads(files.group(1))
    return cache.group(1), listed


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _pixels(data: bytes) -> list[bytes]:
    """The RGB rows of a PNG written by sitebuild.icons (filter 0 on each row)."""
    width, height = _png_size(data)
    at, raw = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        if kind == b"IDAT":
            raw += body
        at += 12 + length
    rows = zlib.decompress(raw)
    stride = width * 3 + 1
    assert len(rows) == stride * height
    assert all(rows[i * stride] == 0 for i in range(height))
    return [rows[i * stride + 1 : (i + 1) * stride] for i in range(height)]


# --------------------------------------------------------------- the worker


def test_the_worker_lists_every_file_of_the_build_with_its_digest(
    built: build.BuildResult,
) -> None:
    _, listed = _worker_files(built.out)
    every = {p.relative_to(built.out).as_posix() for p in built.out.rglob("*") if p.is_file()}
    on_disk = every - {"sw.js"}
    assert set(listed) == on_disk
    for path, digest in listed.items():
        assert hashlib.sha256((built.out / path).read_bytes()).hexdigest() == digest, path
    # the runtime, the game bundle, the pages and the manifest are all in it
    assert set(built.files.values()) - {"sw.js"} == on_disk
    for logical in ("pyodide/pyodide.asm.wasm", "game.zip", offline.MANIFEST, "index.html"):
        assert built.files[logical] in listed, logical


def test_the_cache_name_follows_the_contents(built: build.BuildResult, tmp_path: Path) -> None:
    cache, listed = _worker_files(built.out)
    assert cache == offline.cache_name(listed)
    assert cache.startswith(offline.CACHE_PREFIX)
    # the same sources: the same worker, byte for byte
    again = build.build(tmp_path / "same", install=False, quiet=True)
    assert (again.out / "sw.js").read_bytes() == (built.out / "sw.js").read_bytes()
    # one byte more in one stylesheet: a new name for it, a new cache, a new worker
    site = tmp_path / "site"
    shutil.copytree(build.SITE, site)
    with (site / "assets" / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n/* a new deploy */\n")
    changed = build.build(tmp_path / "changed", site=site, install=False, quiet=True)
    new_cache, new_listed = _worker_files(changed.out)
    assert new_cache != cache
    assert set(new_listed) ^ set(listed) == {
        built.files["assets/app.css"],
        changed.files["assets/app.css"],
    }
    # the pages name the new stylesheet, so their digests change too
    assert new_listed["index.html"] != listed["index.html"]


def test_the_worker_template_needs_its_placeholders(tmp_path: Path) -> None:
    template = tmp_path / "sw.js"
    template.write_text("const CACHE = '@OFFLINE_CACHE@';", "utf-8")
    with pytest.raises(SystemExit, match="@OFFLINE_FILES@"):
        offline.service_worker(tmp_path, {}, template)


# ------------------------------------------------------------- the manifest


def _manifest(built: build.BuildResult) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (built.out / built.files[offline.MANIFEST]).read_text("utf-8")
    )
    return data


def test_the_manifest_makes_the_site_installable(built: build.BuildResult) -> None:
    manifest = _manifest(built)
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    # addresses are read from the manifest's folder (assets/): the site's root
    assert built.files[offline.MANIFEST].startswith("assets/")
    assert manifest["start_url"] == manifest["scope"] == "../"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        data = (built.out / "assets" / icon["src"]).read_bytes()
        side = int(icon["sizes"].split("x")[0])
        assert _png_size(data) == (side, side), icon
        assert icon["type"] == "image/png"


def test_the_manifest_colours_are_the_pages(built: build.BuildResult) -> None:
    manifest = _manifest(built)
    for page in ("index.html", "replay.html", "rules.html"):
        text = (built.out / page).read_text("utf-8")
        meta = re.search(r'<meta name="theme-color" content="([^"]+)">', text)
        assert meta and meta.group(1) == manifest["theme_color"], page
    css = (build.SITE / "assets" / "app.css").read_text("utf-8")
    night = re.search(r"--night: (#[0-9a-f]{6});", css)
    assert night and night.group(1) == manifest["background_color"]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_links_the_manifest_and_the_offline_script(
    built: build.BuildResult, page: str
) -> None:
    text = (built.out / page).read_text("utf-8")
    assert text.count(f'<link rel="manifest" href="{built.files[offline.MANIFEST]}">') == 1
    assert text.count(f'<script src="{built.files["assets/offline.js"]}"') == 1
    # only the game page keeps a game in progress, and says so to offline.js
    assert ("data-game-page" in text) == (page == "index.html")


# ---------------------------------------------------------------- the icons


def test_the_icons_are_the_crest_on_the_night_colour() -> None:
    night = bytes(sitebuild_icons.NIGHT)
    wine = bytes(sitebuild_icons.WINE)
    for name, spec in sitebuild_icons.ICONS.items():
        rows = _pixels(sitebuild_icons.icon_files()[name])
        size = spec.size
        assert len(rows) == size
        assert rows[0][:3] == night and rows[-1][-3:] == night, name  # corners
        # the shield's wine is inside, left of the sword
        x, y = int(size * 0.4), int(size * 0.4)
        assert rows[y][x * 3 : x * 3 + 3] == wine, name


def test_the_maskable_icon_keeps_the_crest_inside_the_safe_circle() -> None:
    spec = sitebuild_icons.ICONS["assets/icon-maskable-512.png"]
    rows = _pixels(sitebuild_icons.icon_files()["assets/icon-maskable-512.png"])
    night = bytes(sitebuild_icons.NIGHT)
    centre, radius = spec.size / 2, spec.size * 0.4
    for y, row in enumerate(rows):
        for x in range(spec.size):
            if (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 > radius**2:
                assert row[x * 3 : x * 3 + 3] == night, (x, y)


def test_the_png_writer_refuses_rows_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="rows"):
        sitebuild_icons.png_bytes(2, 2, [b"\0" * 6])
    with pytest.raises(ValueError, match="rows"):
        sitebuild_icons.png_bytes(2, 1, [b"\0" * 5])


# ------------------------------------------------------------ netlify.toml


def test_the_worker_is_never_cached_and_has_one_policy() -> None:
    rules = build.load_netlify_headers()
    headers = build.headers_for(rules, "/sw.js")
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Content-Security-Policy"].count("default-src") == 1
    manifest = build.headers_for(rules, "/assets/manifest.0123456789.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    assert manifest["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("path", ["/", "/index.html", "/rules-bossquest.html", "/embed.html"])
def test_the_policy_lets_pages_register_the_worker_and_read_the_manifest(path: str) -> None:
    csp = build.headers_for(build.load_netlify_headers(), path)["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in csp.split(";") if part.strip()}
    assert "'self'" in directives["worker-src"]
    assert directives["manifest-src"] == ["'self'"]
    # the embed still lives in other sites' pages; nothing else may frame ours
    expected = ["*"] if path == "/embed.html" else ["'self'"]
    assert directives["frame-ancestors"] == expected
