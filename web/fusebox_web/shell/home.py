"""The home screen's list of games, as the build writes it into the page (before any Python runs).

One card per game, in the registry's order: its title, one-line summary and player count (catalog
keys ``game.<id>.*`` that the build adds from the registry, so ``web/js/i18n.js`` translates them
before the first paint), the element where the game's page package draws its actions once Python
has booted (``#game-<id>-app``), then the game's own static markup, if it has any
(``web/fusebox_web/<id>/card.html``: Red Wire's "How to play"). The text written here is
English; a page in another language is translated before it is shown.

>>> from fusebox_web.shell.games import GameCard, card_messages
>>> card = GameCard("demo", {"en": "Demo"}, {"en": "A demo <game>."}, (1, 4))
>>> english = card_messages([card], {"en": {"app.players": "{min} to {max} players"}})["en"]
>>> print(card_html(card, english))
<li class="game-card" id="game-demo" data-game="demo"><section class="game" aria-labelledby="game-demo-title"><h2 id="game-demo-title" data-i18n="game.demo.title">Demo</h2><p class="game-summary" data-i18n="game.demo.summary">A demo &lt;game&gt;.</p><p class="game-players" data-i18n="game.demo.players">1 to 4 players</p><div class="game-app" id="game-demo-app" data-testid="game-demo"></div></section></li>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .games import GameCard
from .markup import esc, tag

#: The file of a game's page package with its card's static markup (optional).
CARD_MARKUP = "card.html"


def card_html(card: GameCard, english: Mapping[str, str], markup: str = "") -> str:
    """One game's card; ``markup`` (trusted: the game's own ``card.html``) goes last."""
    title, summary, players = (card.key(f) for f in ("title", "summary", "players"))
    body = (
        tag("h2", esc(english[title]), id=f"game-{card.id}-title", data_i18n=title)
        + tag("p", esc(english[summary]), class_="game-summary", data_i18n=summary)
        + tag("p", esc(english[players]), class_="game-players", data_i18n=players)
        + tag("div", "", class_="game-app", id=f"game-{card.id}-app", data_testid=f"game-{card.id}")
        + markup
    )
    section = tag("section", body, class_="game", aria_labelledby=f"game-{card.id}-title")
    return tag("li", section, class_="game-card", id=f"game-{card.id}", data_game=card.id)


def games_html(
    cards: Sequence[GameCard], english: Mapping[str, str], markup: Mapping[str, str]
) -> str:
    """The list of every game's card (``#games``, the skip link's target)."""
    items = "".join(card_html(card, english, markup.get(card.id, "")) for card in cards)
    return tag(
        "ul",
        items,
        class_="games",
        id="games",
        tabindex="-1",
        aria_label=english["app.games"],
        data_i18n_aria_label="app.games",
    )
