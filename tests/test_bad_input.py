"""Bad input in one build: each broken file gets one clear line (file:line, what, what to do),
the good files still go through, and nothing is dropped without a word.

Every broken file is written here, in our own words, beside a good fixture.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
import rdflib
from click.testing import CliRunner

from conftest import FIXTURES
from termbase.cli import app
from termbase.lookup import find_concepts
from termbase.sources import decode
from termbase.store import Termbase

GOOD = FIXTURES / "table_glossary" / "pottery.csv"
SKOS, RDF = str(rdflib.SKOS), str(rdflib.RDF)  # namespace URIs

#: name → (content, the line the error must name, words the error must hold)
BROKEN: dict[str, tuple[str, int, str]] = {
    "broken.tbx": (
        '<?xml version="1.0"?>\n<tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic" style="dca">\n'
        "<text><body>\n<conceptEntry id='c1'><langSec xml:lang='en'><termSec><term>kiln</term></termSec>\n"
        "</body></text></tbx>\n",
        5,
        "malformed XML",
    ),
    "broken.rdf": (
        f'<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="{RDF}"\n  xmlns:skos="{SKOS}">\n'
        '<skos:Concept rdf:about="http://example.org/kiln">\n<skos:prefLabel>kiln</skos:prefLabel>\n'
        "</rdf:RDF>\n",
        6,
        "malformed",
    ),
    "broken.ttl": (
        f"@prefix skos: <{SKOS}> .\n"
        '<http://example.org/kiln> a skos:Concept ;\n  skos:prefLabel "kiln"@en ;\n'
        '  skos:definition "an oven for firing clay" @en .\n'
        '<http://example.org/glaze> a skos:Concept ; skos:prefLabel "glaze"@en .\n',
        4,
        "malformed Turtle",
    ),
    "broken.json": (
        '[{"term": "kiln", "definition": "an oven for firing clay"},\n'
        ' {"term": "glaze", "definition": "a glassy coat"\n',
        3,
        "invalid JSON",
    ),
    "broken.yaml": (
        "- term: kiln\n  definition: an oven for firing clay\n- term: glaze\n  definition: [a glassy coat\n",
        5,
        "invalid YAML",
    ),
    "ragged.csv": (
        "term,definition\nkiln,an oven for firing clay\n"
        "glaze,a glassy coat,fired on,at 1000 C\nslip,liquid clay\n",
        3,
        "row has 4 cells, the header has 2",
    ),
}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def skipped_lines(err: str) -> dict[str, str]:
    """Return {file name: its skipped line} from a build's stderr (lines may wrap)."""
    text = " ".join(err.split())
    found = {}
    for part in text.split("skipped: ")[1:]:
        path = part.split(":", 1)[0]
        found[Path(path).name] = part
    return found


def test_broken_files_are_named_with_their_line_and_the_good_file_still_builds(tmp_path: Path) -> None:
    for name, (content, _line, _words) in BROKEN.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    db = tmp_path / "out.db"
    code, out, err = run("build", str(GOOD), *(str(tmp_path / n) for n in BROKEN), "--db", str(db))
    assert code == 1  # something was skipped: the exit status says so
    skipped = skipped_lines(err)
    assert set(skipped) == set(BROKEN)
    for name, (_content, line, words) in BROKEN.items():
        assert f"{name}:{line}:" in skipped[name], skipped[name]
        assert words in skipped[name]
        assert " — " in skipped[name]  # every error says what to do
    assert f"{len(BROKEN)} skipped" in " ".join(out.split())
    with Termbase.open(db) as termbase:
        assert [s.path for s in termbase.sources()] == [str(GOOD)]
        assert termbase.stats()["entries"] > 0


def test_when_nothing_can_be_read_every_file_is_still_named(tmp_path: Path) -> None:
    names = ["broken.json", "broken.yaml"]
    for name in names:
        (tmp_path / name).write_text(BROKEN[name][0], encoding="utf-8")
    code, _out, err = run("build", *(str(tmp_path / n) for n in names), "--db", str(tmp_path / "x.db"))
    assert code == 1 and "no termbase was written" in err
    assert set(skipped_lines(err)) == set(names)
    assert not (tmp_path / "x.db").exists()


def test_mixed_encodings_are_read_and_every_bad_line_flagged(tmp_path: Path) -> None:
    rows = ["term,definition", "kiln,an oven for firing clay", "café,where the potters meet"]
    data = "\n".join(rows).encode("utf-8") + b"\nfa\xe7ade,front of the studio\nna\xefve,a plain style\n"
    path = tmp_path / "mixed.csv"
    path.write_bytes(data)
    code, _out, err = run("build", str(path), str(GOOD), "--db", str(tmp_path / "m.db"))
    assert code == 0 and "mixed.csv" not in skipped_lines(err)
    flat = " ".join(err.split())
    for number, byte in ((4, "e7"), (5, "ef")):
        assert f"mixed.csv:{number}: line is not UTF-8 (byte 0x{byte})" in flat
    with Termbase.open(tmp_path / "m.db") as termbase:
        assert find_concepts(termbase, "kiln") and find_concepts(termbase, "café")
    latin = tmp_path / "latin.csv"
    latin.write_bytes("term,definition\nfa\xe7ade,front\n".encode("latin-1"))
    code, _out, err = run("build", str(latin), str(GOOD), "--db", str(tmp_path / "l.db"))
    assert "latin.csv:2:" in err and "not UTF-8" in " ".join(err.split()) and "iconv" in err


def test_utf16_with_a_bom_and_declared_xml_encodings_are_read() -> None:
    text = "term\tdefinition\nkiln\tan oven for firing clay\nglaze\ta glassy coat\n"
    assert decode(codecs.BOM_UTF16_LE + text.encode("utf-16-le"), "x.tsv") == text
    assert decode(codecs.BOM_UTF8 + text.encode(), "x.tsv") == text
    xml = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<term>façade</term>\n'
    assert decode(xml.encode("latin-1"), "x.tbx") == xml


def test_a_utf16_spreadsheet_export_builds(tmp_path: Path) -> None:
    text = "Term\tDefinition\nkiln\tan oven for firing clay\nglaze\ta glassy coat\nslip\tliquid clay\n"
    path = tmp_path / "excel-unicode.tsv"
    path.write_bytes(codecs.BOM_UTF16_LE + text.replace("\n", "\r\n").encode("utf-16-le"))
    code, _out, err = run("build", str(path), "--db", str(tmp_path / "u.db"))
    assert code == 0, err
    stats = json.loads(run("stats", "--db", str(tmp_path / "u.db"), "--json")[1])
    assert stats["entries"] == 3


@pytest.fixture(scope="module")
def fifty_mb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 50 MB CSV glossary: 8,000 terms whose definitions run to about 6 kB each."""
    path = tmp_path_factory.mktemp("big") / "big.csv"
    filler = "Clay is shaped, dried, glazed and fired in a kiln at a set temperature. " * 87
    with path.open("w", encoding="utf-8") as out:
        out.write("term,definition\n")
        for number in range(8_000):
            out.write(f'term {number:05d},"Step {number} of the potter\'s craft. {filler}"\n')
    assert path.stat().st_size > 50_000_000
    return path


def test_a_50_mb_file_builds_with_every_entry(fifty_mb: Path, tmp_path: Path) -> None:
    db = tmp_path / "big.db"
    code, _out, err = run("build", str(fifty_mb), "--db", str(db))
    assert code == 0, err
    with Termbase.open(db) as termbase:
        assert termbase.stats()["entries"] == 8_000
        record = termbase.concept("term-07999")
        assert record is not None and record.entries[0].entry.definition.startswith("Step 7999")


def test_a_50_mb_file_with_a_bad_row_names_the_row(fifty_mb: Path, tmp_path: Path) -> None:
    data = fifty_mb.read_bytes()
    cut = data.index(b"\nterm 06000,")
    broken = tmp_path / "big-broken.csv"
    broken.write_bytes(data[:cut] + b"\nterm 06000,\"an unclosed quote\n" + data[cut:].split(b"\n", 2)[2])
    code, _out, err = run("build", str(broken), str(GOOD), "--db", str(tmp_path / "b.db"))
    assert code == 1
    line = skipped_lines(err)["big-broken.csv"]
    assert "big-broken.csv:6003:" in line and "in the row that starts at line 6002" in line, line


def test_concept_ids_that_would_leave_the_site_folder_are_refused(tmp_path: Path) -> None:
    """A hand-edited export can state any id, and ids become file names (`c/<id>.html`):
    `../x` or `a/b` is refused with its file and line, and nothing lands outside the site."""
    db = tmp_path / "good.db"
    assert run("build", str(GOOD), "--db", str(db))[0] == 0
    _code, jsonl, _err = run("export", "--db", str(db), "--format", "jsonl")
    concepts = [json.loads(line) for line in jsonl.splitlines()]
    concepts[1]["id"] = "../../escaped"
    edited_jsonl = tmp_path / "edited.jsonl"
    edited_jsonl.write_text("".join(json.dumps(c) + "\n" for c in concepts), encoding="utf-8")
    _code, markdown, _err = run("export", "--db", str(db), "--format", "markdown")
    first_id = concepts[0]["id"]
    assert "{#" + first_id + "}" in markdown
    edited_md = tmp_path / "edited.md"
    edited_md.write_text(markdown.replace("{#" + first_id + "}", "{#a/b}", 1), encoding="utf-8")
    md_line = next(i for i, t in enumerate(markdown.splitlines(), 1) if "{#" + first_id + "}" in t)

    out_db = tmp_path / "out.db"
    code, _out, err = run("build", str(edited_jsonl), str(edited_md), str(GOOD), "--db", str(out_db))
    assert code == 1
    skipped = skipped_lines(err)
    assert "edited.jsonl:2:" in skipped["edited.jsonl"] and "'../../escaped' is not a slug" in skipped[
        "edited.jsonl"
    ]
    assert f"edited.md:{md_line}:" in skipped["edited.md"] and "{#a/b} is not a slug" in skipped["edited.md"]
    assert run("site", "--db", str(out_db), "--out", str(tmp_path / "site"))[0] == 0
    assert not (tmp_path / "escaped.html").exists()


def test_a_termbase_with_an_unsafe_id_gets_no_site(tmp_path: Path) -> None:
    """A termbase made some other way (an older termbase, a hand-edited file) with an id that
    is a path: `site` says so and writes no page outside the folder."""
    import shutil
    import sqlite3

    db = tmp_path / "good.db"
    assert run("build", str(GOOD), "--db", str(db))[0] == 0
    crafted = tmp_path / "crafted.db"
    shutil.copyfile(db, crafted)
    with sqlite3.connect(crafted) as connection:
        (old,) = connection.execute("SELECT id FROM concepts ORDER BY id LIMIT 1").fetchone()
        columns = (("concepts", "id"), ("labels", "concept_id"), ("concept_entries", "concept_id"))
        for table, column in columns:
            connection.execute(f"UPDATE {table} SET {column} = '../../outside' WHERE {column} = ?", (old,))
    code, _out, err = run("site", "--db", str(crafted), "--out", str(tmp_path / "site" / "public"))
    assert code == 1
    assert "'../../outside'" in err and "cannot be page names" in err and "rebuild" in err
    assert not list(tmp_path.rglob("outside.html"))


def test_a_forced_reader_that_finds_nothing_says_so(tmp_path: Path) -> None:
    plain = tmp_path / "plain.md"
    plain.write_text("Just a paragraph.\nNo heading at all.\n", encoding="utf-8")
    db = tmp_path / "p.db"
    code, _out, err = run("build", "--format", "markdown-headings", str(plain), "--db", str(db))
    assert code == 1
    assert "markdown-headings reader found no entries" in " ".join(err.split())
    assert "reader failed" not in err


@pytest.mark.parametrize("command", ["site", "export", "build"])
def test_an_output_path_through_a_file_is_one_clear_line(tmp_path: Path, command: str) -> None:
    """A path whose folder part is a file: one line naming the path and what to do, exit 1."""
    db = tmp_path / "good.db"
    assert run("build", str(GOOD), "--db", str(db))[0] == 0
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder\n", encoding="utf-8")
    args = {
        "site": ["site", "--db", str(db), "--out", str(a_file / "public")],
        "export": ["export", "--db", str(db), "--out", str(a_file / "all.jsonl")],
        "build": ["build", str(GOOD), "--db", str(a_file / "sub" / "x.db")],
    }[command]
    result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())
    assert str(a_file) in message and " — " in message and "Traceback" not in message, message
    assert a_file.read_text(encoding="utf-8") == "not a folder\n"


def _unwritable_folder(tmp_path: Path) -> Path:
    """A real folder this process cannot create files in (a read-only folder; /sys under root)."""
    import os
    import stat

    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    candidates = [folder, Path("/sys")]
    for candidate in candidates:
        try:
            probe = os.open(candidate / ".probe", os.O_CREAT | os.O_WRONLY, 0o600)
        except OSError:
            return candidate
        os.close(probe)
        os.unlink(candidate / ".probe")
    pytest.skip("no folder here refuses a new file (root, and /sys is writable)")


@pytest.mark.parametrize("command", ["build", "export"])
def test_an_unwritable_output_folder_names_the_file_asked_for(tmp_path: Path, command: str) -> None:
    """Files are written as a temporary beside the target; the error names the target, once."""
    db = tmp_path / "good.db"
    assert run("build", str(GOOD), "--db", str(db))[0] == 0
    folder = _unwritable_folder(tmp_path)
    target = folder / ("x.db" if command == "build" else "all.tbx")
    args = {
        "build": ["build", str(GOOD), "--db", str(target)],
        "export": ["export", "--db", str(db), "--format", "tbx", "--out", str(target)],
    }[command]
    try:
        code, _out, err = run(*args)
    finally:
        (tmp_path / "locked").chmod(0o755)
    message = " ".join(err.split())
    assert code == 1
    assert message.startswith(f"error: {target}: "), message
    assert message.endswith("pick a path you can write to"), message
    assert ".tmp" not in message and "Traceback" not in message


def test_a_device_is_refused_and_a_pipe_is_read_only_up_to_the_limit(tmp_path: Path) -> None:
    """`termbase build /dev/zero` read forever (a device has no size to check first)."""
    import contextlib
    import os
    import threading

    db = tmp_path / "t.db"
    code, _out, err = run("build", "/dev/zero", "--db", str(db))
    assert code == 1 and "skipped: /dev/zero: is a device, not a file" in err
    pipe = tmp_path / "pipe"  # what `termbase build <(command)` is given
    os.mkfifo(pipe)

    def feed(data: bytes) -> None:
        with contextlib.suppress(BrokenPipeError), pipe.open("wb") as writer:  # the reader may stop early
            writer.write(data)

    writer = threading.Thread(target=feed, args=(b"- **Gear**: a toothed wheel.\n" * 80_000,), daemon=True)
    writer.start()
    code, _out, err = run("build", str(pipe), "--db", str(db), "--max-file-mb", "1")
    writer.join(10)
    assert code == 1 and f"{pipe}: file is over 1 MiB" in " ".join(err.split())
    text = GOOD.read_bytes()
    writer = threading.Thread(target=feed, args=(text,), daemon=True)
    writer.start()
    code, out, _err = run("build", str(pipe), "--db", str(db), "--format", "csv")
    writer.join(10)
    assert code == 0 and "1 source" in out, out


def test_a_web_address_as_a_source_says_to_download_it(tmp_path: Path) -> None:
    """A glossary's address given to `build` was 'no such file or directory — check the path'."""
    url = "https://example.org/glossary.md"
    code, _out, err = run("build", url, "--db", str(tmp_path / "t.db"))
    assert code == 1
    assert f"skipped: {url}: a web address: termbase reads files — download it first" in " ".join(err.split())


def test_office_documents_and_pdfs_say_what_to_save_them_as(tmp_path: Path) -> None:
    """A glossary kept in Word, Excel or a PDF was 'binary file' or 'not UTF-8 … iconv'."""
    import zipfile

    for name, part in (("terms.docx", "word/document.xml"), ("terms.xlsx", "xl/workbook.xml")):
        with zipfile.ZipFile(tmp_path / name, "w") as document:  # the zip an office program writes
            document.writestr(part, "<document/>")
    (tmp_path / "terms.pdf").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    (tmp_path / "plain.doc").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")  # text: read
    said = {
        "terms.docx": "a word-processor document, not a text glossary — save it as a web page (.html)",
        "terms.xlsx": "a spreadsheet, not a text glossary — save it as CSV (UTF-8)",
        "terms.pdf": "a PDF, not a text glossary — copy its text out",
    }
    for name, words in said.items():
        code, _out, err = run("build", str(tmp_path / name), "--db", str(tmp_path / "t.db"))
        assert code == 1 and words in " ".join(err.split()), err
    plain = tmp_path / "plain.doc"
    code, _out, err = run("build", str(plain), "--db", str(tmp_path / "t.db"), "--format", "csv")
    assert code == 0, err


def test_serve_on_a_port_in_use_says_so_before_loading_anything() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _out, err = run("serve", "--port", str(port), "--db", str(Path("no-such.db")))
    assert code == 1
    message = " ".join(err.split())
    assert f"port {port} on 127.0.0.1 is in use" in message and "--port" in message, message


def test_serve_on_an_address_of_another_machine_says_so() -> None:
    code, _out, err = run("serve", "--host", "192.0.2.1", "--port", "0")  # TEST-NET-1: never ours
    assert code == 1
    assert "192.0.2.1 is not an address of this machine" in " ".join(err.split())
