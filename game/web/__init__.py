"""The browser side of the game.

Every page's Python runs in a Web Worker and talks to its page in messages
(``worker_link``; the game page's controllers are ``game_page`` and
``net_page``), so nothing here imports ``js`` or ``pyodide``: it is all
plain Python that runs under CPython too: ``settings`` (the
menu's JSON), ``session`` (one game on this device: phases, commands, save),
``controls`` (the buttons for the legal actions), ``summary`` (round results
and standings), ``render`` (the board's HTML), ``strings`` (its French and
English words) and ``query`` (the page's query parameters).
"""

__all__: list[str] = []
