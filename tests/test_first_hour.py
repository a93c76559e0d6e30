"""What a new user meets in the first hour (issue 17): each test would have caught a stumble."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from click.testing import CliRunner

from termbase.cli import app

GLOSSARY = """\
- **Sprocket**: a toothed wheel that meshes with a chain to pass motion along.
- **Flywheel**: a heavy wheel that stores spin and smooths out uneven turning.
- **Ratchet**: a catch that lets a wheel turn one way and stops it going back.
"""

NOT_A_GLOSSARY = """\
This page is a letter to the workshop, not a list of words and meanings.

We will meet on the second floor after lunch, and bring the spare parts along.
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    (folder / "letter.md").write_text(NOT_A_GLOSSARY, encoding="utf-8")
    (folder / "notes.txt").write_text(NOT_A_GLOSSARY.replace("letter", "note"), encoding="utf-8")
    return folder


def test_files_in_a_folder_that_are_not_glossaries_get_one_line_and_do_not_fail(tmp_path: Path) -> None:
    code, out, err = run("build", str(mixed_folder(tmp_path)), "--db", str(tmp_path / "t.db"))
    assert code == 0, err
    assert "3 entries" in out
    assert "2 files in the folders given are not glossaries (--verbose lists them)" in err
    assert "skipped" not in err and "--format takes one of" not in err


def test_verbose_lists_them_and_strict_fails_on_them(tmp_path: Path) -> None:
    folder = mixed_folder(tmp_path)
    code, _, err = run("build", str(folder), "--db", str(tmp_path / "t.db"), "--verbose")
    assert code == 0
    assert str(folder / "letter.md") in err and str(folder / "notes.txt") in err
    code, _, err = run("build", str(folder), "--db", str(tmp_path / "t.db"), "--strict")
    assert code == 1
    assert err.count("skipped:") == 2
    assert err.count("--format takes one of") == 1


def test_a_named_file_that_is_not_a_glossary_still_fails_the_build(tmp_path: Path) -> None:
    folder = mixed_folder(tmp_path)
    named = [str(folder / "glossary.md"), str(folder / "letter.md")]
    code, _, err = run("build", *named, "--db", str(tmp_path / "t.db"))
    assert code == 1
    assert f"skipped: {folder / 'letter.md'}: no reader recognises this file" in err
    assert err.count("--format takes one of") == 1


def test_list_piped_gives_one_whole_tab_separated_line_per_concept(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert run("build", str(mixed_folder(tmp_path) / "glossary.md"), "--db", str(db))[0] == 0
    code, out, _ = run("list", "--db", str(db))
    assert code == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert sorted(row[1] for row in rows) == ["Flywheel", "Ratchet", "Sprocket"]
    assert all(len(row) == 3 and row[2].endswith(".") for row in rows)


def test_list_on_an_80_column_terminal_keeps_every_column(tmp_path: Path, monkeypatch) -> None:
    from rich.console import Console

    import termbase.cli as cli

    db = tmp_path / "t.db"
    assert run("build", str(mixed_folder(tmp_path) / "glossary.md"), "--db", str(db))[0] == 0
    for width in (80, 100):
        console = Console(width=width, force_terminal=True, color_system=None, highlight=False)
        monkeypatch.setattr(cli, "out", console)
        with console.capture() as captured:
            cli.list_concepts.callback(db=db, as_json=False, letter=None, lang=None)
        lines = captured.get().splitlines()
        header = next(line for line in lines if "label" in line)
        assert "id" in header and "summary" in header
        assert "┃┃" not in header, f"a column collapsed at {width} columns: {header}"
        assert any("Sprocket" in line and "sprocket" in line and "toothed" in line for line in lines)
        assert max(len(line) for line in lines) <= width


def test_search_on_the_builtin_glossary_without_embeddings_says_what_to_install(
    tmp_path: Path, monkeypatch
) -> None:
    import termbase.semantic as semantic

    monkeypatch.setenv("TERMBASE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(semantic, "available", lambda: False)
    code, _, err = run("search", "kv cache")
    assert code == 0
    assert "install the semantic extra" in err and "pip install" in err
    assert "build it with --semantic" not in err


def test_define_offers_only_close_spellings(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert run("build", str(mixed_folder(tmp_path) / "glossary.md"), "--db", str(db))[0] == 0
    code, _, err = run("define", "sprokcet", "--db", str(db))
    assert code == 1 and "did you mean: Sprocket?" in err
    code, _, err = run("define", "a phrase that names nothing here", "--db", str(db))
    assert code == 1 and "did you mean" not in err and "no label is close" in err


def test_inline_math_in_a_definition_renders_as_mathml() -> None:
    from termbase.web.render import markdown_html

    rendered = str(
        markdown_html(
            "Scale the gate by $\\alpha$ and add \\(x^2\\) to it; a seat costs $4 or $0.50.\n\n"
            "The span `$kept$` stays code, and $<script>alert(1)</script>$ stays text."
        )
    )
    assert rendered.count('<math class="formula-inline"') == 3  # the last one is inert MathML text
    assert "<mi>α</mi>" in rendered and "<msup>" in rendered
    assert "$4 or $0.50" in rendered
    assert "<code>$kept$</code>" in rendered
    assert "<script>" not in rendered and "$\\alpha$" not in rendered


def test_the_builtin_lora_definition_shows_math_not_latex() -> None:
    from termbase.builtin import builtin_db
    from termbase.store import Termbase
    from termbase.web.render import markdown_html

    termbase = Termbase.open(builtin_db())
    record = termbase.concept(termbase.concept_ids_for_key("lora")[0])
    html = "".join(str(markdown_html(stored.entry.definition)) for stored in record.entries)
    assert "<math" in html and "$W$" not in html and "\\Delta" not in html


def test_lint_flags_math_that_would_not_render() -> None:
    from termbase.lint import lint_entries
    from termbase.model import Entry

    definition = (
        "A made-up ratio written as $\\frac{$ that no converter can read, kept here so that the "
        "linter has one broken formula to find among otherwise ordinary words."
    )
    entry = Entry("made-up.yaml", 3, 3, "broken ratio", ("broken ratio",), definition,
                  concept_id="broken-ratio", topics=("evaluation",))  # fmt: skip
    problems = [str(p) for p in lint_entries([entry])]
    assert any("math that would not render" in p and "\\frac{" in p for p in problems), problems


def test_the_shipped_builtin_embeddings_are_current() -> None:
    from termbase import semantic
    from termbase.builtin import builtin_concept_texts, shipped_vectors_path

    shipped = semantic.read_vector_file(shipped_vectors_path())
    texts = builtin_concept_texts()
    stale = [text[:60] for text in texts if semantic.text_key(text) not in shipped]
    assert not stale, (
        f"{len(stale)} built-in concepts have no shipped embedding (first: {stale[:3]}) — "
        "run `python scripts/embed_builtin.py` and commit src/termbase/glossary/embeddings.npz"
    )
    assert len(shipped) == len(texts), "the file holds vectors of concepts that are gone: run the script"


def test_compiling_the_builtin_glossary_embeds_nothing(tmp_path: Path, monkeypatch) -> None:
    """With the shipped vectors current, the first run does not wait on the model."""
    import numpy as np

    import termbase.build as build
    from termbase import semantic
    from termbase.builtin import builtin_db, shipped_vectors_path
    from termbase.store import Termbase

    class NoEmbedding:
        def encode(self, texts, **_options):
            assert not texts, f"{len(texts)} concepts were embedded at compile time"
            return np.zeros((0, semantic.DIMENSION), dtype=np.float32)

    monkeypatch.setenv("TERMBASE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(build, "get_embedder", NoEmbedding)
    termbase = Termbase.open(builtin_db())
    assert termbase.meta_value("semantic_model") == semantic.MODEL_NAME
    shipped = semantic.read_vector_file(shipped_vectors_path())
    row = termbase.db.execute("SELECT vector FROM concept_vectors LIMIT 1").fetchone()[0]
    stored = semantic.vectors_from_blob(row)[0]
    assert any(np.array_equal(stored, vector) for vector in shipped.values())


def test_progress_bars_show_on_a_terminal_and_not_when_piped(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from termbase.build import build_termbase
    from termbase.progress import TerminalProgress

    folder = mixed_folder(tmp_path)
    (folder / "more.md").write_text(GLOSSARY.replace("Sprocket", "Cog"), encoding="utf-8")
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=100)
    stages: list[tuple[str, int, int]] = []

    def seen(stage: str, done: int, total: int) -> None:
        stages.append((stage, done, total))
        bars(stage, done, total)

    with TerminalProgress(terminal) as bars:
        build_termbase([str(folder)], tmp_path / "t.db", semantic=True, progress=seen)
    assert ("reading files", 4, 4) in stages
    embedded = [s for s in stages if s[0] == "embedding concepts"]
    assert embedded and embedded[-1][1] == embedded[-1][2] > 0
    assert "reading files" in screen.getvalue()

    piped = io.StringIO()
    with TerminalProgress(Console(file=piped), enabled=True) as bars:
        build_termbase([str(folder)], tmp_path / "t.db", progress=bars)
    assert piped.getvalue() == ""
    code, out, err = run("build", str(folder), "--db", str(tmp_path / "t.db"), "--quiet")
    assert code == 0 and "reading files" not in out + err


TEMPLATE = """\
{% extends "base.html" %}
{% block main %}
<article class="entry">
<h1>{{ title }}</h1>
<dl>
{% for item in items %}
<dt>{{ item.name }}</dt>
<dd>{{ item.text }}</dd>
{% endfor %}
</dl>
</article>
{% endblock %}
"""


def test_templates_and_code_are_not_read_as_term_lines(tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "page.html").write_text(TEMPLATE, encoding="utf-8")
    (folder / "list.txt").write_text(TEMPLATE.replace("dl>", "ul>").replace("<dt>", "<li>"), encoding="utf-8")
    (folder / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    code, out, err = run("build", str(folder), "--db", str(tmp_path / "t.db"))
    assert code == 0, err
    assert "1 source, 3 entries" in out
    assert "2 files in the folders given are not glossaries" in err


def test_a_two_entry_bold_list_is_a_glossary(tmp_path: Path) -> None:
    two = tmp_path / "two.md"
    two.write_text("\n".join(GLOSSARY.splitlines()[:2]) + "\n", encoding="utf-8")
    code, out, err = run("build", str(two), "--db", str(tmp_path / "t.db"))
    assert code == 0, err
    assert "2 entries → 2 concepts" in out


NEAR_MISS_GLOSSARY = """\
- **Vector database**: a store that indexes embedding vectors so the nearest ones to a query come back fast.
- **Mixture of experts**: a model whose layers route each token to a few of many expert networks.
- **Markov decision process**: states, actions, rewards and transition chances that frame a control problem.
- **Learning rate**: the size of each step the optimiser takes along the gradient.
"""


def test_names_the_termbase_lacks_get_no_match_but_questions_still_do(tmp_path: Path) -> None:
    """An absent concept's name ("support vector machine") must not land on a neighbour."""
    from termbase.build import build_termbase
    from termbase.store import Termbase

    source = tmp_path / "near.md"
    source.write_text(NEAR_MISS_GLOSSARY, encoding="utf-8")
    build_termbase([str(source)], tmp_path / "near.db", semantic=True)
    termbase = Termbase.open(tmp_path / "near.db")
    for absent in ("support vector machine", "hidden markov model", "gaussian mixture model"):
        assert termbase.search(absent) == [], absent
    assert termbase.search("mixture of experts")[0].id == "mixture-of-experts"
    question = "a place that keeps embeddings and quickly returns the closest ones to a query"
    assert termbase.search(question)[0].id == "vector-database"


def test_counts_of_one_read_as_one(tmp_path: Path) -> None:
    """'1 sources, 1 entries → 1 concepts' and 'glossified 1 pages' read badly in the first hour."""
    source = tmp_path / "one.md"
    source.write_text("- **Sprocket**: a toothed wheel that meshes with a chain.\n"
                      "- **Chain**: linked rings that a toothed wheel drives.\n", encoding="utf-8")
    db = tmp_path / "one.db"
    code, out, err = run("build", str(source), "--db", str(db))
    assert code == 0, err
    assert "1 source, 2 entries → 2 concepts, 1 relation " in " ".join(out.split())
    page = tmp_path / "page.md"
    page.write_text("The sprocket turns.\n", encoding="utf-8")
    code, out, err = run("glossify", str(page), "--db", str(db), "--link-to", "https://example.org/g/",
                         "--out", str(tmp_path / "linked"))
    assert code == 0, err
    assert "glossified 1 page to " in out and ": 1 link to 1 term" in out



@contextmanager
def _termbase_process(args: list[str], cwd: Path, **environment: str) -> Iterator[subprocess.Popen[str]]:
    """`termbase ARGS` in a real process of its own, with Ctrl+C (SIGINT) handled as in a shell;
    killed when the block ends if it still runs (a failed test leaves no server behind)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"), **environment}
    process = subprocess.Popen([sys.executable, "-m", "termbase", *args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=30)


def _first_line(stream: IO[str], seconds: float = 120) -> str:
    """Return the next line of a child's output, or "" if none comes within `seconds`."""
    ready, _, _ = select.select([stream], [], [], seconds)
    return stream.readline() if ready else ""


def test_ctrl_c_stops_serve_cleanly_and_other_commands_in_one_line(tmp_path: Path) -> None:
    """Ctrl+C, the way the banner says to stop `serve`, ended in click's 'Aborted!' and status 1."""
    source = tmp_path / "parts.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    assert run("build", str(source), "--db", str(tmp_path / "parts.db"))[0] == 0
    with _termbase_process(["serve", "--db", "parts.db", "--port", "0"], tmp_path) as server:
        banner = _first_line(server.stderr)  # printed once the app is loaded, just before it listens
        assert "Ctrl+C stops" in banner, banner
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 0 and err.strip().splitlines()[-1] == "stopped", err
    assert "Aborted" not in err and "Traceback" not in err
    # a command at work (here `search -`, waiting for its next query) stops with one line, status 130
    with _termbase_process(["search", "-", "--db", "parts.db", "--json"], tmp_path) as search:
        search.stdin.write("sprocket\n")
        search.stdin.flush()
        assert "Sprocket" in _first_line(search.stdout)  # answered: it is running, not starting
        search.send_signal(signal.SIGINT)
        _, err = search.communicate(timeout=60)
    assert search.returncode == 130 and err.strip().splitlines()[-1] == "interrupted", err
    assert "Aborted" not in err and "Traceback" not in err


def test_the_first_serve_says_it_compiles_the_builtin_glossary_and_ctrl_c_leaves_no_half_file(
    tmp_path: Path,
) -> None:
    """A fresh install's `termbase serve` was silent for the seconds the compile takes."""
    cache = tmp_path / "fresh-cache"
    with _termbase_process(["serve", "--port", "0"], tmp_path, TERMBASE_CACHE=str(cache)) as server:
        first = _first_line(server.stderr)
        assert first.startswith("compiling the built-in glossary on first use"), first
        time.sleep(0.5)  # mid-compile
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 130 and err.strip().splitlines()[-1] == "interrupted", err
    assert not list(cache.rglob("builtin-*.db")), "a half-compiled built-in glossary was left"


def test_an_unwritable_cache_folder_is_named_with_the_way_out(tmp_path: Path) -> None:
    """With a read-only cache (a read-only home), the built-in glossary failed with a line naming a
    path the user never gave, and every search printed simplemma's 'Failed to cache trie'."""
    import stat

    import pytest

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    unwritable = None
    for folder in (locked, Path("/sys")):
        try:
            os.close(os.open(folder / ".probe", os.O_CREAT | os.O_WRONLY, 0o600))
            os.unlink(folder / ".probe")
        except OSError:
            unwritable = folder
            break
    if unwritable is None:
        pytest.skip("no folder here refuses a new file (root, and /sys is writable)")
    source = tmp_path / "parts.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    assert run("build", str(source), "--db", str(tmp_path / "parts.db"))[0] == 0
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"),
           "TERMBASE_CACHE": str(unwritable / "termbase-cache")}
    steps = ((["define", "GQA"], 1), (["search", "flywheel", "--db", str(tmp_path / "parts.db")], 0))
    try:
        for args, code in steps:
            done = subprocess.run([sys.executable, "-m", "termbase", *args], capture_output=True, text=True,
                                  env=env, timeout=300)
            assert done.returncode == code, done.stderr
            assert "Failed to cache trie" not in done.stderr and "Traceback" not in done.stderr, done.stderr
            if code:
                assert "cannot write the built-in glossary's cache there" in done.stderr
                assert "set TERMBASE_CACHE to a folder you can write to" in done.stderr
            else:
                assert "Flywheel" in done.stdout
    finally:
        locked.chmod(0o755)


def test_a_folder_walk_leaves_out_folders_of_tools_and_says_so(tmp_path: Path) -> None:
    """`termbase build .` in a project with a .venv read 800 package files as 322,048 concepts."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    other = "- **Widget**: a part of a package's own docs.\n- **Gadget**: another part of them.\n"
    for folder in (".venv/lib/site", "node_modules/pkg", ".github", "env"):
        (project / folder).mkdir(parents=True)
        (project / folder / "notes.md").write_text(other, encoding="utf-8")
    (project / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")  # a venv by any name
    db = tmp_path / "t.db"
    assert run("build", str(project / "glossary.md"), "--db", str(db))[0] == 0
    assert run("site", "--db", str(db), "--out", str(project / "public"))[0] == 0  # its pages read as junk
    code, out, err = run("build", str(project), "--db", str(db))
    assert code == 0, err
    assert "1 source, 3 entries" in out
    message = " ".join(err.split())
    folders = ", ".join(str(project / name) for name in (".github", ".venv", "env"))
    assert f"left out 5 folders (hidden, installed tools or a termbase site): {folders} and 2 more" in message
    assert message.count("— name a folder to read it") == 1
    code, out, err = run("build", str(project / ".github"), "--db", str(db))  # named: read
    assert code == 0 and "1 source, 2 entries" in out, err


def test_reading_standard_input_from_a_terminal_says_how_to_end_it(tmp_path: Path) -> None:
    """`termbase search -` (or `build -`) typed at a terminal waited without a word."""
    source = tmp_path / "parts.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    db = tmp_path / "parts.db"
    assert run("build", str(source), "--db", str(db))[0] == 0
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    for args, said in ((["search", "-", "--db", str(db)], "type one query per line; Ctrl+D ends"),
                       (["build", "-", "--db", str(tmp_path / "typed.db")], "then Ctrl+D")):
        controller, terminal = os.openpty()
        process = subprocess.Popen([sys.executable, "-m", "termbase", *args], stdin=terminal,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        os.close(terminal)
        try:
            first = _first_line(process.stderr, 60)  # said before it waits, or not at all
            os.write(controller, b"\x04")  # Ctrl+D: the end of what was typed
            process.communicate(timeout=60)
        finally:
            os.close(controller)
            if process.poll() is None:
                process.kill()
                process.wait(timeout=30)
        assert said in first, first
