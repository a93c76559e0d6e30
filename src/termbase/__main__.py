"""Allow `python -m termbase`."""

from termbase.cli import app

app()
