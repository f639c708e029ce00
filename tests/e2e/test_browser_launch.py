"""The harness's Chromium: launched without the allocation samplers that crash a Pyodide tab at
random (harness.QUIET_FEATURES), and with Playwright's own launch features kept."""

from __future__ import annotations

import re
from collections.abc import Callable

from harness import QUIET_FEATURES, build, chromium_executable, chromium_processes, launch
from playwright.sync_api import Browser, Playwright


def renderer_features(start: Callable[[], Browser]) -> tuple[set[str], set[str]]:
    """The features a browser started by ``start`` disables and enables in its renderers (the
    lists its browser process settled on, which it hands to each renderer it starts)."""
    before = set(chromium_processes())
    browser = start()
    try:
        browser.new_context().new_page().goto("data:text/html,<p>renderer</p>")
        renderers = [
            line
            for pid, line in chromium_processes().items()
            if pid not in before and "--type=renderer" in line and "--top-chrome-webui" not in line
        ]
    finally:
        browser.close()
    assert renderers, "no renderer of this browser found under this process"

    def listed(switch: str) -> set[str]:
        found = re.search(rf"--{switch}-features=(\S*)", renderers[0])
        return (
            {f.split(":")[0].split("<")[0] for f in found.group(1).split(",")} if found else set()
        )

    return listed("disable"), listed("enable")


def test_the_allocation_samplers_are_off_and_playwrights_features_are_kept(
    playwright: Playwright,
) -> None:
    # Playwright's own launch (Debian's Chromium, the same flags, nothing of the harness's):
    # these features are on there, and Playwright disables features of its own.
    plain_off, plain_on = renderer_features(
        lambda: playwright.chromium.launch(
            executable_path=chromium_executable(), args=list(build.CHROMIUM_ARGS)
        )
    )
    assert not set(QUIET_FEATURES) & plain_off
    assert plain_off, "Playwright disables no feature: nothing left to keep"
    off, on = renderer_features(lambda: launch(playwright))
    assert set(QUIET_FEATURES) <= off
    # Chromium keeps only the last --disable-features: Playwright's list was merged, not lost.
    assert plain_off <= off, f"Playwright's disabled features lost: {plain_off - off}"
    assert plain_on <= on, f"Playwright's enabled features lost: {plain_on - on}"
