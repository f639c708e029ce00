"""The message catalogs: complete in every language, and every key the page uses exists."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

# The page's Python package, importable outside the browser.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from fusebox_web.shell.i18n import Catalog, format_message, load_catalogs, parse_catalogs

WEB = Path(__file__).resolve().parents[2] / "web"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalogs(WEB / "i18n")


def test_english_and_italian_are_shipped(catalog: Catalog) -> None:
    assert catalog.languages == ("en", "it")


def test_every_language_has_every_key_with_the_same_placeholders(catalog: Catalog) -> None:
    english = catalog.messages["en"]
    for lang, messages in catalog.messages.items():
        assert set(messages) == set(english), f"{lang}: keys differ from English"
        for key, text in messages.items():
            assert text.strip(), f"{lang}.{key} is empty"
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), (
                f"{lang}.{key}: placeholders differ from English"
            )


def used_keys() -> set[str]:
    """Message keys named by the page: data-i18n attributes, t("...") in JS, .t("...") in Python."""
    keys: set[str] = set()
    for page in [WEB / "index.html", *WEB.glob("fusebox_web/*/card.html")]:
        keys |= set(re.findall(r'data-i18n(?:-[\w-]+)?="([\w.]+)"', page.read_text()))
    for path in [*WEB.glob("js/*.js"), *WEB.glob("js/*.mjs"), *WEB.glob("fusebox_web/**/*.py")]:
        text = path.read_text()
        keys |= set(re.findall(r'\bt\(\s*"([\w.]+)"', text))
        # Messages that depend on a count: Words.tn("key", n) and counted(catalog, "key", n).
        keys |= set(re.findall(r'\btn\(\s*"([\w.]+)"', text))
        keys |= set(re.findall(r'\bcounted\(\s*[\w.]+,\s*"([\w.]+)"', text))
        keys |= set(re.findall(r'showError\(\s*"([\w.]+)"', text))
    return keys


def test_every_key_the_page_uses_exists(catalog: Catalog) -> None:
    used = used_keys()
    assert len(used) > 20
    missing = used - set(catalog.messages["en"])
    assert not missing, f"keys used but not in the catalogs: {sorted(missing)}"


def test_formatting_matches_the_page_side() -> None:
    assert format_message("{done} of {total} MB", {"done": 1.5, "total": 9}) == "1.5 of 9 MB"
    assert format_message("keep {unknown}", {}) == "keep {unknown}"
    assert format_message("{a}{a}", {"a": "x"}) == "xx"


def test_fallbacks(catalog: Catalog) -> None:
    italian = catalog.with_lang("it")
    assert italian.t("action.retry") == "Riprova"
    assert catalog.with_lang("fr").lang == "en"
    assert italian.t("no.such.key") == "no.such.key"
    partial = Catalog({"en": {"a": "A", "b": "B"}, "it": {"a": "AI"}}, "it")
    assert partial.t("b") == "B"


def test_parse_catalogs_reads_the_inlined_form() -> None:
    catalog = parse_catalogs('{"en": {"hi": "Hi {name}"}, "it": {"hi": "Ciao {name}"}}', "it")
    assert catalog.t("hi", name="Bea") == "Ciao Bea"
    with pytest.raises(ValueError):
        parse_catalogs('{"en": {"hi": 1}}')


#: Quotation marks that are not the Italian catalogs' own (« »): curly English ones, straight.
#: Per language: its quotation marks, and the marks it must not use.
QUOTES = {"it": ("«", "»", re.compile(r'[“”„"]')), "en": ("“", "”", re.compile(r'["«»„]'))}


def quoting_problems(texts: Mapping[str, str], lang: str) -> tuple[list[str], list[str]]:
    """The keys of ``texts`` (in ``lang``) quoting with another style than the language's, and
    those whose quotes are not closed."""
    opening, closing, other = QUOTES[lang]
    wrong = [key for key, text in texts.items() if other.search(text)]
    unbalanced = [key for key, text in texts.items() if text.count(opening) != text.count(closing)]
    return wrong, unbalanced


@pytest.mark.parametrize("lang", ["it", "en"])
def test_each_language_quotes_in_one_style(catalog: Catalog, lang: str) -> None:
    """The Italian catalogs quoted with «…» in one game and “…” or "…" in another (Countdown's
    link errors, Red Wire's "Messi da parte", a few rule texts), and four English Red Wire rule
    texts (the audio track's name, the challenges' "In a row", the flipped wires' "right", the
    wire pile's button) with straight "…": every message (the shell's, each game's, the page
    modules' own strings) now quotes with «…» in Italian, “…” in English, each one closed."""
    messages = catalog.messages[lang]
    assert sum(QUOTES[lang][0] in text for text in messages.values()) > 20
    wrong, unbalanced = quoting_problems(messages, lang)
    assert not wrong, f"{lang} messages quoting with another style: {wrong}"
    assert not unbalanced, unbalanced


#: One count message of each game, at 0, 1 and 2, as each game's words say it, per language.
COUNTS = {
    "en": {
        "cd.bomb.deck": ["Deck: 0 cards", "Deck: 1 card", "Deck: 2 cards"],
        "lp.log.diceLeft": ["no dice left", "1 die left", "2 dice left"],
        "rw.dial.left": ["No mistake left", "1 mistake left", "2 mistakes left"],
    },
    "it": {
        "cd.bomb.deck": ["Mazzo: 0 carte", "Mazzo: 1 carta", "Mazzo: 2 carte"],
        "lp.log.diceLeft": ["nessun dado rimasto", "resta 1 dado", "restano 2 dadi"],
        "rw.dial.left": ["Nessun errore rimasto", "1 errore rimasto", "2 errori rimasti"],
    },
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_one_plural_helper_for_every_game(catalog: Catalog, lang: str) -> None:
    """Countdown's ``Words.t`` (a ``.one`` form when ``n == 1``), Loop the Loop's ``Words.tn``
    and Red Wire's ``counted`` were three copies of one choice; they are now the shell's
    ``counted`` (``Catalog.tn``), and each game's words give what the helper gives, in English
    and Italian, for 0, 1 and 2."""
    from fusebox_web.countdown.words import Words as CountdownWords
    from fusebox_web.loop.words import Words as LoopWords
    from fusebox_web.redwire.words import Words as RedWireWords
    from fusebox_web.shell.i18n import counted

    spoken = catalog.with_lang(lang)
    said = {
        "cd.bomb.deck": lambda n: CountdownWords(spoken, []).t("cd.bomb.deck", n=n),
        "lp.log.diceLeft": lambda n: LoopWords(spoken, []).tn("lp.log.diceLeft", n),
        "rw.dial.left": lambda n: RedWireWords(spoken, [], []).tn("rw.dial.left", n, mistakes=n),
    }
    for key, expected in COUNTS[lang].items():
        for n in (0, 1, 2):
            fill = {"mistakes": n} if key.startswith("rw.") else {}
            assert counted(spoken, key, n, **fill) == spoken.tn(key, n, **fill) == expected[n]
            assert said[key](n) == expected[n], (lang, key, n)


def test_a_count_form_one_language_alone_needs_is_used_there() -> None:
    """Italian may need a singular where the English message fits every count ("{n} unused" /
    "1 inutilizzato"): the form is used in Italian, and English keeps its plain message."""
    from fusebox_web.shell.i18n import counted

    cat = Catalog(
        {"en": {"u": "{n} unused"}, "it": {"u": "{n} inutilizzati", "u.one": "1 inutilizzato"}}
    )
    assert [counted(cat, "u", n) for n in (0, 1, 2)] == ["0 unused", "1 unused", "2 unused"]
    italian = cat.with_lang("it")
    assert [counted(italian, "u", n) for n in (0, 1, 2)] == [
        "0 inutilizzati",
        "1 inutilizzato",
        "2 inutilizzati",
    ]


#: A plural hedged instead of chosen: "1 card(s)", Italian "1 carta/e".
HEDGED = {"en": re.compile(r"\w\(s\)"), "it": re.compile(r"\w/[aeio]\b")}


def test_no_message_hedges_a_plural(catalog: Catalog) -> None:
    """Loop the Loop's log said "Pilot 6 fails Swift after 1 card(s)" (Italian "dopo 1
    carta/e"), its prompts "Select 1 card(s) to discard", Countdown's refusal "Choose exactly 1
    card(s)": every count message now has its forms, chosen by the plural helper."""
    for lang, pattern in HEDGED.items():
        hedged = {k: v for k, v in catalog.messages[lang].items() if pattern.search(v)}
        assert not hedged, f"{lang}: {hedged}"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_loop_the_loops_counts_of_cards_take_their_form(catalog: Catalog, lang: str) -> None:
    """A failed flight's log line, a computer's reason and a refusal, with 0, 1 and 2 cards."""
    from fusebox_web.loop.words import Words

    w = Words(catalog.with_lang(lang), ["Ana", "Bea"])
    failed = {
        "type": "flight_end",
        "seat": 1,
        "kind": "plan",
        "outcome": "failed",
        "why": "no_fit",
        "plan": "swift",
    }
    lines = [w.line({**failed, "completed": n}) for n in (0, 1, 2)]
    card, cards = {"en": ("1 card:", "2 cards:"), "it": ("1 carta:", "2 carte:")}[lang]
    assert card in lines[1] and cards in lines[2], lines
    assert "0 " not in lines[0] and lines[0] != lines[1], lines
    enough = [w.why("draw_stop", {"count": n}) for n in (1, 2)]
    assert (
        enough
        == {
            "en": [
                "I keep what I have drawn: 1 card is enough.",
                "I keep what I have drawn: 2 cards are enough.",
            ],
            "it": [
                "Tengo ciò che ho pescato: 1 carta basta.",
                "Tengo ciò che ho pescato: 2 carte bastano.",
            ],
        }[lang]
    )
    refused = w.refusal("discard_count", {"count": 1}, "Discard exactly 1 card(s).")
    assert refused.startswith(
        {"en": "Discard exactly 1 card:", "it": "Scarta esattamente 1 carta:"}[lang]
    )


def test_italian_says_ad_before_a_name_that_begins_with_a(catalog: Catalog) -> None:
    """Italian: "Passa il dispositivo ad Anna" (Red Wire's first default name), never "a
    Anna"; "a Bruno" stays; English is untouched."""
    it = catalog.with_lang("it")
    for key in ("rw.handoff.title", "cd.handoff.title", "lp.handoff.title"):
        assert it.t(key, name="Anna") == "Passa il dispositivo ad Anna"
        assert it.t(key, name="Bruno") == "Passa il dispositivo a Bruno"
    assert it.t("rw.handoff.turn", name="Anna") == "Tocca ad Anna."
    assert it.t("rw.prompt.watch", who="alessio") == "Tocca ad alessio."
    assert it.t("rw.name.1") == "Anna"
    assert catalog.with_lang("en").t("rw.handoff.title", name="Anna") == "Pass the device to Anna"
    # Not a preposition: the end of "da", a number.
    assert it.t("rw.campaign.box", n=2, first=9, last=19) == "Scatola 2: missioni da 9 a 19"
