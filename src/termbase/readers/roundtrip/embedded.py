"""The comments termbase's Markdown and Sphinx exports carry, read back.

Each entry of such an export is followed by a comment holding its provenance as JSON and
each concept ends with one holding its id and labels (`termbase.exports.embedded`). With
them, a page for people reads back exactly like the JSON export: the concept becomes an
`ExportedConcept` and `restore.concept_entries` makes its entries.
"""

from __future__ import annotations

import json
import re

from termbase import safe_json
from termbase.errors import InputError
from termbase.exports.embedded import CONCEPT_MARK, ENTRY_MARK
from termbase.model import Entry, is_concept_id
from termbase.readers.roundtrip.restore import ExportedConcept, concept_entries

#: `<!-- termbase-entry {…} -->` (Markdown) or `.. termbase-entry: {…}` (reST), and the same
#: for `termbase-concept`.
EMBEDDED = {
    "markdown": re.compile(rf"^<!-- (?P<mark>{ENTRY_MARK}|{CONCEPT_MARK}) (?P<data>\{{.*\}}) -->\s*$"),
    "rest": re.compile(rf"^\s*\.\. (?P<mark>{ENTRY_MARK}|{CONCEPT_MARK}): (?P<data>\{{.*\}})\s*$"),
}

_HINT = "this comment is written by `termbase export`: export again, or remove the comment"
_LISTS = ("labels", "see_also", "formulas", "links")
_CONCEPT_LISTS = ("labels", "acronyms", "expansions", "topics", "homonym_of")


def embedded(line: str, syntax: str, path: str, number: int) -> tuple[str, dict] | None:
    """Return (mark, data) for a line that is one of the export's comments in `syntax`
    (`markdown` or `rest`), else None.

    Raises InputError when the comment's JSON is malformed or not the shape written.
    """
    match = EMBEDDED[syntax].match(line)
    if not match:
        return None
    mark = match["mark"]
    try:
        data = safe_json.loads(match["data"], path, number)
    except json.JSONDecodeError as error:
        problem = f"malformed JSON in a {mark} comment: {error.msg}"
        raise InputError(problem, path=path, line=number, hint=_HINT) from None
    problem = _entry_problem(data) if mark == ENTRY_MARK else _concept_problem(data)
    if problem:
        raise InputError(f"{mark} comment {problem}", path=path, line=number, hint=_HINT)
    assert isinstance(data, dict)
    return mark, data


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _entry_problem(data: object) -> str:
    if not isinstance(data, dict):
        return "is not a JSON object"
    if not isinstance(data.get("source"), str) or not data["source"]:
        return "has no source path"
    for key in ("line", "end_line"):
        if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool) or data[key] < 0):
            return f"has {key} {data[key]!r}, which is no line number"
    if "line" not in data:
        return "has no line"
    for key in _LISTS:
        if key in data and not _strings(data[key]):
            return f"has a {key} that is not a list of strings"
    for key in ("term", "definition", "origin", "language", "source_title"):
        if key in data and not isinstance(data[key], str):
            return f"has a {key} that is not a string"
    locator = data.get("locator")
    if locator is not None and not (
        isinstance(locator, dict) and all(isinstance(v, str) for v in locator.values())
    ):
        return "has a locator that is not an object of strings"
    return ""


def _concept_problem(data: object) -> str:
    if not isinstance(data, dict):
        return "is not a JSON object"
    if not isinstance(data.get("id"), str) or not is_concept_id(data["id"]):
        return "has an id that is not a slug (lowercase letters, digits and hyphens)"
    if not isinstance(data.get("label"), str) or not data["label"]:
        return "has no label"
    for key in _CONCEPT_LISTS:
        if key in data and not _strings(data[key]):
            return f"has {key} that are not a list of strings"
    return ""


def restored_entries(
    concept: dict, entries: list[dict], spans: list[tuple[int, int]]
) -> list[tuple[Entry, tuple[int, int], tuple[str, str]]]:
    """Return the entries of one exported concept, each with the lines of this file it was
    read from and the (path, title) of the source it cites."""
    exported = ExportedConcept(
        id=concept["id"],
        label=concept["label"],
        labels=list(concept.get("labels") or [concept["label"]]),
        entries=entries,
        topics=list(concept.get("topics", [])),
        homonym_of=list(concept.get("homonym_of", [])),
        acronyms=list(concept.get("acronyms", [])),
        expansions=list(concept.get("expansions", [])),
        span=(spans[0][0], spans[-1][1]),
        entry_spans=spans,
    )
    found = []
    for index, (data, entry) in enumerate(concept_entries(exported)):
        span = spans[min(index, len(spans) - 1)]
        found.append((entry, span, (entry.source, str(data.get("source_title") or ""))))
    return found
