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
