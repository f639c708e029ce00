"""Game words through the catalog: names, values, wires, places, cards, tools.

>>> from fusebox_web.shell.i18n import Catalog
>>> cat = Catalog({"en": {"rw.whereOn": "{name}'s wire {wire}, stand {stand}",
...     "rw.value.yellow": "yellow", "rw.wire.yellow": "yellow {label}", "rw.word.or": "or"}})
>>> w = Words(cat, ["Ana", "Bea"], [0, 0, 1, 1])
>>> w.where(3, 4), w.value("yellow"), w.wire("3.1"), w.values([9, "yellow"])
("Bea's wire 5, stand 2", 'yellow', 'yellow 3.1', '9 or yellow')
>>> Words(cat.with_lang("it"), ["Ana"], [0]).label("3.1")  # no "rw.decimal" here: kept as is
'3.1'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.redwire.mechanisms import double_detector
from engine.redwire.mechanisms.equipment import CARDS

from ..shell.i18n import Catalog, counted
from . import mechanisms


@dataclass(frozen=True)
class Words:
    catalog: Catalog
    names: Sequence[str]
    #: The seat owning each stand (observation ``stands[i].owner``).
    owners: Sequence[int]
    #: The seat whose view is shown: sentences about them say "you" (None: a spectator).
    viewer: int | None = None

    def t(self, key: str, **params: object) -> str:
        return self.catalog.t(key, **params)

    def tn(self, key: str, n: int, **params: object) -> str:
        """A message that depends on a count (the shell's :func:`~fusebox_web.shell.i18n.counted`)."""
        return counted(self.catalog, key, n, **params)

    @property
    def lang(self) -> str:
        return self.catalog.lang

    def about(self, key: str, seat: object) -> str:
        """The key of a sentence whose subject is ``seat``: its ``.you`` form when that is the
        viewer and the catalog has one ("You place an info token", not "Ana places ...")."""
        you = f"{key}.you"
        if seat == self.viewer and you in self.catalog.messages.get("en", {}):
            return you
        return key

    def label(self, label: object) -> str:
        """A printed label in the player's language: "3.1" is "3,1" in Italian."""
        text = str(label)
        mark = self.catalog.messages.get(self.lang, {}).get("rw.decimal", ".")
        return text.replace(".", mark)

    def name(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    def value(self, value: object) -> str:
        """An announced value: ``9``, ``yellow``."""
        if value == "yellow":
            return self.t("rw.value.yellow")
        if value == "red":
            return self.t("rw.value.red")
        return str(value)

    def values(self, values: Sequence[object]) -> str:
        return f" {self.t('rw.word.or')} ".join(self.value(v) for v in values)

    def wire(self, label: object) -> str:
        """A printed wire: ``9``, ``yellow 3.1``, ``red 4.5``."""
        text = str(label)
        if text.endswith(".1"):
            return self.t("rw.wire.yellow", label=self.label(text))
        if text.endswith(".5"):
            return self.t("rw.wire.red", label=self.label(text))
        return text

    def stand_number(self, stand: int) -> int | None:
        """1 or 2 for a player with two stands, None for a player with one."""
        owner = self.owners[stand]
        mine = [i for i, o in enumerate(self.owners) if o == owner]
        return mine.index(stand) + 1 if len(mine) > 1 else None

    def where(self, stand: int, slot: int) -> str:
        """A wire by owner and position: "Bea's wire 5" ("Bea's wire 5, stand 2")."""
        name, number = self.name(self.owners[stand]), self.stand_number(stand)
        if number is None:
            return self.t("rw.where", name=name, wire=slot + 1)
        return self.t("rw.whereOn", name=name, wire=slot + 1, stand=number)

    def where_their(self, stand: int, slot: int) -> str:
        """A wire of the player the sentence is about: "their wire 5" ("their wire 5 (stand 2)")."""
        number = self.stand_number(stand)
        if number is None:
            return self.t("rw.whereTheir", wire=slot + 1)
        return self.t("rw.whereTheirOn", wire=slot + 1, stand=number)

    def where_own(self, stand: int, slot: int) -> str:
        """One of the viewer's wires: "your wire 5" ("your wire 5, stand 2")."""
        number = self.stand_number(stand)
        if number is None:
            return self.t("rw.whereYour", wire=slot + 1)
        return self.t("rw.whereYourOn", wire=slot + 1, stand=number)

    def wires_of(self, targets: Sequence[Sequence[int]]) -> str:
        """Several wires of one teammate: "Bea's wires 2, 5 and 6"; of a teammate with two
        stands, which stand too ("Bea's wires 2 and 5 (stand 2)", "Bea's wires 1 (stand 1) and
        1 (stand 2)": a detector may point at both of them)."""
        stand = targets[0][0]
        name = self.name(self.owners[stand])
        stands = {st for st, _ in targets}
        numbers = [str(slot + 1) for _, slot in targets]
        number = self.stand_number(stand)
        if number is not None and len(stands) > 1:
            numbers = [
                self.t("rw.wireOn", wire=slot + 1, stand=self.stand_number(st))
                for st, slot in targets
            ]
        listed = numbers[0] if len(numbers) == 1 else self.listing(numbers)
        if number is not None and len(stands) == 1:
            return self.t("rw.whereManyOn", name=name, wires=listed, stand=number)
        return self.t("rw.whereMany", name=name, wires=listed)

    def listing(self, items: Sequence[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.t('rw.word.and')} {items[-1]}"

    def card_name(self, card: int | str) -> str:
        """An equipment card's name, or a mission action's (``rw.act.<name>``)."""
        if isinstance(card, str):
            return self.t(f"rw.act.{card}")
        return CARDS[card].name.get(self.lang, CARDS[card].name["en"])

    def card_name_lang(self, card: int) -> str:
        """The language :meth:`card_name` is written in (English where the player's language
        has no name for the card): the ``lang`` its element needs to be hyphenated right."""
        return self.lang if self.lang in CARDS[card].name else "en"

    def card_short(self, card: int | str) -> str | None:
        """A mission action's short name for narrow screens (``rw.act.<name>.short``), if any:
        its button shows it instead of the long one, which stays its accessible name."""
        key = f"rw.act.{card}.short"
        return (
            self.t(key)
            if isinstance(card, str) and key in self.catalog.messages.get("en", {})
            else None
        )

    def card_text(self, card: int | str) -> str:
        if isinstance(card, str):
            return self.t(f"rw.act.{card}.text")
        return CARDS[card].text.get(self.lang, CARDS[card].text["en"])

    def detector_name(self) -> str:
        return double_detector.NAME.get(self.lang, double_detector.NAME["en"])

    def detector_text(self) -> str:
        return double_detector.TEXT.get(self.lang, double_detector.TEXT["en"])

    def tool_name(self, tool: object, logged: bool = False) -> str:
        return mechanisms.tool_name(tool, self, logged)
