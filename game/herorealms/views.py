"""What each seat may know, re-dealing what it cannot, and the state's invariants.

Hidden: every hand but one's own, the order of every deck (even one's own:
a seat sees which cards its deck holds, sorted, never their order) and the
market deck. Public: discard piles, champions, the cards played this turn,
the sacrifice pile, the cards put face up on top of a deck."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import (
    CARD_COUNT,
    GEM_IDS,
    MARKET_IDS,
    MAX_SEATS,
    PACKS,
    CardType,
    kind_of,
    starting_ids,
)
from .resolve import ability_of
from .rules import to_act
from .state import MARKET_ROW, NO_CARD, Format, Player, Prompt, PromptKind, State
from .zones import defence_of

__all__ = ["redeal", "state_problems", "view"]

_LOOKS = (PromptKind.TRACK_DISCARD, PromptKind.TRACK_BACK)


def _public_player(player: Player) -> dict[str, Any]:
    return {
        "health": player.health,
        "hand_size": len(player.hand),
        "deck_size": len(player.deck),
        "deck_top": list(player.deck[: player.known]),
        "discard": list(player.discard),
        "champions": list(player.champions),
        "expended": list(player.expended),
        "owed": player.owed,
        "out": player.out,
        "pack": player.pack,
        "ability_used": player.ability_used,
        "skill_used": player.skill_used,
        "turns_begun": player.turns_begun,
        "fallen": list(player.fallen),
        "ward": player.ward,
        "ward_turns": player.ward_turns,
    }


def _prompt(prompt: Prompt) -> dict[str, Any]:
    """A question waiting for its answer: public (its answers are not)."""
    return {
        "kind": prompt.kind.value,
        "card": prompt.card,
        "ability": prompt.ability,
        "index": prompt.index,
        "left": prompt.left,
        "bonus": prompt.bonus,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    mine = state.players[seat] if seat is not None and 0 <= seat < len(state.players) else None
    return {
        "seat": seat,
        "format": state.format.value,
        "turn": state.turn,
        "turns": state.turns,
        "to_act": list(to_act(state)),
        "winner": state.winner if state.winner != NO_CARD else None,
        "players": [_public_player(player) for player in state.players],
        "hand": list(mine.hand) if mine is not None else None,
        "deck": sorted(mine.deck) if mine is not None else None,
        "market": list(state.market),
        "market_deck": len(state.market_deck),
        "gems": list(state.gems),
        "sacrificed": list(state.sacrificed),
        "in_play": list(state.in_play),
        "gold": state.gold,
        "combat": state.combat,
        "allies": list(state.allies),
        "damage": [list(entry) for entry in state.damage],
        "prompts": [_prompt(prompt) for prompt in state.prompts],
        "looking": list(state.looking) if seat == state.turn else None,
        "looking_size": len(state.looking),
        "next": {
            "to_top": state.to_top,
            "action_to_top": state.action_to_top,
            "to_hand": state.to_hand,
            "champion_discount": state.champion_discount,
            "action_discount": state.action_discount,
            "heist": state.heist,
        },
    }


def redeal(state: State, seat: int | None, seed: int) -> State:
    """Everything `seat` cannot see dealt again from `seed`: the market deck,
    the unknown part of every deck, and every other player's hand (shuffled
    with that player's deck, then dealt to the same sizes)."""
    dice = rng.seed_state(seed)
    market_deck, dice = rng.shuffle(dice, state.market_deck)
    players: list[Player] = []
    looking = state.looking
    for who, player in enumerate(state.players):
        top, rest = player.deck[: player.known], player.deck[player.known :]
        if who == seat:
            shuffled, dice = rng.shuffle(dice, rest)
            players.append(evolve(player, deck=top + shuffled))
            continue
        looked = state.looking if who == state.turn else ()  # seen by its player alone
        pool, dice = rng.shuffle(dice, player.hand + looked + rest)
        size, aside = len(player.hand), len(player.hand) + len(looked)
        players.append(evolve(player, hand=pool[:size], deck=top + pool[aside:]))
        if looked:
            looking = pool[size:aside]
    return evolve(
        state, market_deck=market_deck, players=tuple(players), dice=dice, looking=looking
    )


def state_problems(state: State) -> list[str]:
    """Every broken invariant, in words; empty for a sound state."""
    players = len(state.players)
    if not 2 <= players <= MAX_SEATS:
        return [f"a game has 2 to {MAX_SEATS} seats"]
    if state.format.hunts and players < 3:
        return ["Hunter is played by 3 or 4"]
    problems: list[str] = []
    places = [c for c in state.market if c != NO_CARD]
    places += [*state.market_deck, *state.gems, *state.sacrificed, *state.in_play, *state.looking]
    for player in state.players:
        places += [*player.deck, *player.hand, *player.discard, *player.champions]
    if any(not 0 <= card < CARD_COUNT for card in places):
        return [f"card ids are 0 to {CARD_COUNT - 1}"]
    expected = set(MARKET_IDS) | set(GEM_IDS)
    for seat, player in enumerate(state.players):
        if player.pack and player.pack not in PACKS:
            return [f"seat {seat}'s character pack is one of {', '.join(PACKS)}"]
        expected |= set(starting_ids(seat, player.pack))
    counts = Counter(places)
    if set(counts) != expected or any(n != 1 for n in counts.values()):
        doubled = sorted(c for c, n in counts.items() if n > 1)
        missing = sorted(expected - set(counts))
        problems.append(
            f"every card must be in exactly one place (doubled {doubled}, missing {missing})"
        )
    if len(state.market) != MARKET_ROW:
        problems.append(f"the market row has {MARKET_ROW} slots")
    if any(c not in MARKET_IDS for c in (*state.market_deck, *state.market) if c != NO_CARD):
        problems.append("only market cards are in the market")
    if NO_CARD in state.market and state.market_deck:
        problems.append("an empty market slot is refilled while the market deck lasts")
    if list(state.gems) != sorted(state.gems) or any(g not in GEM_IDS for g in state.gems):
        problems.append("the gem pile holds Fire Gems, sorted")
    if any(kind_of(c).type == CardType.CHAMPION for c in state.in_play):
        problems.append("champions in play are a player's, not the turn's played cards")
    for seat, player in enumerate(state.players):
        problems += _player_problems(seat, player)
    problems += _turn_problems(state)
    return problems


def _player_problems(seat: int, player: Player) -> list[str]:
    problems: list[str] = []
    where = f"seat {seat}"
    if any(kind_of(c).type != CardType.CHAMPION for c in player.champions):
        problems.append(f"{where} has a card in play as a champion that is not one")
    if list(player.expended) != sorted(set(player.expended)) or not set(player.expended) <= set(
        player.champions
    ):
        problems.append(f"{where}'s expended champions must be its champions, sorted")
    if not 0 <= player.known <= len(player.deck):
        problems.append(f"{where}'s known deck top is out of range")
    if player.health < 0 or player.owed < 0:
        problems.append(f"{where}'s health and owed discards cannot be negative")
    if player.out and (player.health != 0 or player.champions or player.owed):
        problems.append(f"{where} is out: no health, no champions, nothing owed")
    if not player.out and player.health == 0:
        problems.append(f"{where} has no health left and must be out")
    if min(player.turns_begun, player.ward, player.ward_turns) < 0 or player.ward_turns > 2:
        problems.append(f"{where}'s turns and blessing cannot be negative (a blessing lasts 2)")
    if (player.ward > 0) != (player.ward_turns > 0):
        problems.append(f"{where}'s blessing has a strength and a length together")
    if len(set(player.fallen)) != len(player.fallen) or not all(
        kind_of(c).type == CardType.CHAMPION for c in player.fallen
    ):
        problems.append(f"{where}'s champions stunned since its last turn are distinct champions")
    if not player.pack and (player.ability_used or player.skill_used):
        problems.append(f"{where} has no character pack to use")
    return problems


def _turn_problems(state: State) -> list[str]:
    problems: list[str] = []
    players = len(state.players)
    standing = [s for s, p in enumerate(state.players) if not p.out]
    if not 0 <= state.turn < players or state.players[state.turn].out:
        problems.append("the turn belongs to a player still in the game")
    out = players - len(standing)
    hunter = state.format == Format.HUNTER
    hydra = state.format == Format.HYDRA
    teams_left = {s // 2 for s in standing} if hydra else set(standing)
    if hydra and (
        players != 4
        or any(
            state.players[s].health != state.players[s + 1].health
            or state.players[s].out != state.players[s + 1].out
            for s in (0, 2)
        )
    ):
        problems.append("Hydra: four players, teammates share their health and go out together")
    if state.winner != NO_CARD:
        last = [state.winner, state.winner + 1] if hydra else [state.winner]
        if state.winner not in standing or (standing != last and not hunter):
            problems.append("the winner is the last one (in Hydra, team) standing")
        if hunter and out != 1:
            problems.append("Hunter ends when the first player is out")
        if state.prompts:
            problems.append("a finished game asks nothing")
    elif len(teams_left) < 2 or (hunter and out):
        problems.append("the game ends when one player is left (in Hunter, at the first out)")
    if min(
        state.gold, state.combat, state.to_top, state.action_to_top, state.to_hand,
        state.champion_discount, state.action_discount, state.heist,
    ) < 0:  # fmt: skip
        problems.append("gold, combat and the acquire effects cannot be negative")
    if state.turns < 1:
        problems.append("turns count from 1")
    if list(state.allies) != sorted(set(state.allies)) or any(
        not 0 <= c < CARD_COUNT for c in state.allies
    ):
        problems.append("the used ally abilities are distinct cards, sorted")
    champions = {c for p in state.players for c in p.champions}
    cards = [entry[0] for entry in state.damage]
    if cards != sorted(set(cards)) or any(
        c not in champions or not 0 < n < defence_of(state, c) for c, n in state.damage
    ):
        problems.append("damage is on champions in play, below their defence, sorted")
    looks = any(p.kind in _LOOKS for p in state.prompts)
    if bool(state.looking) != looks:
        problems.append("cards are looked at while a look asks what to do with them")
    for prompt in state.prompts:
        problems += _prompt_problems(prompt.kind, prompt.card, prompt.ability, prompt.index)
        if prompt.left < 0 or prompt.bonus < 0:
            problems.append("a prompt's counts cannot be negative")
    return problems


def _prompt_problems(kind: PromptKind, card: int, ability: str, index: int) -> list[str]:
    if kind == PromptKind.OWED_DISCARD:
        ok = card == NO_CARD and ability == "" and index == 0
        return [] if ok else ["an owed discard names no card"]
    if not 0 <= card < CARD_COUNT:
        return ["a prompt names a card"]
    effects = ability_of(card, ability)
    if not 0 <= index < len(effects) and kind != PromptKind.DISCARD:
        return ["a prompt names one of its card's effects"]
    if kind == PromptKind.CHOOSE and not effects[index].options:
        return ["a choice names an effect with options"]
    return []
