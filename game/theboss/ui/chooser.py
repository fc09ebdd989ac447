"""Choosing a placement: on the board, a city's chooser; in the panel, a
city's placements grouped by how many gangsters they make in all.

A person taps a city on the board (its ``tb-city-tap`` button opens the
city's chooser, an HTML popover: no script): two segmented choices, "Experts"
and "Occasionals", each offering only the counts some legal placement uses,
then one line for the pair chosen: the Place button of that placement with
what it makes (the total there, the majority taken or kept), or why that pair
is not a placement. Every legal placement has its button, each shown only
when its pair is chosen (theboss.css hides the others); the smallest
placement that takes the majority is chosen first.

The panel (``#actions``), for the keyboard and screen readers, lists the same
placements as buttons in words, one row per total, fewest first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.client import Control, e
from game.engine.dom import ActMarks, act_button
from game.theboss.codec import action_to_json
from game.theboss.state import Place

from .strings import BOARD, city_name, gangsters_text

__all__ = ["chooser_html", "city_tap", "panel_rows", "smallest"]


def smallest(offered: Sequence[Place]) -> Place:
    """The placement with the fewest gangsters, experts first among equals
    (occasionals are gone after the round; experts come back)."""
    return min(offered, key=lambda a: (a.experts + a.occasionals, a.occasionals))


def _standing(view: Mapping[str, Any], city: int) -> tuple[int, int]:
    """The viewer's gangsters on `city` and the most any other seat has there."""
    seat = int(view["seat"])
    entry = view["cities"][city]
    counts = [ex + oc for ex, oc in zip(entry["experts"], entry["occasionals"], strict=True)]
    mine = counts[seat]
    rival = max((n for who, n in enumerate(counts) if who != seat), default=0)
    return mine, rival


def _outcome_text(view: Mapping[str, Any], city: int, experts: int, occ: int, lang: str) -> str:
    mine, rival = _standing(view, city)
    total = mine + experts + occ
    if not experts and not occ:
        return BOARD("outcome_none", lang)
    if total <= rival:
        return BOARD("outcome_short", lang, n=total, need=rival + 1)
    return BOARD("outcome_keep" if mine > rival else "outcome_take", lang, n=total)


def city_tap(city: int, lang: str) -> str:
    """The button that makes a whole city the control opening its chooser."""
    aria = BOARD("tap_city_aria", lang, city=city_name(city))
    return (
        f'<button type="button" class="tb-city-tap" popovertarget="tb-choose-{city}" '
        f'data-city="{city}" aria-label="{e(aria)}">'
        f'<span class="tb-city-tap-word" aria-hidden="true">{e(BOARD("tap_city", lang))}</span>'
        "</button>"
    )


def _segments(city: int, pick: str, values: Sequence[int], chosen: int, label: str) -> str:
    items = "".join(
        f'<label class="tb-seg"><input type="radio" name="tb-{pick}-{city}" value="{n}" '
        f'data-pick="{pick}"{" checked" if n == chosen else ""}><span>{n}</span></label>'
        for n in values
    )
    return (
        f'<fieldset class="tb-segs" data-pick="{pick}"><legend>{e(label)}</legend>'
        f'<div class="tb-seg-row">{items}</div></fieldset>'
    )


def chooser_html(
    view: Mapping[str, Any],
    city: int,
    offered: Sequence[Place],
    lang: str,
    note: str,
    marks: ActMarks | None = None,
) -> str:
    """The popover of `city`: the two choices and one line per pair."""
    legal = {(a.experts, a.occasionals): a for a in offered}
    first = smallest(offered)
    experts = sorted({a.experts for a in offered})
    occasionals = sorted({a.occasionals for a in offered})
    name = city_name(city)
    lines = []
    for ex in experts:
        for oc in occasionals:
            outcome = _outcome_text(view, city, ex, oc, lang)
            action = legal.get((ex, oc))
            if action is None:
                lines.append(
                    f'<p class="tb-outcome" data-e="{ex}" data-o="{oc}" data-legal="false">'
                    f"{e(outcome)}</p>"
                )
                continue
            what = gangsters_text(ex, oc, lang)
            aria = BOARD("place_aria", lang, what=what, city=name)
            go = act_button(
                action_to_json(action),
                e(BOARD("place_go", lang, what=what)),
                css="btn btn-primary act tb-go",
                label=aria,
                attrs=[("data-experts", ex), ("data-occasionals", oc)],
                marks=marks,
            )
            lines.append(
                f'<div class="tb-outcome" data-e="{ex}" data-o="{oc}" data-legal="true">'
                f'<p class="tb-outcome-text">{e(outcome)}</p>{go}</div>'
            )
    title = BOARD("chooser_title", lang, city=name)
    close = BOARD("close", lang)
    return (
        f'<div class="tb-chooser" id="tb-choose-{city}" popover data-city="{city}" '
        f'role="dialog" aria-labelledby="tb-choose-{city}-title">'
        f'<div class="tb-chooser-head"><h3 class="tb-chooser-title" id="tb-choose-{city}-title">'
        f"{e(title)}</h3>"
        f'<button type="button" class="btn btn-ghost tb-chooser-close" '
        f'popovertarget="tb-choose-{city}" popovertargetaction="hide" aria-label="{e(close)}">'
        "&times;</button></div>"
        f'<p class="tb-chooser-note">{e(note)}</p>'
        f"{_segments(city, 'e', experts, first.experts, BOARD('chooser_experts', lang))}"
        f"{_segments(city, 'o', occasionals, first.occasionals, BOARD('chooser_occ', lang))}"
        f'<div class="tb-outcomes" aria-live="polite">{"".join(lines)}</div></div>'
    )


def panel_rows(controls: Sequence[Control], lang: str, marks: ActMarks | None = None) -> str:
    """The panel's buttons of one city, a row per total of gangsters, fewest
    first; the smallest placement is the primary one."""
    rows: dict[int, list[Control]] = {}
    for control in controls:
        action = control.action
        assert isinstance(action, Place)
        rows.setdefault(action.experts + action.occasionals, []).append(control)
    html = []
    for total in sorted(rows):
        buttons = "".join(
            _panel_button(control, marks)
            for control in sorted(rows[total], key=lambda c: -c.action.experts)
        )
        label = BOARD.plural("gangsters", "gangsters_many", total, lang)
        html.append(
            f'<div class="tb-total" data-total="{total}">'
            f'<p class="tb-total-label">{e(label)}</p>'
            f'<div class="tb-total-buttons">{buttons}</div></div>'
        )
    return "".join(html)


def _panel_button(control: Control, marks: ActMarks | None) -> str:
    action = control.action
    assert isinstance(action, Place)
    return act_button(
        action_to_json(action),
        f"<span>{e(control.label)}</span>",
        css=f"btn act act-{control.tone} tb-place-btn",
        label=control.aria,
        attrs=[("data-experts", action.experts), ("data-occasionals", action.occasionals)],
        marks=marks,
    )
