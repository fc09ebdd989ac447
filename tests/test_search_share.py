"""A search that shares half its playouts with a partner (root-parallel search,
game/engine/search_share.py): the partner searches its share from the request
alone, the two tallies are summed, the decision repeats given a seed, and a
partner that is missing, silent or says nonsense leaves the bot deciding from
its own share."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from game.engine import rng
from game.engine.bots import HARD, bot_levels, make_bot
from game.engine.errors import MalformedData
from game.engine.protocol import JSON, Game
from game.engine.search import WAITING, SearchBot, SearchSettings, search_share
from game.engine.search_share import read_reply, read_request, reply_of
from game.registry import GAMES, get_game

COUNT_BINDS = SearchSettings(playouts=24, time_budget=30.0)


def decisions(game: Game[Any, Any]) -> Iterator[tuple[dict[str, Any], list[Any]]]:
    """A seat's view and legal actions at decisions of random 4-player games
    where the seat has a choice the search weighs (a move the game names
    alone is played without a search, so without a partner)."""
    hooks = game.capabilities.search
    named = hooks.candidates if hooks is not None else None
    for seed in range(3):
        state = game.new_game({"players": 4}, seed)
        dice = rng.seed_state(seed)
        for step in range(40):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            legal = list(game.legal_actions(state, seat))
            if step % 9 == 4 and len(legal) > 1:
                view = game.view(state, seat)
                if named is None or len(named(view, legal)) > 1:
                    yield view, legal
            index, dice = rng.below(dice, len(legal))
            state, _ = game.apply(state, seat, legal[index])


class InProcessPartner:
    """A partner that searches at once, every message crossing as JSON text,
    as the page's helper worker does; or one that only records (`silent`), or
    answers with `forged` instead."""

    def __init__(self, silent: bool = False, forged: dict[str, Any] | None = None) -> None:
        self.silent, self.forged = silent, forged
        self.replies: dict[str, Mapping[str, Any]] = {}
        self.asked: list[dict[str, Any]] = []
        self.forgotten: list[str] = []

    def ask(self, request: dict[str, JSON]) -> str | None:
        token = f"t{len(self.asked)}"
        request["token"] = token
        sent = json.loads(json.dumps(request, allow_nan=False))
        self.asked.append(sent)
        if self.forged is not None:
            self.replies[token] = {"kind": "searched", "token": token, **self.forged}
        elif not self.silent:
            read = read_request(sent, get_game)
            reply = reply_of(token, search_share(get_game(read.game), read))
            self.replies[token] = json.loads(json.dumps(reply, allow_nan=False))
        return token

    def answer(self, token: str) -> Mapping[str, Any] | None:
        return self.replies.pop(token, None)

    def forget(self, token: str) -> None:
        self.forgotten.append(token)


def hard(game: Game[Any, Any], settings: SearchSettings, partner: Any = None) -> SearchBot:
    bot = make_bot(game, "hard", 7, settings)
    assert isinstance(bot, SearchBot)
    bot.partner = partner
    return bot


#: the games with a search bot (the hard level); the Dragon boss deck has none
SEARCHING = sorted(name for name, game in GAMES.items() if HARD in bot_levels(game))


@pytest.mark.parametrize("name", SEARCHING)
def test_a_partner_runs_half_the_playouts_and_the_decision_repeats(name: str) -> None:
    game = get_game(name)
    for view, legal in decisions(game):
        partner = InProcessPartner()
        bot = hard(game, COUNT_BINDS, partner)
        steps = list(bot.steps(view, legal))
        choice = steps[-1]
        assert choice in legal
        assert (bot.last_playouts, bot.last_shared) == (24, 12)
        # the request went out before any playout of this side's, and holds
        # the seat's view and legal actions, nothing else of the game
        assert steps[0] is WAITING
        (request,) = partner.asked
        assert request["view"] == json.loads(json.dumps(view))
        assert [game.action_from_json(a) for a in request["legal"]] == legal
        assert hard(game, COUNT_BINDS, InProcessPartner())(view, legal) == choice


def test_the_partner_plays_other_worlds_than_this_side() -> None:
    """Its dice are not this side's: the same worlds would give the same tally."""
    game = get_game("theboss")
    differ = 0
    for view, legal in decisions(game):
        partner = InProcessPartner(forged=None)
        hard(game, COUNT_BINDS, partner)(view, legal)
        alone = hard(game, SearchSettings(playouts=12, time_budget=30.0))
        alone(view, legal)
        read = read_request(partner.asked[0], get_game)
        theirs = search_share(game, read)
        differ += (theirs.visits, theirs.totals) != (
            alone.last_tally.visits,
            alone.last_tally.totals,
        )
    assert differ >= 3


def test_the_partners_share_counts_in_the_decision() -> None:
    """A partner that played one arm and scored it far above any score wins
    that arm the decision: its tally is added to this side's."""
    game = get_game("theboss")
    for view, legal in decisions(game):
        bot = hard(game, COUNT_BINDS, InProcessPartner())
        bot(view, legal)
        arms = len(bot._arms(view, legal))
        if arms < 2:
            continue
        last = arms - 1  # the least promising arm
        visits = [0] * arms
        totals = [0.0] * arms
        visits[last], totals[last] = 12, 1e9
        forged = InProcessPartner(forged={"visits": visits, "totals": totals})
        assert hard(game, COUNT_BINDS, forged)(view, legal) == legal[bot._arms(view, legal)[last]]


@pytest.mark.parametrize(
    "forged",
    [
        {"visits": [13], "totals": [1.0]},  # one arm, whatever their count
        {"visits": "twelve", "totals": []},
        {"visits": [-1], "totals": [0.0]},
        {"visits": [0], "totals": [5.0]},  # a score for an arm never tried
        {"visits": [1], "totals": [float("nan")]},
        {"visits": [1], "totals": [1.0], "extra": 1},
    ],
)
def test_a_malformed_share_is_dropped_and_the_bot_decides_from_its_own(
    forged: dict[str, Any],
) -> None:
    game = get_game("bossquest")
    for view, legal in decisions(game):
        arms = len(hard(game, COUNT_BINDS)._arms(view, legal))
        # the forged share fitted to this decision's arms, spoiled the same way
        fitted = dict(forged)
        if isinstance(forged["visits"], list):
            fitted["visits"] = forged["visits"] + [0] * (arms - 1)
            fitted["totals"] = forged["totals"] + [0.0] * (arms - 1)
            if forged["visits"] == [13]:
                fitted["visits"][0] = 13  # more than the partner's share of 12
        bot = hard(game, COUNT_BINDS, InProcessPartner(forged=fitted))
        own_half = hard(game, SearchSettings(playouts=12, time_budget=30.0))
        assert bot(view, legal) == own_half(view, legal)
        assert (bot.last_playouts, bot.last_shared) == (12, 0)


def test_without_a_partner_ready_the_bot_searches_alone_as_before() -> None:
    class NotReady(InProcessPartner):
        def ask(self, request: dict[str, JSON]) -> str | None:
            return None

    game = get_game("theboss")
    for view, legal in decisions(game):
        bot = hard(game, COUNT_BINDS, NotReady())
        steps = list(bot.steps(view, legal))
        assert WAITING not in steps
        assert steps[-1] == hard(game, COUNT_BINDS)(view, legal)
        assert (bot.last_playouts, bot.last_shared) == (24, 0)


def test_a_silent_partner_is_given_up_a_moment_past_the_deadline() -> None:
    game = get_game("theboss")
    view, legal = next(decisions(game))
    partner = InProcessPartner(silent=True)
    bot = hard(game, SearchSettings(playouts=300, time_budget=0.01), partner)
    choice = bot(view, legal)
    assert choice in legal
    assert partner.forgotten == ["t0"] and bot.last_shared == 0


def good_request() -> dict[str, Any]:
    game = get_game("theboss")
    view, legal = next(decisions(game))
    partner = InProcessPartner(silent=True)
    hard(game, SearchSettings(playouts=8, time_budget=0.0), partner)(view, legal)
    return partner.asked[0]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"kind": "play"}, "must be of kind search"),
        ({"dice": "-5"}, "dice must be a 64-bit number"),
        ({"dice": str(2**64)}, "dice must be a 64-bit number"),
        ({"arms": [0, 0]}, "arms must be distinct indexes"),
        ({"arms": [10**6]}, "arms must be distinct indexes"),
        ({"arms": []}, "arms must be distinct indexes"),
        ({"playouts": 0}, "playouts must be from 1"),
        ({"budget_ms": 1e9}, "budget_ms must be from 0"),
        ({"budget_ms": "soon"}, "budget_ms must be a finite number"),
        ({"view": []}, "view must be a seat's view"),
        ({"legal": []}, "legal must list at least two actions"),
        ({"max_playout_actions": 0}, "max_playout_actions must be from 1"),
        ({"surprise": 1}, "unknown field(s) surprise"),
    ],
)
def test_a_malformed_request_is_refused_with_its_reason(
    change: dict[str, Any], reason: str
) -> None:
    request = {**good_request(), **change}
    with pytest.raises(MalformedData, match=re.escape(reason)):
        read_request(request, get_game)


def test_a_request_for_an_unknown_game_or_action_is_refused() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        read_request({**good_request(), "game": "chess"}, get_game)
    request = good_request()
    request["legal"] = [{"nonsense": True}, *request["legal"][1:]]
    with pytest.raises(MalformedData):
        read_request(request, get_game)


def test_a_reply_is_read_against_the_decisions_arms() -> None:
    reply = {"kind": "searched", "token": "t", "visits": [2, 1], "totals": [1.5, -0.5]}
    tally = read_reply(reply, arms=2, playouts=3)
    assert (tally.visits, tally.totals, tally.playouts) == ([2, 1], [1.5, -0.5], 3)
    with pytest.raises(MalformedData, match="at most in all"):
        read_reply(reply, arms=2, playouts=2)
    with pytest.raises(MalformedData, match="must hold 3 visits"):
        read_reply(reply, arms=3, playouts=3)
