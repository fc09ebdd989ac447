"""Hero Realms' rules: the set-up, one checker that says why an action is
illegal, the legal list built from it, and `apply`."""

from __future__ import annotations

from collections import Counter

from ..engine import rng
from ..engine.errors import IllegalAction, Reason
from ..engine.evolve import evolve
from .cards import (
    CARD_COUNT,
    CARDS,
    GEM_IDS,
    MARKET_IDS,
    PACKS,
    CardType,
    kind_of,
    starting_ids,
)
from .pack_actions import afford, check_heist, check_pack, heist, use_pack
from .packs import GOLD, RUBY
from .reach import (
    attackable_players,
    champion_owners,
    opponents,
    player_targets,
    targetable_champions,
)
from .resolve import answer, answers, check_answer, run_ability, settle, stun
from .state import (
    HAND_SIZE,
    MARKET_ROW,
    NO_CARD,
    START_HEALTH,
    Action,
    Aim,
    AttackChampion,
    AttackPlayer,
    BuyDiscard,
    BuyGem,
    BuyMarket,
    Choose,
    EndTurn,
    Expend,
    Format,
    Pick,
    Play,
    Player,
    PlayGold,
    Sacrifice,
    Skip,
    State,
    UseAbility,
    UseAlly,
    UseSkill,
)
from .turn import acquire, attack_player, buy_market, end_turn, price
from .zones import Event, defence_of, faction_count, put_player, sacrifice_card, without

__all__ = [
    "action_universe",
    "apply",
    "check",
    "legal_actions",
    "new_game",
    "opening_table",
    "to_act",
]


HYDRA_HEALTH = 75


def opening_hand(seat: int, players: int, format: Format = Format.FREE_FOR_ALL) -> int:
    """2 players: 3 then 5; 3 and more: 3, 4, then 5; Hydra: the first team's
    players 3 each, the other team's 5."""
    if format == Format.HYDRA:
        return 3 if seat < 2 else HAND_SIZE
    if players == 2:
        return (3, 5)[seat]
    return (3, 4)[seat] if seat < 2 else HAND_SIZE


def new_game(
    players: int, seed: int, format: Format = Format.FREE_FOR_ALL, packs: tuple[str, ...] = ()
) -> State:
    """A new game; `packs` names each seat's character pack ("" or missing:
    the base starting deck and 50 health)."""
    dice = rng.seed_state(seed)
    market_deck, dice = rng.shuffle(dice, MARKET_IDS)
    seats: list[Player] = []
    for seat in range(players):
        pack = packs[seat] if seat < len(packs) else ""
        deck, dice = rng.shuffle(dice, starting_ids(seat, pack))
        size = opening_hand(seat, players, format)
        health = PACKS[pack].health if pack else START_HEALTH
        if format == Format.HYDRA:  # the team's, shared: packs' health does not count
            health = HYDRA_HEALTH
        seats.append(
            Player(
                health,
                deck[size:],
                0,
                deck[:size],
                (),
                (),
                (),
                0,
                False,
                pack,
                turns_begun=1 if seat == 0 else 0,
            )
        )
    return opening_table(dice, format, tuple(seats), market_deck)


def opening_table(
    dice: int, format: Format, players: tuple[Player, ...], market_deck: tuple[int, ...]
) -> State:
    """The table as a game begins: the players dealt, the market's first row
    face up, the gems in their pile, the first seat to play (the Dragon's deal too)."""
    return State(
        dice=dice,
        format=format,
        players=players,
        market=market_deck[:MARKET_ROW],
        market_deck=market_deck[MARKET_ROW:],
        gems=GEM_IDS,
        sacrificed=(),
        turn=0,
        turns=1,
        in_play=(),
        gold=0,
        combat=0,
        allies=(),
        damage=(),
        prompts=(),
        to_top=0,
        action_to_top=0,
        to_hand=0,
        winner=NO_CARD,
    )


def to_act(state: State) -> tuple[int, ...]:
    return () if state.winner != NO_CARD else (state.turn,)


# ------------------------------------------------------------------ checking


def check(state: State, seat: int, action: Action) -> Reason | None:
    if state.winner != NO_CARD:
        return Reason("game_over", "the game is over")
    if not 0 <= seat < len(state.players):
        return Reason("no_such_seat", "there is no such seat in this game")
    if seat != state.turn:
        return Reason("not_your_turn", "it is not your turn")
    if state.prompts:
        return check_answer(state, seat, action)
    return _check_main(state, seat, action)


def _check_main(state: State, seat: int, action: Action) -> Reason | None:
    player = state.players[seat]
    if isinstance(action, Pick | Choose | Aim | Skip):
        return Reason("no_question", "no card is asking you anything now")
    if isinstance(action, EndTurn):
        return None
    if isinstance(action, BuyGem):
        if not state.gems:
            return Reason("no_gems", "the Fire Gem pile is empty")
        return afford(state, price(state, state.gems[0]))
    if isinstance(action, UseAbility | UseSkill):
        return check_pack(state, seat, action)
    if isinstance(action, PlayGold):
        if len(golds_in_hand(player.hand)) < 2:
            return Reason("no_gold_to_play", "play all gold plays two or more Gold or Ruby")
        return None
    if isinstance(action, AttackPlayer):
        return _check_attack_player(state, seat, action)
    card = action.card
    if not 0 <= card < CARD_COUNT:
        return Reason("no_such_card", "there is no such card")
    kind = kind_of(card)
    if isinstance(action, Play):
        return (
            None if card in player.hand else Reason("not_in_hand", "that card is not in your hand")
        )
    if isinstance(action, BuyMarket):
        if card not in state.market:
            return Reason("not_in_market", "that card is not face up in the market")
        return afford(state, price(state, card))
    if isinstance(action, BuyDiscard):
        return check_heist(state, seat, card)
    if isinstance(action, AttackChampion):
        return _check_attack_champion(state, seat, card)
    if isinstance(action, Expend):
        if card not in player.champions:
            return Reason("not_your_champion", "that card is not one of your champions in play")
        if card in player.expended:
            return Reason("expended", "that champion is already expended this turn")
        return None if kind.expend else Reason("no_expend", "that champion has no expend ability")
    if isinstance(action, Sacrifice):
        if card not in state.in_play:
            return Reason("not_in_play", "that card is not in play")
        return (
            None if kind.sacrifice else Reason("no_sacrifice", "that card has no sacrifice ability")
        )
    if card not in state.in_play + player.champions:
        return Reason("not_in_play", "that card is not in play")
    if not kind.ally:
        return Reason("no_ally", "that card has no ally ability")
    if card in state.allies:
        return Reason("ally_used", "that ally ability was already used this turn")
    if faction_count(state, seat, kind.faction) < 2:
        return Reason("no_ally_in_play", "you need another card of its faction in play")
    return None


def _check_attack_player(state: State, seat: int, action: AttackPlayer) -> Reason | None:
    if action.seat not in opponents(state, seat):
        return Reason("not_an_opponent", "attack an opponent still in the game")
    if action.seat not in player_targets(state, seat):
        return Reason("out_of_reach", "you may attack only the player on your left")
    if action.seat not in attackable_players(state, seat):
        return Reason("guarded", "a prepared guard protects that player")
    if state.combat == 0:
        return Reason("not_enough_combat", "you have no combat to attack with")
    if not 1 <= action.amount <= state.combat:
        return Reason("not_enough_combat", f"attack with 1 to {state.combat} combat")
    return None


def _check_attack_champion(state: State, seat: int, card: int) -> Reason | None:
    owner = next((s for s in opponents(state, seat) if card in state.players[s].champions), None)
    if owner is None:
        return Reason("not_a_target", "that card is not an opponent's champion in play")
    if owner not in champion_owners(state, seat):
        return Reason("out_of_reach", "you may attack only your neighbours' champions")
    if card not in targetable_champions(state, seat):
        return Reason("guarded", "a prepared guard protects that champion")
    needed = champion_health(state, card)
    if state.combat < needed:
        return Reason("not_enough_combat", f"stunning it takes {needed} combat")
    return None


def golds_in_hand(hand: tuple[int, ...]) -> list[int]:
    """The Gold and Ruby of a hand, in its order: what "play all gold" plays."""
    return [card for card in hand if CARDS[card] in (GOLD, RUBY)]


def champion_health(state: State, card: int) -> int:
    """The damage that stuns a champion now (its defence less this turn's damage)."""
    taken = next((amount for champion, amount in state.damage if champion == card), 0)
    return defence_of(state, card) - taken


# ------------------------------------------------------------- the legal list


def legal_actions(state: State, seat: int) -> list[Action]:
    """The legal list built directly, for speed (random play and the bots'
    playouts list actions at every step); the invariants hold it to `check`
    on every state of the random games (tests/test_herorealms_play.py)."""
    if seat not in to_act(state):
        return []
    if state.prompts:
        return answers(state, seat)
    player = state.players[seat]
    gold, combat = state.gold, state.combat
    in_play = (*state.in_play, *player.champions)
    factions = Counter(CARDS[c].faction for c in in_play)
    legal: list[Action] = [Play(c) for c in sorted(player.hand)]
    if len(golds_in_hand(player.hand)) >= 2:
        legal.append(PlayGold())
    legal += [Expend(c) for c in player.champions if c not in player.expended and CARDS[c].expend]
    legal += [
        UseAlly(c)
        for c in in_play
        if CARDS[c].ally and c not in state.allies and factions[CARDS[c].faction] >= 2
    ]
    legal += [Sacrifice(c) for c in state.in_play if CARDS[c].sacrifice]
    legal += [BuyMarket(c) for c in state.market if c != NO_CARD and price(state, c) <= gold]
    if state.gems and price(state, state.gems[0]) <= gold:
        legal.append(BuyGem())
    if state.heist:
        legal += [
            BuyDiscard(c)
            for s in opponents(state, seat)
            for c in sorted(set(state.players[s].discard))
            if CARDS[c].cost and price(state, c) <= gold
        ]
    legal += [a for a in (UseAbility(), UseSkill()) if check_pack(state, seat, a) is None]
    legal += [
        AttackChampion(c)
        for c in targetable_champions(state, seat)
        if champion_health(state, c) <= combat
    ]
    legal += [
        AttackPlayer(s, n) for s in attackable_players(state, seat) for n in range(1, combat + 1)
    ]
    legal.append(EndTurn())
    return legal


def action_universe(state: State) -> list[Action]:
    cards = range(CARD_COUNT)
    seats = range(len(state.players))
    return [
        *(kind(card) for kind in (Play, Expend, UseAlly, Sacrifice, BuyMarket, AttackChampion, Pick,
                                  BuyDiscard)
          for card in cards),
        *(AttackPlayer(s, n) for s in seats for n in range(state.combat + 2)),
        *(Choose(i) for i in range(4)),
        *(Aim(s) for s in seats),
        BuyGem(), EndTurn(), Skip(), UseAbility(), UseSkill(), PlayGold(),
    ]  # fmt: skip


# ------------------------------------------------------------------- applying


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    if state.prompts:
        state, events = answer(state, seat, action)
    else:
        state, events = _main(state, seat, action)
    if state.winner == NO_CARD:
        state, more = settle(state, state.turn)
        events += more
    return state, events


def _main(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    player = state.players[seat]
    if isinstance(action, EndTurn):
        return end_turn(state, seat)
    if isinstance(action, BuyGem):
        return acquire(evolve(state, gems=state.gems[1:]), seat, state.gems[0])
    if isinstance(action, PlayGold):
        events: list[Event] = []
        for card in golds_in_hand(player.hand):
            state, played = _main(state, seat, Play(card))
            events += played
        return state, events
    if isinstance(action, BuyMarket):
        return buy_market(state, seat, action.card)
    if isinstance(action, AttackPlayer):
        return attack_player(state, seat, action.seat, action.amount)
    if isinstance(action, UseAbility | UseSkill):
        return use_pack(state, seat, action)
    if isinstance(action, BuyDiscard):
        return heist(state, seat, action.card)
    if isinstance(action, AttackChampion):
        needed = champion_health(state, action.card)
        state, events = stun(evolve(state, combat=state.combat - needed), action.card, seat)
        return state, [
            {"type": "attack", "seat": seat, "card": action.card, "amount": needed},
            *events,
        ]
    assert not isinstance(action, Pick | Choose | Aim | Skip)
    card = action.card
    if isinstance(action, Play):
        hand = without(player.hand, card)
        if kind_of(card).type == CardType.CHAMPION:
            state = put_player(
                state, seat, evolve(player, hand=hand, champions=(*player.champions, card))
            )
        else:
            state = evolve(
                put_player(state, seat, evolve(player, hand=hand)), in_play=(*state.in_play, card)
            )
        state, events = run_ability(state, seat, card, "primary")
        return state, [{"type": "play", "seat": seat, "card": card}, *events]
    if isinstance(action, Expend):
        expended = tuple(sorted((*player.expended, card)))
        state = put_player(state, seat, evolve(player, expended=expended))
        state, events = run_ability(state, seat, card, "expend")
        return state, [{"type": "expend", "seat": seat, "card": card}, *events]
    if isinstance(action, UseAlly):
        state = evolve(state, allies=tuple(sorted((*state.allies, card))))
        state, events = run_ability(state, seat, card, "ally")
        return state, [{"type": "ally", "seat": seat, "card": card}, *events]
    assert isinstance(action, Sacrifice)
    state = sacrifice_card(evolve(state, in_play=without(state.in_play, card)), card)
    state, events = run_ability(state, seat, card, "sacrifice")
    return state, [{"type": "sacrifice", "seat": seat, "card": card, "from": "play"}, *events]
