"""The replay page's Python (runs on Pyodide, in a Web Worker of ``replay.html``).

The page's main thread only draws and listens (``site/assets/replay-board.js``);
Python runs in a worker (``game.web.worker_link``), so neither the runtime's
start nor opening a long replay ever freezes the page. ``ReplayPage.handle``
answers the page's messages:

- ``{"kind": "open", "page": "replay", "hash", "catalogue", "lang"}``: the
  address's fragment (``#r=<payload>``), the games the build offers (the test
  games of a ``--test-games`` build too: ``game.web.replay.open_page``) and the
  language ``assets/replay.js`` chose. Answered with ``game`` (the replay's
  game for ``html[data-game]``: the title and banner follow, "" when none),
  then ``draw`` or, for a link that cannot be opened, a ``warn`` for the
  console and ``error`` (``#replay-error[data-code]``), then ``ready`` with the
  keyboard keys that step (``KEYS``).
- ``{"kind": "hash", "hash"}``: a new fragment; answered as ``open``, without
  ``ready``.
- ``{"kind": "click", "cmd", "act"}`` (a ``[data-cmd]`` button) and
  ``{"kind": "key", "key"}``: a step; answered with exactly one message, so
  the page knows when the replay it shows is current: ``draw`` (with the
  button to focus) when anything changed, else ``same``.
- ``{"kind": "lang", "lang"}``: the reader's new language; the replay (or
  why it cannot open) is drawn again in it.

A fragment longer than ``MAX_FRAGMENT_CHARS`` is refused as too long: the page
sends no more of it than that and one character, to tell (a real link is at
most ``MAX_LINK_CHARS`` long, and a message at most ``MAX_MESSAGE_BYTES``).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from game.engine.errors import GameError, MalformedData
from game.engine.replaylink import MAX_LINK_CHARS
from game.web.replay import KEYS, Replay, open_page
from game.web.replay_strings import link_error_text, rtr
from game.web.worker_link import Message

__all__ = ["MAX_FRAGMENT_CHARS", "ReplayPage"]

#: the longest fragment the page sends whole (replay-board.js says the same)
MAX_FRAGMENT_CHARS = MAX_LINK_CHARS + 1024


@dataclass
class ReplayPage:
    """The replay page: its messages in, what to draw out."""

    catalogue: str = ""
    lang: str = "en"
    replay: Replay | None = None
    #: why the link cannot be opened (a ``link_*`` code), while ``replay`` is None
    error: str = ""

    def handle(self, message: Message) -> list[Message]:
        kind = message["kind"]
        if kind == "open":
            self.catalogue = str(message.get("catalogue", ""))
            self.lang = _lang(message)
            return [*self._open(str(message.get("hash", ""))), {"kind": "ready", "keys": [*KEYS]}]
        if kind == "hash":
            return self._open(str(message.get("hash", "")))
        if kind == "click":
            return [self._step(str(message.get("cmd", "")), str(message.get("act", "")))]
        if kind == "key":
            cmd = KEYS.get(str(message.get("key", "")))
            return [{"kind": "same"} if cmd is None else self._step(cmd, "")]
        if kind == "lang":
            self.lang = _lang(message)
            return [self._drawing(focus="")]
        raise ValueError(f"the replay page has no message {kind!r}")

    def _open(self, fragment: str) -> list[Message]:
        warnings: list[Message] = []
        try:
            if len(fragment) > MAX_FRAGMENT_CHARS:
                raise MalformedData("the address is too long", code="link_encoding")
            self.replay, self.error = open_page(self.catalogue, fragment), ""
        except GameError as exc:
            self.replay, self.error = None, exc.code
            warnings.append(_warn(exc.message))
        except Exception as exc:  # a damaged link must never break the page
            self.replay, self.error = None, "link_data"
            warnings.append(_warn(repr(exc)))
        game = "" if self.replay is None else self.replay.link.match.game
        return [*warnings, {"kind": "game", "game": game}, self._drawing(focus="")]

    def _step(self, cmd: str, act: str) -> Message:
        if self.replay is None or not self.replay.command(cmd, act):
            return {"kind": "same"}
        # the page keeps the focus on the button pressed (the section is rebuilt)
        return self._drawing(focus="" if cmd == "eye" else cmd)

    def _drawing(self, focus: str) -> Message:
        """The replay at its step (``#replay-root``, ``#replay-status``), or why
        the link cannot be opened."""
        lang = self.lang
        if self.replay is None:
            html = (
                f'<section id="replay-error" class="panel replay-error" role="alert" '
                f'data-code="{escape(self.error)}">'
                f'<h2 class="panel-title">{escape(rtr("replay_error_title", lang))}</h2>'
                f'<p class="error-message">{escape(link_error_text(self.error, lang))}</p>'
                f'<a class="btn btn-primary" href="./">{escape(rtr("replay_play", lang))}</a>'
                "</section>"
            )
            return {"kind": "error", "code": self.error, "html": html}
        step = rtr("replay_step", lang, n=self.replay.step, total=self.replay.steps)
        return {
            "kind": "draw",
            "html": self.replay.render(lang),
            "status": f"{step}. {self.replay.caption(lang)}",
            "focus": focus,
        }


def _lang(message: Message) -> str:
    return "fr" if message.get("lang") == "fr" else "en"


def _warn(reason: str) -> Message:
    return {"kind": "warn", "text": f"Boss Quest: the replay link cannot be opened ({reason})"}
