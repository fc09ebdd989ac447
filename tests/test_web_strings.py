"""The board words (Boss Quest's client and the shell's) and the spell texts:
every string in French and English."""

from __future__ import annotations

import string

import pytest

from game.bossquest.cards import SPELL_COUNT
from game.bossquest.text import spell_effect, spell_name
from game.bossquest.ui.strings import LANGS, STRINGS, plural, tr
from game.web.query import BOT_DELAY_MS, MAX_BOT_DELAY_MS, bot_delay_ms, seed_from_query
from game.web.strings import STRINGS as SHELL_STRINGS
from game.web.strings import tr as shell_tr


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize(
    "entry",
    [STRINGS[key] for key in sorted(STRINGS)]
    + [SHELL_STRINGS[key] for key in sorted(SHELL_STRINGS)],
)
def test_every_string_has_both_languages_with_the_same_placeholders(
    entry: dict[str, str],
) -> None:
    assert set(entry) == set(LANGS)
    assert all(entry[lang].strip() for lang in LANGS)
    assert _fields(entry["fr"]) == _fields(entry["en"])


def test_tr_formats_and_plural_picks() -> None:
    assert tr("round", "fr", n=3) == "Manche 3"
    assert tr("round", "en", n=3) == "Round 3"
    assert plural("ask_one", "ask_many", 1, "en") == "1 weapon"
    assert plural("ask_one", "ask_many", 3, "fr") == "3 armes"
    with pytest.raises(KeyError):
        tr("no such key", "en")
    assert shell_tr("curtain_button", "en", name="Lucie") == "I am Lucie"
    assert not set(STRINGS) & set(SHELL_STRINGS)


def test_every_spell_has_a_name_and_an_effect_in_both_languages() -> None:
    for card in range(SPELL_COUNT):
        for lang in LANGS:
            assert spell_name(card, lang)
            assert spell_effect(card, lang).endswith(".")
    effects = {spell_effect(card, "fr") for card in range(SPELL_COUNT)}
    assert "Un joueur sans arme bleue est éliminé de la manche." in effects
    assert "Un joueur sans arme rouge est éliminé de la manche." in effects


@pytest.mark.parametrize(
    ("search", "delay"),
    [
        ("", BOT_DELAY_MS),
        ("?botdelay=0", 0),
        ("?x=1&botdelay=120", 120),
        ("?botdelay=-5", 0),
        ("?botdelay=999999", MAX_BOT_DELAY_MS),
        ("?botdelay=soon", BOT_DELAY_MS),
    ],
)
def test_bot_delay_comes_from_the_query(search: str, delay: int) -> None:
    assert bot_delay_ms(search) == delay


@pytest.mark.parametrize(
    ("search", "seed"),
    [
        ("", None),
        ("?seed=42", 42),
        ("?botdelay=0&seed=7", 7),
        ("?seed=-1", None),
        ("?seed=x", None),
    ],
)
def test_seed_comes_from_the_query(search: str, seed: int | None) -> None:
    assert seed_from_query(search) == seed
