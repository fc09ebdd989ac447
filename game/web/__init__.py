"""The browser side of the game: the only code that imports ``js`` or ``pyscript``.

It runs in the page on Pyodide. ``game.web.main`` is the entry the page calls
(``boot`` once Python has started, ``start`` when the menu's Start is pressed);
``game.web.settings`` is plain Python (no browser import) and runs under
CPython too.
"""

__all__: list[str] = []
