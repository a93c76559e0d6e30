"""Whether `termbase site` may write into a folder without overwriting files it did not write.

A rebuild overwrites what the last build there wrote (its MANIFEST, or BUILDING for a build
that was stopped half-way, says so). A folder with neither is someone's own: a file there at
a path the site writes (their `index.html`, a `static/style.css`) would be replaced without a
word, so the build is refused instead. Other files there are left alone and do not matter.
Imports only the standard library (checked before the site's code loads).
"""

from __future__ import annotations

from pathlib import Path

from termbase.web.site_manifest import BUILDING, MANIFEST

#: Files a site writes at its top (sitemap.xml and robots.txt with --base-url).
TOP_FILES = (
    "index.html",
    "search.html",
    "stats.html",
    "llms.txt",
    "glossary-data.txt",
    "search-index.js",
    "search-index.json",
    "sitemap.xml",
    "robots.txt",
)
#: Folders of pages a site writes, one page per concept, initial or topic.
PAGE_FOLDERS = ("c", "letter", "topic")
STATIC = Path(__file__).resolve().parent / "static"


def files_in_the_way(out: Path) -> list[str]:
    """Return the paths (relative to `out`) that a first site build there would overwrite."""
    if not out.is_dir() or (out / MANIFEST).exists() or (out / BUILDING).exists():
        return []
    found = [name for name in TOP_FILES if (out / name).exists()]
    found += [f"static/{p.name}" for p in sorted(STATIC.iterdir()) if (out / "static" / p.name).exists()]
    for folder in PAGE_FOLDERS:
        if (out / folder).is_dir():
            found += [f"{folder}/{page.name}" for page in sorted((out / folder).glob("*.html"))]
    return found
