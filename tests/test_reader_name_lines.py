"""Term headings whose bodies open with one line per other language (`English：X<br>`, `中文：Y`)."""

from __future__ import annotations

from termbase.readers.markup.markdown_headings import MarkdownHeadingsReader

PAGE = """# 用語

## 本棚

English：Shelf<br>
中文：书架

本を並べて置くための板。

## 合鍵

English：Key<br>
中文：钥匙

扉を開け閉めする小さな道具。

## 窓口

English: Service desk<br>
中文: 服务台

来た人の用件を受け付ける場所。

## 貸出期限

English：Due date<br>
中文：归还日期

借りた物を返す日。
"""


def test_name_lines_become_names_of_the_same_concept() -> None:
    entries = MarkdownHeadingsReader().read(PAGE, "g.md").entries
    by_term = {e.term: e for e in entries}
    shelf, english, chinese = by_term["本棚"], by_term["Shelf"], by_term["书架"]
    assert shelf.group == english.group == chinese.group != by_term["合鍵"].group
    assert (shelf.language, english.language, chinese.language) == ("ja", "en", "zh")
    assert shelf.definition == "本を並べて置くための板。"
    assert english.definition == chinese.definition == ""
    assert english.line == 5 and chinese.line == 6
    assert by_term["Service desk"].group == by_term["窓口"].group  # half-width colon too


def test_a_single_body_opening_with_a_language_word_stays_text() -> None:
    page = """# Glossary

## Anchor

English: the word came from sailing.

## Beacon

A light that guides ships.

## Compass

A tool that shows north.
"""
    entries = MarkdownHeadingsReader().read(page, "g.md").entries
    assert [e.term for e in entries] == ["Anchor", "Beacon", "Compass"]
    assert entries[0].definition.startswith("English: the word")
    assert all(not e.group for e in entries)
