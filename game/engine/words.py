"""One way to translate: catalogues of texts in every language of the platform.

The platform and each game keep their words in `Catalogue`s (the shell's, the
network page's, the replay page's, each game's board and log). A catalogue is
called like a function, `WORDS("key", lang, name="Ana")`, and knows its plural
forms. Every catalogue made is listed in `CATALOGUES`, so one test checks them
all: each key in every language, with the same {placeholders} in each.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from string import Formatter

__all__ = ["CATALOGUES", "LANGS", "Catalogue"]

LANGS = ("fr", "en")

CATALOGUES: list[Catalogue] = []
"""Every catalogue made so far, for the test that checks them."""


class Catalogue:
    """Named texts, each in every language of `LANGS`."""

    def __init__(self, name: str, entries: Mapping[str, Mapping[str, str]]) -> None:
        self.name = name
        self.entries = dict(entries)
        CATALOGUES.append(self)

    def __call__(self, key: str, lang: str, **values: object) -> str:
        """The text `key` in `lang`, its {placeholders} filled in. A missing key
        or language is a bug: ``KeyError``."""
        text = self.entries[key][lang]
        return text.format(**values) if values else text

    def plural(self, one: str, many: str, n: int, lang: str, **values: object) -> str:
        """`one` for 1 (and for 0 in French), `many` otherwise, with {n} and the
        other `values` filled in."""
        singular = n == 1 or (lang == "fr" and n == 0)
        return self(one if singular else many, lang, n=n, **values)

    def __getitem__(self, key: str) -> Mapping[str, str]:
        return self.entries[key]

    def items(self) -> Iterator[tuple[str, Mapping[str, str]]]:
        return iter(self.entries.items())

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def problems(self) -> list[str]:
        """Every key missing a language, empty, or with other placeholders in one
        language than in another."""
        found: list[str] = []
        for key, texts in self.entries.items():
            if set(texts) != set(LANGS):
                found.append(f"{self.name}.{key}: languages {sorted(texts)}, not {list(LANGS)}")
                continue
            if any(not text.strip() for text in texts.values()):
                found.append(f"{self.name}.{key}: an empty text")
            fields = {lang: _placeholders(texts[lang]) for lang in LANGS}
            if len({frozenset(names) for names in fields.values()}) > 1:
                found.append(f"{self.name}.{key}: placeholders differ {fields}")
        return found


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}
