"""A term-mapping (style sheet) table: two columns of names of one thing in one language, headers
sharing a word, and a note column, as fixtures of our own words. Each row is one concept."""

from __future__ import annotations

from termbase.build import read_source
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


STYLE_SHEET = (
    "# 직조 용어집\n\n> 화면에는 오른쪽 열의 용어만 쓴다.\n\n"
    "| 내부 용어 | 화면 용어 | 비고 |\n|---|---|---|\n"
    "| 경사 장력 | **실 당김** | 설정 화면 |\n"
    "| 북 / 셔틀 | **씨실 운반구** | 도움말 |\n"
    "| 바디 | **실 정리 빗** | 툴팁 |\n"
    "| 종광 | **실 올림 고리** | 전 화면 통일 |\n"
)


def test_two_name_columns_in_one_language_are_names_of_one_concept():
    source = read("GLOSSARY.md", STYLE_SHEET)
    assert source.source.reader == "markdown-table"
    groups: dict[str, list[str]] = {}
    for entry in source.result.entries:
        assert entry.language == "ko"
        groups.setdefault(entry.group, []).extend(entry.labels)
    assert list(groups.values()) == [
        ["경사 장력", "실 당김"],
        ["북", "셔틀", "씨실 운반구"],
        ["바디", "실 정리 빗"],
        ["종광", "실 올림 고리"],
    ]
    first = source.result.entries[0]
    assert first.definition == "비고: 설정 화면"


def test_a_category_column_or_headers_without_a_shared_word_are_no_name_pair():
    table = (
        "| Term | Term type | Definition |\n|---|---|---|\n"
        "| Warp | part | The threads held taut along the loom. |\n"
        "| Weft | part | The thread carried across the warp. |\n"
        "| Beat | action | Pressing the weft into the cloth. |\n"
        "| Shed | part | The gap opened between the threads. |\n"
    )
    entries = read("g.md", table).result.entries
    assert [e.term for e in entries] == ["Warp", "Weft", "Beat", "Shed"]
    assert entries[0].definition.startswith("The threads held taut")


def test_a_named_meaning_column_of_short_text_is_definitions_not_a_second_language():
    table = (
        "# 用語集\n\n| 用語 | 説明 |\n|---|---|\n"
        "| fold | 分割の一つ |\n| OOF | 学習に使わなかった行の予測 |\n"
        "| CV | 交差検証 |\n| LB | 順位表の点数 |\n"
    )
    entries = read("glossary.md", table).result.entries
    assert [(e.term, e.definition, e.language) for e in entries] == [
        ("fold", "分割の一つ", "ja"), ("OOF", "学習に使わなかった行の予測", "ja"),
        ("CV", "交差検証", "ja"), ("LB", "順位表の点数", "ja"),
    ]
