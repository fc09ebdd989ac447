"""The main-thread task timer of the browser suite (main_thread.py) sees a
page's long work on its CPU clock, and only the page's."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.main_thread import MAIN_THREAD_TASK_MS, MainThreadTasks

#: a button whose click runs a fixed amount of work on the page's thread (not
#: a time: the machine's load would change the work): about 240 ms of CPU on
#: these machines for 100,000,000 square roots, a few for 1,000,000
BUSY_PAGE = """<!doctype html><title>busy</title>
<script>
function work(count) {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += Math.sqrt(i);
  return sum;
}
</script>
<button onclick="window.done = work(COUNT)">work</button>"""


def _trace_a_click(browser: Browser, count: int) -> MainThreadTasks:
    """The page's tasks while a click runs `count` square roots."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.set_content(BUSY_PAGE.replace("COUNT", str(count)))
        with MainThreadTasks(browser) as traced:
            page.click("button")
    finally:
        context.close()
    return traced


def test_a_page_busy_for_long_is_seen_over_the_bound(browser: Browser) -> None:
    traced = _trace_a_click(browser, 100_000_000)
    assert traced.longest_cpu_ms() > MAIN_THREAD_TASK_MS, traced.describe()


def test_a_quiet_page_stays_under_the_bound(browser: Browser) -> None:
    traced = _trace_a_click(browser, 1_000_000)
    assert traced.tasks, "no task of the page was traced"
    assert traced.longest_cpu_ms() < MAIN_THREAD_TASK_MS, traced.describe()
