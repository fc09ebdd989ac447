"""The menu of a game of several modes (no registered game has one yet: Boss
Quest's catalogue entry is given the declaration of tests/modes_game.py here,
before Python, which is held back): the list of modes, each mode's player
counts, each seat's role, and a set the declared constraints refuse, said
and not started; in French and English, at 1280 and 375 px."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import build
from game.engine.client import Listing, menu_fields
from tests.browser.conftest import PHONE, App
from tests.modes_game import DECLARED

#: the page's HTML is routed (a service worker would answer it from its cache)
pytestmark = pytest.mark.first_visit

LISTING = Listing(description={"fr": "Une course.", "en": "A race."})


def _open_race_menu(app: App) -> None:
    page = app.page
    text = (app.site.build.out / "index.html").read_text(encoding="utf-8")
    start = text.index('<script type="application/json" id="catalogue">')
    body = text[text.index(">", start) + 1 : text.index("</script>", start)]
    catalogue = json.loads(body)
    entry = catalogue["games"][0]
    entry["declared"] = DECLARED.to_json()
    entry["menu"] = menu_fields(DECLARED, LISTING)
    entry["groups"], entry["hint"], entry["names"] = [], None, {}
    patched = text.replace(body, json.dumps(catalogue).replace("<", "\\u003c"))
    headers = build.headers_for(build.load_netlify_headers(), "/index.html")
    headers["Content-Type"] = "text/html; charset=utf-8"
    page.route(
        re.compile(r"/\?game=bossquest$"),
        lambda route: route.fulfill(status=200, headers=headers, body=patched),
    )
    page.route("**/*.wasm", lambda route: None)  # Python never starts: the menu alone
    app.open("?game=bossquest")


def _counts(app: App) -> list[str]:
    labels = app.page.locator("#count-choices label")
    return [
        labels.nth(i).locator("input").get_attribute("value") or ""
        for i in range(labels.count())
        if labels.nth(i).is_visible()
    ]


def _settings(app: App) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        app.page.evaluate("JSON.stringify(window.BossQuest.settings())")
    )
    return data


def test_the_menu_offers_the_modes_and_shows_each_seats_role(app: App) -> None:
    page = app.page
    _open_race_menu(app)
    page.locator(".lang-btn[data-lang='en']").click()
    mode = page.locator("select#mode")
    expect(mode.locator("option")).to_have_text(["Free race", "The party against the Dragon"])
    expect(page.locator("label[for=mode]")).to_have_text("Game mode")
    expect(page.locator("#mode-hint")).to_have_text("2 to 4 players")
    assert _counts(app) == ["2", "3", "4"]
    expect(page.locator("#seats .seat-role:visible")).to_have_count(0)  # one role: none shown

    mode.select_option("party")
    expect(page.locator("#mode-hint")).to_have_text("3 to 5 players")
    assert _counts(app) == ["3", "4", "5"]
    expect(page.locator("#count-choices input:checked")).to_have_value("4")  # its default
    roles = page.locator("#seats .seat:visible .seat-role")
    expect(roles).to_have_text(["Dragon", "Hero", "Hero", "Hero"])
    expect(page.locator("#seats .seat[data-seat='0']")).to_have_attribute("data-role", "dragon")
    settings = _settings(app)
    assert settings["options"] == {"mode": "party", "target": 5, "sprint": False}
    assert len(settings["players"]) == 4  # type: ignore[arg-type]
    app.screenshot("menu-modes-en-1280")
    page.set_viewport_size(PHONE)
    app.screenshot("menu-modes-en-375")

    page.locator(".lang-btn[data-lang='fr']").click()
    expect(roles).to_have_text(["Dragon", "Héros", "Héros", "Héros"])
    expect(page.locator("label[for=mode]")).to_have_text("Mode de jeu")
    expect(mode.locator("option")).to_have_text(["Course libre", "Le groupe contre le dragon"])
    app.screenshot("menu-modes-fr-375")

    # remembered: the mode and its count on the next visit
    app.open("?game=bossquest")
    expect(page.locator("select#mode")).to_have_value("party")
    expect(page.locator("#count-choices input:checked")).to_have_value("4")
    # back to the free race: a count it does not allow becomes its default
    page.locator("#count-choices label", has_text="5").click()
    page.locator("select#mode").select_option("race")
    expect(page.locator("#count-choices input:checked")).to_have_value("2")
    assert "mode" not in _settings(app)["options"]  # type: ignore[operator]


def test_a_set_the_constraints_refuse_is_said_and_not_started(app: App) -> None:
    page = app.page
    _open_race_menu(app)
    page.locator(".lang-btn[data-lang='en']").click()
    refusal = page.locator("#menu-constraint")
    page.locator("label.check", has_text="Sprint").click()
    expect(refusal).to_be_hidden()
    page.locator("select#mode").select_option("party")
    expect(refusal).to_be_visible()
    expect(refusal).to_have_text("The party against the Dragon is played without sprints.")
    expect(page.locator("#menu-form")).to_have_attribute("data-invalid", "true")
    page.locator("#start").click()
    expect(page.locator("html")).not_to_have_attribute("data-pending", "start")
    expect(refusal).to_be_focused()
    app.screenshot("menu-modes-refused-en-1280")
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(refusal).to_have_text("Le groupe contre le dragon se joue sans sprint.")
    page.locator("label.check", has_text="Sprint").click()
    expect(refusal).to_be_hidden()
    expect(page.locator("#menu-form")).not_to_have_attribute("data-invalid", "true")
