"""What every game gets from its package and its registry line, under CPython:
a rules page (one template, from the game's rules file), the menu's controls
for every kind of declared option, the footer's key to its pictures, and the
replay and tutorial pages of a ``--test-games`` build registering the test
games as the game page does."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import build
import game.registry as registry
from game.duel.game import GAME as DUEL
from game.duel.state import Commit
from game.engine.client import Listing, MenuGroup, menu_fields
from game.engine.errors import MalformedData
from game.engine.match import Match
from game.engine.options import Option, OptionsDeclaration
from game.engine.replaylink import ReplayLink, encode_link
from game.web.catalogue import offered_games
from game.web.replay import open_page
from game.web.tutorial import TutorialError, page_tutorial

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
TEMPLATE = (SITE / "partials" / "rules.html").read_text("utf-8")
BOSSQUEST_RULES = ROOT / "game" / "bossquest" / "ui" / "rules.toml"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """The rules pages of a build with the test games (before asset names)."""
    return build.rules_pages(test_games=True)


class _Page(HTMLParser):
    """Boards, section ids, the FR/EN pairs of every element, scripts."""

    VOID = frozenset({"meta", "link", "br", "img", "input", "hr", "source", "path", "circle"})

    def __init__(self, text: str) -> None:
        super().__init__()
        self.boards: list[dict[str, str | None]] = []
        self.sections: list[str] = []
        self.scripts: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.stack: list[dict[str, int]] = []
        self.unpaired: list[str] = []
        self.html: dict[str, str | None] = {}
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.html = values
        if tag == "script":
            self.scripts.append(values)
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag == "section" and "rule" in str(values.get("class", "")).split():
            self.sections.append(str(values.get("id")))
        if "data-board" in values:
            self.boards.append(values)
        if self.stack and values.get("data-l") in ("fr", "en"):
            counts = self.stack[-1]
            counts[str(values["data-l"])] = counts.get(str(values["data-l"]), 0) + 1
        if tag not in self.VOID:
            self.stack.append({"line": self.getpos()[0]})

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID or not self.stack:
            return
        counts = self.stack.pop()
        if counts.get("fr", 0) != counts.get("en", 0):
            self.unpaired.append(f"<{tag}> opened on line {counts['line']}: {counts}")


# ---------------------------------------------------------------- rules pages


def test_every_game_with_a_rules_file_gets_its_page_and_rules_html_is_the_default(
    pages: dict[str, str],
) -> None:
    assert {"rules.html", "rules-bossquest.html", "rules-duel.html"} <= set(pages)
    assert pages["rules.html"] == pages["rules-bossquest.html"]  # today's links
    # a default build: no test game's page
    default = set(build.rules_pages())
    assert {"rules.html", "rules-bossquest.html"} <= default and "rules-duel.html" not in default


@pytest.mark.parametrize(
    ("name", "title"), [("bossquest", "Règles de Boss Quest"), ("duel", "Règles de Duel")]
)
def test_each_page_names_its_game_and_reads_in_both_languages(
    pages: dict[str, str], name: str, title: str
) -> None:
    text = pages[f"rules-{name}.html"]
    page = _Page(text)
    assert page.unpaired == []
    assert page.html["data-game"] == name
    assert f"<title>{title}</title>" in text
    data = json.loads(re.search(r'id="rules-page">(.*?)</script>', text).group(1))  # type: ignore[union-attr]
    assert data["game"] == name and {"bossquest", "duel"} <= set(data["pages"])
    assert set(data["title"]) == {"fr", "en"} and data["title"]["fr"] == title
    # no Python: the forwarder in <head>, then the shared script, the page's
    # and the service worker's registration (offline use)
    srcs = [s.get("src") for s in page.scripts if s.get("type") != "application/json"]
    assert srcs == [
        "assets/rules-go.js",
        "assets/shared.js",
        "assets/rules.js",
        "assets/offline.js",
    ]
    assert f"index.html?game={name}" in page.links
    assert "@ICONS@" in text  # filled by the build like every page's


def test_boss_quests_page_shows_every_tutorial_beside_its_rule(pages: dict[str, str]) -> None:
    page = _Page(pages["rules-bossquest.html"])
    scenarios = [str(board["data-scenario"]) for board in page.boards]
    tutorials = sorted(p.stem for p in (ROOT / "game" / "bossquest" / "tutorials").glob("*.json"))
    assert sorted(scenarios) == tutorials and len(set(scenarios)) == len(scenarios)
    assert {board["data-game"] for board in page.boards} == {"bossquest"}
    for scenario in scenarios:
        assert (
            f"embed.html?game=bossquest&amp;scenario={scenario}&amp;lang=fr"
            in (pages["rules-bossquest.html"])
        )
    assert page.sections[:4] == ["goal", "setup", "turn", "over"] and len(page.sections) == 20


def test_duels_page_has_sections_without_boards(pages: dict[str, str]) -> None:
    text = pages["rules-duel.html"]
    page = _Page(text)
    assert page.boards == [] and len(page.sections) == 3
    assert 'class="rule has-board"' not in text
    assert "toc-single" in text  # one part: its sections fill the contents
    assert 'class="hero-art"' not in text


def test_the_rules_files_stay_out_of_the_game_bundle() -> None:
    names = zipfile.ZipFile(io.BytesIO(build.game_zip_bytes())).namelist()
    assert "game/bossquest/ui/client.py" in names
    assert not any(name.endswith("/rules.toml") for name in names)


def _data() -> dict[str, Any]:
    import tomllib

    return tomllib.loads(BOSSQUEST_RULES.read_text("utf-8"))


def _make(data: dict[str, Any], tutorials: tuple[str, ...] = ("basic_turn",)) -> str:
    return build.rules_page(
        "bossquest",
        data,
        title={"fr": "Boss Quest", "en": "Boss Quest"},
        tutorials=tutorials,
        pages=["bossquest"],
        template=TEMPLATE,
        where="test",
    )


def _section(data: dict[str, Any]) -> dict[str, Any]:
    section: dict[str, Any] = data["part"][0]["section"][0]
    return section


@pytest.mark.parametrize(
    ("html", "why"),
    [
        ("<p>ok</p><script>alert(1)</script>", "<script> is not allowed"),
        ('<p onclick="x()">hi</p>', "onclick"),
        ('<p style="color:red">hi</p>', "style"),
        ('<a href="javascript:alert(1)">x</a>', "only a link within the site"),
        ('<p id="top">x</p>', "the attribute id"),
        ("<p>open", "<p> is never closed"),
        ("<p>x</div>", "</div> closes nothing open"),
        ("<!-- hidden --><p>x</p>", "no comment"),
        ("<iframe src='x'></iframe>", "<iframe> is not allowed"),
    ],
)
def test_a_rules_file_holds_safe_html_only(html: str, why: str) -> None:
    data = _data()
    _section(data)["text"]["en"] = html
    with pytest.raises(build.RulesError, match=re.escape(why)):
        _make(data, tuple(registry.lesson_order(ROOT / "game/bossquest/tutorials")))


def test_a_rules_file_says_what_is_wrong() -> None:
    every = tuple(registry.lesson_order(ROOT / "game/bossquest/tutorials"))
    data = _data()
    del _section(data)["title"]["en"]
    with pytest.raises(build.RulesError, match="part 1 section 1 title needs a text in French"):
        _make(data, every)
    data = _data()
    data["part"][0]["section"][2]["board"] = "no_such_lesson"
    with pytest.raises(build.RulesError, match="not one of the game's tutorials"):
        _make(data, every)
    data = _data()
    data["part"][0]["section"][1]["key"] = "goal"
    with pytest.raises(build.RulesError, match="must be a new lower-case name"):
        _make(data, every)
    data = _data()
    _section(data)["colour"] = "red"
    with pytest.raises(build.RulesError, match="unknown field 'colour'"):
        _make(data, every)
    data = _data()
    data["part"][0]["section"][1]["key"] = "top"  # an id of the template
    with pytest.raises(build.RulesError, match="must be a new lower-case name"):
        _make(data, every)
    # a text never makes a build placeholder
    data = _data()
    _section(data)["text"]["en"] = "<p>@ICONS@</p>"
    assert "<p>&#64;ICONS&#64;</p>" in _make(data, every)


@pytest.fixture
def duel_without_rules() -> Iterator[None]:
    """Duel's client as if its package had no rules file."""
    registry.include_test_games()
    client = registry.get_client("duel")
    bare = type("Bare", (), {})()
    for name in dir(type(client)):
        if not name.startswith("_"):
            setattr(bare, name, getattr(client, name))
    bare.listing = replace(client.listing, rules=None)
    registry._clients["duel"] = bare
    try:
        yield
    finally:
        registry._clients["duel"] = client


def test_a_game_without_a_rules_file_has_no_page_and_no_link(duel_without_rules: None) -> None:
    entries = {entry["name"]: entry for entry in registry.catalogue()}
    assert entries["duel"]["rules"] is False and entries["bossquest"]["rules"] is True
    sources = registry.rules_sources()["games"]
    assert "bossquest" in sources and "duel" not in sources


def test_the_home_and_the_menu_link_to_the_games_own_page() -> None:
    menu = (SITE / "assets" / "menu.js").read_text("utf-8")
    assert '"rules-" + encodeURIComponent(entry.name) + ".html"' in menu
    assert "if (entry.rules)" in menu and "rulesLink.hidden = !game.rules" in menu


def test_rules_html_sends_a_named_game_to_its_page() -> None:
    forward = (SITE / "assets" / "rules-go.js").read_text("utf-8")
    assert '"rules-" + encodeURIComponent(asked) + ".html"' in forward
    rules = build.load_netlify_headers()
    for path in ("/rules-duel.html", "/rules-duel", "/rules-bossquest.html"):
        csp = build.headers_for(rules, path)["Content-Security-Policy"]
        assert csp.count("default-src") == 1 and "frame-ancestors 'self'" in csp


# ------------------------------------------------------------------ the menu


DECLARED = OptionsDeclaration(
    min_players=2,
    max_players=6,
    default_players=3,
    options=(
        Option(
            "keep_yellow",
            False,
            {"fr": "Jaune", "en": "Yellow"},
            {"fr": "aide", "en": "help"},
            on_from_players=5,
        ),
        Option(
            "target",
            21,
            {"fr": "Cible", "en": "Target"},
            {"fr": "Les points à atteindre.", "en": "The points to reach."},
            minimum=10,
            maximum=40,
        ),
        Option(
            "pace",
            "normal",
            {"fr": "Rythme", "en": "Pace"},
            {"fr": "La vitesse.", "en": "How fast."},
            choices=("slow", "normal", "fast"),
            choice_labels={
                "slow": {"fr": "Lent", "en": "Slow"},
                "fast": {"fr": "Rapide", "en": "Fast"},
            },
        ),
        Option("potions", False, {"fr": "Potions", "en": "Potions"}, {"fr": "a", "en": "a"}),
        Option("rounds", 3, {"fr": "Manches", "en": "Rounds"}, {"fr": "b", "en": "b"}, minimum=1),
    ),
)
LISTING = Listing(
    description={"fr": "x", "en": "x"},
    groups=(MenuGroup("ext", {"fr": "Extensions", "en": "Extensions"}, ("potions", "rounds")),),
    badges={"keep_yellow": "swatch:weapon:yellow", "potions": "icon:flask"},
)


def test_the_menu_has_a_control_for_every_kind_of_option() -> None:
    fields = menu_fields(DECLARED, LISTING)
    assert [f["key"] for f in fields] == ["keep_yellow", "target", "pace", "potions", "rounds"]
    by_key = {str(f["key"]): f for f in fields}
    assert by_key["keep_yellow"] == {
        "key": "keep_yellow",
        "id": "keep-yellow",
        "kind": "check",
        "group": "",
        "css": "option-keep-yellow option-check",
        "badge": "swatch:weapon:yellow",
        "label": {"fr": "Jaune", "en": "Yellow"},
        "help": {"fr": "aide", "en": "help"},
        "default": False,
        "on_from_players": 5,
    }
    target = by_key["target"]
    assert target["kind"] == "number" and target["id"] == "target"
    assert (target["min"], target["max"], target["default"]) == (10, 40, 21)
    assert target["label"] == {"fr": "Cible", "en": "Target"}
    assert target["help"] == {"fr": "Les points à atteindre.", "en": "The points to reach."}
    pace = by_key["pace"]
    assert pace["kind"] == "choice" and pace["default"] == "normal"
    assert pace["choices"] == [
        {"value": "slow", "label": {"fr": "Lent", "en": "Slow"}},
        {"value": "normal", "label": {"fr": "normal", "en": "normal"}},  # no name: its value
        {"value": "fast", "label": {"fr": "Rapide", "en": "Fast"}},
    ]
    rounds = by_key["rounds"]
    assert rounds["group"] == "ext" and rounds["id"] == "ext-rounds"
    assert rounds["css"] == "option-ext option-rounds option-number"
    assert rounds["min"] == 1 and "max" not in rounds
    assert by_key["potions"]["id"] == "ext-potions" and by_key["potions"]["badge"] == "icon:flask"


def test_a_menu_group_must_name_declared_options() -> None:
    bad = replace(LISTING, groups=(MenuGroup("ext", {"fr": "E", "en": "E"}, ("nope",)),))
    with pytest.raises(ValueError, match="nope"):
        menu_fields(DECLARED, bad)


def test_a_choices_name_needs_both_languages_and_a_real_choice() -> None:
    words = {"fr": "a", "en": "a"}
    with pytest.raises(ValueError, match="choice 'x'"):
        OptionsDeclaration(
            2, 2, 2, (Option("o", "a", words, words, choices=("a",), choice_labels={"x": words}),)
        )
    with pytest.raises(ValueError, match="choice 'a'"):
        only_fr = {"a": {"fr": "a"}}
        OptionsDeclaration(
            2, 2, 2, (Option("o", "a", words, words, choices=("a",), choice_labels=only_fr),)
        )
    option = DECLARED.options[2]
    assert option.choice_label("fast", "fr") == "Rapide" and option.choice_label("x", "en") == "x"
    assert option.to_json()["choice_labels"] == {
        "slow": {"fr": "Lent", "en": "Slow"},
        "fast": {"fr": "Rapide", "en": "Fast"},
    }


def test_boss_quests_menu_keeps_its_ids() -> None:
    entry = next(e for e in registry.catalogue() if e["name"] == "bossquest")
    ids = [field["id"] for field in entry["menu"]]
    assert ids == ["keep-yellow", "ext-potions", "ext-companions", "ext-reaper"]


# ----------------------------------------------------------- titles, legends


def test_the_footer_legend_is_the_clients() -> None:
    registry.include_test_games()
    entries = {entry["name"]: entry for entry in registry.catalogue()}
    legend: Any = entries["bossquest"]["legend"]
    assert legend["label"] == {"fr": "Armes", "en": "Weapons"}
    assert [item["badge"] for item in legend["items"]] == [
        f"swatch:weapon:{c}" for c in ("red", "blue", "green", "purple", "yellow")
    ]
    assert entries["duel"]["legend"] is None  # a game without one shows none
    index = (SITE / "index.html").read_text("utf-8")
    assert 'data-color="red"' not in index  # nothing of Boss Quest's in the shell's footer


def test_the_static_pages_carry_no_games_title() -> None:
    """Their titles come from the catalogue (replay.js, embed.js, menu.js) and
    the rules pages' from their game."""
    for page in ("replay.html", "embed.html"):
        text = (SITE / page).read_text("utf-8")
        assert "Boss Quest" not in text.split("</head>")[0].split("-->", 1)[1], page
        assert 'id="catalogue">@GAMES@</script>' in text, page


def test_the_replay_and_tutorial_pages_get_the_games_names_and_titles() -> None:
    brief = json.loads(build.games_json(build.catalogue_json(test_games=True)))
    assert brief["test_games"] is True and brief["default"] == "bossquest"
    assert set(brief) == {"test_games", "default", "games"}
    games = {game["name"]: game for game in brief["games"]}
    assert games["bossquest"] == {
        "name": "bossquest",
        "title": {"fr": "Boss Quest", "en": "Boss Quest"},
        "tutorials": registry.lesson_order(ROOT / "game" / "bossquest" / "tutorials"),
    }
    assert games["duel"] == {"name": "duel", "title": {"fr": "Duel", "en": "Duel"}, "tutorials": []}


# ------------------------------------------------- test games on other pages


@pytest.fixture
def no_test_games() -> Iterator[None]:
    """The registry as a page finds it before reading its catalogue."""
    games, clients, loaded = dict(registry.GAMES), dict(registry.CLIENTS), dict(registry._clients)
    for name in registry.TEST_GAMES:
        registry.GAMES.pop(name, None)
        registry.CLIENTS.pop(name, None)
        registry._clients.pop(name, None)
    try:
        yield
    finally:
        registry.GAMES.clear()
        registry.GAMES.update(games)
        registry.CLIENTS.clear()
        registry.CLIENTS.update(clients)
        registry._clients.clear()
        registry._clients.update(loaded)


def duel_link() -> str:
    """A replay link of the first four moves of a Duel (the browser tests open it too)."""
    options = DUEL.normalize_options({"players": 2})
    state = DUEL.new_game(options, 5)
    match = Match("duel", options, 5)
    for _ in range(4):
        seat = DUEL.to_act(state)[0]
        action = DUEL.legal_actions(state, seat)[-1]
        state, _ = DUEL.apply(state, seat, action)
        match = match.played(seat, DUEL.action_to_json(action))
    assert any(isinstance(a, Commit) for a in [DUEL.action_from_json(j) for _, j in match.actions])
    link = ReplayLink(match, 0, ("Ana", "Bob"), (True, False))
    return "#r=" + encode_link(DUEL, link)


TEST_BUILD = json.dumps({"test_games": True, "games": [{"name": "bossquest"}, {"name": "duel"}]})
DEFAULT_BUILD = json.dumps({"test_games": False, "games": [{"name": "bossquest"}]})


def test_a_test_builds_replay_page_opens_a_duel_link(no_test_games: None) -> None:
    link = duel_link()
    with pytest.raises(MalformedData) as refused:
        open_page(DEFAULT_BUILD, link)  # a default build does not know Duel
    assert refused.value.code == "link_game"
    replay = open_page(TEST_BUILD, link)
    assert replay.link.match.game == "duel" and replay.steps == 4
    assert 'id="replay"' in replay.render("en")


def test_a_test_builds_tutorial_page_knows_the_test_games(no_test_games: None) -> None:
    with pytest.raises(TutorialError, match="unknown game"):
        page_tutorial(DEFAULT_BUILD, "?game=duel&scenario=x")
    # registered now: Duel is known, and has no tutorial boards
    with pytest.raises(TutorialError, match="has no tutorial boards"):
        page_tutorial(TEST_BUILD, "?game=duel&scenario=x")
    assert page_tutorial(DEFAULT_BUILD, "?scenario=perfect")["game"] == "bossquest"


def test_the_catalogue_registers_test_games_only_when_the_build_has_them(
    no_test_games: None,
) -> None:
    assert offered_games(DEFAULT_BUILD) == ["bossquest"] and "duel" not in registry.GAMES
    assert offered_games("not json") == [] and "duel" not in registry.GAMES
    assert offered_games(TEST_BUILD) == ["bossquest", "duel"] and "duel" in registry.GAMES
