"""Game words through the catalog: players, cards, colours, agents and wires.

>>> from fusebox_web.shell.i18n import Catalog
>>> cat = Catalog({"en": {"cd.card.timer": "Hurry", "cd.card.cut": "{colour} Snip",
...     "cd.colour.red": "red", "cd.word.and": "and", "cd.agent": "agent {n}"}})
>>> w = Words(cat, ["Ana", "Bea"])
>>> w.card("cut_red"), w.card("timer"), w.cards(["timer", "cut_red", "timer"]), w.agent(2)
('red Snip', 'Hurry', 'Hurry, red Snip and Hurry', 'agent 3')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.countdown.cards import cut_colour

from ..shell.i18n import Catalog, counted


@dataclass(frozen=True)
class Words:
    catalog: Catalog
    names: Sequence[str]

    def t(self, key: str, **params: object) -> str:
        """The message ``key``; with a count ``n``, its form for that count when the catalog has
        one ("Deck: 1 card", "1 agent out", not "1 cards"): the shell's
        :func:`~fusebox_web.shell.i18n.counted`."""
        n = params.pop("n", None)
        if isinstance(n, int):
            return counted(self.catalog, key, n, **params)
        return self.catalog.t(key, **params) if n is None else self.catalog.t(key, n=n, **params)

    def has(self, key: str) -> bool:
        return key in self.catalog.messages.get("en", {})

    def name(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.t("cd.nobody")

    def colour(self, colour: object) -> str:
        return self.t(f"cd.colour.{colour}")

    def card(self, kind: str) -> str:
        """A card's name: ``Scan``, ``red Snip``."""
        colour = cut_colour(kind)
        if colour is not None:
            return self.t("cd.card.cut", colour=self.colour(colour))
        return self.t(f"cd.card.{kind}")

    def listing(self, items: Sequence[str]) -> str:
        """``a, b and c``."""
        if not items:
            return self.t("cd.word.nothing") if self.has("cd.word.nothing") else ""
        if len(items) == 1:
            return items[0]
        return f"{', '.join(items[:-1])} {self.t('cd.word.and')} {items[-1]}"

    def cards(self, kinds: Sequence[str]) -> str:
        return self.listing([self.card(k) for k in kinds])

    def colours(self, colours: Sequence[str]) -> str:
        return self.listing([self.colour(c) for c in colours])

    def agent(self, index: int) -> str:
        """An agent as players count them (from 1)."""
        return self.t("cd.agent", n=index + 1)
