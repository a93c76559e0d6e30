"""The reading order of a book's chapters: where the book states it, else the names, else the command line.

"First introduced" depends on the order, so it is taken from the book's own table of
contents when there is one, tried in this order: a Sphinx `toctree` (from the root
document, depth first; `:glob:` patterns expanded; reST or a MyST `{toctree}` fence) or a master
document's includes (AsciiDoc `book.adoc`), MkDocs `nav` (nested sections, `!include` of another
`mkdocs.yml`, MkDocs' own YAML tags read), a Carpentries `config.yaml` episode list, a bookdown
`_bookdown.yml` (`rmd_files`, else bookdown's default), a Quarto `_quarto.yml`, a Jupyter Book
`_toc.yml` (v1, with globs) or `myst.yml` (Jupyter Book 2), an mdBook or GitBook `SUMMARY.md`,
Docusaurus `sidebars.js`/`.ts`/`.json`, an O'Reilly Atlas `atlas.json`, a Hugging Face course
`_toctree.yml`, an Antora `nav.adoc`; else numbered file names (`01-intro.md`,
`02-…`); else, for a folder, file names with a preface first and appendices or a glossary last; else
the order the files were named on the command line. `reading_order` says which it used.
Files the table of contents does not list come after the listed ones, in command-line
order, and the description says how many.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import yaml

from termbase.readers.data.code_literal import code_literal_tree

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
    #: One note per entry of the stated order that names a file which is not there.
    missing: tuple[str, ...] = ()


def natural_key(path: Path) -> tuple[object, ...]:
    """Sort key that puts `2-x` before `10-x`."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(str(path)))


def is_repository_file(path: Path) -> bool:
    """Return True for a repository's own papers (README, LICENSE, CONTRIBUTING …), not chapters."""
    return path.stem.upper().replace("-", "_") in REPOSITORY_FILES


def expand_documents(paths: Sequence[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """Return (chapter files in command-line order, the folders named, repository files left out).

    Folders are walked in sorted order; a repository's README, LICENSE, CONTRIBUTING and the
    like found in them are left out (and returned, so the summary can say so) unless the book's
    stated order names them (an mdBook's `[Introduction](README.md)`); a file named on the command
    line is always read.
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
            repository = [p for p in found if is_repository_file(p)]
            if repository:  # an mdBook's README.md is its introduction when its SUMMARY.md lists it
                listed = {_key(p) for p in _config_order(_config_places([path], []))[0]}
                repository = [p for p in repository if _key(p) not in listed]
            left_out.extend(repository)
            files.extend(sorted((p for p in found if p not in repository), key=natural_key))
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


_WILDCARD = re.compile(r"[*?\[]")


def _resolve_entries(base: Path, entry: str, root: Path) -> list[Path]:
    """Return the chapter(s) a table-of-contents entry names: one path, or for a glob pattern (a Sphinx
    toctree's `:glob:` entry such as `recipes/*`) every chapter file it matches, in natural order."""
    entry = entry.strip()
    if not _WILDCARD.search(entry) or "://" in entry:
        found = _resolve_entry(base, entry, root)
        return [found] if found is not None else []
    folder, pattern = (root, entry.lstrip("/")) if entry.startswith("/") else (base, entry)
    found = [*folder.glob(pattern), *folder.glob(pattern + ".*")]  # a docname pattern names no suffix
    matches = [p for p in found if p.is_file() and p.suffix.lower() in DOCUMENT_SUFFIXES]
    return sorted(dict.fromkeys(matches), key=natural_key)


def _names_file(entry: str) -> bool:
    """Return True if a table-of-contents entry names one file (no link elsewhere, option or pattern)."""
    entry = entry.strip()
    match = re.match(r"^.*<(?P<target>[^<>]+)>$", entry)
    entry = match.group("target").strip() if match else entry
    return bool(entry) and entry != "self" and "://" not in entry and not entry.startswith((":", "mailto:")) \
        and not _WILDCARD.search(entry)


def _missing_note(order_file: Path, target: str) -> str:
    """Return the note for an entry of `order_file` naming `target`, a file not there (its line if found)."""
    try:
        lines = order_file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    line = next((n for n, text in enumerate(lines, 1) if target in text), 0)
    where = f"{order_file}:{line}" if line else str(order_file)
    return f"{where}: names {target}, which is not in the book — fix the entry or add the file"


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


def _toctree_order(
    files: Sequence[Path], tocs: Mapping[str, Sequence[str]], misses: list[str] | None = None
) -> list[Path]:
    """Depth-first walk of toctrees from the root document (index/contents), or []; an entry naming no file
    there is a note in `misses`."""
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
            children = _resolve_entries(doc.resolve().parent, entry, top)
            if not children and misses is not None and _names_file(entry):
                misses.append(_missing_note(doc, entry.strip()))
            for child in children:
                visit(child)

    visit(root.resolve())
    return listed


class _ConfigLoader(yaml.SafeLoader):
    """A safe YAML loader that reads a book configuration's own tags as plain values: MkDocs' `!ENV`
    (its default), `!relative` and `!!python/name:` (the name as text), and `!include FILE` as the text
    `!include FILE` (the MkDocs monorepo's nested nav), instead of failing on the whole file."""


def _tagged_value(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        return f"!include {value}" if suffix == "include" else value
    if isinstance(node, yaml.SequenceNode):
        values = loader.construct_sequence(node, deep=True)
        return values[-1] if suffix == "ENV" and values else values  # `!ENV [NAME, default]`: the default
    return loader.construct_mapping(node, deep=True)


_ConfigLoader.add_multi_constructor("!", _tagged_value)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _tagged_value)


def _load_yaml(path: Path) -> Any:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader)  # a SafeLoader
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


def _nav_paths(node: Any) -> list[str]:
    """Return every file path (or wildcard pattern) named in an MkDocs nav or a Jupyter Book toc (`_toc.yml`
    of Jupyter Book 1, the `project: toc:` of a Jupyter Book 2 / MyST `myst.yml`), in order."""
    found: list[str] = []
    if isinstance(node, str):
        found.append(node)
    elif isinstance(node, list):
        for item in node:
            found.extend(_nav_paths(item))
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in {"file", "root", "glob", "pattern"} and isinstance(value, str):
                found.append(value)  # a glob or pattern (Jupyter Book) names its files by wildcards
            elif key in {"url", "title", "caption", "numbered", "maxdepth", "external"}:
                continue
            else:
                found.extend(_nav_paths(value))
    return found


def _toc_files(node: Any) -> set[str]:
    """Return the values of a Jupyter Book toc's `file:` and `root:` keys (its other strings are settings)."""
    if isinstance(node, list):
        return set().union(*(_toc_files(item) for item in node)) if node else set()
    if isinstance(node, dict):
        named = {v for k, v in node.items() if k in {"file", "root"} and isinstance(v, str)}
        return named.union(*(_toc_files(v) for v in node.values()))
    return set()


#: How deep MkDocs configurations may `!include` one another (a loop stops there).
_INCLUDE_DEPTH = 8


def _mkdocs_pages(config: Path, depth: int = 0, misses: list[str] | None = None) -> list[Path]:
    """Return the pages an MkDocs `nav` names, sections nested at any depth, in order; a section that is
    `!include path/mkdocs.yml` (the monorepo plugin) gives that configuration's pages from its own docs
    folder; links to other sites are left out."""
    data = _load_yaml(config)
    if not isinstance(data, dict) or not data.get("nav"):
        return []
    docs = config.parent / str(data.get("docs_dir") or "docs")
    pages: list[Path] = []
    for entry in _nav_paths(data["nav"]):
        entry = entry.strip()
        if entry.startswith("!include"):
            included = config.parent / entry[len("!include"):].strip()
            if depth < _INCLUDE_DEPTH and included.is_file():
                pages.extend(_mkdocs_pages(included, depth + 1, misses))
        elif "://" not in entry and not entry.startswith("mailto:"):
            pages.append(docs / entry.lstrip("/"))
            if misses is not None and not pages[-1].is_file() and _names_file(entry):
                misses.append(_missing_note(config, entry))
    return pages


def _mkdocs_default(config: Path) -> list[Path]:
    """Return the pages of an MkDocs site with no `nav`, in the order MkDocs shows them: a folder's own
    pages (its index or README first) before its subfolders', each sorted by name."""
    data = _load_yaml(config)
    if not isinstance(data, dict) or data.get("nav"):
        return []
    docs = config.parent / str(data.get("docs_dir") or "docs")
    if not docs.is_dir():
        return []
    pages = [p for p in docs.rglob("*.md") if p.is_file()
             and not any(part.startswith((".", "_")) for part in p.relative_to(docs).parts)]

    def key(page: Path) -> tuple[object, ...]:
        parts = page.relative_to(docs).parts
        return (tuple(part.lower() for part in parts[:-1]), page.stem.lower() not in {"index", "readme"},
                parts[-1].lower())

    return sorted(pages, key=key)


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


def _book_chapters(
    data: Any, place: Path, misses: list[str] | None = None, config: Path | None = None
) -> list[Path]:
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
                elif isinstance(item, dict):  # a part (a title or a page) and its chapters; `href:` pages
                    parts = [*(item.get(k) for k in ("part", "href", "file")), *(item.get("chapters") or [])]
                    names.extend(c if isinstance(c, str) else str(c.get("href") or c.get("file") or "")
                                 for c in parts if isinstance(c, str | dict))
    if misses is not None and config is not None:
        misses.extend(_missing_note(config, name) for name in names if not (place / name).is_file()
                      and Path(name).suffix.lower() in DOCUMENT_SUFFIXES and _names_file(name))
    return [place / name for name in names if (place / name).is_file()]


def _bookdown_default(place: Path) -> list[Path]:
    """Return the chapters bookdown merges when `_bookdown.yml` names none: the `.Rmd` files beside it by
    name, those starting with `_` left out, `index.Rmd` first."""
    rmd = sorted((p for p in place.iterdir() if p.suffix.lower() == ".rmd" and p.is_file()
                  and not p.name.startswith("_")), key=lambda p: p.name)
    return sorted(rmd, key=lambda p: p.stem.lower() != "index")


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


def _existing(paths: Sequence[Path], misses: list[str] | None = None, order_file: Path | None = None,
              written: Sequence[str] = ()) -> list[Path]:
    """Return the paths that are files; others (as `written` in `order_file`) are notes in `misses`."""
    if misses is not None and order_file is not None:
        misses.extend(_missing_note(order_file, name) for path, name in zip(paths, written, strict=True)
                      if not path.is_file())
    return [p for p in paths if p.is_file()]


def _summary_chapters(summary: Path, misses: list[str] | None = None) -> list[Path]:
    """Return the pages an mdBook or GitBook `SUMMARY.md` lists, in order: its list items and bare link
    lines (prefix chapters); part headings, separators and draft chapters (`[Title]()`) name no file."""
    try:
        lines = summary.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    listed: list[Path] = []
    written: list[str] = []
    for line in lines:
        if not _SUMMARY_LINE.match(line):
            continue
        match = _SUMMARY_LINK.search(line)
        link = (match.group("bracketed") or match.group("target") or "") if match else ""
        target = unquote(link.split("#", 1)[0])
        if target and "://" not in target and not target.startswith("mailto:"):
            listed.append(summary.parent / target.lstrip("/"))
            written.append(link.split("#", 1)[0])
    return _existing(listed, misses, summary, written)


def _atlas_chapters(atlas: Path, misses: list[str] | None = None) -> list[Path]:
    """Return the files an O'Reilly Atlas `atlas.json` lists under `files`, in book order."""
    try:
        data = json.loads(atlas.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    names = data.get("files") if isinstance(data, dict) else None
    if not isinstance(names, list):
        return []
    written = [n for n in names if isinstance(n, str)]
    # Atlas makes its own pages (cover, title page, index) from templates: an entry of a kind no present
    # chapter is (`ix.html` among AsciiDoc chapters) is one of those, not a missing chapter
    kinds = {Path(n).suffix.lower() for n in written if (atlas.parent / n).is_file()}
    named = [n for n in written if Path(n).suffix.lower() in kinds]
    _existing([atlas.parent / n for n in named], misses, atlas, named)
    return _existing([atlas.parent / n for n in written])


def _hf_toctree_chapters(toctree: Path, misses: list[str] | None = None) -> list[Path]:
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
    resolved = [(_resolve_entry(toctree.parent, entry, toctree.parent), entry) for entry in found]
    if misses is not None:
        misses.extend(_missing_note(toctree, e) for p, e in resolved if p is None and _names_file(e))
    return [p for p, _ in resolved if p is not None]


def _antora_chapters(nav: Path, misses: list[str] | None = None) -> list[Path]:
    """Return the pages an Antora `nav.adoc` lists (`* xref:page.adoc[]`, nested with more stars), in
    order; a page of this module sits in `pages/` beside the nav file."""
    try:
        lines = nav.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    listed: list[Path] = []
    written: list[str] = []
    for line in lines:
        match = _ANTORA_XREF.match(line.strip())
        if match:
            target = match.group("target").split("#", 1)[0]
            if ":" not in target:  # a page of another component or module is not in this folder
                listed.append(nav.parent / "pages" / target)
                written.append(target)
    return _existing(listed, misses, nav, written)


def _gitbook_summary(place: Path) -> list[Path]:
    """Return the summary a GitBook `.gitbook.yaml` points to (`root:` and `structure: summary:`), if any."""
    data = _load_yaml(place / ".gitbook.yaml") if (place / ".gitbook.yaml").is_file() else None
    if not isinstance(data, dict):
        return []
    root = place / str(data.get("root") or ".").strip("/")
    structure = data.get("structure")
    name = structure.get("summary") if isinstance(structure, dict) else None
    return [root / str(name or "SUMMARY.md")]


#: Docusaurus' number prefix of a doc's file or folder name (`01-intro.md` has the id `intro`).
_NUMBER_PREFIX = re.compile(r"^(?P<number>\d+)\s*[-_.]+\s*(?=[^-_.\s])")
_FRONT_MATTER_FIELD = re.compile(
    r"^(?P<key>id|sidebar_position)\s*:\s*['\"]?(?P<value>[^'\"\n#]*?)['\"]?\s*$", re.MULTILINE)
_DOC_SUFFIXES = frozenset({".md", ".mdx"})


def _front_matter(path: Path) -> dict[str, str]:
    """Return a doc's `id` and `sidebar_position` front-matter fields (as text), if it has them."""
    try:
        head = path.read_text(encoding="utf-8")[:4000]
    except (OSError, UnicodeDecodeError):
        return {}
    if not head.startswith("---"):
        return {}
    end = head.find("\n---", 3)
    block = head[3:end] if end > 0 else ""
    return {m.group("key"): m.group("value").strip() for m in _FRONT_MATTER_FIELD.finditer(block)}


def _position(path: Path) -> float:
    """Return where Docusaurus puts a doc or folder in an autogenerated sidebar: its `sidebar_position`,
    a folder's `_category_` position, else its number prefix, else after the numbered ones."""
    found: str | None = None
    if path.is_dir():
        for name in ("_category_.json", "_category_.yml", "_category_.yaml"):
            data = _load_yaml(path / name) if (path / name).is_file() else None  # JSON is YAML too
            if isinstance(data, dict) and data.get("position") is not None:
                found = str(data["position"])
    else:
        found = _front_matter(path).get("sidebar_position")
    number = _NUMBER_PREFIX.match(path.name)
    for value in (found, number.group("number") if number else None):
        try:
            return float(value) if value is not None else math.inf
        except ValueError:
            continue
    return math.inf


def _autogenerated(folder: Path) -> list[Path]:
    """Return the docs under `folder` in the order an autogenerated Docusaurus sidebar shows them."""
    if not folder.is_dir():
        return []
    found: list[Path] = []
    entries = [e for e in folder.iterdir() if not e.name.startswith(("_", "."))
               and (e.is_dir() or e.suffix.lower() in _DOC_SUFFIXES)]
    def is_category_index(entry: Path) -> bool:  # the category's own page: index, README, the folder's name
        return entry.is_file() and entry.stem.lower() in {"index", "readme", folder.name.lower()}

    for entry in sorted(entries, key=lambda e: (not is_category_index(e), _position(e), natural_key(e))):
        found.extend(_autogenerated(entry) if entry.is_dir() else [entry])
    return found


def _doc_ids(docs: Path) -> dict[str, Path]:
    """Return each doc under a Docusaurus docs folder by its id: its path without the suffix, number
    prefixes dropped and its last part replaced by a front-matter `id`; the plain path is kept too."""
    ids: dict[str, Path] = {}
    for path in sorted(docs.rglob("*"), key=natural_key):
        parts = list(path.relative_to(docs).with_suffix("").parts)
        hidden = any(part in _SKIP_DIRS or part.startswith(".") for part in parts)
        if path.suffix.lower() not in _DOC_SUFFIXES or hidden or not path.is_file():
            continue
        ids.setdefault("/".join(parts), path)
        parts = [_NUMBER_PREFIX.sub("", part) or part for part in parts]
        parts[-1] = _front_matter(path).get("id") or parts[-1]
        ids.setdefault("/".join(parts), path)
    return ids


_SIDEBAR_SUFFIXES = ("js", "ts", "json", "mjs", "cjs")
_QUOTED = re.compile(r"([\"'`])((?:\\.|(?!\1)[^\\\n])*)\1")


def _sidebar_items(node: Any, ids: Mapping[str, Path], docs: Path) -> list[Path]:
    """Return the docs a Docusaurus sidebar (or a part of it) lists, in order."""
    if isinstance(node, str):
        return [ids[node]] if node in ids else []
    if isinstance(node, list):
        return [doc for item in node for doc in _sidebar_items(item, ids, docs)]
    if not isinstance(node, dict):
        return []
    kind = node.get("type")
    if kind in {"doc", "ref"}:
        return _sidebar_items(node.get("id"), ids, docs)
    if kind == "autogenerated":
        return _autogenerated(docs / str(node.get("dirName") or ".").strip("/"))
    if kind == "category":
        return [*_sidebar_items(node.get("link"), ids, docs), *_sidebar_items(node.get("items"), ids, docs)]
    if kind is not None:  # a link to elsewhere, raw HTML, a generated index page
        return []
    return [doc for value in node.values() for doc in _sidebar_items(value, ids, docs)]  # {label: [items]}


def _docusaurus_chapters(sidebars: Path, misses: list[str] | None = None) -> list[Path]:
    """Return the docs a Docusaurus `sidebars.js` / `.ts` / `.json` lists, every sidebar in turn, in order.

    The sidebars object is read as data (JSON5: unquoted keys, comments, trailing commas); one built by
    code is read by the doc ids it quotes, in the order they appear. (A doc id it does not know is not
    reported in `misses`: a quoted string in a sidebar built by code need not be an id.)
    """
    place = sidebars.parent  # beside the docs folder, or in a `website/` folder beside it
    docs = next((d for d in (place / "docs", place.parent / "docs") if d.is_dir()), place)
    ids = _doc_ids(docs)
    try:
        text = sidebars.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    data: Any = None
    if sidebars.suffix == ".json":
        try:
            data = json.loads(text)
        except ValueError:
            data = None
    else:
        tree = code_literal_tree(text)
        data = tree.value if tree is not None else None
    listed = _sidebar_items(data, ids, docs) if data is not None else \
        [ids[m.group(2)] for m in _QUOTED.finditer(text) if m.group(2) in ids]
    return list(dict.fromkeys(listed))


def _stated_chapters(place: Path, misses: list[str] | None = None) -> tuple[list[Path], str]:
    """Return the chapters a book-order file in `place` lists (mdBook/GitBook SUMMARY.md, also in an mdBook's
    `src/`; Docusaurus sidebars; atlas.json; a Hugging Face _toctree.yml; an Antora nav.adoc) and what it
    was, or ([], ""). Entries of the file used that name no file there are notes in `misses`."""
    for summary in (place / "SUMMARY.md", place / "src" / "SUMMARY.md", *_gitbook_summary(place)):
        if summary.is_file():
            found: list[str] = []
            listed = _summary_chapters(summary, found)
            if len(listed) >= 2:  # the summary itself, when it is read, comes first: it is the contents
                if misses is not None:
                    misses.extend(found)
                what = f"the chapter list in {summary.name} (mdBook / GitBook) at {summary}"
                return [summary, *listed], what
    sidebars = (f"{folder}sidebars.{suffix}" for folder in ("", "website/") for suffix in _SIDEBAR_SUFFIXES)
    for name, read, what in (*((name, _docusaurus_chapters, "Docusaurus sidebars") for name in sidebars),
                             ("atlas.json", _atlas_chapters, "O'Reilly Atlas file list"),
                             ("_toctree.yml", _hf_toctree_chapters, "Hugging Face table of contents"),
                             ("nav.adoc", _antora_chapters, "Antora navigation")):
        config = place / name
        found = []
        listed = read(config, found) if config.is_file() else []
        if listed:
            if misses is not None:
                misses.extend(found)
            return listed, f"{what} in {config}"
    return [], ""


def _config_order(places: Sequence[Path], misses: list[str] | None = None) -> tuple[list[Path], str]:
    """Return the chapters a book configuration found in `places` lists and what it was, or ([], ""); the
    entries of the one used that name no file there are notes in `misses`."""
    for place in places:
        mkdocs = place / "mkdocs.yml"
        if mkdocs.is_file():
            found: list[str] = []
            pages = _mkdocs_pages(mkdocs, 0, found)
            if pages:
                if misses is not None:
                    misses.extend(found)
                return pages, "MkDocs nav in " + str(mkdocs)
            pages = _mkdocs_default(mkdocs)
            if pages:
                return pages, f"MkDocs' own order without a nav (index first, then by path) in {mkdocs}"
        config = place / "config.yaml"
        if config.is_file():
            data = _load_yaml(config)
            if isinstance(data, dict) and isinstance(data.get("episodes"), list):
                names = [str(e) for e in data["episodes"]]
                if misses is not None:
                    misses.extend(_missing_note(config, n) for n in names
                                  if not (place / "episodes" / n).is_file() and _names_file(n))
                return [place / "episodes" / n for n in names], "Carpentries episode list in " + str(config)
        for name, what in (("_bookdown.yml", "bookdown chapter list"),
                           ("_quarto.yml", "Quarto book chapters or website sidebar")):
            book = place / name
            found = []
            listed = _book_chapters(_load_yaml(book), place, found, book) if book.is_file() else []
            if listed:
                if misses is not None:
                    misses.extend(found)
                return listed, f"{what} in {book}"
            if name == "_bookdown.yml" and book.is_file():  # no rmd_files: bookdown's own rule
                listed = _bookdown_default(place)
                if listed:
                    return listed, f"bookdown's default order (index.Rmd, then by file name) beside {book}"
        for toc, what in ((place / "_toc.yml", "Jupyter Book table of contents"),
                          (place / "myst.yml", "Jupyter Book 2 / MyST table of contents")):
            data = _load_yaml(toc) if toc.is_file() else None
            if toc.name == "myst.yml":
                project = data.get("project") if isinstance(data, dict) else None
                data = project.get("toc") if isinstance(project, dict) else None
            entries = [(entry, _resolve_entries(place, entry, place)) for entry in _nav_paths(data)]
            listed = [p for _, paths in entries for p in paths]
            if listed:
                if misses is not None:
                    named = _toc_files(data)
                    misses.extend(_missing_note(toc, entry.strip()) for entry, paths in entries
                                  if not paths and entry in named and _names_file(entry))
                return listed, f"{what} in {toc}"
        listed, what = _stated_chapters(place, misses)
        if listed:
            return listed, what
    return [], ""


#: File names of a book's front matter (read first) and back matter (read last) when only names give the
#: order: by name, `appa_review.adoc` and `glossary.md` sort before `ch01.adoc`, and `preface.adoc` after
#: `ch14.adoc`.
_FRONT_MATTER = re.compile(r"^(?:\d+[-_. ]*)?(?:preface|foreword|prologue|preamble)(?:[-_. ]|$)", re.I)
_BACK_MATTER = re.compile(
    r"^(?:\d+[-_. ]*)?(?:appendix|appendices|app[a-z](?:[-_. ]|$)|glossary|afterword|epilogue|colophon|"
    r"bibliography)", re.I)


def _matter_placed(files: Sequence[Path]) -> list[Path]:
    """Return the files with front matter (preface, foreword) first and back matter (appendices, a
    glossary, an afterword) last, each group keeping its order."""
    front = [f for f in files if _FRONT_MATTER.match(f.stem)]
    back = [f for f in files if _BACK_MATTER.match(f.stem) and f not in front]
    return [*front, *(f for f in files if f not in front and f not in back), *back]


def reading_order(
    files: Sequence[Path], folders: Sequence[Path], tocs: Mapping[str, Sequence[str]],
    stated: Collection[str] = (),
) -> ReadingOrder:
    """Return the files in reading order; `tocs` maps a resolved path to its toctree entries, and `stated`
    holds the resolved paths whose entries are a toctree written in Markdown (MyST), not a page's links."""
    config_misses: list[str] = []
    toc_misses: list[str] = []
    config, config_what = _config_order(_config_places(folders, files), config_misses)
    listed = _toctree_order(files, tocs, toc_misses)
    if listed:
        ordered, count = _ordered(listed, files)
        root = listed[0]
        # a page of links, not a toctree or includes
        links = root.suffix.lower() not in _INCLUDING_SUFFIXES and _key(root) not in stated
        # a page's links give way to the order a configuration file states; when they leave out a third of
        # the chapters named one by one, to the order they were named in (a landing page links a few)
        given = links and (bool(config and _ordered(config, files)[1])
                           or (not folders and count * 3 < len(files) * 2))
        if count >= 2 and not given:
            toctree = root.suffix.lower() in {".rst", ".rest", ".txt"} or _key(root) in stated
            what = f"Sphinx toctree in {root}" if toctree else \
                f"the chapter list in {root.name}"
            missing = tuple(dict.fromkeys(toc_misses)) if not links else ()  # a page's links may go anywhere
            return ReadingOrder(tuple(ordered), _describe(what, count, len(files)), missing)
    listed, what = config, config_what
    if listed:
        ordered, count = _ordered(listed, files)
        if count >= 1:
            missing = tuple(dict.fromkeys(config_misses))
            return ReadingOrder(tuple(ordered), _describe(what, count, len(files)), missing)
    numbered = [f for f in files if _NUMBERED.match(f.name)]
    if len(files) >= 2 and len(numbered) * 5 >= len(files) * 3:
        return ReadingOrder(tuple(_matter_placed(sorted(files, key=natural_key))), "numbered file names")
    if folders:  # a folder's files come sorted by name, which is no order of the book's
        placed = _matter_placed(files)
        if placed != list(files):
            what = "file names (front matter first, appendices and back matter last)"
            return ReadingOrder(tuple(placed), what)
    by_name = ", each folder's files by name" if folders else ""  # a folder was named, not its files
    return ReadingOrder(tuple(files), f"the order named on the command line{by_name}")
