"""`termbase glossify` on files: check every input first, then write each output atomically.

Every input is read and checked (readable, UTF-8 or the charset an HTML page declares,
Markdown or HTML by its name, writable for `--in-place`) before anything is written, so a
bad input leaves every file as it was. Each output is written to a temporary file beside it
and renamed over the target.
"""

from __future__ import annotations

import codecs
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from termbase.errors import InputError
from termbase.glossify import asset_files
from termbase.glossify.html import glossify_document
from termbase.glossify.linker import Linker
from termbase.glossify.markdown import glossify_markdown
from termbase.matcher import TermMatcher

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdown", ".mkd", ".mkdn"})
HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})
ASSET_DIR = "termbase-assets"


@dataclass(frozen=True, slots=True)
class Page:
    """One input page: where it is read from, where it goes, its kind and text."""

    source: Path
    target: Path
    kind: str
    text: str
    relative: str = ""  # its path under the folder that holds every input (for --pages globs)
    encoding: str = "utf-8"  # an HTML page is written back in the charset its <meta> declares


@dataclass(frozen=True, slots=True)
class Written:
    """What glossify did to one page."""

    source: Path
    target: Path
    links: int
    terms: tuple[str, ...]


def expand_inputs(paths: Sequence[Path], out_dir: Path | None = None) -> list[Path]:
    """Return the files named, with folders replaced by the Markdown and HTML files in them.

    A folder walk leaves out the folders of tools (`.venv`, `node_modules`, hidden ones, a
    `termbase site`: see sources.is_tool_folder, which the command reports) and the `--out`
    folder when it lies inside (its pages were read back as inputs: out/out/a.md on a rerun).
    """
    from termbase.sources import walked_files

    out = out_dir.resolve() if out_dir is not None else None
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            pages = [p for p in walked_files(path) if p.suffix.lower() in MARKDOWN_SUFFIXES | HTML_SUFFIXES]
            found.extend(sorted(p for p in pages if out is None or not p.resolve().is_relative_to(out)))
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in MARKDOWN_SUFFIXES:
        return "markdown"
    if suffix in HTML_SUFFIXES:
        return "html"
    raise InputError(
        "not a Markdown or HTML page",
        path=str(path),
        hint=f"glossify reads {', '.join(sorted(MARKDOWN_SUFFIXES | HTML_SUFFIXES))} files",
    )


def _declared_encoding(data: bytes) -> str:
    """Return the charset an HTML page's bytes declare (BOM or <meta>, as lxml reads it), or ""."""
    import lxml.html

    try:
        found = lxml.html.document_fromstring(data).getroottree().docinfo.encoding or ""
    except (ValueError, lxml.etree.ParserError):
        return ""
    # lxml falls back to ISO-8859-1 for a page that declares nothing: only a name the page spells counts
    return found if found.lower().encode("ascii", "ignore") in data[:16384].lower() else ""


def _read(path: Path, kind: str = "markdown") -> tuple[str, str]:
    """Return the page's text and the encoding to write it back in."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path=str(path), hint="check the path") from None
    except IsADirectoryError:
        raise InputError("is a folder", path=str(path), hint="name files, or a folder to glossify") from None
    except PermissionError:
        raise InputError(
            "cannot be read (no permission)", path=str(path), hint="check its permissions"
        ) from None
    except OSError as error:
        raise InputError(f"cannot be read ({error.strerror})", path=str(path)) from None
    if b"\x00" in data:
        raise InputError("is a binary file, not a Markdown or HTML page", path=str(path))
    declared = _declared_encoding(data) if kind == "html" and not data.startswith(b"\xef\xbb\xbf") else ""
    encoding = "utf-8"
    if declared:
        try:
            encoding = codecs.lookup(declared).name
        except LookupError:
            raise InputError(f"declares a charset Python does not know ({declared!r})", path=str(path),
                             hint="fix its <meta charset>, or save it as UTF-8") from None
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        if encoding != "utf-8":
            raise InputError(f"is not {declared} text, as its <meta> says", path=str(path), line=line,
                             hint="fix its <meta charset> to the encoding it is saved in") from None
        hint = "declare its charset in <meta charset> or save it as UTF-8" if kind == "html" else (
            "save it as UTF-8 and try again")
        raise InputError("is not UTF-8 text", path=str(path), line=line, hint=hint) from None


def _read_only(path: Path) -> bool:
    mode = path.stat().st_mode
    return not (mode & stat.S_IWUSR) or not os.access(path, os.W_OK)


def plan_pages(paths: Sequence[Path], out_dir: Path | None, in_place: bool) -> list[Page]:
    """Return the pages to write, or raise InputError listing every problem found."""
    files = expand_inputs(paths, out_dir)
    if not files:
        raise InputError("no Markdown or HTML files to glossify", hint="name files or folders that hold them")
    if out_dir is not None and in_place:
        raise InputError("--out and --in-place both given", hint="pick one")
    if out_dir is None and not in_place:
        raise InputError("say where the pages go", hint="pass --out DIR, or --in-place to rewrite them")
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise InputError("exists and is not a folder", path=str(out_dir), hint="pass --out a folder path")
    base = Path(os.path.commonpath([str(p.resolve().parent) for p in files]))
    problems: list[InputError] = []
    pages: list[Page] = []
    for path in files:
        try:
            kind = _kind(path)
            text, encoding = _read(path, kind)
            if in_place and _read_only(path):
                raise InputError(
                    "is read-only, so it cannot be glossified in place",
                    path=str(path),
                    hint="make it writable, or write copies with --out DIR",
                )
        except InputError as error:
            problems.append(error)
            continue
        # In place, a link is written through to its file, as an editor would: renaming over the
        # link replaced it with a copy and left the file it named as it was.
        if in_place:
            target = path.resolve() if path.is_symlink() else path
        else:
            target = out_dir / path.resolve().relative_to(base)  # type: ignore[operator]
        if not in_place and target.resolve() == path.resolve():
            problems.append(
                InputError("--out would overwrite the input", path=str(path), hint="use --in-place for that")
            )
            continue
        pages.append(Page(path, target, kind, text, path.resolve().relative_to(base).as_posix(), encoding))
    if problems:
        raise GlossifyInputErrors(tuple(problems))
    return pages


class GlossifyInputErrors(InputError):
    """Several inputs are wrong; `problems` holds one error each. Nothing was written."""

    def __init__(self, problems: tuple[InputError, ...]) -> None:
        self.problems = problems
        if len(problems) == 1:
            only = problems[0]
            super().__init__(only.message, path=only.path, line=only.line, hint=only.hint)
        else:
            super().__init__(
                f"{len(problems)} inputs cannot be glossified, so nothing was written",
                hint="fix the files listed above",
            )


def write_atomically(target: Path, text: str, like: Path | None = None, encoding: str = "utf-8") -> None:
    """Write `text` to `target` through a temporary file in its folder and a rename. In another
    encoding than UTF-8 (an HTML page's own), a character it lacks is written as a character reference."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        errors = "strict" if encoding == "utf-8" else "xmlcharrefreplace"
        with os.fdopen(handle, "w", encoding=encoding, errors=errors, newline="") as stream:
            stream.write(text)
        if like is not None and like.exists():
            shutil.copymode(like, temporary)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def glossify_pages(
    pages: Sequence[Page],
    matcher: TermMatcher,
    url: Callable[[str, str], str],
    first: str = "section",
    tooltips: bool = True,
    assets_root: Path | None = None,
    among: Callable[[str], Callable[[tuple[str, ...]], tuple[str, ...]] | None] | None = None,
) -> list[Written]:
    """Glossify and write each page; return what was done. `url(concept, page folder)` is where
    a concept's links go, as seen from a page in that folder. With `tooltips`, HTML pages load
    the tooltip script and style from `assets_root/termbase-assets/` (copied there). `among(page
    path)` narrows the concepts a label may name on a page (glossaries for some pages only)."""
    written: list[Written] = []
    asset_dir = (assets_root / ASSET_DIR) if (tooltips and assets_root is not None) else None
    html_pages = [p for p in pages if p.kind == "html"]
    if asset_dir is not None and html_pages:
        for asset in asset_files():
            write_atomically(asset_dir / asset.name, asset.read_text(encoding="utf-8"))
    for page in pages:
        page_dir = str(page.target.parent.resolve())
        narrowing = among(page.relative) if among is not None else None
        linker = Linker(matcher, lambda key, d=page_dir: url(key, d), first, among=narrowing)
        if page.kind == "markdown":
            text = glossify_markdown(page.text, linker, titles=tooltips)
        else:
            head = ""
            if asset_dir is not None and "termbase-tooltips.js" not in page.text:
                rel = Path(os.path.relpath(asset_dir.resolve(), page_dir)).as_posix()
                head = (
                    f'<link rel="stylesheet" href="{rel}/termbase-tooltips.css">'
                    f'<script defer src="{rel}/termbase-tooltips.js"></script>'
                )
            text = glossify_document(page.text, linker, tooltips, head)
        write_atomically(page.target, text, like=page.source, encoding=page.encoding)
        used = tuple(sorted(linker.used))
        written.append(Written(page.source, page.target, sum(linker.used.values()), used))
    return written
