"""The Dragon game's set-up figures, options and outcome, hidden information
(views, events, re-deals), strict decoding, the host-frame check, skill-check
payments, and the words a player reads."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from game.engine.errors import MalformedData, ScenarioError
from game.engine.events import event_for_seat
from game.engine.outcome import outcome_problem
from game.engine.simulate import random_game
from game.engine.viewcheck import Received
from game.herorealms.cards import kind_of
from game.herorealms.ui.describe import REASONS as HERO_REASONS
from game.herorealms.view_check import _EVENTS as HERO_EVENTS
from game.hrdragon import codec, hoard, rules
from game.hrdragon.cards import HOARD_IDS, ITEMS, boss_deck
from game.hrdragon.game import DECLARED, GAME
from game.hrdragon.scenario import read_action
from game.hrdragon.stack import CARD_IDS, stacked
from game.hrdragon.state import Borrow, SkillCheck, State
from game.hrdragon.views import redeal, view
from game.hrdragon.words import CARD_TEXTS, LOG, NAMES, REASONS

SOURCES = Path(__file__).resolve().parent.parent / "game" / "hrdragon"


@pytest.mark.parametrize(
    ("counted", "added"),
    [
        (1, {}),
        (2, {"dragons_claw": 1, "ruby": 1}),
        (3, {"dragons_claw": 1, "ruby": 1, "cunning_blow": 1, "prismatic_diamond": 1}),
        (4, {"dragons_claw": 1, "ruby": 2, "cunning_blow": 1, "prismatic_diamond": 1,
             "dragons_fire": 1}),
        (5, {"dragons_claw": 2, "ruby": 2, "cunning_blow": 1, "prismatic_diamond": 2,
             "dragons_fire": 1}),
    ],
)  # fmt: skip
def test_the_dragons_starting_deck_grows_with_the_party(
    counted: int, added: dict[str, int]
) -> None:
    always = Counter(
        [
            "dragons_tail", "dragons_fire", "dragons_bite", "dragons_claw", "hoard", "ruby",
            "imperial_chevron", "demon_coin", "elven_gold", "guild_mark",
        ]
    )  # fmt: skip
    deck = Counter(kind_of(card).key for card in boss_deck(0, counted))
    assert deck == always + Counter(added)
    assert sum(deck.values()) == 10 + 2 * (counted - 1)


def test_a_fifth_hero_has_a_character_pack_option_and_the_dragon_none() -> None:
    options = GAME.normalize_options({"players": 6, "pack_5": "wizard"})
    state = GAME.new_game(options, 4)
    assert [p.pack for p in state.core.players] == ["", "", "", "", "wizard", ""]
    assert state.core.players[4].health == 50 and state.core.players[5].health == 250


def test_roles_teams_and_outcomes_are_declared() -> None:
    party = {"players": 3}
    assert [r.id for r in DECLARED.seat_roles(party)] == ["hero", "hero", "dragon"]
    assert [t.id if t else None for t in DECLARED.seat_teams(party)] == ["party", "party", "dragon"]
    duel = GAME.normalize_options({"players": 2, "mode": "boss_vs_boss"})
    assert [r.id for r in DECLARED.seat_roles(duel)] == ["first_dragon", "second_dragon"]
    for options, seed in ((party, 1), (party, 2), (duel, 3)):
        state, _played, _ = random_game(GAME, options, seed=seed)
        assert outcome_problem(DECLARED, options, GAME.outcome(state)) is None


def _midgame() -> tuple[State, list[str]]:
    """Ana defeated, holding a hand; the Dragon has lent nothing yet."""
    setup = {
        "players": ["Ana", "Ben", "Dan"],
        "turn": "Dan",
        "health": {"Ana": 0},
        "hands": {"Ana": ["dark_energy", "gold"], "Ben": ["hit_job"]},
        "hoard": ["ring_of_wishes"],
    }
    return stacked(setup)


def test_views_hide_hands_deck_orders_and_the_face_down_hoard() -> None:
    state, _names = _midgame()
    dragon, ben = view(state, 2), view(state, 1)
    hidden = {CARD_IDS["hit_job"], CARD_IDS["dark_energy"]}
    assert dragon["open_hands"] == {} and not hidden & set(dragon["hand"])
    assert ben["open_hands"] == {"0": list(state.core.players[0].hand)}
    for seen in (dragon, ben, view(state, None)):
        assert seen["hoard_size"] == 9 and seen["items"] == [] and "hoard" not in seen


def test_a_borrowed_card_is_the_partys_secret() -> None:
    state, _names = _midgame()
    state, _events = rules.apply(state, 2, read_action("end", ["Ana", "Ben", "Dan"]))
    borrow = Borrow(CARD_IDS["dark_energy"], 1)
    assert borrow in rules.legal_actions(state, 1)
    _state, events = rules.apply(state, 1, borrow)
    (event,) = events
    assert "card" not in event_for_seat(event, 2) and "card" not in event_for_seat(event, None)
    assert event_for_seat(event, 1)["card"] == CARD_IDS["dark_energy"]
    assert event_for_seat(event, 0)["card"] == CARD_IDS["dark_energy"]


def test_a_redeal_keeps_what_the_seat_sees_and_shuffles_the_rest() -> None:
    state, _names = _midgame()
    for seat in (0, 1, 2):
        dealt = redeal(state, seat, 11)
        assert view(dealt, seat) == view(state, seat)
    ana = state.core.players[0].hand
    assert all(redeal(state, 1, seed).core.players[0].hand == ana for seed in range(5))
    assert any(redeal(state, 2, seed).core.players[0].hand != ana for seed in range(5))
    assert any(redeal(state, 1, seed).hoard != state.hoard for seed in range(5))


def test_bad_actions_and_states_are_refused_with_the_reason() -> None:
    with pytest.raises(MalformedData, match="seat must be a seat"):
        codec.action_from_json({"type": "give", "seat": 9})
    with pytest.raises(MalformedData, match="a card must be an id"):
        codec.action_from_json({"type": "skill_check", "item": HOARD_IDS[0], "cards": [99999]})
    state, _names = _midgame()
    data = codec.state_to_json(state)
    data["hoard"] = [*data["hoard"], data["hoard"][0]]
    with pytest.raises(MalformedData, match="every card is in one place"):
        codec.state_from_json(data)
    refused = rules.check(state, 0, read_action("end", ["Ana", "Ben", "Dan"]))
    assert refused is not None and refused.code == "not_your_turn"


def test_the_host_frame_check_passes_honest_frames_and_refuses_a_peek() -> None:
    state, _names = _midgame()
    for seat in (0, 1, 2, None):
        legal = [codec.action_to_json(a) for a in rules.legal_actions(state, seat)] if seat else []
        frame = Received(seat, view(state, seat), legal, [], None)
        assert GAME.check_received(frame) is None, seat
    peeking = view(state, None) | {"open_hands": {"0": [1, 2]}}
    assert GAME.check_received(Received(None, peeking, [], [], None)) is not None
    assert GAME.check_received(Received(2, {"seat": 2}, [], [], None)) is not None


def test_a_skill_check_is_offered_in_each_least_way_to_pay_it() -> None:
    setup = {
        "players": ["Ana", "Ben", "Dan"],
        "hands": {"Ana": ["rally_the_troops", "recruit", "recruit_2", "taxation"]},
        "items": {"guardians_shield": "Dan"},
        "taunters": ["Ana"],
    }
    state, _names = stacked(setup)
    shield = CARD_IDS["guardians_shield"]
    ways = {
        tuple(sorted(kind_of(c).key for c in cards)) for cards in hoard.minimal_checks(state, 0, 4)
    }
    assert ways == {("rally_the_troops",), ("recruit", "recruit")}
    offered = [a for a in rules.legal_actions(state, 0) if isinstance(a, SkillCheck)]
    assert len(offered) == 2 and all(a.item == shield for a in offered)


def test_every_card_and_item_has_a_name_and_a_text_in_both_languages() -> None:
    keys = {kind_of(c).key for c in (*boss_deck(0, 5), *HOARD_IDS)} - {"ruby"}
    assert keys == set(NAMES) == set(CARD_TEXTS)
    assert {item.key for item in ITEMS} <= set(NAMES)
    for catalogue in (NAMES, CARD_TEXTS, LOG, REASONS):
        assert catalogue.problems() == []
    assert all("’" in NAMES(k, "fr") or "'" not in NAMES(k, "fr") for k in NAMES)


def test_every_refusal_of_the_boss_deck_has_words() -> None:
    codes = set()
    for path in SOURCES.glob("*.py"):
        codes |= set(re.findall(r'Reason\(\s*"([a-z_]+)"', path.read_text("utf-8")))
    assert codes and [c for c in sorted(codes) if c not in REASONS and c not in HERO_REASONS] == []


def test_every_event_the_boss_deck_adds_has_a_log_line() -> None:
    seen: set[str] = set()
    for players, seed in ((3, 1), (5, 2)):
        state = GAME.new_game({"players": players}, seed)
        pick = random.Random(seed)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            state, events = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))
            seen |= {e["type"] for e in events}
    added = seen - set(HERO_EVENTS) - {"game_over", "out", "turn", "end_turn", "attack", "stun"}
    assert added and sorted(added - set(LOG)) == []


def test_the_deal_shows_each_hand_to_its_seat_alone_and_rounds_count_the_dragons_turns() -> None:
    state = GAME.new_game(GAME.normalize_options({"players": 3}), 2)
    (deal,) = GAME.capabilities.opening_events(state)  # type: ignore[misc]
    assert deal["hands"] == [3, 3, 6]
    assert event_for_seat(deal, 2)["cards"] == list(state.core.players[2].hand)
    assert "cards" not in event_for_seat(deal, None)
    rounds = GAME.capabilities.rounds
    assert rounds is not None and rounds(state) == 1
    for seat in (0, 1, 2):
        state, _events = GAME.apply(state, seat, read_action("end", ["Ana", "Ben", "Dan"]))
    assert rounds(state) == 2 and state.core.turn == 0


@pytest.mark.parametrize(
    "setup",
    [
        {"players": "Ana"},
        {"players": ["Ana", "Ana"]},
        {"players": ["Ana", "Dan"], "packs": {"Ana": ["cleric"]}},
        {"players": ["Ana", "Dan"], "packs": {"Dan": "cleric"}},
        {"players": ["Ana", "Dan"], "hands": {"Ana": ["no_such_card"]}},
        {"players": ["Ana", "Dan"], "hands": {"Ana": ["cunning_blow"]}},
        {"players": ["Ana", "Dan"], "hands": {"Ana": ["sword_of_destiny"]}},
        {"players": ["Ana", "Dan"], "hoard": ["dagger"]},
        {"players": ["Ana", "Dan"], "items": {"sword_of_destiny": ["Ana"]}},
        {"players": ["Ana", "Dan"], "taunters": "Ana"},
        {"players": ["Ana", "Dan"], "mode": {"boss": 1}},
        {"players": ["Ana", "Dan"], "turn": ["Ana"]},
        {"players": ["Ana", "Dan"], "health": {"Ana": -1}},
        {"players": ["Ana", "Dan"], "elsewhere": 1},
    ],
)
def test_a_bad_stacked_setup_is_refused_with_its_reason(setup: dict[str, object]) -> None:
    with pytest.raises(ScenarioError):
        stacked(setup)
