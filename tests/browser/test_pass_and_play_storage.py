"""Pass-and-play keeps a simultaneous step's picks out of the page's storage
(issue #28): the next person could read them there. Duel's commit step: once
the first person commits, no stored text holds that commit; a reload asks for
it again."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import App
from tests.browser.play import SETTLED
from tests.browser.test_duel import _click, _start
from tests.browser.test_duel import duel as duel  # the fixture

STORAGE_JS = """() => {
  const texts = [];
  for (const area of [localStorage, sessionStorage]) {
    for (let i = 0; i < area.length; i++) texts.push(area.getItem(area.key(i)) || "");
  }
  return texts.join("\\n");
}"""


def _stored(page: Page) -> str:
    return str(page.evaluate(STORAGE_JS))


def test_a_commit_behind_the_curtain_is_not_in_storage(duel: App) -> None:
    page = duel.page
    _start(duel, humans=(0, 1))
    for _ in range(10):
        if page.get_attribute("#board", "data-phase") == "curtain":
            _click(page, "#curtain [data-cmd=reveal]")
        elif page.get_attribute("#board", "data-stage") == "commit":
            break
        else:
            _click(page, "#actions [data-cmd=act][data-kind='keep']")
    assert page.get_attribute("#board", "data-stage") == "commit"
    before = _stored(page)
    assert "keep" in before and "commit" not in before, "the swap step is saved"
    first = page.get_attribute("#board", "data-viewer")
    assert _click(page, "#actions [data-cmd=act][data-kind='commit']") == "curtain"
    # the next person takes the device: the save changes (its viewer), and still
    # holds no commit
    _click(page, "#curtain [data-cmd=reveal]")
    page.wait_for_function(f"(before) => ({STORAGE_JS})() !== before", arg=before)
    assert "commit" not in _stored(page)
    page.reload()
    duel.wait_ready()
    page.wait_for_selector(SETTLED, state="attached")
    assert page.get_attribute("#board", "data-stage") == "commit"
    # the first commit was not kept: after the second person, the first is asked again
    if page.get_attribute("#board", "data-phase") == "curtain":
        _click(page, "#curtain [data-cmd=reveal]")
    assert page.get_attribute("#board", "data-viewer") != first
    # a curtain again, not the reveal: the device goes back to the first person
    assert _click(page, "#actions [data-cmd=act][data-kind='commit']") == "curtain"
