"""Progress of long work (reading many files, embedding, writing a site), as plain calls.

The pipeline reports progress by calling a `ProgressCallback` with a stage name, the
units done and the units in all; it knows nothing of terminals. The CLI passes a
`TerminalProgress`, which draws rich progress bars on a terminal and nothing when the
output is piped or `--quiet` is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType

from rich.console import Console

#: The bars are redrawn at most this often (and when a stage ends).
REDRAW_SECONDS = 0.1

#: stage (e.g. "reading files"), units done, units in all (0: not known).
ProgressCallback = Callable[[str, int, int], None]


def no_progress(stage: str, done: int, total: int) -> None:
    """Ignore progress: the default for library calls."""


class TerminalProgress:
    """A ProgressCallback that shows one rich bar per stage, or nothing when disabled."""

    def __init__(self, console: Console, enabled: bool = True) -> None:
        self.enabled = enabled and console.is_terminal
        self._tasks: dict[str, int] = {}
        self._bars = None
        if self.enabled:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            # Redrawn when told of progress, not by a refresh thread of rich's: a second thread
            # in the process would keep builds and sites from forking workers (see forked).
            self._bars = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
                transient=True,
                auto_refresh=False,
            )
        self._drawn = 0.0

    def __enter__(self) -> TerminalProgress:
        if self._bars is not None:
            self._bars.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._bars is not None:
            self._bars.stop()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self._bars is None:
            return
        task = self._tasks.get(stage)
        if task is None:
            task = self._tasks[stage] = self._bars.add_task(stage, total=total or None)
        now = time.monotonic()
        redraw = now - self._drawn >= REDRAW_SECONDS or done == total
        self._bars.update(task, completed=done, total=total or None, refresh=redraw)
        if redraw:
            self._drawn = now
