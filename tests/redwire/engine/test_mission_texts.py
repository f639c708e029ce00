"""The missions' texts as the data files give them quote as the page's catalogs do
(``tests/web/test_web_i18n.py``): the Italian ones with «…» only, the English ones with “…”."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

MISSIONS = Path(__file__).resolve().parents[3] / "missions"
OTHER_QUOTES = re.compile(r'[“”„"]')
#: A straight double quote, or a single one opening a quotation (not an apostrophe: "don't",
#: "the cards' values")
STRAIGHT_QUOTES = re.compile(r"\"|(?<![A-Za-z])'")


def texts(node: object, lang: str, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string under a ``lang`` key (``{ en = ..., it = ... }`` tables), with its path."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield f"{where}.{lang}", value
            else:
                yield from texts(value, lang, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from texts(value, lang, f"{where}[{index}]")


def every_text(lang: str) -> list[tuple[str, str]]:
    return [
        (f"{path.name}{where}", text)
        for path in sorted(MISSIONS.glob("m*.toml"))
        for where, text in texts(tomllib.loads(path.read_text(encoding="utf-8")), lang)
    ]


def test_italian_mission_texts_quote_with_guillemets() -> None:
    texts = every_text("it")
    assert len(texts) > 100  # every mission's name, summary and briefing at least
    assert sum("«" in text for _, text in texts) > 30
    wrong = [where for where, text in texts if OTHER_QUOTES.search(text)]
    assert not wrong, f"Italian mission texts quoting with another style than «…»: {wrong}"
    unbalanced = [where for where, text in texts if text.count("«") != text.count("»")]
    assert not unbalanced, unbalanced


def test_english_mission_texts_quote_with_curly_quotes() -> None:
    """Straight quotes, double or single (an apostrophe is not one), are refused."""
    texts = every_text("en")
    assert len(texts) > 100
    assert sum("“" in text for _, text in texts) > 30
    wrong = [where for where, text in texts if STRAIGHT_QUOTES.search(text)]
    assert not wrong, f"English mission texts quoting with straight quotes: {wrong}"
    unbalanced = [where for where, text in texts if text.count("“") != text.count("”")]
    assert not unbalanced, unbalanced
