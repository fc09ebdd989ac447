"""The page's second searcher: a helper worker that searches half of each hard
bot's playouts beside the page's worker (root-parallel search,
``game.engine.search_share``), so that a device with a core to spare runs
about twice the playouts in the same time budget.

Two ends, both plain Python:

- ``HelperLink``, in the page's worker: a hard bot's partner. The page
  (``site/assets/worker-link.js``, through its worker) says once whether this
  device can afford a helper, by its cores and memory (``{"kind":
  "helper-can", "cores": N}``, never sent to the helper itself); the link
  then starts it the first time a hard bot decides, not sooner, so that the
  page's own start never shares the machine with it. Until the helper says
  it is ready, and for good if it fails, the bot searches alone. The worker
  stops an idle helper to give its memory back (``{"kind":
  "helper-gone"}``); the next hard decision starts another. Messages for
  the helper go out as ``{"kind": "helper", "op": "start" | "ask", "text":
  ...}``, which the worker's JavaScript keeps (never posted to the page);
  the helper's answers come back as ``{"kind": "helper-said", "text": its
  JSON array}``.
- ``SearchHelper``, the helper's controller (the page "search" of
  ``game.web.worker_link``): it answers ``open`` with ``searcher-ready``,
  and each ``search`` request with the share's tally.

The helper gets the bot's view and legal actions, as the bot's own search
does: nothing its seat may not know, and nothing leaves the page's workers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from game.engine.errors import MalformedData
from game.engine.protocol import JSON
from game.engine.safejson import load_json
from game.engine.search import search_share
from game.engine.search_share import read_request, reply_of
from game.registry import get_game

__all__ = ["HELPER", "HelperLink", "SearchHelper"]

Message = dict[str, Any]

#: the largest answer the helper may send: one count and total per arm
MAX_REPLY_BYTES = 1024 * 1024


class HelperLink:
    """The page worker's end: a `game.engine.search_share.Partner`."""

    def __init__(self) -> None:
        #: "off" (none started), "starting", "ready", "failed"
        self.state = "off"
        #: whether this device can run one (its worker said so), and whether
        #: the page wants one
        self.possible = False
        self.wanted = True
        #: why the helper failed, for the page's report
        self.failure = ""
        self._outbox: list[Message] = []
        self._count = 0
        self._awaited: set[str] = set()
        self._replies: dict[str, Mapping[str, Any]] = {}

    def allow(self, cores: int) -> None:
        """The worker's JavaScript says a helper can run (a device of `cores`
        cores): one will start at the first hard bot's decision."""
        self.possible = cores >= 2

    def ask(self, request: dict[str, JSON]) -> str | None:
        if self.state == "off" and self.possible and self.wanted:
            self.state = "starting"
            self._outbox.append({"kind": "helper", "op": "start"})
        if self.state != "ready":
            return None
        self._count += 1
        token = f"share{self._count}"
        request["token"] = token
        self._awaited.add(token)
        text = json.dumps(request, separators=(",", ":"), allow_nan=False)
        self._outbox.append({"kind": "helper", "op": "ask", "text": text})
        return token

    def answer(self, token: str) -> Mapping[str, Any] | None:
        reply = self._replies.pop(token, None)
        if reply is not None:
            self._awaited.discard(token)
        return reply

    def forget(self, token: str) -> None:
        self._awaited.discard(token)
        self._replies.pop(token, None)

    def receive(self, text: str) -> None:
        """What the helper said (the JSON array its worker posted)."""
        try:
            said = load_json(text, "the helper's answer", max_bytes=MAX_REPLY_BYTES)
            if not isinstance(said, list) or not all(isinstance(m, dict) for m in said):
                raise MalformedData("the helper's answer must be a list of messages")
        except MalformedData as exc:
            self._fail(str(exc))
            return
        for message in said:
            kind = message.get("kind")
            if kind == "searcher-ready" and self.state == "starting":
                self.state = "ready"
            elif kind == "searched" and message.get("token") in self._awaited:
                self._replies[message["token"]] = message
            elif kind == "fail":
                self._fail(str(message.get("detail", "")))
            # anything else (its start's progress) is only news

    def release(self) -> None:
        """The worker's JavaScript stopped the helper to give its memory back
        (``helper-gone``: no search asked for it a while, or the page hidden
        long): the searches that wait decide alone at once, and the next hard
        bot's decision starts a new one."""
        if self.state in ("starting", "ready"):
            self.state = "off"
        self._replies.update({token: {} for token in self._awaited})
        self._awaited.clear()

    def _fail(self, detail: str) -> None:
        self.state = "failed"
        self.failure = detail[-500:]
        # no reply will come: the searches that wait decide alone at once
        self._replies = {token: {} for token in self._awaited}
        self._awaited.clear()

    def drain(self) -> list[Message]:
        """The messages for the helper since the last call (the worker keeps them)."""
        out, self._outbox = self._outbox, []
        return out


#: the page worker's one link (a worker runs one page)
HELPER = HelperLink()


class SearchHelper:
    """The helper worker's controller: searches the shares it is asked for."""

    def handle(self, message: Message) -> list[Message]:
        if message["kind"] == "open":
            return [{"kind": "searcher-ready"}]
        request = read_request(message, get_game)
        tally = search_share(get_game(request.game), request)
        return [reply_of(request.token, tally)]
