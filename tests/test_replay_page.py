"""The replay page's controller (game/web/replay_main.py) under CPython, through
the worker's end of its link (game/web/worker_link.py): the page's messages in,
JSON out. The page itself is tests/browser/test_replay_undo.py's."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import build
from game.engine.replaylink import MAX_LINK_CHARS
from game.web.replay import KEYS, Replay
from game.web.replay_main import MAX_FRAGMENT_CHARS, ReplayPage
from game.web.replay_strings import link_error_text, rtr
from game.web.session import Session
from game.web.worker_link import MAX_MESSAGE_BYTES, Pages, answer
from tests.test_web_session import play, settings

CATALOGUE = build.games_json(build.catalogue_json())


@cache
def _payload() -> str:
    """A finished game's link (the browser tests' game)."""
    payload = play(Session.new(settings(["human", "bot", "bot"]), seed=11)).replay_payload()
    assert payload is not None
    return payload


def _ask(pages: Pages, **message: Any) -> list[dict[str, Any]]:
    replies = json.loads(answer(json.dumps(message), pages))
    assert isinstance(replies, list)
    return replies


def _open(pages: Pages, fragment: str, lang: str = "en") -> list[dict[str, Any]]:
    return _ask(pages, kind="open", page="replay", hash=fragment, catalogue=CATALOGUE, lang=lang)


def _kinds(replies: list[dict[str, Any]]) -> list[str]:
    return [reply["kind"] for reply in replies]


def _step_of(draw: dict[str, Any]) -> int:
    found = re.search(r'id="replay"[^>]* data-step="(\d+)"', draw["html"])
    assert found, draw["html"][:200]
    return int(found.group(1))


def test_opening_draws_the_replay_as_the_viewer_does() -> None:
    pages = Pages()
    replies = _open(pages, f"#r={_payload()}", "fr")
    assert _kinds(replies) == ["game", "draw", "ready"]
    assert replies[0]["game"] == "bossquest"
    replay = Replay.open(f"#r={_payload()}")
    assert replies[1]["html"] == replay.render("fr")
    step = rtr("replay_step", "fr", n=0, total=replay.steps)
    assert replies[1]["status"] == f"{step}. {replay.caption('fr')}"
    assert replies[1]["focus"] == ""  # never take the focus on load
    assert replies[2]["keys"] == list(KEYS)


def test_each_step_is_answered_with_one_draw_or_same() -> None:
    pages = Pages()
    _open(pages, f"#r={_payload()}")
    replay = Replay.open(f"#r={_payload()}")
    replay.render("en")  # as the page was drawn: what arrives next is marked so
    assert _kinds(_ask(pages, kind="click", cmd="prev", act="")) == ["same"]  # at the deal
    replies = _ask(pages, kind="click", cmd="next", act="")
    assert _kinds(replies) == ["draw"] and replies[0]["focus"] == "next"
    replay.command("next")
    assert replies[0]["html"] == replay.render("en")
    replies = _ask(pages, kind="key", key="End")
    assert _step_of(replies[0]) == replay.steps and replies[0]["focus"] == "last"
    assert _kinds(_ask(pages, kind="key", key="ArrowRight")) == ["same"]  # past the end
    assert _kinds(_ask(pages, kind="key", key="a")) == ["same"]  # not a step
    assert _step_of(_ask(pages, kind="key", key="ArrowLeft")[0]) == replay.steps - 1
    replies = _ask(pages, kind="click", cmd="eye", act="1")
    assert 'data-viewer="1"' in replies[0]["html"]
    assert replies[0]["focus"] == ""  # the eyes' buttons keep the reader's focus
    assert _kinds(_ask(pages, kind="click", cmd="eye", act="9")) == ["same"]


def test_a_new_language_draws_the_same_step_again() -> None:
    pages = Pages()
    _open(pages, f"#r={_payload()}")
    _ask(pages, kind="key", key="ArrowRight")
    replies = _ask(pages, kind="lang", lang="fr")
    assert _kinds(replies) == ["draw"]
    assert _step_of(replies[0]) == 1
    replay = Replay.open(f"#r={_payload()}").with_step(1)
    step = rtr("replay_step", "fr", n=1, total=replay.steps)
    assert replies[0]["status"] == f"{step}. {replay.caption('fr')}"


def test_why_a_link_cannot_be_opened_is_said_again_in_the_new_language() -> None:
    pages = Pages()
    _open(pages, "#r=not-a-replay", "en")
    replies = _ask(pages, kind="lang", lang="fr")
    assert _kinds(replies) == ["error"] and replies[0]["code"] == "link_encoding"
    assert link_error_text("link_encoding", "fr") in replies[0]["html"]
    assert rtr("replay_error_title", "fr") in replies[0]["html"]


def test_a_new_fragment_opens_another_replay_without_a_second_ready() -> None:
    pages = Pages()
    assert _kinds(_open(pages, "#r=not-a-replay")) == ["warn", "game", "error", "ready"]
    replies = _ask(pages, kind="hash", hash=f"#r={_payload()}")
    assert _kinds(replies) == ["game", "draw"]
    assert _step_of(replies[1]) == 0
    replies = _ask(pages, kind="hash", hash="")
    assert _kinds(replies) == ["warn", "game", "error"]
    assert replies[1]["game"] == ""  # the title and banner name no game again
    assert replies[2]["code"] == "link_missing"
    # nothing to step through: every step is answered, and changes nothing
    assert _kinds(_ask(pages, kind="click", cmd="next", act="")) == ["same"]


# ------------------------------------------------- links that cannot be opened


def _b64(packed: bytes) -> str:
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _deep_header(depth: int) -> str:
    return _b64(zlib.compress(("[" * depth + "]" * depth).encode("ascii") + b"\n\x00", 9))


def _trailing() -> str:
    return _b64(base64.urlsafe_b64decode(_payload() + "==") + b"\x00trailing bytes")


def _truncated() -> str:
    return _payload()[: len(_payload()) * 2 // 3 // 4 * 4]


def _huge() -> str:
    """A valid zlib stream of the real link, bloated past the limit with empty blocks."""
    raw = zlib.decompress(base64.urlsafe_b64decode(_payload() + "=="))
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = deflate.compress(raw) + deflate.flush()
    blocks = b"\x00\x00\x00\xff\xff" * 40_000
    return _b64(b"\x78\xda" + blocks + body + zlib.adler32(raw).to_bytes(4, "big"))


#: test_hostile_pages.py's links and the codes the page has always given them
HOSTILE: dict[str, tuple[Callable[[], str], str]] = {
    "deep-100k": (lambda: _deep_header(100_000), "link_data"),
    "deep-8k": (lambda: _deep_header(8_000), "link_data"),
    "trailing-bytes": (_trailing, "link_encoding"),
    "truncated": (_truncated, "link_encoding"),
    "random-bytes": (lambda: _b64(random.Random(11).randbytes(300)), "link_encoding"),
    "zip-bomb": (lambda: _b64(zlib.compress(b"[" * (32 << 20), 9)), "link_encoding"),
    "not-base64": (lambda: "not-a-replay", "link_encoding"),
    "empty": (lambda: "", "link_missing"),
}


def _sent(fragment: str) -> str:
    """The fragment as replay-board.js sends it."""
    return fragment[: MAX_FRAGMENT_CHARS + 1]


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_link_is_refused_with_its_code_and_the_page_lives_on(case: str) -> None:
    make, code = HOSTILE[case]
    pages = Pages()
    for lang in ("en", "fr"):
        replies = _open(Pages(), _sent(f"#r={make()}"), lang)
        assert _kinds(replies) == ["warn", "game", "error", "ready"], replies
        error = replies[2]
        assert error["code"] == code
        assert f'data-code="{code}"' in error["html"]
        assert link_error_text(code, lang) in error["html"]
        assert len(error["html"]) < 600  # nothing of the link is echoed back
    # the same page opens a real replay afterwards, and refuses the link again
    _open(pages, _sent(f"#r={make()}"))
    assert _kinds(_ask(pages, kind="hash", hash=f"#r={_payload()}")) == ["game", "draw"]
    assert _ask(pages, kind="hash", hash=_sent(f"#r={make()}"))[-1]["code"] == code


def test_a_link_past_the_limit_is_refused_from_what_the_page_sends() -> None:
    """The page sends at most MAX_FRAGMENT_CHARS and one: enough to tell a link
    is too long, and a message the worker takes (a bloated link is 4x that)."""
    huge = f"#r={_huge()}"
    assert len(huge) > 4 * MAX_FRAGMENT_CHARS  # whole, far past what the page sends
    open_message = {"kind": "open", "page": "replay", "catalogue": CATALOGUE, "lang": "en"}
    assert len(json.dumps({**open_message, "hash": _sent(huge)})) < MAX_MESSAGE_BYTES
    assert _open(Pages(), _sent(huge))[2]["code"] == "link_encoding"
    # a fragment within the bound but a payload over replaylink's: the same code
    over = "#r=" + "A" * (MAX_LINK_CHARS + 4)
    assert len(over) <= MAX_FRAGMENT_CHARS
    assert _open(Pages(), over)[2]["code"] == "link_encoding"
    # the real link with junk around it, still within the bound, opens
    padded = f"#x={'y' * (MAX_FRAGMENT_CHARS - len(_payload()) - 10)}&r={_payload()}"
    assert len(padded) <= MAX_FRAGMENT_CHARS
    assert _kinds(_open(Pages(), padded)) == ["game", "draw", "ready"]


def test_the_page_and_python_agree_on_the_longest_fragment() -> None:
    script = (build.SITE / "assets" / "replay-board.js").read_text("utf-8")
    found = re.search(r"const MAX_FRAGMENT_CHARS = (\d+);", script)
    assert found and int(found.group(1)) == MAX_FRAGMENT_CHARS


def test_an_unknown_message_of_the_page_is_a_failure() -> None:
    pages = Pages()
    _open(pages, f"#r={_payload()}")
    replies = _ask(pages, kind="shuffle")
    assert _kinds(replies) == ["fail"] and "no message 'shuffle'" in replies[0]["detail"]


def test_the_page_controller_needs_no_browser() -> None:
    page = ReplayPage()
    assert page.handle({"kind": "click", "cmd": "next"}) == [{"kind": "same"}]  # nothing open
