"""Every text of the boss deck a player reads, in French and English: the
Dragon's cards and the Hoard items (names and texts, in our own words), its
questions, its log lines and its refusals. Hero Realms' own words
(game/herorealms/ui) cover the rest."""

from __future__ import annotations

from typing import Final

from ..engine.words import Catalogue

__all__ = ["ASKS", "CARD_TEXTS", "LOG", "NAMES", "REASONS"]

NAMES: Final = Catalogue(
    "hrdragon.names",
    {
        # The French names of the Dragon's deck are the French sheet's (the seed);
        # the Hoard items' are not in it, so theirs are ours.
        "dragons_tail": {"fr": "Queue du Dragon", "en": "Dragon's Tail"},
        "dragons_fire": {"fr": "Feu du Dragon", "en": "Dragon's Fire"},
        "dragons_bite": {"fr": "Morsure du Dragon", "en": "Dragon's Bite"},
        "dragons_claw": {"fr": "Griffe du Dragon", "en": "Dragon's Claw"},
        "hoard": {"fr": "Butin", "en": "Hoard"},
        "cunning_blow": {"fr": "Coup Sournois", "en": "Cunning Blow"},
        "prismatic_diamond": {"fr": "Diamant Prismatique", "en": "Prismatic Diamond"},
        "imperial_chevron": {"fr": "Chevron Impérial", "en": "Imperial Chevron"},
        "demon_coin": {"fr": "Pièce du Démon", "en": "Demon Coin"},
        "elven_gold": {"fr": "Or Elfique", "en": "Elven Gold"},
        "guild_mark": {"fr": "Marque de la Guilde", "en": "Guild Mark"},
        "amulet_of_cleansing": {"fr": "Amulette de purification", "en": "Amulet of Cleansing"},
        "boots_of_speed": {"fr": "Bottes de célérité", "en": "Boots of Speed"},
        "crown_of_will": {"fr": "Couronne de volonté", "en": "Crown of Will"},
        "gauntlets_of_strength": {"fr": "Gantelets de force", "en": "Gauntlets of Strength"},
        "guardians_shield": {"fr": "Bouclier du gardien", "en": "Guardian's Shield"},
        "orb_of_death": {"fr": "Orbe de mort", "en": "Orb of Death"},
        "ring_of_wishes": {"fr": "Anneau des vœux", "en": "Ring of Wishes"},
        "sword_of_destiny": {"fr": "Épée du destin", "en": "Sword of Destiny"},
        "vial_of_elven_tears": {"fr": "Fiole de larmes elfiques", "en": "Vial of Elven Tears"},
    },
)
"""Each Dragon card's and Hoard item's name, by its key."""

CARD_TEXTS: Final = Catalogue(
    "hrdragon.cards",
    {
        "dragons_tail": {
            "fr": "Chaque champion et chaque héros adverse subit 2 dégâts, gardes ou non "
            "(un boss adverse en subit 6).",
            "en": "Every opposing champion and hero takes 2 damage, guards or not "
            "(an opposing boss takes 6).",
        },
        "dragons_fire": {
            "fr": "+4 combat. Sacrifice : chaque champion adverse subit 4 dégâts, gardes ou non.",
            "en": "+4 combat. Sacrifice: every opposing champion takes 4 damage, guards or not.",
        },
        "dragons_bite": {"fr": "+4 combat.", "en": "+4 combat."},
        "dragons_claw": {
            "fr": "+3 combat. Si une autre Griffe est déjà en jeu, piochez une carte.",
            "en": "+3 combat. If another Claw is already in play, draw a card.",
        },
        "hoard": {
            "fr": "+1 or, puis au choix : révélez le prochain objet du Trésor, ou prenez un "
            "objet à un joueur qui en détient plus que vous.",
            "en": "+1 gold, then either reveal the next Hoard item, or take an item from a "
            "player holding more of them than you.",
        },
        "cunning_blow": {
            "fr": "+3 combat, ou assommez un champion. Sacrifice : vous n’êtes plus provoqué, "
            "et ne pouvez plus l’être jusqu’à la fin de votre prochain tour.",
            "en": "+3 combat, or stun a champion. Sacrifice: you are no longer taunted, and "
            "cannot be until the end of your next turn.",
        },
        "prismatic_diamond": {
            "fr": "+3 or. Sacrifice : reprenez un objet du Trésor à un joueur en réussissant "
            "son test de compétence.",
            "en": "+3 gold. Sacrifice: take a Hoard item back from a player by passing its "
            "skill check.",
        },
        "imperial_chevron": {
            "fr": "+1 or. Compte comme une carte impériale.",
            "en": "+1 gold. Counts as an Imperial card.",
        },
        "demon_coin": {
            "fr": "+1 or. Compte comme une carte nécros.",
            "en": "+1 gold. Counts as a Necros card.",
        },
        "elven_gold": {
            "fr": "+1 or. Compte comme une carte sauvage.",
            "en": "+1 gold. Counts as a Wild card.",
        },
        "guild_mark": {
            "fr": "+1 or. Compte comme une carte de la Guilde.",
            "en": "+1 gold. Counts as a Guild card.",
        },
        "amulet_of_cleansing": {
            "fr": "Test 8. Épuisez : +1 or et une faction de votre choix compte une carte de "
            "plus ce tour-ci ; avec les quatre factions en jeu, piochez une carte.",
            "en": "Check 8. Expend: +1 gold, and a faction you choose counts one more card "
            "this turn; with all four factions in play, draw a card.",
        },
        "boots_of_speed": {
            "fr": "Test 5. Épuisez : la prochaine carte acquise ce tour-ci va sur votre deck.",
            "en": "Check 5. Expend: the next card you acquire this turn goes on your deck.",
        },
        "crown_of_will": {
            "fr": "Test 5. Épuisez : +1 or ou +3 combat.",
            "en": "Check 5. Expend: +1 gold or +3 combat.",
        },
        "gauntlets_of_strength": {
            "fr": "Test 6. Épuisez : +2 combat par faction que vous avez en jeu.",
            "en": "Check 6. Expend: +2 combat for each faction you have in play.",
        },
        "guardians_shield": {
            "fr": "Test 4. Les 3 premiers dégâts que vous subissez à chaque tour sont ignorés "
            "(5 en boss contre boss).",
            "en": "Check 4. The first 3 damage you would take each turn are ignored "
            "(5 in boss against boss).",
        },
        "orb_of_death": {
            "fr": "Test 5. Épuisez : assommez un champion adverse.",
            "en": "Check 5. Expend: stun an opposing champion.",
        },
        "ring_of_wishes": {
            "fr": "Test 7. Épuisez : prenez en main une carte de votre deck (mélangé ensuite) "
            "ou de votre défausse. Il ne se prépare que lorsqu’on le vole.",
            "en": "Check 7. Expend: put a card of your deck (shuffled afterwards) or discard "
            "pile into your hand. It prepares only when it is stolen.",
        },
        "sword_of_destiny": {
            "fr": "Test 5. Épuisez : +5 combat.",
            "en": "Check 5. Expend: +5 combat.",
        },
        "vial_of_elven_tears": {
            "fr": "Test 6. Épuisez : +5 santé, et une faction de votre choix compte une carte "
            "de plus ce tour-ci.",
            "en": "Check 6. Expend: +5 health, and a faction you choose counts one more card "
            "this turn.",
        },
    },
)
"""Each card's text, in our own words (a Hoard item's begins with its skill check)."""

ASKS: Final = Catalogue(
    "hrdragon.asks",
    {
        "give": {
            "fr": "À qui vont ces {amount} points de santé : vous ou un membre voisin ?",
            "en": "Who gets these {amount} health: you or a member beside you?",
        },
        "lend": {
            "fr": "{lender} est vaincu : qui lui emprunte une carte ?",
            "en": "{lender} is defeated: who borrows one of their cards?",
        },
        "hoard": {
            "fr": "Révéler le prochain objet du Trésor, ou en voler un ?",
            "en": "Reveal the next Hoard item, or steal one?",
        },
        "diamond": {
            "fr": "Quel objet reprendre, et quelles cartes défausser pour son test ?",
            "en": "Which item to take back, and which cards to discard for its check?",
        },
        "faction": {
            "fr": "Quelle faction compte une carte de plus ce tour-ci ?",
            "en": "Which faction counts one more card this turn?",
        },
        "ring_of_wishes": {
            "fr": "Quelle carte de votre deck ou de votre défausse prendre en main ?",
            "en": "Which card of your deck or discard pile goes to your hand?",
        },
        "check_total": {
            "fr": "Coût défaussé : {total} sur {needed}.",
            "en": "Cost discarded: {total} of {needed}.",
        },
    },
)
"""The boss deck's questions, and the skill check's running total."""

LOG: Final = Catalogue(
    "hrdragon.log",
    {
        "give": {
            "fr": "{name} donne {amount} santé à {target}.",
            "en": "{name} gives {amount} health to {target}.",
        },
        "borrow": {
            "fr": "{name} emprunte une carte à {lender}.",
            "en": "{name} borrows a card from {lender}.",
        },
        "no_borrow": {
            "fr": "Personne n’emprunte à {lender}.",
            "en": "Nobody borrows from {lender}.",
        },
        "taunt": {"fr": "{name} provoque le Dragon !", "en": "{name} taunts the Dragon!"},
        "calm": {"fr": "Le Dragon n’est plus provoqué.", "en": "The Dragon is no longer taunted."},
        "tail": {
            "fr": "La queue du Dragon balaie la table.",
            "en": "The Dragon's tail sweeps the table.",
        },
        "fire": {
            "fr": "Le feu du Dragon frappe les champions.",
            "en": "The Dragon's fire strikes the champions.",
        },
        "damage": {"fr": "{card} subit {amount} dégâts.", "en": "{card} takes {amount} damage."},
        "reveal": {"fr": "{name} révèle {card}.", "en": "{name} reveals {card}."},
        "steal": {
            "fr": "{name} vole {card} à {target}.",
            "en": "{name} steals {card} from {target}.",
        },
        "take_item": {"fr": "{name} s’empare de {card}.", "en": "{name} takes {card}."},
        "skill_check": {
            "fr": "{name} réussit un test de compétence.",
            "en": "{name} passes a skill check.",
        },
        "use_item": {"fr": "{name} utilise {card}.", "en": "{name} uses {card}."},
        "faction": {
            "fr": "{name} compte une carte de plus de cette faction.",
            "en": "{name} counts one more card of that faction.",
        },
        "wish": {"fr": "{name} fait un vœu.", "en": "{name} makes a wish."},
        "hoard_back": {"fr": "Le Dragon reprend {card}.", "en": "The Dragon takes back {card}."},
        "new_hand": {
            "fr": "{name}, vaincu, pioche une nouvelle main.",
            "en": "{name}, defeated, draws a new hand.",
        },
        "shield": {
            "fr": "Le bouclier de {name} ignore {amount} dégâts.",
            "en": "{name}'s shield ignores {amount} damage.",
        },
        "side_wins": {"fr": "{side} l’emporte !", "en": "{side} wins!"},
        "party": {"fr": "Le groupe", "en": "The party"},
        "dragon": {"fr": "Le Dragon", "en": "The Dragon"},
    },
)
"""A line for each event the boss deck adds to Hero Realms' log."""

REASONS: Final = Catalogue(
    "hrdragon.reasons",
    {
        "answer_first": {
            "fr": "Répondez d’abord à la question posée.",
            "en": "Answer the question asked first.",
        },
        "not_an_opponent": {
            "fr": "Le groupe n’attaque que le Dragon, et le Dragon qu’un membre encore debout.",
            "en": "The party attacks the Dragon only, and the Dragon a member still standing.",
        },
        "taunted": {
            "fr": "Le Dragon est provoqué : ses dégâts vont à qui l’a provoqué.",
            "en": "The Dragon is taunted: its damage goes to whoever taunted it.",
        },
        "not_your_item": {
            "fr": "Vous ne détenez pas cet objet du Trésor.",
            "en": "You do not hold that Hoard item.",
        },
        "item_used": {
            "fr": "Cet objet a déjà servi.",
            "en": "That item was already used.",
        },
        "no_use": {
            "fr": "Cet objet agit de lui-même.",
            "en": "That item works by itself.",
        },
        "not_in_party": {
            "fr": "Seul un membre du groupe prend un objet par un test de compétence.",
            "en": "Only a party member takes an item by a skill check.",
        },
        "not_the_dragons": {
            "fr": "Le Dragon ne détient pas cet objet.",
            "en": "The Dragon does not hold that item.",
        },
        "not_taunted": {
            "fr": "Un test de compétence ne se tente que lorsque le Dragon est provoqué.",
            "en": "A skill check is tried only while the Dragon is taunted.",
        },
        "revealed": {
            "fr": "Un objet du Trésor a été révélé : on ne revient pas en arrière.",
            "en": "A Hoard item was revealed: this cannot be undone.",
        },
        "check_failed": {
            "fr": "Ces cartes ne suffisent pas au test de compétence.",
            "en": "Those cards do not pass the skill check.",
        },
    },
)
"""The boss deck's refusals; Hero Realms' own codes keep Hero Realms' words."""
