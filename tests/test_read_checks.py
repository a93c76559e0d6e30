"""The read sanity check: wrong-looking reads are flagged, never silent, and lose to a better read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from termbase.build import build_termbase, read_source
from termbase.model import Entry, ReadResult, Unused
from termbase.read_checks import adjusted_confidence, check_read
from termbase.sources import SourceText
from termbase.store import Termbase


def entry(term: str, definition: str, line: int, end_line: int | None = None, labels=None) -> Entry:
    return Entry("g.txt", line, end_line or line, term, tuple(labels or (term,)), definition)


def checks_of(text: str, entries: list[Entry]) -> list[str]:
    return [f.check for f in check_read(text, ReadResult(tuple(entries), ()), "g.txt")]


def test_a_clean_read_has_no_findings():
    text = (
        "kiln\nan oven for firing clay\n\nglaze\na glassy coat fused onto pottery\n\n"
        "slip\nclay thinned with water\n"
    )
    entries = [
        entry("kiln", "an oven for firing clay", 1, 2),
        entry("glaze", "a glassy coat fused onto pottery", 4, 5),
        entry("slip", "clay thinned with water", 7, 8),
    ]
    assert checks_of(text, entries) == []


def test_an_iso_subject_field_after_a_term_is_no_markup():
    text = "aggregation <UML>\na whole made of parts\n"
    result = ReadResult((entry("aggregation <UML>", "a whole made of parts", 1, 2),), ())
    assert check_read(text, result, "g.txt") == ()


def test_terms_longer_than_definitions_are_flagged():
    text = (
        "a tall vessel used for storing grain\njar\nthe flat part of a wheel throw\nbat\n"
        "something else long here\nx\n"
    )
    entries = [
        entry("a tall vessel used for storing grain", "jar", 1, 2),
        entry("the flat part of a wheel throw", "bat", 3, 4),
        entry("something else long here", "x", 5, 6),
    ]
    assert "terms-longer-than-definitions" in checks_of(text, entries)


@pytest.mark.parametrize(
    "label",
    [
        "Kiln¶",
        "=== Kiln",
        "**Kiln**",
        "Kiln ^RV^",
        "`kiln`",
        "<b>Kiln</b>",
        "[Kiln][firing]",
        "Kiln &mdash; oven",
    ],
)
def test_labels_with_markup_residue_are_flagged(label):
    text = f"{label}\nan oven for firing clay\n"
    findings = check_read(text, ReadResult((entry(label, "an oven for firing clay", 1, 2),), ()), "g.txt")
    assert [f.check for f in findings] == ["labels-with-markup"]
    assert label[:20] in findings[0].message


def test_a_table_read_two_rows_per_entry_is_flagged():
    # What a line-pair reader makes of a CSV: each entry takes two rows, the term holds a comma.
    rows = ["English,Spanish", "Tile,Azulejo", "Brick,Ladrillo", "Mortar,Argamasa", "Lime,Cal", "Sand,Arena"]
    text = "\ufeff" + "\r\n".join(rows) + "\r\n"
    entries = [entry(rows[i], rows[i + 1], i + 1, i + 2) for i in range(0, 6, 2)]
    found = checks_of(text, entries)
    assert "table-rows-split" in found
    assert "header-row-as-entry" in found


def test_a_header_row_in_another_script_is_recognised_and_flagged():
    rows = ["낱말\t뜻", "tile\t타일", "brick\t벽돌", "mortar\t모르타르"]
    text = "\n".join(rows) + "\n"
    entries = [entry(r.split("\t")[0], "", n, labels=r.split("\t")) for n, r in enumerate(rows, start=1)]
    assert checks_of(text, entries) == ["header-row-as-entry"]
    assert checks_of(text, entries[1:]) == []


def test_one_line_entries_in_a_file_of_long_lines_are_flagged():
    sentence = "This paragraph talks at length about how the workshop fires its pots twice " * 4
    text = "\n".join(f"{sentence}{', and' * n} part {n}." for n in range(5)) + "\n"
    entries = [entry(f"part {n}", sentence, n + 1) for n in range(5)]
    assert "one-line-entries-in-long-lines" in checks_of(text, entries)


def test_long_lines_each_opening_with_their_term_are_not_flagged():
    # `- **Term** è …` bullets: each long line is its term and, after it, its definition.
    tail = " è un attrezzo della bottega che serve a cuocere i vasi due volte, lentamente e con cura" * 3
    lines = [f"- **{name}**{tail}." for name in ("Forno", "Tornio", "Smalto", "Argilla", "Stampo")]
    text = "\n".join(lines) + "\n"
    entries = [
        entry(name, line.split("**", 2)[2].strip(), n + 1)
        for n, (name, line) in enumerate(
            zip(("Forno", "Tornio", "Smalto", "Argilla", "Stampo"), lines, strict=True)
        )
    ]
    assert "one-line-entries-in-long-lines" not in checks_of(text, entries)


def test_definitions_made_of_link_targets_are_flagged():
    text = "kiln\nsee https://example.org/kiln.html\nglaze\n../glaze.md#top\nslip\nhttps://example.org/slip\n"
    entries = [
        entry("kiln", "see https://example.org/kiln.html", 1, 2),
        entry("glaze", "../glaze.md#top", 3, 4),
        entry("slip", "https://example.org/slip", 5, 6),
    ]
    assert "definitions-of-link-targets" in checks_of(text, entries)


def test_link_reference_definitions_glued_to_an_entry_are_flagged():
    definition = "an oven for firing clay\n[kilns]: kilns.md\n[clay]: clay.md\n[firing]: firing.md"
    text = "kiln\n" + definition + "\n"
    assert checks_of(text, [entry("kiln", definition, 1, 5)]) == ["definitions-of-link-targets"]


def test_term_lines_left_unread_are_flagged():
    # Headings with no definition under them, skipped by a reader that took the others.
    lines = [
        "<h1>Workshop words</h1>",
        "<h4>Kiln</h4>",
        "<p>An oven for firing clay.</p>",
        "<h4>Glaze</h4>",
        "<p>A glassy coat on pottery.</p>",
        "<h4>Slip</h4>",
        "<h4>Wedging</h4>",
        "<p>Kneading clay.</p>",
    ]
    text = "\n".join(lines) + "\n"
    entries = [
        entry("Kiln", "An oven", 2, 3),
        entry("Glaze", "A glassy coat", 4, 5),
        entry("Wedging", "Kneading", 7, 8),
    ]
    unused = (Unused("g.txt", 1, lines[0], "page heading"), Unused("g.txt", 6, lines[5], "page heading"))
    findings = check_read(text, ReadResult(tuple(entries), unused), "g.txt")
    assert [(f.check, f.line) for f in findings] == [("term-lines-left-unread", 6)]


def test_sentence_like_terms_are_flagged():
    long = "the way a potter opens the clay and pulls up the walls on the wheel slowly"
    text = "\n".join([long] * 3) + "\n"
    entries = [entry(long, "", n) for n in (1, 2, 3)]
    assert "sentence-terms" in checks_of(text, entries)


def test_findings_lower_the_confidence():
    text = "**Kiln**\nan oven\n"
    findings = check_read(text, ReadResult((entry("**Kiln**", "an oven", 1, 2),), ()), "g.txt")
    assert adjusted_confidence(0.9, findings) < 0.9
    assert adjusted_confidence(0.9, ()) == 0.9


def test_a_flagged_read_loses_to_a_clean_one(tmp_path: Path):
    # A CSV with a header in Korean: the table reader must win, not a line-pair reader.
    rows = ["낱말,번역"] + [f"word{n},낱말{n}" for n in range(12)]
    text = "\ufeff" + "\r\n".join(rows) + "\r\n"
    read = read_source(SourceText(str(tmp_path / "words.csv"), text))
    assert read.source.reader == "csv"
    assert not any(f.check == "table-rows-split" for f in read.findings)


def test_findings_reach_the_build_summary_report_and_json(tmp_path: Path):
    # Definitions written before their terms, read as term-then-definition lines: flagged.
    glossary = tmp_path / "pots.txt"
    glossary.write_text(
        "an oven for firing clay until it hardens\nkiln\n\na glassy coat fused onto pottery\nglaze\n\n"
        "clay thinned with water to join parts\nslip\n",
        encoding="utf-8",
    )
    db = tmp_path / "t.db"
    summary = build_termbase([str(glossary)], db, format_name="alternating")
    assert [f.check for f in summary.findings] == ["terms-longer-than-definitions"]
    with Termbase.open(db) as termbase:
        assert termbase.read_findings() == list(summary.findings)
    cli = [sys.executable, "-m", "termbase"]
    built = subprocess.run(
        [*cli, "build", str(glossary), "--db", str(db), "--format", "alternating"],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0
    assert "flagged:" in built.stderr and "terms-longer-than-definitions" in built.stderr
    report = subprocess.run([*cli, "report", "--db", str(db)], capture_output=True, text=True, check=True)
    assert "flagged terms-longer-than-definitions: 3 of 3 entries" in report.stdout
    as_json = subprocess.run(
        [*cli, "report", "--db", str(db), "--json"], capture_output=True, text=True, check=True
    )
    assert json.loads(as_json.stdout)["read_findings"][0]["check"] == "terms-longer-than-definitions"


def test_term_lines_behind_a_todo_mark_glued_into_entries_are_flagged():
    lines = [
        "**Kiln**",
        "- an oven for firing clay",
        "x **Glaze**",
        "- a glassy coat",
        "**Slip**",
        "- clay thinned with water",
        "[ ] **Wedging**",
        "- kneading clay",
    ]
    text = "\n".join(lines) + "\n"
    entries = [
        entry("Kiln", "an oven for firing clay x **Glaze** a glassy coat", 1, 4),
        entry("Slip", "clay thinned with water [ ] **Wedging** kneading clay", 5, 8),
    ]
    assert "marked-term-lines-inside-entries" in checks_of(text, entries)
    read_right = [
        entry("Kiln", "an oven for firing clay", 1, 2),
        entry("Glaze", "a glassy coat", 3, 4),
        entry("Slip", "clay thinned with water", 5, 6),
        entry("Wedging", "kneading clay", 7, 8),
    ]
    assert "marked-term-lines-inside-entries" not in checks_of(text, read_right)


def test_colon_term_lines_glued_into_entries_are_flagged():
    lines = [
        "Kiln: an oven for firing clay",
        "Glaze: a glassy coat",
        "Slip: => Glaze",
        "Wedging: kneading clay",
        "Bisque: clay fired once",
    ]
    text = "\n".join(lines) + "\n"
    glued = [
        entry("Kiln", "an oven for firing clay", 1),
        entry("Glaze", "a glassy coat", 2),
        entry("Slip", "=> Glaze\nWedging: kneading clay", 3, 4),
        entry("Bisque", "clay fired once", 5),
    ]
    assert "colon-term-lines-inside-entries" in checks_of(text, glued)
    right = [entry(line.split(":")[0], line.split(": ", 1)[1], n) for n, line in enumerate(lines, start=1)]
    assert "colon-term-lines-inside-entries" not in checks_of(text, right)


def test_definitions_opening_with_one_field_name_are_flagged():
    terms = ["Kiln", "Glaze", "Slip", "Wheel"]
    text = "".join(f"[{t}]\nmeaning = what the studio calls {t.lower()}\n" for t in terms)
    entries = [
        entry(f"[{t}]", f"meaning = what the studio calls {t.lower()}", 1 + 2 * i, 2 + 2 * i)
        for i, t in enumerate(terms)
    ]
    assert "definitions-open-with-one-field" in checks_of(text, entries)
    # definitions that open with different heads (each its own sense) are no record fields
    varied = [
        entry(t, f"{t} room: where the studio keeps its {t.lower()}", 1 + 2 * i, 2 + 2 * i)
        for i, t in enumerate(terms)
    ]
    assert "definitions-open-with-one-field" not in checks_of(text, varied)


def test_an_i18n_message_file_in_a_folder_is_flagged_not_read_silently(tmp_path: Path):
    # A web app's locale file: identifier keys mapping to UI strings, found by a folder walk.
    locales = tmp_path / "app" / "locales"
    locales.mkdir(parents=True)
    (locales / "en.json").write_text(json.dumps({
        "welcome_banner": "Glad to see you again. Pick up where you stopped last time.",
        "cart.empty": "Your basket holds nothing at the moment",
        "checkoutButton": "Go to payment",
        "error.network_down": "We could not reach the server. Try again in a minute.",
    }), encoding="utf-8")
    summary = build_termbase([str(tmp_path / "app")], tmp_path / "t.db")
    flagged = [f for f in summary.findings if f.check == "ui-message-strings"]
    assert len(flagged) == 1
    assert flagged[0].source.endswith("en.json")
    assert "looks like UI message strings (i18n), not a glossary" in flagged[0].message


def test_a_json_glossary_keyed_by_terms_is_not_taken_for_ui_strings(tmp_path: Path):
    glossary = tmp_path / "pottery.json"
    glossary.write_text(json.dumps({
        "kiln": "An oven that fires shaped clay until it turns hard and lasting.",
        "glaze": "A glassy coat fused onto a pot in the kiln.",
        "slip": "Clay thinned with water, used to join parts or to coat a surface.",
        "leather hard": "The stage at which drying clay is firm but can still be carved.",
    }), encoding="utf-8")
    summary = build_termbase([str(glossary)], tmp_path / "t.db")
    assert summary.entries == 4
    assert not [f for f in summary.findings if f.check == "ui-message-strings"]
    # identifier-like keys alone (a glossary of settings, not in a locale place) with full sentences pass too
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({
        "max_connections": "The largest number of clients served at once before it refuses more.",
        "idle_timeout": "How many seconds a quiet connection may stay open before it is closed.",
        "log.level": "How much the server writes to its log, from errors only up to every request.",
    }), encoding="utf-8")
    summary = build_termbase([str(settings)], tmp_path / "s.db")
    assert not [f for f in summary.findings if f.check == "ui-message-strings"]
