"""Red Wire's game links read in CPython: what a hand-edited link is refused with, and which
parameters leave the address once the game has started."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.urls import Link, LinkError, parse_link, refusal, without_game_params
from fusebox_web.shell.i18n import Catalog

from engine.redwire.missions import boxed_missions, mission_ids


def test_a_link_to_a_mission_that_needs_the_box_says_so(catalog: Catalog) -> None:
    """Mission 66 is listed on the campaign screen (it needs the physical box): a link to it is
    refused saying that, not "there is no mission 66"."""
    assert 66 in boxed_missions()
    found = parse_link("?mission=66&players=4")
    assert isinstance(found, LinkError) and found.key == "rw.link.boxed"
    sentence = catalog.t(found.key, **found.params)
    assert "66" in sentence
    assert {"en": "physical box", "it": "scatola"}[catalog.lang] in sentence


def test_mission_50s_memory_variant_leaves_the_address_with_the_other_game_parameters() -> None:
    """``memory=`` is a game parameter like ``edition=``: read, then removed once the game has
    started (a reload resumes the game instead of keeping a stray ``memory=beside``)."""
    link = parse_link("?mission=50&players=3&memory=beside")
    assert isinstance(link, Link) and link.options == {"m50_memory": True}
    assert without_game_params("?mission=50&players=3&memory=beside&lang=it") == "?lang=it"
    assert isinstance(parse_link("?memory=banana"), LinkError)


def test_a_character_the_mission_forbids_is_refused_with_a_sentence(catalog: Catalog) -> None:
    """Mission 51 allows no E4: a link giving it to a seat is refused saying so (it used to be
    swapped for the Double Detector without a word); mission 31 allows it, and a mission with
    no new characters refuses it too (below)."""
    found = parse_link("?mission=51&players=3&characters=dd,E4&bots=0")
    assert isinstance(found, LinkError) and found.key == "rw.link.characterBarred"
    assert found.params == {"mission": 51, "value": "E4"}
    sentence = catalog.t(found.key, **found.params)
    assert "51" in sentence and "E4" in sentence
    allowed = parse_link("?mission=31&players=3&characters=dd,E4&bots=0")
    assert isinstance(allowed, Link) and allowed.options["character_1"] == "E4"


@pytest.mark.parametrize(
    ("mission", "key"),
    [
        (12, "rw.link.charactersEarly"),
        (4, "rw.link.charactersEarly"),
        (30, "rw.link.charactersEarly"),
        (34, "rw.link.charactersNone"),
        (58, "rw.link.charactersNone"),
    ],
)
def test_characters_for_a_mission_without_them_are_refused_with_a_sentence(
    catalog: Catalog, mission: int, key: str
) -> None:
    """New characters come with rule sticker B, from mission 31; missions 34 and 58 deal their
    own (hidden ones, the Double Detector for all). A link giving characters to another mission
    is refused saying so, as a forbidden character is (it used to be read and ignored)."""
    found = parse_link(f"?mission={mission}&players=3&characters=E1,dd")
    assert isinstance(found, LinkError) and found.key == key
    assert found.params == {"mission": mission, "first": 31}
    sentence = catalog.t(found.key, **found.params)
    assert str(mission) in sentence and "characters" in sentence
    assert ("31" in sentence) == (mission < 31)
    assert isinstance(parse_link(f"?mission={mission}&players=3"), Link)


def test_a_link_without_a_mission_says_what_to_add_and_keeps_the_rest(catalog: Catalog) -> None:
    """``?players=3`` (Red Wire's link with the mission left out) was refused with only "it
    names no mission": the sentence now says to add ``mission=N`` (1 to the last mission) and
    shows the link with it, the link's other game parameters kept (a bad one, or one mission 1
    has no use for, left out: the example must work)."""
    found = parse_link("?players=3&seed=7&lang=it")
    assert isinstance(found, LinkError) and found.key == "rw.link.noMission"
    last = max(mission_ids())
    assert found.params == {"last": last, "example": "?mission=1&players=3&seed=7"}
    sentence = refusal(catalog.t, found)
    add = {
        "en": f"add one, mission=N with N from 1 to {last}",
        "it": f"mission=N con N da 1 a {last}",
    }
    assert add[catalog.lang] in sentence
    assert "?mission=1&players=3&seed=7" in sentence
    assert isinstance(parse_link(str(found.params["example"])), Link)
    for query, example in (
        ("?players=9&bots=all", "?mission=1&bots=all"),
        ("?characters=dd,E1&captain=2", "?mission=1&captain=2"),
    ):
        found = parse_link(query)
        assert isinstance(found, LinkError) and found.params["example"] == example, query
