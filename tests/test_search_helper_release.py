"""The search helper given back (issue #31): the page's worker stops an idle
helper to free its memory (``{"kind": "helper-gone"}``, site/assets/py-worker.js);
the searches waiting on it decide alone, and the next hard decision starts a new one."""

from __future__ import annotations

import json

from game.web.search_helper import HelperLink
from game.web.worker_link import Pages, answer
from tests.test_search_helper import ready_link, request


def test_a_released_helper_lets_its_waiting_searches_go_on_alone() -> None:
    link = ready_link()
    token = link.ask(request())
    assert token is not None
    assert link.answer(token) is None  # waits for the helper
    link.release()
    assert link.answer(token) == {}  # decides alone at once
    assert link.state == "off"


def test_the_next_hard_decision_after_a_release_starts_a_new_helper() -> None:
    link = ready_link()
    link.drain()
    link.release()
    assert link.ask(request()) is None  # this decision searches alone...
    assert link.drain() == [{"kind": "helper", "op": "start"}]  # ...and a new helper starts
    link.receive('[{"kind":"searcher-ready"}]')
    assert link.state == "ready"
    assert link.ask(request()) is not None


def test_a_failed_helper_stays_failed_when_released() -> None:
    link = ready_link()
    link.receive('[{"kind":"fail","detail":"boom"}]')
    link.release()
    assert link.state == "failed"
    assert link.ask(request()) is None and link.drain() == []


def test_the_worker_hands_helper_gone_to_the_link() -> None:
    link = ready_link()
    token = link.ask(request())
    assert token is not None
    link.drain()  # the ask went out
    assert json.loads(answer('{"kind":"helper-gone"}', Pages(), link)) == []
    assert link.state == "off" and link.answer(token) == {}
    never = HelperLink()  # no helper ever started: nothing to do
    assert json.loads(answer('{"kind":"helper-gone"}', Pages(), never)) == []
    assert never.state == "off"
