"""A search bot for any game: information-set Monte Carlo search at the root.

Each playout deals a fresh world consistent with the seat's view (the game's
`capabilities.search.determinize(view, seed)`), tries one of the seat's actions
worth searching (the game's `candidates`, the most promising first; by default
every legal action, the playout policy's choice first): each once in that
order, then the one UCB1 picks (an only candidate is played without a
playout). A playout policy plays every seat until the
game's horizon (for Boss Quest, the end of the round), and the result is scored
for the seat. The action tried with the best mean score is played.

Only the view and the legal actions go in, so the bot cannot use anything its
seat may not know. It stops at a playout count and at a time budget, whichever
comes first, the budget binding from the first playout on (with hundreds of
actions, one pass over them could outlast it): an action never tried is never
played, and with no playout at all the policy's choice is. With the count
binding first, the same view and seed always give the same decision.
`steps()` runs the same search in slices, so a page can keep drawing meanwhile.

With a `partner` (another runtime: the page's second worker), half the
playouts are the partner's: it searches them from the same view with its own
worlds, and the two tallies are summed before the best mean is chosen
(root-parallel search, engine/search_share.py). Without one, or when it is
not ready, the bot searches alone, exactly as before.
"""

from __future__ import annotations

import functools
import math
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from . import rng
from .capabilities import Policy, SearchHooks
from .codec import canonical_json
from .errors import MalformedData
from .protocol import Game
from .search_share import PARTNER_SALT, Partner, ShareRequest, Tally, read_reply, request_of

__all__ = [
    "PARTNER_GRACE_S",
    "WAITING",
    "Policy",
    "SearchBot",
    "SearchSettings",
    "play_out",
    "search_share",
]


class _Waiting:
    def __repr__(self) -> str:
        return "WAITING"


#: what `steps` yields where the page should end its task: after asking the
#: partner (so that the request leaves), and while its reply is awaited
WAITING: Final = _Waiting()
#: how long past its deadline a decision waits for its partner's share
PARTNER_GRACE_S = 0.05


@dataclass(frozen=True)
class SearchSettings:
    playouts: int = 300
    time_budget: float = 0.12  # seconds for one decision
    exploration: float = 1.0
    slice_playouts: int = 8  # playouts between two yields of `steps`
    max_playout_actions: int = 400


class SearchBot:
    """Callable like any bot: `bot(view, legal) -> action`."""

    def __init__(
        self,
        game: Game[Any, Any],
        policy: Policy,
        settings: SearchSettings = SearchSettings(),
        seed: int = 0,
    ) -> None:
        self.game = game
        hooks = game.capabilities.search
        if hooks is None:
            raise ValueError(f"the game {game.name} offers no search hooks")
        self.hooks: SearchHooks = hooks
        self.policy = policy
        self.settings = settings
        self.seed = seed
        self.last_playouts = 0  # how many playouts the last decision ran, for benchmarks
        self.last_shared = 0  # of which the partner ran
        self.last_tally = Tally.empty(0)  # the last decision's visits and totals, summed
        #: another runtime searching a share of each decision beside this one
        #: (``search_share``), when there is one
        self.partner: Partner | None = None
        # The game's whole playout, when the playouts are played by its own policy.
        self._whole_playout: Callable[[Any, int, Any, int], Any] | None = (
            hooks.playout if policy is game.capabilities.bots.get(hooks.policy) else None
        )

    def __call__(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
        for choice in self.steps(view, legal):
            if choice is not None and choice is not WAITING:
                return choice
        raise AssertionError("the search always ends with a choice")

    def steps(self, view: dict[str, Any], legal: Sequence[Any]) -> Iterator[Any]:
        """Yield None between slices of playouts (WAITING where the page should
        end its task: to send the partner's request, or while its reply is
        awaited), then the chosen action."""
        self.last_playouts = self.last_shared = 0
        if len(legal) == 1:
            yield legal[0]
            return
        settings = self.settings
        arms = self._arms(view, legal)  # indexes into legal, the most promising first
        if len(arms) == 1:  # the game names one action worth playing: nothing to weigh
            yield legal[arms[0]]
            return
        # The same view and seed give the same worlds, hence the same decision.
        dice = rng.seed_state(self.seed ^ zlib.crc32(canonical_json(view).encode()))
        deadline = time.perf_counter() + settings.time_budget
        tally = self.last_tally = Tally.empty(len(arms))
        token = self._ask_partner(view, legal, arms, dice, deadline)
        own = settings.playouts
        if token is not None:
            own -= settings.playouts // 2
            yield WAITING  # the request leaves with the page's task
        yield from self._search(view, legal, arms, tally, dice, own, deadline)
        if token is not None:
            yield from self._await_partner(token, len(arms), tally, deadline)
        if not self.last_playouts:  # no time for any playout
            yield self.policy(view, legal)
            return
        # The best mean among the arms tried; on a tie, the more promising.
        visits, totals = tally.visits, tally.totals
        best = max(
            (arm for arm in range(len(arms)) if visits[arm]),
            key=lambda arm: (totals[arm] / visits[arm], -arm),
        )
        yield legal[arms[best]]

    def _search(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        arms: Sequence[int],
        tally: Tally,
        dice: int,
        playouts: int,
        deadline: float,
    ) -> Iterator[None]:
        """Run up to `playouts` playouts into `tally` until `deadline`, yielding
        None after each slice of them."""
        settings = self.settings
        seat = view["seat"]
        visits, totals = tally.visits, tally.totals
        hooks = self.hooks
        if hooks.dealer is not None:
            deal = hooks.dealer(view)  # the view read once for every world
        else:
            deal = functools.partial(hooks.determinize, view)
        for playout in range(playouts):
            # The deadline binds from the first playout on: with hundreds of
            # actions, the first pass alone could outlast the budget.
            if time.perf_counter() > deadline:
                break
            arm = self._pick_arm(visits, totals, playout)
            world_seed, dice = rng.next_u64(dice)
            totals[arm] += self._playout(deal(world_seed), seat, legal[arms[arm]])
            visits[arm] += 1
            self.last_playouts += 1
            if playout % settings.slice_playouts == settings.slice_playouts - 1:
                yield None

    def _ask_partner(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        arms: Sequence[int],
        dice: int,
        deadline: float,
    ) -> str | None:
        """Ask the partner for its share of this decision; its token, or None."""
        if self.partner is None or self.settings.playouts < 2:
            return None
        request = request_of(
            self.game,
            view,
            legal,
            arms,
            dice ^ PARTNER_SALT,
            self.settings.playouts // 2,
            deadline - time.perf_counter(),
            self.settings.exploration,
            self.settings.max_playout_actions,
        )
        return self.partner.ask(request)

    def _await_partner(
        self, token: str, arms: int, tally: Tally, deadline: float
    ) -> Iterator[object]:
        """Wait for the partner's reply (until PARTNER_GRACE_S past the
        deadline), then add its share to `tally`; a late or malformed reply
        is dropped, and the decision is this side's alone."""
        partner = self.partner
        assert partner is not None
        while (reply := partner.answer(token)) is None:
            if time.perf_counter() > deadline + PARTNER_GRACE_S:
                partner.forget(token)
                return
            yield WAITING
        try:
            share = read_reply(reply, arms, self.settings.playouts // 2)
        except MalformedData:
            return
        tally.add(share)
        self.last_playouts += share.playouts
        self.last_shared = share.playouts

    def _arms(self, view: dict[str, Any], legal: Sequence[Any]) -> list[int]:
        """The actions to search, as indexes into `legal`, the most promising
        first: the game's `candidates`, or every action with the playout
        policy's own choice first."""
        if self.hooks.candidates is None:
            chosen = self.policy(view, legal)
            first = next((i for i, action in enumerate(legal) if action == chosen), None)
            if first is None:
                raise ValueError(f"the playout policy chose {chosen!r}, not a legal action")
            return [first, *(i for i in range(len(legal)) if i != first)]
        arms = list(self.hooks.candidates(view, legal))
        if not arms or len(set(arms)) != len(arms) or not all(0 <= i < len(legal) for i in arms):
            raise ValueError(
                f"the game {self.game.name} named candidates {arms} among "
                f"{len(legal)} legal actions: distinct indexes into them, at least one"
            )
        return arms

    def _pick_arm(self, visits: list[int], totals: list[float], playout: int) -> int:
        """The first arm not tried yet, in order; then UCB1."""
        if playout < len(visits):
            return playout
        log_total = math.log(playout)
        c = self.settings.exploration
        sqrt = math.sqrt
        # max(range(len(visits)), key=UCB1) written as a loop (the first of
        # equals): no key function to call, at every playout.
        best, top = 0, totals[0] / visits[0] + c * sqrt(log_total / visits[0])
        for arm in range(1, len(visits)):
            visited = visits[arm]
            score = totals[arm] / visited + c * sqrt(log_total / visited)
            if score > top:
                best, top = arm, score
        return best

    def _playout(self, start: Any, seat: int, action: Any) -> float:
        """Play `action` in the world `start`, then the policy for everyone to
        the horizon (in one call of the game's, when it has one for this policy)."""
        limit = self.settings.max_playout_actions
        if self._whole_playout is not None:
            end = self._whole_playout(start, seat, action, limit)
        else:
            end = play_out(self.game, self.policy, start, seat, action, limit)
        return self.hooks.score(start, end, seat)


def search_share(game: Game[Any, Any], request: ShareRequest) -> Tally:
    """A partner's share of a decision, searched at once (the partner's side):
    the hard bot's search, played out by the game's playout policy."""
    hooks = game.capabilities.search
    if hooks is None or hooks.policy not in game.capabilities.bots:
        raise MalformedData(f"the game {game.name} has no search to share")
    settings = SearchSettings(
        playouts=request.playouts,
        time_budget=request.budget_s,
        exploration=request.exploration,
        max_playout_actions=request.max_playout_actions,
    )
    bot = SearchBot(game, game.capabilities.bots[hooks.policy], settings)
    tally = Tally.empty(len(request.arms))
    deadline = time.perf_counter() + request.budget_s
    view, legal, arms = request.view, request.legal, request.arms
    for _slice in bot._search(view, legal, arms, tally, request.dice, request.playouts, deadline):
        pass
    return tally


def play_out(
    game: Game[Any, Any], policy: Policy, start: Any, seat: int, action: Any, limit: int
) -> Any:
    """The last state of a playout: `action` played for `seat` in the world
    `start`, then `policy` for every seat until the game's search horizon or
    its end, at most `limit` actions after the first. What a game's own
    `SearchHooks.playout` must give."""
    hooks = game.capabilities.search
    if hooks is None:
        raise ValueError(f"the game {game.name} offers no search hooks")
    is_over, horizon, to_act = game.is_over, hooks.horizon, game.to_act
    legal_actions = game.legal_actions
    advance = hooks.advance or (lambda state, actor, chosen: game.apply(state, actor, chosen)[0])
    view = hooks.playout_view or game.view
    state = advance(start, seat, action)
    for _ in range(limit):
        if is_over(state) or horizon(start, state):
            break
        actor = to_act(state)[0]
        legal = legal_actions(state, actor)
        # An only choice is every policy's choice: no view needs building.
        action = legal[0] if len(legal) == 1 else policy(view(state, actor), legal)
        state = advance(state, actor, action)
    return state
