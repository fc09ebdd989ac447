"""Dealing: a new game, and the set-up of each round."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import rng
from ..engine.evolve import evolve
from .cards import BOSS_COUNT, spell_ids, weapon_ids
from .options import Options
from .state import NO_CARD, Player, Stage, State

__all__ = [
    "STARTING_HEARTS",
    "complete_order",
    "deal_round",
    "first_state",
    "new_game",
    "next_round",
]

STARTING_HEARTS = 3


def complete_order(
    state: int, prefix: Sequence[int], cards: Sequence[int]
) -> tuple[tuple[int, ...], int]:
    """A deck that starts with `prefix` (stacked by a scenario) and goes on with
    the rest of `cards` shuffled."""
    stacked = set(prefix)
    rest = [card for card in cards if card not in stacked]
    shuffled, state = rng.shuffle(state, rest)
    return (*prefix, *shuffled), state


def new_game(options: Options, seed: int) -> State:
    """Shuffle everything, draw the first Armorer at random and deal round 1."""
    generator = rng.seed_state(seed)
    armorer, generator = rng.below(generator, options.players)
    bosses, generator = rng.shuffle(generator, range(BOSS_COUNT))
    spells, generator = rng.shuffle(generator, spell_ids(options.uses_yellow))
    return first_state(options, generator, armorer, bosses, spells, weapon_prefix=())


def first_state(
    options: Options,
    generator: int,
    armorer: int,
    bosses: Sequence[int],
    spells: Sequence[int],
    weapon_prefix: Sequence[int],
    hearts: Sequence[int] | None = None,
    keys: Sequence[int] | None = None,
    stacked: tuple[tuple[int, ...], ...] = (),
) -> State:
    """The state at the start of round 1, from decks in a given order (top first)."""
    count = options.players
    players = tuple(
        Player(
            hidden=NO_CARD,
            visible=(),
            hearts=STARTING_HEARTS if hearts is None else hearts[seat],
            keys=0 if keys is None else keys[seat],
        )
        for seat in range(count)
    )
    empty = State(
        options=options,
        rng=generator,
        round=1,
        armorer=armorer,
        seat=NO_CARD,
        stage=Stage.TURN,
        players=players,
        boss=bosses[0],
        boss_deck=tuple(bosses[1:]),
        boss_discard=(),
        weapon_deck=(),
        weapon_discard=(),
        spell_deck=tuple(spells),
        spell_discard=(),
        offer=(),
        mystery=NO_CARD,
        active=(),
        stacked=stacked,
    )
    return deal_round(empty, weapon_prefix)


def _draw_spell(state: State) -> tuple[int, State]:
    """The top spell; an empty deck is first rebuilt from the shuffled discard."""
    if not state.spell_deck:
        deck, generator = rng.shuffle(state.rng, state.spell_discard)
        state = evolve(state, spell_deck=deck, spell_discard=(), rng=generator)
    return state.spell_deck[0], evolve(state, spell_deck=state.spell_deck[1:])


def deal_round(state: State, weapon_prefix: Sequence[int]) -> State:
    """Shuffle every weapon back, deal the spells at the Magician and each player's
    hidden then visible weapon, starting at the Armorer's left."""
    options = state.options
    weapons, generator = complete_order(state.rng, weapon_prefix, weapon_ids(options.uses_yellow))
    state = evolve(state, rng=generator)
    offer = []
    for _ in range(options.spells_face_up):
        card, state = _draw_spell(state)
        offer.append(card)
    mystery, state = _draw_spell(state)
    count = options.players
    order = [(state.armorer + step) % count for step in range(1, count + 1)]
    hidden = dict(zip(order, weapons[:count], strict=True))
    visible = dict(zip(order, weapons[count : 2 * count], strict=True))
    players = tuple(
        evolve(player, hidden=hidden[seat], visible=(visible[seat],), at_magician=False)
        for seat, player in enumerate(state.players)
    )
    return evolve(
        state,
        players=players,
        weapon_deck=tuple(weapons[2 * count :]),
        weapon_discard=(),
        offer=tuple(offer),
        mystery=mystery,
        active=(),
        pending=NO_CARD,
        last_turn=None,
        lone_asked=False,
        known=(),
        seat=order[0],
        stage=Stage.TURN,
    )


def next_round(state: State) -> State:
    """Discard the boss and every spell on the table, pass the Armorer to the
    left, reveal the next boss and deal again."""
    spells_on_table = (*state.offer, *(s.card for s in state.active))
    if state.mystery != NO_CARD:
        spells_on_table = (*spells_on_table, state.mystery)
    state = evolve(
        state,
        round=state.round + 1,
        armorer=(state.armorer + 1) % state.options.players,
        boss_discard=(*state.boss_discard, state.boss),
        spell_discard=(*state.spell_discard, *spells_on_table),
        offer=(),
        mystery=NO_CARD,
        active=(),
    )
    if not state.boss_deck:
        deck, generator = rng.shuffle(state.rng, state.boss_discard)
        state = evolve(state, boss_deck=deck, boss_discard=(), rng=generator)
    state = evolve(state, boss=state.boss_deck[0], boss_deck=state.boss_deck[1:])
    prefix: tuple[int, ...] = ()
    if state.stacked:
        prefix, state = state.stacked[0], evolve(state, stacked=state.stacked[1:])
    return deal_round(state, prefix)
