"""The static site: every page of the web app as files that work opened from disk.

Links are relative (`c/<id>.html`, `../letter/A.html`), so the folder works from any file
host or straight from `file://`. Search as you type uses `search-index.js`, which defines
`window.TERMBASE_INDEX` (file:// pages cannot fetch JSON); `search-index.json` holds the
same data for other tools.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from termbase.store import Termbase
from termbase.web.llms import concept_block, glossary_data_header, llms_txt
from termbase.web.pages import (
    Links,
    SiteData,
    concept_page,
    home_page,
    letter_page,
    search_page,
    stats_page,
    topic_file,
    topic_page,
)
from termbase.web.render import STATIC_DIR, az_bar, render_page

STATIC_FILES = ("style.css", "search.js")


@dataclass(frozen=True, slots=True)
class SiteSummary:
    """What `write_site` wrote."""

    out: Path
    pages: int
    files: int
    seconds: float


def search_index(data: SiteData) -> dict[str, object]:
    """Return the static search index: `concepts` as [id, label, [labels], summary] rows."""
    return {
        "version": 1,
        "concepts": [
            [s.id, s.label, data.labels.get(s.id, [s.label]), s.summary[:120]] for s in data.summaries
        ],
    }


def write_site(termbase: Termbase, out: Path, title: str = "", language: str = "") -> SiteSummary:
    """Write the static site of `termbase` into the folder `out`; return what was written.

    With `language`, every page shows labels and definitions in it where the termbase has
    them, else in English.
    """
    started = time.perf_counter()
    data = SiteData.load(termbase, title, language)
    top, nested = Links(root="", static=True), Links(root="../", static=True)
    base_top = {"site": data, "links": top, "suggest_url": ""}
    base_nested = {"site": data, "links": nested, "suggest_url": ""}
    for folder in ("c", "letter", "topic", "static"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    pages = 0

    def write(path: Path, text: str) -> None:
        path.write_text(text, encoding="utf-8")

    write(out / "index.html", render_page("home.html", {**base_top, **home_page(data)}))
    write(out / "stats.html", render_page("stats.html", {**base_top, **stats_page(data)}))
    write(out / "search.html", render_page("search.html", {**base_top, **search_page(data, "", [])}))
    pages += 3
    for initial in data.letters:
        view = letter_page(data, initial) or {}
        write(
            out / "letter" / f"{initial}.html",
            render_page("letter.html", {**base_nested, **view, "current_letter": initial}),
        )
        pages += 1
    for topic in data.topics:
        write(
            out / "topic" / f"{topic_file(topic)}.html",
            render_page("topic.html", {**base_nested, **(topic_page(data, topic) or {})}),
        )
        pages += 1
    base_concept = {**base_nested, "az_bar": az_bar(tuple(data.letters), nested)}
    blocks = []
    for record in termbase.concept_records():
        view = concept_page(data, record)
        write(
            out / "c" / f"{record.id}.html",
            render_page("concept.html", {**base_concept, **view, "description": view["summary"]}),
        )
        blocks.append(concept_block(record))
        pages += 1
    write(out / "glossary-data.txt", glossary_data_header(data.title) + "\n" + "\n\n".join(blocks) + "\n")
    write(out / "llms.txt", llms_txt(data, top))
    index = json.dumps(search_index(data), ensure_ascii=False, separators=(",", ":"))
    write(out / "search-index.json", index)
    write(out / "search-index.js", f"window.TERMBASE_INDEX = {index};\n")
    for name in STATIC_FILES:
        shutil.copyfile(STATIC_DIR / name, out / "static" / name)
    files = pages + 4 + len(STATIC_FILES)
    return SiteSummary(out=out, pages=pages, files=files, seconds=time.perf_counter() - started)
