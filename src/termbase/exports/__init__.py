"""Writers that turn a stored termbase into files other tools read.

`WRITERS` is the registry (one writer per format, each in its own module); `get_writer`
names one or raises InputError listing the formats; `export_chunks` runs one.
"""

from __future__ import annotations

from collections.abc import Iterable

from termbase.errors import InputError
from termbase.exports.base import ExportOptions, Writer
from termbase.exports.csv import CsvWriter
from termbase.exports.json import JsonWriter
from termbase.exports.jsonl import JsonlWriter
from termbase.exports.jsonld import JsonLdWriter
from termbase.exports.llms import LlmsWriter
from termbase.exports.markdown import MarkdownWriter
from termbase.exports.skos import SkosWriter
from termbase.exports.sphinx import SphinxWriter
from termbase.exports.tbx import TbxWriter
from termbase.store import Termbase

WRITERS: tuple[Writer, ...] = (
    JsonlWriter(),
    JsonWriter(),
    CsvWriter(),
    MarkdownWriter(),
    SphinxWriter(),
    SkosWriter(),
    JsonLdWriter(),
    TbxWriter(),
    LlmsWriter(),
)


def writer_names() -> list[str]:
    """Return the names of all export formats, in registry order."""
    return [writer.name for writer in WRITERS]


def get_writer(name: str) -> Writer:
    """Return the writer called `name`, or raise InputError listing the formats."""
    for writer in WRITERS:
        if writer.name == name:
            return writer
    raise InputError(f"unknown export format {name!r}", hint="use one of: " + ", ".join(writer_names()))


def export_chunks(termbase: Termbase, name: str, options: ExportOptions | None = None) -> Iterable[str]:
    """Return the termbase in the named format, as text chunks."""
    return get_writer(name).write(termbase, options or ExportOptions())


def export_text(termbase: Termbase, name: str, options: ExportOptions | None = None) -> str:
    """Return the termbase in the named format, as one string."""
    return "".join(export_chunks(termbase, name, options))
