"""Readable English lines for events, for the command line and golden transcripts.

It reads event *views* (the dicts of :meth:`Event.view`), so a seat's transcript shows only what
that seat may know.

>>> describe({"type": "dial", "from": 3, "to": 2}, ["Ana", "Bea"])
'Detonator: 3 -> 2 steps from the skull.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .mechanisms import ALL, TOOLS
from .mechanisms.base import Line
from .mechanisms.base import name_of as _name
from .mechanisms.base import where as _where

View = Mapping[str, Any]


def _values(values: Sequence[object]) -> str:
    return " or ".join(str(v) for v in values)


def describe(event: View, names: Sequence[str], owners: Sequence[int] | None = None) -> str:
    """One line for one event view; ``owners`` maps stands to seats for nicer positions.

    The core's events are described here, each mechanism's by the mechanism (its ``lines``)."""
    handler = _LINES.get(str(event.get("type")))
    if handler is None:
        return f"{event.get('type')}: {dict(event)}"
    return handler(event, names, owners)


def _token(e: View, n: Sequence[str], o: Sequence[int] | None) -> str:
    why = {
        "setup": "places an info token",
        "miss": "marks the true value",
        "post_it": "uses a Sticky Note",
    }
    return f"{_name(n, e['seat'])} {why.get(e['reason'], 'places a token')}: {e['value']} on {_where(n, o, e['stand'], e['slot'])}."


def _cut(e: View, n: Sequence[str], o: Sequence[int] | None) -> str:
    tool = TOOLS.get(e["tool"]) if e["tool"] is not None else None
    used = f" with the {tool.title}" if tool else ""
    if "pointed" in e:  # the wires forgotten (mission 50's memory option): how many, where
        count = sum(k for _, k in e["pointed"])
        stands = ", ".join(str(stand + 1) for stand, _ in e["pointed"])
        return (
            f"{_name(n, e['seat'])} pointed at {count} of {_name(n, e['owner'])}'s wires "
            f"(stand {stands}, which is forgotten){used}: {_values(e['values'])}? no."
        )
    places = ", ".join(f"wire {slot + 1}" for _, slot in e["targets"])
    stand_names = sorted({stand + 1 for stand, _ in e["targets"]})
    outcome = {
        "hit": "yes!",
        "miss": "no." + (" (stabilized)" if e.get("stabilized") else ""),
        "red": "it is red!" + (" (stabilized: no explosion)" if e.get("stabilized") else ""),
    }[e["outcome"]]
    return (
        f"{_name(n, e['seat'])} points at {_name(n, e['owner'])}'s {places} "
        f"(stand {', '.join(map(str, stand_names))}){used}: {_values(e['values'])}? {outcome}"
    )


def _wire_cut(e: View, n: Sequence[str], o: Sequence[int] | None) -> str:
    verb = "reveals" if e.get("revealed") else "cuts"
    return f"{_name(n, e['seat'])} {verb} {e['wire']} ({_where(n, o, e['stand'], e['slot'])})."


_CAUSES = {
    "red": " (a red wire).",
    "detonator": " (the detonator reached the skull).",
    **{cause: f" ({text})." for m in ALL for cause, text in m.causes.items()},
}

_LINES: dict[str, Line] = {
    "token": _token,
    "token_announced": lambda e, n, o: (
        f"No info token left: {e['value']} is announced for {_where(n, o, e['stand'], e['slot'])}."
    ),
    "token_skipped": lambda e, n, o: (
        _LINES[f"token_skipped:{e.get('reason')}"](e, n, o)
        if f"token_skipped:{e.get('reason')}" in _LINES  # a mechanism's own reason
        else f"{_name(n, e['seat'])} holds no {e['value']}: the token lies beside the stand."
        if e.get("reason") == "beside"
        else f"{_name(n, e['seat'])} places no info token (the mission's rule)."
        if e.get("reason") == "mission"
        else f"{_name(n, e['seat'])} has no blue wire to mark."
    ),
    "turn": lambda e, n, o: f"-- Turn {e['number']}: {_name(n, e['seat'])}.",
    "cut": _cut,
    "wire_cut": _wire_cut,
    "dial": lambda e, n, o: f"Detonator: {e['from']} -> {e['to']} steps from the skull.",
    "explosion": lambda e, n, o: "BOOM! The bomb explodes" + _CAUSES.get(e["cause"], "."),
    "won": lambda e, n, o: "Every wire is cut: the bomb is defused!",
    "validated": lambda e, n, o: f"All four {e['value']}s are cut.",
    "solo": lambda e, n, o: f"{_name(n, e['seat'])} solo-cuts every remaining {e['value']}.",
    "reveal": lambda e, n, o: f"{_name(n, e['seat'])} reveals their red wires.",
    **{kind: line for mechanism in ALL for kind, line in mechanism.lines.items()},
}
