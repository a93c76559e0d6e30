"""A static site's concept pages made straight from the store's rows (`web.concept_rows`) are the
pages the records, views and article template make, and each concept's text block is
`llms.concept_block`'s: for every built-in concept and for sources with hostile text, conflicts,
locators, formulas, origins, homonyms and several languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from termbase.build import build_termbase
from termbase.builtin import builtin_db, glossary_files
from termbase.store import Termbase
from termbase.web.concept_article import article_html
from termbase.web.concept_rows import PageMaker, read_rows, read_sources, write_pages
from termbase.web.llms import concept_block
from termbase.web.pages import SUMMARY_CHARS, Links, SiteData, Summary, concept_page, listed_concepts
from termbase.web.render import escape_output, one_line, page_shell
from termbase.web.site import concept_context

STATIC = Links(root="../", static=True)
HOMONYMS = """# Robot and reward words

**PRM (Process Reward Model)**: Grades every step of a worked solution, not just the answer.

**PRM (Probabilistic Roadmap)**: A planner that samples free points of a robot's space and joins near ones.

**Waypoint**: A point a planned path passes through on its way to the goal.
"""
PUBLIC = Links(root="https://example.org/glossary/", static=True)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A termbase of two built-in sources, hostile text, sources that disagree,
    multilingual concepts, homonyms and locators."""
    names = {"b-attention.yaml", "b-hardware.yaml"}
    paths = [str(p) for p in glossary_files() if p.name in names]
    paths += [str(FIXTURES / "xss" / "xss.yaml"), str(FIXTURES / "concept_record" / "heddle.yaml")]
    paths += [str(FIXTURES / "concept_record" / "loom-localized-fra.yaml")]
    paths += [str(FIXTURES / "suffix_locator" / "statistics_course.txt")]
    paths += [str(p) for p in sorted((FIXTURES / "check").glob("*.md"))]
    folder = tmp_path_factory.mktemp("rows")
    homonyms = folder / "words.md"  # one acronym, two ideas: homonyms
    homonyms.write_text(HOMONYMS, encoding="utf-8")
    db = folder / "mixed.db"
    build_termbase([*paths, str(homonyms)], db)
    return db


def expected(data: SiteData, termbase: Termbase, ids: list[str]) -> list[tuple[str, str, str, str]]:
    """Return what the records, views and article make of each concept: escaped heading and
    summary, article, text block."""
    made = []
    for record in termbase.concept_records(ids):
        view = concept_page(data, record, STATIC)
        made.append(
            (
                escape_output(str(view["heading"])),
                escape_output(str(view["summary"])),
                article_html(view, STATIC),
                concept_block(record),
            )
        )
    return made


@pytest.mark.parametrize("which", ["builtin", "mixed"])
def test_every_page_and_block_is_what_the_records_and_views_make(which: str, mixed: Path) -> None:
    with Termbase.open(builtin_db() if which == "builtin" else mixed) as termbase:
        data = SiteData.load(termbase)
        ids = [summary.id for summary in data.summaries]
        maker = PageMaker(data, STATIC, data.conflicts, read_sources(termbase.db))
        made = [maker.page(rows) for rows in read_rows(termbase.db, ids, None)]
        assert made == expected(data, termbase, ids)
        if which == "mixed":  # the parts the fixture is there for are on its pages
            articles = "".join(article for _, _, article, _ in made)
            for part in ('class="conflicts"', 'class="languages"', 'class="homonyms"', 'class="locator'):
                assert part in articles, part
            assert "&lt;script&gt;" in articles and "<script>" not in articles


def test_a_range_of_ids_reads_the_same_rows_as_the_ids(mixed: Path) -> None:
    with Termbase.open(mixed) as termbase:
        ids = sorted(termbase.concept_ids())
        share = ids[2:-2]
        assert list(read_rows(termbase.db, share, (share[0], share[-1]))) == list(
            read_rows(termbase.db, share, None)
        )
        assert [rows[0][0] for rows in read_rows(termbase.db, share[::-1], None)] == share[::-1]


@pytest.mark.parametrize("public", [None, PUBLIC])
def test_pages_are_the_shell_filled(mixed: Path, public: Links | None) -> None:
    with Termbase.open(mixed) as termbase:
        data = SiteData.load(termbase)
        ids = [summary.id for summary in data.summaries]
        shell = page_shell(concept_context(data), canonical=public is not None)
        written: dict[str, bytes] = {}
        blocks = write_pages(
            PageMaker(data, STATIC, data.conflicts, read_sources(termbase.db)),
            read_rows(termbase.db, ids, None),
            shell,
            lambda name, pieces: written.setdefault(name, b"".join(pieces)),
            public,
        )
        records = list(termbase.concept_records(ids))
    assert sorted(written) == sorted(f"{concept_id}.html" for concept_id in ids)
    for record in records:
        view = concept_page(data, record, STATIC)
        page = shell.fill(
            heading=str(view["heading"]),
            description=str(view["summary"]),
            main=article_html(view, STATIC),
            canonical=public.concept(record.id) if public else "",
        )
        assert written[f"{record.id}.html"] == page.encode("utf-8"), record.id
    assert blocks == [concept_block(record) for record in records]


@pytest.mark.parametrize("which", ["builtin", "mixed"])
def test_listed_concepts_are_what_the_store_reads_apart(which: str, mixed: Path) -> None:
    """The summaries and sources of a default-language site, read in two queries, are those of
    `Termbase.summaries`, `topics_by_concept` and `sources_by_concept`."""
    with Termbase.open(builtin_db() if which == "builtin" else mixed) as termbase:
        topics = termbase.topics_by_concept()
        summaries = [
            Summary(concept_id, label, initial, one_line(text, SUMMARY_CHARS), topics.get(concept_id, ()))
            for concept_id, label, initial, text in termbase.summaries()
        ]
        listed = listed_concepts(termbase)
        assert listed.summaries == summaries
        assert listed.sources_of == termbase.sources_by_concept()
        assert any(len(paths) > 1 for paths in listed.sources_of.values()) or which == "builtin"
