"""The four layer rules, read from the sources (every import, relative ones
resolved, those under ``if TYPE_CHECKING`` and inside functions included):

- the engine (``game/engine/``) knows no game, nor net, nor web;
- a game (``game/<name>/``) knows neither net nor web nor another game,
  except the one game it is built on (``BUILT_ON``: the Dragon boss deck is
  Hero Realms' rules with a boss);
- net (``game/net/``) knows no browser module and not web;
- web (``game/web/``) knows no game: only ``game.registry``, the engine and net.

``game.registry`` is the one module that names the games.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME_DIR = Path(__file__).resolve().parent.parent / "game"
BROWSER = {"js", "pyodide", "pyscript"}
SHARED = {"engine", "net", "web"}
GAMES = sorted(
    path.name
    for path in GAME_DIR.iterdir()
    if path.is_dir() and path.name not in SHARED and (path / "__init__.py").exists()
)


BUILT_ON = {"hrdragon": "herorealms"}
"""A game made of another game's modules, and that game (never the other way)."""


def _module(path: Path) -> str:
    parts = list(path.relative_to(GAME_DIR.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, as absolute dotted names."""
    module = _module(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                anchor = package[: len(package) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            found.add(base)
            # `from game import bossquest` imports a package, not a name
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def _game_parts(names: set[str]) -> set[str]:
    """The second part of every ``game.X...`` import (``engine``, ``bossquest``, ...)."""
    return {name.split(".")[1] for name in names if name.startswith("game.") and "." in name}


def _sources(folder: str) -> list[Path]:
    return sorted((GAME_DIR / folder).rglob("*.py"))


def _top(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


def test_there_are_games_and_each_layer_has_modules() -> None:
    assert "bossquest" in GAMES and "duel" in GAMES
    for folder in (*SHARED, *GAMES):
        assert _sources(folder), folder


@pytest.mark.parametrize("path", _sources("engine"), ids=lambda p: p.name)
def test_the_engine_knows_no_game_nor_net_nor_web(path: Path) -> None:
    found = imports(path)
    assert _game_parts(found) <= {"engine"}, f"{path.name} imports {_game_parts(found)}"
    assert not _top(found) & BROWSER


@pytest.mark.parametrize(
    "path",
    [path for name in GAMES for path in _sources(name)],
    ids=lambda p: str(p.relative_to(GAME_DIR)),
)
def test_a_game_knows_neither_net_nor_web_nor_another_game(path: Path) -> None:
    own = path.relative_to(GAME_DIR).parts[0]
    found = imports(path)
    allowed = {"engine", own, *([BUILT_ON[own]] if own in BUILT_ON else [])}
    assert _game_parts(found) <= allowed, f"{path} imports {_game_parts(found)}"
    assert not _top(found) & BROWSER


@pytest.mark.parametrize("path", _sources("net"), ids=lambda p: p.name)
def test_net_knows_no_browser_and_no_web(path: Path) -> None:
    found = imports(path)
    assert _game_parts(found) <= {"engine", "net"}, f"{path.name} imports {_game_parts(found)}"
    assert not _top(found) & BROWSER, f"{path.name} imports {_top(found) & BROWSER}"


@pytest.mark.parametrize("path", _sources("web"), ids=lambda p: p.name)
def test_web_knows_no_game(path: Path) -> None:
    found = imports(path)
    allowed = {"engine", "net", "web", "registry"}
    assert _game_parts(found) <= allowed, f"{path.name} imports {_game_parts(found) - allowed}"


def test_the_checker_sees_relative_and_function_level_imports(tmp_path: Path) -> None:
    web = GAME_DIR / "web" / "session.py"
    found = imports(web)
    assert "game.web.board" in found  # from .board import ...
    assert "game.registry" in found
    assert not _game_parts(imports(GAME_DIR / "engine" / "client.py")) - {"engine"}
