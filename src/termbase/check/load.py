"""Where `termbase check` gets its concepts: a termbase file, or glossary files built in memory."""

from __future__ import annotations

from collections.abc import Sequence

from termbase.check import CheckInput
from termbase.errors import InputError, NothingReadError
from termbase.model import Concept, Relation
from termbase.store import Termbase


def input_from_termbase(termbase: Termbase) -> CheckInput:
    """Return the concepts, relations and dangling see-also stored in a termbase file."""
    concepts = [
        Concept(
            id=record.id,
            label=record.label,
            labels=record.labels,
            entries=tuple(stored.entry for stored in record.entries),
            acronyms=record.acronyms,
            expansions=record.expansions,
            topics=record.topics,
            homonym_of=record.homonym_of,
        )
        for record in termbase.concept_records()
    ]
    relations = [
        Relation(*row)
        for row in termbase.db.execute("SELECT from_id, to_id, kind, evidence, source, line FROM relations")
    ]
    return CheckInput(concepts, relations, termbase.dangling())


def input_from_files(paths: Sequence[str], reader: str | None = None) -> tuple[CheckInput, list[InputError]]:
    """Return the sources read, resolved and linked in memory, and an error per file skipped.

    Raises NothingReadError when no file could be read.
    """
    from termbase.build import read_sources
    from termbase.link import link
    from termbase.readers import get_reader
    from termbase.resolve import resolve

    if reader:
        get_reader(reader)
    read, errors = read_sources(list(paths), reader)
    if not read:
        raise NothingReadError(tuple(errors), "no glossary could be read, so there is nothing to check")
    concepts = resolve([entry for source in read for entry in source.result.entries])
    links = link(concepts)
    return CheckInput(concepts, links.relations, links.dangling), errors
