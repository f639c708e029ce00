"""Game links are read and written without urllib.parse (off the page's boot path): the small
replacements in fusebox_web.redwire.urls must give the same results as the standard library."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode

from fusebox_web.redwire.urls import encode_query, parse_query, without_game_params
from fusebox_web.shell.links import without
from hypothesis import given
from hypothesis import strategies as st

# Queries as browsers send them (escapes, '+', '=' and '&' in odd places, bad UTF-8) and raw text.
QUERY_PARTS = st.sampled_from(
    ["&", "=", "+", "%", "%2", "%20", "%2B", "%26", "%3D", "%C3%A9", "%c3%a9", "%E2%82", "%FF", "?"]
)
QUERIES = st.lists(st.one_of(QUERY_PARTS, st.text(max_size=4)), max_size=12).map("".join)


@given(QUERIES)
def test_parse_query_is_parse_qs(query: str) -> None:
    assert parse_query(query) == parse_qs(query.lstrip("?"), keep_blank_values=True)


@given(st.lists(st.tuples(st.text(max_size=6), st.one_of(st.text(max_size=6), st.integers()))))
def test_encode_query_is_urlencode(pairs: list[tuple[str, object]]) -> None:
    try:
        expected = urlencode(pairs)
    except UnicodeEncodeError:  # lone surrogates: both refuse them
        return
    assert encode_query(pairs) == expected


def test_known_queries() -> None:
    assert parse_query("?a=1&b=&c&a=x+y%20z&%C3%A9=%E2%82") == {
        "a": ["1", "x y z"],
        "b": [""],
        "c": [""],
        "é": ["\ufffd"],
    }
    assert encode_query([("lang", "it"), ("q", "a b&c=d/é~")]) == "lang=it&q=a+b%26c%3Dd%2F%C3%A9~"
    assert without("?mission=2&lang=it&x=a%20b&seed=3", ["mission", "seed"]) == "?lang=it&x=a+b"
    # Once read, a link leaves the shell's parameters only (a stray one too: it is not a game).
    assert without_game_params("?mission=2&lang=it&x=a%20b&seed=3") == "?lang=it"


def test_a_shared_link_deals_every_rule_variant_it_was_played_with() -> None:
    """The menu's link to "this game" (``link_query``) carries every rule option but the dial's
    cap: the five missions' own variants (12, 17, 18, 47, 65) had no link parameter, so their
    link dealt the game under the default rules (found by the docs audit)."""
    from dataclasses import fields

    from fusebox_web.redwire.urls import link_query, parse_link

    from engine.redwire.options import MISSION_OPTIONS, Options

    defaults = Options()
    other = {"edition": "EN", "detector_scope": "stand", "faithful_token_supply": True}
    other |= {"m18_unheld": "forbidden"}
    other |= {name: True for name in MISSION_OPTIONS if name != "m18_unheld"}
    assert set(other) == {f.name for f in fields(Options)} - {"dial_cap"}
    for option, value in other.items():
        query = link_query(18, 3, 7, options={option: value})
        link = parse_link(query)
        assert link is not None and not hasattr(link, "key"), (option, query, link)
        assert link.options.get(option) == value, (option, query, link.options)
        # at its default a variant says nothing: the link stays short
        assert link_query(18, 3, 7, options={option: getattr(defaults, option)}) == (
            "?mission=18&players=3&seed=7"
        )
