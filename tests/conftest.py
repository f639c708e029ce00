"""Shared pytest options."""

from __future__ import annotations

import pytest
from hypothesis import settings

# Hypothesis's default deadline (200 ms an example) is a timed test: under the load of a shared
# machine or a browser test beside it, a property that holds fails as "DeadlineExceeded" or
# "Flaky". Speed is measured by the benchmarks (`python3 build.py bench`), so no test has one.
settings.register_profile("fusebox", deadline=None)
settings.load_profile("fusebox")

# Benchmarks are scripts run by `python build.py bench NAME`, not test modules.
collect_ignore = ["bench"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--walk-games",
        type=int,
        default=None,
        help="random games walked with invariant checks (by default four rounds of the missions, "
        "one per player count: every mission x player count once, 260 with 65 missions; 100000 "
        "for the long run)",
    )
    parser.addoption(
        "--real-games",
        type=int,
        default=1,
        help="games per mission and player count checked by the real-game deduction oracle "
        "(1 by default: one player count per mission, in turn, 10 late positions each "
        "mission; from 2, every player count; 20 for a long run)",
    )
    parser.addoption(
        "--multiplicity-positions",
        type=int,
        default=120,
        help="random positions with x1/x2/x3 facts and counts checked against brute force "
        "(120 by default; 5000 for a long run)",
    )
    parser.addoption(
        "--sweep-games",
        type=int,
        default=0,
        help="bot games per player count of missions 38, 55-65, every position of each checked "
        "by the real-game oracle (0 by default: one small game only; 4 for a long run)",
    )
    parser.addoption(
        "--all-missions",
        action="store_true",
        default=False,
        help="browser tests: a bot table plays every mission from 9 at every player count "
        "(by default one mission per mechanism)",
    )
    parser.addoption(
        "--countdown-walks",
        type=int,
        default=80,
        help="random Countdown games walked with invariant checks (80 by default; 10000 for the long run)",
    )
    parser.addoption(
        "--loop-walk-games",
        type=int,
        default=12,
        help="Loop the Loop games walked with invariant checks (12 by default; 5000 for a long run)",
    )

    parser.addoption(
        "--slow",
        action="store_true",
        help="also run the tests marked slow (e.g. axe-core in the dark theme too)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests run last, and tests marked ``slow`` run only with --slow.

    Playwright's sync API keeps an event loop running in a worker from its first browser test
    on, and some page tests call ``asyncio.run``; with the browser tests last (a stable sort, so
    each worker still runs its tests in collection order), no page test runs in a worker after a
    browser test."""
    items.sort(key=lambda item: item.nodeid.startswith("tests/e2e/"))
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
