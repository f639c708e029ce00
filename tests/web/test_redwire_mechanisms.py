"""The page's mechanisms mirror the engine's, and the code outside them names no card."""

from __future__ import annotations

import re
from pathlib import Path

from fusebox_web.redwire.mechanisms import CARD_USES, MODES

from engine.redwire.mechanisms.equipment import CARDS

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "redwire"
PAGE = ROOT / "web" / "fusebox_web" / "redwire"
#: A branch on a card or mission number (the house rule: only mechanisms know them).
NUMBER_BRANCH = re.compile(
    r"(mission(_id|\.id)?|card(_id|\.number)?|number) *(==|in) *[\(\[{]?[0-9]"
)


def test_every_card_is_offered_by_the_page() -> None:
    assert sorted(CARD_USES) == sorted(CARDS)
    assert all(use.card == card for card, use in CARD_USES.items())
    assert all(use.builds for use in MODES.values())  # by its taps or from its choices


def test_page_mechanisms_are_named_after_the_engine_ones() -> None:
    pages = [
        p.relative_to(PAGE / "mechanisms")
        for p in (PAGE / "mechanisms").rglob("*.py")
        if p.name not in ("__init__.py", "base.py")
    ]
    assert pages
    for page in pages:
        assert (ENGINE / "mechanisms" / page).is_file(), page


def test_no_card_or_mission_number_outside_the_mechanisms() -> None:
    files = [*ENGINE.glob("*.py"), *PAGE.glob("*.py")]
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NUMBER_BRANCH.search(line)
    ]
    assert found == []
