"""A whole game with Potions, Companions and the Reaper, played through the page
to the end screen, with screenshots of a round with potions and companions and
of the Reaper.

The human's moves come from ``pick`` over the buttons shown; the same policy
played through ``game.web.session`` under CPython picks the seed
(``test_the_seed_shows_every_extension``): the deal and the bots are the
page's, so the game in Chromium is that very game.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import expect

from game.bossquest.actions import action_to_json
from game.web.session import Outcome, Session
from game.web.settings import parse_settings
from tests.browser.conftest import DESKTOP, PHONE, App
from tests.browser.play import Board

#: a 3-player game (the human at seat 0) where a potion is read, the human's
#: companion uses its power and the Reaper comes (see the CPython test below)
SEED = 21
PLAYERS = 3
POWERS = ("look", "look_mystery", "replace")


def pick(shown: Sequence[dict[str, str]], gap: int | None) -> int:
    """The human's move: a companion's power once a round when offered, equip
    towards the boss, the Magician, plain spells; the scythe over life."""
    kinds = [button["kind"] for button in shown]
    for index, kind in enumerate(kinds):
        if kind in POWERS:  # offered once a round at most
            return index
    if "become_reaper" in kinds:
        return kinds.index("become_reaper")
    if "read_potion" in kinds:
        # the reading that keeps the strength at or under the boss, else +
        for index, button in enumerate(shown):
            if button["kind"] == "read_potion":
                sign = json.loads(button["act"])["sign"]
                if gap is not None and (sign < 0) == (gap < 3):
                    return index
        return kinds.index("read_potion")
    if "ask" in kinds and gap is not None:
        # a bold knight: hearts run out, and the Reaper comes
        wanted = 3 if gap >= 10 else 2 if gap >= 5 else 1 if gap >= 1 else 0
        for index, button in enumerate(shown):
            if button["kind"] == "ask" and json.loads(button["act"])["count"] == wanted:
                return index
    for wanted_kind in ("visit", "stop", "choose", "take_life"):
        if wanted_kind in kinds:
            return kinds.index(wanted_kind)
    for index, button in enumerate(shown):
        if button["kind"] == "activate" and button["spell"] != "swap_hidden":
            return index
    for wanted_kind in ("discard", "discard_mystery", "pass"):
        if wanted_kind in kinds:
            return kinds.index(wanted_kind)
    return 0


def _settings() -> Any:
    players = [{"seat": 0, "name": "Lancelot", "kind": "human"}] + [
        {"seat": seat, "name": name, "kind": "bot", "level": "normal"}
        for seat, name in ((1, "Viviane"), (2, "Perceval"))
    ]
    data = {
        "version": 2,
        "lang": "en",
        "players": players,
        "keep_yellow": False,
        "hint": False,
        "potions": True,
        "companions": True,
        "reaper": True,
    }
    return parse_settings(json.dumps(data))


def replay(seed: int) -> Counter[str]:
    """The game the page plays from `seed`, under CPython: what happened in it."""
    settings = _settings()
    session = Session.new(settings, seed)
    happened: Counter[str] = Counter()
    for _ in range(3000):
        phase = session.phase()
        if phase == "over":
            return happened
        if phase == "bot":
            session.bot_step()
        elif phase == "result":
            session.command("continue")
        else:
            made = session.dock("en")
            shown = [
                {
                    "kind": action_to_json(control.action)["type"],
                    "act": json.dumps(
                        action_to_json(control.action), separators=(",", ":"), sort_keys=True
                    ),
                    "spell": _spell_kind(group.card),
                }
                for group in made.groups
                for control in group.controls
            ]
            view = session.table.view()
            gap = view["boss"]["hp"] - view["you"]["strength"] if "you" in view else None
            choice = shown[pick(shown, gap)]
            happened[choice["kind"]] += 1
            assert session.command("act", choice["act"]) == Outcome.RENDER
        state = session.table.state
        if state.reaper_came:
            happened["reaper_came"] = 1
    raise AssertionError("the game did not end")


def _spell_kind(card: int | None) -> str:
    from game.bossquest.cards import SPELL_KINDS

    return "" if card is None else SPELL_KINDS[card]


def test_the_seed_shows_every_extension() -> None:
    happened = replay(SEED)
    assert happened["read_potion"] > 0, happened
    assert sum(happened[kind] for kind in POWERS) > 0, happened
    assert happened["reaper_came"], happened


def _shoot(app: App, name: str) -> None:
    app.screenshot(f"{name}-1280")
    app.page.set_viewport_size(PHONE)
    app.screenshot(f"{name}-375")
    app.page.set_viewport_size(DESKTOP)


def test_a_whole_game_with_every_extension(app: App) -> None:
    page = app.page
    board = Board(app)
    page.emulate_media(reduced_motion="reduce")
    app.open(f"?botdelay=0&seed={SEED}")
    for name in ("potions", "companions", "reaper"):
        box = page.locator(f"#ext-{name}")
        expect(box).not_to_be_checked()  # off by default
        page.locator(f".option-{name} .check").click()
        expect(box).to_be_checked()
    # the menu remembers them
    page.reload(wait_until="domcontentloaded")
    for name in ("potions", "companions", "reaper"):
        expect(page.locator(f"#ext-{name}")).to_be_checked()
    app.wait_ready()
    page.locator(".extensions").scroll_into_view_if_needed()
    _shoot(app, "menu-extensions")
    phase = board.start(PLAYERS, open_page=False, seed=SEED)
    settings = json.loads(str(page.get_attribute("#board", "data-settings")))
    options = settings["options"]  # settings of version 3: the declared options
    assert options["potions"] and options["companions"] and options["reaper"]
    expect(page.locator("#board-seats .companion")).to_have_count(PLAYERS)
    expect(page.locator(".reserve-zone .companion")).to_have_count(6 - PLAYERS)

    shots: set[str] = set()
    for _ in range(1500):
        if phase == "over":
            break
        if phase == "result":
            reaper = page.locator("#round-result .boss-card[data-reaper='true']").count()
            if reaper and "reaper-result" not in shots:
                shots.add("reaper-result")
                _shoot(app, "reaper-result")
            phase = board.click("#round-result [data-cmd=continue]")
            continue
        assert phase == "human", phase
        if page.locator("#board-seats .wcard-potion").count() and "potions" not in shots:
            shots.add("potions")
            _shoot(app, "extensions-round")
        if page.locator(".boss-card[data-reaper='true']").count() and "reaper" not in shots:
            shots.add("reaper")
            _shoot(app, "reaper-round")
        if page.locator("#board-seats .tag-fate[data-fate='reaper']").count() and (
            "reaper-player" not in shots
        ):
            shots.add("reaper-player")
            _shoot(app, "reaper-player")
        shown = board.buttons()
        assert shown
        kinds = [button["kind"] for button in shown]
        if "read_potion" in kinds and "read" not in shots:
            shots.add("read")
            _shoot(app, "potion-reading")
        if "take_life" in kinds and "destiny" not in shots:
            shots.add("destiny")
            _shoot(app, "destiny")
        gap = board.strength_gap() if page.locator("#your-strength").count() else None
        index = pick(shown, gap)
        board.clicked[shown[index]["kind"]] += 1
        phase = board.click("#actions [data-cmd=act]", index)
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#game-over")).to_be_visible()
    _shoot(app, "extensions-game-over")
    assert board.clicked["read_potion"] > 0, board.clicked
    assert sum(board.clicked[kind] for kind in POWERS) > 0, board.clicked
    assert {"potions", "reaper"} <= shots, shots
