"""The property tests run without Hypothesis's per-example deadline (see tests/conftest.py)."""

from __future__ import annotations

from hypothesis import settings


def test_no_property_test_is_timed() -> None:
    assert settings.default.deadline is None
