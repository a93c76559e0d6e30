"""SKOS vocabularies in Turtle (and N-Triples), RDF/XML or JSON-LD.

One reader, named `skos`, for all three syntaxes: which one a file uses is plain from its
first character (`<?xml`/`<rdf:RDF` is RDF/XML, `{`/`[` is JSON-LD, anything else is
Turtle), so separate format names would add nothing a user could choose between — the
graph is the same whichever way it is written. rdflib parses the graph; lxml and two
small scanners below only find *where* each resource is written, because rdflib keeps
no line numbers.

Each `skos:Concept` gives one Entry per language it has text in. An entry's labels are
that language's `skos:prefLabel`, then `skos:altLabel`, then `skos:hiddenLabel` (and
`rdfs:label` when the concept has no prefLabel); its definition is that language's
`skos:definition`. Literals with no language tag are filed under the language most
tagged literals of the file use, or English when nothing is tagged. A language with a
definition but no label borrows the concept's label in the fallback language.
`skos:broader`, `narrower`, `related` and the `*Match` properties become `see_also`
(the target concept's label in the fallback language when the file holds it, else its
URI); `rdfs:seeAlso` and `*Match` targets outside the file become `links`. Every entry
of one concept shares `group` = the concept URI.

Line accounting: the text is cut into *blocks*, one per statement/description of a
subject (Turtle: from a statement's subject to the next statement; RDF/XML: one node
element of `rdf:RDF`; JSON-LD: one outermost node object with an `@id`). Adjacent
blocks about the same subject (N-Triples style) are one block. A concept's first block
is the span of its first-language entry; its other languages' entries point at the same
first line and claim no lines of their own (`end_line = line - 1`), since their text is
interleaved with the first language's. Every other block — prefix declarations, the
concept scheme, collections, later statements about a concept already read, a concept
with no label at all — is reported as unused, with why.
"""

from __future__ import annotations

import bisect
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin
from xml.sax import SAXParseException

import rdflib
from lxml import etree
from rdflib import RDF, RDFS, SKOS, BNode, Literal, URIRef
from rdflib.namespace import DC, DCTERMS
from rdflib.plugins.parsers.notation3 import BadSyntax

from termbase import safe_json
from termbase.errors import InputError
from termbase.labels import clean_label, is_acronym_of
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.safe_xml import parse_xml

SKOS_NS = str(SKOS)
RDF_NS = str(RDF)
FALLBACK_LANGUAGE = "en"

_RELATIONS = (SKOS.broader, SKOS.narrower, SKOS.related, SKOS.broaderTransitive, SKOS.narrowerTransitive)
_MATCHES = (SKOS.exactMatch, SKOS.closeMatch, SKOS.broadMatch, SKOS.narrowMatch, SKOS.relatedMatch)
_TITLES = (SKOS.prefLabel, DCTERMS.title, DC.title, RDFS.label)

REASON_PREFIX = "prefix or base declaration"
REASON_COMMENT = "comment"
REASON_FRAME = "{syntax} framing outside any resource"
REASON_SCHEME = "the concept scheme {name} (its title is the source title)"
REASON_COLLECTION = "the collection {name} (a list of its member concepts)"
REASON_OTHER = "statements about {subject}, which is not a skos:Concept"
REASON_MORE = "more statements about concept {subject} (read into its entry at line {line})"
REASON_NO_LABEL = "skos:Concept {subject} has no label, so it gives no entry"
REASON_BARE = "{subject} gives a name and nothing else (no description, no second name): no entry"
REASON_SHARED = "line shared with an earlier resource"


@dataclass
class _Block:
    """Lines of the text that describe one subject: `start`..`end`, 1-based."""

    start: int
    end: int
    subject: str  # the subject's IRI, a blank-node marker, or "" for no subject
    kind: str = "node"  # node | prefix | comment


# ── syntax detection ──────────────────────────────────────────────────────────────────


def syntax_of(text: str) -> str:
    """Return 'xml', 'json-ld' or 'turtle': the RDF syntax `text` is written in."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<?xml") or re.match(r"<[\w.-]+:RDF\b", head):
        return "xml"
    if head.startswith(("{", "[")):
        return "json-ld"
    return "turtle"


_TURTLE_MARK = r"^\s*(?:@prefix\s|@base\s|prefix\s+[\w.-]*:\s*<|base\s+<|<[a-z][\w+.-]*:[^<>\s]*>\s)"


def _looks_like_rdf(text: str, syntax: str) -> bool:
    """Return True if `text` has the marks of an RDF document in `syntax`."""
    if syntax == "xml":
        return RDF_NS in text or bool(re.search(r"<[\w.-]+:RDF\b", text))
    if syntax == "json-ld":
        return '"@id"' in text or '"@context"' in text
    return bool(
        re.search(_TURTLE_MARK, text, re.I | re.M)
    )


# ── line positions ────────────────────────────────────────────────────────────────────


class _Lines:
    """Map character offsets of a text to 1-based line numbers."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer(r"\r\n|\n|\r", text)]

    def at(self, offset: int) -> int:
        """Return the 1-based line number holding character `offset`."""
        return bisect.bisect_right(self.starts, offset)


_TTL_TOKEN = re.compile(
    r'''(?P<long>"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^'\\]|\\.|'(?!''))*\'\'\')
    |(?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
    |(?P<iri><[^<>"{}|^`\\\s]*>)
    |(?P<comment>\#[^\r\n]*)
    |(?P<open>[\[(])
    |(?P<close>[\])])
    |(?P<word>[^\s\[\]()"'<#;,]*[^\s\[\]()"'<#;,.])
    |(?P<dot>\.)
    |(?P<ws>\s+)
    |(?P<other>.)''',
    re.X | re.S,
)
_PREFIX = re.compile(r"(?:@prefix|prefix)\s+([\w.-]*):\s*<([^>]*)>", re.I)
_BASE = re.compile(r"(?:@base|base)\s+<([^>]*)>", re.I)


def _turtle_blocks(text: str, base: str) -> list[_Block]:
    """Return one block per Turtle statement (directive or triples), in text order."""
    lines = _Lines(text)
    prefixes: dict[str, str] = {}
    starts: list[tuple[int, str, str]] = []  # (offset, subject, kind)
    expecting, depth, sparql_directive = True, 0, False
    statement_start = 0
    for match in _TTL_TOKEN.finditer(text):
        kind, value = match.lastgroup, match.group()
        if kind == "ws":
            if sparql_directive and ("\n" in value or "\r" in value):
                _directive(text[statement_start : match.start()], prefixes)
                expecting, sparql_directive = True, False
            continue
        if kind == "comment":
            if expecting:
                starts.append((match.start(), "", "comment"))
            continue
        if expecting:
            expecting, statement_start = False, match.start()
            if kind == "word" and value.casefold() in {"@prefix", "@base", "prefix", "base"}:
                starts.append((match.start(), "", "prefix"))
                sparql_directive = not value.startswith("@")
            else:
                starts.append((match.start(), _subject(kind or "", value, prefixes, base), "node"))
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif kind == "dot" and depth == 0:
            statement = text[statement_start : match.start()]
            if starts and starts[-1][2] == "prefix":
                base = _directive(statement, prefixes) or base
            expecting = True
    return _blocks_from_starts(text, starts, lines, len(text.splitlines()))


def _directive(statement: str, prefixes: dict[str, str]) -> str:
    """Record a prefix declaration in `prefixes`; return a declared base IRI, or ''."""
    if found := _PREFIX.match(statement.strip()):
        prefixes[found.group(1)] = found.group(2)
    if found := _BASE.match(statement.strip()):
        return found.group(1)
    return ""


def _subject(kind: str, value: str, prefixes: dict[str, str], base: str) -> str:
    """Return the IRI a statement's first token names, or a blank-node marker."""
    if kind == "iri":
        return urljoin(base, value[1:-1]) if base else value[1:-1]
    if kind == "word" and ":" in value and not value.startswith("_:"):
        prefix, local = value.split(":", 1)
        if prefix in prefixes:
            return prefixes[prefix] + re.sub(r"\\(.)", r"\1", local)
    return "_:" + value


def _blocks_from_starts(
    text: str, starts: list[tuple[int, str, str]], lines: _Lines, total: int
) -> list[_Block]:
    """Return blocks running from each start to the line before the next one.

    A statement that does not open its line (`<a> … . <b> …`, or a comment after a
    statement's final dot) stays in the block of the statement the line opens.
    """
    blocks: list[_Block] = []
    for offset, subject, kind in starts:
        line = lines.at(offset)
        if text[lines.starts[line - 1] : offset].strip() and blocks:
            continue
        if blocks:
            blocks[-1].end = line - 1
        blocks.append(_Block(line, total, subject, kind))
    return blocks


def _xml_blocks(text: str, base: str) -> list[_Block]:
    """Return one block per node element of an RDF/XML document, plus its framing."""
    try:
        root = parse_xml(text, "", hint="fix the RDF/XML and build again", what="RDF/XML")
    except InputError as error:
        raise InputError(error.message, line=error.line, hint=error.hint) from None
    nodes = (
        list(root)
        if etree.QName(root).localname == "RDF" and etree.QName(root).namespace == RDF_NS
        else [root]
    )
    total = len(text.splitlines())
    blocks = [_Block(1, total, "", "frame")]
    for node in nodes:
        if not isinstance(node.tag, str):
            continue
        about = node.get(f"{{{RDF_NS}}}about")
        if about is None and (ident := node.get(f"{{{RDF_NS}}}ID")) is not None:
            about = "#" + ident
        node_base = node.base or base
        subject = urljoin(node_base, about) if about is not None else "_:" + str(node.sourceline)
        line = node.sourceline or 1
        if line <= blocks[-1].start:
            continue
        blocks[-1].end = line - 1
        blocks.append(_Block(line, total, subject))
    last_line = _closing_line(text, root) if nodes and len(blocks) > 1 else total
    if len(blocks) > 1 and last_line > blocks[-1].start:
        blocks[-1].end = last_line - 1
        blocks.append(_Block(last_line, total, "", "frame"))
    return blocks


def _closing_line(text: str, root: etree._Element) -> int:
    """Return the line of the root element's closing tag (the last line naming it)."""
    name = root.prefix + ":" + etree.QName(root).localname if root.prefix else etree.QName(root).localname
    found = [i for i, line in enumerate(text.splitlines(), start=1) if f"</{name}" in line]
    return found[-1] if found else len(text.splitlines())


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+|\s+')


def _json_blocks(text: str, data: object) -> list[_Block]:
    """Return one block per outermost JSON-LD node object that has an `@id`."""
    context = _json_context(data)
    lines = _Lines(text)
    stack: list[dict] = []
    last_string, pending_key = "", ""
    nodes: list[tuple[int, int, str]] = []
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token.isspace():
            continue
        if token == "{":
            stack.append({"start": match.start(), "keys": set(), "id": None, "type": "obj"})
        elif token == "[":
            stack.append({"type": "arr"})
        elif token in "]}" and stack:
            frame = stack.pop()
            if frame["type"] == "obj" and frame["id"] is not None and len(frame["keys"]) > 1:
                nodes.append((frame["start"], match.end(), frame["id"]))
        elif token == ":" and stack and stack[-1]["type"] == "obj":
            pending_key = last_string
            stack[-1]["keys"].add(pending_key)
            continue
        elif token.startswith('"'):
            value = json.loads(token)
            if pending_key == "@id" and stack and stack[-1]["type"] == "obj":
                stack[-1]["id"] = value
            last_string = value
        pending_key = "" if token != ":" else pending_key
    nodes.sort()
    outermost: list[tuple[int, int, str]] = []
    for start, end, ident in nodes:
        if outermost and start < outermost[-1][1]:
            continue
        outermost.append((start, end, ident))
    total = len(text.splitlines())
    blocks: list[_Block] = []
    cursor = 1
    for start, end, ident in outermost:
        first, last = lines.at(start), lines.at(max(start, end - 1))
        if first < cursor:
            first = cursor
        if first > last:
            continue
        if first > cursor:
            blocks.append(_Block(cursor, first - 1, "", "frame"))
        blocks.append(_Block(first, last, _expand_json_id(ident, context)))
        cursor = last + 1
    if cursor <= total:
        blocks.append(_Block(cursor, total, "", "frame"))
    return blocks


def _json_context(data: object) -> dict[str, str]:
    """Return the prefix → IRI pairs of a JSON-LD document's top-level `@context`."""
    found: dict[str, str] = {}
    contexts = data.get("@context") if isinstance(data, dict) else None
    for context in contexts if isinstance(contexts, list) else [contexts]:
        if isinstance(context, dict):
            found.update({k: v for k, v in context.items() if isinstance(v, str)})
            if isinstance(context.get("@vocab"), str):
                found["@vocab"] = context["@vocab"]
    return found


def _expand_json_id(ident: str, context: dict[str, str]) -> str:
    """Return a JSON-LD `@id` with a context prefix expanded (`ex:a` → full IRI)."""
    if ":" in ident and not ident.startswith("_:"):
        prefix, local = ident.split(":", 1)
        if prefix in context and not local.startswith("//"):
            return context[prefix] + local
    elif not ident.startswith("_:") and isinstance(context.get("@base"), str):
        return urljoin(context["@base"], ident)
    return ident


# ── parsing ───────────────────────────────────────────────────────────────────────────


def _parse(text: str, syntax: str, base: str) -> tuple[rdflib.Graph, object]:
    """Return the graph `text` holds (and, for JSON-LD, its JSON), or raise InputError."""
    graph = rdflib.Graph()
    data: object = None
    hint = f"fix the {syntax.upper() if syntax != 'turtle' else 'Turtle'} and build again"
    if syntax == "json-ld":
        try:
            data = safe_json.loads(text)
        except json.JSONDecodeError as error:
            raise InputError(f"malformed JSON-LD: {error.msg}", line=error.lineno, hint=hint) from None
    try:
        graph.parse(data=text, format=syntax, publicID=base)
    except BadSyntax as error:
        why = getattr(error, "_why", "") or "bad syntax"
        raise InputError(f"malformed Turtle: {why}", line=error.lines + 1, hint=hint) from None
    except SAXParseException as error:
        raise InputError(
            f"malformed RDF/XML: {error.getMessage()}", line=error.getLineNumber(), hint=hint
        ) from None
    except json.JSONDecodeError as error:
        raise InputError(f"malformed JSON-LD: {error.msg}", line=error.lineno, hint=hint) from None
    except Exception as error:  # rdflib raises many kinds for bad RDF; report, never trace
        raise InputError(f"not valid RDF ({syntax}): {error}", hint=hint) from None
    return graph, data


# ── the reader ────────────────────────────────────────────────────────────────────────


class SkosReader:
    """SKOS concept schemes in Turtle, N-Triples, RDF/XML or JSON-LD."""

    name = "skos"
    description = "SKOS vocabulary (Turtle, RDF/XML or JSON-LD): one entry per concept and language"

    def detect(self, text: str) -> float:
        """Return 0.95 for RDF naming the SKOS namespace, 0.7 for other RDF with titles and
        descriptions, 0.2 for other RDF, else 0."""
        if not text.strip():
            return 0.0
        syntax = syntax_of(text)
        if not _looks_like_rdf(text, syntax):
            return 0.0
        if SKOS_NS in text or (syntax == "turtle" and re.search(r"\bskos:Concept\b", text)):
            return 0.95
        if _OWN_TITLE.search(text) and _OWN_DESCRIPTION.search(text):
            return 0.7  # resources with titles and descriptions: a glossary in a vocabulary of its own
        return 0.2

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per concept and language, and every other line with why."""
        if not text.strip():
            return ReadResult((), ())
        syntax = syntax_of(text)
        base = _base_for(source)
        try:
            # RDF/XML goes through lxml first: it checks sizes and depth before rdflib reads
            xml_blocks = _xml_blocks(text, base) if syntax == "xml" else []
            graph, data = _parse(text, syntax, base)
            if syntax == "xml":
                blocks = xml_blocks
            elif syntax == "json-ld":
                blocks = _json_blocks(text, data)
            else:
                blocks = _turtle_blocks(text, base)
        except InputError as error:
            raise InputError(error.message, path=source, line=error.line, hint=error.hint) from None
        return _read_graph(graph, _merge_runs(blocks), text, source, syntax)


def _base_for(source: str) -> str:
    """Return the base IRI relative IRIs in `source` resolve against."""
    try:
        return Path(source).resolve().as_uri()
    except (ValueError, OSError):
        return "file:///" + source.lstrip("/")


def _merge_runs(blocks: list[_Block]) -> list[_Block]:
    """Return the blocks with adjacent blocks about the same subject joined."""
    merged: list[_Block] = []
    for block in blocks:
        if (
            merged
            and block.kind == "node"
            and merged[-1].kind == "node"
            and merged[-1].subject == block.subject
        ):
            merged[-1].end = block.end
        else:
            merged.append(block)
    return merged


@dataclass
class _Concept:
    """What the graph says about one concept, by language."""

    uri: str
    labels: dict[str, list[str]]
    definitions: dict[str, list[str]]
    see_also: list[str]
    links: list[str]


#: Predicates that name and describe resources in vocabularies of their own (no skos:Concept).
#: The title and description properties of a vocabulary of its own, as RDF text writes them.
_OWN_TITLE = re.compile(r"rdfs:label|dc(?:terms)?:title|rdf-schema#label|/dc/(?:elements/1\.1|terms)/title")
_OWN_DESCRIPTION = re.compile(
    r"dc(?:terms)?:description|rdfs:comment|/dc/(?:elements/1\.1|terms)/description"
)
_OWN_NAMES = (DCTERMS.title, DC.title, RDFS.label)
_OWN_DESCRIPTIONS = (DCTERMS.description, DC.description, RDFS.comment)
#: A type whose instances are the glossary's concepts needs at least this many described instances.
MIN_DESCRIBED = 3


def described_resources(graph: rdflib.Graph) -> set[str]:
    """Return the instances of the rdf:type whose members most often carry both a title and a
    description (`culco:ContentiousIssue` with dcterms:title and dcterms:description): the
    concepts of a glossary written in a vocabulary of its own, with no skos:Concept."""
    best: set[str] = set()
    for kind in set(graph.objects(None, RDF.type)):
        members = {s for s in graph.subjects(RDF.type, kind) if isinstance(s, URIRef)}
        described = {
            str(s)
            for s in members
            if any(isinstance(o, Literal) for p in _OWN_NAMES for o in graph.objects(s, p))
            and any(isinstance(o, Literal) for p in _OWN_DESCRIPTIONS for o in graph.objects(s, p))
        }
        if len(described) >= MIN_DESCRIBED and len(described) > len(best):
            best = described
    return best


def _bare(concept: _Concept) -> bool:
    """Return True for a resource of a vocabulary of its own that gives one name and nothing
    else (no description, no second name): a placeholder, not an entry."""
    names = {name for values in concept.labels.values() for name in values}
    return len(names) <= 1 and not any(concept.definitions.values())


def _read_graph(graph: rdflib.Graph, blocks: list[_Block], text: str, source: str, syntax: str) -> ReadResult:
    """Return the entries and unused lines for a parsed graph and its located blocks."""
    concepts = {str(c) for c in graph.subjects(RDF.type, SKOS.Concept) if isinstance(c, URIRef)}
    own = not concepts
    if own:
        concepts = described_resources(graph)
    schemes = {str(s) for s in graph.subjects(RDF.type, SKOS.ConceptScheme)}
    collections = {str(s) for s in graph.subjects(RDF.type, SKOS.Collection)}
    collections |= {str(s) for s in graph.subjects(SKOS.member, None)}
    default = _default_language(graph)
    fallback_label = {uri: _fallback_label(graph, URIRef(uri), default, own) for uri in concepts}
    lines = text.splitlines()
    entries: list[Entry] = []
    unused: list[Unused] = []
    read_at: dict[str, int] = {}

    def report(block: _Block, reason: str) -> None:
        for number in range(block.start, block.end + 1):
            line = lines[number - 1].strip()
            if line:
                why = REASON_COMMENT if line.startswith("#") and syntax == "turtle" else reason
                unused.append(Unused(source, number, line, why))

    for block in blocks:
        subject = block.subject
        if block.kind == "prefix":
            report(block, REASON_PREFIX)
        elif block.kind == "comment":
            report(block, REASON_COMMENT)
        elif block.kind == "frame":
            report(
                block,
                REASON_FRAME.format(syntax={"xml": "RDF/XML", "json-ld": "JSON-LD"}.get(syntax, syntax)),
            )
        elif subject in read_at:
            report(block, REASON_MORE.format(subject=f"<{subject}>", line=read_at[subject]))
        elif subject in concepts:
            concept = _concept(graph, URIRef(subject), default, fallback_label, own)
            if own and _bare(concept):
                report(block, REASON_BARE.format(subject=f"<{subject}>"))
                read_at[subject] = block.start
                continue
            made = _entries(concept, block, source, default)
            if made:
                entries.extend(made)
                read_at[subject] = block.start
            else:
                report(block, REASON_NO_LABEL.format(subject=f"<{subject}>"))
        elif subject in schemes:
            report(block, REASON_SCHEME.format(name=f"<{subject}>"))
        elif subject in collections:
            report(block, REASON_COLLECTION.format(name=f"<{subject}>"))
        else:
            shown = f"<{subject}>" if not subject.startswith("_:") else "a blank node"
            report(block, REASON_OTHER.format(subject=shown))
    # concepts whose description the scanners could not place (nested, or shared lines)
    located = set(read_at)
    for uri in sorted(concepts - located):
        concept = _concept(graph, URIRef(uri), default, fallback_label, own)
        if own and _bare(concept):
            continue
        line = _find_mention(lines, uri)
        entries.extend(_entries(concept, _Block(line, line - 1, uri), source, default))
    return entries_and_unused(entries, unused, title=_title(graph, default))


def _find_mention(lines: list[str], uri: str) -> int:
    """Return the first line naming `uri` (or its last path segment), or 1."""
    tail = re.split(r"[/#]", uri.rstrip("/#"))[-1]
    for needle in (uri, tail):
        for number, line in enumerate(lines, start=1):
            if needle and needle in line:
                return number
    return 1


def _language(literal: Literal, default: str) -> str:
    """Return a literal's language tag (lower case), or `default` when it has none."""
    return (literal.language or default).lower() if isinstance(literal, Literal) else default


def _default_language(graph: rdflib.Graph) -> str:
    """Return the language most tagged literals use, or English when none is tagged."""
    tags = Counter(o.language.lower() for o in graph.objects() if isinstance(o, Literal) and o.language)
    if not tags:
        return FALLBACK_LANGUAGE
    top = max(tags.values())  # a tie (labels in two languages alike) goes to English, else A-Z
    tied = [tag for tag, count in tags.items() if count == top]
    return min(tied, key=lambda tag: (tag != FALLBACK_LANGUAGE, tag))


def _texts(graph: rdflib.Graph, subject: URIRef, predicate: URIRef, default: str) -> dict[str, list[str]]:
    """Return the literal values of `predicate` on `subject`, tidied, by language."""
    found: dict[str, list[str]] = {}
    for value in sorted(graph.objects(subject, predicate), key=str):
        if isinstance(value, Literal) and (tidied := clean_label(str(value))):
            found.setdefault(_language(value, default), [])
            if tidied not in found[_language(value, default)]:
                found[_language(value, default)].append(tidied)
    return found


def _fallback_label(graph: rdflib.Graph, subject: URIRef, default: str, own: bool = False) -> str:
    """Return a concept's label in the fallback language, any language, or ''."""
    for predicate in _OWN_NAMES if own else (SKOS.prefLabel, RDFS.label, SKOS.altLabel):
        texts = _texts(graph, subject, predicate, default)
        for language in (FALLBACK_LANGUAGE, default, *sorted(texts)):
            if texts.get(language):
                return texts[language][0]
    return ""


def _concept(
    graph: rdflib.Graph, subject: URIRef, default: str, fallback_label: dict[str, str], own: bool = False
) -> _Concept:
    """Return what the graph says about one concept: labels, definitions, relations. In a
    vocabulary of its own (`own`), titles are the labels and descriptions the definitions."""
    labels: dict[str, list[str]] = {}
    prefs = _texts(graph, subject, SKOS.prefLabel, default)
    names = _OWN_NAMES if own else (SKOS.prefLabel, SKOS.altLabel, SKOS.hiddenLabel, RDFS.label)
    for predicate in names:
        for language, values in _texts(graph, subject, predicate, default).items():
            if predicate == RDFS.label and language in prefs:
                continue  # rdfs:label beside a prefLabel is a copy, or a lesser name
            labels.setdefault(language, [])
            labels[language].extend(v for v in values if v not in labels[language])
    if own:  # another property holding a short form of the name (NCIt's C42610, `abbreviation`)
        for language, names in _abbreviations(graph, subject, labels, default).items():
            labels[language].extend(n for n in names if n not in labels[language])
    definitions: dict[str, list[str]] = {}
    for predicate in _OWN_DESCRIPTIONS if own else (SKOS.definition,):
        for value in sorted(graph.objects(subject, predicate), key=str):
            if isinstance(value, Literal) and (body := str(value).strip()):
                definitions.setdefault(_language(value, default), []).append(body)
    see_also: list[str] = []
    links: list[str] = []
    for predicate in (*_RELATIONS, *_MATCHES):
        for target in sorted(graph.objects(subject, predicate), key=str):
            if isinstance(target, BNode):
                continue
            if str(target) in fallback_label:
                see_also.append(fallback_label[str(target)] or str(target))
            elif predicate in _MATCHES:
                links.append(str(target))
            else:
                see_also.append(str(target))
    for target in sorted(graph.objects(subject, RDFS.seeAlso), key=str):
        if isinstance(target, URIRef):
            links.append(str(target))
    return _Concept(
        str(subject), labels, definitions, list(dict.fromkeys(see_also)), list(dict.fromkeys(links))
    )


#: A value this long at most, with no space, may be an abbreviation of a resource's name.
MAX_ABBREVIATION_CHARS = 15


def _abbreviations(
    graph: rdflib.Graph, subject: URIRef, labels: dict[str, list[str]], default: str
) -> dict[str, list[str]]:
    """Return, per language, the short literal values of any other property that abbreviate one
    of the resource's names (`ADME` for `Absorption, Distribution, Metabolism, and Excretion`)."""
    found: dict[str, list[str]] = {}
    for predicate, value in graph.predicate_objects(subject):
        if predicate in _OWN_NAMES or predicate in _OWN_DESCRIPTIONS or not isinstance(value, Literal):
            continue
        short = str(value).strip()
        if not short or len(short) > MAX_ABBREVIATION_CHARS or " " in short:
            continue
        language = _language(value, default)
        if any(is_acronym_of(short, name) for name in labels.get(language, [])):
            found.setdefault(language, []).append(short)
    return found


def _entries(concept: _Concept, block: _Block, source: str, default: str) -> list[Entry]:
    """Return one Entry per language of a concept; the first language holds the block's lines."""
    languages = sorted(
        set(concept.labels) | set(concept.definitions),
        key=lambda lang: (lang != default, lang != FALLBACK_LANGUAGE, lang),
    )
    borrowed = next(
        (
            concept.labels[lang][0]
            for lang in (FALLBACK_LANGUAGE, default, *languages)
            if concept.labels.get(lang)
        ),
        "",
    )
    if not borrowed:
        return []
    entries = []
    for position, language in enumerate(languages):
        labels = tuple(concept.labels.get(language) or [borrowed])
        entries.append(
            Entry(
                source=source,
                line=block.start,
                end_line=block.end if position == 0 else block.start - 1,
                term=labels[0],
                labels=labels,
                definition="\n\n".join(concept.definitions.get(language, [])),
                see_also=tuple(concept.see_also),
                links=tuple(concept.links),
                language=language,
                group=concept.uri,
            )
        )
    return entries


def _title(graph: rdflib.Graph, default: str) -> str:
    """Return the concept scheme's title in the fallback language, or ''."""
    for scheme in sorted(graph.subjects(RDF.type, SKOS.ConceptScheme), key=str):
        for predicate in _TITLES:
            texts = _texts(graph, scheme, predicate, default)
            for language in (FALLBACK_LANGUAGE, default, *sorted(texts)):
                if texts.get(language):
                    return texts[language][0]
    return ""
