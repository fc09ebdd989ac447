"""French typography, as every player-facing French text of ours follows it."""

from __future__ import annotations

import re


def french_problems(text: str) -> list[str]:
    """What breaks French typography in a plain text (no HTML)."""
    problems = []
    if re.search(r"[ \t][:;!?]", text):
        problems.append("an ordinary space before : ; ! or ?")
    if re.search(r"[^\s\u00a0\u202f][:;!?](\s|$)", text):
        problems.append("no space at all before : ; ! or ?")
    if re.search(r"«(?!\u00a0)|(?<!\u00a0)»", text):
        problems.append("« » without non-breaking spaces inside")
    if re.search(r"\d \$", text):
        problems.append("an ordinary space before $")
    if "'" in text:
        problems.append("a straight apostrophe (the French one is ’)")
    return problems
