"""Shared pytest options."""

from __future__ import annotations

import pytest

# Benchmarks are scripts run by `python build.py bench NAME`, not test modules.
collect_ignore = ["bench"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--walk-games",
        type=int,
        default=2000,
        help="random games walked with invariant checks (2,000 by default; 100000 for the long run)",
    )
    parser.addoption(
        "--loop-walk-games",
        type=int,
        default=24,
        help="Loop the Loop games walked with invariant checks (24 by default; 5000 for a long run)",
    )
