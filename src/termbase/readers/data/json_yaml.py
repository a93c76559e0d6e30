"""JSON and YAML glossaries: a list (or mapping) of records, each naming a term.

Shapes read (field names are matched loosely, see `records.FIELD_ROLES`)::

    [{"term": "API", "definition": "…", "synonyms": ["…"]}, …]          JSON list
    {"GLOSSARY": {"INFO": {"ENTRIES": {"ENTRY": [{"CONCEPT": …, "DEFINITION": …}]}}}}
                                             Moodle export: records found at any depth,
                                             HTML-escaped HTML definitions made Markdown
    ---\\nterm: Coverage\\ndefinition: |-\\n  …   multi-document YAML, one record each
    - slug: mean\\n  ref: [median]\\n  en: {term: mean, def: …}\\n  fr: {…}
                                             multilingual records (glosario): one Entry
                                             per language, grouped by `source#slug`
    API: An interface …                      a mapping of term → definition

Every record's lines belong to its entry (in a multilingual record, each language's
block, with the shared `slug`/`ref` lines going to the block next to them); all other
non-blank lines are reported with a reason. Invalid JSON or YAML raises InputError with
the line.
"""

from __future__ import annotations

import html
import json
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, SequenceNode

from termbase import safe_json, safe_yaml
from termbase.errors import InputError
from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.bilingual_rows import row_entries
from termbase.readers.data.label_maps import is_label_map_tree, label_map_entries
from termbase.readers.record_fields import (
    field_role,
    inferred_field_roles,
    prose_fields,
    record_entry,
    roles_of,
)
from termbase.table_shape import named_language

REASON_BRACKETS = "JSON brackets (structure around the entries)"
REASON_OUTSIDE = "field outside the glossary entries ({key})"
REASON_SEPARATOR = "YAML document separator"
REASON_COMMENT = "comment"
REASON_NO_TERM = "record with no term"
REASON_NOT_LANGUAGE = "term block under `{key}`, which is no language tag (a data error); not read"
REASON_RECORD_KEY = "record field outside its language blocks ({key})"
REASON_POINTER = "another name of {targets}: read as a label of that entry"

_HTML_TAG = re.compile(r"</?(?:p|br|a|div|span|em|strong|b|i|u|ul|ol|li|code|pre|h[1-6]|sup|sub|img)\b", re.I)
_ESCAPED_TAG = re.compile(r"&lt;/?[a-zA-Z]")


# ── a tree with line spans, built from JSON text or YAML nodes ────────────────────────


@dataclass(slots=True)
class Located:
    """A value from the file and the 1-based lines it spans; containers keep their children."""

    value: object
    line: int
    end_line: int
    items: list[tuple[str, Located]] = field(default_factory=list)  # mapping entries
    elements: list[Located] = field(default_factory=list)  # sequence elements
    key_lines: dict[str, int] = field(default_factory=dict)  # line of each mapping key


_MISSING = object()
#: JSON whitespace (always matches, maybe empty).
_JSON_SPACE = re.compile(r"[ \t\r\n]*")


class _JsonLocator:
    """Builds `Located` trees from JSON text, parsing each value with the json module."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.decoder = json.JSONDecoder()
        starts = [0]
        for line in text.splitlines(keepends=True):
            starts.append(starts[-1] + len(line))
        self.starts = starts

    def line_of(self, offset: int) -> int:
        """Return the 1-based line holding character `offset`."""
        return bisect_right(self.starts, offset)

    def skip(self, index: int) -> int:
        """Return the offset of the first character at or after `index` that is not JSON whitespace."""
        return _JSON_SPACE.match(self.text, index).end()  # type: ignore[union-attr]

    def locate(self, index: int) -> tuple[Located, int]:
        """Return (the value starting at `index`, the offset just past it)."""
        index = self.skip(index)
        value, end = self.decoder.raw_decode(self.text, index)
        return Located(value, self.line_of(index), self.line_of(end - 1)), end

    def expand(self, node: Located, start: int) -> None:
        """Fill in the children of the container `node` that starts at offset `start`."""
        text = self.text
        index = self.skip(start)
        opener = text[index]
        index = self.skip(index + 1)
        while text[index] not in "}]":
            key = ""
            if opener == "{":
                key_line = self.line_of(index)
                key, index = self.decoder.raw_decode(text, index)
                index = self.skip(index)
                index = self.skip(index + 1)  # the colon
                node.key_lines[key] = key_line
            child_start = self.skip(index)
            child, index = self.locate(child_start)
            child.key_lines["@start"] = child_start
            # keep the parent's copy of the value, not a second one (a large file's data once)
            if opener == "{":
                if isinstance(node.value, dict) and node.value.get(key, _MISSING) == child.value:
                    child.value = node.value[key]  # (a repeated key: the parent holds the last)
                node.items.append((key, child))
            else:
                if isinstance(node.value, list) and len(node.elements) < len(node.value):
                    child.value = node.value[len(node.elements)]
                node.elements.append(child)
            index = self.skip(index)
            if text[index] == ",":
                index = self.skip(index + 1)


def json_tree(text: str, source: str) -> Located:
    """Return the JSON text as a tree of values with their line spans, or raise InputError."""
    try:
        safe_json.loads(text, source)
    except json.JSONDecodeError as error:
        raise InputError(
            f"invalid JSON: {error.msg}",
            path=source,
            line=error.lineno,
            hint="fix the JSON syntax at that line (a missing comma, quote or bracket)",
        ) from None
    locator = _JsonLocator(text)
    root, _ = locator.locate(0)
    root.key_lines["@start"] = locator.skip(0)
    _expand_json(locator, root)
    return root


def json_value_tree(text: str) -> Located:
    """Return the JSON text as a tree of values without line spans (all detection needs:
    no second pass over the text), or raise InputError."""
    try:
        value = safe_json.loads(text, "")
    except json.JSONDecodeError as error:
        raise InputError(f"invalid JSON: {error.msg}", line=error.lineno) from None
    return _value_tree(value, 0)


def _value_tree(value: object, line: int) -> Located:
    """Return the tree of `value`, every node on `line`."""
    if isinstance(value, dict):
        return Located(value, line, line, items=[(key, _value_tree(v, line)) for key, v in value.items()])
    if isinstance(value, list):
        return Located(value, line, line, elements=[_value_tree(v, line) for v in value])
    return Located(value, line, line)


def _expand_json(locator: _JsonLocator, node: Located) -> None:
    """Expand containers down to record level (a record's own fields are expanded too)."""
    if not isinstance(node.value, dict | list):
        return
    if node.line == node.end_line:  # a container written on one line: so is all it holds
        one_line = _value_tree(node.value, node.line)
        node.items, node.elements = one_line.items, one_line.elements
        return
    locator.expand(node, node.key_lines["@start"])
    for child in [c for _, c in node.items] + node.elements:
        _expand_json(locator, child)


def _yaml_tree(node: Node, constructor: SafeConstructor, lines: list[str]) -> Located:
    first, last = _yaml_span(node, lines)
    located = Located(constructor.construct_object(node, deep=True), first, last)
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            key = str(key_node.value)
            located.key_lines[key] = key_node.start_mark.line + 1
            child = _yaml_tree(value_node, constructor, lines)
            child.line = min(child.line, key_node.start_mark.line + 1)
            located.items.append((key, child))
    elif isinstance(node, SequenceNode):
        located.elements = [_yaml_tree(item, constructor, lines) for item in node.value]
    return located


def _yaml_span(node: Node, lines: list[str]) -> tuple[int, int]:
    """Return the 1-based first and last line of a YAML node, trailing blanks and comments left out."""
    first = node.start_mark.line + 1
    end = node.end_mark
    ends_inside = end.line < len(lines) and lines[end.line][: end.column].strip() not in {"", "-"}
    last = min(end.line + 1 if ends_inside else end.line, len(lines))
    while last > first and (
        not lines[last - 1].strip() or lines[last - 1].lstrip().startswith(("#", "---", "..."))
    ):
        last -= 1
    return first, max(first, last)


def yaml_tree(text: str, source: str) -> Located:
    """Return the YAML text as one tree: a sequence of its documents, or the one document."""
    lines = text.splitlines()
    constructor = SafeConstructor()
    try:
        nodes = safe_yaml.compose_all(text, source)
        trees = [_yaml_tree(node, constructor, lines) for node in nodes]
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise InputError(
            f"invalid YAML: {getattr(error, 'problem', None) or error}",
            path=source,
            line=mark.line + 1 if mark else 0,
            hint="fix the YAML syntax at that line (indentation, a colon, or an unclosed quote)",
        ) from None
    if len(trees) == 1:
        return _one_key_records_merged(trees[0])
    return Located([t.value for t in trees], 1, len(lines), elements=trees)


#: A list of this many one-key mappings at least (`- Term: definition`) is one mapping of terms.
MIN_ONE_KEY_RECORDS = 3


def _one_key_records_merged(tree: Located) -> Located:
    """Return a document that is a list of one-key mappings of text (`- Accessibility: '…'`), keys
    nearly all different, as the one mapping of term → definition it writes; else the tree."""
    elements = tree.elements
    if len(elements) < MIN_ONE_KEY_RECORDS or not all(
        len(e.items) == 1 and isinstance(e.items[0][1].value, str) for e in elements
    ):
        return tree
    keys = [str(e.items[0][0]) for e in elements]
    if len({key.strip().casefold() for key in keys}) < 0.9 * len(keys):
        return tree
    items = [e.items[0] for e in elements]
    key_lines = {key: e.key_lines.get(key, e.line) for key, e in zip(keys, elements, strict=True)}
    return Located(dict(items), tree.line, tree.end_line, items=items, key_lines=key_lines)


# ── finding the records ───────────────────────────────────────────────────────────────


def _has_term(value: object) -> bool:
    return isinstance(value, dict) and any(field_role(k) == "term" for k in value)


def _is_language_record(value: object) -> bool:
    """Return True for a record whose values include per-language {term, def} mappings."""
    return isinstance(value, dict) and any(_has_term(v) for v in value.values())


def is_language_key(key: object) -> bool:
    """Return True for a key that is a language tag (`en`, `pt-BR`), not a field name (`def`).

    YAML keys need not be strings (`on:` is True, `2024:` a number): those are no tags.
    """
    if not isinstance(key, str):
        return False
    return bool(re.fullmatch(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*", key)) and not field_role(key)


def label_record_languages(value: object) -> dict[str, str]:
    """Return {key: language} for a flat record of labels in two or more languages
    (`{"eng": "kiln", "chi": "窯", "rec": "A"}`): string values under language-code keys,
    no term field. Empty for any other record."""
    if not isinstance(value, dict) or _has_term(value):
        return {}
    found = {  # YAML keys need not be strings (`on:` is True)
        k: language_of_key(k)
        for k, v in value.items()
        if isinstance(k, str) and isinstance(v, str) and not field_role(k)
    }
    found = {k: code for k, code in found.items() if code}
    return found if len(set(found.values())) >= 2 else {}


def language_of_key(key: str) -> str:
    """Return the language a key names: a code (`eng` → `en`, `chi` → `zh`, `pt_BR` → `pt-BR`),
    a language name (`English`, `中文`), or a Chinese script (`simplified` → `zh-Hans`); or ''."""
    from babel import Locale, UnknownLocaleError

    if is_language_key(key):
        try:
            locale = Locale.parse(key.replace("-", "_"))
        except (UnknownLocaleError, ValueError):
            locale = None
        if locale is not None:
            return locale.language + (f"-{locale.territory}" if "_" in key or "-" in key else "")
    return named_language(key) or _CHINESE_SCRIPTS.get(key.strip().casefold(), "")


#: Keys that name the script of Chinese labels, as Babel's English names for the scripts do.
_CHINESE_SCRIPTS = {"simplified": "zh-Hans", "traditional": "zh-Hant", "hans": "zh-Hans", "hant": "zh-Hant"}


def _is_record(value: object) -> bool:
    return (
        _has_term(value)
        or _is_language_record(value)
        or bool(label_record_languages(value))
        or bool(field_languages(value))
    )


def _language_map(value: object) -> dict[str, str]:
    """Return {language: text} for a mapping of two or more language keys to text (`{en: …, ru: …}`)."""
    if not isinstance(value, dict) or len(value) < 2:
        return {}
    if not all(is_language_key(k) and isinstance(v, str) for k, v in value.items()):
        return {}
    return {k: v for k, v in value.items()}


def field_languages(value: object) -> dict[str, dict[str, object]]:
    """Return {language: fields} for a record whose fields each hold one text per language
    (`{id, title: {en, ru}, short: {en, ru}}`): the record turned language-major, each
    language's fields its term and its other texts (one of them the definition when no field
    names one), the record's own plain fields (id, slug) beside them. Empty for any other record."""
    if not isinstance(value, dict):
        return {}
    maps = {k: m for k, v in value.items() if isinstance(k, str) and (m := _language_map(v))}
    terms = [k for k in maps if field_role(k) == "term"]
    if not terms:
        return {}
    texts = [k for k in maps if k not in terms]
    named = [k for k in texts if field_role(k) == "definition"]
    definition = named[0] if named else (texts[0] if len(texts) == 1 else "")
    shared = {k: v for k, v in value.items() if k not in maps}
    languages = list(dict.fromkeys(language for m in maps.values() for language in m))
    by_language: dict[str, dict[str, object]] = {}
    for language in languages:
        own: dict[str, object] = {**shared, "term": maps[terms[0]].get(language, "")}
        if definition:
            own["definition"] = maps[definition].get(language, "")
        by_language[language] = own
    return by_language


def _holds_records(value: object) -> bool:
    """Return True for a mapping holding a list of records (`terms: [{…}]`, `concepts: [{…}]`
    beside a `title`): a file of records, not one record."""
    if not isinstance(value, dict):
        return False
    return any(_is_record(x) for v in value.values() if isinstance(v, list) for x in v)


def _record_lists(node: Located, path: tuple[str, ...] = ()) -> Iterator[tuple[Located, str]]:
    """Yield (container, kind) for each container of records in the tree.

    kind is `list` (a sequence of records), `keyed` (a mapping of term → record), `pairs`
    (a mapping of term → definition string), `single` (the whole file is one record, as
    in a folder of one-record files) or `inferred` (a sequence of flat records whose field
    names say nothing termbase knows, their roles judged from the values).
    """
    if (
        not path
        and node.items
        and _names_its_term(node.value)
        and not _is_language_record(node.value)
        and not _holds_records(node.value)
    ):
        yield node, "single"
        return
    records = sum(1 for e in node.elements if _is_record(e.value))
    if node.elements and records * 2 >= len(node.elements):
        yield node, "list"
    elif (rows := _pair_rows(node)) is not None:
        yield rows, "pairs"
    elif node.elements and inferred_field_roles([e.value for e in node.elements]):
        yield node, "inferred"
    if node.items:
        values = [c.value for _, c in node.items]
        if (
            len(values) >= 2
            and all(isinstance(v, dict) for v in values)
            and sum(1 for v in values if _described(v)) * 2 >= len(values)
        ):
            yield node, "keyed"
        strings = [_pair_text(v) for v in values]
        listed = any(isinstance(v, list) for v in values)  # then every value a sentence or more
        if (
            len(values) >= 3
            and all(strings)
            and sum(len(v.split()) for v in strings) >= 4 * len(values)
            and (not listed or all(len(v.split()) >= 3 for v in strings))
        ):
            yield node, "pairs"
    if node.items and (grouped := _grouped(node)) is not None:
        yield grouped
    for key, child in node.items:
        yield from _record_lists(child, (*path, key))
    for index, child in enumerate(node.elements):
        if not _is_record(child.value):
            yield from _record_lists(child, (*path, str(index)))


def _pair_text(value: object) -> str:
    """Return the definition a term's value gives as a pair: a sentence, or a list of sentences
    (`kiln: [A chamber …]`); '' for any other value."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) and len(v.split()) >= 3 for v in value):
        return "\n\n".join(value)
    return ""


#: Rows of `[term, definition]` make a glossary from this many.
MIN_PAIR_ROWS = 3


def _pair_rows(node: Located) -> Located | None:
    """Return a mapping of term → definition for a sequence of `[term, definition]` rows (a
    spreadsheet saved as JSON), or None."""
    rows = [e for e in node.elements if isinstance(e.value, list) and len(e.value) == 2]
    if len(rows) < MIN_PAIR_ROWS or len(rows) != len(node.elements):
        return None
    if not all(isinstance(v, str) for e in rows for v in e.value):
        return None
    terms = [str(e.value[0]) for e in rows]
    if len({t.casefold() for t in terms}) < 0.9 * len(terms) or any(len(t.split()) > 8 for t in terms):
        return None
    if sum(len(str(e.value[1]).split()) for e in rows) < 3 * len(rows):
        return None
    items = [(str(e.value[0]), Located(e.value[1], e.line, e.end_line)) for e in rows]
    return Located(node.value, node.line, node.end_line, items=items, key_lines={k: v.line for k, v in items})


def _record_list(node: Located) -> bool:
    """Return True for a sequence mostly of records."""
    records = sum(1 for e in node.elements if _is_record(e.value))
    return bool(node.elements) and records * 2 >= len(node.elements)


def _pairs(node: Located) -> bool:
    """Return True for a mapping of names to sentences (`kiln: A chamber heated …`)."""
    strings = [c.value for _, c in node.items if isinstance(c.value, str)]
    return (
        len(node.items) >= 1
        and len(strings) == len(node.items)
        and all(len(v.split()) >= 3 for v in strings)
        and not roles_of(node.value)  # `{type: term, description: …}` is a record, not pairs
    )


#: Pairs grouped under several keys make a glossary from this many pairs in all.
MIN_GROUPED_PAIRS = 4


def _grouped(node: Located) -> tuple[Located, str] | None:
    """Return one container of the records of a mapping grouped by letter or topic (`A: [{term: …}]`,
    `B: [{term: …}]`; `Tools: {kiln: …}`, `Clay: {slip: …}`), when most of its values are such
    groups of one shape (records with the same fields, or name → sentence pairs). Groups keyed by
    language (`en: [{term: …}]`, `fr: [{term: …}]`) are the glossary in each language: every
    record is read, tagged with its group's language."""
    by_language = sum(1 for key, _ in node.items if is_language_key(key)) * 2 >= len(node.items)
    if by_language:
        return _language_groups(node)
    children = [child for _, child in node.items]
    lists = [child for child in children if _record_list(child)]
    if len(lists) >= 2 and len(lists) * 2 > len(children):
        firsts = [child.elements[0].value for child in lists]
        fields = {frozenset(first) for first in firsts if isinstance(first, dict)}
        if len(fields) == 1:
            elements = [e for child in lists for e in child.elements]
            return Located(node.value, node.line, node.end_line, elements=elements), "list"
    pairs = [child for child in children if child.items and _pairs(child)]
    if len(pairs) >= 2 and len(pairs) * 2 > len(children):
        items = [item for child in pairs for item in child.items]
        keys = {str(key).casefold() for key, _ in items}
        if len(items) < MIN_GROUPED_PAIRS or len(keys) < 0.9 * len(items):
            return None  # `{nav: {p: …}, footer: {p: …}}`: the same field in each, no terms
        key_lines = {key: line for child in pairs for key, line in child.key_lines.items()}
        return Located(node.value, node.line, node.end_line, items=items, key_lines=key_lines), "pairs"
    return None


def _language_groups(node: Located) -> tuple[Located, str] | None:
    """Return the records of a mapping keyed by language (a site's `_data/glossary.yml` with `en:`
    and `fr:` lists of the same fields), each tagged with its key's language; None when fewer
    than two keys hold such lists."""
    groups = [(key, child) for key, child in node.items if is_language_key(key) and _record_list(child)]
    if len(groups) < 2:
        return None
    firsts = [child.elements[0].value for _, child in groups]
    if len({frozenset(first) for first in firsts if isinstance(first, dict)}) != 1:
        return None
    elements = [
        Located({**e.value, "language": language_of_key(key) or key}, e.line, e.end_line, e.items, e.elements,
                e.key_lines)
        if isinstance(e.value, dict) and not roles_of(e.value).get("language")
        else e
        for key, child in groups
        for e in child.elements
    ]
    return Located(node.value, node.line, node.end_line, elements=elements), "list"


def _described(value: dict) -> bool:
    """Return True for a keyed record that says something of its key: a definition field, names
    only (an acronym's forms), or another name with a note."""
    return bool(roles_of(value).get("definition")) or _label_only(value) or _named_note(value)


def _named_note(value: dict) -> bool:
    """Return True for a record that gives another name and a note on it (a style sheet's
    `{preferred: four, note: The usual word.}`): a concept with its labels and a definition."""
    return bool(roles_of(value).get("alt")) and bool(prose_fields(value))


def _label_only(value: dict) -> bool:
    """Return True for a record of two or more names and nothing to define them (an acronym
    list's `{short: FPGA, long: Field Programmable Gate Array}`): a concept given by its labels."""
    roles = roles_of(value)
    return len(roles.get("alt", [])) >= 2 and set(roles) <= {"alt", "link", "slug", "topics", "see_also"}


def _best_records(root: Located) -> tuple[Located, str] | None:
    found = list(_record_lists(root))
    if not found:
        return None
    return max(found, key=lambda pair: len(pair[0].elements) or len(pair[0].items))


def pointer_records(container: Located) -> dict[str, list[str]]:
    """Return {key: [keys it points at]} for the records of a term → record mapping that only
    name other records (`AP: {type: acronym, term: Acquisition plan}`): no definition, a term
    field naming keys of the same mapping. Such a key is another name of what it points at."""
    keys = {key for key, _ in container.items}
    found: dict[str, list[str]] = {}
    for key, child in container.items:
        value = child.value
        if not isinstance(value, dict) or roles_of(value).get("definition") or prose_fields(value):
            continue
        targets = [t for v in roles_of(value).get("term", []) for t in (v if isinstance(v, list) else [v])]
        if targets and all(isinstance(t, str) and t in keys and t != key for t in targets):
            found[key] = list(dict.fromkeys(targets))
    return found


def _with_other_names(record: Located, names: list[str]) -> Located:
    """Return `record` with `names` (keys that point at it) added to its alternative labels."""
    assert isinstance(record.value, dict)
    value = dict(record.value)
    field = next((k for k in value if field_role(k) == "alt"), "variants")
    present = value.get(field)
    value[field] = [*(present if isinstance(present, list) else [present] if present else []), *names]
    return Located(value, record.line, record.end_line, record.items, record.elements, record.key_lines)


def _names_its_term(value: object) -> bool:
    """Return True for a mapping whose term field holds one name (`term: Anchor`), not a list
    of records (`{"terms": [{…}, …]}` wraps a glossary, it is no record)."""
    return isinstance(value, dict) and any(
        field_role(k) == "term" and isinstance(v, str | int | float) for k, v in value.items()
    )


def _renamed(record: Located, roles: dict[str, str]) -> Located:
    """Return `record` with the fields of inferred roles renamed to the role's own field name."""
    if not isinstance(record.value, dict):
        return record
    value = {roles.get(k, k): v for k, v in record.value.items()}
    return Located(value, record.line, record.end_line, record.items, record.elements, record.key_lines)


# ── definitions ───────────────────────────────────────────────────────────────────────


def definition_text(value: object) -> str:
    """Return a definition field as Markdown: HTML (even entity-escaped HTML) is converted."""
    if isinstance(value, list):
        senses = [text for v in value if v is not None and (text := definition_text(v))]
        if len(senses) > 1 and all(isinstance(v, dict) for v in value):
            return "\n".join(f"{n}. {text}" for n, text in enumerate(senses, start=1))  # numbered senses
        return "\n\n".join(senses)
    if isinstance(value, dict) and value and all(str(k).strip().isdigit() for k in value):
        senses = [(int(str(k).strip()), definition_text(v)) for k, v in value.items()]
        return "\n".join(f"{n}. {text}" for n, text in sorted(senses) if text)  # numbered senses
    if isinstance(value, dict):  # a sense written as fields: {"substitution": …, "note": …}
        return " — ".join(
            text for v in value.values() if not isinstance(v, dict) and (text := definition_text(v))
        )
    if value is None:
        return ""
    text = str(value).strip()
    if _ESCAPED_TAG.search(text):
        text = html.unescape(text)
    if _HTML_TAG.search(text):
        from termbase.readers.markup.html_glossary import html_fragment_markdown

        return html_fragment_markdown(text)
    return text


def _definition_of(fields: dict[str, object]) -> str:
    """Return the record's definition fields as Markdown, or its prose when it has none."""
    described = [v for name, v in fields.items() if field_role(name) == "definition"] or prose_fields(fields)
    return "\n\n".join(part for v in described if (part := definition_text(v)))


# ── entries ───────────────────────────────────────────────────────────────────────────


def _entries_of_record(
    record: Located, source: str, key: str = "", index: int = 0
) -> tuple[list[Entry], list[Unused], set[int]]:
    """Return the entries of one record, the Unused lines inside it, and the lines it covers."""
    value = record.value
    covered = set(range(record.line, record.end_line + 1))
    if isinstance(value, str):
        fields: dict[str, object] = {"term": key, "definition": value}
    else:
        assert isinstance(value, dict)
        fields = dict(value) if not key else {"term": key, **value}
    if _is_language_record(value) and not _has_term(value):
        return (*_language_entries(record, fields, source), covered)
    if pivoted := field_languages(value):
        group = f"{source}#record-{index}"
        made = (
            record_entry(
                own,
                source=source,
                line=record.line,
                end_line=record.end_line,
                definition=_definition_of(own),
                language=language_of_key(language) or language,
                group=group,
            )
            for language, own in pivoted.items()
        )
        return [e for e in made if e is not None], [], covered
    if languages := label_record_languages(value):
        cells = [str(value[name]).strip() for name in languages]
        entries = row_entries(
            cells,
            list(languages.values()),
            source=source,
            line=record.line,
            end_line=record.end_line,
            group=f"{source}#record-{index}",
        )
        return entries, [], covered
    entry = record_entry(
        fields, source=source, line=record.line, end_line=record.end_line, definition=_definition_of(fields)
    )
    if entry is None:
        return [], [], covered
    if _placeholder(fields, entry):
        return [], [Unused(source, n, "", REASON_PLACEHOLDER) for n in sorted(covered)], covered
    return _with_translations(entry, fields, f"{source}#record-{index}"), [], covered


#: A record's field giving its term in other languages (`translations: {nl: …}`, `skos:translation`).
_TRANSLATION_FIELD = re.compile(r"^(?:[a-z][a-z0-9]{0,9}:)?translations?$", re.IGNORECASE)


def _with_translations(entry: Entry, fields: dict[str, object], group: str) -> list[Entry]:
    """Return the record's entry and, when a translation field maps language keys to names
    (`skos:translation: {nl: frictie}`), one entry per name in its language, grouped with it."""
    names = [
        (language, str(name).strip())
        for key, value in fields.items()
        if _TRANSLATION_FIELD.match(str(key).strip()) and isinstance(value, dict)
        for code, name in value.items()
        if isinstance(name, str | int | float) and str(name).strip()
        if (language := language_of_key(str(code)))
    ]
    if not names:
        return [entry]
    made = [replace(entry, group=group)]
    for language, name in names:
        labels, groups = parse_term(name)
        if labels:
            made.append(Entry(source=entry.source, line=entry.line, end_line=entry.end_line, term=name,
                              labels=labels, groups=groups, definition="", language=language, group=group))
    return made


REASON_PLACEHOLDER = "a record whose definition field is still empty (a term to define, no entry yet)"


def _placeholder(fields: dict[str, object], entry: Entry) -> bool:
    """Return True for a record that names a term and leaves its definition field empty, with no
    other name or pointer: a term listed to be defined later, not an entry."""
    has_field = any(field_role(name) == "definition" for name in fields)
    return has_field and not entry.definition and not roles_of(fields).get("alt") and not entry.see_also


def _all_shared(keys: list[str]) -> bool:
    """Return True if every key is a record-level field the language entries use (slug, ref …)."""
    return all(field_role(k) in ("slug", "see_also", "topics", "uri", "link") for k in keys)


def _language_entries(
    record: Located, fields: dict[str, object], source: str
) -> tuple[list[Entry], list[Unused]]:
    """Return one entry per language block of a multilingual record, grouped by its slug."""
    shared = {k: v for k, v in fields.items() if not _has_term(v)}
    roles = roles_of(shared)
    slug = next((str(v) for v in roles.get("slug", []) if v), "")
    group = f"{source}#{slug or record.line}"
    blocks = [(k, c) for k, c in record.items if _has_term(c.value) and is_language_key(k)]
    entries: list[Entry] = []
    for index, (language, block) in enumerate(blocks):
        line, end = block.line, block.end_line
        keys = [k for k, _ in record.items]
        position = keys.index(language)
        if index == 0 and _all_shared(keys[:position]):
            line = record.line  # the record's opening fields (slug, ref) go with its first block
        if index == len(blocks) - 1 and _all_shared(keys[position + 1 :]):
            end = record.end_line
        own = {**{k: v for k, v in shared.items() if field_role(k) in ("see_also", "topics")}, **block.value}
        entry = record_entry(
            own,
            source=source,
            line=line,
            end_line=end,
            definition=_definition_of(block.value),
            language=language,
            group=group,
        )
        if entry is not None:
            entries.append(entry)
    unused: list[Unused] = []
    if entries:
        spans = [(e.line, e.end_line) for e in entries]
        owners = [
            (min(record.key_lines.get(key, child.line), child.line), child.end_line, key)
            for key, child in record.items
        ]
        for number in range(record.line, record.end_line + 1):
            if any(a <= number <= b for a, b in spans):
                continue
            key = next((k for a, b, k in owners if a <= number <= b), "")
            reason = REASON_RECORD_KEY.format(key=key) if key else REASON_COMMENT
            if key and not is_language_key(key) and _has_term(fields.get(key)):
                reason = REASON_NOT_LANGUAGE.format(key=key)
            unused.append(Unused(source, number, "", reason))
    return entries, unused


def _read_records(root: Located, text: str, source: str, *, kind_of_line: Callable[[str], str]) -> ReadResult:
    found = _best_records(root)
    if found is None:
        raise InputError(
            "no glossary records found (no list of objects with a term field)",
            path=source,
            line=root.line,
            hint="give each record a `term` (or `name`, `concept`, `label`) and a `definition`",
        )
    container, kind = found
    lines = text.splitlines()
    entries: list[Entry] = []
    unused: list[Unused] = []
    covered: set[int] = set()
    if kind == "single":
        records = [("", container)]
    elif kind in ("list", "inferred"):
        records = [("", element) for element in container.elements]
    else:
        records = list(container.items)
    if kind in ("inferred", "list"):
        roles = inferred_field_roles([e.value for e in container.elements])
        if kind == "list" and set(roles.values()) != {"definition"}:
            roles = {}  # a list of named records only takes a definition field named its own way
        records = [("", _renamed(element, roles)) for _, element in records]
    pointers = pointer_records(container) if kind == "keyed" else {}
    names: dict[str, list[str]] = {}
    for name, targets in pointers.items():
        for target in targets:
            names.setdefault(target, []).append(name)
    last_end = 0
    terms_by_key: dict[str, str] = {}
    for index, (key, record) in enumerate(records):
        if kind not in ("list", "inferred", "single"):
            record = Located(
                record.value,
                min(record.line, container.key_lines.get(key, record.line)),
                record.end_line,
                record.items,
                record.elements,
                record.key_lines,
            )
        if record.line <= last_end:  # `}, {` shares a line with the record before
            record.line = last_end + 1
        if record.line > record.end_line:
            record.line = record.end_line
        last_end = record.end_line
        if kind == "pairs" and isinstance(record.value, list) and (joined := _pair_text(record.value)):
            record = Located(joined, record.line, record.end_line)
        if not isinstance(record.value, dict | str):
            continue
        if key in pointers:
            reason = REASON_POINTER.format(targets=", ".join(pointers[key]))
            lines_covered = set(range(record.line, record.end_line + 1))
            unused.extend(Unused(source, n, lines[n - 1].strip(), reason) for n in sorted(lines_covered))
            covered |= lines_covered
            continue
        if key in names and isinstance(record.value, dict):
            record = _with_other_names(record, names[key])
        new_entries, inner_unused, lines_covered = _entries_of_record(record, source, key, index)
        if not new_entries:
            reason = inner_unused[0].reason if inner_unused else REASON_NO_TERM
            unused.extend(
                Unused(source, n, lines[n - 1].strip(), reason)
                for n in sorted(lines_covered)
                if lines[n - 1].strip()
            )
            covered |= lines_covered
            continue
        entries.extend(new_entries)
        if key:  # as it is shown: `VHSIC` (its short form) for the key `vhsic`
            first = new_entries[0]
            shown = [label for label in first.labels if label.casefold() == first.term.casefold()]
            terms_by_key.setdefault(key, next((x for x in shown if x != first.term), first.term))
        covered |= lines_covered
        unused.extend(
            Unused(source, u.line, lines[u.line - 1].strip(), u.reason)
            for u in inner_unused
            if lines[u.line - 1].strip()
        )
    if terms_by_key:
        entries = [_with_key_references(entry, terms_by_key) for entry in entries]
    unused.extend(
        Unused(source, number, line.strip(), kind_of_line(line))
        for number, line in enumerate(lines, start=1)
        if line.strip() and number not in covered
    )
    title = _title(root)
    return entries_and_unused(entries, unused, title)


#: A reference to another record by its key (`@vhsic`, as Typst and other markup write one).
_KEY_REFERENCE = re.compile(r"(?<![\w@])@(?P<key>[\w][\w.-]*[\w]|\w)")


def _with_key_references(entry: Entry, terms_by_key: dict[str, str]) -> Entry:
    """Return the entry with each `@key` naming a record of the same file written as that
    record's term as shown; other `@` words stay as they are."""
    found: list[str] = []

    def name(match: re.Match[str]) -> str:
        term = terms_by_key.get(match["key"])
        if term is None:
            return match.group(0)
        found.append(term)
        return term

    labels = tuple(dict.fromkeys(_KEY_REFERENCE.sub(name, label) for label in entry.labels))
    groups = tuple(tuple(_KEY_REFERENCE.sub(name, label) for label in group) for group in entry.groups)
    definition = _KEY_REFERENCE.sub(name, entry.definition)
    if not found:
        return entry
    return replace(entry, labels=labels, groups=groups, definition=definition)


#: The record reading and scoring of a located tree, for other data formats (TOML).
read_record_tree = _read_records


def _title(root: Located) -> str:
    """Return a glossary title stated in a top-level `title`/`name` field, if any."""
    stack = [root]
    while stack:
        node = stack.pop()
        for key, child in node.items:
            if key.casefold() in ("title", "name") and isinstance(child.value, str) and len(child.value) < 80:
                return child.value.strip()
            if isinstance(child.value, dict) and not _is_record(child.value):
                stack.append(child)
    return ""


def _json_line_reason(line: str) -> str:
    stripped = line.strip()
    if not stripped.strip("{}[],"):
        return REASON_BRACKETS
    match = re.match(r'\s*"([^"]*)"\s*:', line)
    return REASON_OUTSIDE.format(key=match.group(1) if match else "value")


def _yaml_line_reason(line: str) -> str:
    stripped = line.strip()
    if stripped in ("---", "...") or stripped.startswith("--- "):
        return REASON_SEPARATOR
    if stripped.startswith("#"):
        return REASON_COMMENT
    match = re.match(r"\s*-?\s*([^:#]+):", line)
    return REASON_OUTSIDE.format(key=match.group(1).strip() if match else "value")


# ── detection ─────────────────────────────────────────────────────────────────────────


def _score(root: Located) -> float:
    """Return 0–1: how clearly the tree holds glossary records with definitions."""
    found = _best_records(root)
    if found is None:
        return 0.0
    container, kind = found
    if kind == "single":
        return 0.6 if _definition_of(dict(container.value)) else 0.0
    if kind == "inferred":
        return 0.6  # field roles judged from the values, not named: sure enough, not more
    pointers = pointer_records(container) if kind == "keyed" else {}
    values = (
        [e.value for e in container.elements]
        if kind == "list"
        else [c.value for key, c in container.items if key not in pointers]
    )
    if kind == "pairs":
        return 0.5
    labelled = sum(1 for value in values if label_record_languages(value))
    if labelled >= 3 and labelled >= 0.9 * len(values):
        return 0.85  # records of labels in two or more languages (a term/translation list)
    defined = 0
    for value in values:
        if not isinstance(value, dict):
            continue
        if any(own.get("definition") for own in field_languages(value).values()):
            defined += 1  # `{title: {en, ru}, short: {en, ru}}`: a text per language in each field
            continue
        blocks = [v for v in value.values() if _has_term(v)] or [value]
        if any(roles_of(b).get("definition") or prose_fields(b) for b in blocks if isinstance(b, dict)):
            defined += 1
    named = sum(1 for value in values if isinstance(value, dict) and _label_only(value))
    if defined < 2 and named < 3:
        return 0.0
    # records of labels only (an acronym list) count, less than defined ones
    return round(min(0.9, (0.9 * defined + 0.6 * named) / len(values)), 3)


score_record_tree = _score


def _trimmed_yaml(text: str) -> Iterator[str]:
    """Yield `text`, then shorter heads of it cut before later top-level items (for samples)."""
    yield text
    lines = text.splitlines(keepends=True)
    cuts = [
        i
        for i, line in enumerate(lines)
        if line.startswith(("- ", "---")) or re.match(r"[^\s#-][^:]*:", line)
    ]
    for cut in reversed(cuts[-3:]):
        if cut > 0:
            yield "".join(lines[:cut])


#: How sure the JSON reader is of a mapping of term → translation labels (no definitions).
LABEL_MAP_CONFIDENCE = 0.6


def _skos_json_ld(head: str) -> bool:
    """Return True for JSON-LD that speaks SKOS (its namespace, prefix or label keys)."""
    return '"@context"' in head and bool(re.search(r"skos|prefLabel|altLabel", head))


class JsonGlossaryReader:
    """Reads JSON glossaries (see the module docstring)."""

    name = "json"
    description = "JSON: a list of records (term, definition, synonyms …) at any depth, e.g. a Moodle export"

    def detect(self, text: str) -> float:
        """Return 0–1: high for JSON holding records with term and definition fields.

        JSON-LD (`@context`) in SKOS terms is left to the SKOS reader; JSON-LD in another
        vocabulary (schema.org `DefinedTerm` records of `name` and `description`) is judged
        by its records like any JSON. A sample cut short of the file's end is judged by the
        field names it shows.
        """
        head = text.lstrip()
        if not head.startswith(("{", "[")) or _skos_json_ld(head[:5000]):
            return 0.0
        try:
            tree = json_value_tree(text)
            score = _score(tree)
            return score or (LABEL_MAP_CONFIDENCE if is_label_map_tree(tree) else 0.0)
        except InputError:
            if (lines_tree := json_lines_tree(text)) is not None:
                return _score(lines_tree)
            keys = {field_role(k) for k in re.findall(r'"([^"\n]{1,40})"\s*:', head)}
            return 0.8 if {"term", "definition"} <= keys else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per record (per language of a multilingual record); JSON Lines
        (one record per line) are read as a list of those records."""
        try:
            tree = json_tree(text, source)
        except InputError:
            tree = json_lines_tree(text)
            if tree is None:
                raise
        if not _score(tree) and is_label_map_tree(tree):  # `{"Purchase Order": "구매 주문"}`
            entries, unused = label_map_entries(tree, source, text.splitlines())
            return entries_and_unused(entries, unused)
        return _read_records(tree, text, source, kind_of_line=_json_line_reason)


def json_lines_tree(text: str) -> Located | None:
    """Return JSON Lines text (one JSON object per non-blank line, two or more) as a list of
    those objects, each on its line; None when any line is not a JSON object."""
    elements = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = safe_json.loads(line, "", number)
        except (ValueError, InputError):
            return None
        if not isinstance(value, dict):
            return None
        elements.append(_value_tree(value, number))
    if len(elements) < 2:
        return None
    values = [element.value for element in elements]
    return Located(values, elements[0].line, elements[-1].line, elements=elements)


#: A `key:` at the start of a YAML line (in a list item or not).
_YAML_KEY = re.compile(r"^[ \t-]*([A-Za-z_][\w -]{0,39}?)\s*:(?:\s|$)", re.MULTILINE)


def _names_term_and_definition(text: str) -> bool:
    """Return True if `text` has YAML-like `key:` lines naming both a term and a definition field."""
    return {"term", "definition"} <= {field_role(k) for k in _YAML_KEY.findall(text)}


#: What opens a YAML node other than a plain scalar: a sequence, a complex key or value,
#: a flow collection, an anchor, alias or tag, a block or quoted scalar, a directive, reserved marks.
_NOT_PLAIN_START = tuple("-?:{[&*!|>\"'%@`")


#: A `---` or `...` at the start of a line (after any line break `str.splitlines` knows, or a BOM).
_DOCUMENT_MARKER = re.compile("(?:^|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029])\ufeff*(?:---|\\.\\.\\.)")


def plain_scalar_document(text: str) -> bool:
    """Return True if `text` read as YAML can only be one plain (multi-line) string or invalid.

    A YAML document's first token decides what its root is: a first content line with no
    colon and no indicator character starts a plain scalar, and with no `---` / `...` line
    no second document can follow. Such a text never holds records.
    """
    if _DOCUMENT_MARKER.search(text):
        return False
    head = text[:4096]
    lines = head.splitlines()
    if len(head) < len(text):
        lines = lines[:-1]  # the head's last line may be cut
    first = _first_content_line(lines)
    if first is None and len(head) < len(text):
        first = _first_content_line(text.splitlines())
    return first is None or (":" not in first and not first.startswith(_NOT_PLAIN_START))


def _first_content_line(lines: list[str]) -> str | None:
    """Return the first line that is neither blank nor a comment, stripped (of a BOM too)."""
    return next((s for line in lines if (s := line.strip().lstrip("\ufeff").strip()) and s[0] != "#"), None)


_NUMBERED_KEY = re.compile(r"^(\d{1,4})[.)]\s+\S[^:\n]*:\s", re.MULTILINE)
#: Keys numbered 1, 2, 3 … this many times in a row are a list's numbering.
MIN_NUMBERED_KEYS = 3


def _numbered_list(text: str) -> bool:
    """Return True if the file's keys open with a list's numbering (`1. Kiln:`, `2. Glaze:`)."""
    numbers = [int(match.group(1)) for match in _NUMBERED_KEY.finditer(text[:20_000])]
    return len(numbers) >= MIN_NUMBERED_KEYS and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


class YamlGlossaryReader:
    """Reads YAML glossaries, single- or multi-document, one- or many-language."""

    name = "yaml"
    description = "YAML: records with term and definition (also `---` documents and glosario-style languages)"

    def detect(self, text: str) -> float:
        """Return 0–1: high for YAML holding records with term and definition fields.

        termbase's own format (`termbase: 1`) and JSON are left to their readers;
        Markdown front matter has no definition field and scores 0.
        """
        head = text.lstrip()
        if head.startswith(("{", "[")) or re.search(r"^termbase\s*:\s*\d", text[:4000], re.MULTILINE):
            return 0.0
        if plain_scalar_document(text) and not _names_term_and_definition(head):
            return 0.0  # parses to one string or fails, and the fallback below finds no keys: skip parsing
        if _numbered_list(text):
            return 0.0  # `1. Kiln: …`, `2. Glaze: …`: a numbered list of term lines, not YAML keys
        for candidate in _trimmed_yaml(text):
            try:
                tree = yaml_tree(candidate, "")
                score = _score(tree)
            except (InputError, RecursionError):
                continue
            if not score and candidate is text and is_label_map_tree(tree):
                return LABEL_MAP_CONFIDENCE  # `full node: nœud complet`, `- source: … / target: …`
            if score or candidate is text:
                return score
        # malformed YAML whose keys name terms and definitions: pick it, so `read` says where
        return 0.6 if _names_term_and_definition(head) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per record (per language of a multilingual record), or per pair of
        a term → translation mapping."""
        tree = yaml_tree(text, source)
        if not _score(tree) and is_label_map_tree(tree):
            entries, unused = label_map_entries(tree, source, text.splitlines())
            return entries_and_unused(entries, unused)
        return _read_records(tree, text, source, kind_of_line=_yaml_line_reason)
