"""Offline and installable: the build's web app manifest, icons and service worker.

``build.py`` calls two functions of this module:

- ``app_files(hashed)`` before it writes the pages: the icons
  (``sitebuild.icons``) and the web app manifest that names them, each under a
  content-hashed name like every asset, so the pages' ``assets/manifest.webmanifest``
  links are rewritten as any other.
- ``service_worker(out, files, template)`` once every file is written: the
  service worker ``sw.js`` (from ``site/partials/service-worker.js``) with the
  list of every file the build made, each with its SHA-256, and the name of
  the cache made from those digests (``cache_name``): a build that changes
  any byte of any file gets a new cache and a new ``sw.js``, which browsers
  install as an update. The list is the build's own (``BuildResult.files``),
  never kept by hand. ``sw.js`` keeps a fixed name at the site's root (its
  scope is the whole site) and is never cached by HTTP (netlify.toml).

How the worker answers, and how an update waits for a game in progress, is
in docs/offline.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path

from .icons import ICONS, NIGHT, icon_files

__all__ = [
    "BACKGROUND_COLOUR",
    "CACHE_PREFIX",
    "MANIFEST",
    "SERVICE_WORKER",
    "THEME_COLOUR",
    "app_files",
    "cache_name",
    "manifest_json",
    "precache",
    "service_worker",
]

#: where the service worker lives in dist/ (its scope: the folder it is in)
SERVICE_WORKER = "sw.js"
#: the logical name the pages link (``<link rel="manifest">``)
MANIFEST = "assets/manifest.webmanifest"
CACHE_PREFIX = "bq-offline-build-"

#: the pages' <meta name="theme-color"> (the banner's dark brown) and, behind
#: the splash screen, the icons' own background (app.css's --night)
THEME_COLOUR = "#2b1a12"
BACKGROUND_COLOUR = "#{:02x}{:02x}{:02x}".format(*NIGHT)


def manifest_json(icons: Mapping[str, str]) -> str:
    """The web app manifest, naming each icon by its built path (`icons`:
    logical name -> built path). Addresses in a manifest are read relative to
    the manifest, which lives in assets/: the app starts at the site's root."""
    entries = []
    for logical, spec in ICONS.items():
        if not spec.purpose:
            continue
        entries.append(
            {
                "src": Path(icons[logical]).name,
                "sizes": f"{spec.size}x{spec.size}",
                "type": "image/png",
                "purpose": spec.purpose,
            }
        )
    manifest = {
        "name": "Boss Quest",
        "short_name": "Boss Quest",
        "description": (
            "Jeux de cartes de chevaliers et de boss, dans votre navigateur, "
            "même hors ligne. Boss-themed card games in your browser, offline too."
        ),
        "lang": "fr",
        "start_url": "../",
        "scope": "../",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": entries,
    }
    return json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"


def app_files(hashed: Callable[[str, bytes], str]) -> dict[str, tuple[str, bytes]]:
    """The icons and the manifest: logical name -> (built path, bytes); `hashed`
    names a file from its logical name and its bytes (build.py's ``_hashed_name``)."""
    made: dict[str, tuple[str, bytes]] = {}
    for logical, data in icon_files().items():
        made[logical] = (hashed(logical, data), data)
    manifest = manifest_json({k: built for k, (built, _) in made.items()}).encode("utf-8")
    made[MANIFEST] = (hashed(MANIFEST, manifest), manifest)
    return made


def precache(out: Path, files: Mapping[str, str]) -> dict[str, str]:
    """Every file of the build but the worker itself: path under `out` -> SHA-256 (hex)."""
    paths = sorted({built for built in files.values() if built != SERVICE_WORKER})
    return {path: hashlib.sha256((out / path).read_bytes()).hexdigest() for path in paths}


def cache_name(files: Mapping[str, str]) -> str:
    """The cache of a build: named after the digests of all its files."""
    listing = "".join(f"{path}\0{digest}\n" for path, digest in sorted(files.items()))
    return CACHE_PREFIX + hashlib.sha256(listing.encode("utf-8")).hexdigest()[:16]


def service_worker(out: Path, files: Mapping[str, str], template: Path) -> bytes:
    """``sw.js``: the template filled with this build's files and cache name."""
    listed = precache(out, files)
    text = template.read_text("utf-8")
    for key in ("@OFFLINE_CACHE@", "@OFFLINE_FILES@"):
        if text.count(key) != 1:
            raise SystemExit(f"{template}: the placeholder {key} must appear once")
    filled = text.replace("@OFFLINE_CACHE@", cache_name(listed)).replace(
        "@OFFLINE_FILES@", json.dumps(listed, indent=2, sort_keys=True)
    )
    return filled.encode("utf-8")
