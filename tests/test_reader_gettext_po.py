"""gettext PO files as bilingual glossaries: each message one concept in two languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES
from reader_checks import reasons
from termbase.cli import app
from termbase.errors import InputError
from termbase.model import Entry, ReadResult
from termbase.readers import forced_reader, get_reader, rank_readers
from termbase.readers.base import unaccounted_lines, without_unnamed_entries
from termbase.resolve import resolve

SEWING = FIXTURES / "gettext_po" / "sewing.po"


def read(text: str, source: str = "sewing.po") -> ReadResult:
    return get_reader("gettext-po").read(text, source)


def test_po_file_is_picked_and_every_line_accounted_for() -> None:
    text = SEWING.read_text(encoding="utf-8")
    (confidence, reader), (runner_up, _) = rank_readers(text)[:2]
    assert reader.name == "gettext-po" and confidence - runner_up > 0.5
    assert unaccounted_lines(text, reader.read(text, "sewing.po")) == []


def test_each_message_gives_a_source_and_a_translated_entry_in_one_group() -> None:
    result = read(SEWING.read_text(encoding="utf-8"))
    pairs = [(e.language, e.labels) for e in result.entries]
    assert pairs == [
        ("en", ("bobbin",)),
        ("pt-BR", ("bobina",)),
        ("en", ("seam",)),
        ("pt-BR", ("linha de costura",)),  # continuation strings joined
        ("en", ("pin", "pins")),
        ("pt-BR", ("alfinete", "alfinetes")),  # every plural form
        ("en", ("thimble",)),
        ("en", ("selvage",)),
    ]
    bobbin, bobina = result.entries[:2]
    assert bobbin.group == bobina.group and bobbin.group != result.entries[2].group
    assert bobbin.definition.startswith("The small spool under the needle plate")
    assert result.entries[3].definition.startswith("Tradutor:")  # a translator comment
    assert result.title == "sewing-terms 1.0"


def test_header_untranslated_fuzzy_and_obsolete_lines_are_reported() -> None:
    result = read(SEWING.read_text(encoding="utf-8"))
    why = reasons(result)
    assert {why[n] for n in range(1, 10)} == {"PO header (file metadata)"}
    assert why[29] == "message not translated (empty msgstr)"
    assert why[33].startswith("fuzzy translation")
    assert why[35] == why[36] == "obsolete message (#~), no longer used"


def test_the_two_languages_resolve_into_one_concept() -> None:
    concepts = resolve(list(read(SEWING.read_text(encoding="utf-8")).entries))
    by_label = {c.label: set(c.labels) for c in concepts}
    assert by_label["bobbin"] == {"bobbin", "bobina"}
    assert {"pin", "alfinete", "alfinetes"} <= by_label["pin"]  # `pins` folds into `pin`


def test_language_from_the_file_name_when_the_header_has_none(tmp_path: Path) -> None:
    text = 'msgid "needle"\nmsgstr "aiguille"\n\nmsgid "thread"\nmsgstr "fil"\n'
    result = read(text, str(tmp_path / "fr.po"))
    assert [e.language for e in result.entries] == ["en", "fr", "en", "fr"]


def test_language_from_the_team_header_else_undetermined_and_said() -> None:
    header = 'msgid ""\nmsgstr ""\n"Language-Team: Swedish <looms@example.org>\\n"\n\n'
    text = header + 'msgid "needle"\nmsgstr "nål"\n\nmsgid "thread"\nmsgstr "tråd"\n'
    assert [e.language for e in read(text, "terms.po").entries] == ["en", "sv", "en", "sv"]
    unknown = read(text.replace("Swedish", "Looms team"), "terms.po")
    assert [e.language for e in unknown.entries] == ["en", "und", "en", "und"]
    assert "names no language for the translations" in reasons(unknown)[1]


def test_source_language_from_the_header() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n"X-Source-Language: fr\\n"\n\nmsgid "fil"\nmsgstr "Faden"\n'
    )
    assert [e.language for e in read(text).entries] == ["fr", "de"]


def test_malformed_po_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="malformed PO file"):
        read('msgid "a"\nmsgstr "b"\nblah blah\n', "fr.po")


def test_po_forced_through_a_markdown_reader_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    po = tmp_path / "be.po"
    po.write_text('# Terms\n#\nmsgid ""\nmsgstr ""\n"Language: be\\n"\n\n# \nmsgid "file"\nmsgstr "файл"\n')
    with pytest.raises(InputError, match="not in the markdown-headings shape: it reads as gettext-po"):
        forced_reader("markdown-headings", po.read_text(), str(po))
    result = CliRunner().invoke(
        app, ["build", str(po), "--format", "markdown-headings", "--db", str(tmp_path / "t.db")]
    )
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "--format gettext-po" in output


def test_a_forced_reader_is_used_when_no_reader_is_clearly_sure() -> None:
    text = "bobbin\nA spool for the lower thread.\n"
    assert forced_reader("markdown-headings", text).name == "markdown-headings"


def test_entries_with_no_label_are_dropped_before_resolving() -> None:
    def entry(term: str, line: int) -> Entry:
        return Entry("x.md", line, line, term, (term,) if term else (), "d")

    result = ReadResult((entry("", 1), entry("awl", 2)), ())
    assert [e.term for e in without_unnamed_entries(result, "r").entries] == ["awl"]


def test_a_template_with_no_translations_needs_no_language() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Project-Id-Version: looms\\n"\n\n'
        'msgid "warp"\nmsgstr ""\n\nmsgid "weft"\nmsgstr ""\n'
    )
    result = read(text, "messages.pot")
    assert [(e.language, e.term) for e in result.entries] == [("en", "warp"), ("en", "weft")]


def test_a_repeated_message_is_its_own_record() -> None:
    text = 'msgid "warp"\nmsgstr "chaîne"\n\nmsgid "weft"\nmsgstr "trame"\n\nmsgid "warp"\nmsgstr "chaîne"\n'
    result = read(text, "fr.po")
    assert len({e.group for e in result.entries}) == 3
    assert [c.label for c in resolve(list(result.entries))] == ["warp", "weft"]  # the same concept twice
