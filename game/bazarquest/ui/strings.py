"""Bazar Quest's board words in French and English, and the card words the
board shows (names, classes, effects), typeset: French takes a narrow
no-break space before : ; ! ? and inside « » (``typeset``), so the entries
below are written with ordinary spaces and stay readable."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from game.engine.words import Catalogue

from ..cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES, Effect
from ..words import CARD_WORDS, effect_text

__all__ = [
    "BOARD",
    "adventure_name",
    "card_effect",
    "classes_text",
    "coins_text",
    "employee_name",
    "hero_name",
    "item_name",
    "join",
    "monster_name",
    "plural",
    "points_text",
    "seat_name",
    "stars_text",
    "tr",
    "typeset",
    "upgrade_name",
]

_NARROW = "\u202f"
_BEFORE = re.compile(r" ([:;!?])")


def typeset(text: str, lang: str) -> str:
    """French punctuation with its narrow no-break spaces; other languages as they are."""
    if lang != "fr":
        return text
    text = _BEFORE.sub(_NARROW + r"\1", text)
    return text.replace("« ", "«" + _NARROW).replace(" »", _NARROW + "»")


BOARD: Final = Catalogue(
    "bazarquest.board",
    {
        # ------------------------------------------------------------- board
        "title": {"fr": "Bazar Quest", "en": "Bazar Quest"},
        "board_title": {"fr": "Le bazar", "en": "The bazaar"},
        "round": {"fr": "Manche {n}", "en": "Round {n}"},
        "stage_draft": {"fr": "Draft", "en": "Draft"},
        "stage_display": {"fr": "Exposition", "en": "Display"},
        "stage_invite": {"fr": "Invitations", "en": "Invitations"},
        "stage_sell": {"fr": "Ventes", "en": "Sales"},
        "stage_upgrade": {"fr": "Améliorations", "en": "Upgrades"},
        "stage_inventory": {"fr": "Inventaire", "en": "Inventory"},
        "stage_over": {"fr": "Partie finie", "en": "Game over"},
        "progress": {"fr": "Manche {n} · {stage}", "en": "Round {n} · {stage}"},
        "progress_over": {"fr": "Partie finie", "en": "Game over"},
        "deck_items": {"fr": "Objets", "en": "Items"},
        "deck_items_aria": {"fr": "Pioche des objets : {n} cartes", "en": "Item deck: {n} cards"},
        "deck_heroes": {"fr": "Héros", "en": "Heroes"},
        "deck_heroes_aria": {"fr": "Pioche des héros : {n} cartes", "en": "Hero deck: {n} cards"},
        "deck_adventures": {"fr": "Aventures", "en": "Adventures"},
        "deck_adventures_aria": {
            "fr": "Pioche des aventures : {n} cartes",
            "en": "Adventure deck: {n} cards",
        },
        "players": {"fr": "Les échoppes", "en": "The shops"},
        "you": {"fr": "vous", "en": "you"},
        "bot": {"fr": "bot", "en": "bot"},
        "quest_tag": {"fr": "Quête", "en": "Quest"},
        "quest_aria": {"fr": "Détient le jeton Quête", "en": "Holds the Quest token"},
        "turn_tag": {"fr": "joue", "en": "playing"},
        "your_turn_tag": {"fr": "à vous", "en": "your turn"},
        "choosing_tag": {"fr": "choisit…", "en": "choosing…"},
        "chosen_tag": {"fr": "a choisi", "en": "chosen"},
        "done_tag": {"fr": "a fini", "en": "done"},
        "coins": {"fr": "{n} pièces", "en": "{n} coins"},
        "coin": {"fr": "{n} pièce", "en": "{n} coin"},
        "stars": {"fr": "{n} étoiles", "en": "{n} stars"},
        "star": {"fr": "{n} étoile", "en": "{n} star"},
        "points": {"fr": "{n} points", "en": "{n} points"},
        "point": {"fr": "{n} point", "en": "{n} point"},
        "score_aria": {
            "fr": "{name} : {coins}, {stars}, {points}",
            "en": "{name}: {coins}, {stars}, {points}",
        },
        "hand_count": {"fr": "Main : {n}", "en": "Hand: {n}"},
        "storage_count": {"fr": "Réserve : {n}", "en": "Storage: {n}"},
        "window": {"fr": "Vitrine", "en": "Window"},
        "window_of": {"fr": "Vitrine de {name}", "en": "{name}’s window"},
        "window_hidden": {"fr": "{n} face cachée", "en": "{n} face down"},
        "window_empty": {"fr": "Vitrine vide", "en": "Empty window"},
        "window_pull": {"fr": "{hearts} ♥ · {price} pièces", "en": "{hearts} ♥ · {price} coins"},
        "window_pull_aria": {
            "fr": "Attrait : {hearts} cœurs, prix total {price}",
            "en": "Pull: {hearts} hearts, total price {price}",
        },
        "heroes_of": {"fr": "Héros de {name}", "en": "{name}’s heroes"},
        "upgrades_of": {"fr": "Améliorations de {name}", "en": "{name}’s upgrades"},
        "staff_of": {"fr": "Employés de {name}", "en": "{name}’s employees"},
        "no_upgrade": {"fr": "Aucune amélioration", "en": "No upgrade"},
        "no_staff": {"fr": "Aucun employé", "en": "No employee"},
        "card_back": {"fr": "Objet face cachée", "en": "Face-down item"},
        "order": {
            "fr": "Ordre des invitations : {names}",
            "en": "Order of invitations: {names}",
        },
        # ------------------------------------------------------------ zones
        "monster_zone": {"fr": "Le monstre", "en": "The monster"},
        "no_monster": {"fr": "Aucun monstre", "en": "No monster"},
        "level": {"fr": "Niveau {n}", "en": "Level {n}"},
        "resistance": {"fr": "Résistance", "en": "Resistance"},
        "strength": {"fr": "Force", "en": "Strength"},
        "resistance_help": {
            "fr": "attaque pour le blesser",
            "en": "attack to wound it",
        },
        "strength_help": {"fr": "défense pour survivre", "en": "defence to survive"},
        "wounds": {"fr": "Blessures : {n} sur {of}", "en": "Wounds: {n} of {of}"},
        "rewards": {
            "fr": "Chaque héros vivant : {coins} pièces s’il tient, {chest} s’il tombe",
            "en": "Each living hero: {coins} coins if it stands, {chest} if it falls",
        },
        "monsters_left": {"fr": "Monstres à venir : {levels}", "en": "Monsters to come: {levels}"},
        "last_monster": {"fr": "C’est le dernier monstre", "en": "This is the last monster"},
        "heroes_zone": {"fr": "Les héros au centre", "en": "The heroes in the centre"},
        "no_hero": {"fr": "Aucun héros n’attend", "en": "No hero is waiting"},
        "purse": {"fr": "Bourse {n}", "en": "Purse {n}"},
        "purse_aria": {"fr": "bourse de {n} pièces", "en": "purse of {n} coins"},
        "attack": {"fr": "Attaque", "en": "Attack"},
        "defence": {"fr": "Défense", "en": "Defence"},
        "hearts": {"fr": "Cœurs", "en": "Hearts"},
        "price": {"fr": "Prix", "en": "Price"},
        "carries": {"fr": "Porte : {items}", "en": "Carries: {items}"},
        "carries_nothing": {"fr": "Ne porte rien", "en": "Carries nothing"},
        "your_shop": {"fr": "Votre échoppe", "en": "Your shop"},
        "packet": {"fr": "Votre paquet", "en": "Your packet"},
        "packet_help": {
            "fr": "Gardez un objet : le reste passe à votre voisin.",
            "en": "Keep one item: the rest goes to your neighbour.",
        },
        "your_pick": {
            "fr": "Votre choix (caché jusqu’au bout) : {item}",
            "en": "Your pick (hidden until all have chosen): {item}",
        },
        "hand": {"fr": "Votre main", "en": "Your hand"},
        "drafted": {"fr": "Déjà gardés", "en": "Kept so far"},
        "storage": {"fr": "Votre réserve", "en": "Your storage"},
        "your_window": {"fr": "Votre vitrine", "en": "Your window"},
        "empty": {"fr": "Rien", "en": "Nothing"},
        "market": {"fr": "À vendre au marché ({n})", "en": "For sale at the market ({n})"},
        "upgrades_sale": {"fr": "Améliorations", "en": "Upgrades"},
        "employees_sale": {"fr": "Employés", "en": "Employees"},
        "flip_side": {"fr": "face +2", "en": "+2 side"},
        "upgrade_window": {
            "fr": "Vitrine +{n} : {n} objet de plus en vitrine",
            "en": "Window +{n}: {n} more item on display",
        },
        "upgrade_storage": {
            "fr": "Réserve +{n} : {n} objet de plus en réserve",
            "en": "Storage +{n}: {n} more item in storage",
        },
        "upgrade_hearts": {"fr": "+{n} cœur en vitrine", "en": "+{n} heart in the window"},
        "upgrade_draw": {"fr": "+{n} objet pioché", "en": "+{n} item drawn"},
        "phase_of": {"fr": "Phase : {phase}", "en": "Phase: {phase}"},
        "class_thief": {"fr": "voleur", "en": "thief"},
        "class_warrior": {"fr": "guerrier", "en": "warrior"},
        "class_priest": {"fr": "prêtre", "en": "priest"},
        "class_mage": {"fr": "mage", "en": "mage"},
        "and": {"fr": " et ", "en": " and "},
        "item_aria": {
            "fr": "{name} ({classes}) : {hearts} cœurs, prix {price}, attaque {attack}, "
            "défense {defence}",
            "en": "{name} ({classes}): {hearts} hearts, price {price}, attack {attack}, "
            "defence {defence}",
        },
        "hero_aria": {
            "fr": "{name} ({classes}) : bourse {purse}, attaque {attack}, défense {defence}",
            "en": "{name} ({classes}): purse {purse}, attack {attack}, defence {defence}",
        },
        "adventure_aria": {
            "fr": "Carte Aventure {name} : attaque {attack}, défense {defence}",
            "en": "Adventure card {name}: attack {attack}, defence {defence}",
        },
        "hero_aria_no_purse": {
            "fr": "{name} ({classes}) : attaque {attack}, défense {defence}",
            "en": "{name} ({classes}): attack {attack}, defence {defence}",
        },
        "monster_aria": {
            "fr": "{name}, niveau {level} : résistance {resistance}, force {strength}",
            "en": "{name}, level {level}: resistance {resistance}, strength {strength}",
        },
        # -------------------------------------------------------- headlines
        "head_draft": {
            "fr": "Draft : chaque échoppe garde un objet de son paquet, en secret.",
            "en": "Draft: each shop keeps one item of its packet, in secret.",
        },
        "head_display": {
            "fr": "Exposition : chaque échoppe garnit sa vitrine, face cachée.",
            "en": "Display: each shop fills its window, face down.",
        },
        "head_invite": {
            "fr": "Invitations : la vitrine la plus attirante invite la première.",
            "en": "Invitations: the most attractive window invites first.",
        },
        "head_sell": {
            "fr": "Ventes : chaque échoppe vend à son héros ce qui partage sa classe.",
            "en": "Sales: each shop sells its hero what shares its class.",
        },
        "head_upgrade": {
            "fr": "Améliorations : un achat chacun, depuis le jeton Quête.",
            "en": "Upgrades: one purchase each, from the Quest token on.",
        },
        "head_inventory": {
            "fr": "Inventaire : rangez en réserve, le reste est défaussé.",
            "en": "Inventory: put items in storage, the rest is discarded.",
        },
        "waiting": {"fr": "En attente de {names}…", "en": "Waiting for {names}…"},
        "waiting_over": {"fr": "La partie est finie.", "en": "The game is over."},
        # -------------------------------------------------------------- dock
        "prompt_pick": {
            "fr": "Gardez un objet de votre paquet : personne ne le voit avant la fin du tour.",
            "en": "Keep one item of your packet: nobody sees it before the round of picks ends.",
        },
        "prompt_show_one": {
            "fr": "Mettez un objet en vitrine, face cachée : il reste 1 place.",
            "en": "Put an item in your window, face down: 1 place left.",
        },
        "prompt_show_many": {
            "fr": "Mettez un objet en vitrine, face cachée : il reste {n} places.",
            "en": "Put an item in your window, face down: {n} places left.",
        },
        "prompt_invite": {
            "fr": "Invitez un héros dans votre échoppe.",
            "en": "Invite a hero into your shop.",
        },
        "prompt_invite_match": {
            "fr": "Invitez un héros qui partage une classe avec votre vitrine.",
            "en": "Invite a hero who shares a class with your window.",
        },
        "prompt_sell": {
            "fr": "Vendez à votre héros, puis terminez vos ventes.",
            "en": "Sell to your hero, then end your sales.",
        },
        "prompt_upgrade": {
            "fr": "Achetez une amélioration ou un employé, retournez une amélioration, ou passez.",
            "en": "Buy an upgrade or an employee, flip an upgrade, or pass.",
        },
        "prompt_inventory": {
            "fr": "Rangez des objets en réserve : le reste de votre main sera défaussé.",
            "en": "Put items in storage: the rest of your hand will be discarded.",
        },
        "group_pick": {"fr": "Garder", "en": "Keep"},
        "group_show": {"fr": "En vitrine", "en": "Into the window"},
        "group_invite": {"fr": "Inviter", "en": "Invite"},
        "group_sell": {"fr": "Vendre", "en": "Sell"},
        "group_buy": {"fr": "Améliorations", "en": "Upgrades"},
        "group_hire": {"fr": "Employés", "en": "Employees"},
        "group_flip": {"fr": "Retourner", "en": "Flip"},
        "group_store": {"fr": "Ranger", "en": "Store"},
        "group_done": {"fr": "Finir", "en": "Finish"},
        "pick": {"fr": "Garder {item}", "en": "Keep {item}"},
        "show": {"fr": "Exposer {item}", "en": "Display {item}"},
        "show_done": {"fr": "Vitrine prête", "en": "Window ready"},
        "invite": {"fr": "Inviter {hero}", "en": "Invite {hero}"},
        "sell": {"fr": "Vendre {item} ({price})", "en": "Sell {item} ({price})"},
        "sell_to": {
            "fr": "Vendre {item} à {hero} pour {price}",
            "en": "Sell {item} to {hero} for {price}",
        },
        "sell_done": {"fr": "Fin des ventes", "en": "End sales"},
        "buy": {"fr": "Acheter {card} ({price})", "en": "Buy {card} ({price})"},
        "hire": {"fr": "Embaucher {card} ({price})", "en": "Hire {card} ({price})"},
        "flip": {"fr": "Retourner {card} sur +2 ({price})", "en": "Flip {card} to +2 ({price})"},
        "upgrade_done": {"fr": "Passer", "en": "Pass"},
        "store": {"fr": "Ranger {item}", "en": "Store {item}"},
        "store_done": {"fr": "Défausser le reste", "en": "Discard the rest"},
        "numbered": {"fr": "{label} ({n} sur {of})", "en": "{label} ({n} of {of})"},
        # --------------------------------------------------------- adventure
        "adventure_title": {"fr": "L’aventure de la manche {n}", "en": "Round {n}’s adventure"},
        "adventure_against": {"fr": "Contre {monster}", "en": "Against {monster}"},
        "fight_hero": {"fr": "{hero} (échoppe : {shop})", "en": "{hero} ({shop}’s shop)"},
        "fight_card": {"fr": "Carte Aventure : {card}", "en": "Adventure card: {card}"},
        "fight_cards": {
            "fr": "Cartes Aventure : {cards}, garde {card}",
            "en": "Adventure cards: {cards}, keeps {card}",
        },
        "fight_no_card": {"fr": "Sans carte Aventure", "en": "No adventure card"},
        "fight_attack_hit": {
            "fr": "Attaque {attack} ≥ résistance {resistance} : blessure, 1 étoile",
            "en": "Attack {attack} ≥ resistance {resistance}: a wound, 1 star",
        },
        "fight_attack_miss": {
            "fr": "Attaque {attack} < résistance {resistance} : pas de blessure",
            "en": "Attack {attack} < resistance {resistance}: no wound",
        },
        "fight_defence_ok": {
            "fr": "Défense {defence} ≥ force {strength} : il survit, 1 étoile",
            "en": "Defence {defence} ≥ strength {strength}: it lives, 1 star",
        },
        "fight_defence_saved": {
            "fr": "Défense {defence} < force {strength} : sauvé par son pouvoir, sans étoile",
            "en": "Defence {defence} < strength {strength}: saved by its power, no star",
        },
        "fight_defence_dead": {
            "fr": "Défense {defence} < force {strength} : il meurt avec ses objets",
            "en": "Defence {defence} < strength {strength}: it dies with its items",
        },
        "fight_parts": {
            "fr": "héros {hero} · carte {card} · objets et renforts {rest}",
            "en": "hero {hero} · card {card} · items and help {rest}",
        },
        "fight_parts_no_card": {
            "fr": "héros {hero} · objets et renforts {rest}",
            "en": "hero {hero} · items and help {rest}",
        },
        "bonus_star": {
            "fr": "Pouvoir : +{n} étoile de plus",
            "en": "A power: {n} more star",
        },
        "bonus_stars": {
            "fr": "Pouvoirs : +{n} étoiles de plus",
            "en": "Powers: {n} more stars",
        },
        "fight_gain": {"fr": "{shop} gagne {gain}", "en": "{shop} earns {gain}"},
        "fight_lives": {"fr": "Survit", "en": "Lives"},
        "fight_dies": {"fr": "Meurt", "en": "Dies"},
        "gain_none": {"fr": "rien", "en": "nothing"},
        "step": {"fr": "Étape {n}", "en": "Step {n}"},
        "continue": {"fr": "Continuer", "en": "Continue"},
        "see_final": {"fr": "Voir le résultat", "en": "See the result"},
        "result_status": {
            "fr": "Manche {n} : l’aventure est finie.",
            "en": "Round {n}: the adventure is over.",
        },
        "no_adventure": {
            "fr": "Aucune aventure à montrer.",
            "en": "No adventure to show.",
        },
        # ---------------------------------------------------------- the end
        "over_won": {"fr": "{names} gagne !", "en": "{names} wins!"},
        "over_won_many": {"fr": "{names} gagnent ensemble !", "en": "{names} win together!"},
        "over_lost": {
            "fr": "Plus aucun héros : les monstres prennent la ville, tout le monde perd.",
            "en": "No hero left: the monsters take the town, and everyone loses.",
        },
        "winner": {"fr": "Gagnant", "en": "Winner"},
        "standings": {"fr": "Classement", "en": "Standings"},
        "col_shop": {"fr": "Échoppe", "en": "Shop"},
        "col_stars": {"fr": "Étoiles", "en": "Stars"},
        "col_coins": {"fr": "Pièces", "en": "Coins"},
        "col_points": {"fr": "Points", "en": "Points"},
        "scoring": {
            "fr": "1 point par étoile et 1 par 10 pièces ; à égalité, les pièces départagent.",
            "en": "1 point a star and 1 per 10 coins; on a tie, coins decide.",
        },
    },
)


def tr(key: str, lang: str, **values: object) -> str:
    """A board text, filled in and typeset."""
    return typeset(BOARD(key, lang, **values), lang)


def plural(one: str, many: str, n: int, lang: str, **values: object) -> str:
    return typeset(BOARD.plural(one, many, n, lang, **values), lang)


def join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + BOARD("and", lang) + names[-1]


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def _name(key: str, lang: str) -> str:
    return typeset(CARD_WORDS(key, lang), lang)


def item_name(item: int, lang: str) -> str:
    return _name(ITEMS[item].key, lang)


def hero_name(hero: int, lang: str) -> str:
    return _name(HEROES[hero].key, lang)


def monster_name(monster: int, lang: str) -> str:
    return _name(MONSTERS[monster].key, lang)


def employee_name(employee: int, lang: str) -> str:
    return _name(EMPLOYEES[employee].key, lang)


def upgrade_name(card: int, lang: str) -> str:
    return _name(UPGRADES[card].key, lang)


def adventure_name(card: int, lang: str) -> str:
    return _name(ADVENTURES[card].key, lang)


def classes_text(classes: Sequence[str], lang: str) -> str:
    return join([BOARD(f"class_{name}", lang) for name in classes], lang)


def card_effect(effect: object, lang: str) -> str:
    """A card's ability in words (typeset), "" for a card without one."""
    if not isinstance(effect, Effect):
        return ""
    return typeset(effect_text(effect, lang), lang)


def coins_text(n: int, lang: str) -> str:
    return plural("coin", "coins", n, lang)


def stars_text(n: int, lang: str) -> str:
    return plural("star", "stars", n, lang)


def points_text(n: int, lang: str) -> str:
    return plural("point", "points", n, lang)
