"""Digests of what each concept page is made from, so a site rebuild rewrites only the pages
whose inputs changed.

A concept page is made from the concept's rows (the concept, its labels, its entries with
their source's path and title, every relation from or to it), the labels and summaries the
page shows of other concepts, its contradictions, and the site around it (title, A–Z bar,
language, address, the code and templates). `concept_digests` hashes the first group per
concept, read in a few whole-table queries, without building the concept records;
`site_fingerprint` hashes the rest, which every page shares. Two builds that agree on both
write the same page; any difference, even one that would not show, rewrites it.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

import termbase as package
from termbase.store import Termbase
from termbase.web.pages import SiteData


def _digest(value: object) -> str:
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Return a hash of termbase's own source files, templates and static files: a new
    version of the code (which may render any page differently) rebuilds every page."""
    root = Path(package.__file__).parent
    hasher = hashlib.blake2b(digest_size=16)
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".html", ".css", ".js") and "__pycache__" not in path.parts:
            hasher.update(str(path.relative_to(root)).encode())
            hasher.update(path.read_bytes())
    return hasher.hexdigest()


def site_fingerprint(*parts: object) -> str:
    """Return a hash of what every page of a site shares (`parts`) and of the code."""
    return _digest((code_fingerprint(), parts))


def concept_digests(termbase: Termbase, data: SiteData) -> dict[str, str]:
    """Return, per concept id, a digest of everything its page is made from."""
    db = termbase.db
    rows: dict[str, list[object]] = {}
    for row in db.execute("SELECT *, homonym_of FROM concepts"):
        rows[row[0]] = [row]
    for row in db.execute("SELECT * FROM labels ORDER BY rowid"):
        rows[row[0]].append(row)
    entries = db.execute(
        """SELECT ce.concept_id, s.path, s.title, e.* FROM concept_entries ce
           JOIN entries e ON e.id = ce.entry_id JOIN sources s ON s.id = e.source_id
           ORDER BY s.id, e.line, e.id"""
    )
    for row in entries:
        rows[row[0]].append(row)
    shown = data.by_id
    for row in db.execute("SELECT * FROM relations"):
        from_id, to_id = row[0], row[1]
        # Each side's page shows the other side's label (in the site's language).
        other = shown.get(to_id)
        rows[from_id].append((row, other.label if other else to_id))
        other = shown.get(from_id)
        rows[to_id].append((row, other.label if other else from_id))
    digests = {}
    for concept_id, parts in rows.items():
        homonyms = parts[0][-1]  # type: ignore[index]
        if homonyms != "[]":
            parts.append([shown[i].label if i in shown else i for i in json.loads(str(homonyms))])
        summary = shown.get(concept_id)
        parts.append((summary.label, summary.summary) if summary else None)
        parts.append(data.conflicts.get(concept_id))
        digests[concept_id] = _digest(parts)
    return digests
