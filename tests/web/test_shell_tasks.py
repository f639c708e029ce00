"""The page's background tasks (``fusebox_web.shell.errors.Tasks``)."""

from __future__ import annotations

import asyncio
import gc
import importlib
import sys
import types
import warnings
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def tasks_class(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``fusebox_web.shell.errors.Tasks``, imported with empty stand-ins for Pyodide's ``js``
    and ``pyodide.ffi`` (the page's ``dom`` imports them by name; these tests touch no page);
    the modules imported that way are dropped afterwards, so no other test sees the stand-ins."""
    for name in ("js", "pyodide", "pyodide.ffi"):
        if name not in sys.modules:
            module = types.ModuleType(name)
            module.create_proxy = lambda function: function  # type: ignore[attr-defined]
            monkeypatch.setitem(sys.modules, name, module)
    page_modules = ("fusebox_web.shell.errors", "fusebox_web.shell.dom")
    had = {name for name in page_modules if name in sys.modules}
    yield importlib.import_module("fusebox_web.shell.errors").Tasks
    for name in page_modules:
        if name not in had:
            sys.modules.pop(name, None)


def test_a_task_cancelled_before_it_starts_leaves_no_never_awaited_warning(
    tasks_class: Any,
) -> None:
    """A game closed right after it asked its computers to move cancels their task before its
    first step: the page's console must not get "coroutine ... was never awaited"."""
    started: list[bool] = []

    async def computers() -> None:
        started.append(True)

    async def main() -> None:
        tasks = tasks_class()
        task = tasks.spawn(computers())
        tasks.cancel_all()  # before the loop ever runs it
        await asyncio.sleep(0)
        assert task.cancelled()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asyncio.run(main())
        gc.collect()
    assert started == []
    assert not [w for w in caught if "never awaited" in str(w.message)], caught


def test_a_task_that_runs_still_runs_to_its_end(tasks_class: Any) -> None:
    done: list[int] = []

    async def computers() -> None:
        await asyncio.sleep(0)
        done.append(1)

    async def main() -> None:
        await tasks_class().spawn(computers())

    asyncio.run(main())
    assert done == [1]
