"""DocBook glossaries: `<glossentry>` items, entities read safely, see-entries folded into their targets."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from reader_checks import by_term, reasons
from termbase.errors import InputError
from termbase.readers import get_reader, pick_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.readers.markup.xml_entities import MAX_GROWTH_CHARS, prepare_xml

DOCBOOK = FIXTURES / "docbook"


def read(name: str):
    text = (DOCBOOK / name).read_text(encoding="utf-8")
    return text, get_reader("docbook").read(text, name)


@pytest.mark.parametrize("path", sorted(DOCBOOK.iterdir()), ids=lambda p: p.name)
def test_docbook_files_are_picked_and_every_line_accounted_for(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    (confidence, reader), (runner_up, _) = rank_readers(text)[:2]
    assert reader.name == "docbook" and confidence - runner_up > 0.5
    assert unaccounted_lines(text, reader.read(text, path.name)) == []


def test_terms_acronyms_definitions_and_links() -> None:
    _, result = read("sewing.xml")
    entries = by_term(result)
    assert list(entries) == ["bobbin", "bias binding", "Seam allowance", "spool"]
    assert result.title == "Sewing Glossary"
    bias = entries["bias binding"]
    assert bias.labels == ("bias binding", "BB")
    assert bias.definition.startswith("A strip cut at 45° to the grain, used to *wrap* raw edges")
    assert "- single fold\n- double fold" in bias.definition
    assert bias.links == ("https://example.org/bias",)
    assert (bias.line, bias.end_line) == (19, 31)


def test_entities_declared_html_named_and_unknown() -> None:
    _, result = read("sewing.xml")
    bobbin = by_term(result)["bobbin"]
    # declared in the internal subset, and an undeclared HTML/ISO name
    assert "plate of the sewing machine that feeds the lower thread—without" in bobbin.definition
    seam = by_term(result)["Seam allowance"]
    # an entity whose text is not in the file gives its name; `&amp;` is an ampersand
    assert "`pin & mark` unknownthing tools" in seam.definition
    assert "```\nedge ---- 1.5 cm ---- stitch\n```" in seam.definition


def test_see_also_by_id_and_by_text() -> None:
    _, result = read("sewing.xml")
    entries = by_term(result)
    assert entries["bobbin"].see_also == ("spool",)
    assert entries["bias binding"].see_also == ("Seam allowance",)


def test_glosssee_entry_is_a_synonym_of_its_target() -> None:
    _, result = read("sewing.xml")
    assert by_term(result)["spool"].labels == ("spool", "reel")
    why = reasons(result)
    assert all("`reel` is filed as another name of `spool`" in why[n] for n in range(35, 39))
    assert all("pointing at no entry" in why[n] for n in range(54, 58))


def test_page_furniture_is_reported() -> None:
    _, result = read("sewing.xml")
    why = reasons(result)
    assert why[2] == why[5] == "document type declaration"
    assert why[7] == "page title"
    assert why[10] == why[34] == "letter divider"
    assert why[8] == "XML comment"
    assert why[9] == why[59] == "DocBook markup around the glossary entries"


def test_docbook5_fragment_with_namespace_and_several_roots() -> None:
    _, result = read("fragment5.xml")
    entries = by_term(result)
    assert list(entries) == ["pyrometric cone", "bisque firing", "crawling"]
    assert "heat work" in entries["pyrometric cone"].definition  # &nbsp; is a space
    assert entries["bisque firing"].definition.endswith("see the cone.")
    why = reasons(result)
    assert why[2] == "DocBook markup around the glossary entries"  # a tag's attributes on their own line
    assert why[3] == "page heading"


def test_entity_bombs_and_external_entities_are_never_expanded(tmp_path: Path) -> None:
    laughs = "\n".join(f'<!ENTITY l{i} "&l{i - 1};&l{i - 1};">' for i in range(1, 30))
    text = (
        f'<!DOCTYPE glossary [<!ENTITY l0 "ha">\n{laughs}\n'
        f'<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
        "<glossary><glossentry><glossterm>laugh</glossterm>"
        "<glossdef><para>&l29; &secret;</para></glossdef></glossentry>\n"
        "<glossentry><glossterm>x</glossterm><glossdef><para>y</para></glossdef></glossentry></glossary>\n"
    )
    result = get_reader("docbook").read(text, "bomb.xml")
    assert by_term(result)["laugh"].definition == "l29 secret"  # names only, nothing expanded
    assert unaccounted_lines(text, result) == []


def test_many_references_to_a_long_entity_are_refused() -> None:
    value = "w" * 900
    text = f'<!DOCTYPE g [<!ENTITY big "{value}">]>\n<g>' + "&big;" * (MAX_GROWTH_CHARS // 900 + 2) + "</g>"
    with pytest.raises(InputError, match="size limit"):
        prepare_xml(text, "big.xml")


def test_malformed_markup_is_a_clear_error_with_its_line() -> None:
    text = (
        "<glossary>\n<glossentry><glossterm>a</glossterm>\n"
        "<glossdef><para>b</glossdef>\n</glossentry></glossary>"
    )
    with pytest.raises(InputError) as caught:
        get_reader("docbook").read(text, "broken.xml")
    assert caught.value.line == 3 and "malformed XML" in caught.value.message


def test_docbook_is_not_taken_for_other_xml() -> None:
    pretext = (FIXTURES / "pretext_glossary" / "sorting.ptx").read_text(encoding="utf-8")
    assert get_reader("docbook").detect(pretext) == 0.0
    assert pick_reader(pretext).name == "pretext"


def test_sgml_era_docbook_is_read_leniently() -> None:
    _, result = read("leather.sgml")
    entries = by_term(result)
    assert list(entries) == ["awl", "bodkin"]
    assert entries["awl"].definition == "A sharp spike for punching holes — in leather."
    assert entries["awl"].see_also == ("bodkin",)  # an unquoted OTHERTERM, an end tag left out
    assert result.title == "Glossary"
    assert reasons(result)[4] == "letter divider"


def test_an_entity_declared_in_an_external_file_gives_its_name_in_a_label() -> None:
    text = (
        '<!DOCTYPE glossary [<!ENTITY % local SYSTEM "names.ent"> %local;\n'
        '<!ENTITY loom SYSTEM "loom.ent">]>\n'
        "<glossary>\n<glossentry><glossterm>&loom; frame</glossterm>\n"
        "<glossdef><para>The &loom; body.</para></glossdef></glossentry>\n"
        "<glossentry><glossterm>warp</glossterm><glossdef><para>Threads.</para></glossdef></glossentry>\n"
        "</glossary>\n"
    )
    result = get_reader("docbook").read(text, "ext.xml")
    assert [e.term for e in result.entries] == ["loom frame", "warp"]
    assert result.entries[0].definition == "The loom body."
