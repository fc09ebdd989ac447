"""The tutorial board's page glue (runs on Pyodide, in ``embed.html``).

The page runs, once PyScript has started Python::

    from game.web.embed_main import boot
    boot()

``boot`` reads ``?game=GAME&scenario=NAME`` from the address (the games of the
page's catalogue registered first: the test games of a ``--test-games`` build
too) and the language that ``assets/embed.js`` chose (``<html lang>``), starts a
``game.web.tutorial.TutorialSession`` and shows it, then sets
``<html data-state="ready">``. Every click on a ``[data-cmd]`` button goes to
``TutorialSession.command``; nothing else happens here. No storage is used:
the page is meant to live in iframes of other sites.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull, to_js

from game.web.tutorial import (
    TutorialError,
    TutorialSession,
    page_tutorial,
    query_tutorial,
    tutr,
)

__all__ = ["boot"]

_session: TutorialSession | None = None
#: JavaScript proxies of our Python callbacks, kept alive for the page's life
_proxies: dict[str, Any] = {}


def boot() -> None:
    """Load the tutorial the address names and show it; say ready."""
    global _session
    document = js.document
    name = query_tutorial(str(js.location.search))
    tutorial = document.getElementById("tutorial")
    try:
        search = str(js.location.search)
        _session = TutorialSession(page_tutorial(_catalogue(), search), name=name)
    except TutorialError as exc:
        _session = None
        tutorial.setAttribute("data-error", "unknown")
        js.console.warn(f"Boss Quest: {exc}")
        if _absent(document.querySelector(".tut-unknown")):  # embed.js said it already
            panel = document.getElementById("tut-panel")
            panel.innerHTML = (
                '<div class="tut-unknown" role="alert"><p class="tut-caption"></p></div>'
            )
            panel.querySelector(".tut-caption").textContent = tutr("unknown", _lang(), name=name)
        document.getElementById("board-view").replaceChildren()
    else:
        _proxies["click"] = create_proxy(_on_click)
        tutorial.addEventListener("click", _proxies["click"])
        _render()
    finally:
        document.getElementById("tut-loading").hidden = True
        document.documentElement.dataset.state = "ready"


def _catalogue() -> str:
    """The games the build offers (``#catalogue``, see build.py)."""
    element = js.document.getElementById("catalogue")
    return "" if _absent(element) else str(element.textContent)


def _lang() -> str:
    return "fr" if str(js.document.documentElement.lang) == "fr" else "en"


def _on_click(event: Any) -> None:
    target = event.target.closest("[data-cmd]")
    if _absent(target) or _session is None:
        return
    arg = target.getAttribute("data-act")
    if _session.command(str(target.getAttribute("data-cmd")), "" if _absent(arg) else str(arg)):
        _render(moved=True)


def _render(moved: bool = False) -> None:
    """Put the session into the page; after a click, keep the focus on the lesson."""
    assert _session is not None
    shown = _session.render(_lang())
    document = js.document
    document.getElementById("tut-panel").innerHTML = shown.panel
    document.getElementById("board-view").innerHTML = shown.board
    tutorial = document.getElementById("tutorial")
    for key, value in shown.markers.items():
        tutorial.setAttribute(f"data-{key}", value)
    document.getElementById("board-status").textContent = shown.status
    _unfold_expected()
    if not moved:
        return  # never take the focus on load: the page may be an iframe of another site
    # the new caption must be seen: scroll this document (never the host page) back to it
    top = document.getElementById("tut-panel").getBoundingClientRect().top
    if top < 0:
        js.window.scrollBy(0, top - 8)
    for selector in ("#tut-next", "[data-tut-expected]", "#actions [data-cmd=act]", "#tut-again"):
        target = document.querySelector(selector)
        if not _absent(target):
            options = to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries)
            target.focus(options)
            break


def _unfold_expected() -> None:
    """The button a lesson points at may sit in a folded group (The Boss's
    placements, one group per city): open that group so the outline shows."""
    expected = js.document.querySelector("[data-tut-expected]")
    if _absent(expected):
        return
    group = expected.closest("details")
    if not _absent(group):
        group.open = True


def _absent(value: Any) -> bool:
    """JavaScript's null and undefined (Pyodide gives ``jsnull`` and ``None``)."""
    return value is None or value is jsnull
