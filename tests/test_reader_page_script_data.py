"""A web page that renders its glossary from a data array in an inline `<script>`, as a fixture of
our own words: the records (`abbr`, `name`, `desc`, `lang`) are the entries, the abbreviation another
name, a `lang` value that names a language in its own words (`ไทย`) or none (`US`) no bad tag."""

from __future__ import annotations

from termbase.build import read_source
from termbase.sources import SourceText

PAGE = """<!DOCTYPE html>
<html lang="en">
<head><title>Stitch symbols</title><script src="js/site.js"></script></head>
<body>
  <h1>Stitch symbols</h1>
  <input id="search" placeholder="Search">
  <div id="grid"></div>
  <script>
    const stitches = [
      { abbr: "ch", name: "Chain", desc: "A row of loops, each pulled through the last.", lang: "US" },
      { abbr: "sc", name: "Single crochet", desc: "A short stitch worked through one loop.", lang: "US" },
      { abbr: "sl st", name: "Slip stitch", desc: "A flat stitch that joins or moves along.", lang: "US" },
      { abbr: "X", name: "จีบ", desc: "ห่วงสั้นที่ถักผ่านห่วงเดียว", lang: "ไทย" },
    ];
    document.getElementById("grid").textContent = stitches.length;
  </script>
</body>
</html>
"""


def test_records_in_a_pages_inline_script_are_its_entries():
    source = read_source(SourceText("symbols.html", PAGE))
    assert source.source.reader == "code-literal"
    entries = source.result.entries
    assert [e.labels for e in entries] == [
        ("Chain", "ch"), ("Single crochet", "sc"), ("Slip stitch", "sl st"), ("จีบ", "X"),
    ]
    assert entries[1].definition == "A short stitch worked through one loop."
    assert [e.language for e in entries] == ["en", "en", "en", "th"]  # `US` names no language
    assert {u.line for u in source.result.unused} >= {1, 5, 9, 14}  # the page around the data


def test_a_page_whose_script_holds_no_records_is_no_glossary():
    start, end = PAGE.index("const stitches"), PAGE.index("    ];") + len("    ];")
    sizes = "const sizes = [{ width: 3, height: 4 }, { width: 5, height: 6 }, { width: 7, height: 1 }];"
    page = PAGE[:start] + sizes + PAGE[end:]
    try:
        source = read_source(SourceText("symbols.html", page))
    except Exception as error:
        assert "no reader" in str(error)
    else:
        assert source.source.reader != "code-literal"
