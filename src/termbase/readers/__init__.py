"""The reader registry: every shape termbase can read, and how one is picked for a file.

`pick_reader(text)` asks every reader how sure it is (`detect`) and takes the surest,
as Pygments' `guess_lexer` does; `get_reader(name)` lets the user name the shape.

Readers live by family: `pages/` (plain page shapes: term lines, bullets, blocks),
`markup/` (Markdown, reST/Sphinx, AsciiDoc, HTML, PreTeXt, DocBook, LaTeX), `data/` (CSV/TSV, JSON, YAML),
`standards/` (SKOS, TBX) and `roundtrip/` (termbase's own exports). Helpers they share sit
here: `base` (the Reader protocol and line bookkeeping), `page_text` (page furniture: titles,
dividers, tidying) and `record_fields` (named fields of a record turned into an entry).
"""

from __future__ import annotations

from pathlib import PurePath

from termbase.errors import InputError, NotAGlossaryError
from termbase.limits import watched
from termbase.readers.base import Reader
from termbase.readers.data.bibtex_glossary import BibtexGlossaryReader
from termbase.readers.data.code_literal import CodeLiteralReader
from termbase.readers.data.concept_record import ConceptRecordReader
from termbase.readers.data.delimited_table import TableGlossaryReader
from termbase.readers.data.gettext_po import GettextPoReader
from termbase.readers.data.json_yaml import JsonGlossaryReader, YamlGlossaryReader
from termbase.readers.data.notebook import NotebookReader
from termbase.readers.data.sql_inserts import SqlInsertsReader
from termbase.readers.data.termbase_yaml import TermbaseYamlReader
from termbase.readers.data.toml_records import TomlGlossaryReader
from termbase.readers.data.typst_dict import TypstDictReader
from termbase.readers.data.xml_records import XmlRecordsReader
from termbase.readers.markup.asciidoc import AsciiDocGlossaryReader
from termbase.readers.markup.asciidoc_sections import AsciiDocSectionsReader
from termbase.readers.markup.asciidoc_table import AsciiDocTableReader
from termbase.readers.markup.docbook import DocBookGlossaryReader
from termbase.readers.markup.doxygen_page import DoxygenPageReader
from termbase.readers.markup.html_glossary import HtmlGlossaryReader
from termbase.readers.markup.latex_glossaries import LatexGlossariesReader
from termbase.readers.markup.latex_lists import LatexListsReader
from termbase.readers.markup.markdown_abbr import MarkdownAbbrReader
from termbase.readers.markup.markdown_admonitions import MarkdownAdmonitionsReader
from termbase.readers.markup.markdown_bold import MarkdownBoldReader
from termbase.readers.markup.markdown_bold_lines import MarkdownBoldLinesReader
from termbase.readers.markup.markdown_bold_paragraphs import MarkdownBoldParagraphsReader
from termbase.readers.markup.markdown_deflist import MarkdownDeflistReader
from termbase.readers.markup.markdown_details import MarkdownDetailsReader
from termbase.readers.markup.markdown_frontmatter import MarkdownFrontMatterReader
from termbase.readers.markup.markdown_headings import MarkdownHeadingsReader, names_a_glossary
from termbase.readers.markup.markdown_table import MarkdownTableReader
from termbase.readers.markup.markdown_term_page import MarkdownTermPageReader
from termbase.readers.markup.mediawiki import MediaWikiReader
from termbase.readers.markup.myst_glossary import MystGlossaryReader
from termbase.readers.markup.org_headings import OrgHeadingsReader
from termbase.readers.markup.org_mode import OrgModeReader
from termbase.readers.markup.pod import PodGlossaryReader
from termbase.readers.markup.pretext import PreTeXtGlossaryReader
from termbase.readers.markup.rest_bold_paragraphs import RestBoldParagraphsReader
from termbase.readers.markup.rest_dropdowns import RestDropdownsReader
from termbase.readers.markup.rest_field_list import RestFieldListReader
from termbase.readers.markup.rest_list_table import RestListTableReader
from termbase.readers.markup.rest_sphinx import SphinxGlossaryReader
from termbase.readers.markup.rest_table import RestTableReader
from termbase.readers.markup.spec_up import SpecUpReader
from termbase.readers.markup.texinfo import TexinfoTableReader
from termbase.readers.markup.textile import TextileReader
from termbase.readers.markup.wiki_table import WikiTableReader
from termbase.readers.pages.alternating import AlternatingReader
from termbase.readers.pages.blank_blocks import BlankBlocksReader
from termbase.readers.pages.hanging_indent import HangingIndentReader
from termbase.readers.pages.introduced_bullets import IntroducedBulletsReader
from termbase.readers.pages.line_pattern import LinePatternReader
from termbase.readers.pages.module_extract import ModuleExtractReader
from termbase.readers.pages.spaced_term_lines import SpacedTermLinesReader
from termbase.readers.pages.suffix_locator import SuffixLocatorReader
from termbase.readers.pages.term_paragraphs import TermParagraphsReader
from termbase.readers.roundtrip.csv_export import TermbaseCsvReader
from termbase.readers.roundtrip.json_export import TermbaseJsonLdReader, TermbaseJsonReader
from termbase.readers.roundtrip.jsonl_export import TermbaseJsonlReader
from termbase.readers.roundtrip.skos_export import TermbaseSkosReader
from termbase.readers.roundtrip.tbx_export import TermbaseTbxReader
from termbase.readers.standards.skos import SkosReader
from termbase.readers.standards.tbx import TbxReader
from termbase.readers.standards.xliff import XliffReader

READERS: tuple[Reader, ...] = (
    TermbaseYamlReader(),
    # termbase's own exports, read back with their provenance
    TermbaseJsonReader(), TermbaseJsonLdReader(), TermbaseCsvReader(), TermbaseSkosReader(),
    TermbaseTbxReader(),
    HtmlGlossaryReader(), TableGlossaryReader(), JsonGlossaryReader(), YamlGlossaryReader(),
    TomlGlossaryReader(),
    CodeLiteralReader(),
    SqlInsertsReader(),
    NotebookReader(),
    TypstDictReader(),
    MarkdownBoldReader(), MarkdownBoldLinesReader(), MarkdownBoldParagraphsReader(),
    MarkdownHeadingsReader(), MarkdownDeflistReader(),
    MarkdownTableReader(), MarkdownFrontMatterReader(), MystGlossaryReader(), MarkdownDetailsReader(),
    MarkdownAdmonitionsReader(),
    SpecUpReader(), MediaWikiReader(), MarkdownAbbrReader(), MarkdownTermPageReader(),
    WikiTableReader(),
    SuffixLocatorReader(),
    IntroducedBulletsReader(),
    ModuleExtractReader(),
    BlankBlocksReader(),
    HangingIndentReader(),
    AlternatingReader(),
    TermParagraphsReader(),
    LinePatternReader(),
    SpacedTermLinesReader(),
    SphinxGlossaryReader(),
    RestDropdownsReader(),
    RestBoldParagraphsReader(),
    RestTableReader(),
    RestListTableReader(),
    RestFieldListReader(),
    AsciiDocGlossaryReader(),
    AsciiDocSectionsReader(),
    AsciiDocTableReader(),
    PreTeXtGlossaryReader(),
    DocBookGlossaryReader(),
    DoxygenPageReader(),
    LatexGlossariesReader(),
    BibtexGlossaryReader(),
    LatexListsReader(),
    OrgModeReader(),
    OrgHeadingsReader(),
    TexinfoTableReader(),
    TextileReader(),
    PodGlossaryReader(),
    GettextPoReader(),
    ConceptRecordReader(),
    SkosReader(),
    TbxReader(),
    XliffReader(),
    XmlRecordsReader(),
    TermbaseJsonlReader(),
)

#: Below this confidence no reader is trusted to have recognised the file.
MIN_CONFIDENCE = 0.3

#: Readers judge a file by its first this many characters (cut at a line end).
DETECT_SAMPLE_CHARS = 40_000


def reader_names() -> list[str]:
    """Return the names of all readers, in registry order."""
    return [reader.name for reader in READERS]


#: Other names `--format` accepts: a file kind's usual name for the reader of its shape.
ALIASES: dict[str, str] = {
    "po": "gettext-po",
    "pot": "gettext-po",
    "gettext": "gettext-po",
    "tsv": "csv",
    "rst": "sphinx",
    "ptx": "pretext",
    "dbk": "docbook",
    "tex": "latex-glossaries",
    "latex": "latex-glossaries",
    "myst": "myst-glossary",
    "xlf": "xliff",
    "org": "org-mode",
    "texi": "texinfo",
}


def get_reader(name: str) -> Reader:
    """Return the reader called `name` (or an alias of it), or raise InputError listing the valid names."""
    name = ALIASES.get(name, name)
    for reader in READERS:
        if reader.name == name:
            return reader
    raise InputError(
        f"unknown format {name!r}",
        hint="use one of: " + ", ".join(reader_names()),
    )


#: A reader at least this sure of a file is "clearly" its reader (see `forced_reader`).
CLEAR_CONFIDENCE = 0.9


def forced_reader(name: str, text: str, path: str = "") -> Reader:
    """Return the reader the user named, unless the file plainly has another reader's shape.

    Naming a shape is for files detection misjudges, so the named reader is used even when
    it is unsure — except when it does not recognise the file at all and another reader is
    clearly sure (a gettext PO file forced through a Markdown reader): that is an InputError
    naming the shape the file has, never a wrong read.
    """
    reader = get_reader(name)
    sample = detection_sample(text)
    if reader.detect(sample) >= MIN_CONFIDENCE:
        return reader
    confidence, best = rank_readers(text)[0]
    if confidence >= CLEAR_CONFIDENCE and best.name != reader.name:
        raise InputError(
            f"this file is not in the {name} shape: it reads as {best.name} ({best.description})",
            path=path,
            hint=f"build it without --format, or with --format {best.name}",
        )
    return reader


def detection_sample(text: str) -> str:
    """Return the head of `text` that readers judge it by: whole lines, about 40 kB."""
    if len(text) <= DETECT_SAMPLE_CHARS:
        return text
    cut = text.rfind("\n", 0, DETECT_SAMPLE_CHARS)
    return text[: cut if cut > 0 else DETECT_SAMPLE_CHARS]


#: A file whose head convinces no reader is judged whole when it is at most this long.
WHOLE_FILE_DETECT_CHARS = 8_000_000


def rank_readers(text: str, path: str = "") -> list[tuple[float, Reader]]:
    """Return (confidence, reader) for every reader, surest first, judged on the file's head.

    When the head convinces no reader and was cut from a longer file (a JSON array written
    on one line has no line end to cut at, so its head does not parse), the whole file is
    judged instead, up to WHOLE_FILE_DETECT_CHARS. A Markdown file whose name says it is a
    glossary (`GLOSSARY.md`, `glossary/index.md`) is titled by that name for the readers
    that look for a glossary title (`titled_by_name`): GitBook's `## Term` pages have none.
    """
    sample = detection_sample(text)
    scored = _scores(sample)
    if scored[0][0] < MIN_CONFIDENCE and len(sample) < len(text) <= WHOLE_FILE_DETECT_CHARS:
        scored = _scores(text)
    if (title := name_title(path)) and not sample.lstrip().startswith("---"):
        titled = f"---\ntitle: {title}\n---\n{sample}"
        with watched() as tripped:
            scored = [
                (max(score, reader.detect(titled)), reader) if getattr(reader, "titled_by_name", False)
                else (score, reader)
                for score, reader in scored
            ]
        if tripped:
            raise tripped[0]
        scored.sort(key=lambda pair: -pair[0])
    return scored


#: Markdown files, whose name can stand for the page title.
_MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdx"})
#: File names that leave the page's name to its folder (`glossary/index.md`).
_FOLDER_PAGE_STEMS = frozenset({"index", "readme", "_index"})


def name_title(path: str) -> str:
    """Return the name of a Markdown file (or of its folder, for an index page) when it says
    the page is a glossary (`GLOSSARY.md`, `docs/glossary/README.md`), else ''."""
    if not path:
        return ""
    place = PurePath(path)
    if place.suffix.casefold() not in _MARKDOWN_SUFFIXES:
        return ""
    name = place.parent.name if place.stem.casefold() in _FOLDER_PAGE_STEMS else place.stem
    name = name.replace("_", " ").replace("-", " ").strip()
    return name if name and names_a_glossary(name) else ""


def _scores(text: str) -> list[tuple[float, Reader]]:
    """Return (confidence, reader) for every reader on `text`, surest first."""
    with watched() as tripped:
        scored = [(reader.detect(text), reader) for reader in READERS]
    if tripped:  # a reader's detection hit a limit (and took it for "not my shape")
        raise tripped[0]
    return sorted(scored, key=lambda pair: -pair[0])


def pick_reader(text: str, path: str = "") -> Reader:
    """Return the reader surest of `text`, or raise InputError if none is sure enough."""
    try:
        confidence, reader = rank_readers(text, path)[0]
    except InputError as error:  # a limit hit during detection, where readers see no path
        if error.path:
            raise
        raise InputError(error.message, path=path, line=error.line, hint=error.hint) from None
    if confidence < MIN_CONFIDENCE:
        raise _malformed_data(text, path) or NotAGlossaryError(
            "no reader recognises this file as a glossary",
            path=path,
            hint="name its shape with --format (`termbase formats` lists them)",
        )
    return reader


#: Suffixes that say a file is JSON or YAML, whose syntax error is the likelier reason no reader took it.
_JSON_SUFFIXES = frozenset({".json", ".jsonld"})
_YAML_SUFFIXES = frozenset({".yaml", ".yml"})


def _malformed_data(text: str, path: str) -> NotAGlossaryError | None:
    """Return the error for a file named as JSON or YAML that no reader took because it does not
    parse (`x.yaml:4: not valid YAML: …`), or None: it stays a file that is no glossary (quiet
    in a folder walk), but the message says where its syntax breaks instead of naming --format."""
    import json

    import yaml

    from termbase import safe_json, safe_yaml

    suffix = PurePath(path).suffix.casefold() if path else ""
    try:
        if suffix in _JSON_SUFFIXES:
            safe_json.loads(text, path)
        elif suffix in _YAML_SUFFIXES:
            safe_yaml.compose_all(text, path)
    except json.JSONDecodeError as error:
        return NotAGlossaryError(
            f"not valid JSON: {error.msg}", path=path, line=error.lineno,
            hint="fix the JSON syntax at that line (a missing comma, quote or bracket)",
        )
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        return NotAGlossaryError(
            f"not valid YAML: {getattr(error, 'problem', None) or error}", path=path,
            line=mark.line + 1 if mark else 0,
            hint="fix the YAML syntax at that line (indentation, a colon, or an unclosed quote or bracket)",
        )
    except InputError:  # a limit (nesting, aliases): not a syntax error
        return None
    return None
