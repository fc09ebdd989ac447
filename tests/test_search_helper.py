"""The page's search helper (game/web/search_helper.py): started only on a
device with a core to spare, at the first hard bot's decision and not before;
asked only once ready; its replies handed over once, late ones dropped; a
failure leaves the bots searching alone. And the helper's own controller,
through the worker's `answer` as py-worker.js calls it."""

from __future__ import annotations

import json
from typing import Any

from game.engine.bots import make_bot
from game.engine.search import SearchBot, SearchSettings
from game.registry import get_game
from game.web.search_helper import HelperLink
from game.web.thinking import WAIT_TICK_MS, begin_thought, next_think_ms
from game.web.worker_link import Pages, answer
from tests.test_search_share import decisions


def request() -> dict[str, Any]:
    return {"kind": "search", "game": "theboss"}


def ready_link() -> HelperLink:
    link = HelperLink()
    link.allow(cores=2)
    assert link.ask(request()) is None  # starts it
    assert link.drain() == [{"kind": "helper", "op": "start"}]
    link.receive('[{"kind":"runtime","start":"cold"},{"kind":"searcher-ready"}]')
    assert link.state == "ready"
    return link


def test_no_helper_is_started_on_one_core_or_when_the_page_wants_none() -> None:
    for cores, wanted in ((1, True), (4, False)):
        link = HelperLink()
        link.wanted = wanted
        link.allow(cores)
        assert link.ask(request()) is None
        assert link.drain() == [] and link.state == "off"
    assert HelperLink().ask(request()) is None  # the worker never said it could


def test_the_helper_starts_once_and_is_asked_only_when_ready() -> None:
    link = HelperLink()
    link.allow(cores=8)
    assert link.drain() == []  # not at the page's start: at the first decision
    assert link.ask(request()) is None and link.ask(request()) is None
    assert link.drain() == [{"kind": "helper", "op": "start"}]
    link.receive('[{"kind":"searcher-ready"}]')
    token = link.ask(request())
    assert token is not None
    (sent,) = link.drain()
    assert sent["op"] == "ask" and json.loads(sent["text"]) == {**request(), "token": token}


def test_a_reply_is_handed_over_once_and_late_or_unknown_ones_are_dropped() -> None:
    link = ready_link()
    first, second = link.ask(request()), link.ask(request())
    assert first is not None and second is not None
    reply = {"kind": "searched", "token": first, "visits": [1], "totals": [0.5]}
    link.receive(json.dumps([reply, {**reply, "token": "share99"}]))
    assert link.answer(second) is None
    assert link.answer(first) == reply
    assert link.answer(first) is None
    link.forget(second)
    link.receive(json.dumps([{**reply, "token": second}]))  # too late
    assert link.answer(second) is None


def test_a_failed_or_garbled_helper_is_never_asked_again() -> None:
    for said in ('[{"kind":"fail","detail":"Traceback: boom"}]', "not json", '{"kind":"x"}'):
        link = ready_link()
        link.receive(said)
        assert link.state == "failed" and link.failure
        assert link.ask(request()) is None and link.drain() == []


def test_the_worker_routes_the_helpers_messages_and_sends_what_it_has_for_it() -> None:
    link = HelperLink()
    pages = Pages()
    assert json.loads(answer('{"kind":"helper-can","cores":2}', pages, link)) == []
    assert link.possible
    link.ask(request())
    # what the link has for the helper leaves with the next answer of the worker
    said = json.loads(answer('{"kind":"helper-said","text":"[]"}', pages, link))
    assert said == [{"kind": "helper", "op": "start"}]
    bad = json.loads(answer('{"kind":"helper-can","cores":"many"}', pages, link))
    assert bad[0]["kind"] == "fail" and "cores must be an integer" in bad[0]["detail"]


def test_the_helpers_controller_searches_a_share_of_a_real_decision() -> None:
    """The helper worker's side, through `answer` as its py-worker.js calls it:
    opened on the page "search", it answers a bot's request with its tally."""
    link = ready_link()
    game = get_game("theboss")
    view, legal = next(decisions(game))
    bot = make_bot(game, "hard", 3, SearchSettings(playouts=16, time_budget=30.0))
    assert isinstance(bot, SearchBot)
    bot.partner = link
    steps = bot.steps(view, legal)
    assert next(steps) is not None  # WAITING: the request leaves now
    (sent,) = link.drain()
    helper_pages, helper_link = Pages(), HelperLink()
    opened = answer('{"kind":"open","page":"search"}', helper_pages, helper_link)
    assert json.loads(opened) == [{"kind": "searcher-ready"}]
    replied = answer(sent["text"], helper_pages, helper_link)
    (reply,) = json.loads(replied)
    assert reply["kind"] == "searched" and sum(reply["visits"]) == 8
    link.receive(replied)
    choice = [step for step in steps][-1]
    assert choice in legal and (bot.last_playouts, bot.last_shared) == (16, 8)
    refused = json.loads(answer('{"kind":"search","game":"theboss"}', helper_pages, helper_link))
    assert refused[0]["kind"] == "fail" and "missing the field(s)" in refused[0]["detail"]


def test_a_thought_that_waits_for_the_helper_ends_its_task_and_looks_again_later() -> None:
    link = ready_link()
    game = get_game("theboss")
    view, legal = next(decisions(game))
    bot = make_bot(game, "hard", 3, SearchSettings(playouts=16, time_budget=30.0))
    thought = begin_thought(bot, "key", view["seat"], "hard", view, legal)
    assert isinstance(bot, SearchBot)
    bot.partner = link  # begin_thought gave it the page's one link: this test's instead
    assert not thought.think(budget=1.0)
    assert thought.waiting and next_think_ms(thought) == WAIT_TICK_MS
    assert link.drain()[0]["op"] == "ask"
    assert not thought.think(budget=1.0)  # its own share, then waiting for the helper
    assert thought.waiting
    link.receive('[{"kind":"fail","detail":"gone"}]')  # the helper died: no reply will come
    assert thought.think(budget=1.0)  # so the bot decides from its own share at once
    assert thought.choice in legal and (thought.playouts, thought.shared) == (8, 0)
    assert next_think_ms(thought) == 0 and next_think_ms(None) == 0
