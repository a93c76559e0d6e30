"""Keep a long-running process's C heap small: one malloc arena, freed pages handed back.

Both work through glibc (`mallopt`, `malloc_trim`) and do nothing where the C library is
another (macOS, musl, Windows).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from functools import cache

#: glibc's `mallopt` parameter for the most arenas threads may spread their allocations over.
_M_ARENA_MAX = -8


@cache
def _glibc(name: str) -> object | None:
    """Return the glibc function `name`, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6"), name)
    except (OSError, AttributeError):
        return None


def one_malloc_arena() -> bool:
    """Make every thread of this process allocate from one C heap; return whether it could.

    glibc gives threads arenas of their own (up to 8 per core) so they do not wait for each
    other's malloc; each arena keeps pages of its own. A server whose threads mostly wait
    for the GIL gains little from them: embedding questions on 8 threads held about 5 MB
    more with them. Call it before the threads start.
    """
    mallopt = _glibc("mallopt")
    return bool(mallopt is not None and mallopt(_M_ARENA_MAX, 1))  # type: ignore[operator]


def release_free_memory() -> bool:
    """Collect garbage, then give the pages of the C heap that hold no live data back to the
    system; return whether the C library could (False: nothing done but the collection).

    Loading leaves holes: the embedding model's file is parsed into memory and freed once the
    session holds its weights, and imports free what they built on the way. glibc keeps such
    pages for later allocations, so they count in the process's resident memory for as long
    as it runs unless they are handed back. Later allocations take pages anew as they need.
    """
    gc.collect()
    trim = _glibc("malloc_trim")
    if trim is None:
        return False
    trim(0)  # type: ignore[operator]
    return True
