"""The Dragon game's rules: Hero Realms' turn, reach and abilities seen from
each seat (a party member's only opponents are the Dragons), with what the
boss deck adds: the health given to adjacent members, defeat and lending, the
Dragon's cards, the taunt and the Treasure Hoard."""

from __future__ import annotations

from ..engine.errors import IllegalAction, Reason
from ..engine.evolve import evolve
from ..herorealms.cards import CardType, kind_of
from ..herorealms.pack_actions import afford, check_heist, check_pack, heist, use_pack
from ..herorealms.packs import GOLD, RUBY
from ..herorealms.reach import (
    attackable_players,
    champion_owners,
    player_targets,
    targetable_champions,
)
from ..herorealms.resolve import answer, answers, run_ability, settle, stun
from ..herorealms.rules import champion_health
from ..herorealms.state import (
    NO_CARD,
    Aim,
    AttackChampion,
    AttackPlayer,
    BuyDiscard,
    BuyGem,
    BuyMarket,
    Choose,
    EndTurn,
    Expend,
    Pick,
    Play,
    PlayGold,
    PromptKind,
    Sacrifice,
    Skip,
    UseAbility,
    UseAlly,
    UseSkill,
)
from ..herorealms.state import State as CoreState
from ..herorealms.turn import acquire, buy_market, price
from ..herorealms.zones import Event, put_player, sacrifice_card, without
from . import boss as dragon
from . import hoard, party
from .cards import COINS, DIAMOND, HOARD_IDS, skill_check
from .deal import new_game
from .harm import hurt, settle_defeats
from .phases import end_turn, gains_to_give, return_borrowed
from .state import Action, Borrow, Give, Reveal, SkillCheck, State, Steal, UseItem

__all__ = ["action_universe", "apply", "check", "legal_actions", "new_game", "to_act"]


def to_act(state: State) -> tuple[int, ...]:
    return () if state.winners else (state.core.turn,)


def _gold_cards(hand: tuple[int, ...]) -> list[int]:
    """What "play all gold" plays: Hero Realms' Gold and Ruby, and the
    Dragon's coins and Prismatic Diamonds (their sacrifice is used from play)."""
    return [c for c in hand if kind_of(c) in _GOLD_KINDS]


_GOLD_KINDS = (GOLD, RUBY, DIAMOND, *COINS)


# ------------------------------------------------------------------ checking


def check(state: State, seat: int, action: Action) -> Reason | None:
    if state.winners:
        return Reason("game_over", "the game is over")
    if not 0 <= seat < len(state.core.players):
        return Reason("no_such_seat", "there is no such seat in this game")
    if seat != state.core.turn:
        return Reason("not_your_turn", "it is not your turn")
    if state.lending or state.gifts or state.asks:
        if action in legal_actions(state, seat):
            return None
        return Reason("answer_first", _question_of(state))
    if isinstance(action, Give | Borrow | Reveal | Steal):
        return Reason("no_question", "no card is asking you anything now")
    if state.core.prompts:
        if action in _prompt_answers(state, seat):
            return None
        if isinstance(action, Pick | Choose | Aim | Skip):
            return Reason("bad_answer", "that is not one of the answers to this choice")
        return Reason("answer_first", "answer the question your card asks first")
    if isinstance(action, Pick | Choose | Aim | Skip):
        return Reason("no_question", "no card is asking you anything now")
    return _check_main(state, seat, action)


def _question_of(state: State) -> str:
    if state.lending:
        return "the party first chooses who borrows a card from a defeated member"
    if state.gifts:
        return "first give the health you gained: to yourself or an adjacent member"
    return "answer the question your card asks first"


def _check_main(state: State, seat: int, action: Action) -> Reason | None:
    core = party.as_seen_by(state, seat)
    player = core.players[seat]
    if isinstance(action, EndTurn):
        return None
    if isinstance(action, BuyGem):
        if not core.gems:
            return Reason("no_gems", "the Fire Gem pile is empty")
        return afford(core, price(core, core.gems[0]))
    if isinstance(action, UseAbility | UseSkill):
        return check_pack(core, seat, action)
    if isinstance(action, PlayGold):
        if len(_gold_cards(player.hand)) < 2:
            return Reason("no_gold_to_play", "play all gold plays two or more gold cards")
        return None
    if isinstance(action, AttackPlayer):
        return _check_attack_player(state, core, seat, action)
    if isinstance(action, UseItem):
        return _check_item(state, seat, action.item)
    if isinstance(action, SkillCheck):
        return _check_skill(state, seat, action)
    if isinstance(action, BuyMarket):
        if action.card not in core.market or action.card == NO_CARD:
            return Reason("not_in_market", "that card is not face up in the market")
        return afford(core, price(core, action.card))
    if isinstance(action, BuyDiscard):
        return check_heist(core, seat, action.card)
    assert isinstance(action, Play | Expend | UseAlly | Sacrifice | AttackChampion)
    return _check_card(state, core, seat, action)


def _check_card(
    state: State,
    core: CoreState,
    seat: int,
    action: Play | Expend | UseAlly | Sacrifice | AttackChampion,
) -> Reason | None:
    player, card = core.players[seat], action.card
    if isinstance(action, Play):
        return (
            None if card in player.hand else Reason("not_in_hand", "that card is not in your hand")
        )
    if isinstance(action, AttackChampion):
        return _check_attack_champion(state, core, seat, card)
    if isinstance(action, Expend):
        if card not in player.champions:
            return Reason("not_your_champion", "that card is not one of your champions in play")
        if card in player.expended:
            return Reason("expended", "that champion is already expended this turn")
        return (
            None
            if kind_of(card).expend
            else Reason("no_expend", "that champion has no expend ability")
        )
    if isinstance(action, Sacrifice):
        if card not in core.in_play:
            return Reason("not_in_play", "that card is not in play")
        kind = kind_of(card)
        if kind.sacrifice or kind.key in dragon.SACRIFICES:
            return None
        return Reason("no_sacrifice", "that card has no sacrifice ability")
    if card not in core.in_play + player.champions:
        return Reason("not_in_play", "that card is not in play")
    kind = kind_of(card)
    if not kind.ally:
        return Reason("no_ally", "that card has no ally ability")
    if card in core.allies:
        return Reason("ally_used", "that ally ability was already used this turn")
    if hoard.counted_factions(state, seat)[kind.faction] < 2:
        return Reason("no_ally_in_play", "you need another card of its faction in play")
    return None


def _check_attack_player(
    state: State, core: CoreState, seat: int, action: AttackPlayer
) -> Reason | None:
    if action.seat not in player_targets(core, seat):
        if seat in state.bosses:
            return Reason("not_an_opponent", "attack an opponent still in the game")
        return Reason("not_an_opponent", "the party attacks the Dragon only")
    if action.seat not in attackable_players(core, seat):
        return Reason("guarded", "a prepared guard protects that player")
    taunters = dragon.taunters_of(state, seat)
    if taunters and action.seat not in taunters:
        return Reason("taunted", "you are taunted: your damage goes to a player who taunted you")
    if not 1 <= action.amount <= core.combat:
        return Reason("not_enough_combat", f"attack with 1 to {core.combat} combat")
    return None


def _check_attack_champion(state: State, core: CoreState, seat: int, card: int) -> Reason | None:
    owner = next(
        (s for s in champion_owners(core, seat) if card in core.players[s].champions), None
    )
    if owner is None:
        return Reason("not_a_target", "that card is not an opponent's champion in play")
    if card not in targetable_champions(core, seat):
        return Reason("guarded", "a prepared guard protects that champion")
    taunters = dragon.taunters_of(state, seat)
    if taunters and owner not in taunters:
        return Reason("taunted", "you are taunted: your damage goes to a player who taunted you")
    needed = champion_health(core, card)
    if core.combat < needed:
        return Reason("not_enough_combat", f"stunning it takes {needed} combat")
    return None


def _check_item(state: State, seat: int, item: int) -> Reason | None:
    if item not in hoard.held_by(state, seat):
        return Reason("not_your_item", "you do not hold that Hoard item")
    if item in state.used:
        return Reason("item_used", "that item was already used")
    if not kind_of(item).expend and kind_of(item).key in ("guardians_shield",):
        return Reason("no_use", "that item works by itself")
    return None


def _check_skill(state: State, seat: int, action: SkillCheck) -> Reason | None:
    if seat in state.bosses:
        return Reason("not_in_party", "only a party member takes an item by a skill check")
    holder = dict(state.items).get(action.item)
    if holder is None or holder not in state.bosses:
        return Reason("not_the_dragons", "that is not an item the Dragon holds")
    if not dragon.taunters_of(state, holder):
        return Reason("not_taunted", "a skill check takes an item only while the Dragon is taunted")
    problem = hoard.check_cards(state, seat, action.cards, skill_check(action.item))
    return None if problem is None else Reason("check_failed", problem)


# ------------------------------------------------------------- the legal list


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.lending:
        return _lend_answers(state)
    if state.gifts:
        return [Give(s) for s in (seat, *party.adjacent(state, seat))]
    if state.asks:
        return _ask_answers(state, seat)
    if state.core.prompts:
        return _prompt_answers(state, seat)
    core = party.as_seen_by(state, seat)
    player = core.players[seat]
    factions = hoard.counted_factions(state, seat)
    in_play = (*core.in_play, *player.champions)
    legal: list[Action] = [Play(c) for c in sorted(player.hand)]
    if len(_gold_cards(player.hand)) >= 2:
        legal.append(PlayGold())
    legal += [Expend(c) for c in player.champions if c not in player.expended and kind_of(c).expend]
    legal += [
        UseAlly(c)
        for c in in_play
        if kind_of(c).ally and c not in core.allies and factions[kind_of(c).faction] >= 2
    ]
    legal += [
        Sacrifice(c)
        for c in core.in_play
        if kind_of(c).sacrifice or kind_of(c).key in dragon.SACRIFICES
    ]
    legal += [BuyMarket(c) for c in core.market if c != NO_CARD and price(core, c) <= core.gold]
    if core.gems and price(core, core.gems[0]) <= core.gold:
        legal.append(BuyGem())
    if core.heist:
        legal += [a for a in _heist_buys(core, seat) if check_heist(core, seat, a.card) is None]
    legal += [
        a for a in (UseAbility(), UseSkill()) if player.pack and check_pack(core, seat, a) is None
    ]
    legal += [UseItem(i) for i in hoard.held_by(state, seat) if _check_item(state, seat, i) is None]
    legal += _skill_checks(state, seat)
    legal += [
        AttackChampion(c)
        for c in targetable_champions(core, seat)
        if _check_attack_champion(state, core, seat, c) is None
    ]
    legal += [
        AttackPlayer(s, n)
        for s in attackable_players(core, seat)
        if _check_attack_player(state, core, seat, AttackPlayer(s, 1)) is None
        for n in range(1, core.combat + 1)
    ]
    legal.append(EndTurn())
    return legal


def _heist_buys(core: CoreState, seat: int) -> list[BuyDiscard]:
    return [
        BuyDiscard(c)
        for s in player_targets(core, seat)
        for c in sorted(set(core.players[s].discard))
    ]


def _skill_checks(state: State, seat: int) -> list[Action]:
    if seat in state.bosses:
        return []
    found: list[Action] = []
    for item, holder in state.items:
        if holder in state.bosses and dragon.taunters_of(state, holder):
            found += [
                SkillCheck(item, cards)
                for cards in hoard.minimal_checks(state, seat, skill_check(item))
            ]
    return found


def _lend_answers(state: State) -> list[Action]:
    lender = state.core.players[state.lending[0]]
    takers = party.living_party(state)
    return [*(Borrow(c, s) for c in sorted(set(lender.hand)) for s in takers), Skip()]


def _ask_answers(state: State, seat: int) -> list[Action]:
    ask = state.asks[0]
    if ask == "hoard":
        mine = len(hoard.held_by(state, seat))
        richer = [
            item
            for item, holder in state.items
            if holder != seat and len(hoard.held_by(state, holder)) > mine
        ]
        return [*([Reveal()] if state.hoard else []), *(Steal(i, ()) for i in sorted(richer))]
    if ask == "diamond":
        found: list[Action] = [
            Steal(item, cards)
            for item, holder in sorted(state.items)
            if holder not in state.bosses
            for cards in hoard.minimal_checks(state, seat, skill_check(item))
        ]
        return [*found, Skip()] if found else []
    if ask == hoard.RING:
        player = state.core.players[seat]
        return [Pick(c) for c in sorted(set(player.deck + player.discard))]
    return [Choose(i) for i in range(len(hoard.FACTIONS))]  # an Amulet's or Vial's faction


def _prompt_answers(state: State, seat: int) -> list[Action]:
    prompt = state.core.prompts[0]
    if prompt.kind == PromptKind.AIM_BLESS:  # yourself or an adjacent member
        return [Aim(s) for s in sorted((seat, *party.adjacent(state, seat)))]
    return list(answers(party.as_seen_by(state, seat), seat))


def action_universe(state: State) -> list[Action]:
    """Every action's shape over this game's own cards and seats (a skill
    check's sets of cards aside: the legal list names those)."""
    core = state.core
    seats = range(len(core.players))
    cards = sorted(
        {c for p in core.players for c in (*p.hand, *p.deck, *p.discard, *p.champions)}
        | {c for c in (*core.market, *core.market_deck, *core.gems, *core.sacrificed) if c >= 0}
        | set(core.in_play)
        | set(HOARD_IDS)
    )
    kinds = (Play, Expend, UseAlly, Sacrifice, BuyMarket, AttackChampion, Pick, BuyDiscard)
    return [
        *(kind(card) for kind in kinds for card in cards),
        *(AttackPlayer(s, n) for s in seats for n in range(core.combat + 2)),
        *(Choose(i) for i in range(4)),
        *(Aim(s) for s in seats),
        *(Give(s) for s in seats),
        *(UseItem(i) for i in HOARD_IDS),
        *(Steal(i, ()) for i in HOARD_IDS),
        *(Borrow(c, s) for s in party.party_seats(state) for c in _party_cards(state)),
        BuyGem(), EndTurn(), Skip(), UseAbility(), UseSkill(), PlayGold(), Reveal(),
    ]  # fmt: skip


def _party_cards(state: State) -> list[int]:
    """The cards a defeated member may lend: what the party's hands hold."""
    players = state.core.players
    return sorted({c for s in party.party_seats(state) for c in players[s].hand})


# ------------------------------------------------------------------- applying


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    state, events = _apply(state, seat, action)
    if not isinstance(action, Give):
        state = evolve(state, gifts=(*state.gifts, *gains_to_give(state, seat, events)))
    state, events = settle_defeats(return_borrowed(state), events)
    if not state.winners:
        state, more = _settle(state)
        state = evolve(state, gifts=(*state.gifts, *gains_to_give(state, seat, more)))
        state, events = settle_defeats(return_borrowed(state), events + more)
    state, more = dragon.count_hits(state, seat, events)
    return state, events + more


def _settle(state: State) -> tuple[State, list[Event]]:
    """Answer what asks nothing real: Hero Realms' prompts with one answer,
    the Dragon's questions with one answer or none."""
    seat = state.core.turn
    events: list[Event] = []
    while not state.lending and not state.gifts:
        if state.asks:
            options = _ask_answers(state, seat)
            if len(options) > 1:
                break
            if not options:
                state = evolve(state, asks=state.asks[1:])
                events.append({"type": "ignored", "seat": seat, "card": NO_CARD})
                continue
            state, more = _apply(state, seat, options[0])
            events += more
            continue
        seen = party.as_seen_by(state, seat)
        if seen.prompts and seen.prompts[0].kind == PromptKind.AIM_BLESS:
            break
        core, more = settle(seen, seat)
        state = evolve(state, core=party.back_from(state, seat, core))
        events += more
        break
    return state, events


def _apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.lending:
        return _lend(state, action)
    if isinstance(action, Give):
        return _give(state, seat, action.seat)
    if state.asks:
        return _answer_ask(state, seat, action)
    if state.core.prompts:
        assert isinstance(action, Pick | Choose | Aim | Skip)
        seen = party.as_seen_by(state, seat)
        core, events = answer(seen, seat, action)
        return evolve(state, core=party.back_from(state, seat, core)), events
    if isinstance(action, EndTurn):
        return end_turn(state, seat)
    if isinstance(action, AttackPlayer):
        core = evolve(state.core, combat=state.core.combat - action.amount)
        return hurt(evolve(state, core=core), seat, action.seat, action.amount)
    if isinstance(action, UseItem):
        return hoard.use_item(state, seat, action.item)
    if isinstance(action, SkillCheck):
        state, events = hoard.pay_check(state, seat, action.cards)
        state = hoard.give_item(state, action.item, seat)
        return state, [*events, {"type": "take_item", "seat": seat, "card": action.item}]
    if isinstance(action, PlayGold):
        events = []
        for card in _gold_cards(state.core.players[seat].hand):
            state, more = _apply(state, seat, Play(card))
            events += more
        return state, events
    seen = party.as_seen_by(state, seat)
    core, events = _core_main(seen, seat, action)
    after = evolve(state, core=party.back_from(state, seat, core))
    if isinstance(action, Play) and seat in state.bosses:
        after, more = dragon.after_play(after, seat, action.card, state.core)
        events += more
    if isinstance(action, Sacrifice) and kind_of(action.card).key in dragon.SACRIFICES:
        after, more = dragon.after_sacrifice(after, seat, action.card)
        events += more
    return after, events


def _core_main(core: CoreState, seat: int, action: Action) -> tuple[CoreState, list[Event]]:
    """Hero Realms' own actions, as its rules apply them."""
    player = core.players[seat]
    if isinstance(action, BuyGem):
        return acquire(evolve(core, gems=core.gems[1:]), seat, core.gems[0])
    if isinstance(action, BuyMarket):
        return buy_market(core, seat, action.card)
    if isinstance(action, UseAbility | UseSkill):
        return use_pack(core, seat, action)
    if isinstance(action, BuyDiscard):
        return heist(core, seat, action.card)
    if isinstance(action, AttackChampion):
        needed = champion_health(core, action.card)
        core, events = stun(evolve(core, combat=core.combat - needed), action.card, seat)
        return core, [
            {"type": "attack", "seat": seat, "card": action.card, "amount": needed},
            *events,
        ]
    card = action.card  # type: ignore[union-attr]
    if isinstance(action, Play):
        hand = without(player.hand, card)
        if kind_of(card).type == CardType.CHAMPION:
            core = put_player(
                core, seat, evolve(player, hand=hand, champions=(*player.champions, card))
            )
        else:
            core = evolve(
                put_player(core, seat, evolve(player, hand=hand)), in_play=(*core.in_play, card)
            )
        core, events = run_ability(core, seat, card, "primary")
        return core, [{"type": "play", "seat": seat, "card": card}, *events]
    if isinstance(action, Expend):
        core = put_player(
            core, seat, evolve(player, expended=tuple(sorted((*player.expended, card))))
        )
        core, events = run_ability(core, seat, card, "expend")
        return core, [{"type": "expend", "seat": seat, "card": card}, *events]
    if isinstance(action, UseAlly):
        core = evolve(core, allies=tuple(sorted((*core.allies, card))))
        core, events = run_ability(core, seat, card, "ally")
        return core, [{"type": "ally", "seat": seat, "card": card}, *events]
    assert isinstance(action, Sacrifice)
    core = sacrifice_card(evolve(core, in_play=without(core.in_play, card)), card)
    core, events = run_ability(core, seat, card, "sacrifice")
    return core, [{"type": "sacrifice", "seat": seat, "card": card, "from": "play"}, *events]


def _give(state: State, seat: int, target: int) -> tuple[State, list[Event]]:
    """The first health gain waiting goes wholly to `target` (it was counted on the giver)."""
    amount, gifts = state.gifts[0], state.gifts[1:]
    core = state.core
    if target != seat:
        giver, taker = core.players[seat], core.players[target]
        core = put_player(core, seat, evolve(giver, health=giver.health - amount))
        core = put_player(core, target, evolve(taker, health=taker.health + amount))
    event: Event = {"type": "give", "seat": seat, "target": target, "amount": amount}
    return evolve(state, core=core, gifts=gifts), [event]


def _lend(state: State, action: Action) -> tuple[State, list[Event]]:
    lender, rest = state.lending[0], state.lending[1:]
    if isinstance(action, Skip):
        return evolve(state, lending=rest), [{"type": "no_borrow", "lender": lender}]
    assert isinstance(action, Borrow)
    core = state.core
    owner, taker = core.players[lender], core.players[action.seat]
    core = put_player(core, lender, evolve(owner, hand=without(owner.hand, action.card)))
    core = put_player(core, action.seat, evolve(taker, hand=(*taker.hand, action.card)))
    borrowed = (*state.borrowed, (action.card, lender))
    # the card is the party's to know (the lender's hand is open to it), never the Dragon's
    secret = {str(s): {"card": action.card} for s in party.party_seats(state)}
    event: Event = {"type": "borrow", "seat": action.seat, "lender": lender, "secret": secret}
    return evolve(state, core=core, lending=rest, borrowed=borrowed), [event]


def _answer_ask(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    ask, state = state.asks[0], evolve(state, asks=state.asks[1:])
    if isinstance(action, Reveal):
        return hoard.reveal(state, seat)
    if isinstance(action, Steal):
        holder = dict(state.items)[action.item]
        events: list[Event] = []
        if action.cards:
            state, events = hoard.pay_check(state, seat, action.cards)
        state = hoard.give_item(state, action.item, seat)
        return state, [
            *events,
            {"type": "steal", "seat": seat, "from": holder, "card": action.item},
        ]
    if isinstance(action, Skip):
        return state, [{"type": "skip", "seat": seat, "card": NO_CARD}]
    if isinstance(action, Pick):
        return hoard.ring_pick(state, seat, action.card)
    assert isinstance(action, Choose)
    return hoard.add_faction(state, seat, ask, action.index)
