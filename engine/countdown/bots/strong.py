"""The "strong" level (work in progress)."""

from __future__ import annotations

from .base import register_bot
from .basic import BasicBot


class StrongBot(BasicBot):
    name = "strong"


register_bot("strong", StrongBot)
