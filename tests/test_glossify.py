"""Glossify Markdown and HTML: where links go, where they never go, density, bad input."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import lxml.html
import pytest
from markdown_it import MarkdownIt

from conftest import CORPORA, FIXTURES, REPO
from termbase.build import build_termbase
from termbase.glossify.html import glossify_document
from termbase.glossify.linker import Linker, LinkTarget
from termbase.glossify.markdown import glossify_markdown
from termbase.matcher import TermMatcher
from termbase.store import Termbase

BASE = "https://example.org/kitchen/"
OUR_LINK = re.compile(
    r'\[((?:[^\]\\]|\\.)*)\]\(https://example\.org/kitchen/c/[a-z0-9-]+\.html(?: "(?:[^"\\]|\\.)*")?\)'
)


@pytest.fixture(scope="module")
def course_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("course") / "course.db"
    build_termbase([str(FIXTURES / "glossify" / "course.yaml")], db)
    return db


@pytest.fixture(scope="module")
def matcher(course_db: Path) -> TermMatcher:
    with Termbase.open(course_db) as termbase:
        return TermMatcher.from_termbase(termbase)


def glossify(matcher: TermMatcher, text: str, first: str = "section") -> str:
    return glossify_markdown(text, Linker(matcher, LinkTarget(BASE).url, first))


def linked(text: str) -> list[str]:
    return [m.group(1) for m in OUR_LINK.finditer(text)]


def unlinked(text: str) -> str:
    return OUR_LINK.sub(lambda m: m.group(1), text)


LESSON = """\
---
title: Sauces and the emulsion
---
# Emulsion basics

An emulsion holds oil in vinegar. Stir the emulsion again.
Say `emulsion` in code, [emulsion](other.html), [emulsions][ref], <a href="y">emulsion</a>,
![an emulsion](e.png), <span title="emulsion">x</span>, https://example.net/emulsion and $emulsion$.

```python
emulsion = "in a fence"
```

    emulsion in indented code

> A quote on denaturation and
> the browning reaction across two lines.

| Term | Note |
| --- | --- |
| emulsion | a cell on denaturation |

## Emulsion again

Emulsions, said once more in a new section.

[ref]: https://example.org/ref
"""


def test_markdown_outside_the_links_is_byte_identical(matcher: TermMatcher) -> None:
    out = glossify(matcher, LESSON)
    assert out != LESSON
    assert unlinked(out) == LESSON


def test_nothing_linked_in_headings_code_links_urls_front_matter_math_alt_or_attributes(
    matcher: TermMatcher,
) -> None:
    out = glossify(matcher, LESSON)
    html = MarkdownIt("commonmark").enable("table").render(out)
    tree = lxml.html.fragment_fromstring(html, create_parent="div")
    ours = [a for a in tree.iter("a") if a.get("href", "").startswith(BASE)]
    assert ours, "nothing was linked at all"
    for link in ours:
        ancestors = {e.tag for e in link.iterancestors()}
        assert not ancestors & {"h1", "h2", "code", "pre", "a", "th"}, (link.text, ancestors)
    assert out.startswith("---\ntitle: Sauces and the emulsion\n---\n# Emulsion basics\n")
    for untouched in ("`emulsion`", "[emulsion](other.html)", "[emulsions][ref]", '<a href="y">emulsion</a>',
                      "![an emulsion](e.png)", '<span title="emulsion">', "https://example.net/emulsion",
                      "$emulsion$", 'emulsion = "in a fence"', "    emulsion in indented code"):  # fmt: skip
        assert untouched in out, untouched


def test_first_occurrence_per_section_and_one_link_per_paragraph(matcher: TermMatcher) -> None:
    out = glossify(matcher, LESSON)
    assert linked(out) == ["emulsion", "denaturation", "browning reaction", "Emulsions"]
    # The browning reaction spans two quoted lines and is one link.
    text = "# A\n\n> The browning\n> reaction here.\n"
    assert linked(glossify(matcher, text)) == ["browning\n> reaction"]


def test_density_modes_on_a_page_that_repeats_a_term(matcher: TermMatcher) -> None:
    paragraphs = "\n\n".join("The emulsion splits; an emulsion forms." for _ in range(50))
    page = f"# One\n\n{paragraphs}\n\n# Two\n\n{paragraphs}\n"
    counts = {first: len(linked(glossify(matcher, page, first))) for first in ("page", "section", "all")}
    # 200 mentions: once per page, once per section (2 sections), once per paragraph (100).
    assert counts == {"page": 1, "section": 2, "all": 100}


def test_html_keeps_its_structure_and_skips_code_links_headings_and_attributes(matcher: TermMatcher) -> None:
    page = (
        "<!DOCTYPE html><html><head><title>emulsion</title></head><body>"
        "<h1>Emulsion</h1><p title='emulsion'>An emulsion, <code>emulsion</code>, "
        "<a href='x'>emulsion</a>, <img alt='emulsion' src='e.png'> and the <em>pH</em> here.</p>"
        "<pre>emulsion</pre><ul><li>denaturation</li><li>denaturation</li></ul></body></html>"
    )
    out = glossify_document(page, Linker(matcher, LinkTarget(BASE).url))
    tree = lxml.html.document_fromstring(out)
    ours = tree.xpath("//a[@class='termbase-term']")
    where = [(a.text, a.getparent().tag) for a in ours]
    assert where == [("emulsion", "p"), ("pH", "em"), ("denaturation", "li")]
    assert ours[0].get("title").startswith("A mix of two liquids")
    assert tree.findtext(".//h1") == "Emulsion" and tree.findtext(".//pre") == "emulsion"
    assert tree.find(".//img").get("alt") == "emulsion" and tree.find(".//p").get("title") == "emulsion"
    assert tree.find(".//p").text_content() == lxml.html.document_fromstring(page).find(".//p").text_content()


@pytest.mark.skipif(not (CORPORA / "shell-novice").is_dir(), reason="corpora not found beside the repo")
def test_tags_in_capitals_beside_text_beyond_ascii_are_read_as_tags(matcher: TermMatcher) -> None:
    """Tag and attribute names in any case are read as tags, on a page whose text holds letters
    beyond ASCII (in capitals too): nothing is linked in code, in an element marked off by its
    attributes (`CLASS=`, `Translate="NO"`: HTML reads both in any case), or in a heading; the
    prose is linked."""
    from termbase.glossify.html import glossify_fragment

    page = (
        "<H2>Σ Emulsion</H2><P>ΣΔ emulsion here.</P><CODE>emulsion</CODE>"
        '<DIV CLASS="no-glossify">emulsion</DIV><P Translate="NO">emulsion</P><LI>Über emulsion</LI>'
    )
    out = glossify_fragment(page, Linker(matcher, LinkTarget("https://x.org/").url, "all"), tooltips=False)
    assert out.count('class="termbase-term"') == 2
    assert "ΣΔ <a " in out and "Über <a " in out and "<CODE>emulsion</CODE>" in out


def test_a_real_course_keeps_every_byte_outside_the_links(tmp_path: Path) -> None:
    """shell-novice's lessons, glossified with its own glossary."""
    course = CORPORA / "shell-novice"
    db = tmp_path / "shell.db"
    build_termbase([str(course / "learners" / "reference.md")], db)
    with Termbase.open(db) as termbase:
        matcher = TermMatcher.from_termbase(termbase)
    total = 0
    for lesson in sorted((course / "episodes").glob("*.md")):
        text = lesson.read_bytes().decode("utf-8")
        out = glossify(matcher, text)
        assert unlinked(out) == text, lesson.name
        total += len(linked(out))
        rendered = MarkdownIt("commonmark").enable("table").render(out)
        tree = lxml.html.fragment_fromstring(rendered, create_parent="div")
        for link in tree.iter("a"):
            if link.get("href", "").startswith(BASE):
                assert not {e.tag for e in link.iterancestors()} & {"h1", "h2", "h3", "code", "pre", "a"}
    assert total >= 20, total


_OUR_HTML_LINK = re.compile(r'<a class="termbase-term" href="[^"]*"(?: title="[^"]*")?>([^<]*)</a>')


def test_html_outside_the_links_is_byte_identical(matcher: TermMatcher) -> None:
    page = (
        "<!DOCTYPE html>\n<HTML><Head><TITLE>emulsion</TITLE></Head>\n<BODY class='x'>"
        "<P>An emulsion<br />and the pH&nbsp;value &amp; <!-- an emulsion --> more.</P>\n"
        '<p data-note="a > b emulsion">Denaturation, then <EM>denaturation</EM> again.</p>'
        "<script>var s = '<p>emulsion</p>';</script><p>Browning reaction</p></BODY></HTML>"
    )
    out = glossify_document(page, Linker(matcher, LinkTarget(BASE).url, "all"))
    assert _OUR_HTML_LINK.sub(lambda m: m.group(1), out) == page
    # Never inside the title, a comment, an attribute or a script; once per paragraph even with "all".
    linked_texts = [m.group(1) for m in _OUR_HTML_LINK.finditer(out)]
    assert linked_texts == ["emulsion", "pH", "Denaturation", "Browning reaction"]


def test_character_references_part_the_prose_like_tags(matcher: TermMatcher) -> None:
    """A character reference (not a space one) is markup: no label is matched across it, and
    the text between references is still linked."""
    page = (
        "<p>emul&shy;sion, de&#110;aturation &lt;emulsion&gt; &amp;pH&#x26; browning&#32;reaction.</p>"
        "<p>Maillard&nbsp;reaction.</p>"
    )
    out = glossify_document(page, Linker(matcher, LinkTarget(BASE).url, "all"))
    assert _OUR_HTML_LINK.sub(lambda m: m.group(1), out) == page
    assert [m.group(1) for m in _OUR_HTML_LINK.finditer(out)] == [
        "emulsion", "pH", "browning&#32;reaction", "Maillard&nbsp;reaction"
    ]


@pytest.mark.skipif(not (CORPORA / "wcag").is_dir(), reason="corpora not found beside the repo")
def test_real_html_pages_keep_every_byte_outside_the_links(tmp_path: Path) -> None:
    """The WCAG pages of the corpora, glossified against a few words they use."""
    words = {"keyboard": "A device of keys", "pointer": "What a mouse moves", "content": "What a page says",
             "user agent": "A browser or a reader", "focus": "Where typed keys go"}  # fmt: skip
    concepts = "".join(
        f"  - id: {w.replace(' ', '-')}\n    label: {w}\n    definition: {d}.\n" for w, d in words.items()
    )
    (tmp_path / "web.yaml").write_text(f"termbase: 1\ntitle: Web words\nconcepts:\n{concepts}")
    build_termbase([str(tmp_path / "web.yaml")], tmp_path / "web.db")
    with Termbase.open(tmp_path / "web.db") as termbase:
        web = TermMatcher.from_termbase(termbase)
    total = 0
    for path in sorted((CORPORA / "wcag").rglob("*.html")):
        page = path.read_text(encoding="utf-8")
        out = glossify_document(page, Linker(web, LinkTarget(BASE).url))
        assert _OUR_HTML_LINK.sub(lambda m: m.group(1), out) == page, path.name
        total += len(_OUR_HTML_LINK.findall(out))
    assert total >= 100, total


# ---------------------------------------------------------------- the command


def termbase(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "termbase", *args]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_cli_writes_markdown_and_html_to_out_and_in_place(course_db: Path, tmp_path: Path) -> None:
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "one.md").write_text(LESSON)
    (tmp_path / "lessons" / "two.html").write_text("<html><body><p>An emulsion.</p></body></html>")
    done = termbase("glossify", "lessons", "--db", str(course_db), "--link-to", BASE, "--out", "out",
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "glossified 2 pages" in done.stdout
    assert unlinked((tmp_path / "out" / "one.md").read_text()) == LESSON
    html = (tmp_path / "out" / "two.html").read_text()
    assert 'class="termbase-term"' in html and "termbase-assets/termbase-tooltips.js" in html
    assert (tmp_path / "out" / "termbase-assets" / "termbase-tooltips.css").is_file()
    done = termbase("glossify", "lessons/one.md", "--db", str(course_db), "--link-to", BASE, "--in-place",
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "lessons" / "one.md").read_text() == (tmp_path / "out" / "one.md").read_text()
    assert not list((tmp_path / "lessons").glob(".*.tmp"))


def test_in_place_writes_through_a_link_and_keeps_it(course_db: Path, tmp_path: Path) -> None:
    """`--in-place` on docs/index.md -> ../README.md replaced the link with a glossified copy and
    left README.md as it was (the rename went over the link)."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(LESSON)
    (tmp_path / "docs" / "index.md").symlink_to(Path("..") / "README.md")
    done = termbase("glossify", "docs", "--db", str(course_db), "--link-to", BASE, "--in-place",
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "docs" / "index.md").is_symlink()
    readme = (tmp_path / "README.md").read_text()
    assert readme != LESSON and unlinked(readme) == LESSON
    assert not list(tmp_path.rglob(".*.tmp"))


def test_a_walk_leaves_out_its_out_folder_and_folders_of_tools(course_db: Path, tmp_path: Path) -> None:
    """`glossify les --out les/out` read les/out/a.md back on a rerun (les/out/out/a.md, one level more
    each time), and `--in-place` on a project folder would rewrite the pages of .venv/node_modules."""
    lessons = tmp_path / "les"
    for folder in ("node_modules/pkg", ".venv/lib"):
        (lessons / folder).mkdir(parents=True)
        (lessons / folder / "README.md").write_text(LESSON)
    (lessons / "one.md").write_text(LESSON)
    for _ in range(2):
        done = termbase("glossify", "les", "--db", str(course_db), "--link-to", BASE, "--out", "les/out",
                        cwd=tmp_path)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "glossified 1 page to les/out" in done.stdout
    assert sorted(p.relative_to(lessons).as_posix() for p in lessons.rglob("*.md")) == [
        ".venv/lib/README.md", "node_modules/pkg/README.md", "one.md", "out/one.md"]
    assert "left out 2 folders (hidden, installed tools or a termbase site): les/.venv, les/node_modules" in (
        " ".join(done.stderr.split()))
    assert (lessons / "node_modules" / "pkg" / "README.md").read_text() == LESSON


def test_cli_links_relative_to_a_termbase_site(course_db: Path, tmp_path: Path) -> None:
    assert termbase("site", "--db", str(course_db), "--out", "site", cwd=tmp_path).returncode == 0
    (tmp_path / "docs" / "deep").mkdir(parents=True)
    (tmp_path / "docs" / "deep" / "a.md").write_text("The pH.\n")
    done = termbase("glossify", "docs/deep/a.md", "--db", str(course_db), "--site", "site", "--in-place",
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "[pH](../../site/c/ph.html" in (tmp_path / "docs" / "deep" / "a.md").read_text()


def test_a_site_of_another_termbase_is_refused(course_db: Path, tmp_path: Path) -> None:
    """`--site` the folder of another termbase's site linked to pages that are not there (or to
    its own concept of the same id) without a word."""
    other = tmp_path / "other.md"
    other.write_text("- **Whisk**: a loop of wires for beating air into cream.\n"
                     "- **Ladle**: a deep spoon for serving soup.\n", encoding="utf-8")
    assert termbase("build", "other.md", "--db", "other.db", cwd=tmp_path).returncode == 0
    assert termbase("site", "--db", "other.db", "--out", "other-site", cwd=tmp_path).returncode == 0
    (tmp_path / "a.md").write_text(LESSON)
    done = termbase("glossify", "a.md", "--db", str(course_db), "--site", "other-site", "--out", "out",
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    message = " ".join(done.stderr.split())
    assert "other-site: has no page for" in message and f"concepts of {course_db}" in message, message
    assert f"`termbase site --db {course_db} --out DIR`" in message
    assert not (tmp_path / "out").exists()


def test_bad_input_gives_clear_lines_and_writes_nothing(course_db: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text("An emulsion.\n")
    (tmp_path / "notes.txt").write_text("An emulsion.\n")
    (tmp_path / "latin1.md").write_bytes("caf\xe9 emulsion\n".encode("latin-1"))
    run = termbase("glossify", "good.md", "notes.txt", "latin1.md", "missing.md", "--db", str(course_db),
                   "--link-to", BASE, "--out", "out", cwd=tmp_path)  # fmt: skip
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "notes.txt: not a Markdown or HTML page" in run.stderr
    assert "latin1.md:1: is not UTF-8 text" in run.stderr
    assert "missing.md: no such file" in run.stderr
    assert "nothing was written" in run.stderr
    assert not (tmp_path / "out").exists()

    run = termbase("glossify", "good.md", "--db", "nope.db", "--link-to", BASE, "--out", "out", cwd=tmp_path)
    assert run.returncode == 1 and "nope.db: no termbase file here" in run.stderr

    run = termbase("glossify", "good.md", "--db", str(course_db), "--out", "out", cwd=tmp_path)
    assert run.returncode == 1 and "say where links go" in run.stderr

    good.chmod(0o444)
    try:
        run = termbase("glossify", "good.md", "--db", str(course_db), "--link-to", BASE, "--in-place",
                       cwd=tmp_path)  # fmt: skip
    finally:
        good.chmod(0o644)
    assert run.returncode == 1 and "good.md: is read-only" in run.stderr and "Traceback" not in run.stderr
    assert good.read_text() == "An emulsion.\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.md", "latin1.md", "notes.txt"]


def test_glossifying_twice_changes_nothing(matcher: TermMatcher) -> None:
    once = glossify(matcher, LESSON)
    assert glossify(matcher, once) == once
    page = "<html><body><p>An emulsion.</p><p>Another emulsion.</p></body></html>"
    linker = Linker(matcher, LinkTarget(BASE).url)
    html_once = glossify_document(page, linker)
    assert glossify_document(html_once, Linker(matcher, LinkTarget(BASE).url)) == html_once
    assert html_once.count("termbase-term") == 1


# ---------------------------------------------------------------- MkDocs and Sphinx, told wrong


def tool(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_MKDOCS_2_WARNING": "1"}
    command = [str(Path(sys.executable).parent / command[0]), *command[1:]]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_mkdocs_plugin_with_a_missing_db_says_so(tmp_path: Path) -> None:
    project = tmp_path / "site"
    shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
    done = tool(["mkdocs", "build", "-q"], project)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "termbase plugin: db 'course.db': no termbase file at" in done.stderr
    assert not (project / "site").exists()


def test_sphinx_extension_with_a_missing_db_or_unknown_concept_says_so(
    course_db: Path, tmp_path: Path
) -> None:
    project = tmp_path / "docs"
    shutil.copytree(FIXTURES / "glossify" / "sphinx", project)
    done = tool(["sphinx-build", "-q", "-b", "html", ".", "_build"], project)
    # Sphinx 9 wraps a ConfigError in its crash report (sphinx-doc/sphinx#14543); the line
    # saying what to fix is there all the same.
    assert done.returncode != 0
    assert "termbase_db = 'course.db': no termbase file at" in done.stderr
    shutil.copy(course_db, project / "course.db")
    directive = ".. termbase-glossary::\n   :concepts: ph nothing\n"
    (project / "glossary.rst").write_text(f"Glossary\n========\n\n{directive}")
    done = tool(["sphinx-build", "-q", "-W", "-b", "html", ".", "_build"], project)
    assert done.returncode != 0 and "termbase-glossary: no concept nothing in the termbase" in done.stderr


def test_toml_front_matter_is_left_alone(matcher: TermMatcher) -> None:
    page = '+++\ntitle = "An emulsion"\ntags = ["emulsion"]\n+++\n\nAn emulsion at last.\n'
    out = glossify(matcher, page)
    assert out.startswith('+++\ntitle = "An emulsion"\ntags = ["emulsion"]\n+++\n')
    assert linked(out) == ["emulsion"]


def test_brackets_that_are_no_link_are_left_alone(matcher: TermMatcher) -> None:
    page = "[emulsion]{#emulsion}\n: a Pandoc term.\n\nSee [pH][nowhere] and [^emulsion], then an emulsion.\n"
    out = glossify(matcher, page)
    assert unlinked(out) == page
    assert linked(out) == ["emulsion"] and out.count("](https://") == 1
    assert "[emulsion]{#emulsion}" in out and "[pH][nowhere]" in out


def test_mkdocs_plugin_links_to_a_published_site_without_tooltips(course_db: Path, tmp_path: Path) -> None:
    project = tmp_path / "site"
    shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
    shutil.copy(course_db, project / "course.db")
    (project / "mkdocs.yml").write_text(
        "site_name: Kitchen chemistry\nplugins:\n  - termbase:\n      db: course.db\n"
        f"      link_to: {BASE}\n      glossary_page: ''\n      tooltips: false\n      first: page\n"
    )
    done = tool(["mkdocs", "build", "-q", "--strict"], project)
    assert done.returncode == 0, done.stderr
    page = (project / "site" / "sauces" / "emulsions" / "index.html").read_text()
    links = re.findall(r'<a class="termbase-term" href="([^"]+)">([^<]+)</a>', page)
    assert links == [(f"{BASE}c/emulsion.html", "emulsion"), (f"{BASE}c/ph.html", "pH")]  # once a page
    assert "termbase-tooltips" not in page and not (project / "site" / "glossary").exists()


# ---------------------------------------------------------------- several glossaries in one site


@pytest.fixture(scope="module")
def lab_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("lab") / "lab.db"
    build_termbase([str(FIXTURES / "glossify" / "lab.yaml")], db)
    return db


def our_links(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="termbase-term[^"]*" href="([^"]+)"[^>]*>([^<]+)</a>', page)


def test_mkdocs_plugin_with_two_glossaries_the_first_wins_a_shared_label(
    course_db: Path, lab_db: Path, tmp_path: Path
) -> None:
    project = tmp_path / "site"
    shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
    shutil.copy(course_db, project / "course.db")
    shutil.copy(lab_db, project / "lab.db")
    head = "site_name: Kitchen chemistry\nplugins:\n  - termbase:\n      glossaries:\n"
    (project / "mkdocs.yml").write_text(head + "        - db: course.db\n        - db: lab.db\n")
    done = tool(["mkdocs", "build", "-q", "--strict"], project)
    assert done.returncode == 0, done.stderr
    page = (project / "site" / "sauces" / "emulsions" / "index.html").read_text()
    # "emulsion" is in both: course.db is listed first; vinegar and acidity are only the lab's.
    assert our_links(page) == [
        ("../../glossary/#term-emulsion", "emulsion"),
        ("../../glossary/#term-lab--vinegar", "vinegar"),
        ("../../glossary/#term-emulsion", "emulsion"),
        ("../../glossary/#term-lab--acidity", "Acidity"),
        ("../../glossary/#term-ph", "pH"),
    ]
    glossary = (project / "site" / "glossary" / "index.html").read_text()
    assert '<dt id="term-lab--vinegar">vinegar</dt>' in glossary and "A sour liquid" in glossary
    assert "A mix of two liquids" in glossary and "Under the microscope" not in glossary
    definitions = (project / "site" / "assets" / "termbase" / "termbase-definitions.js").read_text()
    assert '"lab:vinegar": "A sour liquid' in definitions

    # The other way round, the lab's emulsion wins, and its terms go to its own site.
    (project / "mkdocs.yml").write_text(
        head + f"        - db: lab.db\n          link_to: {BASE}\n        - db: course.db\n"
    )
    done = tool(["mkdocs", "build", "-q", "--strict"], project)
    assert done.returncode == 0, done.stderr
    page = (project / "site" / "sauces" / "emulsions" / "index.html").read_text()
    first_two = [(f"{BASE}c/emulsion.html", "emulsion"), (f"{BASE}c/vinegar.html", "vinegar")]
    assert our_links(page)[:2] == first_two
    assert ("../../glossary/#term-course--ph", "pH") in our_links(page)

    (project / "mkdocs.yml").write_text(head + "        - db: lab.db\n        - db: ../site/lab.db\n")
    done = tool(["mkdocs", "build", "-q"], project)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "two glossaries are named 'lab'" in done.stderr
    assert "give each glossary its own name" in done.stderr
    (project / "mkdocs.yml").write_text(head.replace("glossaries:\n", "db: course.db\n      glossaries:\n")
                                        + "        - db: lab.db\n")  # fmt: skip
    done = tool(["mkdocs", "build", "-q"], project)
    assert done.returncode != 0 and "set db (one termbase) or glossaries (several), not both" in done.stderr


def test_cli_with_two_glossaries_links_each_term_to_its_own_site(
    course_db: Path, lab_db: Path, tmp_path: Path
) -> None:
    (tmp_path / "sauce.md").write_text("# Sauce\n\nAn emulsion of oil in vinegar, and its acidity.\n")
    lab_site = "https://example.org/lab/"
    done = termbase("glossify", "sauce.md", "--db", str(course_db), "--db", str(lab_db), "--link-to", BASE,
                    "--link-to", lab_site, "--out", "out", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = (tmp_path / "out" / "sauce.md").read_text()
    targets = re.findall(r"\]\((\S+) ", out)
    assert targets == [f"{BASE}c/emulsion.html", f"{lab_site}c/vinegar.html", f"{lab_site}c/acidity.html"]
    done = termbase("glossify", "sauce.md", "--db", str(course_db), "--db", str(lab_db), "--link-to", BASE,
                    "--link-to", BASE, "--link-to", BASE, "--out", "out", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1 and "3 --link-to for 2 --db" in done.stderr and "Traceback" not in done.stderr


def test_sphinx_with_two_glossaries_writes_each_without_a_duplicate_term(
    course_db: Path, lab_db: Path, tmp_path: Path
) -> None:
    project = tmp_path / "docs"
    shutil.copytree(FIXTURES / "glossify" / "sphinx", project)
    shutil.copy(course_db, project / "course.db")
    shutil.copy(lab_db, project / "lab.db")
    conf = (project / "conf.py").read_text()
    several = 'termbase_dbs = ["course.db", {"db": "lab.db", "name": "lab"}]'
    (project / "conf.py").write_text(conf.replace('termbase_db = "course.db"', several))
    (project / "glossary.rst").write_text(
        "Glossary\n========\n\n.. termbase-glossary::\n\n"
        "Lab words\n---------\n\n.. termbase-glossary::\n   :glossary: lab\n"
    )
    done = tool(["sphinx-build", "-q", "-W", "-b", "html", ".", "_build"], project)  # -W: no duplicate term
    assert done.returncode == 0, done.stderr
    links = our_links((project / "_build" / "sauces.html").read_text())
    expected = [("glossary.html#term-emulsion", "emulsion"), ("glossary.html#term-vinegar", "vinegar")]
    assert links[:2] == expected
    glossary = (project / "_build" / "glossary.html").read_text()
    assert glossary.count('id="term-emulsion"') == 1 and "Under the microscope" not in glossary
    assert 'id="term-vinegar"' in glossary and 'id="term-acidity"' in glossary
    wrong = "Glossary\n========\n\n.. termbase-glossary::\n   :glossary: nope\n"
    (project / "glossary.rst").write_text(wrong)
    done = tool(["sphinx-build", "-q", "-W", "-b", "html", ".", "_build"], project)
    assert done.returncode != 0 and "no glossary named 'nope' (the names: course, lab)" in done.stderr


def test_glossaries_are_read_again_when_a_termbase_file_changes(tmp_path: Path) -> None:
    from termbase.glossify import source

    db = tmp_path / "course.db"
    build_termbase([str(FIXTURES / "glossify" / "course.yaml")], db)
    first = source.load_glossaries([source.GlossarySource(db, "course")])
    assert "vinegar" not in first.matcher.terms
    source._loaded.clear()  # as a new process would: the pickled copy is read back
    again = source.load_glossaries([source.GlossarySource(db, "course")])
    assert again is not first and sorted(again.matcher.terms) == sorted(first.matcher.terms)
    assert [m.concept_id for m in again.matcher.find("An emulsion, its pH.")] == ["emulsion", "ph"]
    build_termbase([str(FIXTURES / "glossify" / "course.yaml"), str(FIXTURES / "glossify" / "lab.yaml")], db)
    changed = source.load_glossaries([source.GlossarySource(db, "course")])
    assert "vinegar" in changed.matcher.terms


def test_a_termbase_read_from_what_build_stored_is_cached_from_its_second_read(tmp_path: Path) -> None:
    """A site's first build from a termbase's stored glossify text writes no matcher cache (a
    CI build would never read it back), only a mark; the next build writes it, and the one
    after reads it."""
    from termbase.glossify import source

    db = tmp_path / "course.db"
    build_termbase([str(FIXTURES / "glossify" / "course.yaml")], db)
    wanted = [source.GlossarySource(db, "course")]
    cache = source._cache_file(source._stamp(wanted))
    for read in ("first", "second", "third"):
        source._loaded.clear()  # as a new process would
        glossaries = source.load_glossaries(wanted, save=False)
        assert glossaries.stored and (read == "third") == (not source.unsaved(glossaries) and cache.exists())
        source.keep_glossaries(glossaries)  # (as the MkDocs plugin does at the end of a build)
        assert cache.with_suffix(".read").exists() and cache.exists() == (read != "first")
        assert [m.concept_id for m in glossaries.matcher.find("An emulsion, its pH.")] == ["emulsion", "ph"]


def test_definitions_a_build_reads_from_the_termbase_are_kept_with_the_matcher_cache(
    course_db: Path, tmp_path: Path
) -> None:
    """Two sites on one termbase share its matcher cache: the second site's glossary page needs
    definitions the first one's cache lacks, read from the termbase, and then kept in the cache
    (else each later build of the second site read them from the termbase again)."""
    import pickle

    from termbase.glossify import source

    db = tmp_path / "course.db"
    shutil.copy(course_db, db)
    sites = {}
    for name, text in (("first", "An emulsion, stirred."), ("second", "The pH of a lemon.")):
        project = tmp_path / name
        (project / "docs").mkdir(parents=True)
        (project / "docs" / "index.md").write_text(f"# Home\n\n{text}\n")
        (project / "mkdocs.yml").write_text(f"site_name: {name}\nplugins:\n  - termbase:\n      db: {db}\n")
        sites[name] = project
    cache = source._cache_file(source._stamp([source.GlossarySource(db, "course")]))
    for build, name in enumerate(("first", "first", "second")):
        done = tool(["mkdocs", "build", "-q", "--strict"], sites[name])
        assert done.returncode == 0, done.stderr
        assert cache.exists() == (build > 0)  # (a termbase's first read writes no cache: see above)
        if not build:
            continue
        with cache.open("rb") as stream:
            rendered = pickle.load(stream).rendered
        assert "emulsion" in rendered and ("ph" in rendered) == (name == "second")
    assert "0 to 14" in (sites["second"] / "site" / "glossary" / "index.html").read_text()


def test_mkdocs_plugin_with_a_glossary_per_chapter(course_db: Path, lab_db: Path, tmp_path: Path) -> None:
    project = tmp_path / "site"
    shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
    shutil.copy(course_db, project / "course.db")
    shutil.copy(lab_db, project / "lab.db")
    (project / "mkdocs.yml").write_text(
        "site_name: Kitchen chemistry\nplugins:\n  - termbase:\n      glossaries:\n"
        '        - db: course.db\n          pages: ["baking/*"]\n'
        '        - db: lab.db\n          pages: ["sauces/*"]\n'
    )
    done = tool(["mkdocs", "build", "-q", "--strict"], project)
    assert done.returncode == 0, done.stderr
    site = project / "site"
    sauces = our_links((site / "sauces" / "emulsions" / "index.html").read_text())
    # The lab's glossary alone is for the sauces: its emulsion, and no pH (only the course has it).
    assert sauces == [
        ("../../glossary/#term-lab--emulsion", "emulsion"),
        ("../../glossary/#term-lab--vinegar", "vinegar"),
        ("../../glossary/#term-lab--emulsion", "emulsion"),
        ("../../glossary/#term-lab--acidity", "Acidity"),
    ]
    bread = our_links((site / "baking" / "bread" / "index.html").read_text())
    course_terms = ["leavening agent", "Maillard reaction", "denaturation", "browning reaction"]
    assert [text for _, text in bread] == course_terms
    assert our_links((site / "index.html").read_text()) == []  # neither glossary is for the home page
    glossary = (site / "glossary" / "index.html").read_text()
    assert "Under the microscope" in glossary and "A mix of two liquids" not in glossary


def test_a_skipped_list_item_with_a_nested_list_of_unclosed_items_is_skipped_whole(
    matcher: TermMatcher,
) -> None:
    """A `no-glossify` item ends at its own end tag, not at the first item of a list inside it
    (items whose end tag is left out: `<li>a<li>b</ul>`)."""
    page = (
        "<ul><li class='no-glossify'>An emulsion here<ul><li>denaturation one<li>the browning reaction"
        "</ul>and emulsion after the inner list</li><li>An emulsion to link</li></ul>"
        "<dl><dt class='x' data-termbase='off'>emulsion<dl><dt>pH<dd>denaturation</dl></dt><dd>pH</dd></dl>"
    )
    out = glossify_document(page, Linker(matcher, LinkTarget(BASE).url, "all"))
    assert _OUR_HTML_LINK.sub(lambda m: m.group(1), out) == page
    assert [m.group(1) for m in _OUR_HTML_LINK.finditer(out)] == ["emulsion", "pH"]
    assert "<li>An <a " in out and "<dd><a " in out  # the item after the skipped one, the last dd


def test_cli_with_a_glossary_per_chapter(course_db: Path, lab_db: Path, tmp_path: Path) -> None:
    """--pages once per --db: each glossary links only in the pages its globs match (paths under
    the folder holding every input), and there a shared label goes to the first one listed."""
    for chapter in ("sauces", "baking"):
        (tmp_path / "lessons" / chapter).mkdir(parents=True)
        text = "# Notes\n\nAn emulsion of oil in vinegar, its acidity, and the pH.\n"
        (tmp_path / "lessons" / chapter / "notes.md").write_text(text)
    lab_site = "https://example.org/lab/"
    done = termbase("glossify", "lessons", "--db", str(course_db), "--db", str(lab_db), "--link-to", BASE,
                    "--link-to", lab_site, "--pages", "baking/*", "--pages", "sauces/*,extra.md",
                    "--out", "out", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    sauces = re.findall(r"\]\((\S+) ", (tmp_path / "out" / "sauces" / "notes.md").read_text())
    baking = re.findall(r"\]\((\S+) ", (tmp_path / "out" / "baking" / "notes.md").read_text())
    assert sauces == [f"{lab_site}c/emulsion.html", f"{lab_site}c/vinegar.html", f"{lab_site}c/acidity.html"]
    assert baking == [f"{BASE}c/emulsion.html", f"{BASE}c/ph.html"]
    done = termbase("glossify", "lessons", "--db", str(course_db), "--db", str(lab_db), "--link-to", BASE,
                    "--pages", "baking/*", "--out", "out2", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1 and "1 --pages for 2 --db" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out2").exists()


def test_sphinx_with_a_glossary_per_chapter(course_db: Path, lab_db: Path, tmp_path: Path) -> None:
    """`pages` (globs on document names) in termbase_dbs: a glossary links only in its pages."""
    project = tmp_path / "docs"
    shutil.copytree(FIXTURES / "glossify" / "sphinx", project)
    shutil.copy(course_db, project / "course.db")
    shutil.copy(lab_db, project / "lab.db")
    conf = (project / "conf.py").read_text()
    scoped = (
        'termbase_dbs = [{"db": "course.db", "pages": ["baking"]}, '
        '{"db": "lab.db", "name": "lab", "link_to": "https://example.org/lab/", "pages": ["sauces"]}]'
    )
    (project / "conf.py").write_text(conf.replace('termbase_db = "course.db"', scoped))
    done = tool(["sphinx-build", "-q", "-b", "html", ".", "_build"], project)
    assert done.returncode == 0, done.stderr
    sauces = our_links((project / "_build" / "sauces.html").read_text())
    # Only the lab's terms in the sauces (its emulsion is addressed by label: the project's glossary
    # entry of that name); "a low pH" is the course's term, and the course is for the baking.
    assert [text for _, text in sauces] == ["emulsion", "vinegar", "emulsion", "Acidity"], sauces
    baking = our_links((project / "_build" / "baking.html").read_text())
    assert baking and not any(href.startswith("https://example.org/lab/") for href, _ in baking), baking
    wrong = 'termbase_dbs = [{"db": "course.db", "pages": "baking"}]'
    (project / "conf.py").write_text(conf.replace('termbase_db = "course.db"', wrong))
    done = tool(["sphinx-build", "-q", "-b", "html", ".", "_build2"], project)
    assert done.returncode != 0 and "give a list of globs on document names" in done.stderr


def test_glossary_page_definitions_render_as_each_would_alone() -> None:
    """The glossary page renders one-paragraph definitions together with a lean engine: each
    comes out as MkDocs' Markdown engine makes it from that text alone, and any text that is
    not one plain paragraph is rendered alone."""
    from markdown import Markdown

    from termbase.glossify.definition_html import MARKDOWN_MARKS, DefinitionRenderer
    from termbase.web.render import sanitize_html

    texts = [
        "A plain sentence with no marks at all.",
        "Uses `grad_fn` and *emphasis* and __strong__ words.",
        "snake_case_names stay whole, _but this_ is emphasis.",
        "An unclosed `tick and a lone * star.",
        "Trailing spaces after code `x`   ",
        "Ends with a line end *here*\n",
        "- a list item with *stress*",
        "1. a numbered item with `code`",
        "# a heading with *stress*",
        "> a quote with `code`",
        "* * *",
        "    indented *code* block",
        "An escaped \\*star\\* and a [link](https://example.org) with *stress*.",
        "Raw <b>bold</b> & an entity &amp; with *stress*.",
        "Two paragraphs, *one*.\n\nAnd `two`.",
        "",
        "   ",
        "Pipes | and ~tildes~ and bang! with *stress*.",
        "A setext *title*\n===",
        "2024) a year with `code`",
        "+ a plus item with *stress*",
        "--- *",
    ]
    engine = Markdown()

    def alone(text: str) -> str:
        if not text.strip():
            return ""
        if not MARKDOWN_MARKS.search(text):
            return "<p>" + text.strip() + "</p>"
        return sanitize_html(engine.reset().convert(text))

    rendered = DefinitionRenderer().render(texts)
    assert rendered == [alone(text) for text in texts]
    stressed = "<em>emphasis</em> and <strong>strong</strong>"
    assert rendered[1] == f"<p>Uses <code>grad_fn</code> and {stressed} words.</p>"
    assert rendered[6].startswith("<ul>") and rendered[14].count("<p>") == 2


def test_glossaries_kept_in_the_process_follow_a_changed_link_target(tmp_path: Path) -> None:
    """`mkdocs serve` rebuilds in one process: a new `link_to` for the same termbase file is
    used at once, not the one kept from the build before."""
    from termbase.glossify import source

    db = tmp_path / "course.db"
    build_termbase([str(FIXTURES / "glossify" / "course.yaml")], db)
    first = source.load_glossaries([source.GlossarySource(db, "course", "https://a.example/")])
    again = source.load_glossaries([source.GlossarySource(db, "course", "https://b.example/")])
    assert first.sources[0].link_to == "https://a.example/" and again.sources[0].link_to == "https://b.example/"
    assert source.matcher_of(db).find("An emulsion.")[0].concept_id == "emulsion"


def test_a_star_that_is_no_emphasis_is_part_of_the_name_it_ends() -> None:
    """A `*` markdown-it leaves as text ends a name (`A* search`); one that makes emphasis
    (`*A*`, `*on A* search*`) is markup, masked as before."""
    from termbase.matcher import Term

    labels = [("a-star", "A* search"), ("a-star", "A*"), ("cpp", "C++")]
    matcher = TermMatcher(labels, {cid: Term(cid, label, "") for cid, label in labels}, lambda _: "")
    page = ("Plan with A* search here.\n\nNot *A* alone, and *more on A* search* too.\n\n"
            "Code **C++** and *C++*; a C build.\n")  # fmt: skip
    out = glossify(matcher, page, first="all")
    assert unlinked(out) == page
    assert linked(out) == ["A* search", "C++"]


@pytest.mark.parametrize("theme", ["mkdocs", "material"])
def test_mkdocs_search_indexes_the_glossary_page_terms_and_definitions(
    course_db: Path, tmp_path: Path, theme: str
) -> None:
    """The search plugin (MkDocs' own, or Material's with its theme) reads the glossary page
    after the plugin wrote the terms into it: a definition's words are found by the site's
    search, once; the "Used in" lines (page titles) are shown on the page but not indexed."""
    project = tmp_path / "site"
    shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
    shutil.copy(course_db, project / "course.db")
    config = (project / "mkdocs.yml").read_text()
    (project / "mkdocs.yml").write_text(f"{config}theme:\n  name: {theme}\n")
    done = tool(["mkdocs", "build", "-q", "--strict"], project)
    assert done.returncode == 0, done.stderr
    index = json.loads((project / "site" / "search" / "search_index.json").read_text())
    glossary = [doc for doc in index["docs"] if doc["location"].startswith("glossary/")]
    assert glossary, [doc["location"] for doc in index["docs"]]
    text = " ".join(re.sub(r"<[^>]+>", "", doc["text"]) for doc in glossary)
    assert "A number from 0 to 14 telling how acidic or basic a watery liquid is." in text  # pH
    # emulsion, listed under two chapters (the home page's and the sauces'), indexed once
    assert text.count("A mix of two liquids that would rather stay apart") == 1
    assert "Used in" not in text
    page = (project / "site" / "glossary" / "index.html").read_text()
    assert page.count("A mix of two liquids that would rather stay apart") == 2
    assert page.count('<p class="termbase-used-in">Used in: ') >= 2  # the page itself has them
    elsewhere = " ".join(doc["text"] for doc in index["docs"] if not doc["location"].startswith("glossary/"))
    assert "telling how acidic" not in elsewhere


@pytest.mark.parametrize("base", ["example.org/g/", "javascript:alert(1)//", "//cdn.example/x/", "ftp://h/x/"])
def test_cli_refuses_a_link_base_that_would_break_every_link(
    course_db: Path, tmp_path: Path, base: str
) -> None:
    (tmp_path / "one.md").write_text(LESSON)
    run = termbase("glossify", "one.md", "--db", str(course_db), "--link-to", base, "--out", "out",
                   cwd=tmp_path)  # fmt: skip
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"--link-to {base!r}: links cannot start with this" in run.stderr
    assert "https://example.org/glossary/" in run.stderr and not (tmp_path / "out").exists()


def test_link_base_accepts_web_addresses_and_paths_on_the_same_site() -> None:
    from termbase.errors import InputError
    from termbase.glossify.linker import check_link_base

    for base in ("https://example.org/g/", "http://h/g/{id}.html", "/glossary/", "../glossary/#", "./g/"):
        assert check_link_base(base) == base
    # braces hold {id} and nothing else: 'https://e.org/{id' made every link '…/{id/c/<id>.html'
    for base in ("https://e.org/{id", "https://e.org/{name}.html", "https://e.org/id}/"):
        with pytest.raises(InputError, match=r"a pattern names the concept as \{id\}"):
            check_link_base(base)


def test_mkdocs_plugin_with_a_link_to_without_scheme_says_so(course_db: Path, tmp_path: Path) -> None:
    project = tmp_path / "site"
    shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
    shutil.copy(course_db, project / "course.db")
    config = (project / "mkdocs.yml").read_text()
    config = config.replace("db: course.db", "db: course.db\n      link_to: example.org/g/")
    (project / "mkdocs.yml").write_text(config)
    done = tool(["mkdocs", "build", "-q"], project)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "termbase plugin: link_to 'example.org/g/': links cannot start with this" in done.stderr


def test_cli_names_a_db_that_is_no_termbase_once(tmp_path: Path) -> None:
    (tmp_path / "one.md").write_text(LESSON)
    (tmp_path / "notes.bak").write_text("kept notes, not a termbase\n")
    run = termbase("glossify", "one.md", "--db", "notes.bak", "--link-to", BASE, "--out", "out", cwd=tmp_path)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.count("notes.bak") == 1, run.stderr
    assert "not a termbase file" in run.stderr and not (tmp_path / "out").exists()


# ---------------------------------------------------------------- what build stores for glossify

MARKED_GLOSSARY = """termbase: 1
title: Marked kitchen words
concepts:
  - id: roux
    label: roux
    definition: Flour cooked in *butter* until it smells of nuts; it thickens a `sauce`.
  - id: fond
    label: fond
    definition: >-
      The browned bits left in a pan, lifted with a splash of [stock](https://example.org/stock)
      & scraped up.
  - id: brine
    label: brine
    definition: "Salted water.\\n\\nMeat soaked in it stays *juicy*."
  - id: mirepoix
    label: mirepoix
    definition: Onion, carrot and celery cut small and cooked slowly.
"""


def test_build_stores_the_tooltip_lines_and_glossary_html_glossify_would_make(tmp_path: Path) -> None:
    """`build` stores each concept's one-line definition and, for a plain definition, the HTML
    the MkDocs glossary page shows (the others need the Markdown engine: `store_markdown_html`
    adds them, rendered by the engine and sanitiser, as for the compiled built-in glossary):
    the same text glossify makes from the definitions, read back without them."""
    import sqlite3

    from termbase.glossify import source
    from termbase.glossify.definition_html import DefinitionRenderer
    from termbase.matcher import one_line
    from termbase.matcher_table import read_html, read_terms, store_markdown_html

    (tmp_path / "marked.yaml").write_text(MARKED_GLOSSARY)
    db = tmp_path / "marked.db"
    build_termbase([str(tmp_path / "marked.yaml")], db)
    with Termbase.open(db) as termbase:
        summaries = termbase.summaries()
    rendered = DefinitionRenderer().render([text for _, _, _, text in summaries])
    with sqlite3.connect(db) as connection:
        terms = read_terms(connection)
        plain = read_html(connection, [cid for cid, _, _ in terms])
        assert plain == {"mirepoix": "<p>Onion, carrot and celery cut small and cooked slowly.</p>"}
        store_markdown_html(connection)
        html = read_html(connection, [cid for cid, _, _ in terms])
    assert terms == [(cid, label, one_line(text)) for cid, label, _, text in summaries]
    assert [html[cid] for cid, _, _, _ in summaries] == rendered
    thickens = "it thickens a <code>sauce</code>.</p>"
    assert html["roux"] == f"<p>Flour cooked in <em>butter</em> until it smells of nuts; {thickens}"
    assert html["brine"].count("<p>") == 2 and 'rel="nofollow noopener noreferrer"' in html["fond"]
    glossaries = source.load_glossaries([source.GlossarySource(db, "marked")])
    assert glossaries.stored and glossaries.read_definitions is None  # (one-line definitions stored)
    assert glossaries.matcher.definition("roux") == one_line(summaries[-1][3]) == terms[-1][2]
    assert glossaries.stored_html(["fond", "roux"]) == {"fond": html["fond"], "roux": html["roux"]}
    assert glossaries.definitions["brine"] == "Salted water.\n\nMeat soaked in it stays *juicy*."


def test_a_site_from_a_termbase_without_stored_glossify_text_is_the_same(
    course_db: Path, tmp_path: Path
) -> None:
    """A termbase built before build stored the patterns, lines and HTML (or by other code, or
    whose HTML another Markdown engine made) gives the same site: glossify works them out."""
    import sqlite3

    from termbase.glossify import source

    sites = {}
    stale_keys = {"stored": (), "older": ("matcher_patterns", "glossify_html"), "html": ("glossify_html",)}
    for name, stale in stale_keys.items():
        project = tmp_path / name
        shutil.copytree(FIXTURES / "glossify" / "mkdocs", project)
        shutil.copy(course_db, project / "course.db")
        with sqlite3.connect(project / "course.db") as connection:
            for key in stale:
                connection.execute("UPDATE meta SET value = '2 0.0.1 other code' WHERE key = ?", (key,))
        read = source.load_glossaries([source.GlossarySource(project / "course.db", "course")], save=False)
        assert read.stored == (name != "older") and bool(read.stored_html(["emulsion"])) == (name == "stored")
        # (a first read of stored text writes no cache, the second writes it, the third reads it)
        for build in ("first", "again", "cached") if name == "stored" else ("first", "again"):
            done = tool(["mkdocs", "build", "-q", "--strict"], project)
            assert done.returncode == 0, done.stderr
            site = project / "site"
            sites[name, build] = {
                str(path.relative_to(site)): re.sub(r"Build Date UTC : [^\n]*", "", path.read_text())
                for path in sorted(site.rglob("*")) if path.suffix in (".html", ".js", ".json")
            }  # fmt: skip
    stored = sites["stored", "first"]
    assert "A mix of two liquids" in stored["glossary/index.html"]
    assert all(site == stored for site in sites.values())
