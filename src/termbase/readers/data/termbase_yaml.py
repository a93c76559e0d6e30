"""The project's own source format: a YAML file of concepts.

The built-in glossary is written in it, and so can anyone's. Shape::

    termbase: 1
    title: Inference and serving
    concepts:
      - id: grouped-query-attention          # optional; a slug, stable forever
        label: grouped-query attention       # required: the preferred label
        labels: [GQA, grouped query attention]
        definition: >-                        # required: Markdown, one to four sentences
          Attention in which several query heads share one key/value head ...
        topics: [architecture, inference]
        related: [multi-query-attention, kv-cache]   # concept ids or labels
        formula: 'h_{kv} = h / g'            # LaTeX; a list for several
        origin: Ainslie et al., 2023
        introduced: Ch 4                     # where a course introduces it
        links: [https://arxiv.org/abs/2305.13245]
        homonym: true                        # shares a label with another idea on purpose

Every line is accounted for: each concept's lines belong to its entry; header keys and
comments are reported as unused with their reason.
"""

from __future__ import annotations

import re

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from termbase import safe_yaml
from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.model import Entry, Locator, ReadResult, Unused, is_concept_id
from termbase.readers.base import entries_and_unused, numbered_lines

KNOWN_FIELDS = frozenset(
    {
        "id",
        "label",
        "labels",
        "definition",
        "topics",
        "related",
        "formula",
        "origin",
        "introduced",
        "links",
        "language",
        "homonym",
    }
)
_HEADER = re.compile(r"^\s*termbase\s*:\s*\d+\s*$", re.MULTILINE)


class TermbaseYamlReader:
    """Reads the project's own YAML format (see the module docstring)."""

    name = "termbase-yaml"
    description = "termbase's own YAML source format (`termbase: 1`, a list of concepts)"

    def detect(self, text: str) -> float:
        """Return 1.0 when the text declares `termbase: N` at the top level."""
        head = text[:4000]
        if _HEADER.search(head) and re.search(r"^concepts\s*:", text, re.MULTILINE):
            return 1.0
        return 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per concept; header keys and comments are reported unused."""
        try:
            root = safe_yaml.compose(text, source)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            raise InputError(
                f"invalid YAML: {getattr(error, 'problem', None) or error}",
                path=source,
                line=mark.line + 1 if mark else 0,
                hint="fix the YAML syntax at that line",
            ) from None
        if not isinstance(root, MappingNode):
            raise InputError(
                "expected a mapping with `termbase:` and `concepts:` keys",
                path=source,
                line=1,
                hint="see the termbase-yaml format in the README",
            )
        entries: list[Entry] = []
        claimed: set[int] = set()
        title = ""
        concepts_node: Node | None = None
        for key_node, value_node in root.value:
            key = key_node.value
            if key == "concepts":
                concepts_node = value_node
            elif key == "title" and isinstance(value_node, ScalarNode):
                title = str(value_node.value)
        if not isinstance(concepts_node, SequenceNode):
            raise InputError(
                "`concepts:` must be a list of concepts",
                path=source,
                line=(concepts_node.start_mark.line + 1) if concepts_node else 1,
                hint="write each concept as a `- label: …` item",
            )
        constructor = SafeConstructor()
        lines = text.splitlines()
        for node in concepts_node.value:
            first, last = _span(node, lines)
            data = constructor.construct_object(node, deep=True)
            entries.append(_entry(data, source, first, last))
            claimed.update(range(first, last + 1))
        unused = [
            Unused(source, number, line.strip(), _why_unused(line))
            for number, line in numbered_lines(text)
            if line.strip() and number not in claimed
        ]
        return entries_and_unused(entries, unused, title)


def _span(node: Node, lines: list[str]) -> tuple[int, int]:
    """Return the 1-based first and last line a node occupies.

    PyYAML ends a block node where the next one starts, so trailing blank and comment
    lines are given back (they are reported on their own).
    """
    first = node.start_mark.line + 1
    end = node.end_mark
    ends_inside = end.line < len(lines) and lines[end.line][: end.column].strip() not in {"", "-"}
    last = min(end.line + 1 if ends_inside else end.line, len(lines))
    while last > first and (not lines[last - 1].strip() or lines[last - 1].lstrip().startswith("#")):
        last -= 1
    return first, max(first, last)


def _why_unused(line: str) -> str:
    stripped = line.strip()
    if stripped.startswith("#"):
        return "comment"
    return "file header (format version, title or the `concepts:` key), not an entry"


def _as_strings(value: object, field: str, source: str, line: int) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str | int | float):
        return (str(value),)
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return tuple(str(v) for v in value)
    raise InputError(
        f"`{field}` must be a string or a list of strings",
        path=source,
        line=line,
        hint=f"write `{field}: [a, b]`",
    )


def _entry(data: object, source: str, first: int, last: int) -> Entry:
    if not isinstance(data, dict):
        raise InputError(
            "each concept must be a mapping of fields",
            path=source,
            line=first,
            hint="write `- label: …` followed by `definition: …`",
        )
    unknown = sorted(set(map(str, data)) - KNOWN_FIELDS)
    if unknown:
        raise InputError(
            f"unknown field(s) {', '.join(unknown)}",
            path=source,
            line=first,
            hint="known fields: " + ", ".join(sorted(KNOWN_FIELDS)),
        )
    label = clean_label(str(data.get("label") or ""))
    definition = str(data.get("definition") or "").strip()
    if not label:
        raise InputError("concept has no `label`", path=source, line=first, hint="add `label: …`")
    if not definition:
        raise InputError(
            f"concept {label!r} has no `definition`",
            path=source,
            line=first,
            hint="add `definition: …`",
        )
    concept_id = str(data.get("id") or "")
    if concept_id and not is_concept_id(concept_id):
        raise InputError(
            f"id {concept_id!r} is not a slug",
            path=source,
            line=first,
            hint="use lowercase letters, digits and hyphens",
        )
    labels_written, _ = parse_term(label)
    extra = [clean_label(x) for x in _as_strings(data.get("labels"), "labels", source, first)]
    labels = tuple(dict.fromkeys([label, *labels_written, *extra]))
    introduced = str(data.get("introduced") or "").strip()
    return Entry(
        source=source,
        line=first,
        end_line=last,
        term=label,
        labels=labels,
        definition=definition,
        locator=Locator(kind="section", text=introduced) if introduced else None,
        see_also=_as_strings(data.get("related"), "related", source, first),
        formulas=_as_strings(data.get("formula"), "formula", source, first),
        links=_as_strings(data.get("links"), "links", source, first),
        language=str(data.get("language") or "en"),
        concept_id=concept_id,
        topics=_as_strings(data.get("topics"), "topics", source, first),
        origin=str(data.get("origin") or ""),
        homonym=bool(data.get("homonym")),
    )
