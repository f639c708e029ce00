"""Keys the game builds at run time (by reason code, phase, bot explanation...) all exist."""

from __future__ import annotations

import re

import pytest
from fusebox_web.redwire.board import CARD_MODES, PACE_CHOICES
from fusebox_web.redwire.log_text import Note, explain
from fusebox_web.redwire.odds import REASON_KEYS
from fusebox_web.redwire.table import LEVELS, OPTION_CHOICES
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Phase, mechanisms
from engine.redwire.bots.explanation import KEYS

PLACEHOLDER = re.compile(r"\{(\w+)\}")
DECISIONS = ("setup_token", "turn", "own_cut", "detector_cut", "detector_token", "walkie_give")
PICKS = ("own_cut", "detector_cut", "detector_token", "walkie_give")


def keys(catalog: Catalog) -> set[str]:
    return set(catalog.messages["en"])


def expected_keys() -> set[str]:
    out = {f"rw.reason.{reason.value}" for reason in mechanisms.reasons()}
    out |= {f"rw.waiting.{p.value}" for p in Phase.known()}
    out |= {f"rw.expected.{p.value}" for p in Phase.known()}
    out |= {f"rw.handoff.{d}" for d in DECISIONS}
    out |= {f"rw.prompt.{d}" for d in PICKS} | {f"rw.confirm.{d}" for d in PICKS}
    out |= {f"rw.prompt.{mode}" for mode in CARD_MODES}
    out |= {f"rw.why.{key}" for key in KEYS}
    out |= {f"rw.level.{level}" for level in LEVELS}
    out |= {f"rw.pace.{pace}" for pace in PACE_CHOICES}
    out |= {f"rw.name.{n}" for n in range(1, 6)}
    out |= {f"rw.timing.{t}" for t in ("any_time", "your_turn", "start_of_turn")}
    out |= {f"rw.card.{state}" for state in ("usable", "used", "absent")}
    out |= {f"rw.tile.{kind}" for kind in ("blue", "yellow", "red", "eq", "neq")}
    out |= {f"rw.markers.{c}{m}" for c in ("red", "yellow") for m in ("", "Maybe")}
    out |= {f"rw.bomb.{c}{m}" for c in ("red", "yellow") for m in ("", "Maybe")}
    out |= {f"rw.panel.{p}" for p in ("rules", "menu", "log")}
    out |= set(REASON_KEYS)
    for name, choices in OPTION_CHOICES.items():
        out |= {f"rw.variant.{name}", f"rw.variant.{name}.help"}
        out |= {f"rw.variant.{name}.{str(v).lower()}" for v in choices}
    return out


def test_every_key_built_at_run_time_exists(catalog: Catalog) -> None:
    missing = expected_keys() - keys(catalog)
    assert not missing, sorted(missing)


def test_count_variants_have_a_base_message(catalog: Catalog) -> None:
    for key in keys(catalog):
        if key.endswith((".one", ".zero")):
            assert key.rsplit(".", 1)[0] in keys(catalog), key


@pytest.mark.parametrize("key", sorted(KEYS))
def test_bot_explanations_translate_with_their_params(catalog: Catalog, key: str) -> None:
    """Every bot sentence fills every placeholder from the params the bots document."""
    samples = {
        "seat": 1, "partner": 2, "next_seat": 0, "seats": [1, 2], "stand": 1, "wire": 3,
        "wires": [[1, 2], [1, 5]], "value": 9, "value2": "yellow", "values": [7, 9],
        "card": 12, "percent": 87, "left": 2, "tool": "double", "kind": "cut",
        "character": "E1", "letter": "A", "count": 5, "total": 12, "place": "first", "space": 9,
        "price": 1, "dearest": 3, "first": 7, "sign": "-", "second": 3,
    }  # fmt: skip
    params = {name: samples[name] for name in KEYS[key].params}
    words = Words(catalog, ["Ana", "Bea", "Carlo"], [0, 1, 2])
    text = explain(Note(0, 1, key, params, "english"), words)
    assert "{" not in text and text != "english", text


def test_an_unknown_bot_key_falls_back_to_its_english_text(catalog: Catalog) -> None:
    words = Words(catalog, ["Ana", "Bea"], [0, 0, 1, 1])
    assert explain(Note(0, 1, "new_idea", {}, "A new idea."), words) == "A new idea."


#: Italian words that agree with a person's gender ("da solo" / "da sola", "primo" / "prima"
#: as "the first one", "pronto" / "pronta"...): a sentence about a player avoids them (a neutral
#: phrasing) since the page does not know the player's form.
GENDERED_IT = re.compile(
    r"\bda sol[oa]\b|\bper prim[oa]\b|\bè (il|la) capitan[oa]\b|\bognun[oa]\b"
    r"|\b(sei|sono|siete) (pront|sicur|stat|arrivat|sedut)[oa]\b|\}\s*è (pront|sicur)[oa]\b"
    r"|\b(te|me|sé|se) stess[oa]\b|\bbenvenut[oa]\b",
    re.IGNORECASE,
)
#: Placeholders that name a player.
PERSON = re.compile(r"\{(who|name|partner|next_seat|seats|next)\}")


def test_italian_sentences_about_a_player_are_gender_neutral(catalog: Catalog) -> None:
    """Every Italian message (a player is named, addressed as "tu", or speaks as "io" in a
    computer's explanation, or the rules address the reader) uses no gendered agreement."""
    offending = {
        key: text for key, text in catalog.messages["it"].items() if GENDERED_IT.search(text)
    }
    assert not offending, offending
    # The captain sentence names the player without "è il Capitano e gioca per primo".
    assert PERSON.search(catalog.messages["it"]["rw.brief.captain"])


def test_the_viewer_reads_you_in_the_log(catalog: Catalog) -> None:
    """Every log sentence whose subject is a player has a "you" form, in both languages."""
    about = ["tokenSetup", "tokenMiss", "tokenSkipped", "cut", "cutTool", "solo", "reveal"]
    about += ["turn", "ownCut", "cutBy"]
    for name in about:
        for lang in ("en", "it"):
            assert f"rw.log.{name}.you" in catalog.messages[lang], (lang, name)
            assert "{who}" not in catalog.messages[lang][f"rw.log.{name}.you"]


def test_italian_prints_decimal_labels_with_a_comma(catalog: Catalog) -> None:
    it = Words(catalog.with_lang("it"), ["Ana", "Bea"], [0, 1])
    en = Words(catalog.with_lang("en"), ["Ana", "Bea"], [0, 1])
    assert it.label("11.1") == "11,1" and en.label("11.1") == "11.1"
    assert it.wire("4.5") == "rosso 4,5" and en.wire("4.5") == "red 4.5"
