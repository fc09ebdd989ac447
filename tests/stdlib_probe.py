"""Which standard-library modules the pages' Python imports, recorded under
CPython (for tests/test_shipped_modules.py, which runs this in a fresh
interpreter so that nothing was imported before it starts recording).

    python tests/stdlib_probe.py OUT.json entries
    python tests/stdlib_probe.py OUT.json pytest TEST_FILE...

An audit hook sees every module Python actually loads; a module counts when
code of ``game/`` is on the stack (the game imported it, or a module it
imported did, or a function it called imported it lazily), or when it was
loaded before recording began (the interpreter's own start). ``entries``
imports every module of ``game/`` (the test games' included), the pages'
entry modules with stand-ins for the browser's ``js`` and ``pyodide``;
``pytest`` runs test files that play the pages' Python (sessions, network
controllers, tutorials, scenarios, replays) and records what their game code
imports. OUT.json gets the sorted module names.
"""

from __future__ import annotations

import sys

GAME_DIR = __file__.rsplit("/tests/", 1)[0] + "/game/"
_recorded: set[str] = set(sys.modules)


def _from_game() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.startswith(GAME_DIR):
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event == "import" and isinstance(args[0], str) and _from_game():
        _recorded.add(args[0])


def _stand_in(name: str) -> object:
    """A module whose every attribute is a callable stand-in (``js.document``,
    ``pyodide.ffi.create_proxy``): enough to import the pages' entry modules."""
    import types

    class Anything:
        def __getattr__(self, _name: str) -> Anything:
            return self

        def __call__(self, *_args: object, **_kwargs: object) -> Anything:
            return self

    module = types.ModuleType(name)
    module.__getattr__ = lambda _name: Anything()  # type: ignore[method-assign]
    module.__path__ = []  # a package, so that pyodide.ffi imports
    return module


def _entries() -> None:
    import importlib
    import pkgutil

    for name in ("js", "pyodide", "pyodide.ffi"):
        sys.modules[name] = _stand_in(name)  # type: ignore[assignment]
    import game
    from game.registry import get_client, get_game, include_test_games, playable

    include_test_games()
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if not info.name.endswith(".__main__"):  # the command line, never a page's
            importlib.import_module(info.name)
    for name in playable():
        get_game(name)
        get_client(name)


def main(argv: list[str]) -> int:
    out, mode, *rest = argv
    sys.path.insert(0, GAME_DIR.removesuffix("game/"))
    sys.addaudithook(_hook)
    if mode == "entries":
        _entries()
        code = 0
    elif mode == "pytest":
        import pytest

        code = int(pytest.main(["-q", "-x", "-p", "no:cacheprovider", *rest]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    import json

    with open(out, "w", encoding="utf-8") as file:
        json.dump(sorted(_recorded), file)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
