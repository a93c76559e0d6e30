"""Benchmark glossify: 1 MB of Markdown, and an MkDocs build with and without the plugin.

    python bench/glossify.py [--mb 1.0] [--pages 100] [--repeat 3] [--lessons DIR] [--cold] [--instructions]

In one run:
1. the built-in glossary (compiled first, not timed) is loaded into a `TermMatcher`
   (timed apart), then `glossify_markdown` runs over about 1 MB of Markdown lessons:
   by default text made from the built-in definitions themselves (so terms are dense), in
   sections with headings, lists, inline code and code blocks; with --lessons, the .md files
   of that folder repeated up to the size. Target: under 1 s for the 1 MB.
2. a 100-page MkDocs site built with `mkdocs build` in a new process, with and without the
   `termbase` plugin (default options: tooltips and glossary page on), back to back,
   `--repeat` times each. Pages: by default about 6 kB each of the same generated text (a
   stress case: nearly every phrase is a glossary term); with --lessons, the lessons in turn.
   Compared: the median of the pairs' ratios, in CPU time (steadier on a shared machine) and
   wall time; each pair's two builds run back to back, in turn without or with the plugin
   first. Target: the plugin adds at most 20 %. The site with the plugin is about a third
   larger (links, the glossary page, its search text, the tooltips' definitions), so a slow
   disk weighs on its side: with under 1 GB free on this machine's disk, writing 4 MB of
   files cost 55 ms of CPU time, with 2 GB free 6.5 ms (the run prints the disk's free
   space). The plugin keeps the termbase's matcher under the termbase cache folder (written
   by the second of two untimed builds: a first read of what `termbase build` stored leaves
   only a mark); `--cold` removes that cache (and mark) before every build with the plugin,
   as after a termbase changed (the first build after `termbase build`: the matcher's
   patterns are read from the termbase, where build stores them; the run says whether this
   termbase has them — a built-in glossary compiled before they were stored does not, until
   it is compiled again).
   termbase's bytecode is written first, as `pip install` does (see `byte_compile_termbase`).
   With --instructions, one more build of each under valgrind's callgrind counts its
   user-space instructions (the same count whatever the load; CPU time also holds cache misses
   and the kernel's work on the site's files, which vary with the machine and its disk).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import termbase
from termbase.builtin import builtin_db, cache_dir
from termbase.glossify.linker import Linker, LinkTarget
from termbase.glossify.markdown import glossify_markdown
from termbase.matcher import TermMatcher
from termbase.matcher_table import read_pattern_tables
from termbase.store import Termbase


def definition_paragraphs() -> list[str]:
    """Return the built-in glossary's definitions, one paragraph each."""
    with Termbase.open(builtin_db()) as termbase:
        return [" ".join(d.split()) for _, _, _, d in termbase.summaries() if d.strip()]


def lesson_text(paragraphs: list[str], size: int, offset: int = 0) -> str:
    """Return Markdown of about `size` characters: sections of prose, lists and code."""
    parts: list[str] = []
    total = 0
    index = offset
    section = 0
    while total < size:
        section += 1
        block = [f"## Section {section}\n"]
        for _ in range(4):
            paragraph = paragraphs[index % len(paragraphs)]
            index += 1
            block.append(paragraph + "\n")
        block.append(f"- {paragraphs[index % len(paragraphs)][:120]}\n- uses `attention` in code\n")
        block.append("```python\nmodel = attention(query, key, value)  # not linked\n```\n")
        text = "\n".join(block) + "\n"
        parts.append(text)
        total += len(text)
    return "".join(parts)


def bench_markdown(paragraphs: list[str], megabytes: float, lessons: Path | None, db: Path | None) -> None:
    size = int(megabytes * 1_000_000)
    if lessons is not None:
        files = sorted(lessons.rglob("*.md"))
        if not files:
            sys.exit(f"{lessons}: no .md files")
        one = "\n".join(f.read_text(encoding="utf-8") for f in files)
        text = (one * (size // max(len(one), 1) + 1))[:size]
        text = text[: text.rfind("\n\n") + 1]
    else:
        text = lesson_text(paragraphs, size)
    started = time.perf_counter()
    with Termbase.open(db or builtin_db()) as termbase:
        matcher = TermMatcher.from_termbase(termbase)
    load = time.perf_counter() - started
    source = db or "the built-in glossary"
    print(f"matcher: {len(matcher.terms)} concepts loaded from {source} in {load:.2f} s")
    target = LinkTarget("https://example.org/glossary/")
    times = []
    for first in ("section", "page", "all"):
        linker = Linker(matcher, target.url, first)
        started, cpu = time.perf_counter(), time.process_time()
        out = glossify_markdown(text, linker)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        times.append((seconds, cpu))
        links = sum(linker.used.values())
        size, out_size = len(text.encode()) / 1e6, len(out.encode()) / 1e6
        print(
            f"glossify --first {first:7}: {size:.2f} MB Markdown in {seconds:.2f} s wall, {cpu:.2f} s CPU "
            f"({links} links to {len(linker.used)} terms; output {out_size:.2f} MB)"
        )
    wall, cpu = times[0]
    verdict = "met" if cpu < 1.0 else "NOT met"
    print(f"target < 1 s for 1 MB (default --first section): {cpu:.2f} s CPU ({wall:.2f} s wall) — {verdict}")


def generated_pages(paragraphs: list[str], pages: int) -> list[str]:
    """Return `pages` lessons of about 6 kB each made from the built-in definitions."""
    return [f"# Lesson {n}\n\n" + lesson_text(paragraphs, 6_000, offset=n * 23) for n in range(pages)]


def course_pages(lessons: Path, pages: int) -> list[str]:
    """Return `pages` lessons: the folder's .md files in turn, over and over."""
    files = sorted(lessons.rglob("*.md"))
    if not files:
        sys.exit(f"{lessons}: no .md files")
    texts = [f.read_text(encoding="utf-8") for f in files]
    return [texts[n % len(texts)] for n in range(pages)]


def write_site(folder: Path, texts: list[str], plugin: str) -> None:
    """Write an MkDocs project of the pages, ten to a chapter folder; `plugin` is the
    plugin's YAML block ("" for none)."""
    docs = folder / "docs"
    for number, text in enumerate(texts):
        chapter = docs / f"chapter-{number // 10:02d}"
        chapter.mkdir(parents=True, exist_ok=True)
        (chapter / f"lesson-{number:03d}.md").write_text(text, encoding="utf-8")
    (docs / "index.md").write_text("# Course\n\nA course for the benchmark.\n", encoding="utf-8")
    config = "site_name: Bench course\nplugins:\n  - search\n" + plugin
    (folder / "mkdocs.yml").write_text(config, encoding="utf-8")


def build_seconds(folder: Path) -> tuple[float, float]:
    """Return (wall, CPU) seconds of `mkdocs build` in `folder`, in a new process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [str(Path(sys.executable).parent / "mkdocs"), "build", "-q", "--clean"],
        cwd=folder, env=env, capture_output=True, text=True,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"mkdocs build failed in {folder}:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu


def build_instructions(folder: Path) -> int | None:
    """Return the user-space instructions of one `mkdocs build` in `folder` (a new process under
    valgrind's callgrind, string hashes fixed: the same count run after run, whatever else the
    machine does), None without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}
    mkdocs = str(Path(sys.executable).parent / "mkdocs")
    command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, mkdocs]
    done = subprocess.run(
        [*command, "build", "-q", "--clean"], cwd=folder, env=env, capture_output=True, text=True
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        sys.exit(f"mkdocs build under valgrind failed in {folder}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def byte_compile_termbase() -> None:
    """Write termbase's bytecode (.pyc), as `pip install` does: with PYTHONDONTWRITEBYTECODE set
    (this machine) an uninstalled checkout would otherwise be compiled again in every build,
    while MkDocs, installed, is not — the plugin's import would cost several times what it does
    for a user."""
    package = Path(termbase.__file__).parent
    if not compileall.compile_dir(str(package), quiet=1):
        print(f"could not byte-compile {package}: imports are compiled in every build")


def bench_mkdocs(
    texts: list[str],
    db: Path | None,
    repeat: int,
    keep: Path | None = None,
    cold: bool = False,
    instructions: bool = False,
) -> None:
    root = keep or Path(tempfile.mkdtemp(prefix="termbase-bench-mkdocs-"))
    pages = len(texts)
    byte_compile_termbase()
    with Termbase.open(db or builtin_db()) as termbase:
        stored = read_pattern_tables(termbase.db) is not None
    # A termbase built before the matcher's patterns were stored (or by another format) makes a
    # cold build work them out from every label.
    print(f"matcher patterns stored in the termbase: {'yes' if stored else 'no (built before they were)'}")
    try:
        plain, glossified = root / "plain", root / "plugin"
        write_site(plain, texts, "")
        write_site(glossified, texts, "  - termbase" + (f":\n      db: {db.resolve()}\n" if db else "\n"))
        build_seconds(glossified)  # warm: compiles nothing, but fills OS caches for both
        build_seconds(glossified)  # (and writes the matcher cache: see the module's text)
        without: list[tuple[float, float]] = []
        with_plugin: list[tuple[float, float]] = []
        for pair in range(repeat):
            # The two builds of a pair run back to back, in turn one first then the other
            # (without, with; with, without; …): a slow drift of the machine's speed weighs on
            # either side alike instead of always on the second.
            if pair % 2 == 0:
                without.append(build_seconds(plain))
            if cold:
                shutil.rmtree(cache_dir() / "glossify", ignore_errors=True)
            with_plugin.append(build_seconds(glossified))
            if pair % 2 == 1:
                without.append(build_seconds(plain))
        links = sum(
            page.read_text(encoding="utf-8").count('class="termbase-term"')
            for page in (glossified / "site").rglob("index.html")
        )
        for name, runs in (("without plugin", without), ("with termbase plugin", with_plugin)):
            walls, cpus = [w for w, _ in runs], [c for _, c in runs]
            print(
                f"mkdocs build, {pages} pages, {name}: {statistics.median(cpus):.2f} s CPU, "
                f"{statistics.median(walls):.2f} s wall (median of {len(runs)}; CPU runs "
                f"{[round(c, 2) for c in cpus]}, wall runs {[round(w, 2) for w in walls]})"
            )
        print(f"term links in the plugin's site: {links}")
        # The median of the pairs' ratios is steadier on a busy machine than the ratio of medians.
        cpu_ratios = [b[1] / a[1] for a, b in zip(without, with_plugin, strict=True)]
        cpu_ratio = statistics.median(cpu_ratios)
        wall_ratio = statistics.median(b[0] / a[0] for a, b in zip(without, with_plugin, strict=True))
        verdict = "met" if cpu_ratio <= 1.20 else "NOT met"
        cache = "no matcher cache (--cold)" if cold else "matcher cached"
        ratios = f"{cpu_ratio:.2f}× CPU ({wall_ratio:.2f}× wall)"
        method = f"median of {repeat} pairs' ratios, each pair back to back, in turn without or with first"
        print(f"target ≤ 1.20× with the plugin ({cache}): {ratios} — {verdict} ({method})")
        print(f"the pairs' CPU ratios, in order: {' '.join(f'{r:.2f}' for r in cpu_ratios)}")
        if instructions:
            plain_count = build_instructions(plain)
            if cold:
                shutil.rmtree(cache_dir() / "glossify", ignore_errors=True)
            plugin_count = build_instructions(glossified)
            if plain_count is None or plugin_count is None:
                print("instructions: valgrind is not installed")
            else:
                print(
                    f"user-space instructions of one build (valgrind callgrind; a steady figure, not the "
                    f"target's: CPU time also holds cache misses and the kernel's file work): without "
                    f"{plain_count / 1e6:,.0f} M, with {plugin_count / 1e6:,.0f} M: "
                    f"{plugin_count / plain_count:.3f}×"
                )
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        free = shutil.disk_usage(root)
        print(
            f"load average at the end: {load} on {os.cpu_count()} cores; disk of the sites "
            f"{free.free / free.total:.0%} free ({free.free / 1e9:.1f} GB)"
        )
    finally:
        if keep is None:
            shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=1.0, help="Megabytes of Markdown to glossify.")
    parser.add_argument("--pages", type=int, default=100, help="Pages in the MkDocs site.")
    parser.add_argument("--repeat", type=int, default=3, help="Builds of each MkDocs site.")
    parser.add_argument("--lessons", type=Path, default=None, help="A folder of .md lessons to use instead.")
    parser.add_argument(
        "--db", type=Path, default=None, help="The termbase to link against (default: the built-in glossary)."
    )
    parser.add_argument("--keep", type=Path, default=None, help="Build the MkDocs sites here and keep them.")
    parser.add_argument("--skip-markdown", action="store_true", help="Only the MkDocs part.")
    parser.add_argument(
        "--cold", action="store_true", help="Remove the plugin's matcher cache before each build with it."
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="Also count one build's instructions with and without the plugin (valgrind; steady under load).",
    )
    args = parser.parse_args()
    paragraphs = definition_paragraphs()
    if not args.skip_markdown:
        bench_markdown(paragraphs, args.mb, args.lessons, args.db)
    if args.lessons is not None:
        termbase = args.db or "built-in"
        print(f"MkDocs site: {args.lessons}'s lessons in turn, {args.pages} pages, termbase {termbase}")
        texts = course_pages(args.lessons, args.pages)
    else:
        print(f"MkDocs site: {args.pages} generated pages of built-in definitions (dense in terms)")
        texts = generated_pages(paragraphs, args.pages)
    bench_mkdocs(texts, args.db, args.repeat, args.keep, args.cold, args.instructions)


if __name__ == "__main__":
    main()
