"""game/web/ touches no browser: every page's Python runs in a Web Worker
(game/web/worker_link.py) and talks to its page in messages, so all of it is
plain Python that runs under CPython too."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "game" / "web"
BROWSER = {"js", "pyodide", "pyscript"}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_no_web_module_imports_the_browser() -> None:
    modules = sorted(WEB.glob("*.py"))
    assert len(modules) >= 8
    for path in modules:
        browser = _imports(path) & BROWSER
        assert not browser, f"{path.name} imports {browser}"


def test_the_web_modules_import_under_cpython() -> None:
    import game.bossquest.ui.controls
    import game.bossquest.ui.extensions_controls
    import game.bossquest.ui.extensions_render
    import game.bossquest.ui.extensions_strings
    import game.bossquest.ui.hint
    import game.bossquest.ui.render
    import game.bossquest.ui.summary
    import game.web.query
    import game.web.session
    import game.web.settings
    import game.web.strings

    for module in (
        game.bossquest.ui.controls,
        game.bossquest.ui.extensions_controls,
        game.bossquest.ui.extensions_render,
        game.bossquest.ui.extensions_strings,
        game.bossquest.ui.hint,
        game.web.query,
        game.bossquest.ui.render,
        game.web.session,
        game.web.settings,
        game.web.strings,
        game.bossquest.ui.summary,
    ):
        assert module.__all__
