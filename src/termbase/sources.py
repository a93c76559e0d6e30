"""Turn the paths a user names into (path, text) pairs, or clear errors.

Directories are walked for glossary-looking files; binary files, invalid UTF-8, empty
files and missing paths each raise an InputError that says what to do.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from termbase.errors import InputError

#: File suffixes a directory walk picks up.
GLOSSARY_SUFFIXES = frozenset(
    {".txt", ".md", ".markdown", ".yaml", ".yml", ".text", ".rst", ".adoc", ".asciidoc", ".ptx",
     ".ttl", ".nt", ".rdf", ".jsonld", ".tbx",
     ".html", ".htm", ".xhtml", ".csv", ".tsv", ".tab", ".json", ".jsonl"}
)

#: Files larger than this are refused rather than read into memory.
MAX_BYTES = 200 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class SourceText:
    """A file's path as the user named it, and its decoded text."""

    path: str
    text: str


def expand_paths(paths: list[str]) -> Iterator[Path | InputError]:
    """Yield each file named, each glossary-looking file under each directory, or an error."""
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            yield InputError("no such file or directory", path=raw, hint="check the path")
        elif path.is_dir():
            found = sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in GLOSSARY_SUFFIXES
            )
            if not found:
                yield InputError(
                    "directory holds no glossary files",
                    path=raw,
                    hint="termbase reads " + ", ".join(sorted(GLOSSARY_SUFFIXES)) + " files",
                )
            yield from found
        else:
            yield path


def load_text(path: Path) -> SourceText:
    """Return the file's text, or raise InputError for binary, non-UTF-8 or empty files."""
    name = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(
                f"file is {size // (1024 * 1024)} MiB, over the {MAX_BYTES // (1024 * 1024)} MiB limit",
                path=name,
                hint="split it into smaller files",
            )
        data = path.read_bytes()
    except PermissionError:
        raise InputError(
            "permission denied", path=name, hint="check the file's permissions"
        ) from None
    except IsADirectoryError:
        raise InputError("is a directory", path=name, hint="name the files inside it") from None
    if b"\x00" in data[:8192]:
        raise InputError("binary file, not a text glossary", path=name, hint="pass a text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(
            f"invalid UTF-8 (byte 0x{data[error.start]:02x})",
            path=name,
            line=line,
            hint="re-save the file as UTF-8",
        ) from None
    if not text.strip():
        raise InputError("file is empty", path=name, hint="add glossary entries or leave it out")
    return SourceText(name, text)
