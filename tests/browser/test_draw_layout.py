"""A draw of the game page lays the page out no more than it must
(site/assets/game-board.js, issue #31): the log's scroll is read before the
draw changes the page, and written only when the log was not at its newest
line, since a read after a change, or a write, makes the browser lay the page
out inside the draw's task (on a slowed CPU, The Boss's first draws were
tasks of about 300 ms of thread time, most of it that layout)."""

from __future__ import annotations

from tests.browser.conftest import App
from tests.browser.test_morph import _play_a_card
from tests.browser.test_theboss import _start

#: every write of the log's scrollTop, counted
_COUNT_JS = """(() => {
  const own = Object.getOwnPropertyDescriptor(Element.prototype, "scrollTop");
  window.__logScrollWrites = 0;
  Object.defineProperty(Element.prototype, "scrollTop", {
    configurable: true,
    get() {
      return own.get.call(this);
    },
    set(value) {
      if (this.id === "log") window.__logScrollWrites += 1;
      own.set.call(this, value);
    },
  });
})();"""


def test_a_game_drawn_move_after_move_never_writes_the_logs_scroll(app: App) -> None:
    page = app.page
    page.add_init_script(_COUNT_JS)
    page.emulate_media(reduced_motion="reduce")
    _start(app, 4, humans=(0,), seed=5)
    for _ in range(4):
        _play_a_card(page)  # the person's card, then the bots' three, each drawn
    assert page.locator("#log .log-line").count() > 0
    # the log follows its newest line by itself: its scroll is never written
    assert page.evaluate("window.__logScrollWrites") == 0
