"""The examples in the docstrings of the page's pure modules run (pytest only collects engine/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

PURE = [
    "affordances",
    "board",
    "log_text",
    "odds",
    "page",
    "phrases",
    "projector",
    "recovery",
    "replay",
    "selection",
    "session",
    "storage",
    "table",
    "tutorial",
    "urls",
    "words",
    "mechanisms",
    "mechanisms.equipment.labels",
]


@pytest.mark.parametrize("name", PURE)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fusebox_web.redwire.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert attempted > 0 or name in ("icons",), f"{name} has no example"
