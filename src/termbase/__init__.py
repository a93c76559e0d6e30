"""termbase: read glossaries in any shape, resolve them into one linked termbase, publish it."""

__version__ = "0.1.0"
