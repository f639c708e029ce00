"""The 12 equipment cards and the character's Double Detector: timing, names and texts.

Names and texts are our own wording of the mechanics (spec §7), in English and Italian.
Unlocking is a state check (two wires of the card's number cut); see GameState.equipment_state.

>>> CARDS[9].timing, CARDS[9].name["en"]
('start_of_turn', 'Stabilizer')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

Timing = Literal["any_time", "your_turn", "start_of_turn"]


@dataclass(frozen=True)
class Card:
    number: int
    timing: Timing
    name: Mapping[str, str]
    text: Mapping[str, str]


def _card(number: int, timing: Timing, en: tuple[str, str], it: tuple[str, str]) -> Card:
    return Card(number, timing, {"en": en[0], "it": it[0]}, {"en": en[1], "it": it[1]})


CARDS: dict[int, Card] = {
    c.number: c
    for c in (
        _card(
            1,
            "any_time",
            ("≠ Label", "Mark two side-by-side wires of yours that have different values."),
            ("Etichetta ≠", "Segna due tuoi cavi vicini che hanno valori diversi."),
        ),
        _card(
            2,
            "any_time",
            (
                "Walkie-Talkies",
                "Give one of your uncut wires to a teammate; they give you one of theirs.",
            ),
            (
                "Walkie-talkie",
                "Dai un tuo cavo non tagliato a un compagno; lui te ne dà uno dei suoi.",
            ),
        ),
        _card(
            3,
            "your_turn",
            ("Triple Scanner", "Your Dual Cut points at 3 wires of one teammate (numbers only)."),
            (
                "Scanner triplo",
                "Il tuo taglio in coppia indica 3 cavi di un compagno (solo numeri).",
            ),
        ),
        _card(
            4,
            "any_time",
            ("Sticky Note", "Put an info token on one of your own blue wires."),
            ("Foglietto", "Metti un segnalino Info su un tuo cavo blu."),
        ),
        _card(
            5,
            "your_turn",
            (
                "Stand Scanner",
                "Your Dual Cut points at a whole stand of a teammate (numbers only).",
            ),
            (
                "Scanner del portatessere",
                "Il tuo taglio in coppia indica un intero portatessere di un compagno (solo numeri).",
            ),
        ),
        _card(
            6,
            "any_time",
            ("Rewind", "Move the detonator back one step."),
            ("Riavvolgi", "Sposta il detonatore indietro di un passo."),
        ),
        _card(
            7,
            "any_time",
            ("Spare Batteries", "Turn one or two used Double Detectors face up again."),
            ("Batterie di scorta", "Rimetti a faccia in su uno o due Doppi Detector usati."),
        ),
        _card(
            8,
            "any_time",
            ("Radar Sweep", "Name a number: every stand says whether it has an uncut blue one."),
            (
                "Scansione radar",
                "Dichiara un numero: ogni portatessere dice se ne ha uno blu non tagliato.",
            ),
        ),
        _card(
            9,
            "start_of_turn",
            (
                "Stabilizer",
                "This turn a wrong Dual Cut does not move the detonator, and a red wire does not explode.",
            ),
            (
                "Stabilizzatore",
                "In questo turno un taglio in coppia sbagliato non muove il detonatore e un cavo rosso non esplode.",
            ),
        ),
        _card(
            10,
            "your_turn",
            ("Either-Or Ray", "Your Dual Cut announces two values you hold."),
            ("Raggio o-o", "Il tuo taglio in coppia annuncia due valori che hai."),
        ),
        _card(
            11,
            "your_turn",
            ("Coffee Break", "Instead of your action, choose who plays next."),
            ("Pausa caffè", "Invece della tua azione, scegli chi gioca dopo."),
        ),
        _card(
            12,
            "any_time",
            ("= Label", "Mark two side-by-side wires of yours that have the same value."),
            ("Etichetta =", "Segna due tuoi cavi vicini che hanno lo stesso valore."),
        ),
    )
}

DOUBLE_DETECTOR = {
    "name": {"en": "Double Detector", "it": "Doppio Detector"},
    "text": {
        "en": "Once per mission, your Dual Cut points at 2 wires of one teammate (numbers only).",
        "it": "Una volta per missione, il tuo taglio in coppia indica 2 cavi di un compagno (solo numeri).",
    },
}
