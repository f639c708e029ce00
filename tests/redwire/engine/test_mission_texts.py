"""The missions' texts as the data files give them: the Italian ones quote as the page's Italian
catalogs do (``tests/web/test_web_i18n.py``), with «…» only."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

MISSIONS = Path(__file__).resolve().parents[3] / "missions"
OTHER_QUOTES = re.compile(r'[“”„"]')


def italian_texts(node: object, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string under an ``it`` key (``{ en = ..., it = ... }`` tables), with its path."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "it" and isinstance(value, str):
                yield f"{where}.it", value
            else:
                yield from italian_texts(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from italian_texts(value, f"{where}[{index}]")


def test_italian_mission_texts_quote_with_guillemets() -> None:
    texts = [
        (f"{path.name}{where}", text)
        for path in sorted(MISSIONS.glob("m*.toml"))
        for where, text in italian_texts(tomllib.loads(path.read_text(encoding="utf-8")))
    ]
    assert len(texts) > 100  # every mission's name, summary and briefing at least
    assert sum("«" in text for _, text in texts) > 30
    wrong = [where for where, text in texts if OTHER_QUOTES.search(text)]
    assert not wrong, f"Italian mission texts quoting with another style than «…»: {wrong}"
    unbalanced = [where for where, text in texts if text.count("«") != text.count("»")]
    assert not unbalanced, unbalanced
