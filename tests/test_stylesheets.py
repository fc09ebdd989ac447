"""Every stylesheet the site ships parses as flat CSS: no parse error, no
unclosed block, and no rule inside a style rule.

Our CSS does not use nesting, so a rule inside another is always a lost
closing brace. Browsers read such a rule as nested, and apply it only inside
the outer rule: a merge that dropped one `}` in lobby.css silently unstyled
every rule after it. tinycss2 (Kozea's CSS Syntax Level 3 parser) reads the
files the way the browser tokenises them."""

from __future__ import annotations

from pathlib import Path

import pytest
import tinycss2
from tinycss2.ast import AtRule, CurlyBracketsBlock, ParseError, QualifiedRule

ROOT = Path(__file__).resolve().parent.parent
SHEETS = sorted([*ROOT.glob("site/assets/*.css"), *ROOT.glob("game/*/ui/*.css")])
#: at-rules whose block holds rules (the others hold declarations or frames)
RULE_BLOCKS = {"media", "supports", "layer", "container"}


def _problems(nodes: list[object], where: str) -> list[str]:
    found: list[str] = []
    for node in nodes:
        if isinstance(node, ParseError):
            found.append(f"{where}:{node.source_line}: {node.message}")
        elif isinstance(node, QualifiedRule):
            selector = tinycss2.serialize(node.prelude).strip()
            # the first block is where the brace went missing; the rest follow it in
            block = next((t for t in node.content if isinstance(t, CurlyBracketsBlock)), None)
            if block is not None:
                found.append(
                    f"{where}:{block.source_line}: a block inside {selector!r} "
                    "(a closing brace is missing above it)"
                )
        elif (
            isinstance(node, AtRule)
            and node.content is not None
            and node.lower_at_keyword in RULE_BLOCKS
        ):
            inner = tinycss2.parse_rule_list(node.content, skip_comments=True)
            found += _problems(list(inner), where)
    return found


def test_the_stylesheets_are_found() -> None:
    names = {sheet.name for sheet in SHEETS}
    assert {"app.css", "lobby.css", "net.css", "theboss.css"} <= names


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda path: path.name)
def test_a_stylesheet_has_no_lost_brace(sheet: Path) -> None:
    text = sheet.read_text(encoding="utf-8")
    rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    assert _problems(list(rules), sheet.name) == []
    # an unclosed block runs to the end of the file: its braces do not balance
    tokens = tinycss2.parse_component_value_list(text, skip_comments=True)
    assert not [t for t in tokens if isinstance(t, ParseError)], sheet.name


def test_a_lost_brace_is_found() -> None:
    text = ".a {\n  color: red;\n\n.b {\n  color: blue;\n}\n.c { color: green; }\n"
    rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    assert _problems(list(rules), "x.css") == [
        "x.css:4: a block inside '.a' (a closing brace is missing above it)"
    ]
