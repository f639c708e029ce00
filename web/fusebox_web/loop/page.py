"""Loop the Loop's page package as the shell sees it (``fusebox_web.shell.host.GamePage``).

>>> PAGE.id, "seed" in PAGE.link_params, PAGE.catalog_prefixes
('loop', True, ('lp.',))
"""

from __future__ import annotations

from typing import Any

from ..shell.host import GameHost
from .urls import GAME_PARAMS


class LoopPage:
    id = "loop"
    link_params = GAME_PARAMS
    catalog_prefixes = ("lp.",)

    def __init__(self) -> None:
        #: The mounted game (kept with the page; its listeners hold its methods anyway).
        self.mounted: list[Any] = []

    def mount(self, host: GameHost) -> None:
        """The card's Continue / Play buttons, or at once the screen a link or a game in
        progress opens; the rest of the game is imported just after (see ``mount``)."""
        from .mount import Mount

        self.mounted.append(Mount(host))
        self.mounted[-1].start()


PAGE = LoopPage()
