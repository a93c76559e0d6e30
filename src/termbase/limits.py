"""How much a source file may ask of termbase, and the clear error when it asks for more.

Every bound a hostile or broken file could push — its size, its longest line, how many
entries it holds, how deep its JSON/YAML/XML nests, how far XML entities and YAML
aliases expand, how big one XML node is — has a default here and a `termbase build`
flag that raises it for a file the user trusts. The limits in force travel in a context
variable, so readers consult them without every reader taking a parameter:

    with applied(Limits(max_depth=500)):
        build_termbase(...)
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields
from pathlib import Path

from termbase.errors import InputError

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds in force while sources are read (defaults hold for any real glossary)."""

    #: Largest file read, in bytes (`--max-file-mb`).
    max_bytes: int = 200 * MIB
    #: Longest line, in characters (`--max-line-chars`); a 10 MB one-line file still reads.
    max_line_chars: int = 20_000_000
    #: Most entries one file may yield (`--max-entries`).
    max_entries: int = 2_000_000
    #: Deepest nesting of JSON arrays/objects, YAML collections and XML elements (`--max-depth`).
    max_depth: int = 200
    #: Most characters XML entity references may expand to in one file (`--max-expansion`).
    max_entity_chars: int = 100_000
    #: Most nodes YAML aliases may add to a document when followed (`--max-expansion`).
    max_yaml_alias_nodes: int = 100_000
    #: Largest XML text or attribute value, in characters (`--max-xml-node-mb`).
    max_xml_node_chars: int = 10 * MIB


#: The flag that raises each limit, named in every error so the user knows what to do.
FLAGS = {
    "max_bytes": "--max-file-mb",
    "max_line_chars": "--max-line-chars",
    "max_entries": "--max-entries",
    "max_depth": "--max-depth",
    "max_entity_chars": "--max-expansion",
    "max_yaml_alias_nodes": "--max-expansion",
    "max_xml_node_chars": "--max-xml-node-mb",
}
assert set(FLAGS) == {f.name for f in fields(Limits)}

_DEFAULT = Limits()

#: A CSV cell may be as long as a line may be (the bound above): the csv module's own
#: 128 KiB cap made a long definition read as "no table found".
csv.field_size_limit(2**31 - 1)
_CURRENT: ContextVar[Limits | None] = ContextVar("termbase_limits", default=None)
#: Folders the sources of this build were named by; files a source refers to must lie inside.
_ROOTS: ContextVar[tuple[Path, ...]] = ContextVar("termbase_input_roots", default=())
#: Limit errors raised inside `watched()`, kept even if a reader's detection swallows them.
_TRIPPED: ContextVar[list[InputError] | None] = ContextVar("termbase_limits_tripped", default=None)


def current() -> Limits:
    """Return the limits in force."""
    return _CURRENT.get() or _DEFAULT


@contextmanager
def applied(limits: Limits, roots: tuple[Path, ...] = ()) -> Iterator[Limits]:
    """Put `limits` (and the input folders `roots`) in force inside the `with` block."""
    token = _CURRENT.set(limits)
    roots_token = _ROOTS.set(tuple(root.resolve() for root in roots))
    try:
        yield limits
    finally:
        _ROOTS.reset(roots_token)
        _CURRENT.reset(token)


def input_roots() -> tuple[Path, ...]:
    """Return the folders the sources were named by (resolved), or () outside a build."""
    return _ROOTS.get()


@contextmanager
def watched() -> Iterator[list[InputError]]:
    """Collect every limit error raised inside the block, even one a caller catches.

    Detection asks each reader how sure it is, and readers treat any error there as "not
    my shape"; a file over a limit must still fail with its limit error, not be read
    by another reader. `rank_readers` raises the first error collected.
    """
    tripped: list[InputError] = []
    token = _TRIPPED.set(tripped)
    try:
        yield tripped
    finally:
        _TRIPPED.reset(token)


def over_limit(what: str, limit: str, *, path: str, line: int = 0, trusted: str = "") -> InputError:
    """Return the one-line error for a file over the limit `limit` (a Limits field name)."""
    value = getattr(current(), limit)
    flag = FLAGS[limit]
    shown = f"{value // MIB} MiB" if flag.endswith("-mb") else f"{value:,}"
    error = InputError(
        f"{what} (the limit is {shown})",
        path=path,
        line=line,
        hint=f"if you trust the file, raise it with `termbase build {flag} N`"
        + (f"; {trusted}" if trusted else ""),
    )
    if (tripped := _TRIPPED.get()) is not None:
        tripped.append(error)
    return error


def check_lines(text: str, path: str) -> None:
    """Raise InputError if a line of `text` is longer than the line-length limit."""
    limit = current().max_line_chars
    if len(text) <= limit:
        return
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > limit:
            what = f"line is {len(line):,} characters long"
            raise over_limit(what, "max_line_chars", path=path, line=number)


def check_entries(count: int, path: str) -> None:
    """Raise InputError if a file yielded more entries than the limit."""
    if count > current().max_entries:
        raise over_limit(f"file holds {count:,} entries", "max_entries", path=path)
