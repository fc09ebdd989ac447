"""A board render's main-thread time, replaced whole (innerHTML, as before
issue 28) and drawn in place (site/assets/morph.js, idiomorph): printed, never
asserted.

    python bench/render_morph.py [--renders 40]

It builds the site, opens a 4-player game of The Boss (seat 0 a person, three
bots, ?botdelay=0), takes the board's HTML before and after each of a few of
the person's moves, then in the page draws those pairs one after the other,
each way, and times each draw with the style and layout it forces (the work
the page's main thread does for one "draw" message). It prints the median and
the slowest draw of each way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import build
from tests.browser.conftest import serve

#: draws each board HTML into #board-view one way, timing each with its layout
_TIME_JS = """async ([url, boards, way]) => {
    const { morph } = await import(url);
    const view = document.getElementById('board-view');
    const times = [];
    for (const html of boards) {
        const start = performance.now();
        if (way === 'morph') morph(view, html); else view.innerHTML = html;
        void document.body.offsetHeight;  // style and layout, as the frame will
        times.push(performance.now() - start);
    }
    return times;
}"""


def _boards(page: object, moves: int) -> list[str]:
    """The board's HTML after each of the person's moves (and the bots')."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    boards = [page.inner_html("#board-view")]
    for _ in range(moves):
        seq = page.get_attribute("#board", "data-seq")
        hand = page.locator(".tb-seat[data-you='true'] .tb-hand-btn")
        go = page.locator("#round-result [data-cmd=continue]")
        if go.count():
            go.click()
        elif hand.count():
            hand.first.click()
        else:
            break
        page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
        page.wait_for_selector("#board[data-phase]:not([data-phase='bot'])", state="attached")
        boards.append(page.inner_html("#board-view"))
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        morph_url = built.url_path("assets/morph.js")
        for origin in serve(built.out, build.load_netlify_headers()):
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS)
                )
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.emulate_media(reduced_motion="reduce")
                page.goto(f"{origin}/?game=theboss&botdelay=0&seed=5")
                page.locator(".lang-btn[data-lang='en']").click()
                page.locator("#count-choices label", has_text="4").click()
                for seat in range(1, 4):
                    page.locator(
                        f"#seats .seat[data-seat='{seat}'] label:has(input[value='bot'])"
                    ).click()
                page.wait_for_selector("html[data-state='ready']", state="attached")
                page.locator("#start").click()
                page.wait_for_selector(
                    "#board[data-phase]:not([data-phase='bot'])", state="attached"
                )
                boards = _boards(page, 8)
                sequence = [boards[i % len(boards)] for i in range(args.renders)]
                print(
                    f"{len(boards)} boards of a 4-player The Boss game, "
                    f"{args.renders} draws each way"
                )
                for way in ("innerHTML", "morph"):
                    page.evaluate(_TIME_JS, [f"{origin}/{morph_url}", sequence[:4], way])  # warm-up
                    times = page.evaluate(_TIME_JS, [f"{origin}/{morph_url}", sequence, way])
                    print(
                        f"{way:>9}: median {statistics.median(times):6.2f} ms, "
                        f"slowest {max(times):6.2f} ms"
                    )
                browser.close()


if __name__ == "__main__":
    main()
