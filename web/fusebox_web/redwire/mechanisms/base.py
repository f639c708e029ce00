"""What a mechanism brings to the page: how its equipment card is offered, chosen and told.

A :class:`CardUse` holds, for one equipment card, everything the board, the dock, the log and
the confirm button need, so none of them names a card:

* ``afford``: what the seat may do with the card now, asking the engine (``state.is_legal``);
  None when nothing (``timing`` "turn": only asked on the seat's own turn);
* ``ready``: whether its Use button works now, from the affordances (default: ``afford`` found
  something);
* ``mode``: the selection mode the Use button starts, and what that mode asks for: wires to tap
  (``tiles``, ``taps`` of them), a value (``values``), seats (``seats``, up to ``seats_many``); ``build`` turns a
  complete selection into the action (``build_from`` instead, when the taps alone do not name it:
  it is given the card's choices, ``afford``'s result, which the page's affordances hold, so no
  module keeps a table of what was offered), ``select`` an action back into a selection (hints);
  ``probe`` is the action whose refusal explains why a wire cannot be tapped; ``missing`` the
  message key when something is still missing; a ``plain`` mode needs only the confirmation,
  and a ``button`` one is offered in the dock's row of turn actions;
* ``confirm``: what the confirm button says; ``log``: the log sentence of its ``equipment``
  event (None: its own event says it);
* its sentences (``rw.*`` keys, English and Italian) sit beside it in ``<module>.strings.json``;
  the build merges them into the page's catalogs (``fusebox_web.shell.i18n.read_parts``).

Mechanism modules import the page's own modules for types only, so the board, the selection
and the affordances can import the registry (:mod:`fusebox_web.redwire.mechanisms`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from engine.redwire import GameState
from engine.redwire.actions import Action
from engine.redwire.mechanisms.equipment.tray import card_label

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..affordances import Affordances
    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]
View = Mapping[str, Any]
#: A log sentence and its kind ("info", "hit"...), or None to leave the event to another line.
Found = tuple[str, str] | None
#: The fields of a selection, to build one (see Selection).
Chosen = dict[str, Any]


def _no_tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset()


def _listed(aff: Affordances, card: int | str) -> bool:
    return card in aff.cards


def _need_wire(sel: Selection) -> str:
    return "rw.msg.needWire"


@dataclass(frozen=True)
class CardUse:
    #: The equipment card's number; for a mission's own action (not a card), its name, which
    #: is also its mode (its button says ``rw.act.<name>``).
    card: int | str
    mode: str
    timing: Literal["turn", "any_time"]
    afford: Callable[[GameState, int], Any] | None
    action: type[Action] | None
    #: None for a detector: its mode is one of the Dual Cut's, built by the selection.
    build: Callable[[Selection, int], Action | None] | None
    select: Callable[[Any], Chosen] | None
    confirm: Callable[[Any, Words, Observation], str] | None
    missing: Callable[[Selection], str] = _need_wire
    tiles: Callable[[Any, Selection], frozenset[Tile]] = _no_tiles
    #: How many wires the mode collects (a tap beyond drops the oldest).
    taps: int = 1
    values: Callable[[Any], tuple[int, ...]] | None = None
    values_label: str = ""
    #: How many values the mode collects (2: mission 47's two Number cards; a tap on a chosen
    #: one lets go of it, a third drops the oldest).
    values_many: int = 1
    seats: Callable[[Any], list[int]] | None = None
    seats_label: str = ""
    seats_many: int = 1
    probe: Callable[[int, Tile, Selection, int], Action] | None = None
    plain: bool = False
    button: bool = False
    log: Callable[[View, Words], Found] | None = None
    ready: Callable[[Affordances, int | str], bool] = _listed
    #: Builds the action from the card's choices (``afford``'s result, held by the page's
    #: affordances) and the selection, when the taps alone do not name the action.
    build_from: Callable[[Any, Selection, int], Action | None] | None = None

    @property
    def builds(self) -> bool:
        """Whether the mode builds its own action (not a detector's: the Dual Cut builds that)."""
        return self.build is not None or self.build_from is not None

    def usable(self, aff: Affordances) -> bool:
        return self.ready(aff, self.card)


def action_use(
    name: str,
    action: type[Action],
    afford: Callable[[GameState, int], Any],
    build: Callable[[Selection, int], Action | None],
    confirm: Callable[[Any, Words, Observation], str],
    **more: Any,
) -> CardUse:
    """A mission's own turn action (not an equipment card), offered as a button in the dock's
    row of turn actions; ``name`` is its mode and its key (``rw.act.<name>`` names it,
    ``rw.prompt.<name>`` is its prompt)."""
    fields: dict[str, Any] = {
        "timing": "turn",
        "select": lambda a: {"mode": name},
        "plain": True,
        "button": True,
    }
    fields.update(more)
    return CardUse(
        card=name,
        mode=name,
        afford=afford,
        action=action,
        build=build,
        confirm=confirm,
        **fields,
    )


def own_label(obs: Observation | Mapping[str, Any], stand: int, slot: int) -> str:
    """The label of one of the viewer's own wires ("?" if it cannot be seen)."""
    try:
        return str(obs["stands"][stand]["slots"][slot]["wire"])
    except (KeyError, IndexError, TypeError):
        return "?"


def legal(state: GameState, action: Action) -> bool:
    """Whether the engine takes ``action`` now: one of its seat's legal actions (a set lookup;
    trying it on a copy of the game, as ``is_legal`` does, costs a clone per question, and a
    board asks hundreds of them at every drawing)."""
    seat = action.seat
    return isinstance(seat, int) and 0 <= seat < state.players and action in state.legal_set(seat)


def one_tile(sel: Selection) -> Tile | None:
    return sel.targets[0] if len(sel.targets) == 1 else None


def own_wire_use(
    card: int,
    mode: str,
    action: Callable[[int, int, int], Action],
    confirm: Callable[[Any, Words, Observation], str],
    **more: Any,
) -> CardUse:
    """An "any time" card used on one of the seat's own wires, ``action(seat, stand, slot)``:
    offered on each own wire the engine takes it for (cut or not: the engine says), one tap
    builds it, and a refused tap is explained by the same action (Sticky Note, Single Wire Label).
    """

    def afford(state: GameState, seat: int) -> list[Tile] | None:
        tiles = [
            (st, sl)
            for st in state.seat_stands[seat]
            for sl in range(len(state.stands[st]))
            if legal(state, action(seat, st, sl))
        ]
        return tiles or None

    def build(sel: Selection, seat: int) -> Action | None:
        one = one_tile(sel)
        return action(seat, *one) if one else None

    def select(chosen: Any) -> Chosen:
        return {"mode": mode, "targets": ((chosen.stand, chosen.slot),)}

    return CardUse(
        card=card,
        mode=mode,
        timing="any_time",
        afford=afford,
        action=action if isinstance(action, type) else None,
        build=build,
        select=select,
        confirm=confirm,
        tiles=lambda tiles, sel: frozenset(tiles),
        probe=lambda viewer, tile, sel, players: action(viewer, *tile),
        **more,
    )


def laid_cards_line(e: View, w: Words, card: int, key: str) -> Found:
    """The log sentence of a card that lays cards on the board by itself (``key``; ``keyNone``
    when it laid none), each laid card by its label and name."""
    cards = [f"{card_label(c)} · {w.card_name(c)}" for c in e.get("cards", [])]
    if not cards:
        return w.t(f"{key}None", card=w.card_name(card)), "info"
    return w.t(key, card=w.card_name(card), cards=w.listing(cards)), "info"


def passive_use(card: int, mode: str) -> CardUse:
    """A card with nothing to use: it acts by itself (its log line says what it did)."""
    return CardUse(
        card=card,
        mode=mode,
        timing="any_time",
        afford=None,
        action=None,
        build=None,
        select=None,
        confirm=None,
    )
