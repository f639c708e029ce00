"""The message catalog, Python side (the page side is web/js/i18n.js).

Both sides read the same files, web/i18n/<lang>.json (shipped in this package as
``fusebox_web/catalogs/<lang>.json``), and format the same way: ``{name}`` is replaced by the
parameter ``name``; a key missing from a language falls back to English, then to the key itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

FALLBACK = "en"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def format_message(template: str, params: Mapping[str, object]) -> str:
    """Fill ``{name}`` placeholders; unknown ones stay as they are (like the JS side)."""

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        return str(params[name]) if name in params else match.group(0)

    return _PLACEHOLDER.sub(fill, template)


@dataclass(frozen=True)
class Catalog:
    """All messages of every language, and the language to speak."""

    messages: Mapping[str, Mapping[str, str]]
    lang: str = FALLBACK

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted(self.messages))

    def with_lang(self, lang: str) -> Catalog:
        """The same catalog in ``lang`` (English when that language is not shipped)."""
        return Catalog(self.messages, lang if lang in self.messages else FALLBACK)

    def t(self, key: str, **params: object) -> str:
        """The message ``key`` in the current language, placeholders filled from ``params``."""
        template = self.messages.get(self.lang, {}).get(key)
        if template is None:
            template = self.messages.get(FALLBACK, {}).get(key, key)
        return format_message(template, params)


def parse_catalog(text: str) -> dict[str, str]:
    """One language's catalog: a JSON object of message key -> string."""
    data = json.loads(text)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError("a catalog is a JSON object of strings")
    return data


def load_catalog(lang: str = FALLBACK) -> Catalog:
    """Every catalog shipped in this package, speaking ``lang``."""
    folder = resources.files(__package__ or "fusebox_web") / "catalogs"
    messages = {
        entry.name.removesuffix(".json"): parse_catalog(entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    }
    return Catalog(messages).with_lang(lang)
