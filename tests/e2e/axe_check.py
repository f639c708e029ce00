"""Accessibility checks with axe-core, in the browser tests only (never shipped to the page).

axe-core comes from npm, pinned by ``tests/e2e/axe/package.json`` and its lock; ``npm ci``
installs it once into ``.cache/axe/<lock hash>/`` (as the build does for the page's runtime). A
test injects it into a page (an inline script: no request leaves the site) and fails on every
serious or critical finding, the rule that an accessible name contains the visible text included
(axe ships it as experimental).
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from typing import Any

from harness import build, build_lock
from playwright.sync_api import Page

SPEC = build.ROOT / "tests" / "e2e" / "axe"
SPEC_FILES = ("package.json", "package-lock.json", ".npmrc")
#: Rules switched on besides axe's defaults.
EXTRA_RULES = {"label-content-name-mismatch": {"enabled": True}}
SEVERE = ("serious", "critical")


@functools.cache
def axe_source() -> str:
    """axe.min.js, installed from npm with the pinned lock on first use."""
    lock = build.sha256(b"".join((SPEC / name).read_bytes() for name in SPEC_FILES))
    target = build.CACHE / "axe" / lock[:16]
    script = target / "node_modules" / "axe-core" / "axe.min.js"
    with build_lock():
        if not script.exists():
            npm = shutil.which("npm")
            if not npm:
                raise RuntimeError("npm is missing: it installs axe-core for the browser tests")
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            for name in SPEC_FILES:
                shutil.copy2(SPEC / name, target / name)
            subprocess.run(
                [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=target,
                check=True,
            )
    return script.read_text(encoding="utf-8")


def findings(page: Page, context: str = "document") -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    result = page.evaluate(
        f"""async (rules) => {{
            const r = await axe.run({context}, {{rules, resultTypes: ["violations"]}});
            return r.violations.map(v => ({{id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " :: "
                    + (n.failureSummary || "").split("\\n").slice(1, 2).join(""))}}));
        }}""",
        EXTRA_RULES,
    )
    return [v for v in result if v["impact"] in SEVERE]


def assert_accessible(page: Page, screen: str) -> int:
    """Fail with axe's words when the page has a serious or critical finding; returns how many
    rules were checked clean (for the report)."""
    found = findings(page)
    assert not found, f"axe on {screen}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in found
    )
    return 0
