"""Wire tiles: codes, colours, cut values and their printed labels.

A wire is identified by an integer *code* that sorts exactly like the physical tiles::

    blue n   -> 10 * n        (5    -> 50)
    yellow n.1 -> 10 * n + 1  (5.1  -> 51)
    red n.5  -> 10 * n + 5    (5.5  -> 55)

so ``sorted(codes)`` is the order of a stand. In play only the *cut value* matters: the blue number,
or one shared value for every yellow wire, or red (which can never be announced).

>>> code_of("3.1"), label_of(51), cut_value(51) == YELLOW
(31, '5.1', True)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

#: Cut value shared by every yellow wire (blue values are 1..12).
YELLOW: Final = 0
#: Cut value of every red wire; never a legal announcement.
RED: Final = -1

BLUE_VALUES: Final = range(1, 13)
COLOURED_VALUES: Final = range(1, 12)  # there is no 12.1 and no 12.5
COPIES_PER_BLUE: Final = 4


class Colour(StrEnum):
    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"


def blue(n: int) -> int:
    return 10 * n


def yellow(n: int) -> int:
    return 10 * n + 1


def red(n: int) -> int:
    return 10 * n + 5


def colour_of(code: int) -> Colour:
    rest = code % 10
    if rest == 0:
        return Colour.BLUE
    return Colour.YELLOW if rest == 1 else Colour.RED


def number_of(code: int) -> int:
    """The printed whole number: 7 for blue 7, yellow 7.1 and red 7.5."""
    return code // 10


def cut_value(code: int) -> int:
    """The value used when cutting: the blue number, YELLOW or RED."""
    rest = code % 10
    if rest == 0:
        return code // 10
    return YELLOW if rest == 1 else RED


def is_valid_code(code: int) -> bool:
    n, rest = divmod(code, 10)
    if rest == 0:
        return n in BLUE_VALUES
    return rest in (1, 5) and n in COLOURED_VALUES


def label_of(code: int) -> str:
    """The printed label of a tile: '7', '7.1' or '7.5'."""
    n, rest = divmod(code, 10)
    return str(n) if rest == 0 else f"{n}.{rest}"


def code_of(label: str) -> int:
    """Parse a printed label ('7', '7.1', '7.5'); raises ValueError if it is not a tile."""
    whole, dot, frac = label.strip().partition(".")
    if not whole.isdigit() or (dot and frac not in ("1", "5")):
        raise ValueError(f"not a wire label: {label!r} (expected like '7', '7.1' or '7.5')")
    code = 10 * int(whole) + (int(frac) if dot else 0)
    if not is_valid_code(code):
        raise ValueError(f"no such wire: {label!r}")
    return code


def value_to_json(value: int) -> int | str:
    """Cut values in JSON: 1..12, "yellow" or "red"."""
    if value == YELLOW:
        return "yellow"
    if value == RED:
        return "red"
    return value


def value_from_json(raw: object) -> int:
    """Inverse of value_to_json; raises ValueError on anything else."""
    if raw == "yellow":
        return YELLOW
    if raw == "red":
        return RED
    if isinstance(raw, int) and not isinstance(raw, bool) and raw in BLUE_VALUES:
        return raw
    raise ValueError(f"not a wire value: {raw!r} (expected 1..12, 'yellow' or 'red')")


def value_name(value: int) -> str:
    return str(value_to_json(value))
