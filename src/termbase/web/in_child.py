"""A function's result worked out in a forked process while this one goes on."""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import threading
from collections.abc import Callable

from termbase.errors import StoreError


class InChild:
    """A function's result worked out in a forked process while this one goes on (`get` waits
    for it), or here when `get` is first called where forking is unsafe (see `site.worker_count`)."""

    def __init__(self, function: Callable[..., object], *args: object) -> None:
        self._function, self._args = function, args
        self._pid, self._fd = 0, -1
        self._done = False
        self._value: object = None
        #: Whether the function runs in another process (else `get` runs it here).
        self.forked = False
        if "fork" not in mp.get_all_start_methods() or threading.active_count() > 1:
            return  # forking is unsafe here (see site.worker_count): `get` runs the function
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(read)
            try:
                try:
                    payload = pickle.dumps((True, function(*args)), protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException as error:  # handed to the parent, raised there
                    try:
                        payload = pickle.dumps((False, error))
                    except Exception:
                        payload = pickle.dumps((False, RuntimeError(repr(error))))
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(payload)
            finally:
                os._exit(0)
        os.close(write)
        self._pid, self._fd = pid, read
        self.forked = True

    def close(self) -> None:
        """Stop waiting for an answer not taken (the child, if still running, ends on its own
        when it finds the pipe closed) and reap the child."""
        if self._pid:
            os.close(self._fd)
            os.waitpid(self._pid, 0)
            self._pid = 0

    def get(self) -> object:
        """Return the function's result (raise what it raised)."""
        if self._done:
            return self._value
        if self._pid:
            with os.fdopen(self._fd, "rb") as pipe:
                payload = pipe.read()
            os.waitpid(self._pid, 0)
            self._pid = 0
            if not payload:
                raise StoreError("a site build process ended without an answer (out of memory?)")
            ok, value = pickle.loads(payload)
            if not ok:
                raise value
        else:
            value = self._function(*self._args)
        self._done, self._value = True, value
        return value
