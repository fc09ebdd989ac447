"""The worker's end of its link with the page (runs on Pyodide, in a Web Worker).

A page whose Python runs off the main thread keeps only drawing and listening
on it (``site/assets/worker-link.js``); its Python runs in a worker that
starts Pyodide (``site/assets/py-worker.js``). The two ends talk in messages,
each one JSON object with a ``"kind"``: the page sends one as a JSON string,
the worker answers with a JSON array of the messages it answers with (no
proxies cross the boundary: nothing of Python's is held by the page, nor the
other way round). The worker hands each message to ``answer``.

A page's controller is an object whose ``handle`` takes one message and
returns its answers, so it runs and is tested under CPython without a
browser. The page's first message, ``{"kind": "open", "page": NAME, ...}``,
names the controller (``PAGES``), which then gets that message and every one
after it.
"""

from __future__ import annotations

import importlib
import json
import traceback
from typing import Any, Protocol

from game.engine.jsonfields import read_int, read_str
from game.engine.safejson import load_json

from .search_helper import HELPER, HelperLink

__all__ = ["PAGES", "Controller", "Message", "Pages", "answer"]

#: one message: a JSON object with a "kind"
Message = dict[str, Any]

#: the largest message the page may send: a click, an address and the catalogue, or
#: a frame a link received, which the page cuts to one character past net.js's
#: limits.maxFrame (256 KiB) but JSON escaping may make several times longer
MAX_MESSAGE_BYTES = 2 * 1024 * 1024


class Controller(Protocol):
    """A page's Python: what it answers to each message of its page."""

    def handle(self, message: Message) -> list[Message]: ...


#: the pages whose Python runs in a worker: name -> "module:name" of the class (or
#: function) that makes their controller
PAGES: dict[str, str] = {
    "embed": "game.web.embed_main:EmbedBoard",
    "game": "game.web.net_page:game_page",
    "replay": "game.web.replay_main:ReplayPage",
    "search": "game.web.search_helper:SearchHelper",
}


class Pages:
    """The worker's one controller, chosen by the page's first message."""

    def __init__(self, pages: dict[str, str] = PAGES) -> None:
        self._pages = pages
        self._controller: Controller | None = None

    def handle(self, message: Message) -> list[Message]:
        if self._controller is None:
            page = message.get("page")
            if message["kind"] != "open" or not isinstance(page, str) or page not in self._pages:
                known = sorted(self._pages)
                raise ValueError(f"the worker must first be opened on a page of {known}")
            module, name = self._pages[page].split(":")
            self._controller = getattr(importlib.import_module(module), name)()
        return self._controller.handle(message)


_pages = Pages()


def answer(text: str, pages: Pages | None = None, helper: HelperLink = HELPER) -> str:
    """The worker's answer to one message of the page: a JSON array of messages.

    A message that is not a JSON object with a string ``kind``, or one the
    page's controller fails on, is answered with ``{"kind": "fail", "detail":
    ...}``, which the page shows as a failure: our own page is the only
    sender, so this is a bug to see, never input to drop in silence.

    The worker's own messages about the search helper (``helper-can``,
    ``helper-said``, ``helper-gone``) go to `helper`, and what it has for the helper is
    appended to every answer (``game.web.search_helper``).
    """
    try:
        message = load_json(text, "a message of the page", max_bytes=MAX_MESSAGE_BYTES)
        if not isinstance(message, dict) or not isinstance(message.get("kind"), str):
            raise ValueError(f"not a message: {text[:80]!r}")
        replies: list[Message]
        if message["kind"] == "helper-can":
            helper.allow(read_int(message, "cores", "helper-can"))
            replies = []
        elif message["kind"] == "helper-gone":
            helper.release()
            replies = []
        elif message["kind"] == "helper-said":
            helper.receive(read_str(message, "text", "helper-said"))
            replies = []
        else:
            replies = (_pages if pages is None else pages).handle(message)
    except Exception as exc:
        replies = [{"kind": "fail", "detail": "".join(traceback.format_exception(exc))}]
    return json.dumps(replies + helper.drain(), separators=(",", ":"))
