"""The Reaper's round gives no key (rulebook: « le joueur qui remportera cette
manche ne gagnera pas de CLEF »; docs/rules-decisions.md: no PERFECT key
either). So a player at exactly the Reaper's hit points is not called PERFECT:
the log and the round result say "exactly the Reaper's hit points", in French
and in English, while an ordinary round still says PERFECT."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.bossquest import GAME
from game.bossquest.scenario import SCENARIOS
from game.bossquest.state import Stage, State
from game.bossquest.ui.summary import RoundSummary, round_summary
from game.engine.scenario import load_scenario

SCENARIOS_DIR = Path(__file__).resolve().parent / "scenarios" / "bossquest"
# Ana, a ghost, reaches exactly the Reaper's 18 and wins its round (step 11).
REAPER_EXACT = SCENARIOS_DIR / "reaper_ghost_wins_comes_back.json"
# Ana (the winner) and Ben both equal the boss's 14 in an ordinary round (step 7).
TWO_PERFECTS = SCENARIOS_DIR / "fight_two_perfects.json"

LOG_EXACT = {
    "fr": "égale les PV de la Faucheuse (pas de clef PERFECT dans sa manche)",
    "en": "exactly the Reaper's hit points (no PERFECT key in its round)",
}
VERDICT_EXACT = {
    "fr": "Égale les PV de la Faucheuse : pas de clef PERFECT dans sa manche",
    "en": "Exactly the Reaper's hit points: no PERFECT key in its round",
}
PERFECT = {"fr": "PERFECT !", "en": "PERFECT!"}


def fight(
    path: Path, steps: int, changes: dict[int, str] | None = None
) -> tuple[State, dict[str, Any], list[str]]:
    """Play a scenario's first `steps` actions (`changes`: step index -> another
    action): the state reached, the last fight event on the way, the names."""
    data = load_scenario(path)
    state, names = SCENARIOS.build(data["setup"])
    last_fight: dict[str, Any] = {}
    actions = [step for step in data["steps"] if "do" in step][:steps]
    for index, step in enumerate(actions):
        seat = names.index(step["seat"])
        for action in SCENARIOS.actions(state, seat, (changes or {}).get(index, step["do"]), names):
            state, events = GAME.apply(state, seat, action)
            last_fight = next((e for e in events if e["type"] == "fight"), last_fight)
    assert last_fight, "no fight on the way"
    return state, last_fight, names


def log_line(event: dict[str, Any], names: list[str], lang: str, who: str) -> str:
    return next(line for line in GAME.describe(event, names, lang) if line.startswith(who))


def summary(state: State, names: list[str], lang: str) -> RoundSummary:
    made = round_summary(GAME.view(state, 0), names, lang)
    assert made is not None
    return made


def texts(made: RoundSummary) -> list[str]:
    return [made.headline, *(text for line in made.seats for _tone, text in line.verdicts)]


def test_the_fight_log_says_exactly_the_reapers_hit_points() -> None:
    state, event, names = fight(REAPER_EXACT, 11)
    assert state.stage == Stage.DESTINY and event["boss_hp"] == 18
    assert event["seats"][0]["strength"] == 18 and event["seats"][0]["keys_won"] == 0
    assert log_line(event, names, "fr", "Ana") == (
        f"Ana (fantôme) : force 18, {LOG_EXACT['fr']}, vainc la Faucheuse."
    )
    assert log_line(event, names, "en", "Ana") == (
        f"Ana (ghost): strength 18, {LOG_EXACT['en']}, beats the Reaper."
    )
    for lang in ("fr", "en"):
        assert all(
            "PERFECT !" not in line and "PERFECT!" not in line
            for line in GAME.describe(event, names, lang)
        )


def test_the_round_result_says_exactly_the_reapers_hit_points() -> None:
    state, _event, names = fight(REAPER_EXACT, 11)
    for lang in ("fr", "en"):
        made = summary(state, names, lang)
        ana = made.seats[0]
        assert ("plain", VERDICT_EXACT[lang]) in ana.verdicts
        assert ana.reaper_exact and not ana.perfect and ana.winner
        assert not any(PERFECT[lang] in text for text in texts(made))
        assert not made.seats[1].reaper_exact


def test_an_exact_hit_that_does_not_win_is_said_in_the_headline() -> None:
    # Ben plays "second closest wins" in the Reaper's round: Ana's exact 18 loses to him.
    state, event, names = fight(
        REAPER_EXACT, 11, {6: "activate second_wins", 10: "discard extra_key"}
    )
    assert [seat["winner"] for seat in event["seats"]] == [False, True]
    assert LOG_EXACT["en"] in log_line(event, names, "en", "Ana")
    french, english = summary(state, names, "fr"), summary(state, names, "en")
    assert french.headline.endswith(
        "Pile les PV de la Faucheuse pour Ana, mais pas de clef PERFECT dans sa manche."
    )
    assert english.headline.endswith(
        "Exactly the Reaper's hit points for Ana, but no PERFECT key in its round."
    )
    assert ("plain", VERDICT_EXACT["fr"]) in french.seats[0].verdicts
    assert not any("PERFECT pour" in text or "PERFECT !" in text for text in texts(french))


def test_an_ordinary_round_still_says_perfect() -> None:
    state, event, names = fight(TWO_PERFECTS, 7)
    assert log_line(event, names, "fr", "Ana").endswith(", PERFECT !, gagne 2 clefs.")
    assert log_line(event, names, "en", "Ben").endswith(", PERFECT!, wins 1 key.")
    for lang in ("fr", "en"):
        made = summary(state, names, lang)
        assert [line.perfect for line in made.seats] == [True, True, False]
        assert ("gold", PERFECT[lang]) in made.seats[0].verdicts
        assert not any(line.reaper_exact for line in made.seats)
    assert "PERFECT pour Ben : une clef bonus !" in summary(state, names, "fr").headline
    assert "PERFECT for Ben: a bonus key!" in summary(state, names, "en").headline
