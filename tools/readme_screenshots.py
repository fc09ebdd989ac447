"""The README's screenshots: the home page, a Boss Quest board and a 4-player
The Boss board, at 375 and 1280 px, in English and French.

    .venv/bin/python tools/readme_screenshots.py --prefix after

builds the site into a temporary folder, serves it on localhost, plays a few
moves with bots at once (fixed seeds, so two runs show the same game) and
writes ``docs/screenshots/<prefix>-<what>-<width>-<lang>.png``. The pictures
are the viewport only (no full page), and squeezed by ``pngquant`` (Debian's
package) where it is installed, so they stay small.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {375: 812, 1280: 800}
SETTLED = "#board[data-phase]:not([data-phase='bot'])"


def _ready(page: Page) -> None:
    page.wait_for_selector("html[data-state='ready']", state="attached", timeout=120_000)


def _start(page: Page, url: str, game: str, players: int, lang: str) -> None:
    page.goto(f"{url}?game={game}&botdelay=0&seed=7&lang={lang}", wait_until="domcontentloaded")
    _ready(page)
    page.locator(".segmented label", has_text=str(players)).first.click()
    for seat in range(players):
        kind = ("Human", "Humain") if seat == 0 else ("Bot", "Bot")
        label = page.locator(f"#seats .seat[data-seat='{seat}'] label").filter(
            has_text=kind[0] if lang == "en" else kind[1]
        )
        if label.count():
            label.first.click()
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached", timeout=120_000)


def _play_a_little(page: Page, moves: int) -> None:
    rng = random.Random(3)
    for _ in range(moves):
        buttons = page.locator("#actions [data-cmd=act]:visible")
        if not buttons.count():
            return
        seq = page.get_attribute("#board", "data-seq")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
        page.wait_for_selector(SETTLED, state="attached", timeout=120_000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prefix", default="after")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        server = build.make_server(built.out, "127.0.0.1", 0, headers=[])
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS)
            )
            for width, height in SIZES.items():
                for lang in ("en", "fr"):
                    context = browser.new_context(
                        viewport={"width": width, "height": height},
                        locale="en-GB" if lang == "en" else "fr-FR",
                        reduced_motion="reduce",
                    )
                    page = context.new_page()
                    page.goto(f"{url}?lang={lang}", wait_until="domcontentloaded")
                    page.wait_for_selector(".game-card, .games, main", state="attached")
                    page.wait_for_load_state("networkidle")
                    page.screenshot(path=str(OUT / f"{args.prefix}-home-{width}-{lang}.png"))
                    for game, players, moves in (("bossquest", 4, 2), ("theboss", 4, 3)):
                        _start(page, url, game, players, lang)
                        _play_a_little(page, moves)
                        # A click scrolls its button into view: show the board's top.
                        page.evaluate("window.scrollTo(0, 0)")
                        page.screenshot(path=str(OUT / f"{args.prefix}-{game}-{width}-{lang}.png"))
                        # Leave the game so that the next one starts from the menu.
                        page.evaluate("localStorage.clear()")
                    context.close()
            browser.close()
        server.shutdown()
    shots = sorted(OUT.glob(f"{args.prefix}-*.png"))
    pngquant = shutil.which("pngquant")
    if pngquant:
        quality = ["--quality", "60-85", "--speed", "1"]
        subprocess.run([pngquant, "--force", "--ext", ".png", *quality, *map(str, shots)])
    for shot in shots:
        print(f"{shot.relative_to(ROOT)}  {shot.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
