"""termbase: read glossaries in any shape, resolve them into one linked termbase, publish it.

    from termbase import Termbase
    hits = Termbase.open("seeds.db").search("flash atention", limit=10)
"""

__version__ = "0.1.0"

from termbase.search import Hit
from termbase.store import Termbase

__all__ = ["Hit", "Termbase", "__version__"]
