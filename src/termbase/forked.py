"""Work done in a forked process while this one goes on, on a machine with a second core.

A forked child shares the parent's memory as it was at the fork (copy-on-write), so it
needs nothing sent to it: only its result comes back, pickled through a pipe. Forking is
used only where it is safe and worth it (`can_fork`): the platform can fork, no other
thread runs (a thread holding a lock at the fork would leave it held in the child for
good), the process may use more than one core, a core is free (on a machine whose cores are
all busy, a second process only adds its cost: the 100k-entry build took 1.65x as long at
load 6 on 2 cores), and the machine has memory to spare for a copy of this process: a child
that reads every object of a build writes each one's reference count, so its pages are
copied (a 100k-entry store process holds ~250 MB of its own).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from termbase.errors import TermbaseError

T = TypeVar("T")


def can_fork() -> bool:
    """Return True where work can go to a forked process and run beside this one."""
    return forkable() and _core_free()


def forkable() -> bool:
    """Return True where this process may fork a helper (whether or not the cores are busy)."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1 and _memory_to_spare()


#: Above this share of the last 10 seconds in which runnable tasks waited for a CPU (Linux's
#: pressure stall information), no core is taken to be free (the 2-core machine here showed
#: 70-85% at load 6).
BUSY_PERCENT = 50.0


def _core_free() -> bool:
    """Return False where Linux says tasks waited for a CPU more than BUSY_PERCENT of the last
    10 s; True where they did not, or where the system does not say."""
    try:
        with open("/proc/pressure/cpu", "rb") as pressure:
            some = pressure.readline().split()
        return float(some[1].partition(b"=")[2]) <= BUSY_PERCENT
    except (OSError, ValueError, IndexError):
        return True


def _memory_to_spare() -> bool:
    """Return False where the memory available (Linux) is less than twice this process's resident
    size; True where it is, or where the system does not say."""
    try:
        with open("/proc/meminfo", "rb") as info:
            lines = [line for line in info if line.startswith(b"MemAvailable:")]
        available = int(lines[0].split()[1]) * 1024 if lines else 0
        with open("/proc/self/statm", "rb") as statm:
            resident = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return True
    return not available or available >= 2 * resident


def _die_with(parent: int) -> None:
    """End this child when `parent` ends (Linux): a `kill -9` of a build must not leave a
    process behind that goes on writing its temporary file."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the child ends when its work is done
        pass
    if os.getppid() != parent:  # the parent ended before the request was made
        os._exit(1)


#: prctl's option: the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1


class Forked(Generic[T]):
    """`function(*args)` run in a forked child from now on; `result()` waits for it and returns
    it, or raises what it raised. `cancel()` stops the child (call it in a `finally`: a no-op
    once the result was taken). Call only where `can_fork()`.

    A child that writes files (`writes=True`) ends when this process ends, even by `kill -9`
    (Linux); others end on their own when they find no one to hand their result to (and save
    the 10 ms of importing ctypes).
    """

    def __init__(self, function: Callable[..., T], *args: object, writes: bool = True) -> None:
        read, write = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(read)
            try:
                if writes:
                    _die_with(parent)
                try:
                    payload = pickle.dumps((True, function(*args)), protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException as error:  # handed to the parent, raised there
                    try:
                        payload = pickle.dumps((False, error), protocol=pickle.HIGHEST_PROTOCOL)
                    except Exception:
                        payload = pickle.dumps((False, RuntimeError(repr(error))))
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(payload)
            finally:
                os._exit(0)
        os.close(write)
        self._pid, self._fd = pid, read

    def result(self) -> T:
        """Wait for the child; return its function's result or raise its error."""
        try:
            with os.fdopen(self._fd, "rb") as pipe:
                payload = pipe.read()
        finally:  # closed by the `with`, even when Ctrl+C stops the read: `cancel` must not close it again
            self._fd = -1
        os.waitpid(self._pid, 0)
        self._pid = 0
        if not payload:
            raise TermbaseError(
                "a helper process ended without an answer (killed, or out of memory?) — run the command again"
            )
        ok, value = pickle.loads(payload)
        if not ok:
            raise value
        return value

    def cancel(self) -> None:
        """Stop the child if it still runs, and reap it."""
        if self._pid:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
            self._pid = 0
