"""The `termbase` command line: build a termbase, look things up, report and export.

Every read command takes `--db PATH`; every command that prints data can print JSON.
A user mistake prints one line saying what, where and what to do, and exits non-zero.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from termbase import __version__
from termbase.errors import InputError, NothingReadError, TermbaseError
from termbase.languages import in_language
from termbase.store import ConceptRecord, Termbase

if TYPE_CHECKING:
    from termbase.search import Hit

# Commands import what only they need (readers, writers, rdflib, the lookup and lint
# modules) inside their bodies, so that `termbase --help`, `site` or `define` start fast.

app = typer.Typer(
    name="termbase",
    help="Read glossaries in any shape, merge them into one linked termbase, look terms up.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

P = ParamSpec("P")
R = TypeVar("R")

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        help="The termbase file to read (default: the built-in AI/ML glossary).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Show labels and definitions in this language (es, pt-BR …), else English."),
]


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a TermbaseError into one red line on stderr and exit status 1."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TermbaseError as error:
            err.print(f"[red]error:[/red] {escape(str(error))}")
            raise typer.Exit(1) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper


def open_termbase(db: Path | None) -> Termbase:
    """Return the termbase named by --db, or the built-in AI/ML glossary without it."""
    if db is not None:
        return Termbase.open(db)
    from termbase.builtin import builtin_db

    return Termbase.open(builtin_db())


def version_callback(value: bool) -> None:
    if value:
        out.print(f"termbase {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=version_callback,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """termbase: one clean, linked, searchable termbase from many glossaries."""


@app.command()
@friendly_errors
def build(
    sources: Annotated[list[str], typer.Argument(help="Glossary files or directories.")],
    db: Annotated[Path, typer.Option("--db", help="The termbase file to write.")] = Path("termbase.db"),
    format_name: Annotated[
        str | None,
        typer.Option("--format", help="Read every source as this shape (`termbase formats` lists them)."),
    ] = None,
    with_semantic: Annotated[
        bool,
        typer.Option(
            "--semantic", help="Also store concept embeddings for question search (needs the semantic extra)."
        ),
    ] = False,
) -> None:
    """Read SOURCES, merge their entries into concepts, and write the termbase file."""
    from termbase.build import build_termbase
    from termbase.semantic import INSTALL_HINT as SEMANTIC_INSTALL_HINT
    from termbase.semantic import available as semantic_available

    if with_semantic and not semantic_available():
        raise InputError("--semantic needs the semantic extra", hint=SEMANTIC_INSTALL_HINT)
    try:
        summary = build_termbase(sources, db, format_name, semantic=with_semantic)
    except NothingReadError as error:
        for skipped in error.skipped:
            err.print(f"[yellow]skipped:[/yellow] {escape(skipped.describe())}")
        raise
    table = Table(title=f"termbase build → {summary.db}", title_justify="left")
    for column in ("source", "reader", "entries", "lines reported"):
        table.add_column(column, justify="right" if column in {"entries", "lines reported"} else "left")
    for source in summary.sources:
        table.add_row(escape(source.path), source.reader, str(source.entry_count), str(source.unused_count))
    out.print(table)
    for error in summary.skipped:
        err.print(f"[yellow]skipped:[/yellow] {escape(error.describe())}")
    out.print(
        f"{len(summary.sources)} sources, {summary.entries} entries → {summary.concepts} concepts, "
        f"{summary.relations} relations ({summary.dangling} dangling see-also) "
        f"in {summary.seconds:.2f} s" + (f"; {len(summary.skipped)} skipped" if summary.skipped else "")
    )
    if summary.skipped:
        raise typer.Exit(1)


@app.command()
@friendly_errors
def define(
    term: Annotated[str, typer.Argument(help="Any label of the concept, or its id.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Show the concept a term names, with every source's definition (in `--lang` if given)."""
    from termbase.exports.jsonl import concept_dict
    from termbase.lookup import find_concepts, suggest_labels

    with open_termbase(db) as termbase:
        ids = find_concepts(termbase, term)
        records = [r for r in (termbase.concept(i) for i in ids) if r is not None]
        if lang:
            records = [in_language(r, lang) for r in records]
        if not records:
            suggestions = suggest_labels(termbase, term)
            if as_json:
                out.print_json(data={"query": term, "concepts": [], "suggestions": suggestions})
            hint = f" — did you mean: {', '.join(suggestions)}?" if suggestions else ""
            err.print(f"[red]no concept named[/red] {escape(term)!r}{escape(hint)}")
            raise typer.Exit(1)
        if as_json:
            out.print_json(data={"query": term, "concepts": [concept_dict(r) for r in records]})
            return
        for number, record in enumerate(records):
            if number:
                out.rule()
            _print_concept(record)


def _print_concept(record: ConceptRecord) -> None:
    out.print(f"[bold]{escape(record.label)}[/bold]  [dim]({record.id})[/dim]")
    others = [label for label in record.labels if label != record.label]
    if others:
        out.print("also: " + ", ".join(escape(label) for label in others))
    if record.homonym_of:
        out.print("[yellow]not to be confused with:[/yellow] " + ", ".join(record.homonym_of))
    for stored in record.entries:
        entry = stored.entry
        where = f"{entry.source}:{entry.line}"
        locator = f" · {entry.locator.text}" if entry.locator else ""
        out.print(f"\n[cyan]{escape(stored.source_title)}[/cyan] [dim]{escape(where)}{escape(locator)}[/dim]")
        out.print(f"  {escape(entry.term)}: {escape(entry.definition)}")
        for formula in entry.formulas:
            out.print(f"  [dim]formula:[/dim] {escape(formula)}")
        if entry.see_also:
            out.print("  [dim]see also:[/dim] " + escape(", ".join(entry.see_also)))
        for link_text in entry.links:
            out.print(f"  [dim]read more:[/dim] {escape(link_text)}")
    see_also = [r.to_id for r in record.related if r.kind == "see_also"]
    mentions = [r.to_id for r in record.related if r.kind == "mentions"]
    backlinks = sorted({r.from_id for r in record.mentioned_in})
    if see_also:
        out.print("\n[bold]see also:[/bold] " + ", ".join(see_also))
    if mentions:
        out.print("[bold]mentions:[/bold] " + ", ".join(mentions))
    if backlinks:
        out.print("[bold]mentioned in:[/bold] " + ", ".join(backlinks))


@app.command("list")
@friendly_errors
def list_concepts(
    db: DbOption = None,
    as_json: JsonOption = False,
    letter: Annotated[str | None, typer.Option(help="Only concepts filed under this initial.")] = None,
    lang: LangOption = None,
) -> None:
    """List every concept: id, preferred label and a one-line summary (in `--lang` if given)."""
    with open_termbase(db) as termbase:
        rows = termbase.summaries(lang or "")
        if letter:
            rows = [r for r in rows if r[2] == letter.upper()]
        if as_json:
            labels = {cid: [] for cid, *_ in rows}
            for cid, label, _ in termbase.all_labels():
                if cid in labels:
                    labels[cid].append(label)
            for cid, label, _initial, summary in rows:
                out.print(
                    json.dumps(
                        {
                            "id": cid,
                            "label": label,
                            "labels": labels[cid],
                            "summary": _one_line(summary),
                        },
                        ensure_ascii=False,
                    )
                )
            return
        table = Table(show_header=True, header_style="bold")
        table.add_column("id", no_wrap=True)
        table.add_column("label")
        table.add_column("summary", overflow="ellipsis", no_wrap=True, max_width=70)
        for cid, label, _initial, summary in rows:
            table.add_row(cid, escape(label), escape(_one_line(summary)))
        out.print(table)
        out.print(f"{len(rows)} concepts")


def _one_line(text: str, width: int = 140) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1].rstrip() + "…"


@app.command()
@friendly_errors
def stats(db: DbOption = None, as_json: JsonOption = False) -> None:
    """Count sources, entries, concepts, labels and relations."""
    with open_termbase(db) as termbase:
        counts = termbase.stats()
        if as_json:
            out.print(json.dumps(counts))
            return
        table = Table(show_header=False)
        for name, value in counts.items():
            table.add_row(name, str(value))
        out.print(table)


@app.command()
@friendly_errors
def report(db: DbOption = None, as_json: JsonOption = False) -> None:
    """List every input line not used in an entry, with the reason, and dangling see-also."""
    with open_termbase(db) as termbase:
        unused = termbase.unused()
        dangling = termbase.dangling()
        sources = termbase.sources()
        if as_json:
            out.print(
                json.dumps(
                    {
                        "sources": [
                            {
                                "path": s.path,
                                "reader": s.reader,
                                "nonblank_lines": s.nonblank_lines,
                                "entries": s.entry_count,
                                "lines_reported": s.unused_count,
                            }
                            for s in sources
                        ],
                        "unused": [
                            {"source": u.source, "line": u.line, "reason": u.reason, "text": u.text}
                            for u in unused
                        ],
                        "dangling": [
                            {
                                "from": d.from_id,
                                "target": d.target,
                                "source": d.source,
                                "line": d.line,
                            }
                            for d in dangling
                        ],
                    },
                    ensure_ascii=False,
                )
            )
            return
        for source in sources:
            used = source.nonblank_lines - source.unused_count
            out.print(
                f"[bold]{escape(source.path)}[/bold] ({source.reader}): "
                f"{source.entry_count} entries use {used} lines, "
                f"{source.unused_count} lines reported, "
                f"{source.nonblank_lines} non-blank lines in all"
            )
            for u in (u for u in unused if u.source == source.path):
                out.print(
                    f"  {u.line:>5}  [yellow]{escape(u.reason)}[/yellow]: "
                    f"[dim]{escape(_one_line(u.text, 100))}[/dim]"
                )
        if dangling:
            out.print("\n[bold]see-also targets that name no concept[/bold]")
            for d in dangling:
                out.print(f"  {escape(d.source)}:{d.line}  {d.from_id} → {escape(d.target)!r}")


@app.command()
@friendly_errors
def export(
    db: DbOption = None,
    format_name: Annotated[
        str, typer.Option("--format", help="Export format (`termbase formats` lists them).")
    ] = "jsonl",
    rdf_xml: Annotated[
        bool, typer.Option("--rdf-xml", help="With --format skos: write RDF/XML instead of Turtle.")
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write to this file instead of stdout.")
    ] = None,
) -> None:
    """Write the whole termbase in a standard format (JSONL, JSON, CSV, Markdown, Sphinx, SKOS, TBX…)."""
    from termbase.exports import get_writer
    from termbase.exports.base import ExportOptions

    writer = get_writer(format_name)
    if rdf_xml and writer.name != "skos":
        raise InputError(
            "--rdf-xml applies only to --format skos", hint="drop --rdf-xml or use --format skos"
        )
    with open_termbase(db) as termbase:
        chunks = writer.write(termbase, ExportOptions(rdf_xml=rdf_xml))
        if output is None:
            for chunk in chunks:
                sys.stdout.write(chunk)
            return
        with output.open("w", encoding="utf-8") as handle:
            for chunk in chunks:
                handle.write(chunk)
        count = len(termbase.concept_ids())
    err.print(f"wrote {count} concepts to {output} ({writer.name})")


@app.command()
@friendly_errors
def serve(
    db: DbOption = None,
    host: Annotated[
        str, typer.Option(help="Interface to bind; 127.0.0.1 keeps it on this machine, 0.0.0.0 opens it.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    title: Annotated[str | None, typer.Option(help="Site title (default: from the file name).")] = None,
) -> None:
    """Serve the termbase as a web site and JSON API (pages at /, API docs at /docs)."""
    import uvicorn

    from termbase.builtin import builtin_db
    from termbase.web.app import create_app

    path = db if db is not None else builtin_db()
    web_app = create_app(path, title or "")
    err.print(f"serving {escape(str(path))} at http://{host}:{port}/  (API docs: /docs; Ctrl+C stops)")
    uvicorn.run(web_app, host=host, port=port, log_level="warning")


@app.command()
@friendly_errors
def site(
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="Folder to write the static site into.")],
    db: DbOption = None,
    title: Annotated[str | None, typer.Option(help="Site title (default: from the file name).")] = None,
    lang: LangOption = None,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="Processes writing concept pages (default: one per core for large sites)."),
    ] = None,
) -> None:
    """Write a static site (relative links, search as you type) that works opened from files."""
    from termbase.languages import is_language_tag
    from termbase.web.site import write_site

    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"{out_dir}: exists and is not a folder", hint="pass --out a folder path")
    if lang and not is_language_tag(lang):
        raise InputError(f"--lang {lang!r}: not a language tag", hint="pass a tag such as es, fr or pt-BR")
    with open_termbase(db) as termbase:
        summary = write_site(termbase, out_dir, title or "", lang or "", workers)
    out.print(
        f"wrote {summary.pages} pages ({summary.files} files) to {escape(str(out_dir))} "
        f"in {summary.seconds:.2f} s"
        + (f" by {summary.workers} processes" if summary.workers > 1 else "")
        + f" — open {escape(str(out_dir / 'index.html'))}"
    )


@app.command()
@friendly_errors
def formats(as_json: JsonOption = False) -> None:
    """List the shapes `build --format` reads and the formats `export --format` writes."""
    from termbase.exports import WRITERS
    from termbase.readers import READERS

    readers = [{"name": r.name, "description": r.description} for r in READERS]
    writers = [{"name": w.name, "description": w.description} for w in WRITERS]
    if as_json:
        out.print(json.dumps({"readers": readers, "writers": writers}, ensure_ascii=False))
        return
    for heading, rows in (("build --format (readers)", readers), ("export --format (writers)", writers)):
        table = Table(title=heading, title_justify="left")
        table.add_column("name")
        table.add_column("reads" if rows is readers else "writes")
        for row in rows:
            table.add_row(row["name"], escape(row["description"]))
        out.print(table)


@app.command()
@friendly_errors
def coverage(
    sources: Annotated[list[str], typer.Argument(help="Glossary files or directories to compare.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    format_name: Annotated[
        str | None, typer.Option("--format", help="Read every source as this shape.")
    ] = None,
) -> None:
    """List the concepts in SOURCES that the termbase lacks (default: the built-in glossary)."""
    from termbase.coverage import coverage as find_coverage

    with open_termbase(db) as termbase:
        result = find_coverage(termbase, sources, format_name)
    for error in result.skipped:
        err.print(f"[yellow]skipped:[/yellow] {escape(error.describe())}")
    share = len(result.covered) / result.total if result.total else 1.0
    if as_json:
        out.print(
            json.dumps(
                {
                    "total": result.total,
                    "covered": len(result.covered),
                    "share": round(share, 4),
                    "missing": [
                        {
                            "label": c.label,
                            "labels": list(c.labels),
                            "entries": [
                                {"source": e.source, "line": e.line, "term": e.term} for e in c.entries
                            ],
                        }
                        for c in result.missing
                    ],
                },
                ensure_ascii=False,
            )
        )
        return
    for concept in result.missing:
        where = ", ".join(f"{e.source}:{e.line}" for e in concept.entries)
        out.print(f"[red]missing[/red] {escape(concept.label)}  [dim]{escape(where)}[/dim]")
    out.print(
        f"{len(result.covered)} of {result.total} concepts covered ({share:.1%}); "
        f"{len(result.missing)} missing"
    )


@app.command()
@friendly_errors
def lint(
    sources: Annotated[
        list[Path] | None, typer.Argument(help="termbase-yaml files (default: the built-in glossary).")
    ] = None,
) -> None:
    """Check glossary sources in termbase's own format: ids, related ids, labels, definitions."""
    from termbase.builtin import glossary_files
    from termbase.lint import lint_files

    files = sources or glossary_files()
    problems = lint_files(files)
    for problem in problems:
        out.print(escape(str(problem)))
    out.print(f"{len(files)} files, {len(problems)} problems")
    if problems:
        raise typer.Exit(1)


LimitOption = Annotated[int, typer.Option("--limit", "-n", min=1, max=100, help="Most hits to show.")]


@app.command()
@friendly_errors
def search(
    query: Annotated[str, typer.Argument(help="What to look for; `-` reads one query per line from stdin.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    limit: LimitOption = 10,
) -> None:
    """Search labels, acronyms, typos, prefixes and definitions; best hits first."""
    with open_termbase(db) as termbase:
        index = termbase.search_index()
        queries = sys.stdin if query == "-" else [query]
        answered = 0
        for line in queries:
            text = line.rstrip("\n")
            if query == "-" and not text.strip():
                continue
            hits = index.search(text, limit)
            answered += 1
            if as_json:
                out.print(
                    json.dumps({"query": text, "hits": [h.as_dict() for h in hits]}, ensure_ascii=False)
                )
                continue
            _print_hits(text, hits)
        if not as_json:
            err.print(
                f"[dim]{escape(index.mode)} search; {answered} "
                f"quer{'y' if answered == 1 else 'ies'}[/dim]"
            )


def _print_hits(query: str, hits: list[Hit]) -> None:
    if not hits:
        out.print(f"no match for {escape(query)!r}")
        return
    table = Table(title=f"{escape(_one_line(query, 80))}", title_justify="left", show_header=True)
    for column in ("score", "id", "label", "matched"):
        table.add_column(column, justify="right" if column == "score" else "left")
    for hit in hits:
        how = hit.matched + (f" ({escape(hit.matched_label)})" if hit.matched_label != hit.label else "")
        table.add_row(f"{hit.score:.2f}", hit.id, escape(hit.label), how)
    out.print(table)


@app.command()
@friendly_errors
def suggest(
    prefix: Annotated[str, typer.Argument(help="What has been typed so far.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    limit: LimitOption = 8,
) -> None:
    """Autocomplete: the concepts whose labels start with what has been typed."""
    with open_termbase(db) as termbase:
        hits = termbase.suggest(prefix, limit)
    if as_json:
        out.print(json.dumps({"query": prefix, "hits": [h.as_dict() for h in hits]}, ensure_ascii=False))
        return
    for hit in hits:
        out.print(f"{escape(hit.matched_label)}  [dim]→ {hit.id}[/dim]")
    if not hits:
        out.print(f"no completion for {escape(prefix)!r}")
