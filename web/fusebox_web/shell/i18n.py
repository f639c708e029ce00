"""The message catalog, Python side (the page side is web/js/i18n.js).

The catalogs are kept per part and language: ``web/i18n/shell/<lang>.json`` for the shell's
messages (keys ``app.*``, ``boot.*``...), ``web/i18n/<game>/<lang>.json`` for each game's (Red
Wire's: ``rw.*`` and ``game.redwire.*``). The build merges them (:func:`merge_parts`; a key
defined by two parts is an error) and adds each game's card texts from the registry
(``fusebox_web.shell.games.card_messages``). Both sides format the same way: ``{name}`` is
replaced by the parameter ``name``; a key missing from a language falls back to English, then to
the key itself. In the page, the build has inlined the merged catalogs as JSON
(``#fusebox-catalogs``, ``{lang: {key: message}}``); the app parses that with
:func:`parse_catalogs` rather than reading the files again.

>>> merge_parts({"shell": {"en": {"app.title": "Fusebox"}}, "demo": {"en": {"dm.go": "Go"}}})
{'en': {'app.title': 'Fusebox', 'dm.go': 'Go'}}
>>> merge_parts({"shell": {"en": {"a": "A"}}, "demo": {"en": {"a": "B"}}})
Traceback (most recent call last):
ValueError: the catalog key 'a' (en) is defined by both shell and demo

A message about a count has forms for 0 and 1 where the plain one would be wrong or clumsy
(``key.zero``, ``key.one``); :func:`counted` (``Catalog.tn``) picks the form, for every game:

>>> cat = Catalog({"en": {"deck": "{n} cards", "deck.one": "1 card", "deck.zero": "no cards"},
...                "it": {"deck": "{n} carte", "deck.one": "1 carta", "deck.zero": "nessuna carta"}})
>>> key = "deck"
>>> [cat.tn(key, n) for n in (0, 1, 2)], counted(cat.with_lang("it"), key, 1)
(['no cards', '1 card', '2 cards'], '1 carta')
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
#: The file name ending of a page module's own strings (see :func:`read_parts`).
MODULE_STRINGS = ".strings.json"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Italian's preposition "a" right before a placeholder (not the end of a word: "da {n}").
_ITALIAN_A = re.compile(r"(?<![\w'\u2019])a (?=\{(\w+)\})")


def italian_a(template: str, params: Mapping[str, object]) -> str:
    """Italian writes the preposition "a" as "ad" before a word that begins with "a": "Passa il
    dispositivo ad Anna", "Tocca ad Alice" ("a Anna" reads as a slip). The catalogs say
    "a {name}"; the name decides. (Python side only: the page's early table, formatted by
    web/js/i18n.js, has no such message.)

    >>> italian_a("Passa il dispositivo a {name}", {"name": "Anna"})
    'Passa il dispositivo ad {name}'
    >>> italian_a("Tocca a {name}.", {"name": "Bruno"}), italian_a("da {a} a {b}", {"b": 7})
    ('Tocca a {name}.', 'da {a} a {b}')
    """

    def fix(match: re.Match[str]) -> str:
        value = params.get(match.group(1))
        return "ad " if isinstance(value, str) and value[:1] in ("a", "A") else match.group(0)

    return _ITALIAN_A.sub(fix, template)


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
        elif self.lang == "it":
            template = italian_a(template, params)
        return format_message(template, params)

    def has(self, key: str) -> bool:
        """Whether the current language, or English (its fallback), has the message ``key``."""
        return key in self.messages.get(self.lang, {}) or key in self.messages.get(FALLBACK, {})

    def tn(self, key: str, n: int, **params: object) -> str:
        """The message ``key`` about a count ``n`` (see :func:`counted`)."""
        return counted(self, key, n, **params)


def counted(catalog: Catalog, key: str, n: int, **params: object) -> str:
    """The message ``key`` about a count ``n``: its ``key.zero`` form for 0 and ``key.one`` for 1
    when the catalog has them ("no dice left", "1 card"), else ``key`` ("2 cards", and "0 cards"
    when there is no ``.zero``). ``n`` is passed to the message too, so it may show the count.

    English and Italian both say the plural for every count but 1 (0 included), so the forms
    are the same keys in both; a form only one language needs (an Italian ``.one`` where the
    English plain message fits) is used in that language.
    """
    suffix = {0: ".zero", 1: ".one"}.get(n) if type(n) is int else None
    chosen = key + suffix if suffix is not None and catalog.has(key + suffix) else key
    return catalog.t(chosen, **{**params, "n": n})


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


def read_parts(folder: Path, modules: Path | None = None) -> dict[str, dict[str, dict[str, str]]]:
    """``{part: {lang: messages}}`` from ``folder/<part>/<lang>.json`` (web/i18n) and from the
    page modules' own strings.

    A page module that brings its own sentences (a Red Wire mechanism's page side, say
    ``fusebox_web/redwire/mechanisms/equipment/radar.py``) keeps them beside it, in
    ``radar.strings.json`` (``{lang: messages}``): one rule's code and words in one place. Its
    part is named by its path (``redwire/mechanisms/equipment/radar``), so it belongs to the game
    of the first folder. ``modules`` is the page package's folder (by default ``fusebox_web``
    beside ``folder``).
    """
    parts: dict[str, dict[str, dict[str, str]]] = {}
    for path in sorted(folder.glob("*/*.json")):
        messages = _messages(json.loads(path.read_text(encoding="utf-8")))
        parts.setdefault(path.parent.name, {})[path.stem] = messages
    modules = folder.parent / "fusebox_web" if modules is None else modules
    for path in sorted(modules.rglob(f"*{MODULE_STRINGS}")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError(f"{path.name}: expected {{language: {{key: message}}}}")
        name = path.relative_to(modules).as_posix().removesuffix(MODULE_STRINGS)
        parts[name] = {lang: _messages(messages) for lang, messages in raw.items()}
    return parts


def merge_parts(parts: Mapping[str, Mapping[str, Mapping[str, str]]]) -> dict[str, dict[str, str]]:
    """One catalog per language from the parts (shell, games); raises ValueError on a key that
    two parts define."""
    merged: dict[str, dict[str, str]] = {}
    owner: dict[tuple[str, str], str] = {}
    for part, languages in parts.items():
        for lang, messages in languages.items():
            into = merged.setdefault(lang, {})
            for key, text in messages.items():
                if (lang, key) in owner:
                    raise ValueError(
                        f"the catalog key {key!r} ({lang}) is defined by both "
                        f"{owner[lang, key]} and {part}"
                    )
                owner[lang, key] = part
                into[key] = text
    return merged


def load_catalogs(folder: Path, lang: str = FALLBACK) -> Catalog:
    """Every part's catalogs of a folder (web/i18n), merged, speaking ``lang``."""
    return Catalog(merge_parts(read_parts(folder))).with_lang(lang)
