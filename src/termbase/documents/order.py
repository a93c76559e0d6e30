"""The reading order of a book's chapters: where the book states it, else the names, else the command line.

"First introduced" depends on the order, so it is taken from the book's own table of
contents when there is one, tried in this order: a Sphinx `toctree` (from the root
document, depth first) or a master document's includes (AsciiDoc `book.adoc`), MkDocs `nav`,
a Carpentries `config.yaml` episode list, a bookdown `_bookdown.yml`, a Quarto `_quarto.yml`,
a Jupyter Book `_toc.yml`, an mdBook or GitBook `SUMMARY.md`, an O'Reilly Atlas `atlas.json`, a
Hugging Face course `_toctree.yml`, an Antora `nav.adoc`; else numbered file names (`01-intro.md`,
`02-…`); else the order the files were named on the command line. `reading_order` says which it used.
Files the table of contents does not list come after the listed ones, in command-line
order, and the description says how many.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import yaml

#: File suffixes read as chapters.
DOCUMENT_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".rmd", ".qmd", ".rst", ".rest", ".adoc",
                               ".asciidoc", ".asc", ".html", ".htm", ".xhtml", ".ptx", ".ipynb"})
#: Pages that list a book's chapters in order: Sphinx / ReSpec index, mdBook SUMMARY, docsify sidebar.
CONTENTS_PAGES = frozenset({"index", "contents", "summary", "_sidebar", "toc"})
#: File names (without suffix, upper case) of a repository's own papers.
REPOSITORY_FILES = frozenset({
    "README", "LICENSE", "LICENCE", "COPYING", "CODE_OF_CONDUCT", "CONTRIBUTING", "CHANGELOG", "CHANGES",
    "HISTORY", "AUTHORS", "CONTRIBUTORS", "CITATION", "SECURITY", "NEWS", "MAINTAINERS", "SUPPORT",
    "PULL_REQUEST_TEMPLATE", "ISSUE_TEMPLATE",
})
_SKIP_DIRS = frozenset({"_build", "node_modules", "site", "_site", "build", "__pycache__"})
_NUMBERED = re.compile(r"^\d+")
_DIGITS = re.compile(r"(\d+)")


@dataclass(frozen=True, slots=True)
class ReadingOrder:
    """The files in reading order and a sentence saying where the order came from."""

    files: tuple[Path, ...]
    source: str


def natural_key(path: Path) -> tuple[object, ...]:
    """Sort key that puts `2-x` before `10-x`."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(str(path)))


def is_repository_file(path: Path) -> bool:
    """Return True for a repository's own papers (README, LICENSE, CONTRIBUTING …), not chapters."""
    return path.stem.upper().replace("-", "_") in REPOSITORY_FILES


def expand_documents(paths: Sequence[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """Return (chapter files in command-line order, the folders named, repository files left out).

    Folders are walked in sorted order; a repository's README, LICENSE, CONTRIBUTING and the
    like found in them are left out (and returned, so the summary can say so); a file named
    on the command line is always read.
    """
    files: list[Path] = []
    folders: list[Path] = []
    left_out: list[Path] = []
    for path in paths:
        if path.is_dir():
            folders.append(path)
            found = [
                p for p in path.rglob("*")
                if p.suffix.lower() in DOCUMENT_SUFFIXES and p.is_file() and not p.name.startswith(".")
                and not any(part.startswith(".") or part in _SKIP_DIRS for part in p.relative_to(path).parts)
            ]
            left_out.extend(p for p in found if is_repository_file(p))
            files.extend(sorted((p for p in found if not is_repository_file(p)), key=natural_key))
        else:
            files.append(path)
    return files, folders, left_out


#: Suffixes of contents pages whose list is the book's own structure (a toctree, a master's includes).
_INCLUDING_SUFFIXES = frozenset({".rst", ".rest", ".txt", ".adoc", ".asciidoc", ".asc"})


def _key(path: Path) -> str:
    return str(path.resolve())


def _ordered(listed: Sequence[Path], files: Sequence[Path]) -> tuple[list[Path], int]:
    """Return files in the order of `listed`, then the rest; and how many were listed."""
    by_key = {_key(f): f for f in files}
    result: list[Path] = []
    seen: set[str] = set()
    for path in listed:
        key = _key(path)
        if key in by_key and key not in seen:
            seen.add(key)
            result.append(by_key[key])
    count = len(result)
    result.extend(f for f in files if _key(f) not in seen)
    return result, count


def _describe(what: str, count: int, total: int) -> str:
    rest = total - count
    return what + (f"; {rest} file{'s' if rest != 1 else ''} it does not list read after" if rest else "")


def _resolve_entry(base: Path, entry: str, root: Path) -> Path | None:
    entry = entry.strip()
    match = re.match(r"^.*<(?P<target>[^<>]+)>$", entry)
    if match:
        entry = match.group("target")
    if not entry or entry.startswith((":", "http://", "https://")) or entry == "self":
        return None
    candidate = (root / entry.lstrip("/")) if entry.startswith("/") else (base / entry)
    if candidate.is_file():
        return candidate
    for suffix in (".rst", ".md", ".ipynb", ".txt", ".adoc", ".html", ".mdx"):
        with_suffix = candidate.with_name(candidate.name + suffix)
        if with_suffix.is_file():
            return with_suffix
    return None


def _master_document(files: Sequence[Path], tocs: Mapping[str, Sequence[str]]) -> Path | None:
    """Return the file whose table of contents (its includes) lists the most other chapters — at least
    two and half of all the files, so a page that includes a few shared parts is no master — when no
    other file lists it; or None."""
    listing: dict[str, set[str]] = {}
    for file in files:
        entries = tocs.get(_key(file), ())
        children = (_resolve_entry(file.resolve().parent, e, file.resolve().parent) for e in entries)
        listing[_key(file)] = {_key(c) for c in children if c is not None}
    listed_by_others = set().union(*listing.values()) if listing else set()
    known = {_key(f) for f in files}
    best = max((f for f in files if _key(f) not in listed_by_others and len(listing[_key(f)] & known) >= 2),
               key=lambda f: len(listing[_key(f)] & known), default=None)
    if best is None or len(listing[_key(best)] & known) * 2 < len(files) - 1:
        return None
    return best


def _toctree_order(files: Sequence[Path], tocs: Mapping[str, Sequence[str]]) -> list[Path]:
    """Depth-first walk of toctrees from the root document (index/contents), or []."""
    roots = [f for f in files if f.stem.lower() in CONTENTS_PAGES and tocs.get(_key(f))]
    if roots:
        root = min(roots, key=lambda f: len(f.resolve().parts))
    else:  # a master document of another name (AsciiDoc's book.adoc including its chapters)
        root = _master_document(files, tocs)
        if root is None:
            return []
    top = root.resolve().parent
    listed: list[Path] = []
    seen: set[str] = set()

    def visit(doc: Path) -> None:
        key = _key(doc)
        if key in seen:
            return
        seen.add(key)
        listed.append(doc)
        for entry in tocs.get(key, ()):
            child = _resolve_entry(doc.resolve().parent, entry, top)
            if child is not None:
                visit(child)

    visit(root.resolve())
    return listed


def _load_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


def _nav_paths(node: Any) -> list[str]:
    """Return every file path named in an MkDocs nav or a Jupyter Book toc, in order."""
    found: list[str] = []
    if isinstance(node, str):
        found.append(node)
    elif isinstance(node, list):
        for item in node:
            found.extend(_nav_paths(item))
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in {"file", "root"} and isinstance(value, str):
                found.append(value)
            elif key in {"url", "title", "caption", "numbered", "maxdepth", "glob", "external"}:
                continue
            else:
                found.extend(_nav_paths(value))
    return found


def _config_places(folders: Sequence[Path], files: Sequence[Path]) -> list[Path]:
    """Folders where a book's configuration may sit: each folder named, its parent and grandparent."""
    places: list[Path] = []
    starts = list(folders) or sorted({f.parent for f in files}, key=natural_key)[:3]
    for folder in starts:
        resolved = folder.resolve()
        for place in (resolved, resolved.parent, resolved.parent.parent):
            if place not in places:
                places.append(place)
    return places


def _book_chapters(data: Any, place: Path) -> list[Path]:
    """Return the chapter files a bookdown `_bookdown.yml` (`rmd_files`, a list or one per output) or a
    Quarto `_quarto.yml` (`book: chapters:` with parts, then `appendices:`) names, in order."""
    if not isinstance(data, dict):
        return []
    names: list[str] = []
    rmd = data.get("rmd_files")
    if isinstance(rmd, dict):  # one list per output format: the HTML book's, else the first
        rmd = rmd.get("html") or next(iter(rmd.values()), None)
    if isinstance(rmd, list):
        names = [str(n) for n in rmd if isinstance(n, str)]
    names.extend(_quarto_sidebar(data.get("website")))
    book = data.get("book")
    if isinstance(book, dict):
        for key in ("chapters", "appendices"):
            for item in book.get(key) or []:
                if isinstance(item, str):
                    names.append(item)
                elif isinstance(item, dict):
                    parts = [item.get("part"), *(item.get("chapters") or [])]
                    names.extend(str(c) for c in parts if isinstance(c, str))
    return [place / name for name in names if (place / name).is_file()]


def _quarto_sidebar(website: Any) -> list[str]:
    """Return the pages a Quarto website's sidebar lists (`website: sidebar: contents:`, sections nested,
    each page a path or an `href:`), in order; links to other sites are left out."""
    if not isinstance(website, dict):
        return []
    sidebars = website.get("sidebar")
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            if Path(node).suffix.lower() in DOCUMENT_SUFFIXES and "://" not in node:
                found.append(node)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for key in ("href", "file"):
                walk(node.get(key))
            walk(node.get("contents"))

    for sidebar in sidebars if isinstance(sidebars, list) else [sidebars]:
        if isinstance(sidebar, dict):
            walk(sidebar.get("contents"))
    return found


_SUMMARY_LINK = re.compile(
    r"\[(?:[^\]\\]|\\.)*\]\((?:<(?P<bracketed>[^<>]*)>|(?P<target>[^()\s]*))(?:\s+\"[^\"]*\")?\)")
_SUMMARY_LINE = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[")
_ANTORA_XREF = re.compile(r"^\*+\s+xref:(?P<target>[^\[\s]+)\[")


def _existing(paths: Sequence[Path]) -> list[Path]:
    return [p for p in paths if p.is_file()]


def _summary_chapters(summary: Path) -> list[Path]:
    """Return the pages an mdBook or GitBook `SUMMARY.md` lists, in order: its list items and bare link
    lines (prefix chapters); part headings, separators and draft chapters (`[Title]()`) name no file."""
    try:
        lines = summary.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    listed: list[Path] = []
    for line in lines:
        if not _SUMMARY_LINE.match(line):
            continue
        match = _SUMMARY_LINK.search(line)
        link = (match.group("bracketed") or match.group("target") or "") if match else ""
        target = unquote(link.split("#", 1)[0])
        if target and "://" not in target and not target.startswith("mailto:"):
            listed.append(summary.parent / target.lstrip("/"))
    return _existing(listed)


def _atlas_chapters(atlas: Path) -> list[Path]:
    """Return the files an O'Reilly Atlas `atlas.json` lists under `files`, in book order."""
    try:
        data = json.loads(atlas.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    names = data.get("files") if isinstance(data, dict) else None
    if not isinstance(names, list):
        return []
    return _existing([atlas.parent / n for n in names if isinstance(n, str)])


def _hf_toctree_chapters(toctree: Path) -> list[Path]:
    """Return the pages a Hugging Face docs/course `_toctree.yml` names (`local:` paths without suffix,
    in sections nested at any depth), in order."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            if isinstance(node.get("local"), str):
                found.append(node["local"])
            walk(node.get("sections"))

    walk(_load_yaml(toctree))
    resolved = (_resolve_entry(toctree.parent, entry, toctree.parent) for entry in found)
    return [p for p in resolved if p is not None]


def _antora_chapters(nav: Path) -> list[Path]:
    """Return the pages an Antora `nav.adoc` lists (`* xref:page.adoc[]`, nested with more stars), in
    order; a page of this module sits in `pages/` beside the nav file."""
    try:
        lines = nav.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    listed: list[Path] = []
    for line in lines:
        match = _ANTORA_XREF.match(line.strip())
        if match:
            target = match.group("target").split("#", 1)[0]
            if ":" not in target:  # a page of another component or module is not in this folder
                listed.append(nav.parent / "pages" / target)
    return _existing(listed)


def _gitbook_summary(place: Path) -> list[Path]:
    """Return the summary a GitBook `.gitbook.yaml` points to (`root:` and `structure: summary:`), if any."""
    data = _load_yaml(place / ".gitbook.yaml") if (place / ".gitbook.yaml").is_file() else None
    if not isinstance(data, dict):
        return []
    root = place / str(data.get("root") or ".").strip("/")
    structure = data.get("structure")
    name = structure.get("summary") if isinstance(structure, dict) else None
    return [root / str(name or "SUMMARY.md")]


def _stated_chapters(place: Path) -> tuple[list[Path], str]:
    """Return the chapters a book-order file in `place` lists (mdBook/GitBook SUMMARY.md, also in an mdBook's
    `src/`; atlas.json; a Hugging Face _toctree.yml; an Antora nav.adoc) and what it was, or ([], "")."""
    for summary in (place / "SUMMARY.md", place / "src" / "SUMMARY.md", *_gitbook_summary(place)):
        if summary.is_file():
            listed = _summary_chapters(summary)
            if len(listed) >= 2:  # the summary itself, when it is read, comes first: it is the contents
                what = f"the chapter list in {summary.name} (mdBook / GitBook) at {summary}"
                return [summary, *listed], what
    for name, read, what in (("atlas.json", _atlas_chapters, "O'Reilly Atlas file list"),
                             ("_toctree.yml", _hf_toctree_chapters, "Hugging Face table of contents"),
                             ("nav.adoc", _antora_chapters, "Antora navigation")):
        config = place / name
        listed = read(config) if config.is_file() else []
        if listed:
            return listed, f"{what} in {config}"
    return [], ""


def _config_order(places: Sequence[Path]) -> tuple[list[Path], str]:
    for place in places:
        mkdocs = place / "mkdocs.yml"
        if mkdocs.is_file():
            data = _load_yaml(mkdocs)
            if isinstance(data, dict) and data.get("nav"):
                docs = place / str(data.get("docs_dir", "docs"))
                return [docs / p for p in _nav_paths(data["nav"])], "MkDocs nav in " + str(mkdocs)
        config = place / "config.yaml"
        if config.is_file():
            data = _load_yaml(config)
            if isinstance(data, dict) and isinstance(data.get("episodes"), list):
                names = [str(e) for e in data["episodes"]]
                return [place / "episodes" / n for n in names], "Carpentries episode list in " + str(config)
        for name, what in (("_bookdown.yml", "bookdown chapter list"),
                           ("_quarto.yml", "Quarto book chapters or website sidebar")):
            book = place / name
            listed = _book_chapters(_load_yaml(book), place) if book.is_file() else []
            if listed:
                return listed, f"{what} in {book}"
        toc = place / "_toc.yml"
        if toc.is_file():
            data = _load_yaml(toc)
            paths = _nav_paths(data)
            if paths:
                listed = []
                for entry in paths:
                    resolved = _resolve_entry(place, entry, place)
                    if resolved is not None:
                        listed.append(resolved)
                return listed, "Jupyter Book table of contents in " + str(toc)
        listed, what = _stated_chapters(place)
        if listed:
            return listed, what
    return [], ""


def reading_order(
    files: Sequence[Path], folders: Sequence[Path], tocs: Mapping[str, Sequence[str]]
) -> ReadingOrder:
    """Return the files in reading order; `tocs` maps a resolved path to its toctree entries."""
    config, config_what = _config_order(_config_places(folders, files))
    listed = _toctree_order(files, tocs)
    if listed:
        ordered, count = _ordered(listed, files)
        root = listed[0]
        links = root.suffix.lower() not in _INCLUDING_SUFFIXES  # a page of links, not a toctree or includes
        # a page's links give way to the order a configuration file states; when they leave out a third of
        # the chapters named one by one, to the order they were named in (a landing page links a few)
        given = links and (bool(config and _ordered(config, files)[1])
                           or (not folders and count * 3 < len(files) * 2))
        if count >= 2 and not given:
            what = "Sphinx toctree" if root.suffix.lower() in {".rst", ".rest", ".txt"} else \
                f"the chapter list in {root.name}"
            return ReadingOrder(tuple(ordered), _describe(what, count, len(files)))
    listed, what = config, config_what
    if listed:
        ordered, count = _ordered(listed, files)
        if count >= 1:
            return ReadingOrder(tuple(ordered), _describe(what, count, len(files)))
    numbered = [f for f in files if _NUMBERED.match(f.name)]
    if len(files) >= 2 and len(numbered) * 5 >= len(files) * 3:
        return ReadingOrder(tuple(sorted(files, key=natural_key)), "numbered file names")
    return ReadingOrder(tuple(files), "the order named on the command line")
