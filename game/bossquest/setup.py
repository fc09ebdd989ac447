"""Dealing: a new game, and the set-up of each round."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import rng
from ..engine.evolve import evolve
from . import potions
from .cards import BOSS_COUNT, REAPER
from .options import Options
from .state import NO_CARD, Fate, Player, Stage, State

__all__ = [
    "STARTING_HEARTS",
    "complete_order",
    "deal_round",
    "draw_spell",
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
    if not prefix:  # every deal but a scenario's
        return rng.shuffle(state, cards)
    stacked = set(prefix)
    rest = [card for card in cards if card not in stacked]
    shuffled, state = rng.shuffle(state, rest)
    return (*prefix, *shuffled), state


def new_game(options: Options, seed: int) -> State:
    """Shuffle everything, draw the first Armorer at random and deal round 1."""
    generator = rng.seed_state(seed)
    armorer, generator = rng.below(generator, options.players)
    bosses, generator = rng.shuffle(generator, range(BOSS_COUNT))
    spells, generator = rng.shuffle(generator, options.spells)
    # Drawn last, so that the base game draws exactly as it always did.
    companions: tuple[int, ...] = ()
    if options.companions:
        companions, generator = rng.shuffle(generator, options.companion_cards)
    return first_state(
        options, generator, armorer, bosses, spells, weapon_prefix=(), companions=companions
    )


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
    companions: Sequence[int] = (),
    fates: Sequence[str] | None = None,
    reaper_came: bool = False,
) -> State:
    """The state at the start of round 1, from decks in a given order (top first).
    `companions`: each seat's companion in seat order, then the reserve."""
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
        readings=(0,) * 3 if options.potions else (),
        companions=tuple(companions[:count]),
        reserve=tuple(companions[count:]),
        fates=(tuple(fates or (Fate.KNIGHT,) * count) if options.reaper else ()),
        reaper_came=reaper_came,
    )
    return deal_round(empty, weapon_prefix)


def draw_spell(state: State) -> tuple[int, State]:
    """The top spell; an empty deck is first rebuilt from the shuffled discard."""
    (card,), deck, discard, generator = _draw_spells(
        state.spell_deck, state.spell_discard, state.rng, 1
    )
    return card, evolve(state, spell_deck=deck, spell_discard=discard, rng=generator)


def _draw_spells(
    deck: tuple[int, ...], discard: tuple[int, ...], generator: int, count: int
) -> tuple[list[int], tuple[int, ...], tuple[int, ...], int]:
    """`count` spells drawn one by one from the top of `deck`, the discard
    shuffled into a new deck whenever it runs out: (the cards, the deck and
    discard left, the generator), without copying the state."""
    cards = []
    for _ in range(count):
        if not deck:
            deck, generator = rng.shuffle(generator, discard)
            discard = ()
        cards.append(deck[0])
        deck = deck[1:]
    return cards, deck, discard, generator


def deal_round(state: State, weapon_prefix: Sequence[int]) -> State:
    """Shuffle every weapon back, deal the spells at the Magician and each player's
    hidden then visible weapon, starting at the Armorer's left. One copy of the
    state (two when a potion is dealt face up): this runs every round of every
    playout."""
    options = state.options
    weapons, generator = complete_order(state.rng, weapon_prefix, options.weapons)
    spells, spell_deck, spell_discard, generator = _draw_spells(
        state.spell_deck, state.spell_discard, generator, options.spells_face_up + 1
    )
    count = options.players
    fates = state.fates
    order = [
        seat
        for seat in ((state.armorer + step) % count for step in range(1, count + 1))
        if not fates or fates[seat] != Fate.GONE
    ]
    dealt = len(order)
    hidden = dict(zip(order, weapons[:dealt], strict=True))
    visible = dict(zip(order, weapons[dealt : 2 * dealt], strict=True))
    # A player who has left the game (the Reaper) gets nothing and is never to act.
    players = tuple(
        Player(hidden[seat], (visible[seat],), player.hearts, player.keys, False)
        if seat in hidden
        else Player(NO_CARD, (), player.hearts, player.keys, True)
        for seat, player in enumerate(state.players)
    )
    extensions: dict[str, object] = {}
    if options.companions:
        extensions.update(used=(), saw_mystery=())
    if options.potions:
        extensions["readings"] = potions.unread(state)
    state = evolve(
        state,
        rng=generator,
        spell_deck=spell_deck,
        spell_discard=spell_discard,
        players=players,
        weapon_deck=tuple(weapons[2 * dealt :]),
        weapon_discard=(),
        offer=tuple(spells[:-1]),
        mystery=spells[-1],
        active=(),
        pending=NO_CARD,
        last_turn=None,
        lone_asked=False,
        known=(),
        seat=order[0],
        stage=Stage.TURN,
        **extensions,
    )
    if options.potions:
        reader = potions.face_up_reader(state)
        if reader is not None:  # a potion dealt face up is read before the first turn
            state = evolve(
                state,
                stage=Stage.POTION,
                seat=reader,
                turn_of=state.armorer,
                resume=potions.RESUME_TURN,
            )
    return state


def next_round(state: State) -> State:
    """Discard the boss and every spell on the table, pass the Armorer to the
    left, reveal the next boss and deal again."""
    spells_on_table = (*state.offer, *(s.card for s in state.active))
    if state.mystery != NO_CARD:
        spells_on_table = (*spells_on_table, state.mystery)
    # The Reaper never goes to the boss discard: it comes once a game.
    boss_discard = state.boss_discard if state.boss == REAPER else (*state.boss_discard, state.boss)
    changes: dict[str, object] = {}
    if Fate.GHOST in state.fates:  # a ghost is waiting: the Reaper is the next boss
        changes["boss"] = REAPER
    else:
        boss_deck, generator = state.boss_deck, state.rng
        if not boss_deck:
            boss_deck, generator = rng.shuffle(generator, boss_discard)
            boss_discard = ()
        changes.update(boss=boss_deck[0], boss_deck=boss_deck[1:], rng=generator)
    prefix: tuple[int, ...] = ()
    if state.stacked:
        prefix = state.stacked[0]
        changes["stacked"] = state.stacked[1:]
    state = evolve(
        state,
        round=state.round + 1,
        armorer=_next_armorer(state),
        boss_discard=boss_discard,
        spell_discard=(*state.spell_discard, *spells_on_table),
        offer=(),
        mystery=NO_CARD,
        active=(),
        **changes,
    )
    return deal_round(state, prefix)


def _next_armorer(state: State) -> int:
    """The next player to the left still in the game."""
    count = state.options.players
    for step in range(1, count + 1):
        seat = (state.armorer + step) % count
        if not state.fates or state.fates[seat] != Fate.GONE:
            return seat
    raise AssertionError("nobody is left in the game")
