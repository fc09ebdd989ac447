"""A game's client: what the browser shell asks a game to draw and to say.

The shell (``game/web/``) knows no game. It keeps what every game shares (the
local session and its seats, the curtain, saves, the network board and lobby,
replays, undo, sharing, the log's frame, the platform's words) and asks the
game's client, found through ``game.registry``, for the rest: the board, the
round-result and end-of-game panels, the controls for the viewer's legal
actions, the status line, the words for events and refusals, the page's
markers. A client lives in its game's package (``game/<name>/ui/``), which may
not import the shell: so the protocol and the plain data both sides share live
here, in the engine layer.

Everything here is plain Python with no browser import. HTML is built as
strings; every text goes through ``e`` (escaped), icons come from the page's
SVG sprite (``icon``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Protocol

from .dom import ActMarks
from .options import Option, OptionsDeclaration, Words
from .protocol import JSON, Event

__all__ = [
    "Control",
    "Dock",
    "GameClient",
    "Group",
    "Legend",
    "Listing",
    "MenuGroup",
    "Scene",
    "dock_html",
    "e",
    "icon",
    "menu_fields",
]


def e(text: object) -> str:
    """Escape text for HTML content and attribute values."""
    return escape(str(text), quote=True)


def icon(name: str, cls: str = "") -> str:
    """An icon from the page's SVG sprite (site/index.html, #i-<name>)."""
    extra = f" {cls}" if cls else ""
    return (
        f'<svg class="icon icon-{name}{extra}" aria-hidden="true" focusable="false">'
        f'<use href="#i-{name}"></use></svg>'
    )


# ------------------------------------------------------------------ controls


@dataclass(frozen=True)
class Control:
    """One button: the action it plays and how it reads."""

    action: Any
    label: str
    aria: str = ""
    #: "primary" for the main move of a group, "secondary" otherwise
    tone: str = "secondary"
    #: a card the button stands for, drawn small on the button
    card: int | None = None
    #: a probability shown on the button (a hint the player asked for), if any
    odds: float | None = None
    #: that probability as the button shows it ("23%")
    odds_text: str = ""
    #: "low", "mid" or "high", for its colour
    odds_risk: str = ""


@dataclass(frozen=True)
class Group:
    """Controls shown together, under a label (a card, a target, ...)."""

    key: str
    label: str
    controls: tuple[Control, ...]
    #: the card the group is about, drawn beside the buttons
    card: int | None = None
    #: a note under the label (e.g. why a card cannot be played)
    note: str = ""


@dataclass(frozen=True)
class Dock:
    """What the viewer is asked (`prompt`) and one control per legal action."""

    prompt: str
    groups: tuple[Group, ...]

    def actions(self) -> list[Any]:
        return [control.action for group in self.groups for control in group.controls]


NO_DOCK = Dock("", ())


# ------------------------------------------------------------------- scene


@dataclass
class Scene:
    """Everything one render needs; `shown` collects the keys of what it drew.

    The shell fills the fields; the ``*_html`` ones are the shell's own widgets,
    already rendered, that the client places where its layout wants them (so a
    game's board never draws the leave button, the share box or the log's
    frame itself)."""

    view: dict[str, Any]
    names: Sequence[str]
    kinds: Sequence[str]
    lang: str
    #: each bot's level ("easy", "normal", "hard"), "" for a human; empty: not shown
    levels: Sequence[str] = ()
    #: each bot's level in the game's words (its ``OptionsDeclaration.levels``),
    #: "" for a human; empty where the shell shows no level
    level_words: Sequence[str] = ()
    dock: Dock = NO_DOCK
    #: the log lines, each (event type, text), oldest first
    log: Sequence[tuple[str, str]] = ()
    #: how many of the newest log lines the panel draws, for a board that
    #: offers the whole log on demand (0: its reader asked for all of them);
    #: None: every line, with no such offer. A long game's draws cost the same
    #: at its end as at its start (issue #28).
    log_window: int | None = None
    #: a bot is about to act (its seat), for the "is thinking" line
    thinking: int | None = None
    #: a refusal to show in the dock, in words
    notice: str = ""
    #: with no controls, the dock shows this line (the replay's move) instead of a wait
    caption: str = ""
    #: the events the viewer saw, oldest first, up to the result on show (for
    #: the result panel: what the view no longer holds) or up to now (for the
    #: board: what just happened); may be empty
    events: Sequence[Event] = ()
    #: what the previous render drew (keys of cards and log lines)
    previous: frozenset[str] = frozenset()
    shown: set[str] = field(default_factory=set)
    #: the shell's buttons for the board's top bar (share, leave)
    bar_html: str = ""
    #: the shell's box under the bar (the share link, the leave confirmation)
    box_html: str = ""
    #: the shell's undo button, for the dock ("" none)
    undo_html: str = ""
    #: the log's panel, lines included
    log_html: str = ""
    #: the end-of-game panel's buttons (rematch, menu, share) and its share box
    over_actions_html: str = ""
    over_box_html: str = ""
    #: the shell's per-seat additions (network play: each seat's connection),
    #: placed by the client on that seat's panel: attributes for the panel's
    #: element (`' data-net="guest" data-connected="true" ...'`) and badges for
    #: its head, already rendered; empty on a local table
    seat_attrs: Mapping[int, str] = field(default_factory=dict)
    seat_badges_html: Mapping[int, str] = field(default_factory=dict)
    #: what the shell wants on the action controls (the move a lesson points
    #: at): the client hands it to ``dom.act_button`` for every control it draws
    marks: ActMarks = field(default_factory=ActMarks)
    #: whether the result panel offers its "continue" button (a finished
    #: lesson's last result stays without it): ``dom.continue_actions``
    result_button: bool = True

    def mark(self, key: str) -> str:
        """Record `key` as drawn; ' arrive' if it was not drawn last time."""
        self.shown.add(key)
        return "" if key in self.previous else " arrive"


def dock_html(scene: Scene, groups: Sequence[str], waiting: str, before: str = "") -> str:
    """The dock every board shares (``#actions``): a late refusal, the game's own
    lines (`before`), then the prompt, the undo button, a refusal and the
    game's rendered control `groups`; or the replay's caption; or the `waiting`
    line while others act."""
    parts = ['<section class="dock" id="actions" aria-labelledby="dock-prompt">']
    if scene.notice and not groups:
        # a refusal that came once it was no longer the viewer's turn (network play)
        parts.append(f'<p class="notice" role="alert">{e(scene.notice)}</p>')
    parts.append(before)
    if groups:
        parts.append(
            f'<p class="dock-prompt" id="dock-prompt" data-turn="you">{e(scene.dock.prompt)}</p>'
        )
        parts.append(scene.undo_html)
        if scene.notice:
            parts.append(f'<p class="notice" role="alert">{e(scene.notice)}</p>')
        parts.extend(groups)
    elif scene.caption:
        parts.append(
            f'<p class="dock-prompt replay-caption" id="dock-prompt">{e(scene.caption)}</p>'
        )
    else:
        thinking = ' data-thinking="true"' if scene.thinking is not None else ""
        parts.append(
            f'<p class="dock-prompt waiting" id="dock-prompt"{thinking}>'
            f'<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>{e(waiting)}</p>'
        )
    parts.append("</section>")
    return "".join(parts)


# ------------------------------------------------------------------ listing


@dataclass(frozen=True)
class MenuGroup:
    """Declared options the menu draws together, under a legend (Boss Quest's
    extensions). Their checkboxes get the ids ``<key>-<option>``."""

    key: str
    legend: Words
    options: tuple[str, ...]
    #: the class of its fieldset (the page's stylesheet and tests find it by it)
    css: str = ""


@dataclass(frozen=True)
class Legend:
    """A key to the game's pictures, shown in the game page's footer (Boss
    Quest's weapon colours): each item a small picture (a badge, as in
    ``Listing.badges``) and its name."""

    #: the list's name, for screen readers ("Armes")
    label: Words
    items: tuple[tuple[str, Words], ...]


@dataclass(frozen=True)
class Listing:
    """How the site's home and a game's menu present a game, beside what the
    game declares (its options, ``Game.declared_options``) and what its client
    says (``title``, ``tutorials``)."""

    #: one line under the game's name on the home
    description: Words
    #: the game's rules page: a TOML file of its package (parts, sections in
    #: French and English, the tutorial board beside each) that build.py turns
    #: into ``rules-<name>.html``; None when the game has no rules page. The page
    #: never reads it (it stays out of the game bundle).
    rules: Path | None = None
    #: the label and help of the menu's hint checkbox (the client's ``hint``),
    #: None when the game offers no hint
    hint: tuple[Words, Words] | None = None
    #: options drawn together under a legend; the others come first, alone
    groups: tuple[MenuGroup, ...] = ()
    #: a small picture before an option's label: "icon:<sprite id>" (the page's
    #: SVG sprite, ``#i-<id>``) or "swatch:<class>:<colour>" (a swatch the
    #: game's stylesheet draws: ``<span class="<class>" data-color="<colour>">``)
    badges: Mapping[str, str] = field(default_factory=dict)
    #: the key to the game's pictures in the game page's footer, None for none
    legend: Legend | None = None
    #: the menu's default names for the seats, in order, in each language (a
    #: seat past them is "Player N"); none: "Player 1", "Player 2", ...
    names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the keys of a lesson's ``setup`` whose start the tutorial page shows
    #: before Python has loaded: the game's own script (``ui/*.js``, joined into
    #: assets/games.js) draws its pieces of the board's frame from them; of a
    #: list, its first item only (the top of a pile), never a hand
    preview: tuple[str, ...] = ()
    #: the cheer under the menu's Start button once the game has loaded
    ready: Words = field(
        default_factory=lambda: {
            "fr": "Tout est prêt. Bonne partie !",
            "en": "All set. Have a good game!",
        }
    )


def menu_fields(declared: OptionsDeclaration, listing: Listing) -> list[dict[str, JSON]]:
    """The menu's controls for a game's declared options, in the order the menu
    draws them: the options outside any group first (in declaration order),
    then each group's (``group``: its key). Each field says its kind ("check"
    for true/false, "number" for an integer, "choice" for a string), its
    element id (``KEY`` with "-" for "_", or ``GROUP-KEY`` in a group), its
    classes, badge, label and help in French and English, its default and its
    constraints (``min``/``max``, ``choices`` with their names,
    ``on_from_players``). The menu (site/assets/menu.js) draws exactly these."""
    grouped = {key: group for group in listing.groups for key in group.options}
    by_key = {option.key: option for option in declared.options}
    unknown = sorted(set(grouped) - set(by_key))
    if unknown:
        raise ValueError(f"menu groups name undeclared options: {', '.join(unknown)}")
    order = [option for option in declared.options if option.key not in grouped]
    order += [by_key[key] for group in listing.groups for key in group.options]
    return [_menu_field(option, grouped.get(option.key), listing) for option in order]


def _menu_field(option: Option, group: MenuGroup | None, listing: Listing) -> dict[str, JSON]:
    dashed = option.key.replace("_", "-")
    kind = (
        "check"
        if isinstance(option.default, bool)
        else "number"
        if isinstance(option.default, int)
        else "choice"
    )
    if group is None:
        element, css = dashed, f"option-{dashed} option-{kind}"
    else:
        element, css = f"{group.key}-{dashed}", f"option-{group.key} option-{dashed} option-{kind}"
    field_: dict[str, JSON] = {
        "key": option.key,
        "id": element,
        "kind": kind,
        "group": group.key if group is not None else "",
        "css": css,
        "badge": listing.badges.get(option.key, ""),
        "label": dict(option.label),
        "help": dict(option.help),
        "default": option.default,
    }
    if option.on_from_players is not None:
        field_["on_from_players"] = option.on_from_players
    if kind == "number":
        if option.minimum is not None:
            field_["min"] = option.minimum
        if option.maximum is not None:
            field_["max"] = option.maximum
    if kind == "choice":
        field_["choices"] = [
            {
                "value": choice,
                "label": {lang: option.choice_label(choice, lang) for lang in ("fr", "en")},
            }
            for choice in option.choices
        ]
    return field_


# ------------------------------------------------------------------ protocol


class GameClient(Protocol):
    """A game's client. Views are the game's own (``Game.view``): the client is
    the only part of the browser side that reads their fields.

    A client subclasses ``client_base.DefaultClient``, which holds the optional
    members (``tutorials``, ``hint``, ``markers``, and the three ``render_*``
    handed to its ``renderer`` module); the others are required
    (``client_base.REQUIRED``). Controls, panels and markers are drawn through
    ``dom.py``."""

    #: the game's registered name
    name: str
    #: the folder of its tutorial boards (JSON lessons), None if it has none
    tutorials: Path | None
    #: how the home and the menu present the game (description, rules page, groups)
    listing: Listing

    def title(self, lang: str) -> str:
        """The game's name as pages show it ("Boss Quest")."""
        ...

    def render_table(self, scene: Scene) -> str:
        """The board in play, the dock and the log panel included."""
        ...

    def render_result(self, scene: Scene) -> str:
        """The panel of a result the device has not acknowledged (its button
        sends ``data-cmd="continue"``)."""
        ...

    def render_game_over(self, scene: Scene) -> str:
        """The end-of-game panel (with ``scene.over_actions_html``)."""
        ...

    def dock(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        names: Sequence[str],
        lang: str,
        hint: Mapping[int, float] | None = None,
    ) -> Dock:
        """The prompt and exactly one control per legal action of the viewer;
        `hint` is what ``hint`` computed, when the player asked for it."""
        ...

    def hint(self, view: dict[str, Any], legal: Sequence[Any]) -> dict[int, float]:
        """The game's optional hint for a person on their turn (for Boss Quest,
        the odds of going over), from their view alone; empty if none."""
        ...

    def result_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        """The status line while the result panel shows."""
        ...

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        """The status line (and title) of a finished game."""
        ...

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        """An event (already filtered for the reader) as log lines, first the main one."""
        ...

    def reason_text(self, code: str, message: str, lang: str) -> str:
        """A refusal's reason code in words (`message` when the code is unknown)."""
        ...

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        """The game's markers the page sets from a view (``data-round``, ...)."""
        ...

    def progress(self, view: dict[str, Any], lang: str) -> str:
        """How far a running game has gone, in a few words, from any seat's or
        the spectator's view (Boss Quest: "Manche 3"): the offer to resume a
        hosted game shows it."""
        ...

    def result_key(self, view: dict[str, Any]) -> int | None:
        """Which result the view holds (a round's number), None if none: the
        shell shows the result panel while it is above the last acknowledged."""
        ...

    def open_view(self, state: Any) -> dict[str, Any]:
        """Everything face up, for a finished game's replay (never a running one)."""
        ...
