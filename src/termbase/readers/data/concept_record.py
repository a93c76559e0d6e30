"""One concept per JSON or YAML file, with a block per language (ISO-style terminology records).

Example (the shape, written for the tests)::

    {"termid": 12, "term": "warp",
     "eng": {"terms": [{"designation": "warp", "normative_status": "preferred"}],
             "definition": [{"content": "threads held under tension on a loom"}],
             "notes": [{"content": "the weft passes over and under them"}],
             "authoritative_source": {"ref": "Weaving handbook, 2.1"}},
     "fra": {"terms": ["chaîne"], "definition": "fils tendus sur le métier"}}

Terminology databases kept as files (ISO/TC 211-style registers, glossarist data) store
one concept per file. The file is recognised by that shape — a mapping whose keys include
language codes (`eng`, `fr`, `pt-BR`, or blocks naming their `language_code`), each holding
the concept's terms in that language — never by its name. Each language block gives one
entry, all sharing a `group` so they resolve into one concept: its designations (strings,
or mappings with a `designation`) are the labels, its definitions the definition, with
notes, examples and the cited source added as paragraphs. Three-letter codes become the
two-letter tags (`eng` → `en`). Record-level fields (`termid`, `term`, dates) belong to the
first and last blocks; other lines outside the blocks are reported.
"""

from __future__ import annotations

import re

from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.language_tags import known_language_tag as language_tag
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.data.json_yaml import Located, json_tree, plain_scalar_document, yaml_tree
from termbase.readers.record_fields import field_role, find_urls

REASON_RECORD = "record field outside its language blocks ({key})"
REASON_BRACKETS = "JSON brackets (structure around the record)"
REASON_COMMENT = "comment"
REASON_OUTSIDE = "text outside the record"
REASON_NO_TERMS = "language block with no terms ({key}); not read"

#: Fields of a language block holding its terms (matched case-folded, letters only).
TERM_FIELDS = frozenset({"terms", "term", "designations", "designation", "preflabel", "labels"})
#: Fields of a language block added to the definition as their own paragraphs.
NOTE_FIELDS = {"notes": "Note", "note": "Note", "examples": "Example", "example": "Example"}
SOURCE_FIELDS = frozenset({"authoritativesource", "sources", "source", "reference", "references"})
#: Mapping keys a designation or a text is held under, in the order tried.
TEXT_KEYS = ("designation", "term", "name", "content", "text", "value", "label")


#: A 2–3 letter key opening a mapping (`"eng": {`, `fr:` at a line end): a language block, maybe.
_LANGUAGE_KEY = re.compile(
    r"""(?:^|[{,\s])["']?[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?["']?[ \t]*:[ \t]*(?:\{|$)""", re.M
)


def _plain(key: str) -> str:
    return re.sub(r"[^a-z]", "", key.casefold())


def _texts(value: object) -> list[str]:
    """Return the texts in a field: a string, a list of them, or mappings holding one."""
    if isinstance(value, list):
        return [text for item in value for text in _texts(item)]
    if isinstance(value, dict):
        for key in TEXT_KEYS:
            if key in value:
                return _texts(value[key])
        return []
    if value is None or isinstance(value, bool):
        return []
    text = str(value).strip()
    return [text] if text else []


def _is_block(key: str, value: object) -> bool:
    """Return True for a language block: a mapping with terms under a language key."""
    if not isinstance(value, dict) or not any(_plain(k) in TERM_FIELDS for k in value):
        return False
    stated = value.get("language_code") or value.get("language") or value.get("lang")
    return bool(language_tag(key) or (isinstance(stated, str) and language_tag(stated)))


def language_blocks(value: object) -> list[tuple[str, dict]]:
    """Return the (key, block) pairs of a concept record, [] if `value` is no concept record."""
    if not isinstance(value, dict):
        return []
    blocks = [(k, v) for k, v in value.items() if _is_block(str(k), v)]
    if not blocks:
        return []
    mappings = sum(1 for v in value.values() if isinstance(v, dict))
    if mappings > 2 * len(blocks):
        return []  # a few keys that look like codes (`AO`, `CO`) among many terms: a glossary, not a record
    if len(blocks) == 1 and not any(_plain(k) in {"definition", "definitions"} for k in blocks[0][1]):
        return []  # one language and no definition: too little to call it a terminology record
    return blocks


def _stated_language(block: dict) -> str:
    stated = block.get("language_code") or block.get("language") or block.get("lang")
    return language_tag(stated) if isinstance(stated, str) else ""


def _stated_key(block: dict) -> str:
    return next(str(block[k]) for k in ("language_code", "language", "lang") if block.get(k))


def _is_lone_block(value: object) -> bool:
    """Return True for one language's block standing alone: it states its language, terms, definition."""
    return (
        isinstance(value, dict)
        and bool(_stated_language(value))
        and any(_plain(k) in TERM_FIELDS for k in value)
        and any(_plain(k) in {"definition", "definitions"} for k in value)
    )


def record_node(root: Located) -> tuple[Located, list[tuple[str, dict]]] | None:
    """Return the node holding a concept's language blocks, and the blocks; None if there is none.

    The blocks sit in the file's top mapping, or one key down in a small wrapper (`data:`,
    `concept:`); a file holding one language's block alone (it names its `language_code`)
    is a record of that one block.
    """
    small = len(root.items) <= 3
    inside = [child for _, child in root.items if isinstance(child.value, dict)] if small else []
    for node in [root, *inside]:
        blocks = language_blocks(node.value)
        if blocks:
            return node, blocks
        if _is_lone_block(node.value):
            assert isinstance(node.value, dict)
            code = _stated_key(node.value)
            wrapper = Located({code: node.value}, node.line, node.end_line, items=[(code, node)])
            return wrapper, [(code, node.value)]
    return None


def _designations(block: dict) -> list[str]:
    names: list[str] = []
    for key, value in block.items():
        if _plain(key) in TERM_FIELDS or field_role(key) == "alt":
            names.extend(clean_label(text) for text in _texts(value))
    return [n for n in dict.fromkeys(names) if n]


def _definition(block: dict) -> tuple[str, list[str]]:
    """Return the block's definition paragraphs (with notes, examples, source) and its URLs."""
    paragraphs: list[str] = []
    links: list[str] = []
    for key, value in block.items():
        if field_role(key) == "definition":
            paragraphs.extend(_texts(value))
    for key, value in block.items():
        label = NOTE_FIELDS.get(_plain(key))
        if label:
            paragraphs.extend(f"{label}: {text}" for text in _texts(value))
    for key, value in block.items():
        if _plain(key) in SOURCE_FIELDS:
            for ref in _source_texts(value):
                paragraphs.append(f"Source: {ref}")
                links.extend(find_urls(ref))
    for paragraph in paragraphs:
        links.extend(find_urls(paragraph))
    return "\n\n".join(paragraphs), list(dict.fromkeys(links))


def _source_texts(value: object) -> list[str]:
    """Return the citations in a source field (`ref`, `clause`, `link` parts joined)."""
    if isinstance(value, list):
        return [text for item in value for text in _source_texts(item)]
    if isinstance(value, dict):
        if "origin" in value and isinstance(value["origin"], dict):
            return _source_texts(value["origin"])
        parts = [str(value[k]).strip() for k in ("ref", "text", "clause", "link") if value.get(k)]
        return [", ".join(parts)] if parts else []
    return _texts(value)


def _first_line(root: Located, key: str, child: Located) -> int:
    return min(root.key_lines.get(key, child.line), child.line)


def _parse(text: str, source: str) -> Located:
    return json_tree(text, source) if text.lstrip().startswith("{") else yaml_tree(text, source)


class ConceptRecordReader:
    """Reads a file holding one concept with a block per language (see the module docstring)."""

    name = "concept-record"
    description = "one concept per JSON/YAML file, a block of terms and definition per language (eng, fra …)"

    def detect(self, text: str) -> float:
        """Return 0.95 for a JSON/YAML mapping holding language blocks of terms, else 0."""
        head = text.lstrip()
        if not head or head[0] in "[<" or not (_LANGUAGE_KEY.search(head) or "language_code" in head):
            return 0.0
        if not head.startswith("{") and plain_scalar_document(text):
            return 0.0  # as YAML one string (or invalid): no mapping of language blocks
        try:
            root = _parse(text, "")
        except (InputError, RecursionError):
            return 0.0
        return 0.95 if record_node(root) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per language block, grouped as one concept; report the other lines."""
        root = _parse(text, source)
        found = record_node(root)
        if found is None:
            raise InputError(
                "no language blocks of terms found (expected keys such as eng or fr holding terms)",
                path=source,
                line=root.line,
                hint="give the record a block per language with `terms` and a `definition`",
            )
        node, blocks = found
        assert isinstance(node.value, dict)
        record = node.value
        ident = next((str(v) for k, v in record.items() if _plain(k) in {"termid", "id", "identifier"}), "")
        group = f"{source}#{ident}"
        fallback = clean_label(str(record.get("term") or ""))
        located = dict(node.items)
        keys = [k for k, _ in node.items]
        block_keys = [k for k, _ in blocks]
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        for index, (key, block) in enumerate(blocks):
            child = located[key]
            first = _first_line(node, key, child)
            last = child.end_line
            position = keys.index(key)
            if index == 0 and not any(k in block_keys for k in keys[:position]):
                first = node.line
            if index == len(blocks) - 1:
                last = node.end_line
            previous = max(covered, default=0)
            if first <= previous < last:  # the block starts on the line the one before ends
                first = previous + 1
            names = _designations(block) or ([fallback] if fallback and index == 0 else [])
            if not names:
                unused.extend(
                    Unused(source, n, lines[n - 1].strip(), REASON_NO_TERMS.format(key=key))
                    for n in range(first, last + 1)
                    if lines[n - 1].strip() and n not in covered
                )
                covered.update(range(first, last + 1))
                continue
            definition, links = _definition(block)
            stated = block.get("language_code") or block.get("language") or ""
            language = language_tag(key) or language_tag(str(stated)) or "en"
            labels = tuple(dict.fromkeys(label for name in names for label in (name, *parse_term(name)[0])))
            entries.append(
                Entry(
                    source=source,
                    line=first,
                    end_line=max(first, last),
                    term=names[0],
                    labels=labels,
                    definition=definition,
                    links=tuple(links),
                    language=language,
                    group=group,
                )
            )
            covered.update(range(first, max(first, last) + 1))
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if not stripped or number in covered:
                continue
            owner = next((k for k, c in root.items if _first_line(root, k, c) <= number <= c.end_line), "")
            if stripped.startswith("#"):
                reason = REASON_COMMENT
            elif owner:
                reason = REASON_RECORD.format(key=owner)
            else:
                reason = REASON_BRACKETS if not stripped.strip("{}[],") else REASON_OUTSIDE
            unused.append(Unused(source, number, stripped, reason))
        return entries_and_unused(entries, unused, fallback)
