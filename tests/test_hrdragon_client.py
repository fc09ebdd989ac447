"""The Dragon game's client, without the browser: its dock (one control per
legal action of random games at party sizes 1, 3, 5 and boss against boss),
its words for every event and refusal, its board (the Dragon's panel, the
Hoard, the party with adjacency and defeat) and what each seat's HTML hides."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from html import escape
from typing import Any

import pytest

from game.engine.client import Scene
from game.engine.viewcheck import Received
from game.herorealms.cards import kind_of
from game.herorealms.state import AttackPlayer, EndTurn, Play, PlayGold
from game.herorealms.ui.describe import LOG as HERO_LOG
from game.hrdragon.cards import skill_check
from game.hrdragon.game import GAME
from game.hrdragon.stack import CARD_IDS, stacked
from game.hrdragon.state import Borrow, Give, Reveal, SkillCheck, State, Steal
from game.hrdragon.ui import CLIENT
from game.hrdragon.ui.controls import action_label
from game.hrdragon.views import open_hands
from game.hrdragon.words import NAMES as DRAGON_NAMES
from game.hrdragon.words import REASONS

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]
TRIO = ["Ana", "Ben", "Dan"]


def _scene(
    state: State, seat: int | None, lang: str = "en", names: list[str] | None = None
) -> Scene:
    view = GAME.view(state, seat)
    names = names or NAMES[: GAME.seats(state)]
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    return Scene(
        view=view,
        names=names,
        kinds=["human"] * len(names),
        lang=lang,
        dock=CLIENT.dock(view, legal, names, lang),
    )


def _random_states(options: dict[str, Any], seed: int) -> Iterator[tuple[State, list[Any]]]:
    """Every state of one random game, with the events that led to it."""
    state = GAME.new_game(GAME.normalize_options(options), seed)
    pick = random.Random(seed)
    events: list[Any] = []
    while True:
        yield state, events
        acting = GAME.to_act(state)
        if not acting:
            return
        seat = acting[0]
        state, events = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))


_GAMES = [
    pytest.param({"players": 2}, 3, id="party-of-1"),
    pytest.param({"players": 4}, 4, id="party-of-3"),
    pytest.param({"players": 6}, 5, id="party-of-5"),
    pytest.param({"players": 2, "mode": "boss_vs_boss"}, 6, id="boss-against-boss"),
]


@pytest.mark.parametrize(("options", "seed"), _GAMES)
def test_every_legal_action_of_random_games_has_exactly_one_control(
    options: dict[str, Any], seed: int
) -> None:
    for step, (state, _events) in enumerate(_random_states(options, seed)):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        for lang in ("en", "fr") if step % 5 == 0 else ("en",):
            dock = CLIENT.dock(view, legal, NAMES[: len(view["players"])], lang)
            assert Counter(map(repr, dock.actions())) == Counter(map(repr, legal)), step
            labels = [c.label for g in dock.groups for c in g.controls]
            assert all(label and "{" not in label for label in labels), labels
            assert dock.prompt and all(g.label or g.key == "end" for g in dock.groups)


def _hidden_from(state: State, seat: int | None) -> set[int]:
    """The cards `seat` may not see: other hands (a defeated member's aside,
    for the party), every deck, the face-down Hoard."""
    core = state.core
    shown = set(open_hands(state, seat))
    hidden = set(state.hoard)
    for other, player in enumerate(core.players):
        hidden |= set(player.deck)
        if other != seat and other not in shown:
            hidden |= set(player.hand)
    if seat is not None:  # one's own deck is listed (sorted, its order hidden)
        hidden -= set(core.players[seat].deck)
    return hidden


def _names_card(html: str, card: int) -> bool:
    return bool(
        re.search(rf'data-(card|item)="{card}"', html)
        or re.search(rf"&quot;(card|item)&quot;:{card}\b", html)
        or re.search(rf"&quot;cards&quot;:\[[0-9,]*\b{card}\b", html)
    )


@pytest.mark.parametrize(("options", "seed"), _GAMES)
def test_each_seats_html_names_no_card_it_cannot_see(options: dict[str, Any], seed: int) -> None:
    checked = 0
    for step, (state, _events) in enumerate(_random_states(options, seed)):
        if step % 9:
            continue
        for seat in (*range(GAME.seats(state)), None):
            lang = "fr" if step % 2 else "en"
            html = CLIENT.render_table(_scene(state, seat, lang))
            leaked = [c for c in _hidden_from(state, seat) if _names_card(html, c)]
            assert leaked == [], (step, seat, leaked)
            for item in state.hoard:  # the face-down Hoard, not even by name
                assert DRAGON_NAMES(kind_of(item).key, lang) not in html, (step, seat)
            checked += 1
    assert checked > 20


def test_the_check_of_leaks_finds_a_card_named_in_the_html() -> None:
    state, _names = stacked({"players": ["Ana", "Ben", "Dan"], "hands": {"Ben": ["hit_job"]}})
    html = CLIENT.render_table(_scene(state, 1))
    assert _names_card(html, CARD_IDS["hit_job"])
    assert not _names_card(CLIENT.render_table(_scene(state, 0)), CARD_IDS["hit_job"])


_SAMPLES: dict[str, dict[str, Any]] = {
    "give": {"seat": 0, "target": 1, "amount": 4},
    "borrow": {"seat": 1, "lender": 0},
    "no_borrow": {"lender": 0},
    "taunt": {"seat": 0, "boss": 2},
    "calm": {"seat": 2},
    "tail": {"seat": 2},
    "fire": {"seat": 2},
    "damage": {"seat": 2, "card": 5, "amount": 3},
    "reveal": {"seat": 0, "card": CARD_IDS["sword_of_destiny"]},
    "steal": {"seat": 2, "from": 0, "card": CARD_IDS["sword_of_destiny"]},
    "take_item": {"seat": 0, "card": CARD_IDS["orb_of_death"]},
    "skill_check": {"seat": 0, "cards": [5]},
    "use_item": {"seat": 0, "card": CARD_IDS["orb_of_death"]},
    "faction": {"seat": 0, "faction": "wild"},
    "wish": {"seat": 0, "from": "deck"},
    "hoard_back": {"seat": 2, "from": 0, "card": CARD_IDS["orb_of_death"]},
    "new_hand": {"seat": 0},
    "shield": {"seat": 1, "amount": 2},
    "side_wins": {"winners": [0, 1], "side": "party"},
}


def _seen_event_kinds() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for options, seed in (({"players": 4}, 4), ({"players": 6}, 5)):
        for _state, events in _random_states(options, seed):
            for event in events:
                found.setdefault(event["type"], event)
    return found


def test_every_event_kind_has_words_in_both_languages() -> None:
    names = NAMES[:3]
    events = _seen_event_kinds()
    assert set(_SAMPLES) - set(events) != set(_SAMPLES)  # random play reaches the boss deck's
    for kind, sample in _SAMPLES.items():
        events.setdefault(kind, {"type": kind, **sample})
    for kind, event in events.items():
        french = CLIENT.describe(event, names, "fr")
        english = CLIENT.describe(event, names, "en")
        assert french and english and french != english, kind
        assert all("{" not in line for line in french + english), kind
        assert HERO_LOG("unknown", "en") not in english, kind


def test_the_party_wins_and_loses_together_in_the_log() -> None:
    party = CLIENT.describe(
        {"type": "side_wins", "winners": [0, 1], "side": "party"}, NAMES[:3], "en"
    )
    dragon = CLIENT.describe(
        {"type": "side_wins", "winners": [2], "side": "dragon"}, NAMES[:3], "fr"
    )
    assert party == ["The party wins!"] and dragon == ["Le Dragon l’emporte !"]
    boss = CLIENT.describe({"type": "side_wins", "winners": [1], "side": "boss"}, NAMES[:2], "en")
    assert boss == ["Ben wins!"]


def _finished(players: list[str], loser: str, turn: str) -> tuple[State, list[Any]]:
    """A game ended by `turn`'s attack of 3 on `loser`, who has 3 health left."""
    state, names = stacked({"players": players, "health": {loser: 3}, "combat": 5, "turn": turn})
    return GAME.apply(state, names.index(turn), AttackPlayer(names.index(loser), 3))


@pytest.mark.parametrize(
    ("players", "loser", "turn", "side"),
    [
        pytest.param(["Ana", "Dan"], "Dan", "Ana", "party", id="a-party-of-one-wins"),
        pytest.param(["Ana", "Dan"], "Ana", "Dan", "dragon", id="the-dragon-beats-one"),
        pytest.param(["Ana", "Ben", "Dan"], "Dan", "Ben", "party", id="a-party-of-two-wins"),
    ],
)
def test_the_end_names_the_side_in_the_log_the_view_and_on_the_board(
    players: list[str], loser: str, turn: str, side: str
) -> None:
    """Even a party of one wins or loses as the party, not by a name; the
    view's winner is set (Hero Realms' board reads it: no turn area under
    the end panel) and every winner is tagged; the check refuses a wrong one."""
    state, events = _finished(players, loser, turn)
    assert [e["type"] for e in events if e["type"] in ("game_over", "side_wins")] == ["side_wins"]
    names = NAMES[: len(players)]
    words = {"party": "The party wins!", "dragon": "The Dragon wins!"}[side]
    assert [CLIENT.describe(e, names, "en") for e in events][-1] == [words]
    view = GAME.view(state, 0)
    assert view["winner"] == state.winners[0]
    for lang, title in (
        ("en", "The party beat the Dragon!"),
        ("fr", "Le Dragon a vaincu le groupe."),
    ):
        if (side == "party") != (lang == "en"):
            continue
        html = CLIENT.render_table(_scene(state, 0, lang))
        assert f'<p class="hd-end" data-side="{side}" role="status">' in html and title in html
        assert 'class="hr-turn"' not in html
        over = CLIENT.render_game_over(_scene(state, 0, lang))
        assert f'data-side="{side}"' in over and title in over and "over-sub" in over
        # under the live end panel, the final board with the side that won
        _panel, board = over.split("</section>", 1)
        assert board.startswith('<div id="table"') and 'class="hr-end"' not in board
        assert f'<p class="hd-end" data-side="{side}" role="status">' in board
    html = CLIENT.render_table(_scene(state, None))
    tagged = set(map(int, re.findall(r'data-seat="(\d+)"[^>]*>(?:(?!</li>).)*tag-winner', html)))
    assert tagged == set(state.winners)
    other = next(s for s in range(len(players)) if s not in state.winners)
    received = Received(0, {**view, "winner": other}, [], [], GAME.outcome(state))
    assert "view.winner" in (GAME.check_received(received) or "")


def test_every_refusal_has_its_words_in_both_languages() -> None:
    for code in REASONS:
        french, english = CLIENT.reason_text(code, "x", "fr"), CLIENT.reason_text(code, "x", "en")
        assert french == REASONS(code, "fr") and english == REASONS(code, "en")
    # Hero Realms' own refusals keep Hero Realms' words
    assert CLIENT.reason_text("not_your_turn", "x", "en") != REASONS("answer_first", "en")


def test_the_dragons_panel_shows_its_health_hand_taunt_and_the_hoard() -> None:
    state, _names = stacked(
        {
            "players": ["Ana", "Ben", "Dan"],
            "items": {"guardians_shield": "Dan", "orb_of_death": "Ben"},
            "taunters": ["Ana"],
            "health": {"Dan": 77},
        }
    )
    html = CLIENT.render_table(_scene(state, 0, names=TRIO))
    assert re.search(
        r'class="hd-dragon" data-seat="2" data-health="77" data-hand="6" '
        r'data-taunted="true" data-taunters="0"',
        html,
    )
    assert "Taunted by Ana" in html and "Health: 77" in html and "Cards in hand: 6" in html
    assert 'data-hidden="7"' in html and "Items face down: 7" in html
    assert escape("Guardian's Shield, held by Dan") in html
    assert f'data-item="{CARD_IDS["orb_of_death"]}" data-holder="1"' in html
    french = CLIENT.render_table(_scene(state, 1, "fr", TRIO))
    assert "Provoqué par Ana" in french and "Orbe de mort, détenu par Ben" in french
    calm, _names = stacked({"players": ["Ana", "Dan"]})
    assert "Not taunted" in CLIENT.render_table(_scene(calm, 0))


def test_the_party_is_drawn_with_its_neighbours_and_its_defeated() -> None:
    state, _names = stacked({"players": ["Ana", "Ben", "Cleo", "Dan", "Eve"], "health": {"Ben": 0}})
    html = CLIENT.render_table(_scene(state, 0))
    members = dict(
        re.findall(r'class="hd-member" data-seat="(\d)"[^>]*data-adjacent="([\d ]*)"', html)
    )
    # Ben is defeated: Ana and Cleo stand beside each other now, the ring closes over Dan
    assert members == {"0": "2 3", "1": "", "2": "0 3", "3": "0 2"}
    assert 'data-seat="1" data-defeated="true"' in html and "Defeated" in html
    assert "Beside: Cleo, Dan" in html
    # the Dragon is no member; boss against boss has no party at all
    assert 'class="hd-member" data-seat="4"' not in html
    duel, _names = stacked({"players": ["Ana", "Dan"], "mode": "boss_vs_boss"})
    duel_html = CLIENT.render_table(_scene(duel, 0))
    assert "hd-member" not in duel_html and duel_html.count('class="hd-dragon"') == 2


@pytest.mark.parametrize(
    ("lang", "word", "other"), [("en", "Defeated", "Out"), ("fr", "Vaincu", "Éliminé")]
)
def test_a_defeated_member_reads_one_word_in_the_party_and_on_its_seat(
    lang: str, word: str, other: str
) -> None:
    """One state, one word: the seat's tag says what the party panel says."""
    state, _names = stacked({"players": ["Ana", "Ben", "Cleo", "Dan"], "health": {"Ben": 0}})
    html = CLIENT.render_table(_scene(state, 0, lang))
    seat = re.search(r'<li class="seat-panel hr-seat" data-seat="1".*?</li>', html, re.S)
    member = re.search(r'<li class="hd-member" data-seat="1".*?</li>', html, re.S)
    assert seat and member
    down = '<span class="tag tag-down">{}</span>'
    assert down.format(word) in seat.group() and down.format(word) in member.group()
    assert down.format(other) not in html


def test_a_health_gain_goes_to_yourself_or_a_neighbour() -> None:
    state, _names = stacked(
        {"players": ["Ana", "Ben", "Cleo", "Dan", "Eve"], "hands": {"Ana": ["command"]}}
    )
    state, _events = GAME.apply(state, 0, Play(CARD_IDS["command"]))
    legal = GAME.legal_actions(state, 0)
    assert sorted(a.seat for a in legal if isinstance(a, Give)) == [0, 1, 3]
    dock = CLIENT.dock(GAME.view(state, 0), legal, NAMES[:5], "en")
    labels = sorted(c.label for g in dock.groups for c in g.controls)
    assert labels == ["Give 4 health to Ben", "Give 4 health to Dan", "Keep the 4 health"]
    assert dock.prompt == "Who gets these 4 health: you or a member beside you?"


def _health_shown(html: str, seat: int) -> tuple[int, int]:
    """`seat`'s health on its seat panel and in the party panel."""
    panel = re.search(
        rf'data-seat="{seat}"[^>]*>(?:(?!</li>|</section>).)*?data-health="(\d+)"', html, re.S
    )
    member = re.search(rf'class="hd-member" data-seat="{seat}".*?Health: (\d+)', html, re.S)
    assert panel and member, seat
    return int(panel.group(1)), int(member.group(1))


def test_a_health_gain_shows_only_once_its_target_is_chosen() -> None:
    """The rules count a gain waiting for its target on the giver; the board
    shows the health as it is until the choice, then where it went."""
    state, _names = stacked(
        {
            "players": ["Ana", "Ben", "Cleo", "Dan", "Eve"],
            "hands": {"Ana": ["command"]},
            "health": {"Ana": 30, "Ben": 20},
        }
    )
    state, _events = GAME.apply(state, 0, Play(CARD_IDS["command"]))
    assert state.gifts == (4,) and state.core.players[0].health == 34  # counted by the rules
    for seat in (0, 1, None):  # the giver, a neighbour, a spectator: all see 30
        html = CLIENT.render_table(_scene(state, seat))
        assert _health_shown(html, 0) == (30, 30), seat
    kept, _events = GAME.apply(state, 0, Give(0))
    assert _health_shown(CLIENT.render_table(_scene(kept, 0)), 0) == (34, 34)
    given, _events = GAME.apply(state, 0, Give(1))
    html = CLIENT.render_table(_scene(given, 0))
    assert _health_shown(html, 0) == (30, 30) and _health_shown(html, 1) == (24, 24)


def test_a_skill_check_names_the_cards_to_discard_and_their_total() -> None:
    state, _names = stacked(
        {
            "players": ["Ana", "Ben", "Dan"],
            "hands": {"Ana": ["rally_the_troops", "recruit", "recruit_2", "taxation"]},
            "items": {"guardians_shield": "Dan"},
            "taunters": ["Ana"],
        }
    )
    legal = GAME.legal_actions(state, 0)
    dock = CLIENT.dock(GAME.view(state, 0), legal, TRIO, "en")
    (group,) = [g for g in dock.groups if g.key == "skill"]
    assert {c.action for c in group.controls} == {a for a in legal if isinstance(a, SkillCheck)}
    labels = sorted(c.label for c in group.controls)
    assert labels[0].startswith("Take Guardian") and "Rally the Troops" in labels[0]
    assert "Cost discarded: 4 of 4" in labels[0]
    assert "Recruit, Recruit" in labels[1] and "Cost discarded: 4 of 4" in labels[1]
    french = CLIENT.dock(GAME.view(state, 0), legal, NAMES[:3], "fr")
    assert any("Coût défaussé : 4 sur 4" in c.label for g in french.groups for c in g.controls)
    html = CLIENT.render_table(_scene(state, 0))
    assert html.count("&quot;type&quot;:&quot;skill_check&quot;") == 2


def test_lending_from_a_defeated_member_offers_each_card_to_each_taker() -> None:
    state, _names = stacked(
        {
            "players": ["Ana", "Ben", "Dan"],
            "turn": "Dan",
            "health": {"Ana": 0},
            "hands": {"Ana": ["dark_energy", "gold"]},
        }
    )
    state, _events = GAME.apply(state, 2, EndTurn())
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    assert any(isinstance(a, Borrow) for a in legal)
    dock = CLIENT.dock(view, legal, NAMES[:3], "en")
    assert dock.prompt == "Ana is defeated: who borrows one of their cards?"
    labels = [c.label for g in dock.groups for c in g.controls]
    assert "Ben borrows Dark Energy from Ana" in labels and "Borrow nothing" in labels
    assert len(labels) == len(set(labels))
    # the defeated member's hand is open to the party, never to the Dragon
    html = CLIENT.render_table(_scene(state, 1))
    assert f'data-card="{CARD_IDS["dark_energy"]}"' in html and "Ana’s hand" not in html
    assert escape("Ana's hand") in html
    assert f'data-card="{CARD_IDS["dark_energy"]}"' not in CLIENT.render_table(_scene(state, 2))


def test_the_dragons_gold_is_played_in_one_tap_and_named_in_french() -> None:
    state, _names = stacked(
        {
            "players": ["Ana", "Dan"],
            "turn": "Dan",
            "hands": {"Dan": ["elven_gold", "guild_mark", "dragons_fire"]},
        }
    )
    legal = GAME.legal_actions(state, 1)
    dock = CLIENT.dock(GAME.view(state, 1), legal, NAMES[:2], "fr")
    controls = {c.action: c.label for g in dock.groups for c in g.controls}
    assert PlayGold() in controls and "2" in controls[PlayGold()]
    assert controls[Play(CARD_IDS["dragons_fire"])] == "Jouer Feu du Dragon"
    html = CLIENT.render_table(_scene(state, 1, "fr"))
    assert "Feu du Dragon" in html and "Dragon's Fire" not in html


def test_the_end_is_the_partys_win_or_loss() -> None:
    view: dict[str, Any] = GAME.view(stacked({"players": ["Ana", "Ben", "Dan"]})[0], 0)
    assert (
        CLIENT.over_status({**view, "winners": [0, 1]}, NAMES[:3], "en")
        == "The party beat the Dragon!"
    )
    assert (
        CLIENT.over_status({**view, "winners": [2]}, NAMES[:3], "fr")
        == "Le Dragon a vaincu le groupe."
    )
    duel = GAME.view(stacked({"players": ["Ana", "Ben"], "mode": "boss_vs_boss"})[0], 0)
    assert CLIENT.over_status({**duel, "winners": [1]}, NAMES[:2], "en") == "Ben wins!"
    scene = Scene(view={**view, "winners": [0, 1]}, names=NAMES[:3], kinds=["human"] * 3, lang="en")
    assert 'data-seat="1" data-winner="true"' in CLIENT.render_game_over(scene)
    assert CLIENT.markers({**view, "winners": [0, 1]})["over"] == "true"
    assert CLIENT.progress({**view, "winners": [0, 1]}, "en") == "Game over"


def test_the_hoard_cards_answers_name_what_they_take_and_the_diamonds_check() -> None:
    state, _names = stacked(
        {
            "players": ["Ana", "Ben", "Dan"],
            "items": {"orb_of_death": "Ana"},
            "turn": "Dan",
            "hands": {"Dan": ["dragons_claw", "dragons_bite"]},
        }
    )
    view = GAME.view(state, 2)
    orb = CARD_IDS["orb_of_death"]
    cards = (CARD_IDS["dragons_claw"], CARD_IDS["dragons_bite"])
    needed = skill_check(orb)
    assert action_label(view, Reveal(), TRIO, "en") == "Reveal the next item (8 face down)"
    assert action_label(view, Steal(orb, ()), TRIO, "en") == "Steal Orb of Death from Ana"
    total = sum(kind_of(c).cost for c in cards)
    assert action_label(view, Steal(orb, cards), TRIO, "fr") == (
        "Reprendre Orbe de mort à Ana en défaussant Griffe du Dragon, Morsure du Dragon "
        f"(Coût défaussé : {total} sur {needed}.)"
    )


def test_the_blow_that_beats_the_dragon_taunts_it_no_more() -> None:
    """10 damage or more taunts the Dragon, but not the blow that beats it."""
    state, _names = stacked({"players": ["Ana", "Dan"], "health": {"Dan": 12}, "combat": 12})
    state, events = GAME.apply(state, 0, AttackPlayer(1, 12))
    assert state.winners == (0,) and state.taunters == ()
    assert "taunt" not in [e["type"] for e in events]
    assert "Taunted by" not in CLIENT.render_table(_scene(state, None))
