"""Turn the paths a user names into (path, text) pairs, or clear errors.

Directories are walked for glossary-looking files; binary files, invalid UTF-8, empty
files and missing paths each raise an InputError that says what to do. `-` names standard
input (`curl … | termbase build - --db x.db`), recorded as the source `<stdin>`.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from termbase.errors import InputError
from termbase.limits import Limits, current, over_limit

#: File suffixes a directory walk picks up.
GLOSSARY_SUFFIXES = frozenset(
    {
        ".txt",
        ".md",
        ".markdown",
        ".mdx",  # Markdown with JSX (Docusaurus, MDX sites)
        ".qmd",  # Quarto Markdown
        ".rmd",  # R Markdown
        ".yaml",
        ".yml",
        ".toml",
        ".text",
        ".rst",
        ".adoc",
        ".org",  # Org mode
        ".texi",  # Texinfo
        ".pod",  # Perl POD
        ".js",  # a JavaScript/TypeScript module exporting a glossary literal
        ".mjs",
        ".ts",
        ".sql",  # an SQL dump of INSERT rows
        ".ipynb",  # a Jupyter notebook (its Markdown cells)
        ".typ",  # Typst: a glossary dictionary (glossarium, gloss-awe)
        ".texinfo",
        ".wiki",  # wiki pages (MediaWiki markup, or plain text)
        ".textile",  # Textile pages (Jekyll, Redmine)
        ".mediawiki",
        ".asciidoc",
        ".ptx",
        ".tex",  # LaTeX glossaries package (\newglossaryentry, \newacronym)
        ".bib",  # bib2gls glossary records (@entry, @abbreviation)
        ".xml",
        ".dita",  # DITA topics (glossentry)
        ".sgml",
        ".sgm",
        ".dbk",
        ".docbook",
        ".po",
        ".pot",
        ".ttl",
        ".nt",
        ".rdf",
        ".owl",  # an OWL ontology (RDF/XML or Turtle): classes with labels and descriptions
        ".jsonld",
        ".tbx",
        ".xlf",  # XLIFF
        ".xliff",
        ".html",
        ".htm",
        ".xhtml",
        ".csv",
        ".tsv",
        ".tab",
        ".json",
        ".jsonl",
    }
)

#: The path that names standard input, and the name its text is recorded under.
STDIN, STDIN_NAME = "-", "<stdin>"

#: Files larger than this are refused rather than read into memory (the default of
#: `Limits.max_bytes`; `termbase build --max-file-mb` raises it).
MAX_BYTES = Limits().max_bytes


#: Byte-order marks of the UTF-16 and UTF-32 files some tools write (Excel's "Unicode text").
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
#: An XML declaration naming its encoding (TBX and RDF/XML files may be Latin-1).
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


@dataclass(frozen=True, slots=True)
class SourceText:
    """A file's path as the user named it, and its decoded text.

    `not_utf8` lists (line, first bad byte) for the lines of a mostly-UTF-8 file that were
    not UTF-8: the file is read with U+FFFD in place of their bad bytes, and each is flagged.
    """

    path: str
    text: str
    not_utf8: tuple[tuple[int, int], ...] = ()


class MixedEncodingError(InputError):
    """A file of UTF-8 lines with a few lines in another encoding (see `load_text`)."""

    def __init__(self, message: str, *, path: str, line: int, hint: str, lines: tuple[tuple[int, int], ...]):
        super().__init__(message, path=path, line=line, hint=hint)
        self.lines = lines


def expand_paths(paths: list[str]) -> Iterator[tuple[Path | InputError, bool]]:
    """Yield (file, found in a folder) for each file named and each glossary-looking file
    under each directory named, or (error, False) for a path that cannot be read."""
    for raw in paths:
        path = Path(raw)
        if raw == STDIN:
            yield path, False
        elif not path.exists() and re.match(r"(?i)(https?|ftp)://", raw):
            yield InputError("a web address: termbase reads files", path=raw,
                             hint=f"download it first, e.g. `curl -LO {raw}`, and name the file"), False
        elif not path.exists():
            yield InputError("no such file or directory", path=raw, hint="check the path"), False
        elif path.is_dir():
            found = sorted(p for p in walked_files(path) if _walk_reads(p, path))
            if not found:
                yield (
                    InputError(
                        "directory holds no glossary files",
                        path=raw,
                        hint="termbase reads " + ", ".join(sorted(GLOSSARY_SUFFIXES))
                        + " files, and text files with no suffix",
                    ),
                    False,
                )
            root = path.resolve()
            for file in found:
                if file.resolve().is_relative_to(root):
                    yield file, True
                else:  # a link out of the folder (a downloaded glossary linking to ~/.ssh …)
                    yield (
                        InputError(
                            "a link to a file outside the folder given, not read",
                            path=str(file),
                            hint="copy the file into the folder, or name it on the command line",
                        ),
                        False,
                    )
        else:
            yield path, False


#: Files with no suffix every repository carries that are no glossary (licences, build files,
#: change logs): a folder walk leaves them out, as it leaves out `.png` or `.py` files.
NOT_GLOSSARY_NAMES = frozenset(
    name.casefold()
    for name in (
        "LICENSE", "LICENCE", "COPYING", "COPYRIGHT", "NOTICE", "AUTHORS", "CONTRIBUTORS", "THANKS",
        "CHANGELOG", "ChangeLog", "CHANGES", "NEWS", "HISTORY", "INSTALL", "README", "TODO", "VERSION",
        "Makefile", "GNUmakefile", "Dockerfile", "Containerfile", "Vagrantfile", "Jenkinsfile",
        "Procfile", "Gemfile", "Rakefile", "Pipfile", "CODEOWNERS", "MANIFEST", "BUILD", "WORKSPACE",
    )
)


#: Build, package and tool configuration files whose suffix a glossary may have (`.json`, `.yml`,
#: `.toml`): a folder walk leaves them out too (a JavaScript project's package.json was read as a
#: one-record glossary, its name and description a concept). Named on the command line they are read.
CONFIG_FILE_NAMES = frozenset(
    name.casefold()
    for name in (
        "package.json", "package-lock.json", "npm-shrinkwrap.json", "composer.json", "composer.lock",
        "bower.json", "tsconfig.json", "jsconfig.json", "deno.json", "vercel.json", "renovate.json",
        "lerna.json", "nx.json", "turbo.json", "app.json", "angular.json", "firebase.json",
        "pnpm-lock.yaml", "pnpm-workspace.yaml", "yarn.lock", "pyproject.toml", "poetry.lock", "Pipfile.lock",
        "Cargo.toml", "Cargo.lock", "book.toml", "netlify.toml", "docker-compose.yml", "docker-compose.yaml",
        "compose.yml", "compose.yaml", "environment.yml", "environment.yaml", "codecov.yml", "mkdocs.yml",
        "mkdocs.yaml", "_config.yml", "_quarto.yml", "_toc.yml", "_bookdown.yml", "myst.yml", "config.toml",
        "hugo.toml", "hugo.yaml",
    )
)


#: Folders of tools, not of a project's own texts: a folder walk leaves them out (named on
#: the command line they are read). A project root's .venv held 800 files a walk read as
#: 322,048 concepts in four minutes (package data, time-zone tables, wheel metadata).
TOOL_FOLDER_NAMES = frozenset({"node_modules", "__pycache__", "site-packages", "bower_components"})


#: The manifest `termbase site` leaves in its folder (see web.site_manifest): its pages are
#: termbase's output, and a walk read its index.html and search.js as glossaries.
SITE_MANIFEST = ".termbase-site"


def is_tool_folder(folder: Path) -> bool:
    """Return True for a folder a walk leaves out: hidden (`.git`, `.venv`, `.tox`), a virtual
    environment (it holds `pyvenv.cfg`), installed packages (`node_modules`) or a static site
    `termbase site` wrote."""
    return (
        folder.name.startswith(".")
        or folder.name in TOOL_FOLDER_NAMES
        or (folder / "pyvenv.cfg").is_file()
        or (folder / SITE_MANIFEST).is_file()
    )


def walked_files(root: Path) -> Iterator[Path]:
    """Yield every file under `root` (links to files too, not into linked folders), leaving out
    the folders of tools (see `is_tool_folder`) below it."""
    for folder, subfolders, names in os.walk(root):
        here = Path(folder)
        subfolders[:] = [name for name in subfolders if not is_tool_folder(here / name)]
        for name in names:
            file = here / name
            if file.is_file():
                yield file


def left_out_folders(paths: list[str] | tuple[str, ...]) -> list[Path]:
    """Return the tool folders (see `is_tool_folder`) a walk of the folders named leaves out,
    the outermost of each, for the build to say so."""
    found: list[Path] = []
    for raw in paths:
        root = Path(raw)
        if raw == STDIN or not root.is_dir():
            continue
        for folder, subfolders, _names in os.walk(root):
            here = Path(folder)
            found += [here / name for name in subfolders if is_tool_folder(here / name)]
            subfolders[:] = [name for name in subfolders if not is_tool_folder(here / name)]
    return sorted(found)


def _walk_reads(file: Path, root: Path) -> bool:
    """Return True for a file a folder walk reads: a glossary suffix, or no suffix at all
    (`doc/GLOSSARY`) when it is text, not a script (`#!`), not a file every repository carries
    and not under a hidden folder (`.git/HEAD`)."""
    if file.name.casefold() in CONFIG_FILE_NAMES:
        return False
    if file.suffix.lower() in GLOSSARY_SUFFIXES:
        return True
    if file.suffix or file.name.casefold() in NOT_GLOSSARY_NAMES:
        return False
    if any(part.startswith(".") for part in file.relative_to(root).parts):
        return False
    try:
        with file.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return True  # read anyway: load_text says what is wrong with it
    return bool(head.strip()) and b"\0" not in head and not head.startswith(b"#!")  # a script, no glossary


def input_folders(paths: list[str] | tuple[str, ...]) -> tuple[Path, ...]:
    """Return the folders named sources live in: a folder named, or a named file's folder.

    Files a source refers to (a Markdown page's related terms) must lie inside one of them.
    """
    folders = []
    for raw in paths:
        if raw == STDIN:
            continue
        path = Path(raw)
        folders.append(path if path.is_dir() else path.parent)
    return tuple(folders)


def load_text(path: Path) -> SourceText:
    """Return the file's text, or raise InputError for binary, non-UTF-8 or empty files."""
    name = str(path)
    limit = current().max_bytes
    if name == STDIN:
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise over_limit("standard input is too large", "max_bytes", path=STDIN_NAME)
        text = decode(data, STDIN_NAME)
        if not text.strip():
            raise InputError("standard input is empty", path=STDIN_NAME, hint="pipe a glossary into it")
        return SourceText(STDIN_NAME, text)
    try:
        status = path.stat()
        if stat.S_ISCHR(status.st_mode) or stat.S_ISBLK(status.st_mode):  # /dev/zero never ends
            raise InputError("is a device, not a file", path=name, hint="name a glossary file")
        if status.st_size > limit:
            raise over_limit(f"file is {status.st_size // (1024 * 1024)} MiB", "max_bytes", path=name)
        with path.open("rb") as handle:  # a pipe (`<(command)`) has no size: read at most the limit
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise over_limit(f"file is over {limit // (1024 * 1024)} MiB", "max_bytes", path=name)
    except PermissionError:
        raise InputError("permission denied", path=name, hint="check the file's permissions") from None
    except IsADirectoryError:
        raise InputError("is a directory", path=name, hint="name the files inside it") from None
    bad: tuple[tuple[int, int], ...] = ()
    try:
        text = decode(data, name)
    except MixedEncodingError as error:  # a few lines in another encoding: read the rest, flag them
        text, bad = data.decode("utf-8-sig", errors="replace"), error.lines
    if not text.strip():
        raise InputError("file is empty", path=name, hint="add glossary entries or leave it out")
    return SourceText(name, text, bad)


#: What a document of an office program is, by suffix, and how to get a file termbase reads.
_OFFICE = {
    (".docx", ".doc", ".odt", ".pages"): (
        "a word-processor document", "save it as a web page (.html) or plain text (.txt) and build that"
    ),
    (".xlsx", ".xls", ".ods", ".numbers"): (
        "a spreadsheet", "save it as CSV (UTF-8) and build that: a term column and a definition column"
    ),
}


def _office_document(data: bytes, name: str) -> tuple[str, str] | None:
    """Return (what it is, what to do) for a PDF or an office program's document, else None:
    a glossary kept in Word, Excel or a PDF is common, and "binary file" or "not UTF-8" said
    nothing of what to do with it."""
    if data.startswith(b"%PDF-"):
        return "a PDF", "copy its text out, or export the glossary from its source as text, HTML or CSV"
    if not data.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):  # zip (docx, xlsx, odt…), OLE (doc, xls)
        return None
    suffix = Path(name).suffix.lower()
    return next((found for suffixes, found in _OFFICE.items() if suffix in suffixes), None)


def decode(data: bytes, name: str) -> str:
    """Return the text of a file's bytes: UTF-8 (BOM or not), UTF-16/32 with a BOM, or the
    encoding an XML declaration names; otherwise raise InputError saying which lines are not UTF-8.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError as error:
                raise InputError(
                    f"invalid {encoding.upper()} after its byte-order mark (at byte {error.start})",
                    path=name,
                    hint="re-save the file as UTF-8",
                ) from None
    office = _office_document(data, name)
    if office:
        raise InputError(f"{office[0]}, not a text glossary", path=name, hint=office[1])
    if b"\x00" in data[:8192]:
        raise InputError("binary file, not a text glossary", path=name, hint="pass a text file")
    declared = _XML_ENCODING.match(data[:200])
    if declared and codecs.lookup(declared.group(1).decode()).name not in {"utf-8", "utf-8-sig"}:
        try:
            return data.decode(declared.group(1).decode())
        except (UnicodeDecodeError, LookupError):
            pass  # the declaration is wrong: judge the bytes as UTF-8 below
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _not_utf8(data, error, name) from None


def _not_utf8(data: bytes, error: UnicodeDecodeError, name: str) -> InputError:
    """Return the error for bytes that are not UTF-8: first bad line, how many, likely encoding."""
    bad_lines = []
    bad_bytes = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as bad:
            bad_lines.append(number)
            bad_bytes.append(raw[bad.start])
    mixed = len(bad_lines) < sum(1 for raw in data.split(b"\n") if max(raw, default=0) >= 0x80)
    shown = ", ".join(map(str, bad_lines[:8])) + (", …" if len(bad_lines) > 8 else "")
    more = f" on {len(bad_lines)} lines ({shown})" if len(bad_lines) > 1 else ""
    invalid = f"invalid UTF-8 (byte 0x{data[error.start]:02x}){more}"
    if mixed:
        message = f"the file mixes UTF-8 with another encoding: {invalid}"
        hint = "the other lines are UTF-8: convert only the lines named (a whole-file iconv garbles the rest)"
    else:
        message = f"the file is not UTF-8: {invalid}"
        hint = "re-save the file as UTF-8, e.g. `iconv -f WINDOWS-1252 -t UTF-8 FILE > FILE.utf8`"
    first = bad_lines[0] if bad_lines else data[: error.start].count(b"\n") + 1
    if mixed:
        lines = tuple(zip(bad_lines, bad_bytes, strict=True))
        return MixedEncodingError(message, path=name, line=first, hint=hint, lines=lines)
    return InputError(message, path=name, line=first, hint=hint)
