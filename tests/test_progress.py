"""Progress bars on a terminal start no thread (a second thread would stop forking)."""

from __future__ import annotations

import io
import threading

from rich.console import Console

from termbase.progress import TerminalProgress


def test_bars_on_a_terminal_draw_without_a_thread() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80)
    before = threading.active_count()
    with TerminalProgress(console) as progress:
        assert progress.enabled
        assert threading.active_count() == before
        progress("writing concept pages", 1, 4)
        progress("writing concept pages", 4, 4)
        assert threading.active_count() == before
    assert "writing concept pages" in screen.getvalue()


def test_no_bars_when_not_a_terminal() -> None:
    screen = io.StringIO()
    with TerminalProgress(Console(file=screen)) as progress:
        progress("reading files", 1, 2)
    assert screen.getvalue() == ""
