"""The examples in the docstrings of the shell's pure modules run."""

from __future__ import annotations

import doctest
import importlib

import pytest

PURE = ["games", "handoff", "home", "host", "i18n", "links", "markup", "pacing", "storage", "table"]


@pytest.mark.parametrize("name", PURE)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fusebox_web.shell.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert attempted > 0, f"{name} has no example"
