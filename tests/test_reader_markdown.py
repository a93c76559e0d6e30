"""Markdown readers: bold bullets, heading per term, definition lists, tables, front matter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import CORPORA, FIXTURES, seed_path
from termbase.build import build_termbase, read_sources
from termbase.errors import InputError
from termbase.readers import pick_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.readers.markup.markdown_frontmatter import MarkdownFrontMatterReader, locale_tag
from termbase.store import Termbase

MD = FIXTURES


def read(path: Path, name: str):
    text = path.read_text(encoding="utf-8")
    reader = pick_reader(text, str(path))
    assert reader.name == name
    result = reader.read(text, str(path))
    assert unaccounted_lines(text, result) == []
    return result


def by_term(result) -> dict:
    return {entry.term: entry for entry in result.entries}


# ── fixtures of our own ───────────────────────────────────────────────────────────────


def test_bold_bullets() -> None:
    result = read(MD / "markdown_bold" / "storage.md", "markdown-bold")
    entries = by_term(result)
    assert list(entries) == ["Checksum", "Shard", "WAL (Write-Ahead Log)", "Cold storage"]
    assert entries["WAL (Write-Ahead Log)"].labels == ("WAL", "Write-Ahead Log")
    assert entries["WAL (Write-Ahead Log)"].links == ("https://sqlite.org/wal.html",)
    assert "Tape and archive" in entries["Cold storage"].definition
    assert result.title == "Storage glossary"
    reasons = {u.text: u.reason for u in result.unused}
    assert reasons["- A plain item with no bold term at all."] == "text outside any entry (list)"


def test_heading_per_term_with_mdx_components() -> None:
    result = read(MD / "markdown_headings" / "networking.md", "markdown-headings")
    entries = by_term(result)
    assert list(entries) == ["bandwidth", "buffer bloat", "latency", "link", "round-trip time (RTT)"]
    assert "Youtube" not in entries["bandwidth"].definition
    assert entries["bandwidth"].links == ("https://www.youtube.com/watch?v=abc123XYZ",)
    assert "<Tip>" not in entries["buffer bloat"].definition
    assert "Shorter queues" in entries["buffer bloat"].definition
    assert '>>> ping("example.org")' in entries["latency"].definition
    assert entries["link"].see_also == ("bandwidth", "latency")
    assert entries["link"].definition == "See bandwidth and latency"
    assert set(entries["round-trip time (RTT)"].labels) == {"RTT", "round-trip time"}
    reasons = {u.line: u.reason for u in result.unused}
    assert reasons[1].startswith("HTML comment") and reasons[4] == "page title"
    assert reasons[8] == "letter divider"


def test_pandoc_definition_list() -> None:
    result = read(MD / "markdown_deflist" / "kitchen.md", "markdown-deflist")
    entries = by_term(result)
    assert list(entries) == ["blanch", "braise", "deglaze", "shock", "mince"]
    assert entries["blanch"].definition.endswith("See also: shock.")
    assert "bright" in entries["blanch"].definition
    assert entries["blanch"].see_also == ("shock",)
    assert entries["shock"].see_also == ("blanch",)
    assert entries["mince"].definition == (
        "To cut food into very small pieces.\n\nAlso a name for meat that has been cut this way."
    )
    assert result.title == "Glossary"
    kinds = {u.reason for u in result.unused}
    assert {"front matter (page metadata)", "text outside any entry (table)"} <= kinds


def test_term_tables() -> None:
    result = read(MD / "markdown_table" / "testing.md", "markdown-table")
    entries = by_term(result)
    assert list(entries) == ["Flaky test", "Smoke test", "CI (Continuous Integration)", "Mock"]
    assert entries["Flaky test"].definition == (
        "A test that passes or fails by chance.\n**Note:** often a race between threads."
    )
    assert entries["CI (Continuous Integration)"].labels == ("CI", "Continuous Integration")
    reasons = [u.reason for u in result.unused]
    assert reasons.count("table header row") == 2 and "table row with an empty term cell" in reasons


def test_front_matter_pages_languages_and_redirects(tmp_path: Path) -> None:
    folder = MD / "markdown_frontmatter"
    read_list, errors = read_sources([str(folder)])
    entries = {e.source.removeprefix(str(folder) + "/"): e for r in read_list for e in r.result.entries}
    assert sorted(entries) == [
        "content/en/queue.md", "content/es/queue.md",
        "terms/checkpoint.md", "terms/wal.md", "terms/write-ahead-log.md",
    ]
    wal = entries["terms/write-ahead-log.md"]
    assert wal.labels == ("WAL", "Write-Ahead Log")
    assert wal.see_also == ("Checkpoint", "journaling")
    assert wal.links == ("https://example.org/logs",)
    assert entries["terms/checkpoint.md"].definition == ""
    assert entries["terms/wal.md"].group == wal.group
    assert entries["content/es/queue.md"].language == "es"
    assert entries["content/es/queue.md"].term == "Cola de mensajes"
    assert entries["content/es/queue.md"].group == entries["content/en/queue.md"].group
    assert [e.message for e in errors] == [
        "_index.md is a section index or template page (its name starts with '_'), not a term"
    ]
    summary = build_termbase([str(folder)], tmp_path / "t.db")
    assert summary.concepts == 3
    with Termbase.open(tmp_path / "t.db") as db:
        labels = {label for _, label, _ in db.all_labels()}
    assert {"WAL file", "Cola de mensajes", "Message queue"} <= labels


def test_locale_folders() -> None:
    assert locale_tag("pt-br") == "pt-BR" and locale_tag("es") == "es" and locale_tag("en-us") == "en-US"
    assert locale_tag("api") == "" and locale_tag("terms") == "" and locale_tag("css") == ""


# ── bad input ─────────────────────────────────────────────────────────────────────────


def test_bad_front_matter_yaml_says_where(tmp_path: Path) -> None:
    text = "---\ntitle: Broken\nrelated_terms: [a, b\n---\nBody.\n"
    with pytest.raises(InputError) as caught:
        MarkdownFrontMatterReader().read(text, "bad.md")
    assert caught.value.path == "bad.md" and caught.value.line >= 2 and "YAML" in caught.value.message


def test_unclosed_front_matter_and_missing_title() -> None:
    with pytest.raises(InputError) as caught:
        MarkdownFrontMatterReader().read("---\ntitle: Open\nBody.\n", "open.md")
    assert "never closed" in caught.value.message
    with pytest.raises(InputError) as caught:
        MarkdownFrontMatterReader().read("---\nstatus: draft\n---\nBody.\n", "x.md")
    assert "no title" in caught.value.message


def test_markdown_readers_stay_low_on_the_seeds() -> None:
    for prefix in ("000", "001", "002", "003", "004"):
        text = seed_path(prefix).read_text(encoding="utf-8")
        for score, reader in rank_readers(text):
            if reader.name.startswith("markdown-"):
                assert score < 0.3, (prefix, reader.name)


# ── real-world corpora ────────────────────────────────────────────────────────────────

CORPUS_FILES = {
    # item: (path under corpora, reader, entries)
    "llm-eval-glossary-bold": ("llm-eval-glossary-bold/docs/glossary.md", "markdown-bold", 8),
    "hf-transformers-glossary": (
        "hf-transformers-glossary/docs/source/en/glossary.md", "markdown-headings", 46,
    ),
    "shell-novice": ("shell-novice/learners/reference.md", "markdown-deflist", 40),
    "applied-llms-table": (
        "applied-llms-table/01-theory-foundations/04-key-terminologies.md", "markdown-table", 15,
    ),
}


def corpus(path: str) -> Path:
    if not CORPORA.is_dir():
        pytest.skip(f"corpora not found at {CORPORA} (../shared/corpora beside the repo)")
    return CORPORA / path


@pytest.mark.parametrize("item", sorted(CORPUS_FILES))
def test_corpus_file(item: str, tmp_path: Path) -> None:
    path, name, count = CORPUS_FILES[item]
    result = read(corpus(path), name)
    assert len(result.entries) == count
    summary = build_termbase([str(corpus(path))], tmp_path / "t.db")
    assert summary.sources[0].reader == name and not summary.skipped


def test_ml_glossary_one_file_per_term(tmp_path: Path) -> None:
    """381 files → 381 entries: 370 term pages (196 title-only, empty definition) and 11
    alias entries (10 `layout: redirect` stubs plus minibatching.md, which has only
    `destination:`) that share their target's group. SOURCES.md counts 371 terms because it
    counts minibatching.md as a term; here it is an alias of minibatch-gradient-descent."""
    folder = corpus("ml-glossary-mlg/terms")
    read_list, errors = read_sources([str(folder)])
    assert not errors
    entries = [e for r in read_list for e in r.result.entries]
    assert len(entries) == 381
    assert all(r.source.reader == "markdown-frontmatter" and r.source.unused_count == 0 for r in read_list)
    aliases = [e for e in entries if not e.group.endswith(Path(e.source).stem)]
    assert len(aliases) == 11
    assert sum(1 for e in entries if not e.definition) == 207
    summary = build_termbase([str(folder)], tmp_path / "t.db")
    assert summary.concepts <= 370


def test_cncf_glossary_languages(tmp_path: Path) -> None:
    folder = corpus("cncf-glossary/content")
    read_list, errors = read_sources([str(folder)])
    entries = [e for r in read_list if r.source.reader == "markdown-frontmatter" for e in r.result.entries]
    assert len(entries) == 885
    underscore = [e for e in errors if Path(e.path).name.startswith("_")]
    assert len(underscore) >= 25  # _index.md and _TEMPLATE.md (de/_index.md has no front matter)
    by_lang: dict[str, int] = {}
    for entry in entries:
        by_lang[entry.language] = by_lang.get(entry.language, 0) + 1
    assert by_lang["en"] == 90 and by_lang["es"] == 81 and by_lang["bn"] == 83 and by_lang["ja"] == 74
    groups = {e.group for e in entries if Path(e.source).stem == "observability"}
    assert len(groups) == 1
    summary = build_termbase([str(folder)], tmp_path / "t.db")
    assert summary.concepts >= 90


def test_mdn_sample(tmp_path: Path) -> None:
    folder = corpus("mdn-glossary-sample")
    read_list, errors = read_sources([str(folder)])
    assert not errors and len(read_list) == 8
    entries = {e.term: e for r in read_list for e in r.result.entries}
    assert entries["API"].language == "en-US"
    assert "<p>" not in entries["API"].definition and "{{" not in entries["Closure"].definition
    assert build_termbase([str(folder)], tmp_path / "t.db").concepts >= 7


# ── languages in the CLI ──────────────────────────────────────────────────────────────


def test_define_and_list_in_a_chosen_language(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from termbase.cli import app

    db = tmp_path / "t.db"
    build_termbase([str(MD / "markdown_frontmatter")], db)
    runner = CliRunner()
    spanish = runner.invoke(app, ["define", "Message queue", "--db", str(db), "--lang", "es"])
    assert spanish.exit_code == 0, spanish.output
    assert "Cola de mensajes" in spanish.output and "Un búfer" in spanish.output
    assert "A buffer that holds" not in spanish.output
    fallback = runner.invoke(app, ["define", "Checkpoint", "--db", str(db), "--lang", "es"])
    assert fallback.exit_code == 0 and "Checkpoint" in fallback.output
    listed = runner.invoke(app, ["list", "--db", str(db), "--lang", "es", "--json"])
    labels = {json.loads(line)["label"] for line in listed.output.splitlines() if line.strip()}
    assert {"Cola de mensajes", "Checkpoint"} <= labels
    english = runner.invoke(app, ["list", "--db", str(db), "--lang", "en", "--json"])
    labels = {json.loads(line)["label"] for line in english.output.splitlines() if line.strip()}
    assert "Message queue" in labels and "Cola de mensajes" not in labels


def test_lessons_with_front_matter_are_reported_not_read() -> None:
    text = "---\ntitle: A lesson\n---\n" + "".join(f"## Part {n}\n\nSome prose.\n\n" for n in range(9))
    with pytest.raises(InputError) as caught:
        pick_reader(text, "lesson.md").read(text, "lesson.md")
    assert "lesson or guide" in caught.value.message


def test_a_kramdown_attribute_line_above_the_first_term_is_markup_not_a_term(tmp_path: Path) -> None:
    page = tmp_path / "terms.md"
    page.write_text(
        "## Glossary\n\n{:auto\\_ids}  \nkiln\n:   a hot chamber where pots harden\n\n"
        "glaze\n:   a glassy coat fired onto a pot\n\nslip\n:   clay thinned with water\n",
        encoding="utf-8",
    )
    result = read(page, "markdown-deflist")
    assert [e.term for e in result.entries] == ["kiln", "glaze", "slip"]
    assert result.entries[0].labels == ("kiln",)
    assert [u.line for u in result.unused if u.reason.startswith("text outside")] == [3]


def test_an_empty_html_anchor_beside_a_bold_term_is_its_anchor_not_part_of_it(tmp_path: Path) -> None:
    """bookdown glossaries write `**term**<a id="key"></a>`: the term is the bold words, the
    element its anchor (links to `#key` in other definitions name that term)."""
    page = tmp_path / "glossary.md"
    page.write_text(
        '**kiln**<a id="kiln"></a>\n:   A hot chamber where pots harden.\n\n'
        "**glaze**<a id='glaze_coat'></a>\n:   A glassy coat; see [kiln](#kiln).\n\n"
        '<a name="slip"></a>**slip**\n:   Clay thinned with water.\n',
        encoding="utf-8",
    )
    result = read(page, "markdown-deflist")
    assert [e.term for e in result.entries] == ["kiln", "glaze", "slip"]
    assert all("<" not in label for e in result.entries for label in e.labels)
