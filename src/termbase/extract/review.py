"""The review file: candidates below the confidence line, as Markdown in the order of the book.

`review_markdown` writes one `### [ ] term` item per candidate under its chapter, with
its confidence, where it is (file:line, section, address), its evidence, the definition
it would get and the sentence it came from. An author ticks `[x]` on the items to keep,
may edit the term and the definition lines, and passes the file back with
`termbase extract … --accept review.md`; `read_accepted` reads the ticked items back.

Terms kept in the termbase that no sentence of the text explains follow in a second part,
with the sentence of their first use: ticking one with a definition written in gives it one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from termbase.errors import InputError
from termbase.extract import ExtractedEntry
from termbase.labels import parse_term
from termbase.model import Entry, Locator

_ITEM = re.compile(r"^###\s+\[(?P<mark>[ xX])\]\s+(?P<term>\S.*?)\s*$")
_FIELD = re.compile(r"^-\s+(?P<name>[a-z ]+):\s?(?P<value>.*)$")
_CHAPTER = re.compile(r"^##\s+(?P<title>.*?)\s+\((?P<path>[^()]*)\)\s*$")
_WHERE = re.compile(r"^(?P<path>.+?):(?P<line>\d+)(?:\s+§\s+(?P<section>.*))?$")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def review_markdown(items: Sequence[ExtractedEntry], min_confidence: float, accept_command: str,
                    unexplained: Sequence[ExtractedEntry] = ()) -> str:
    """Return the review file for `items` (already in book order), then the kept `unexplained`
    entries; `accept_command` is the command line that adds the ticked items to the same termbase."""
    lines = [
        "# termbase extract: candidates to review",
        "",
        f"These {len(items)} candidates scored below {min_confidence:.2f} and were kept out of the termbase.",
        "To keep one, change its `[ ]` to `[x]` (edit the term or the definition line first if you like),",
        f"then run `{accept_command}`.",
        "",
    ]
    lines += _items(items)
    if unexplained:
        lines += [
            "# Kept without an explaining sentence",
            "",
            f"These {len(unexplained)} terms are in the termbase, but no sentence of the text says what",
            "they are: each is kept with the sentence of its first use and no definition. To give one a",
            "definition, write it on its definition line, change its `[ ]` to `[x]` and pass this file",
            "back with --accept.",
            "",
        ]
        lines += _items(unexplained)
    return "\n".join(lines).rstrip() + "\n"


def _items(items: Sequence[ExtractedEntry]) -> list[str]:
    """Return the Markdown of review items under their chapters' headings."""
    lines: list[str] = []
    chapter = None
    for item in items:
        if item.chapter != chapter:
            chapter = item.chapter
            lines += [f"## {_one_line(item.chapter_title)} ({item.chapter})", ""]
        where = f"{item.chapter}:{item.line}" + (f" § {_one_line(item.section)}" if item.section else "")
        lines += [
            f"### [ ] {_one_line(item.term)}",
            "",
            f"- confidence: {item.confidence:.2f}",
            f"- where: {where}",
        ]
        if item.url:
            lines.append(f"- url: {item.url}")
        if len(item.labels) > 1:
            lines.append(f"- labels: {' | '.join(_one_line(label) for label in item.labels)}")
        lines += [
            f"- evidence: {'; '.join(item.evidence)}",
            f"- definition: {_one_line(item.definition)}",
            f"- sentence: {_one_line(item.first_use or item.sentence)}",
            "",
        ]
    return lines


def read_accepted(path: Path) -> list[Entry]:
    """Return an entry for each ticked item of a review file.

    Raises InputError (with the line) for a ticked item without a `where` or `definition`,
    and for a file that holds no review item at all (not a review file).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read the review file: {(error.strerror or str(error)).lower()}",
                         path=str(path), hint="pass the file `--review` wrote") from None
    except UnicodeDecodeError:
        raise InputError("cannot read the review file: it is not UTF-8 text", path=str(path),
                         hint="pass the file `--review` wrote") from None
    entries: list[Entry] = []
    item: dict[str, str] | None = None
    start = 0
    chapter_title = ""

    def finish() -> None:
        if item is None:
            return
        where = _WHERE.match(item.get("where", ""))
        if where is None or not item.get("definition", "").strip():
            raise InputError("an accepted item needs its 'where' (file:line) and 'definition' lines",
                             path=str(path), line=start, hint="restore the lines the review file had")
        term = item["term"]
        labels = tuple(item["labels"].split(" | ")) if item.get("labels") else parse_term(term)[0] or (term,)
        if term not in labels:
            labels = (term, *labels)
        section = (where.group("section") or "").strip()
        title = item.get("chapter", "") or where.group("path")
        locator = Locator(kind="section" if section else "chapter",
                          text=title + (f" § {section}" if section else ""),
                          title=section or title, url=item.get("url", ""))
        line = int(where.group("line"))
        entries.append(Entry(source=where.group("path"), line=line, end_line=line, term=term, labels=labels,
                             definition=item["definition"].strip(), locator=locator, origin="extracted"))

    items_seen = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        heading = _ITEM.match(raw)
        items_seen += heading is not None
        if heading or raw.startswith("## "):
            finish()
            item = None
            chapter = _CHAPTER.match(raw)
            if chapter:
                chapter_title = chapter.group("title")
            if heading and heading.group("mark") in "xX":
                item, start = {"term": heading.group("term"), "chapter": chapter_title}, number
            continue
        field = _FIELD.match(raw.strip())
        if item is not None and field:
            item[field.group("name").strip()] = field.group("value")
    finish()
    if not items_seen:
        raise InputError("is not a review file: it holds no `### [ ] term` item",
                         path=str(path),
                         hint="pass --accept the file that `termbase extract --review FILE` wrote")
    return entries
