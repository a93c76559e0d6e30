"""What every writer is: a name, a file suffix, and `write(termbase, options)`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from termbase.store import Termbase


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """Choices a user can make for an export. `rdf_xml`: SKOS as RDF/XML, not Turtle."""

    rdf_xml: bool = False


class Writer(Protocol):
    """A writer for one export format."""

    name: str
    description: str
    suffix: str

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterable[str]:
        """Return the export as text chunks, to be written one after another."""
        ...
