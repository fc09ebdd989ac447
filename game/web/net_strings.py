"""The words of network play (lobby, seats, badges, refusals), in French and English.

Plain Python with no browser import. ``ntr(key, lang, **values)`` formats one
string; a missing key or language is a bug, so it raises ``KeyError`` (a test
checks that every key has both languages).
"""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue
from game.registry import DEFAULT_GAME, get_client

from .replay_strings import undo_refusal_text
from .strings import LANGS

__all__ = ["NET_STRINGS", "ntr", "reject_text"]

_NET_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------ net menu
    "net_title": {"fr": "Jouer à plusieurs", "en": "Play with others"},
    "net_intro": {
        "fr": "Sans serveur ni compte : une personne héberge la partie, les autres la "
        "rejoignent, depuis un autre onglet de ce navigateur ou un autre appareil.",
        "en": "No server, no account: one person hosts the game, the others join it, "
        "from another tab of this browser or from another device.",
    },
    "your_name": {"fr": "Votre nom", "en": "Your name"},
    "host_game": {"fr": "Héberger une partie", "en": "Host a game"},
    "host_hint": {
        "fr": "Vous choisissez les options et les places ; les invités rejoignent depuis "
        "un autre onglet ou un autre appareil.",
        "en": "You pick the options and the seats; guests join from another tab or another device.",
    },
    "tabs_title": {
        "fr": "Parties ouvertes dans d’autres onglets",
        "en": "Games open in other tabs",
    },
    "tabs_none": {
        "fr": "Aucune partie n’est ouverte dans un autre onglet de ce navigateur.",
        "en": "No game is open in another tab of this browser.",
    },
    "tabs_room": {"fr": "Partie de {name}", "en": "{name}'s game"},
    "tabs_free_one": {"fr": "{n} place libre", "en": "{n} free seat"},
    "tabs_free_many": {"fr": "{n} places libres", "en": "{n} free seats"},
    "tabs_playing": {"fr": "Partie en cours", "en": "Game under way"},
    "tabs_no_watch": {
        "fr": "Complète : l’hôte n’admet pas d’autre spectateur",
        "en": "Full: the host lets no one else watch",
    },
    "join": {"fr": "Rejoindre", "en": "Join"},
    "devices_title": {"fr": "Depuis un autre appareil", "en": "From another device"},
    "devices_hint": {
        "fr": "Ouvrez le lien (ou scannez le QR code) que l’hôte vous montre, ou collez-le "
        "ci-dessous.",
        "en": "Open the link (or scan the QR code) the host shows you, or paste it below.",
    },
    "back": {"fr": "Retour", "en": "Back"},
    "advanced": {"fr": "Avancé", "en": "Advanced"},
    "ice_title": {"fr": "Serveurs STUN/TURN (facultatif)", "en": "STUN/TURN servers (optional)"},
    "ice_hint": {
        "fr": "Vide : sur le même réseau (Wi-Fi) seulement. Pour jouer par Internet, un "
        "serveur par ligne : stun:stun.example.org:3478, ou turn:turn.example.org:3478 "
        "utilisateur motdepasse. Gardé sur cet appareil seulement.",
        "en": "Empty: on the same network (Wi-Fi) only. To play over the internet, one "
        "server a line: stun:stun.example.org:3478, or turn:turn.example.org:3478 "
        "user password. Kept on this device only.",
    },
    # the ICE servers setting, checked as it is typed: which line, and why
    "ice_scheme": {
        "fr": "Ligne {line} ({text}) : une adresse commence par stun:, stuns:, turn: ou turns:.",
        "en": "Line {line} ({text}): an address starts with stun:, stuns:, turn: or turns:.",
    },
    "ice_host": {
        "fr": "Ligne {line} ({text}) : le nom du serveur manque ou est mal formé ; écrivez-le "
        "juste après stun: ou turn:, sans //, ex. turn:turn.example.org:3478.",
        "en": "Line {line} ({text}): the server’s name is missing or malformed; write it "
        "right after stun: or turn:, without //, e.g. turn:turn.example.org:3478.",
    },
    "ice_port": {
        "fr": "Ligne {line} ({text}) : le port doit être un nombre de 1 à 65535.",
        "en": "Line {line} ({text}): the port must be a number from 1 to 65535.",
    },
    "ice_transport": {
        "fr": "Ligne {line} ({text}) : seule une adresse TURN peut finir par ?transport=udp "
        "ou ?transport=tcp.",
        "en": "Line {line} ({text}): only a TURN address may end with ?transport=udp "
        "or ?transport=tcp.",
    },
    "ice_turn_login": {
        "fr": "Ligne {line} ({text}) : un serveur TURN demande son utilisateur et son mot de "
        "passe après l’adresse, séparés par des espaces.",
        "en": "Line {line} ({text}): a TURN server needs its user and password after the "
        "address, separated by spaces.",
    },
    "ice_stun_login": {
        "fr": "Ligne {line} ({text}) : un serveur STUN ne prend ni utilisateur ni mot de passe.",
        "en": "Line {line} ({text}): a STUN server takes no user or password.",
    },
    "ice_words": {
        "fr": "Ligne {line} ({text}) : l’adresse, puis pour TURN l’utilisateur et le mot de "
        "passe, rien d’autre.",
        "en": "Line {line} ({text}): the address, then for TURN the user and the password, "
        "nothing else.",
    },
    "ice_long": {
        "fr": "Ligne {line} ({text}) : trop long (10 serveurs au plus, 512 caractères par ligne).",
        "en": "Line {line} ({text}): too long (10 servers at most, 512 characters a line).",
    },
    "name_needed": {
        "fr": "Entrez un nom (1 à 20 caractères).",
        "en": "Enter a name (1 to 20 characters).",
    },
    "no_crypto": {
        "fr": "Ce navigateur ne peut pas chiffrer les échanges entre onglets ici : {reason}",
        "en": "This browser cannot seal the messages between tabs here: {reason}",
    },
    # --------------------------------------------------------------- lobby
    "lobby_host_title": {"fr": "Votre partie", "en": "Your game"},
    "lobby_guest_title": {"fr": "Partie de {name}", "en": "{name}'s game"},
    "options": {"fr": "Options", "en": "Options"},
    "players_count": {"fr": "Nombre de joueurs", "en": "Number of players"},
    "options_chosen": {"fr": "Options choisies par l’hôte", "en": "Options chosen by the host"},
    "yes": {"fr": "oui", "en": "yes"},
    "no": {"fr": "non", "en": "no"},
    "seats": {"fr": "Places", "en": "Seats"},
    "seat_open": {"fr": "Place libre", "en": "Open seat"},
    "bot_name": {"fr": "Robot {n}", "en": "Bot {n}"},
    "kind_host": {"fr": "Hôte", "en": "Host"},
    "kind_guest": {"fr": "Invité", "en": "Guest"},
    "kind_bot": {"fr": "Robot · {level}", "en": "Bot · {level}"},
    # {level}: the game's name of a bot level (OptionsDeclaration.levels)
    "add_bot": {"fr": "Robot · {level}", "en": "Bot · {level}"},
    "remove_bot": {"fr": "Retirer le robot", "en": "Remove the bot"},
    "sit": {"fr": "Prendre cette place", "en": "Take this seat"},
    "you_mark": {"fr": "vous", "en": "you"},
    "start": {"fr": "Commencer la partie", "en": "Start the game"},
    "start_wait": {
        "fr": "Toutes les places doivent être prises (invité ou robot) pour commencer.",
        "en": "Every seat must be taken (by a guest or a bot) to start.",
    },
    "invite": {
        "fr": "Inviter un joueur (autre appareil)",
        "en": "Invite a player (another device)",
    },
    "invite_close": {"fr": "Fermer l’invitation", "en": "Close the invitation"},
    "tabs_open_note": {
        "fr": "Les autres onglets de ce navigateur voient cette partie et peuvent la rejoindre.",
        "en": "Other tabs of this browser see this game and can join it.",
    },
    "leave_lobby": {"fr": "Abandonner", "en": "Leave"},
    "guest_wait_seat": {"fr": "Choisissez une place libre.", "en": "Choose an open seat."},
    "guest_wait_start": {
        "fr": "Vous êtes assis. La partie commence quand l’hôte la lance.",
        "en": "You are seated. The game begins when the host starts it.",
    },
    "connecting": {"fr": "Connexion à l’hôte…", "en": "Connecting to the host…"},
    "join_title": {"fr": "Rejoindre une partie", "en": "Join a game"},
    "join_lost_title": {"fr": "Connexion perdue", "en": "Connection lost"},
    "join_device_hint": {
        "fr": "Entrez votre nom, puis montrez à l’hôte le code de réponse qui s’affiche.",
        "en": "Enter your name, then show the host the answer code that appears.",
    },
    "answer_wait": {
        "fr": "Montrez ce code à l’hôte (QR code ou copier-coller). Vous entrez dans la "
        "partie dès qu’il l’a saisi.",
        "en": "Show this code to the host (QR code or copy and paste). You are in the "
        "game as soon as they enter it.",
    },
    # -------------------------------------------------------------- badges
    "badge_connected": {"fr": "connecté", "en": "connected"},
    "badge_dropped": {"fr": "déconnecté", "en": "dropped"},
    "badge_thinking": {"fr": "réfléchit", "en": "thinking"},
    "badge_bot_hand": {"fr": "confié à un robot", "en": "handed to a bot"},
    "hand_to_bot": {"fr": "Confier à un robot", "en": "Hand to a bot"},
    "give_back": {"fr": "Rendre la place", "en": "Give the seat back"},
    "new_invite": {"fr": "Nouvelle invitation", "en": "New invitation"},
    "net_seats": {"fr": "Joueurs en ligne", "en": "Players online"},
    # ------------------------------------------------------------- notices
    "host_gone": {
        "fr": "La connexion avec l’hôte est perdue. Reconnexion dès que son onglet revient "
        "(s’il l’a fermé : dès qu’il rouvre le site et reprend la partie)…",
        "en": "The connection to the host is lost. Reconnecting as soon as their tab is back "
        "(if they closed it: as soon as they open the site again and resume the game)…",
    },
    "host_reloaded": {
        "fr": "La page de l’hôte a été rechargée (ou la connexion perdue) : demandez à l’hôte "
        "une nouvelle invitation et ouvrez-la. Vous retrouverez votre place.",
        "en": "The host's page was reloaded (or the connection lost): ask the host for a new "
        "invitation and open it. You will get your seat back.",
    },
    "device_lost": {
        "fr": "La connexion avec l’hôte s’est fermée (cette page a été rechargée) : demandez "
        "à l’hôte une nouvelle invitation, puis ouvrez-la ou collez-la ci-dessous. Vous "
        "retrouverez votre place.",
        "en": "The connection to the host closed (this page was reloaded): ask the host for "
        "a new invitation, then open it or paste it below. You will get your seat back.",
    },
    "seat_replaced": {
        "fr": "Votre place a été reprise depuis une autre page : la partie continue là-bas.",
        "en": "Your seat was taken back from another page: the game goes on there.",
    },
    "host_closed": {
        "fr": "L’hôte a quitté : la partie est terminée pour tout le monde.",
        "en": "The host left: the game is over for everyone.",
    },
    "name_taken": {
        "fr": "Quelqu’un s’appelle déjà «\u00a0{name}\u00a0» dans cette partie : choisissez "
        "un autre nom, puis rejoignez-la à nouveau.",
        "en": "Someone in this game is already called “{name}”: choose another name, then "
        "join again.",
    },
    "host_frame_refused": {
        "fr": "L’hôte a envoyé des données incohérentes : elles sont ignorées, le plateau "
        "reste tel qu’il était.",
        "en": "The host sent something that does not add up: it was ignored, and the board "
        "stays as it was.",
    },
    # ------------------------------------- a hosted game whose tab was closed
    "resume_title_one": {
        "fr": "Votre partie en ligne vous attend",
        "en": "Your online game is waiting",
    },
    "resume_title_many": {
        "fr": "Vos parties en ligne vous attendent",
        "en": "Your online games are waiting",
    },
    "resume_hint": {
        "fr": "Son onglet a été fermé. Reprenez-la ici : les invités des autres onglets "
        "reviennent d’eux-mêmes ; ceux d’autres appareils ont besoin d’une nouvelle invitation.",
        "en": "Its tab was closed. Resume it here: guests in other tabs come back by "
        "themselves; guests on other devices need a new invitation.",
    },
    "resume_lobby": {"fr": "Pas encore commencée", "en": "Not started yet"},
    "resume_over": {"fr": "Partie terminée", "en": "Game over"},
    "resume_with": {"fr": "avec {names}", "en": "with {names}"},
    "resume_go": {"fr": "Reprendre la partie", "en": "Resume the game"},
    "resume_end": {"fr": "Y mettre fin", "en": "End it"},
    "resume_end_confirm": {
        "fr": "Mettre fin à cette partie pour tout le monde\u00a0?",
        "en": "End this game for everyone?",
    },
    "resume_end_yes": {"fr": "Oui, y mettre fin", "en": "Yes, end it"},
    "resume_end_no": {"fr": "Non, la garder", "en": "No, keep it"},
    "resume_corrupt": {
        "fr": "La partie en ligne gardée dans ce navigateur n’a pas pu être relue : elle a été "
        "effacée.",
        "en": "The online game kept in this browser could not be read back, so it was cleared.",
    },
    "resume_elsewhere": {
        "fr": "Votre partie en ligne est ouverte dans un autre onglet de ce navigateur : "
        "continuez-la là-bas.",
        "en": "Your online game is open in another tab of this browser: carry on there.",
    },
    "resuming": {
        "fr": "Reprise de votre partie en ligne…",
        "en": "Resuming your online game…",
    },
    "refused": {"fr": "Refusé : {reason}", "en": "Refused: {reason}"},
    # the log's line where a seat took back its last move (game.net.host's taken_back)
    "took_back": {"fr": "{name} a repris son dernier coup.", "en": "{name} took back a move."},
    "role_host": {"fr": "Vous hébergez", "en": "You are hosting"},
    "role_guest": {"fr": "{game} · partie de {name}", "en": "{game} · {name}'s game"},
    "role_spectator": {
        "fr": "Vous regardez la partie de {name}",
        "en": "You are watching {name}'s game",
    },
    "watching_one": {"fr": "{n} spectateur", "en": "{n} spectator"},
    "watching_many": {"fr": "{n} spectateurs", "en": "{n} spectators"},
    # ----------------------------------------------------------- spectators
    "spectators": {"fr": "Spectateurs admis", "en": "Spectators allowed"},
    "spectators_help": {
        "fr": "Combien de personnes peuvent regarder la partie sans y jouer (0 : personne). "
        "Elles ne voient aucune carte cachée avant la fin.",
        "en": "How many people may watch the game without playing (0: nobody). They see "
        "no hidden card until the end.",
    },
    "guest_watch": {
        "fr": "Toutes les places sont prises : vous regarderez la partie.",
        "en": "Every seat is taken: you will watch the game.",
    },
    "watch": {"fr": "Regarder", "en": "Watch"},
    # --------------------------------------------------------------- rematch
    "rematch_offer": {"fr": "Proposer une revanche", "en": "Offer a rematch"},
    "rematch_offered": {
        "fr": "Revanche proposée : mêmes places, mêmes options. Elle commence dès que tous "
        "les invités ont accepté.",
        "en": "Rematch offered: same seats, same options. It starts as soon as every guest "
        "has accepted.",
    },
    "rematch_start": {"fr": "Lancer maintenant", "en": "Start now"},
    "rematch_start_hint": {
        "fr": "Sans attendre : un robot joue la place de qui n’a pas accepté (vous pourrez "
        "la lui rendre).",
        "en": "Without waiting: a bot plays the seat of anyone who has not accepted (you "
        "can give it back).",
    },
    "rematch_asked": {
        "fr": "{name} propose une revanche : mêmes places, mêmes options.",
        "en": "{name} offers a rematch: same seats, same options.",
    },
    "rematch_yes": {"fr": "Accepter la revanche", "en": "Accept the rematch"},
    "rematch_no": {"fr": "Refuser", "en": "Decline"},
    "rematch_said_yes": {
        "fr": "Vous avez accepté : la revanche commence quand tout le monde a répondu.",
        "en": "You accepted: the rematch starts once everyone has answered.",
    },
    "rematch_said_no": {
        "fr": "Vous avez refusé : si la revanche a lieu, un robot joue votre place et vous "
        "la regardez.",
        "en": "You declined: if the rematch takes place, a bot plays your seat and you watch.",
    },
    "answer_waiting": {"fr": "attend", "en": "waiting"},
    "answer_yes": {"fr": "accepte", "en": "accepted"},
    "answer_no": {"fr": "refuse", "en": "declined"},
    "answer_gone": {"fr": "parti", "en": "left"},
    # ------------------------------------------------------------- reactions
    "react_menu": {"fr": "Réagir", "en": "React"},
    "react_title": {"fr": "Réactions", "en": "Reactions"},
    "react_from": {"fr": "{name} : {text}", "en": "{name}: {text}"},
    "react_wave": {"fr": "Salut", "en": "Hello"},
    "react_thumbs_up": {"fr": "Bravo", "en": "Nice"},
    "react_laugh": {"fr": "Ha ha", "en": "Ha ha"},
    "react_wow": {"fr": "Waouh", "en": "Wow"},
    "react_think": {"fr": "Hmm…", "en": "Hmm…"},
    "react_well_played": {"fr": "Bien joué !", "en": "Well played!"},
    "react_good_game": {"fr": "Bonne partie !", "en": "Good game!"},
    "react_oops": {"fr": "Oups !", "en": "Oops!"},
    "react_thanks": {"fr": "Merci !", "en": "Thanks!"},
    "react_your_turn": {"fr": "À toi !", "en": "Your turn!"},
    "leave_net_confirm": {
        "fr": "Quitter cette partie en ligne ?",
        "en": "Leave this online game?",
    },
    "leave_host_confirm": {
        "fr": "Si vous partez, la partie s’arrête pour tous vos invités. La quitter quand même ?",
        "en": "If you leave, the game ends for all your guests. Leave anyway?",
    },
    "leave_host_yes": {"fr": "Oui, arrêter la partie", "en": "Yes, end the game"},
    "leave_host_no": {"fr": "Non, rester", "en": "No, stay"},
}
NET_STRINGS: Final = Catalogue("platform.network", _NET_STRINGS_ENTRIES)

#: what a refusal from the host means, by its stable code (game/net's reject codes)
_REJECTS: Final[dict[str, dict[str, str]]] = {
    "malformed": {"fr": "message mal formé", "en": "malformed message"},
    "too_large": {"fr": "message trop long", "en": "message too large"},
    "unknown_type": {"fr": "message inconnu", "en": "unknown message"},
    "version": {
        "fr": "l’hôte utilise une autre version du jeu ; rechargez la page",
        "en": "the host runs another version of the game; reload the page",
    },
    "replayed": {"fr": "message déjà reçu", "en": "message already received"},
    "not_joined": {"fr": "pas encore dans la partie", "en": "not in the game yet"},
    "seat_taken": {"fr": "cette place est déjà prise", "en": "that seat is already taken"},
    "no_such_seat": {"fr": "cette place n’existe pas", "en": "no such seat"},
    "not_your_seat": {"fr": "ce n’est pas votre place", "en": "that is not your seat"},
    "stale": {
        "fr": "la partie a avancé entre-temps ; voici la situation à jour",
        "en": "the game moved on meanwhile; here is the current situation",
    },
    "illegal": {"fr": "coup interdit", "en": "move not allowed"},
    "taken_back": {
        "fr": "ce coup a été repris entre-temps ; voici la situation à jour",
        "en": "that move was taken back meanwhile; here is the current situation",
    },
    "not_started": {"fr": "la partie n’a pas commencé", "en": "the game has not started"},
    "started": {"fr": "la partie a déjà commencé", "en": "the game has already started"},
    "no_spectators": {
        "fr": "la partie a commencé et l’hôte n’admet pas de spectateurs",
        "en": "the game has started and the host lets no spectator in",
    },
    "spectators_full": {
        "fr": "la partie a déjà tous les spectateurs que l’hôte admet",
        "en": "the game already has all the spectators the host allows",
    },
    "no_rematch": {"fr": "aucune revanche n’est proposée", "en": "no rematch is offered"},
    "not_over": {"fr": "la partie n’est pas finie", "en": "the game is not over"},
    "unknown_reaction": {"fr": "réaction inconnue", "en": "unknown reaction"},
    "too_fast": {
        "fr": "une réaction toutes les deux secondes au plus",
        "en": "one reaction every two seconds at most",
    },
    "bad_token": {
        "fr": "jeton de place inconnu de cet hôte",
        "en": "this host does not know that seat token",
    },
    "full": {
        "fr": "toutes les places sont prises et l’hôte n’admet pas de spectateurs",
        "en": "every seat is taken and the host lets no spectator in",
    },
    "name": {"fr": "nom vide ou trop long", "en": "empty or too long name"},
    "name_taken": {
        "fr": "quelqu’un porte déjà ce nom à cette table",
        "en": "someone at this table already has that name",
    },
}


ntr: Final = NET_STRINGS
"""One string of network play in `lang`, with `values` filled in."""


def reject_text(code: str, detail: str, lang: str, game: str = DEFAULT_GAME) -> str:
    """A refusal from the host for people: its code in words, then the detail;
    a refused undo says why (in `game`'s words where its client has them)."""
    base, _, reason = code.partition(":")
    if base == "undo" and reason:
        return undo_refusal_text(reason, detail, lang, get_client(game).reason_text)
    words = _REJECTS.get(base)
    text = words[lang] if words and lang in LANGS else code
    if base == "illegal" and reason:
        # the engine's own reason, in words (the game's client knows them)
        text = get_client(game).reason_text(reason, detail or text, lang)
    return ntr("refused", lang, reason=text)
