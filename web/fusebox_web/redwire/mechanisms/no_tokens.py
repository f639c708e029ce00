"""Mission 58's "no info tokens" on the page: the rule drawn in the mission's panel (every token
stays in the box, a miss marks nothing and tells only that the wires pointed at are not the
number said). The board then simply never draws a token; the core log says each miss."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import no_tokens

from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _part(obs: Observation, w: Words) -> str:
    if no_tokens.view(obs) is None:
        return ""
    return tag(
        "p",
        tag("span", "⊘", class_="rw-no-tokens-mark", aria_hidden="true")
        + esc(w.t("rw.noTokens.rule")),
        class_="rw-mission-part rw-no-tokens",
        data_testid="no-tokens-rule",
    )


PARTS = (_part,)
