"""Hero Realms' look, words and client: each card's name and abilities in
French and English, generated from its effects (`words`), its face as HTML
with icons of our own (`card`), the board (`render`), the controls
(`controls`) and the log's words (`describe`)."""

from .client import CLIENT, LISTING, HeroRealmsClient

__all__ = ["CLIENT", "LISTING", "HeroRealmsClient"]
