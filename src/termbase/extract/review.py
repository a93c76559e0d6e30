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


#: The first line of every review file (what tells one from a user's own Markdown file).
REVIEW_TITLE = "# termbase extract: candidates to review"


def ticked_items(text: str) -> list[str]:
    """Return the lines of each item ticked `[x]` in a review file, each under its chapter's heading
    (so that `read_accepted` reads them back the same when they are written into a new file)."""
    lines: list[str] = []
    chapter_line, shown_chapter, inside = "", "", False
    for raw in text.splitlines():
        heading = _ITEM.match(raw)
        if heading or raw.startswith("#"):
            inside = bool(heading and heading.group("mark") in "xX")
            if _CHAPTER.match(raw):
                chapter_line = raw
            if inside:
                if chapter_line != shown_chapter:
                    lines += [chapter_line, ""]
                    shown_chapter = chapter_line
                lines.append(raw)
            continue
        if inside:
            lines.append(raw)
    return lines


def ticked_to_keep(review_file: Path, accept: Sequence[Path]) -> list[str]:
    """Return the ticked items of the review file `--review` is about to replace, to write again.

    A review file holds an author's decisions: overwriting its ticks drops them, and the next
    `--accept` of it then drops those terms from the termbase. A file passed to `--accept` as
    well keeps its ticked items (written again at the end of the new file); otherwise one with
    ticked items, or a file that is no review file at all, is refused (InputError) before
    anything is written.
    """
    try:
        text = review_file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except UnicodeDecodeError:
        text = "\0"  # not text: certainly not a review file
    except OSError:
        return []  # a folder or an unreadable path: writing it fails with its own clear line
    if text.strip() and not text.startswith(REVIEW_TITLE):
        raise InputError("is not a review file, and --review would overwrite it", path=str(review_file),
                         hint="pass --review a new file name")
    ticked = ticked_items(text)
    if ticked and review_file.resolve() not in {path.resolve() for path in accept}:
        count = sum(1 for line in ticked if _ITEM.match(line))
        raise InputError(
            f"holds {count} item{'s' if count != 1 else ''} ticked [x] that --review would overwrite",
            path=str(review_file),
            hint=f"pass --accept {review_file} as well (ticked items stay ticked), or --review another file",
        )
    return ticked


def _one_line(text: str) -> str:
    return " ".join(text.split())


def review_markdown(items: Sequence[ExtractedEntry], min_confidence: float, accept_command: str,
                    unexplained: Sequence[ExtractedEntry] = (), accepted: Sequence[str] = ()) -> str:
    """Return the review file for `items` (already in book order), then the kept `unexplained`
    entries, then the lines of the `accepted` items (see `ticked_to_keep`); `accept_command` is
    the command line that adds the ticked items to the same termbase."""
    these = f"These {len(items)} candidates scored" if len(items) != 1 else "This 1 candidate scored"
    lines = [
        REVIEW_TITLE,
        "",
        f"{these} below {min_confidence:.2f} and {'was' if len(items) == 1 else 'were'} kept out of the "
        "termbase.",
        "To keep one, change its `[ ]` to `[x]` (edit the term or the definition line first if you like),",
        f"then run `{accept_command}`.",
        "",
    ]
    lines += _items(items)
    if unexplained:
        one = len(unexplained) == 1
        lines += [
            "# Kept without an explaining sentence",
            "",
            ("This 1 term is" if one else f"These {len(unexplained)} terms are")
            + " in the termbase, but no sentence of the text says what",
            f"{'it is' if one else 'they are'}: each is kept with the sentence of its first use and no "
            "definition. To give one a",
            "definition, write it on its definition line, change its `[ ]` to `[x]` and pass this file",
            "back with --accept.",
            "",
        ]
        lines += _items(unexplained)
    if accepted:
        lines += [
            "# Accepted",
            "",
            "These items were ticked and are in the termbase: keep them ticked, so that the command",
            "above adds them again.",
            "",
            *accepted,
        ]
    return "\n".join(lines).rstrip() + "\n"


def _said_once(evidence: Sequence[str]) -> list[str]:
    """Return the evidence without an item another one says more fully ("the section heading names it"
    beside "the section heading names it and the text below explains it"), each once."""
    kept: list[str] = []
    for said in evidence:
        if said not in kept and not any(other != said and other.startswith(said) for other in evidence):
            kept.append(said)
    return kept


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
            f"- evidence: {'; '.join(_said_once(item.evidence))}",
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
