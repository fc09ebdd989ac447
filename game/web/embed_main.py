"""The tutorial board's Python (runs on Pyodide, in a Web Worker of ``embed.html``).

The page's main thread only draws and listens (``site/assets/embed-board.js``);
Python runs in the page's Web Worker (``site/assets/py-worker.js``, driven
through ``game.web.worker_link``), so starting the
runtime and every move's work never freeze the page, nor the rules page or
another site's page that frames it. ``EmbedBoard.handle`` answers the page's
messages:

- ``{"kind": "open", "page": "embed", "search", "catalogue", "lang"}``: the address's
  ``?game=GAME&scenario=NAME`` (the games of the page's catalogue registered
  first: the test games of a ``--test-games`` build too) and the language that
  ``assets/embed.js`` chose. Answered with ``draw`` (or ``unknown`` and a
  ``warn`` for the console), then ``ready``.
- ``{"kind": "click", "cmd", "act"}``: a ``[data-cmd]`` button, for
  ``TutorialSession.command``; answered with exactly one message, so the page
  knows the board it shows is current again: ``draw`` (``moved``: the page
  brings the lesson into view and focuses it) when anything changed, else
  ``same``.

No storage is used: the page is meant to live in iframes of other sites.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.web.tutorial import (
    TutorialError,
    TutorialSession,
    page_tutorial,
    query_tutorial,
    tutr,
)
from game.web.worker_link import Message

__all__ = ["EmbedBoard"]


@dataclass
class EmbedBoard:
    """One tutorial board: the page's messages in, what to draw out."""

    session: TutorialSession | None = None
    lang: str = "en"

    def handle(self, message: Message) -> list[Message]:
        kind = message["kind"]
        if kind == "open":
            return self._open(message)
        if kind == "click":
            return self._click(str(message.get("cmd", "")), str(message.get("act", "")))
        raise ValueError(f"the tutorial board has no message {kind!r}")

    def _open(self, message: Message) -> list[Message]:
        self.lang = "fr" if message.get("lang") == "fr" else "en"
        search = str(message.get("search", ""))
        try:
            data = page_tutorial(str(message.get("catalogue", "")), search)
            self.session = TutorialSession(data, name=query_tutorial(search))
        except TutorialError as exc:
            self.session = None
            caption = tutr("unknown", self.lang, name=query_tutorial(search))
            return [
                {"kind": "warn", "text": f"Boss Quest: {exc}"},
                {"kind": "unknown", "caption": caption},
                {"kind": "ready"},
            ]
        return [self._draw(moved=False), {"kind": "ready"}]

    def _click(self, cmd: str, act: str) -> list[Message]:
        if self.session is None or not self.session.command(cmd, act):
            return [{"kind": "same"}]
        return [self._draw(moved=True)]

    def _draw(self, moved: bool) -> Message:
        assert self.session is not None
        shown = self.session.render(self.lang)
        return {
            "kind": "draw",
            "panel": shown.panel,
            "board": shown.board,
            "markers": dict(shown.markers),
            "status": shown.status,
            "moved": moved,
        }
