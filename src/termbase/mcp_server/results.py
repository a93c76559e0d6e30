"""The typed results of the MCP tools: pydantic models, so each tool publishes an output schema.

Every definition carries its `Provenance`: the source's title and path, the line, the
locator (chapter, section, module …) as written, and a URL where the source gives one.
`url` fields on concepts point at the concept's page when the server knows where pages
are published (`termbase serve --mcp`, or `termbase mcp --site-url`), else they are null.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Provenance(BaseModel):
    """Where one definition comes from."""

    source_title: str = Field(description="Title of the glossary the definition is from")
    source: str = Field(description="Path of that glossary, as it was built")
    line: int = Field(description="1-based line of the entry in the source")
    locator: str | None = Field(
        None, description="Where the source introduces the idea, as written (e.g. 'Ch 14', '§23 · GRPO')"
    )
    locator_kind: str | None = Field(None, description="chapter, section, module, page or url")
    url: str | None = Field(
        None, description="A link the source gives for the idea (its locator's, else its first link)"
    )


class Definition(BaseModel):
    """One source's definition of a concept."""

    term: str = Field(description="The term exactly as this source writes it")
    text: str = Field(description="The definition (Markdown)")
    language: str = Field(description="Language tag of the definition")
    formulas: list[str] = Field(default_factory=list, description="Formulas in LaTeX")
    see_also: list[str] = Field(default_factory=list, description="See-also targets the source names")
    links: list[str] = Field(default_factory=list, description="Further-reading links the source gives")
    origin: str = Field("", description="The paper that introduced the idea, as the source cites it")
    origin_urls: list[str] = Field(default_factory=list, description="Links to that paper (arXiv, DOI)")
    provenance: Provenance


class ConceptRef(BaseModel):
    """A pointer to another concept, with how it is related and where that relation was found."""

    id: str
    label: str
    kind: str = Field(description="see_also or mentions")
    evidence: str = Field("", description="The words that make the link (a label found in a definition)")
    source: str = Field("", description="Source path the relation was found in")
    line: int = Field(0, description="Line in that source (0 if not known)")


class Concept(BaseModel):
    """A concept with every label and every source's definition."""

    id: str = Field(description="Stable id (a slug); use it with related(), conflicts() and resources")
    label: str = Field(description="Preferred label")
    labels: list[str] = Field(description="Every label: preferred, acronyms, expansions, alternatives")
    acronyms: list[str]
    expansions: list[str]
    topics: list[str]
    homonym_of: list[str] = Field(description="Ids of different concepts that share a label with this one")
    languages: list[str] = Field(description="Languages the concept's definitions exist in")
    url: str | None = Field(None, description="The concept's page, where pages are published")
    definitions: list[Definition]
    related: list[ConceptRef] = Field(description="Concepts this one points to (see-also, mentions)")
    mentioned_in: list[ConceptRef] = Field(description="Concepts whose definitions point to this one")


class DefineResult(BaseModel):
    """What `define` found for a term: the concepts it names (several for a homonym)."""

    query: str
    concepts: list[Concept]
    suggestions: list[str] = Field(
        default_factory=list, description="Labels spelled like the term, when it names no concept"
    )


class Hit(BaseModel):
    """One search or suggest result."""

    id: str
    label: str
    labels: list[str]
    score: float = Field(description="0–1; exact label matches score 1")
    match: str = Field(
        description=(
            "How it matched: exact, variant, acronym, prefix, typo, qualified, mention, fulltext or semantic"
        )
    )
    matched_label: str = Field(description="The label (or text) that matched")
    summary: str = Field(description="One line of the concept's first definition")
    provenance: Provenance | None = Field(None, description="Where that definition comes from")
    url: str | None = None


class SearchResult(BaseModel):
    """Ranked hits, best first."""

    query: str
    hits: list[Hit]
    unknown: list[str] = Field(
        default_factory=list,
        description="Names in the query that no concept has (then `hits` is empty and `related` is given)",
    )
    related: list[Hit] = Field(
        default_factory=list, description="Concepts related to a query naming something the termbase lacks"
    )


class RelatedResult(BaseModel):
    """The concepts around one concept."""

    id: str
    label: str
    see_also: list[ConceptRef] = Field(description="Concepts its sources say to see as well")
    mentions: list[ConceptRef] = Field(description="Concepts its definitions name")
    mentioned_in: list[ConceptRef] = Field(description="Concepts whose definitions name it or point to it")
    homonyms: list[ConceptRef] = Field(description="Different concepts sharing one of its labels")


class Occurrence(BaseModel):
    """Where a term occurs in the text: `text[start:end]` (offsets in characters)."""

    start: int
    end: int
    text: str


class TermUse(BaseModel):
    """A glossary term the text uses, with a one-line definition."""

    id: str
    label: str
    definition: str = Field(description="One line of the concept's first definition")
    provenance: Provenance | None = Field(None, description="Where that definition comes from")
    url: str | None = None
    count: int = Field(description="How many times the text uses it")
    occurrences: list[Occurrence] = Field(description="Where, the first ten times")


class AmbiguousUse(BaseModel):
    """A label in the text that names several concepts, where context could not choose."""

    start: int
    end: int
    text: str
    candidates: list[str] = Field(description="Ids of the concepts the label may name")


class TermsInResult(BaseModel):
    """The glossary terms a passage uses, in order of first use."""

    characters: int = Field(description="Length of the text read")
    terms: list[TermUse]
    ambiguous: list[AmbiguousUse]


class Topic(BaseModel):
    """One topic and how many concepts have it."""

    name: str
    concepts: int


class TopicConcept(BaseModel):
    """A concept listed under a topic."""

    id: str
    label: str
    summary: str
    url: str | None = None


class TopicsResult(BaseModel):
    """Every topic with its count; with a topic named, that topic's concepts too."""

    topics: list[Topic]
    topic: str | None = None
    concepts: list[TopicConcept] = Field(default_factory=list)


class FindingSide(BaseModel):
    """One line a finding rests on."""

    source_title: str
    source: str
    line: int
    end_line: int
    term: str = Field(description="The entry's term")
    words: str = Field(description="The words of the definition the finding rests on")


class Finding(BaseModel):
    """Something `termbase check` found about a concept when the termbase was built."""

    rule: str = Field(description="contradiction, duplicate, not-a-definition, …")
    severity: str = Field(description="error, warning or info")
    kind: str = Field(description="What the rule compared (growth, number, basis, alias …)")
    message: str = Field(description="What is wrong and why, in one sentence")
    sides: list[FindingSide] = Field(description="The lines it rests on: two for a contradiction")


class ConflictsResult(BaseModel):
    """Where the sources of a concept disagree, and what else the build's check found about it."""

    id: str
    label: str
    checked: bool = Field(
        description="False if the termbase was built before findings were stored (empty lists say nothing)"
    )
    conflicts: list[Finding] = Field(description="Contradictions between (or within) the concept's sources")
    other_findings: list[Finding] = Field(description="Other findings about the concept (duplicates, …)")
