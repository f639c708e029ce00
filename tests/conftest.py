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
        "--slow",
        action="store_true",
        help="also run the tests marked slow (e.g. axe-core in the dark theme too)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only with --slow (the default suite stays short)."""
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
