"""Forked processes that each run a function over their part of a list of tasks and hand back
each task's result as soon as it is done.

A static site's concept pages are written by such workers (`site.write_concept_pages`). Each
worker writes one framed, pickled result per task to a pipe of its own, and this process reads
whichever pipe has data: no thread, no task queue, no pickled tasks (the workers inherit them).
Where Linux allows, each pipe holds a whole result, so a worker never waits for this process to
read it while this process does other work (`meanwhile`).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import signal
from collections.abc import Callable, Sequence
from typing import Any

from termbase.errors import TermbaseError

#: Linux's fcntl command that sets a pipe's capacity (fcntl.F_SETPIPE_SZ from Python 3.10).
_SET_PIPE_SIZE = 1031
#: The capacity asked for: a result of a few thousand pages' text blocks.
PIPE_BYTES = 1 << 20
#: Bytes of each result's length, before it.
_LENGTH = 8


def run_shares(
    function: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    workers: int,
    meanwhile: Callable[[], None] | None = None,
    on_result: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """Return `[function(*task) for task in tasks]`, worked out by `workers` forked processes
    (worker k takes tasks k, k + workers, …) while this process runs `meanwhile`.

    `on_result(index, result)` is called here as each result arrives. A task's exception is
    raised here (the other workers are stopped); a worker that ends without its results (killed)
    raises TermbaseError. Call only where forking is safe (no other thread runs).
    """
    shares = Shares(function, tasks, workers)
    try:
        if meanwhile:
            meanwhile()
        return shares.collect(on_result)
    finally:
        shares.close()


class Shares:
    """Tasks being worked out by forked workers (see `run_shares`), from when it is made until
    `collect` returns their results; `close` stops and reaps the workers either way."""

    def __init__(self, function: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], workers: int) -> None:
        self._children: list[tuple[int, int]] = []
        self._count = len(tasks)
        try:
            for number in range(workers):
                read, write = os.pipe()
                with contextlib.suppress(OSError):
                    import fcntl

                    fcntl.fcntl(write, _SET_PIPE_SIZE, PIPE_BYTES)
                pid = os.fork()
                if pid == 0:  # the worker: never returns
                    os.close(read)
                    for _, other in self._children:
                        os.close(other)
                    _work(function, tasks, number, workers, write)
                os.close(write)
                self._children.append((pid, read))
        except BaseException:
            self.close()
            raise

    def collect(self, on_result: Callable[[int, Any], None] | None = None) -> list[Any]:
        """Return every task's result, by task index (raise a task's exception)."""
        return _collect(self._children, self._count, on_result)

    def close(self) -> None:
        """Stop the workers still running (their results not taken) and reap them."""
        children, self._children = self._children, []
        for pid, read in children:
            with contextlib.suppress(OSError):
                os.close(read)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)  # a worker still running here is one not waited for
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def _work(
    function: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], number: int, step: int, out: int
) -> None:
    """Run the worker's tasks, writing each result (index, ok, value) framed to `out`; end the process."""
    try:
        with os.fdopen(out, "wb") as pipe:
            for index in range(number, len(tasks), step):
                try:
                    payload = pickle.dumps((index, True, function(*tasks[index])), pickle.HIGHEST_PROTOCOL)
                except BaseException as error:  # handed to the parent, raised there
                    try:
                        payload = pickle.dumps((index, False, error), pickle.HIGHEST_PROTOCOL)
                    except Exception:
                        payload = pickle.dumps((index, False, RuntimeError(repr(error))))
                    pipe.write(len(payload).to_bytes(_LENGTH, "little") + payload)
                    return
                pipe.write(len(payload).to_bytes(_LENGTH, "little"))
                pipe.write(payload)
                pipe.flush()
    finally:
        os._exit(0)


def _collect(
    children: list[tuple[int, int]], count: int, on_result: Callable[[int, Any], None] | None
) -> list[Any]:
    """Read the framed results of every worker's pipe as they come; return them by task index."""
    results: list[Any] = [None] * count
    received = 0
    pending = {read: bytearray() for _, read in children}
    with selectors.DefaultSelector() as selector:
        for read in pending:
            selector.register(read, selectors.EVENT_READ)
        while pending:
            for key, _ in selector.select():
                read = key.fd
                chunk = os.read(read, PIPE_BYTES)
                if not chunk:  # the worker ended
                    selector.unregister(read)
                    del pending[read]
                    continue
                buffer = pending[read]
                buffer += chunk
                while len(buffer) >= _LENGTH:
                    size = int.from_bytes(buffer[:_LENGTH], "little")
                    if len(buffer) < _LENGTH + size:
                        break
                    index, ok, value = pickle.loads(buffer[_LENGTH : _LENGTH + size])
                    del buffer[: _LENGTH + size]
                    if not ok:
                        raise value
                    results[index] = value
                    received += 1
                    if on_result:
                        on_result(index, value)
    if received < count:
        raise TermbaseError(
            "a helper process ended without an answer (killed, or out of memory?) — run the command again"
        )
    return results
