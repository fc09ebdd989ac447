"""A game a few moves from its end, for the browser tests about the end (the
last round's result, the end screen, its share box, the replay): played here
under CPython, saved, and put in the page's storage, so that the page resumes
it and the test clicks its last moves instead of the whole game
(docs/testing.md, "Whole games in the browser are few")."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from game.registry import get_game
from game.web.session import Session, save_key
from game.web.settings import parse_settings
from tests.browser.conftest import App
from tests.browser.driver import SETTLED

#: writes a save where the game's page looks for it
_STORE_JS = "([key, text]) => localStorage.setItem(key, text)"


def new_session(game: str, players: int, humans: Sequence[int], seed: int) -> Session:
    """A new game of `game`: people in `humans`, bots in the other seats, each
    at the easiest level its seat's role offers."""
    declared = get_game(game).declared_options
    easiest = [
        levels[0] for levels in declared.seat_levels(declared.normalize({"players": players}))
    ]
    seats: list[dict[str, object]] = []
    for seat in range(players):
        if seat in humans:
            seats.append({"seat": seat, "name": f"Ana{seat}" if seat else "Ana", "kind": "human"})
        else:
            seats.append(
                {"seat": seat, "name": f"Bot{seat}", "kind": "bot", "level": easiest[seat]}
            )
    data = {"version": 3, "game": game, "lang": "en", "players": seats, "options": {}}
    return Session.new(parse_settings(json.dumps({**data, "hint": False})), seed)


def person_plays(session: Session, rng: random.Random) -> None:
    """The person at the device plays one of their legal moves at random."""
    seat = session.table.human_to_act()
    assert seat is not None
    if session.table.curtain() is not None:
        session.command("reveal")
    legal = session.game.legal_actions(session.table.state, seat)
    action = legal[rng.randrange(len(legal))]
    session.command("act", json.dumps(session.game.action_to_json(action)))


def near_the_end(
    game: str, players: int, humans: Sequence[int] = (0,), *, seed: int, before: int = 1
) -> Session:
    """A game of `game` played to its end here (bots by their policy, people
    at random), then taken back to `before` moves before its last one, every
    round result until then already seen."""
    session = new_session(game, players, humans, seed)
    rng = random.Random(seed)
    saves: list[str] = []
    while not session.game.is_over(session.table.state):
        phase = session.phase()
        if phase == "result":
            session.command("continue")
            continue
        saves.append(session.to_save())
        if phase == "bot":
            assert session.bot_step()
        else:
            person_plays(session, rng)
    assert len(saves) >= before, f"{game}: the game ended in {len(saves)} moves"
    return Session.from_save(saves[-before])


def resume_near_the_end(app: App, game: str, session: Session, query: str = "") -> None:
    """Put `session` where the game's page keeps its save, then open the page
    on it (the page resumes a saved game) and wait until someone at the
    device is awaited (a bot's last move played by the page)."""
    page = app.page
    if not page.url.startswith(app.site.origin):
        app.home()  # the storage is the site's: be on its origin first
    page.evaluate(_STORE_JS, [save_key(game), session.to_save()])
    app.open(f"?game={game}&botdelay=0{query}")
    app.wait_ready()
    page.wait_for_selector(SETTLED, state="attached")
