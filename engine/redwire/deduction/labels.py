"""``Label`` bookkeeping inside the DP: the two "pending class" bits a label keeps in a state.

A label ties slot ``left`` and ``left + 1`` of one stand ("=": same class, "≠": different). The DP
fills a stand left to right, one code's run at a time: when a run ends on the left slot, the right
slot's code comes later, so the left slot's colour is remembered (blue needs no memory: a later
code is another class, yellow and red must be remembered) until the run that starts on the right
slot settles the label.

>>> labels = [(2, True, 0)]                 # slots 2 and 3 have the same class; bits 0-1
>>> labels_after(labels, 0, 0, 3, 1)         # a yellow run on slots 0-2: remember "yellow"
1
>>> labels_after(labels, 1, 3, 1, 1), labels_after(labels, 1, 3, 1, 0)  # then yellow / blue
(0, None)
"""

from __future__ import annotations

from collections.abc import Sequence

Labels = Sequence[tuple[int, bool, int]]  # (left slot, same class, first of its two bits)


def labels_after(labels: Labels, pend: int, f: int, c: int, colour: int) -> int | None:
    """The pending bits after ``c`` tiles of a code of ``colour`` (0 blue, 1 yellow, 2 red) fill
    slots from ``f``; None if a label breaks."""
    if not c:
        return pend
    end = f + c
    for left, same, bit in labels:
        has_left, has_right = f <= left < end, f <= left + 1 < end
        if has_left and has_right:
            if not same:
                return None
        elif has_left:  # the run ends on the left slot; the right one gets a later code
            if colour == 0:
                if same:
                    return None
            else:
                pend |= colour << bit
        elif has_right:  # the run starts on the right slot
            left_colour = (pend >> bit) & 3  # 0: the left slot holds a blue (of another value)
            if (left_colour != 0 and left_colour == colour) != same:
                return None
            pend &= ~(3 << bit)
    return pend
