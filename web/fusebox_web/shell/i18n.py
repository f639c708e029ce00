"""The message catalog, Python side (the page side is web/js/i18n.js).

Both sides read the same files, web/i18n/<lang>.json, and format the same way: ``{name}`` is
replaced by the parameter ``name``; a key missing from a language falls back to English, then to
the key itself. In the page, the build has inlined every catalog as JSON (``#fusebox-catalogs``,
``{lang: {key: message}}``); the app parses that with :func:`parse_catalogs` rather than reading
the files again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

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


def _messages(data: object) -> dict[str, str]:
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError("a catalog is a JSON object of strings")
    return data


def parse_catalogs(text: str, lang: str = FALLBACK) -> Catalog:
    """Every language from one JSON object ``{lang: {key: message}}``, speaking ``lang``."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the catalogs are a JSON object of languages")
    return Catalog({code: _messages(messages) for code, messages in data.items()}).with_lang(lang)


def load_catalogs(folder: Path, lang: str = FALLBACK) -> Catalog:
    """Every ``<lang>.json`` of a folder (web/i18n), speaking ``lang``."""
    messages = {
        path.stem: _messages(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(folder.glob("*.json"))
    }
    return Catalog(messages).with_lang(lang)
