"""Pairs of slots in the sparse engine: checked on the states between two codes.

A ``Pair`` (``normalize``) ties two slots anywhere: an order (``le``: code(a) <= code(b), ``lt``: <)
or a class relation (``same`` / ``differ``). Whether a slot is filled after a code is read from the
state (its stand's fill level, ``PairRule.filled``); a ``PairStep`` after each code where one of
the pair's slots may be filled keeps the states that can still satisfy it:

* ``le``: never b filled while a is not;
* ``lt``: never b filled unless a was filled *before this code* (one memory bit: a was filled);
* ``same`` / ``differ``: four memory bits: whether a and b were filled, and the colour of the one
  filled first (blue 0, yellow 1, red 2). A later code of another colour, or a blue one, is another
  class; the same code is the same class. The bits are cleared after the last code of the pair.

>>> rule = PairRule("le", (0, 3, 0, 1), (2, 3, 0, 0), 0, 0, False)   # levels in bits 0-1, 2-3
>>> rule.apply(0b01_10), rule.apply(0b01_00)       # b filled: a must be (a's level 2 > 1)
(6, None)
"""

from __future__ import annotations

from dataclasses import dataclass

Probe = tuple[int, int, int, int]  # (shift, offset mask, least level, slot index) of a stand


@dataclass(slots=True, frozen=True)
class PairRule:
    """One pair at one boundary (after code ``t``): see the module docstring."""

    relation: str
    first: Probe
    second: Probe
    memory: int  # shift of its memory bits
    colour: int  # colour of code ``t``
    last: bool  # the last code either slot may take: clear the memory

    def apply(self, state: int) -> int | None:
        """The state with its memory updated, or None when it breaks the pair."""
        shift, mask, low, index = self.first
        fa = low + ((state >> shift) & mask) > index
        shift, mask, low, index = self.second
        fb = low + ((state >> shift) & mask) > index
        relation, memory = self.relation, self.memory
        if relation == "le":
            return None if fb and not fa else state
        if relation == "lt":
            if fb and not (state >> memory) & 1:
                return None
            if self.last:
                return state & ~(1 << memory)
            return state | (1 << memory) if fa else state
        bits = (state >> memory) & 15
        was_a, was_b, colour = bits & 1, (bits >> 1) & 1, bits >> 2
        new_a, new_b = fa and not was_a, fb and not was_b
        if new_a or new_b:
            same = relation == "same"
            if new_a and new_b:
                if not same:
                    return None
            elif was_b or was_a:  # the other one was filled at an earlier code
                if (colour == self.colour and colour != 0) != same:
                    return None
            else:
                colour = self.colour
        kept = 0 if self.last else int(fa) | int(fb) << 1 | colour << 2
        return (state & ~(15 << memory)) | (kept << memory)


@dataclass(slots=True, frozen=True)
class PairStep:
    """The pairs to check after one code; ``apply`` gives the new state or None."""

    rules: tuple[PairRule, ...]

    def apply(self, state: int) -> int | None:
        for rule in self.rules:
            found = rule.apply(state)
            if found is None:
                return None
            state = found
        return state


def memory_bits(relation: str) -> int:
    """The memory bits a pair of this relation needs in a state."""
    return {"le": 0, "lt": 1}.get(relation, 4)
