"""The examples in the docstrings of Loop the Loop's pure page modules run."""

from __future__ import annotations

import doctest
import importlib

import pytest

PURE = ["choices", "home", "log_text", "page", "session", "storage", "table", "urls", "words"]


@pytest.mark.parametrize("name", PURE)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fusebox_web.loop.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert attempted > 0, f"{name} has no example"
