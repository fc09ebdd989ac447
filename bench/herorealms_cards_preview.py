"""Every Hero Realms card on one page, in both sizes, to look at the cards:

    python bench/herorealms_cards_preview.py --out /tmp/hr.html [--lang fr]

The page links nothing: it inlines the shell's stylesheet (for its colours,
fonts and .visually-hidden) and the game's, so a browser opens it as a file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.herorealms.cards import KINDS  # noqa: E402
from game.herorealms.ui.card import card_back, card_face  # noqa: E402

_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hero Realms cards</title>
<style>{css}
body {{ margin: 0; padding: 0.6rem; background: var(--parchment, #f4e9cf); }}
.pv-row {{ display: flex; flex-wrap: wrap; gap: 0.35rem; margin-bottom: 1rem; }}
.pv-hand {{ display: flex; gap: 0.35rem; overflow-x: auto; padding-bottom: 0.4rem; }}
h2 {{ font: 700 0.9rem var(--sans); margin: 0.6rem 0 0.3rem; }}
</style></head><body>
<h2>hand</h2><div class="pv-hand" data-preview="hand">{hand}</div>
<h2>all</h2><div class="pv-row" data-preview="all">{small}</div>
<h2>large</h2><div class="pv-row" data-preview="large">{large}</div>
</body></html>
"""

#: a hand as it may look: starting cards, a gem, cards of every faction
HAND = ("gold", "ruby", "dagger", "fire_gem", "arkus", "hit_job", "lys", "wolf_shaman")


def page(lang: str) -> str:
    css = (ROOT / "site" / "assets" / "app.css").read_text("utf-8")
    css += (ROOT / "game" / "herorealms" / "ui" / "herorealms.css").read_text("utf-8")
    return _PAGE.format(
        lang=lang,
        css=css,
        hand="".join(card_face(key, lang) for key in HAND) + card_back(lang),
        small="".join(card_face(key, lang) for key in KINDS),
        large="".join(card_face(key, lang, size="large") for key in KINDS),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--lang", choices=("fr", "en"), default="en")
    args = parser.parse_args()
    args.out.write_text(page(args.lang), "utf-8")
    print(args.out)


if __name__ == "__main__":
    main()
