"""Plain immutable data passed between the stages: read → resolve → link → store.

Readers produce `Entry` and `Unused` records; the resolver turns entries into
`Concept`s; the linker adds `Relation`s. Nothing here knows about files, SQL or HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from operator import attrgetter

#: What a concept id looks like: a slug of lowercase ASCII letters, digits and hyphens, as
#: the resolver makes them. Ids become URL paths and file names (`c/<id>.html`), so an id
#: read from a file is checked against this: `../x` or `a/b` must never reach a path.
CONCEPT_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


def is_concept_id(text: str) -> bool:
    """Return True if `text` is a well-formed concept id (see CONCEPT_ID)."""
    return CONCEPT_ID.fullmatch(text) is not None


@dataclass(frozen=True, slots=True)
class Locator:
    """Where a source says an idea is introduced: `Ch 21`, `§23 · GRPO`, a module, a URL.

    `kind` is one of: chapter, section, module, page, url. `text` is the locator exactly
    as written, for display.
    """

    kind: str
    text: str
    number: str = ""
    title: str = ""
    url: str = ""

    def __reduce__(self) -> tuple[type[Locator], tuple[str, ...]]:
        return Locator, _LOCATOR_FIELDS(self)  # (see Entry.__reduce__)


@dataclass(frozen=True, slots=True)
class Entry:
    """One glossary entry exactly as a source gives it.

    `labels` holds every name the entry gives for its idea (term as written, acronym,
    expansion). `groups` splits those labels by idea: an `A / B` entry names two ideas
    and so has two groups; most entries have one group equal to `labels`.
    `line`..`end_line` is the 1-based span of source lines the entry used.
    `concept_id`, `topics` and `origin` are set only by sources that state them (the
    project's own format); `see_also` holds labels or concept ids.
    `group` is a key, unique across all sources, shared by entries that a source says are
    one concept — e.g. the language versions of one SKOS concept (its URI) or of one
    multilingual glossary record. Entries with the same group always resolve together.
    `ordinal` tells apart entries of one source (see `identity`).
    """

    source: str
    line: int
    end_line: int
    term: str
    labels: tuple[str, ...]
    definition: str
    groups: tuple[tuple[str, ...], ...] = ()
    locator: Locator | None = None
    see_also: tuple[str, ...] = ()
    formulas: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    language: str = "en"
    concept_id: str = ""
    topics: tuple[str, ...] = ()
    origin: str = ""
    homonym: bool = False
    group: str = ""
    #: With `source`, what identifies the entry: its position among the entries read from
    #: that source (set by the build). Several entries may start on one line — a one-line
    #: JSON array, a one-line `<dl>` — so the line alone never names an entry.
    ordinal: int = 0

    @property
    def identity(self) -> tuple[str, int]:
        """Return (source, ordinal): the key of this entry in a build and in the store."""
        return (self.source, self.ordinal)

    def label_groups(self) -> tuple[tuple[str, ...], ...]:
        """Return the label groups, one per idea the entry names."""
        return self.groups or (self.labels,)

    def __reduce__(self) -> tuple[type[Entry], tuple[object, ...]]:
        # Pickled as its fields, made again by __init__: the generic state of a frozen dataclass
        # with slots is set field by field in Python, and a build hands a file's read entries
        # from the process that read them to the other (40% less time both ways).
        return Entry, _ENTRY_FIELDS(self)


@dataclass(frozen=True, slots=True)
class Unused:
    """A non-blank source line that is not part of any entry, and why."""

    source: str
    line: int
    text: str
    reason: str

    def __reduce__(self) -> tuple[type[Unused], tuple[object, ...]]:
        return Unused, _UNUSED_FIELDS(self)  # (see Entry.__reduce__)


#: Each record's fields in order (all are init fields): what `__reduce__` gives `__init__` back.
_LOCATOR_FIELDS = attrgetter(*(f.name for f in fields(Locator)))
_ENTRY_FIELDS = attrgetter(*(f.name for f in fields(Entry)))
_UNUSED_FIELDS = attrgetter(*(f.name for f in fields(Unused)))
assert all(f.init for record in (Locator, Entry, Unused) for f in fields(record))


@dataclass(frozen=True, slots=True)
class ReadResult:
    """What a reader returns for one source text."""

    entries: tuple[Entry, ...]
    unused: tuple[Unused, ...]
    title: str = ""
    #: Only for readers of termbase's own exports, whose entries keep the source and
    #: line of the ORIGINAL glossary: one (line, end_line) per entry, saying which lines
    #: of THIS file it was read from. Empty: each entry's own line..end_line.
    spans: tuple[tuple[int, int], ...] = ()
    #: (path, title) of the original sources such restored entries cite.
    cited: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Source:
    """One input file as read: where it came from, which reader took it, its size."""

    path: str
    reader: str
    title: str
    sha256: str
    line_count: int
    nonblank_lines: int
    entry_count: int
    unused_count: int


@dataclass(frozen=True, slots=True)
class Concept:
    """One idea, merged across sources.

    `id` is a stable readable slug. `entries` keeps every source's entry as provenance.
    `acronyms` and `expansions` are the subsets of `labels` known to be acronyms or the
    spelled-out forms of them.
    """

    id: str
    label: str
    labels: tuple[str, ...]
    entries: tuple[Entry, ...]
    acronyms: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    homonym_of: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Relation:
    """A directed link between two concepts.

    `kind` is `see_also` (a source said so) or `mentions` (the source concept's
    definition names the target). `source` and `line` say where the evidence is.
    """

    from_id: str
    to_id: str
    kind: str
    evidence: str = ""
    source: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Dangling:
    """A see-also target that names no concept in the termbase."""

    from_id: str
    target: str
    source: str
    line: int
