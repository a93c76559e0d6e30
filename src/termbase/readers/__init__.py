"""The reader registry: every shape termbase can read, and how one is picked for a file.

`pick_reader(text)` asks every reader how sure it is (`detect`) and takes the surest,
as Pygments' `guess_lexer` does; `get_reader(name)` lets the user name the shape.
"""

from __future__ import annotations

from termbase.errors import InputError, NotAGlossaryError
from termbase.readers.alternating import AlternatingReader
from termbase.readers.asciidoc_glossary import AsciiDocGlossaryReader
from termbase.readers.base import Reader
from termbase.readers.blank_blocks import BlankBlocksReader
from termbase.readers.data_glossary import JsonGlossaryReader, YamlGlossaryReader
from termbase.readers.html_glossary import HtmlGlossaryReader
from termbase.readers.introduced_bullets import IntroducedBulletsReader
from termbase.readers.jsonl_export import TermbaseJsonlReader
from termbase.readers.markdown_bold import MarkdownBoldReader
from termbase.readers.markdown_deflist import MarkdownDeflistReader
from termbase.readers.markdown_frontmatter import MarkdownFrontMatterReader
from termbase.readers.markdown_headings import MarkdownHeadingsReader
from termbase.readers.markdown_table import MarkdownTableReader
from termbase.readers.module_extract import ModuleExtractReader
from termbase.readers.own_csv import TermbaseCsvReader
from termbase.readers.own_json import TermbaseJsonLdReader, TermbaseJsonReader
from termbase.readers.own_rdf import TermbaseSkosReader
from termbase.readers.own_tbx import TermbaseTbxReader
from termbase.readers.pretext_glossary import PreTeXtGlossaryReader
from termbase.readers.skos_glossary import SkosReader
from termbase.readers.sphinx_glossary import SphinxGlossaryReader
from termbase.readers.suffix_locator import SuffixLocatorReader
from termbase.readers.table_glossary import TableGlossaryReader
from termbase.readers.tbx_glossary import TbxReader
from termbase.readers.termbase_yaml import TermbaseYamlReader

READERS: tuple[Reader, ...] = (
    TermbaseYamlReader(),
    # termbase's own exports, read back with their provenance
    TermbaseJsonReader(), TermbaseJsonLdReader(), TermbaseCsvReader(), TermbaseSkosReader(),
    TermbaseTbxReader(),
    HtmlGlossaryReader(), TableGlossaryReader(), JsonGlossaryReader(), YamlGlossaryReader(),
    MarkdownBoldReader(), MarkdownHeadingsReader(), MarkdownDeflistReader(),
    MarkdownTableReader(), MarkdownFrontMatterReader(),
    SuffixLocatorReader(),
    IntroducedBulletsReader(),
    ModuleExtractReader(),
    BlankBlocksReader(),
    AlternatingReader(),
    SphinxGlossaryReader(),
    AsciiDocGlossaryReader(),
    PreTeXtGlossaryReader(),
    SkosReader(),
    TbxReader(),
    TermbaseJsonlReader(),
)

#: Below this confidence no reader is trusted to have recognised the file.
MIN_CONFIDENCE = 0.3

#: Readers judge a file by its first this many characters (cut at a line end).
DETECT_SAMPLE_CHARS = 40_000


def reader_names() -> list[str]:
    """Return the names of all readers, in registry order."""
    return [reader.name for reader in READERS]


def get_reader(name: str) -> Reader:
    """Return the reader called `name`, or raise InputError listing the valid names."""
    for reader in READERS:
        if reader.name == name:
            return reader
    raise InputError(
        f"unknown format {name!r}",
        hint="use one of: " + ", ".join(reader_names()),
    )


def detection_sample(text: str) -> str:
    """Return the head of `text` that readers judge it by: whole lines, about 40 kB."""
    if len(text) <= DETECT_SAMPLE_CHARS:
        return text
    cut = text.rfind("\n", 0, DETECT_SAMPLE_CHARS)
    return text[: cut if cut > 0 else DETECT_SAMPLE_CHARS]


def rank_readers(text: str) -> list[tuple[float, Reader]]:
    """Return (confidence, reader) for every reader, surest first, judged on the file's head."""
    sample = detection_sample(text)
    scored = [(reader.detect(sample), reader) for reader in READERS]
    return sorted(scored, key=lambda pair: -pair[0])


def pick_reader(text: str, path: str = "") -> Reader:
    """Return the reader surest of `text`, or raise InputError if none is sure enough."""
    confidence, reader = rank_readers(text)[0]
    if confidence < MIN_CONFIDENCE:
        raise NotAGlossaryError(
            "no reader recognises this file as a glossary",
            path=path,
            hint="name its shape with --format (`termbase formats` lists them)",
        )
    return reader
