"""Serve the termbase file as it is now: notice when a build replaces it, and switch.

`termbase build` replaces the file by renaming a new one over it, so the server's open
file stays whole and readable. `ReloadingApp` looks at the file's identity (device,
inode, size, mtime) at most every `check_every` seconds, on a request; when it changed,
a new app over the new file is made in a worker thread while the old one keeps
answering, and later requests go to the new one. A file that is not a termbase is
reported once on stderr and the old data stays served.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from fastapi import FastAPI
from starlette.types import Receive, Scope, Send

from termbase.errors import TermbaseError

Identity = tuple[int, int, int, int]


def file_identity(path: Path) -> Identity | None:
    """Return what tells one version of the file from another, or None if it is missing."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


class ReloadingApp:
    """An ASGI app that serves `make_app()` and makes a new one when the file at `path` changes."""

    def __init__(
        self,
        path: Path,
        make_app: Callable[[], FastAPI],
        check_every: float = 0.5,
        initial: FastAPI | None = None,
    ) -> None:
        self.path = path
        self.make_app = make_app
        self.check_every = check_every
        self.identity = file_identity(path)
        self.app = initial if initial is not None else make_app()
        self.state = self.app.state
        self.retired: FastAPI | None = None
        self.pending: Future[tuple[FastAPI, Identity]] | None = None
        self.refused: Identity | None = None
        self.checked = time.monotonic()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="termbase-reload")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            self._check()
        await self.app(scope, receive, send)

    def _load(self, identity: Identity) -> tuple[FastAPI, Identity]:
        return self.make_app(), identity

    def _check(self) -> None:
        now = time.monotonic()
        if now - self.checked < self.check_every:
            return
        self.checked = now
        if self.pending is not None:
            if self.pending.done():
                self._switch(self.pending)
                self.pending = None
            return
        identity = file_identity(self.path)
        if identity is None or identity in (self.identity, self.refused):
            return
        self.pending = self.pool.submit(self._load, identity)

    def _switch(self, done: Future[tuple[FastAPI, Identity]]) -> None:
        try:
            app, identity = done.result()
        except TermbaseError as error:
            self.refused = file_identity(self.path)
            print(f"termbase serve: kept the old data: {error}", file=sys.stderr)
            return
        if self.retired is not None:  # two versions back: no request can still be using it
            self.retired.state.termbase.close()
        self.retired, self.app, self.identity = self.app, app, identity
        self.state = app.state
        print(f"termbase serve: now serving the rebuilt {self.path}", file=sys.stderr)
