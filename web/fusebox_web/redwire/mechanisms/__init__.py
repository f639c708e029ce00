"""The page's mechanisms: what each engine mechanism shows and offers, by the same names.

``web/fusebox_web/redwire/mechanisms/<name>.py`` mirrors ``engine/redwire/mechanisms/<name>.py``:
the equipment cards (one :class:`~.base.CardUse` per card, in :data:`CARD_USES`), the tray
(:mod:`.equipment.tray`: the cards' panel), the Double Detector (:mod:`.double_detector`: the
player's badge), and the missions' own components and actions: a module may bring ``USES``
(its actions, :func:`~.base.action_use`, in :data:`ACTION_USES`), ``PARTS`` (what it draws on
the board, in the mission's panel: :func:`board_parts`), ``LINES`` (log sentences of its events)
and ``PROMPTS`` (a sentence added to the turn's prompt). The board, the dock, the selection, the
affordances and the log ask these, never a card's or a mission's number.

>>> sorted(CARD_USES) == [*range(0, 13), 22, 33, 99, 1010, 1111], MODES["radar"].card
(True, 8)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.actions import Action

from . import (
    arithmetic,
    audio,
    bat_radar,
    bluffer,
    careless,
    challenges,
    claims,
    constraints,
    count_tokens,
    dealt_first,
    double_detector,
    double_lock,
    flipped_wires,
    four_at_once,
    guessing,
    hand_me_downs,
    hidden_equipment,
    memory,
    nano,
    negative_tokens,
    new_characters,
    no_tokens,
    number_cards,
    number_choice,
    number_flip,
    oxygen,
    parity_tokens,
    random_token,
    recovery_targets,
    red_value,
    rookie,
    sequence,
    silence,
    sweep,
    timer,
    token_draft,
    tripwires,
    volunteers,
    weakest_link,
    wire_pile,
    x_wires,
)
from .base import CardUse, Chosen, Found, View
from .equipment import (
    batteries,
    coffee,
    detectors,
    disintegrator,
    drop,
    either_or,
    fast_pass,
    hook,
    labels,
    post_it,
    radar,
    rewind,
    single_label,
    stabilizer,
    stash,
    walkie,
)

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..affordances import Affordances
    from ..selection import Selection
    from ..words import Words

_MODULES = (
    stash,
    labels,
    walkie,
    detectors,
    post_it,
    rewind,
    batteries,
    radar,
    stabilizer,
    either_or,
    coffee,
    # Rule sticker C's double cards (from mission 55).
    single_label,
    drop,
    fast_pass,
    disintegrator,
    hook,
)

#: The missions' page modules (their components and actions), in the engine's order.
_MISSION_MODULES = (
    number_cards,
    red_value,
    sequence,
    claims,
    timer,
    double_lock,
    dealt_first,
    random_token,
    sweep,
    rookie,
    hidden_equipment,
    bluffer,
    bat_radar,
    audio,
    x_wires,
    parity_tokens,
    negative_tokens,
    four_at_once,
    count_tokens,
    silence,
    number_choice,
    token_draft,
    careless,
    guessing,
    number_flip,
    new_characters,
    constraints,
    weakest_link,
    flipped_wires,
    tripwires,
    nano,
    oxygen,
    wire_pile,
    volunteers,
    arithmetic,
    memory,
    no_tokens,
    challenges,
    hand_me_downs,
    recovery_targets,
)

#: How each equipment card is offered, by card number.
CARD_USES: dict[int, CardUse] = {int(use.card): use for module in _MODULES for use in module.USES}
#: The missions' own actions, by name.
ACTION_USES: dict[str, CardUse] = {
    str(use.card): use for module in _MISSION_MODULES for use in getattr(module, "USES", ())
}
#: Every use: the cards', then the missions' actions.
USES: dict[int | str, CardUse] = {}
USES.update((card, use) for card, use in CARD_USES.items())
USES.update((name, use) for name, use in ACTION_USES.items())
#: The selection modes the cards start and build themselves (not the Dual Cut's), by mode.
MODES: dict[str, CardUse] = {}
for _use in sorted(USES.values(), key=lambda u: str(u.card).zfill(3)):
    if _use.builds:
        MODES.setdefault(_use.mode, _use)
#: Log sentences of the mechanisms' own events (besides ``equipment``), by event type.
LINES: dict[str, Callable[[View, Words], Found]] = {
    **walkie.LINES,
    **radar.LINES,
    **stash.LINES,
    **drop.LINES,
    **disintegrator.LINES,
    **single_label.LINES,
    **hook.LINES,
    **{kind: line for m in _MISSION_MODULES for kind, line in getattr(m, "LINES", {}).items()},
}
#: What the missions draw on the board (their cards, markers, timers...), in order.
PARTS: tuple[Callable[[Observation, Words], str], ...] = tuple(
    part for m in _MISSION_MODULES for part in getattr(m, "PARTS", ())
)
#: What a mission draws in the status line instead of the detonator, when it has none (mission
#: 53: Nano's clock); each returns HTML or None.
STATUS_DIALS: tuple[Callable[[Observation, Words], str | None], ...] = tuple(
    dial for m in _MISSION_MODULES for dial in getattr(m, "STATUS_DIALS", ())
)
#: How many mistakes a mission without the detonator counted (mission 53: Nano's failed-cut
#: moves), for the end screen; each returns None when its mission is not being played.
MISTAKE_COUNTS: tuple[Callable[[Observation], int | None], ...] = tuple(
    count for m in _MISSION_MODULES for count in getattr(m, "MISTAKE_COUNTS", ())
)
#: Sentences a mission adds to the turn's prompt (a rule in force now), in order.
PROMPTS: tuple[Callable[[Observation, Words], str | None], ...] = tuple(
    prompt for m in _MISSION_MODULES for prompt in getattr(m, "PROMPTS", ())
)
#: A mission's own sentence for one of its decisions or selection modes (naming what each choice
#: opens, say), by decision or mode name; the prompt's generic sentence otherwise.
DECISION_PROMPTS: dict[str, Callable[[Observation, Words], str | None]] = {
    key: prompt
    for m in _MISSION_MODULES
    for key, prompt in getattr(m, "DECISION_PROMPTS", {}).items()
}
#: The confirm button's sentence for a setup token, when a mission changes the token (even/odd).
TOKEN_CONFIRMS: tuple[Callable[[Action, Words, Observation], str | None], ...] = tuple(
    confirm for m in _MISSION_MODULES for confirm in getattr(m, "TOKEN_CONFIRMS", ())
)


#: Sentences a mission adds to a cut's confirm (mission 44: the oxygen it takes), in order.
CONFIRM_NOTES: tuple[Callable[[Action, Observation, Words], str | None], ...] = tuple(
    note for m in _MISSION_MODULES for note in getattr(m, "CONFIRM_NOTES", ())
)


def confirm_notes(action: Action, obs: Observation, w: Words) -> list[str]:
    """What the missions add to the confirm sentence of ``action`` (a cut's price)."""
    return [text for note in CONFIRM_NOTES if (text := note(action, obs, w))]


def token_confirm(action: Action, w: Words, obs: Observation) -> str | None:
    """A mission's own confirm sentence for a setup token, if any."""
    for confirm in TOKEN_CONFIRMS:
        text = confirm(action, w, obs)
        if text is not None:
            return text
    return None


#: The log sentence of an info token a mechanism placed, by the token event's ``reason``.
TOKEN_REASONS: dict[str, str] = {
    **post_it.TOKEN_REASONS,
    **{k: v for m in _MISSION_MODULES for k, v in getattr(m, "TOKEN_REASONS", {}).items()},
}
#: The card whose name the dock's "X or Y" toggle shows.
XY_CARD = either_or.XY_CARD


def use_of(sel: Selection) -> CardUse | None:
    """The card a selection is using (its mode's, or its own card's when two share a mode)."""
    use = MODES.get(sel.mode or "")
    if use is not None and sel.card in CARD_USES and CARD_USES[sel.card].mode == use.mode:
        return CARD_USES[sel.card]
    return use


def use_mode(card: int | str, aff: Affordances) -> str | None:
    """The mode a card's "Use" button starts, if the viewer may use it now."""
    use = USES.get(card)
    return use.mode if use is not None and use.usable(aff) else None


def cards_now(state: GameState, seat: int, own_turn: bool) -> dict[int | str, Any]:
    """The cards ``seat`` may use now and their choices: the "any time" ones, and on the seat's
    own turn the turn ones (asked of the engine by each card), and the missions' actions."""
    out: dict[int | str, Any] = {}
    for card, use in USES.items():
        if use.afford is None or (use.timing == "turn" and not own_turn):
            continue
        choices = use.afford(state, seat)
        if choices is not None:
            out[card] = choices
    return out


def build(sel: Selection, seat: int, aff: Affordances | None = None) -> Action | None:
    """The action the selection of a mechanism's mode makes; a ``build_from`` mode needs the
    seat's affordances (its card's choices), and builds nothing without them."""
    use = use_of(sel)
    if use is None:
        return None
    if use.build_from is not None:
        choices = aff.cards.get(use.card) if aff is not None else None
        return use.build_from(choices, sel, seat) if choices is not None else None
    return use.build(sel, seat) if use.build is not None else None


def chosen(action: Action) -> Chosen | None:
    """The selection fields that build ``action``, if a card's mode builds it."""
    for use in USES.values():  # the exact class: a character's own copy is not the card's
        if use.action is not None and type(action) is use.action and use.select:
            return use.select(action)
    return None


def confirm_text(action: Action, w: Words, obs: Observation) -> str | None:
    for use in USES.values():
        if use.action is not None and type(action) is use.action and use.confirm:
            return use.confirm(action, w, obs)
    return None


def equipment_line(e: View, w: Words) -> Found:
    """The log sentence of an ``equipment`` event (None: the card's own event says it)."""
    use = CARD_USES.get(e["card"])
    return use.log(e, w) if use is not None and use.log is not None else None


#: What must run a few times a second while a mission's game is open (a countdown), by the
#: engine mechanism it belongs to.
TICKERS: dict[str, Callable[..., None]] = {
    key: tick for m in _MISSION_MODULES for key, tick in getattr(m, "TICKERS", {}).items()
}


def tickers(state: GameState | None) -> list[Callable[..., None]]:
    """The tickers of the mechanisms in play in ``state``."""
    if state is None:
        return []
    return [TICKERS[m.id] for m in state.mechanisms if m.id in TICKERS]


#: Notes a mission adds to an equipment card (a second lock on it), in order.
CARD_NOTES: tuple[Callable[[Observation, int, Words], str | None], ...] = tuple(
    note for m in _MISSION_MODULES for note in getattr(m, "CARD_NOTES", ())
)


def card_notes(obs: Observation, card: int, w: Words) -> list[str]:
    """What the missions say about an equipment card now."""
    return [text for note in CARD_NOTES if (text := note(obs, card, w))]


#: Badges a mission puts by a player's name (a role), in order.
SEAT_BADGES: tuple[Callable[[Observation, int, Words], str], ...] = tuple(
    badge for m in _MISSION_MODULES for badge in getattr(m, "SEAT_BADGES", ())
)


#: Marks a mission draws on wires: (stand, slot) -> (HTML, words for the wire's name).
TILE_MARKS: tuple[Callable[[Observation, Words], dict[tuple[int, int], tuple[str, str]]], ...] = (
    tuple(marks for m in (*_MODULES, *_MISSION_MODULES) for marks in getattr(m, "TILE_MARKS", ()))
)


def tile_marks(obs: Observation, w: Words) -> dict[tuple[int, int], tuple[str, str]]:
    """Every mission's marks on wires (the last one wins on a wire marked twice)."""
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for marks in TILE_MARKS:
        out.update(marks(obs, w))
    return out


def seat_badges(obs: Observation, seat: int, w: Words) -> list[str]:
    """The missions' badges by a player's name (HTML, with an accessible name)."""
    return [html for badge in SEAT_BADGES if (html := badge(obs, seat, w))]


def board_parts(obs: Observation, w: Words) -> str:
    """The missions' components, as the board (and the briefing) shows them."""
    return "".join(part(obs, w) for part in PARTS)


def status_dial(obs: Observation, w: Words) -> str | None:
    """A mission's clock drawn instead of the detonator, or None (the detonator)."""
    return next((html for dial in STATUS_DIALS if (html := dial(obs, w)) is not None), None)


def mistakes_made(obs: Observation) -> int:
    """The mistakes made so far: the detonator's steps taken towards the skull (every one of
    them, not the dial's net position: a step the Rewind card or a claimed challenge took back
    was still a mistake, and the end screen lists it), or a mission's own count when it has no
    detonator (``MISTAKE_COUNTS``)."""
    own = next((n for count in MISTAKE_COUNTS if (n := count(obs)) is not None), None)
    if own is not None:
        return own
    steps = sum(
        max(0, int(e["from"]) - int(e["to"])) for e in obs["log"] if e.get("type") == "dial"
    )
    return max(steps, int(obs["dial"]["start"]) - int(obs["dial"]["left"]), 0)


def prompt_notes(obs: Observation, w: Words) -> list[str]:
    """Sentences the missions add to the turn's prompt now."""
    return [text for prompt in PROMPTS if (text := prompt(obs, w))]


def decision_prompt(key: str, obs: Observation, w: Words) -> str | None:
    """A mission's own prompt for its decision (or selection mode) ``key``, if it words one."""
    prompt = DECISION_PROMPTS.get(key)
    return prompt(obs, w) if prompt is not None else None


def forced_mode(aff: Affordances) -> str | None:
    """The mission action a turn (or a setup token) must take when nothing else is offered (no
    wire to point at, no Solo Cut, no token to place) and exactly one such action is: its mode
    starts at once."""
    if aff.decision is None or aff.picks:
        return None
    if aff.decision not in ("turn", "setup_token"):  # a mission's own decision
        usable = [use.mode for use in ACTION_USES.values() if use.usable(aff)]
        return usable[0] if len(usable) == 1 else None
    if aff.cut_targets or aff.solo or aff.reveal or aff.token_tiles:
        return None
    # A person's own control (an audio track's pile or deck: never a computer's) is never what
    # a turn must do: it does not keep the one turn action from opening.
    offered = [
        use.mode
        for use in ACTION_USES.values()
        if use.button and use.usable(aff) and getattr(use.action, "for_bots", True)
    ]
    return offered[0] if len(offered) == 1 else None


def tool_name(tool: object, w: Words, logged: bool = False) -> str:
    """A detector's name in the player's language (``logged``: as the log says it of whoever
    used it, not as its owner's own button names it)."""
    if not isinstance(tool, str):
        return ""
    return (
        double_detector.tool_name(tool, w)
        or detectors.tool_name(tool, w)
        or new_characters.tool_name(tool, w, logged)
        or ""
    )


def legends(obs: Observation, w: Words) -> list[str]:
    """What the board's short marks mean, for the mechanisms in play ("DD: the Double
    Detector..."), shown with the mission's rules."""
    found = double_detector.legend(obs, w)
    return [found] if found else []


def tool_short(tool: object, w: Words) -> str | None:
    """A detector's short name for a narrow screen ("DD"), if it has one."""
    return double_detector.short_name(w) if tool == "double" else None


def choices(aff: Affordances, sel: Selection) -> Any:
    """The current card's choices in the affordances (None when it is not usable now)."""
    use = use_of(sel)
    return aff.cards.get(use.card) if use is not None else None


__all__ = [
    "ACTION_USES",
    "CARD_USES",
    "LINES",
    "MODES",
    "PARTS",
    "USES",
    "XY_CARD",
    "CardUse",
    "board_parts",
    "build",
    "cards_now",
    "chosen",
    "confirm_text",
    "decision_prompt",
    "equipment_line",
    "forced_mode",
    "legends",
    "prompt_notes",
    "tool_name",
    "tool_short",
    "use_mode",
    "use_of",
]
