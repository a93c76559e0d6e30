"""A function's result worked out in a forked process while this one goes on."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

from termbase.forked import Forked


class InChild:
    """A function's result worked out in a forked process (`forked.Forked`) while this one goes
    on (`get` waits for it), or here when `get` is first called where forking is unsafe (see
    `site.worker_count`)."""

    def __init__(self, function: Callable[..., object], *args: object, writes: bool = True) -> None:
        self._function, self._args = function, args
        self._done = False
        self._value: object = None
        safe = hasattr(os, "fork") and threading.active_count() == 1
        self._job: Forked[object] | None = Forked(function, *args, writes=writes) if safe else None
        #: Whether the function runs in another process (else `get` runs it here).
        self.forked = self._job is not None

    def close(self) -> None:
        """Stop a child whose answer was not taken, and reap it."""
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def get(self) -> object:
        """Return the function's result (raise what it raised)."""
        if self._done:
            return self._value
        if self._job is not None:
            job, self._job = self._job, None
            value = job.result()
        else:
            value = self._function(*self._args)
        self._done, self._value = True, value
        return value
