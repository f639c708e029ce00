"""Tile codes and cut-value classes, as the solver sees them.

A tile is an integer *code* that sorts like the physical tile (the same codes as ``engine.redwire.wires``;
this package does not import it so that it stays importable on its own)::

    blue n     -> 10 * n       (7   -> 70)
    yellow n.1 -> 10 * n + 1   (7.1 -> 71)
    red n.5    -> 10 * n + 5   (7.5 -> 75)

A *class* is the cut value that matters in play: the blue number 1..12, ``YELLOW`` (0) for every
yellow tile, ``RED`` (-1) for every red tile, again the values ``engine.redwire.wires`` uses.

>>> blue(7), yellow(7), red(7)
(70, 71, 75)
>>> class_of(71) == YELLOW, class_of(75) == RED, class_of(70)
(True, True, 7)
>>> sorted(codes_of_classes([YELLOW, 3], universe=[10, 21, 30, 41, 55]))
[21, 30, 41]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: Class shared by every yellow tile (blue classes are 1..12).
YELLOW: Final = 0
#: Class of every red tile.
RED: Final = -1

BLUE_VALUES: Final = range(1, 13)
COLOURED_VALUES: Final = range(1, 12)  # there is no 12.1 and no 12.5


def blue(n: int) -> int:
    """Code of blue tile ``n``."""
    return 10 * n


def yellow(n: int) -> int:
    """Code of yellow tile ``n.1``."""
    return 10 * n + 1


def red(n: int) -> int:
    """Code of red tile ``n.5``."""
    return 10 * n + 5


def is_blue(code: int) -> bool:
    return code % 10 == 0


def is_yellow(code: int) -> bool:
    return code % 10 == 1


def is_red(code: int) -> bool:
    return code % 10 == 5


def is_valid_code(code: int) -> bool:
    """True for the 70 codes of the game (blue 10..120, yellow 11..111, red 15..115)."""
    n, rest = divmod(code, 10)
    if rest == 0:
        return n in BLUE_VALUES
    return rest in (1, 5) and n in COLOURED_VALUES


def is_valid_class(cls: int) -> bool:
    return cls in (YELLOW, RED) or cls in BLUE_VALUES


def class_of(code: int) -> int:
    """The cut-value class of a code: its blue number, ``YELLOW`` or ``RED``."""
    rest = code % 10
    if rest == 0:
        return code // 10
    return YELLOW if rest == 1 else RED


def colour_rank(code: int) -> int:
    """0 for blue, 1 for yellow, 2 for red: tiles of one class share it, except blue."""
    return (0, 1, 0, 0, 0, 2)[code % 10]


def codes_of_classes(classes: Iterable[int], universe: Iterable[int]) -> frozenset[int]:
    """The codes of ``universe`` whose class is one of ``classes``."""
    wanted = frozenset(classes)
    return frozenset(code for code in universe if class_of(code) in wanted)


def label(code: int) -> str:
    """Printed label of a tile: ``'7'``, ``'7.1'`` or ``'7.5'``.

    >>> label(70), label(71), label(75)
    ('7', '7.1', '7.5')
    """
    n, rest = divmod(code, 10)
    return str(n) if rest == 0 else f"{n}.{rest}"


def code_of_label(text: str) -> int:
    """Parse a printed label: ``'7'`` -> 70, ``'7.1'`` -> 71, ``'7.5'`` -> 75.

    >>> code_of_label("11.5"), code_of_label("12")
    (115, 120)
    """
    whole, dot, frac = text.strip().partition(".")
    code = 10 * int(whole) + (int(frac) if dot else 0)
    if not whole.isdigit() or (dot and frac not in ("1", "5")) or not is_valid_code(code):
        raise ValueError(f"not a wire label: {text!r}")
    return code


def class_of_json(value: int | str) -> int:
    """A value as the engine writes it in JSON (1..12, ``"yellow"``, ``"red"``) as a class.

    >>> class_of_json("yellow") == YELLOW, class_of_json(7)
    (True, 7)
    """
    if value == "yellow":
        return YELLOW
    if value == "red":
        return RED
    if isinstance(value, int) and value in BLUE_VALUES:
        return value
    raise ValueError(f"not a value: {value!r}")


def class_label(cls: int) -> str:
    """``'7'``, ``'YELLOW'`` or ``'RED'``."""
    if cls == YELLOW:
        return "YELLOW"
    if cls == RED:
        return "RED"
    return str(cls)
