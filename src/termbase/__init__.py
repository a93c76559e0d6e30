"""termbase: read glossaries in any shape, resolve them into one linked termbase, publish it.

    from termbase import Termbase
    hits = Termbase.open("seeds.db").search("flash atention", limit=10)
"""

__version__ = "0.1.0"

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from termbase.search import Hit
    from termbase.store import Termbase

__all__ = ["Hit", "Termbase", "__version__"]


def __getattr__(name: str) -> object:
    """Import `Termbase` and `Hit` on first use, so commands that need neither start fast."""
    if name == "Termbase":
        from termbase.store import Termbase

        return Termbase
    if name == "Hit":
        from termbase.search import Hit

        return Hit
    raise AttributeError(f"module 'termbase' has no attribute {name!r}")
