"""Applying abilities: effects that act at once, and the prompts that ask the
player (an "or", a target, an optional sacrifice) with their answers."""

from __future__ import annotations

from ..engine.errors import Reason
from ..engine.evolve import evolve
from .cards import kind_of
from .effects import Effect, Kind, When
from .looks import holds, look
from .reach import player_targets, targetable_champions
from .state import NO_CARD, Action, Aim, Choose, Pick, Prompt, PromptKind, Skip, State
from .turn import knock_out
from .zones import (
    Event,
    count_per,
    damage_champion,
    draw_cards,
    is_champion,
    put_player,
    sacrifice_card,
    set_health,
    without,
)

__all__ = ["ABILITIES", "ability_of", "answer", "answers", "check_answer", "run_ability", "settle"]

ABILITIES = ("primary", "ally", "sacrifice", "expend")
_PROMPT_OF = {
    Kind.STUN: PromptKind.STUN,
    Kind.OPPONENT_DISCARDS: PromptKind.AIM_DISCARD,
    Kind.PREPARE: PromptKind.PREPARE,
    Kind.SACRIFICE: PromptKind.SACRIFICE,
    Kind.DISCARD_TO_TOP: PromptKind.DISCARD_TO_TOP,
    Kind.CHAMPION_TO_TOP: PromptKind.CHAMPION_TO_TOP,
    Kind.CHOOSE: PromptKind.CHOOSE,
    Kind.RESURRECT: PromptKind.RESURRECT,
    Kind.BLESS: PromptKind.AIM_BLESS,
    Kind.FIREBALL: PromptKind.AIM_FIREBALL,
}
_OPTIONAL = (PromptKind.SACRIFICE, PromptKind.DISCARD_TO_TOP, PromptKind.TRACK_DISCARD)
_FLAG_OF = {
    Kind.NEXT_TO_TOP: "to_top",
    Kind.NEXT_ACTION_TO_TOP: "action_to_top",
    Kind.NEXT_TO_HAND: "to_hand",
    Kind.CHAMPION_DISCOUNT: "champion_discount",
    Kind.ACTION_DISCOUNT: "action_discount",
    Kind.HEIST: "heist",
}


def ability_of(card: int, ability: str) -> tuple[Effect, ...]:
    kind = kind_of(card)
    effects: tuple[Effect, ...] = getattr(kind, ability) if ability in ABILITIES else ()
    return effects


def _effect_of(prompt: Prompt) -> Effect | None:
    effects = ability_of(prompt.card, prompt.ability) if prompt.card != NO_CARD else ()
    return effects[prompt.index] if prompt.index < len(effects) else None


def run_ability(
    state: State, seat: int, card: int, ability: str, effects: tuple[Effect, ...] | None = None
) -> tuple[State, list[Event]]:
    """Apply `card`'s `ability` (or the given effects, an option chosen): the
    plain effects at once; the questions go first in the prompt queue."""
    events: list[Event] = []
    asked: list[Prompt] = []
    for index, effect in enumerate(ability_of(card, ability) if effects is None else effects):
        state, more, prompt = _apply_effect(state, seat, card, ability, index, effect)
        events += more
        if prompt is not None:
            asked.append(prompt)
    if asked:
        state = evolve(state, prompts=(*asked, *state.prompts))
    return state, events


def _apply_effect(
    state: State, seat: int, card: int, ability: str, index: int, effect: Effect
) -> tuple[State, list[Event], Prompt | None]:
    kind = effect.kind
    amount = effect.amount + effect.each * count_per(state, seat, card, effect.per)
    if kind == Kind.GOLD:
        return evolve(state, gold=state.gold + amount), [_gain(seat, "gold", amount)], None
    if kind == Kind.COMBAT:
        return evolve(state, combat=state.combat + amount), [_gain(seat, "combat", amount)], None
    if kind == Kind.HEALTH:
        player = state.players[seat]
        state = set_health(state, seat, player.health + amount)
        return state, [_gain(seat, "health", amount)], None
    if kind == Kind.DRAW or (kind == Kind.DRAW_IF and holds(state, seat, effect)):
        state, events, _count = draw_cards(state, seat, amount)
        return state, events, None
    if kind == Kind.DRAW_IF:
        return state, [], None
    if kind == Kind.CHOOSE and effect.when != When.ALWAYS and holds(state, seat, effect):
        events = []
        for option in effect.options:
            state, more = run_ability(state, seat, card, ability, option)
            events += more
        return state, events, None
    if kind == Kind.TRACK:
        return look(state, seat, card, ability, index, effect)
    if kind in _FLAG_OF:
        flag = _FLAG_OF[kind]
        return evolve(state, **{flag: getattr(state, flag) + 1}), [], None
    if kind == Kind.DRAW_DISCARD and not effect.optional:
        state, events, drawn = draw_cards(state, seat, effect.amount)
        prompts = (Prompt(PromptKind.DISCARD, card, ability, index, 0, 0),) * drawn
        return evolve(state, prompts=(*prompts, *state.prompts)), events, None
    if kind == Kind.DRAW_DISCARD:
        return state, [], Prompt(PromptKind.DRAW_COUNT, card, ability, index, effect.amount, 0)
    left = effect.amount if kind == Kind.SACRIFICE else 0
    return state, [], Prompt(_PROMPT_OF[kind], card, ability, index, left, effect.bonus)


def _gain(seat: int, what: str, amount: int) -> Event:
    """A gain, or a loss (a skill's cost in health) as a loss of a positive amount."""
    kind = "gain" if amount >= 0 else "lose"
    return {"type": kind, "seat": seat, "what": what, "amount": abs(amount)}


# ------------------------------------------------------------------ prompts


def answers(state: State, seat: int) -> list[Action]:
    """Every answer to the first prompt, in a stable order."""
    prompt = state.prompts[0]
    player = state.players[seat]
    kind = prompt.kind
    effect = _effect_of(prompt)
    if kind == PromptKind.CHOOSE:
        count = len(effect.options) if effect is not None else 0
        return [Choose(i) for i in range(count)]
    if kind == PromptKind.DRAW_COUNT:
        most = min(prompt.left, len(player.deck) + len(player.discard))
        return [Choose(i) for i in range(most + 1)]
    if kind in (PromptKind.AIM_DISCARD, PromptKind.AIM_FIREBALL):
        return [Aim(other) for other in player_targets(state, seat)]
    if kind == PromptKind.AIM_BLESS:
        return [Aim(other) for other, p in enumerate(state.players) if not p.out]
    cards: tuple[int, ...] = ()
    if kind == PromptKind.STUN:
        cards = targetable_champions(state, seat)
    elif kind == PromptKind.PREPARE:
        cards = player.expended
    elif kind == PromptKind.SACRIFICE:
        cards = player.hand + player.discard
    elif kind in (PromptKind.DISCARD, PromptKind.OWED_DISCARD):
        cards = player.hand
    elif kind == PromptKind.DISCARD_TO_TOP:
        cards = player.discard
    elif kind == PromptKind.CHAMPION_TO_TOP:
        cards = tuple(c for c in player.discard if is_champion(c))
    elif kind == PromptKind.RESURRECT:
        cards = tuple(c for c in player.discard if c in player.fallen)
    elif kind in (PromptKind.TRACK_DISCARD, PromptKind.TRACK_BACK):
        cards = state.looking
    found: list[Action] = [Pick(card) for card in sorted(set(cards))]
    optional = kind in _OPTIONAL or (
        kind == PromptKind.STUN and effect is not None and effect.optional
    )
    if optional and found:
        found.append(Skip())
    return found


def check_answer(state: State, seat: int, action: Action) -> Reason | None:
    if not isinstance(action, Pick | Choose | Aim | Skip):
        return Reason("answer_first", "answer the question your card asks first")
    if action in answers(state, seat):
        return None
    kind = state.prompts[0].kind
    if isinstance(action, Skip):
        return Reason("must_answer", "this choice cannot be skipped")
    return Reason("bad_answer", f"that is not one of the answers to this {kind.value} choice")


def answer(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Apply a checked answer to the first prompt."""
    prompt, rest = state.prompts[0], state.prompts[1:]
    state = evolve(state, prompts=rest)
    kind = prompt.kind
    if isinstance(action, Skip):
        state = _back_prompt(state, prompt)
        return state, [{"type": "skip", "seat": seat, "card": prompt.card}]
    if isinstance(action, Choose):
        if kind == PromptKind.DRAW_COUNT:
            state, events, drawn = draw_cards(state, seat, action.index)
            discards = (Prompt(PromptKind.DISCARD, prompt.card, prompt.ability, 0, 0, 0),) * drawn
            return evolve(state, prompts=(*discards, *state.prompts)), events
        effect = _effect_of(prompt)
        assert effect is not None
        chosen = effect.options[action.index]
        event: Event = {"type": "choose", "seat": seat, "card": prompt.card, "option": action.index}
        state, events = run_ability(state, seat, prompt.card, prompt.ability, chosen)
        return state, [event, *events]
    if isinstance(action, Aim) and kind == PromptKind.AIM_BLESS:
        return _bless(state, seat, prompt, action.seat)
    if isinstance(action, Aim) and kind == PromptKind.AIM_FIREBALL:
        return _fireball(state, seat, prompt, action.seat)
    if isinstance(action, Aim):
        target = state.players[action.seat]
        state = put_player(state, action.seat, evolve(target, owed=target.owed + 1))
        return state, [{"type": "must_discard", "seat": action.seat, "by": seat}]
    assert isinstance(action, Pick)
    return _pick(state, seat, prompt, action.card)


def _pick(state: State, seat: int, prompt: Prompt, card: int) -> tuple[State, list[Event]]:
    kind = prompt.kind
    player = state.players[seat]
    if kind == PromptKind.STUN:
        return stun(state, card, seat)
    if kind == PromptKind.PREPARE:
        state = put_player(state, seat, evolve(player, expended=without(player.expended, card)))
        return state, [{"type": "prepare", "seat": seat, "card": card}]
    if kind == PromptKind.SACRIFICE:
        if card in player.hand:
            player = evolve(player, hand=without(player.hand, card))
        else:
            player = evolve(player, discard=without(player.discard, card))
        state = sacrifice_card(put_player(state, seat, player), card)
        state = evolve(state, combat=state.combat + prompt.bonus)
        events: list[Event] = [{"type": "sacrifice", "seat": seat, "card": card}]
        if prompt.bonus:
            events.append(_gain(seat, "combat", prompt.bonus))
        if prompt.left > 1:
            again = evolve(prompt, left=prompt.left - 1)
            state = evolve(state, prompts=(again, *state.prompts))
        return state, events
    if kind == PromptKind.RESURRECT:
        player = evolve(
            player,
            discard=without(player.discard, card),
            fallen=without(player.fallen, card),
            champions=(*player.champions, card),
        )
        return put_player(state, seat, player), [{"type": "resurrect", "seat": seat, "card": card}]
    if kind in (PromptKind.TRACK_DISCARD, PromptKind.TRACK_BACK):
        return _track(state, seat, prompt, card)
    if kind in (PromptKind.DISCARD, PromptKind.OWED_DISCARD):
        player = evolve(player, hand=without(player.hand, card), discard=(*player.discard, card))
        return put_player(state, seat, player), [{"type": "discard", "seat": seat, "card": card}]
    # DISCARD_TO_TOP, CHAMPION_TO_TOP: a known card onto the deck
    player = evolve(
        player,
        discard=without(player.discard, card),
        deck=(card, *player.deck),
        known=player.known + 1,
    )
    return put_player(state, seat, player), [{"type": "to_deck", "seat": seat, "card": card}]


def stun(state: State, card: int, by: int) -> tuple[State, list[Event]]:
    """Stun an opponent's champion: it goes to its owner's discard pile."""
    owner = next(s for s, p in enumerate(state.players) if card in p.champions)
    player = state.players[owner]
    expended = without(player.expended, card) if card in player.expended else player.expended
    player = evolve(
        player,
        champions=without(player.champions, card),
        expended=expended,
        discard=(*player.discard, card),
        fallen=(*player.fallen, card),
    )
    damage = tuple(entry for entry in state.damage if entry[0] != card)
    state = evolve(put_player(state, owner, player), damage=damage)
    return state, [{"type": "stun", "seat": by, "owner": owner, "card": card}]


def _same_choice(state: State, options: list[Action]) -> bool:
    """Whether every answer comes to the same (cards of one kind in one zone,
    alike): then nobody need be asked."""
    if len(options) == 1:
        return not isinstance(options[0], Skip)
    if not all(isinstance(option, Pick) for option in options):
        return False
    keys = {_pick_key(state, option.card) for option in options if isinstance(option, Pick)}
    return len(keys) == 1


def _pick_key(state: State, card: int) -> tuple[str, int, str]:
    if card in state.looking:  # cards looked at: alike when of one kind
        return "looking", state.turn, kind_of(card).key
    for seat, player in enumerate(state.players):
        if card in player.hand:
            return "hand", seat, kind_of(card).key
        if card in player.discard:
            return "discard", seat, kind_of(card).key
    return "champion", card, ""  # champions differ by owner, state and damage


def settle(state: State, seat: int) -> tuple[State, list[Event]]:
    """Answer the prompts that ask nothing real: one with no answer is ignored
    (an effect with nothing to target), one whose answers all come to the same
    is answered at once. Stops at the first real question."""
    events: list[Event] = []
    while state.prompts:
        options = answers(state, seat)
        if not options:
            prompt = state.prompts[0]
            events.append({"type": "ignored", "seat": seat, "card": prompt.card})
            state = evolve(state, prompts=state.prompts[1:])
        elif _same_choice(state, options):
            state, more = answer(state, seat, options[0])
            events += more
        else:
            break
    return state, events


# ------------------------------------------------------- the packs' prompts


def _bless(state: State, seat: int, prompt: Prompt, target: int) -> tuple[State, list[Event]]:
    """The player gains health; their champions' defence rises until the end
    of their next turn (the one after this, when they bless themselves)."""
    effect = _effect_of(prompt)
    assert effect is not None
    player = state.players[target]
    lasting = 2 if target == state.turn else 1
    player = evolve(
        player, ward=player.ward + effect.each, ward_turns=max(player.ward_turns, lasting)
    )
    state = set_health(put_player(state, target, player), target, player.health + effect.amount)
    event: Event = {"type": "bless", "seat": seat, "target": target, "amount": effect.amount}
    return state, [event, _gain(target, "health", effect.amount)]


def _fireball(state: State, seat: int, prompt: Prompt, target: int) -> tuple[State, list[Event]]:
    """Damage to every champion of the player (guards or not), then to the player."""
    effect = _effect_of(prompt)
    assert effect is not None
    events: list[Event] = [{"type": "fireball", "seat": seat, "target": target}]
    for champion in state.players[target].champions:
        state, stunned = damage_champion(state, champion, effect.amount)
        if stunned:
            state, more = stun(state, champion, seat)
            events += more
    player = state.players[target]
    health = max(0, player.health - effect.amount)
    state = set_health(state, target, health)
    hit = effect.amount
    attack = {"type": "attack", "seat": seat, "target": target, "amount": hit, "health": health}
    events.append(attack)
    if health == 0:
        state, more = knock_out(state, target)
        events += more
    return state, events


def _track(state: State, seat: int, prompt: Prompt, card: int) -> tuple[State, list[Event]]:
    """A card looked at goes to the discard pile, or back on the deck: the
    first one put back on top, each next one under those (`left` counts them)."""
    player = state.players[seat]
    state = evolve(state, looking=without(state.looking, card))
    if prompt.kind == PromptKind.TRACK_BACK:
        placed = prompt.left
        player = evolve(player, deck=(*player.deck[:placed], card, *player.deck[placed:]))
        state = put_player(state, seat, player)
        if state.looking:
            state = evolve(state, prompts=(evolve(prompt, left=placed + 1), *state.prompts))
        return state, [{"type": "put_back", "seat": seat}]
    state = put_player(state, seat, evolve(player, discard=(*player.discard, card)))
    if prompt.left > 1 and state.looking:
        state = evolve(state, prompts=(evolve(prompt, left=prompt.left - 1), *state.prompts))
    else:
        state = _back_prompt(state, prompt)
    return state, [{"type": "discard", "seat": seat, "card": card}]


def _back_prompt(state: State, prompt: Prompt) -> State:
    """After the discards of a look, the cards left go back on top."""
    if prompt.kind != PromptKind.TRACK_DISCARD or not state.looking:
        return state
    back = evolve(prompt, kind=PromptKind.TRACK_BACK, left=0)
    return evolve(state, prompts=(back, *state.prompts))
