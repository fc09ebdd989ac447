"""The browser side of the game.

``game.web.main`` is the entry the page calls (``boot`` once Python has
started) and the only module that imports ``js`` or ``pyodide``. Everything
else here is plain Python that runs under CPython too: ``settings`` (the
menu's JSON), ``session`` (one game on this device: phases, commands, save),
``controls`` (the buttons for the legal actions), ``summary`` (round results
and standings), ``render`` (the board's HTML), ``strings`` (its French and
English words) and ``query`` (the page's query parameters).
"""

__all__: list[str] = []
