"""The `termbase` command line: build a termbase, look things up, report and export.

Every read command takes `--db PATH`; every command that prints data can print JSON.
A user mistake prints one line saying what, where and what to do, and exits non-zero.
"""

from __future__ import annotations

import errno
import json
import os
import re
import socket
import sys
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, ParamSpec, TypeVar

import click
from rich.console import Console
from rich.markup import escape

from termbase import __version__
from termbase.db_target import check_db_target, replacing_note
from termbase.errors import InputError, NothingReadError, TermbaseError
from termbase.plain_text import markdown_as_plain_text
from termbase.wording import counted

if TYPE_CHECKING:
    from termbase.limits import Limits
    from termbase.progress import ProgressCallback
    from termbase.search import Hit
    from termbase.store import ConceptRecord, Termbase
    from termbase.web.site_files import SiteSummary
    from termbase.web.stored_site import StoredPages

# Commands import what only they need (readers, writers, rdflib, the lookup and lint
# modules, rich tables, the store) inside their bodies, so that `termbase --help`, `site`
# or `define` start fast. Plain Click, not Typer: Typer imports pydantic and builds a
# validator for every parameter on every run.


class _Console(Console):
    """Rich's console, except that a reader closing the pipe (`termbase list --json | head`)
    ends the command with status 0, as `friendly_errors` does, not rich's status 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(0)


out = _Console(highlight=False, soft_wrap=True)
err = _Console(stderr=True, highlight=False, soft_wrap=True)

P = ParamSpec("P")
R = TypeVar("R")


class HelpArgument(click.Argument):
    """A positional argument with a help text, listed under "Arguments" in `--help`.

    Kept in our own attribute: only Click 8.5+ takes `help` for arguments, and we
    support Click 8.2+.
    """

    def __init__(self, *args: Any, help: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.argument_help = help


def first_paragraph(text: str) -> str:
    """Return the first paragraph of a docstring as one line (a command's short help)."""
    return " ".join(text.strip().split("\n\n")[0].split())


class HelpCommand(click.Command):
    """A command whose short help is its docstring's whole first paragraph, and whose
    `--help` lists its arguments with their help texts before the options."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help and not self.short_help:
            self.short_help = first_paragraph(self.help)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for param in self.params:
            if isinstance(param, HelpArgument) and param.argument_help:
                name = param.human_readable_name
                name = name if param.required else f"[{name}]"
                rows.append((name + ("..." if param.nargs == -1 else ""), param.argument_help))
        if rows:
            with formatter.section("Arguments"):
                formatter.write_dl(rows)
        super().format_options(ctx, formatter)


class OrderedGroup(click.Group):
    """Lists commands in the order they are defined, not alphabetically; with no
    arguments at all, prints its help on stdout and exits with status 2 (the same on
    every Click 8.x: Click's own `no_args_is_help` changed stream and status over 8.x)."""

    command_class = HelpCommand

    #: Commands defined in other modules, imported only when they run or are listed, so
    #: that `termbase search` does not import the glossify matcher (about 0.1 s).
    lazy_commands: ClassVar[dict[str, str]] = {"glossify": "termbase.glossify.command:glossify"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.commands, *(name for name in self.lazy_commands if name not in self.commands)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            import importlib

            module, name = self.lazy_commands[cmd_name].split(":")
            command = getattr(importlib.import_module(module), name)
            if command.help and not command.short_help:  # listed whole, as HelpCommand's are
                command.short_help = first_paragraph(command.help)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), color=ctx.color)
            ctx.exit(2)
        return super().parse_args(ctx, args)


def argument(*decls: str, **attrs: Any) -> Callable[[Callable[P, R]], Callable[P, R]]:
    return click.argument(*decls, cls=HelpArgument, **attrs)


PATH = click.Path(path_type=Path)
db_option = click.option(
    "--db",
    type=PATH,
    default=None,
    help="The termbase file to read (default: the built-in AI/ML glossary).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
quiet_option = click.option(
    "--quiet", "-q", is_flag=True, help="No progress bars (they show only on a terminal anyway)."
)
def _language_tag(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """Check `--lang` (`list --lang 'es ES'` printed English without a word)."""
    from termbase.language_tags import is_language_tag

    if value and not is_language_tag(value):
        raise click.BadParameter(f"{value!r} is not a language tag — pass a tag such as es, fr or pt-BR")
    return value


lang_option = click.option(
    "--lang",
    default=None,
    callback=_language_tag,
    help="Show labels and definitions in this language (es, pt-BR …), else English.",
)


def limit_option(default: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    return click.option(
        "--limit", "-n", type=click.IntRange(1, 100), default=default, help="Most hits to show."
    )


def limit_options(command: Callable[P, R]) -> Callable[P, R]:
    """Add the flags that raise each bound on what a source may ask (see termbase.limits)."""
    from termbase.limits import MIB, Limits

    default = Limits()
    options = [
        ("--max-file-mb", default.max_bytes // MIB, "Largest source file read, in MiB."),
        ("--max-line-chars", default.max_line_chars, "Longest line of a source, in characters."),
        ("--max-entries", default.max_entries, "Most entries one source may hold."),
        ("--max-depth", default.max_depth, "Deepest nesting of JSON, YAML or XML in a source."),
        (
            "--max-expansion",
            default.max_entity_chars,
            "Most characters XML entities, and most nodes YAML aliases, may add to a source.",
        ),
        ("--max-xml-node-mb", default.max_xml_node_chars // MIB, "Largest XML text or attribute, in MiB."),
    ]
    for flag, value, text in reversed(options):
        command = click.option(flag, type=click.IntRange(1), default=value, help=text)(command)
    return command


def limits_from_options(
    *,
    max_file_mb: int,
    max_line_chars: int,
    max_entries: int,
    max_depth: int,
    max_expansion: int,
    max_xml_node_mb: int,
) -> Limits:
    """Return the Limits the build flags ask for."""
    from termbase.limits import MIB, Limits

    return Limits(
        max_bytes=max_file_mb * MIB,
        max_line_chars=max_line_chars,
        max_entries=max_entries,
        max_depth=max_depth,
        max_entity_chars=max_expansion,
        max_yaml_alias_nodes=max_expansion,
        max_xml_node_chars=max_xml_node_mb * MIB,
    )


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a TermbaseError into one red line on stderr and exit status 1."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TermbaseError as error:
            err.print(f"[red]error:[/red] {escape(str(error))}")
            raise click.exceptions.Exit(1) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise click.exceptions.Exit(0) from None
        except KeyboardInterrupt:  # Ctrl+C: one line and the shell's status for it, not click's "Aborted!"
            err.print("interrupted")
            raise click.exceptions.Exit(130) from None
        except OSError as error:  # a path we were given cannot be written or read
            err.print(f"[red]error:[/red] {escape(os_error_line(error))}")
            raise click.exceptions.Exit(1) from None

    return wrapper


def os_error_line(error: OSError) -> str:
    """Return one line for an OSError on a path the user gave: which path, what, what to do."""
    where = f"{written_path(error.filename)}: " if error.filename else ""
    what = (error.strerror or str(error)).lower()
    hint = {
        errno.EEXIST: "a file is in the way of a folder — pick another path",
        errno.ENOTDIR: "part of the path is a file, not a folder — pick another path",
        errno.EACCES: "pick a path you can write to",
        errno.EPERM: "pick a path you can write to",
        errno.EROFS: "pick a path you can write to",
        errno.ENOSPC: "the disk is full — free some space or pick another disk",
        errno.ENOENT: "check the path",
    }.get(error.errno or 0, "check the path and its permissions")
    return f"{where}{what} — {hint}"


_TEMPORARY_BESIDE = re.compile(r"\.(?P<target>.+)\.[A-Za-z0-9_]+\.tmp")


def written_path(filename: object) -> str:
    """Return the path a user named for an OSError's file: the target of a temporary written beside it.

    Files are written as `.NAME.XXXXXXXX.tmp` next to NAME, then renamed over it (see
    termbase.atomic_file); a failure to create that temporary is about NAME.
    """
    path = Path(os.fsdecode(filename))  # type: ignore[arg-type]
    beside = _TEMPORARY_BESIDE.fullmatch(path.name)
    return str(path.with_name(beside["target"]) if beside else path)


def print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        out.print(f"termbase {__version__}")
        ctx.exit()


@click.group(
    cls=OrderedGroup,
    name="termbase",
    help="Read glossaries in any shape, merge them into one linked termbase, look terms up.",
    context_settings={"show_default": True},
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=print_version,
    help="Print the version and exit.",
)
def app() -> None:
    """termbase: one clean, linked, searchable termbase from many glossaries."""


def open_termbase(db: Path | None) -> Termbase:
    """Return the termbase named by --db, or the built-in AI/ML glossary without it."""
    from termbase.store import Termbase

    if db is not None:
        return Termbase.open(db)
    return Termbase.open(builtin_termbase_path())


def builtin_termbase_path() -> Path:
    """Return the compiled built-in glossary, saying so on stderr when it is compiled first."""
    from termbase.builtin import builtin_db, builtin_db_path, glossary_files

    if glossary_files() and not builtin_db_path().is_file():
        err.print("[dim]compiling the built-in glossary on first use (a few seconds)…[/dim]")
    return builtin_db()


@app.command()
@argument("sources", nargs=-1, required=True, help="Glossary files or directories.")
@click.option("--db", type=PATH, default=Path("termbase.db"), help="The termbase file to write.")
@click.option(
    "--format",
    "format_name",
    default=None,
    help="Read every source as this shape (`termbase formats` lists them).",
)
@click.option(
    "--semantic",
    "with_semantic",
    is_flag=True,
    help="Also store concept embeddings for question search.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Fail (exit 1) on any file skipped, even one in a folder that no reader recognises.",
)
@click.option("--verbose", is_flag=True, help="List each file in a folder that is not a glossary.")
@click.option(
    "--site-pages/--no-site-pages",
    default=None,
    help="Also store each concept's rendered page, so that each later `termbase site` renders "
    "none (the work moves into the build; worth it when one build feeds several sites) "
    "[default: off].",
)
@quiet_option
@limit_options
@friendly_errors
def build(
    sources: tuple[str, ...],
    db: Path,
    format_name: str | None,
    with_semantic: bool,
    strict: bool,
    verbose: bool,
    site_pages: bool | None,
    quiet: bool,
    **limits: int,
) -> None:
    """Read SOURCES, merge their entries into concepts, and write the termbase file.

    Files found in a folder that no reader recognises are summed up in one line and do not
    fail the build (`--verbose` lists them, `--strict` fails on them); a file named on the
    command line that cannot be read always fails it.
    """
    from rich.table import Table

    from termbase.build import build_termbase
    from termbase.progress import TerminalProgress
    from termbase.semantic import INSTALL_HINT as SEMANTIC_INSTALL_HINT
    from termbase.semantic import available as semantic_available

    if with_semantic and not semantic_available():
        raise InputError("--semantic needs the semantic extra", hint=SEMANTIC_INSTALL_HINT)
    check_db_target(db)  # before reading anything: never replace a file that is not a termbase
    replaced = replacing_note(db, "build", list(sources))  # build and extract share termbase.db
    if "-" in sources and sys.stdin.isatty():  # not piped: it would wait without a word
        err.print("[dim]reading a glossary from the keyboard: type or paste it, then Ctrl+D[/dim]")
    try:
        with TerminalProgress(err, enabled=not quiet) as progress:
            summary = build_termbase(
                list(sources),
                db,
                format_name,
                semantic=with_semantic,
                limits=limits_from_options(**limits),
                progress=progress,
                site_pages=site_pages,
            )
    except NothingReadError as error:
        for skipped in error.skipped:
            err.print(f"[yellow]skipped:[/yellow] {escape(skipped.describe())}")
        _print_reader_list_if_it_helps(error.skipped)
        print_left_out_folders(sources)
        raise
    print_left_out_folders(sources)
    if replaced:  # said once the new file is in place: a failed build keeps the old one
        err.print(escape(replaced))
    folder = _shared_folder([source.path for source in summary.sources])
    title = f"termbase build → {summary.db}" + (f"  (sources in {folder}{os.sep})" if folder else "")
    table = Table(title=escape(title), title_justify="left")
    for column in ("source", "reader", "entries", "lines reported"):
        table.add_column(column, justify="right" if column in {"entries", "lines reported"} else "left",
                         overflow="fold")  # a path is folded, never cut: its end names the file
    for source in summary.sources:
        path = os.path.relpath(source.path, folder) if folder else source.path
        table.add_row(escape(path), source.reader, str(source.entry_count), str(source.unused_count))
    out.print(table)
    failed = summary.skipped + (summary.not_glossaries if strict else ())
    for error in failed:
        err.print(f"[yellow]skipped:[/yellow] {escape(error.describe())}")
    _print_reader_list_if_it_helps(failed)
    quiet = () if strict else summary.not_glossaries
    if quiet:
        count = len(quiet)
        listed = "" if verbose else " (--verbose lists them)"
        what = (
            "files in the folders given are not glossaries"
            if count != 1
            else "file in the folders given is not a glossary"
        )
        err.print(f"{count} {what}{listed}")
        if verbose:
            for error in quiet:
                err.print(f"  {escape(error.path)}")
    for finding in summary.findings:
        err.print(f"[yellow]flagged:[/yellow] {escape(finding.describe())}")
    out.print(
        f"{counted(len(summary.sources), 'source')}, {counted(summary.entries, 'entry')} → "
        f"{counted(summary.concepts, 'concept')}, {counted(summary.relations, 'relation')} "
        f"({summary.dangling} dangling see-also) "
        f"in {summary.seconds:.2f} s" + (f"; {len(failed)} skipped" if failed else "")
    )
    if failed:
        raise click.exceptions.Exit(1)



def _shared_folder(paths: list[str]) -> str:
    """Return the folder every one of several source paths lies in (`../corpora/cncf/content`),
    so the build table names each file by the rest of its path; '' when they share none."""
    if len(paths) < 2 or any(path.startswith("<") for path in paths):  # `<stdin>`
        return ""
    try:
        folder = os.path.commonpath(paths)
    except ValueError:  # absolute beside relative paths, or other drives
        return ""
    parts = Path(folder).parts
    if not parts or all(part in {".", "..", os.sep} for part in parts) or folder in paths:
        return ""
    return folder


@app.command()
@argument("sources", nargs=-1, required=True, help="Chapter files or the folders that hold them.")
@click.option("--db", type=PATH, default=None,
              help="The termbase file to write [default: termbase.db, none with --against alone].")
@click.option("--base-url", default="", show_default=False,
              help="Address of the published book: entries link to their section.")
@click.option("--review", "review_file", type=PATH, default=None,
              help="Write the candidates below the confidence line to this Markdown file (not over "
                   "a file that is no review file, nor over ticked items unless it is given to --accept).")
@click.option("--min-confidence", type=click.FloatRange(0.0, 1.0), default=0.6,  # DEFAULT_MIN_CONFIDENCE
              help="Candidates at or above this confidence go into the termbase.")
@click.option("--accept", "accept", type=PATH, multiple=True,
              help="A review file whose items marked [x] are added to the termbase (repeatable).")
@click.option("--against", "against", multiple=True,
              help="A human glossary to score the extraction against (repeatable).")
@click.option("--against-format", "against_format", default="",
              help="The shape of the --against glossary when it is not recognised (`termbase formats`).")
@click.option("--exclude", "exclude", multiple=True,
              help="Leave out chapters matching this glob (repeatable).")
@click.option("--semantic", "with_semantic", is_flag=True,
              help="Also store embeddings, for question search (as `build --semantic`).")
@json_option
@friendly_errors
def extract(sources: tuple[str, ...], db: Path | None, base_url: str, review_file: Path | None,
            min_confidence: float, accept: tuple[Path, ...], against: tuple[str, ...], against_format: str,
            exclude: tuple[str, ...], with_semantic: bool, as_json: bool) -> None:
    """Extract a glossary from a course's own chapters, with where each term is first introduced."""
    from termbase.extract import NothingExtractedError
    from termbase.extract.command import run_extract
    from termbase.semantic import INSTALL_HINT as SEMANTIC_INSTALL_HINT
    from termbase.semantic import available as semantic_available

    if with_semantic and not semantic_available():
        raise InputError("--semantic needs the semantic extra", hint=SEMANTIC_INSTALL_HINT)

    if db is None and not against:
        db = Path("termbase.db")
    if db is not None:
        check_db_target(db, "extract")
    replaced = replacing_note(db, "extract", list(sources)) if db is not None else ""
    try:
        run = run_extract(sources, db=db, base_url=base_url, min_confidence=min_confidence,
                          review_file=review_file, accept=accept, against=against, exclude=exclude,
                          against_format=against_format, semantic=with_semantic)
    except NothingExtractedError as error:
        for skipped in error.skipped:
            err.print(f"[yellow]skipped:[/yellow] {escape(skipped.describe())}")
        raise
    result = run.result
    if replaced:  # said once the new file is in place: a failed run keeps the old one
        err.print(escape(replaced))
    problems = result.problems()
    if as_json:
        _print_extract_json(run)
    else:
        for error in result.skipped:
            err.print(f"[yellow]skipped:[/yellow] {escape(error.describe())}")
        for problem in problems:
            err.print(f"[yellow]warning:[/yellow] {escape(problem.describe())}")
        for note in (*result.notes, result.opaque_note()):
            if note:
                err.print(f"note: {escape(note)}")
        for pattern in run.excluded_nothing:
            err.print(escape(f"note: --exclude {pattern!r} matched no chapter, so none was left out "
                             "(a pattern matches a chapter's path as named, inside a folder given, "
                             "or its file name)"))
        out.print(f"{counted(len(result.chapters), 'chapter')} read, in {escape(result.order_source)}")
        kept = len(result.entries) + len(run.accepted)
        made = f"{counted(run.concepts, 'concept')}, {counted(run.relations, 'relation')}"
        written = f" → {run.db}: {made}" if run.db else ""
        accepted = f" (with {len(run.accepted)} accepted from review)" if run.accepted else ""
        out.print(f"{counted(kept, 'term')} at confidence ≥ {min_confidence:.2f}{accepted}{escape(written)}")
        where = f" → {run.review_file}" if run.review_file else " (--review FILE lists them)"
        out.print(f"{counted(run.review_count, 'candidate')} below {min_confidence:.2f}{escape(where)}")
        if run.unexplained:
            listed = f"listed in {run.review_file}" if run.review_file else "see --review"
            have = "term has" if run.unexplained == 1 else "terms have"
            out.print(f"{run.unexplained} {have} no explaining sentence (kept with their first use, "
                      f"no definition); {escape(listed)}")
        if run.against is not None:
            _print_against(run.against)
        if accept and not run.accepted:
            files = ", ".join(str(path) for path in accept)
            err.print(escape(f"note: no item is ticked [x] in {files}, so none was added"))
    if result.skipped:
        raise click.exceptions.Exit(1)


def _ratio_text(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _print_against(figures: Any) -> None:
    score = figures.score
    out.print(
        f"against the human glossary ({score.human} terms): recall {_ratio_text(score.recall)} "
        f"({score.found}/{score.human}), precision {_ratio_text(score.strict_precision)} "
        f"({score.strict_right}/{score.extracted} entries the glossary lists; a floor: glossaries list "
        f"fewer terms than a text defines), F1 {_ratio_text(score.strict_f1)}"
    )
    if figures.chapter_accuracy is not None:
        out.print(f"chapter accuracy {_ratio_text(figures.chapter_accuracy)} "
                  f"({figures.chapter_right}/{figures.chapter_matched} terms introduced in the chapter "
                  "whose glossary lists them)")
    else:
        out.print("chapter accuracy n/a: the glossary does not say where each term is introduced "
                  "(bench/extract_quality.py scores it on chapters decided by reading)")
    if score.missed:
        out.print("not found: " + escape(", ".join(score.missed)))


def _print_extract_json(run: Any) -> None:
    result = run.result
    data: dict[str, Any] = {
        "order": result.order_source,
        "min_confidence": result.min_confidence,
        "entries": [_extracted_dict(e) for e in result.entries],
        "review": [_extracted_dict(e) for e in result.review],
        "accepted": len(run.accepted),
        "unexplained": run.unexplained,
        "db": str(run.db) if run.db else None,
        "concepts": run.concepts,
        "skipped": [e.describe() for e in result.skipped],
        "problems": [e.describe() for e in result.problems()],
        "exclude_matched_nothing": list(run.excluded_nothing),
    }
    if run.against is not None:
        data["against"] = run.against.score.as_dict() | {"chapter_accuracy_per_folder":
                                                         run.against.chapter_accuracy}
    out.print_json(data=data)


def _extracted_dict(item: Any) -> dict[str, Any]:
    return {
        "term": item.term, "labels": list(item.labels), "definition": item.definition,
        "chapter": item.chapter, "chapter_title": item.chapter_title, "section": item.section,
        "anchor": item.anchor, "url": item.url, "line": item.line, "confidence": item.confidence,
        "evidence": list(item.evidence), "sentence": item.sentence, "first_use": item.first_use,
    }


def print_left_out_folders(sources: tuple[str, ...]) -> None:
    """Say which folders of tools a folder walk left out (see sources.is_tool_folder)."""
    from termbase.sources import left_out_folders

    folders = left_out_folders(sources)
    if folders:
        more = f" and {len(folders) - 3} more" if len(folders) > 3 else ""
        shown = ", ".join(str(f) for f in folders[:3]) + more
        err.print(
            f"left out {counted(len(folders), 'folder')} (hidden, installed tools or a termbase site): "
            f"{escape(shown)} — name a folder to read it"
        )


def _print_reader_list_if_it_helps(errors: tuple[InputError, ...]) -> None:
    """Print the shapes `--format` accepts once, if a file was skipped for want of a reader."""
    from termbase.errors import NotAGlossaryError
    from termbase.readers import reader_names

    if any(isinstance(error, NotAGlossaryError) and "--format" in error.hint for error in errors):
        err.print("[dim]--format takes one of: " + ", ".join(reader_names()) + "[/dim]")


@app.command()
@argument("term", help="Any label of the concept, or its id.")
@db_option
@json_option
@lang_option
@click.option("--why", is_flag=True, help="Say, for each entry, the evidence that put it in this concept.")
@friendly_errors
def define(term: str, db: Path | None, as_json: bool, lang: str | None, why: bool) -> None:
    """Show the concept a term names, with every source's definition (in `--lang` if given)."""
    from termbase.languages import in_language
    from termbase.lookup import find_concepts, suggest_labels

    if not term.strip():  # said as `search` says it, not "no concept named ''"
        raise InputError("empty term — name a concept: a term or an acronym")
    with open_termbase(db) as termbase:
        ids = find_concepts(termbase, term)
        records = [r for r in (termbase.concept(i) for i in ids) if r is not None]
        if lang:
            records = [in_language(r, lang) for r in records]
        if not records:
            suggestions = suggest_labels(termbase, term)
            if as_json:
                out.print_json(data={"query": term, "concepts": [], "suggestions": suggestions})
            hint = " — and no label is close"
            if suggestions:
                hint = f" — did you mean: {', '.join(suggestions)}?"
            err.print(f"[red]no concept named[/red] {escape(term)!r}{escape(hint)}")
            raise click.exceptions.Exit(1)
        if as_json:
            from termbase.citations import origin_urls
            from termbase.exports.jsonl import concept_dict  # the exports package imports rdflib (0.3 s)

            concepts = [concept_dict(r) for r in records]
            for value, record in zip(concepts, records, strict=True):  # entries as in /api/concepts/<id>
                for entry, stored in zip(value["entries"], record.entries, strict=True):  # type: ignore[call-overload]
                    entry["language"] = stored.entry.language
                    entry["origin"] = stored.entry.origin
                    entry["origin_urls"] = list(origin_urls(stored.entry.origin))
                    locator = stored.entry.locator
                    entry["locator_url"] = (locator.url or None) if locator else None
            if why:
                from termbase.evidence import entry_evidence

                for value, record in zip(concepts, records, strict=True):
                    reasons = entry_evidence([s.entry for s in record.entries])
                    for entry, reason in zip(value["entries"], reasons, strict=True):  # type: ignore[call-overload]
                        entry["why"] = reason
            out.print_json(data={"query": term, "concepts": concepts})
            return
        for number, record in enumerate(records):
            if number:
                out.rule()
            _print_concept(record, why)


def _print_concept(record: ConceptRecord, why: bool = False) -> None:
    out.print(f"[bold]{escape(record.label)}[/bold]  [dim]({record.id})[/dim]")
    others = [label for label in record.labels if label != record.label]
    if others:
        out.print("also: " + ", ".join(escape(label) for label in others))
    if record.homonym_of:
        out.print("[yellow]not to be confused with:[/yellow] " + ", ".join(record.homonym_of))
    reasons: list[list[str]] = []
    if why:
        from termbase.evidence import entry_evidence

        reasons = entry_evidence([s.entry for s in record.entries])
    for number, stored in enumerate(record.entries):
        entry = stored.entry
        where = f"{entry.source}:{entry.line}"
        locator = f" · {entry.locator.text}" if entry.locator else ""
        out.print(f"\n[cyan]{escape(stored.source_title)}[/cyan] [dim]{escape(where)}{escape(locator)}[/dim]")
        definition = entry.definition.replace("\n", "\n  ")  # a definition's later lines stay indented
        out.print(f"  {escape(entry.term)}: {escape(definition)}")
        for reason in reasons[number] if reasons else ():
            out.print(f"  [green]why:[/green] {escape(reason)}")
        for formula in entry.formulas:
            out.print(f"  [dim]formula:[/dim] {escape(formula)}")
        if entry.see_also:
            out.print("  [dim]see also:[/dim] " + escape(", ".join(entry.see_also)))
        for link_text in entry.links:
            out.print(f"  [dim]read more:[/dim] {escape(link_text)}")
        if entry.origin:  # the paper that introduced the idea, its arXiv id or DOI as an address
            from termbase.citations import origin_with_urls

            out.print(f"  [dim]origin:[/dim] {escape(origin_with_urls(entry.origin))}")
        if entry.locator and entry.locator.url:  # the section that introduces it (extract --base-url)
            out.print(f"  [dim]section:[/dim] {escape(entry.locator.url)}")
    see_also = [r.to_id for r in record.related if r.kind == "see_also"]
    mentions = [r.to_id for r in record.related if r.kind == "mentions"]
    backlinks = sorted({r.from_id for r in record.mentioned_in})
    if see_also and len(record.entries) > 1:  # one source: its own 'see also' line above says it
        out.print("\n[bold]see also:[/bold] " + ", ".join(see_also))
    if mentions:
        out.print("[bold]mentions:[/bold] " + ", ".join(mentions))
    if backlinks:
        out.print("[bold]mentioned in:[/bold] " + ", ".join(backlinks))


@app.command("list")
@db_option
@json_option
@click.option("--letter", default=None, help="Only concepts filed under this initial.")
@lang_option
@friendly_errors
def list_concepts(db: Path | None, as_json: bool, letter: str | None, lang: str | None) -> None:
    """List every concept: id, preferred label and a one-line summary (in `--lang` if given)."""
    with open_termbase(db) as termbase:
        rows = termbase.summaries(lang or "")
        if letter:
            rows = [r for r in rows if r[2] == letter.strip().upper()]
            if not rows:  # said on stderr, so piped or JSON output stays empty; status 0 as for a search
                one = " (--letter takes the one letter a concept is filed under)"
                one = one if len(letter.strip()) > 1 else ""
                err.print(f"no concept filed under {escape(letter.strip().upper())!r}{one}")
                return
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
        if not out.is_terminal:
            # Piped: one tab-separated line per concept, whole, for grep, cut and sort.
            for cid, label, _initial, summary in rows:
                click.echo(f"{cid}\t{label}\t{_one_line(summary, 10_000)}")
            return
        from rich.table import Table

        # Every column gets a share of the width, so none collapses at 80 columns.
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("label", ratio=3, min_width=14, overflow="fold")
        table.add_column("id", ratio=3, min_width=12, overflow="fold", style="dim")
        table.add_column("summary", ratio=6, min_width=20, overflow="ellipsis", no_wrap=True)
        for cid, label, _initial, summary in rows:
            table.add_row(escape(label), cid, escape(_one_line(markdown_as_plain_text(summary))))
        out.print(table)
        out.print(counted(len(rows), "concept"))


def _one_line(text: str, width: int = 140) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1].rstrip() + "…"


@app.command()
@db_option
@json_option
@friendly_errors
def stats(db: Path | None, as_json: bool) -> None:
    """Count sources, entries, concepts, labels and relations."""
    with open_termbase(db) as termbase:
        counts = termbase.stats()
        if as_json:
            out.print(json.dumps(counts))
            return
        from rich.table import Table

        table = Table(show_header=False)
        for name, value in counts.items():
            table.add_row(name, str(value))
        out.print(table)


@app.command()
@db_option
@json_option
@friendly_errors
def report(db: Path | None, as_json: bool) -> None:
    """List every input line not used in an entry, with the reason, and dangling see-also."""
    with open_termbase(db) as termbase:
        unused = termbase.unused()
        dangling = termbase.dangling()
        sources = termbase.sources()
        findings = termbase.read_findings()
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
                        "read_findings": [
                            {"source": f.source, "line": f.line, "check": f.check, "message": f.message}
                            for f in findings
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
                f"{counted(source.entry_count, 'entry')} use{'s' if source.entry_count == 1 else ''} "
                f"{counted(used, 'line')}, "
                f"{counted(source.unused_count, 'line')} reported, "
                f"{counted(source.nonblank_lines, 'non-blank line')} in all"
            )
            for f in (f for f in findings if f.source == source.path):
                out.print(
                    f"  [red]flagged[/red] {escape(f.check)}: {escape(f.message)}"
                    + (f" (line {f.line})" if f.line else "")
                )
            for u in (u for u in unused if u.source == source.path):
                out.print(
                    f"  {u.line:>5}  [yellow]{escape(u.reason)}[/yellow]: "
                    f"[dim]{escape(_one_line(markdown_as_plain_text(u.text), 100))}[/dim]"
                )
        if dangling:
            out.print("\n[bold]see-also targets that name no concept[/bold]")
            for d in dangling:
                out.print(f"  {escape(d.source)}:{d.line}  {d.from_id} → {escape(d.target)!r}")


def check_export_target(output: Path, termbase: Any) -> None:
    """Refuse an --out that is the termbase itself or a file it was built from (it would be replaced)."""
    if output.is_dir():
        example = output / "export.txt"
        raise InputError(f"{output}: is a folder", hint=f"pass --out a file path, e.g. {example}")
    if not output.exists():
        return
    what = {Path(termbase.path): "the termbase being exported"}
    what.update((Path(source.path), "a source this termbase was built from") for source in termbase.sources())
    for path, name in what.items():
        try:
            same = output.samefile(path)
        except OSError:
            continue
        if same:
            raise InputError(f"{output}: is {name}, and --out would replace it",
                             hint="pass --out another file")


@app.command()
@db_option
@click.option(
    "--format", "format_name", default="jsonl", help="Export format (`termbase formats` lists them)."
)
@click.option("--rdf-xml", is_flag=True, help="With --format skos: write RDF/XML instead of Turtle.")
@click.option("--out", "-o", "output", type=PATH, default=None, help="Write to this file instead of stdout.")
@friendly_errors
def export(db: Path | None, format_name: str, rdf_xml: bool, output: Path | None) -> None:
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
        check_export_target(output, termbase)
        from termbase.atomic_file import replacing

        with replacing(output) as temporary, temporary.open("w", encoding="utf-8") as handle:
            for chunk in chunks:  # written whole or not at all: a failure leaves the old file
                handle.write(chunk)
        count = len(termbase.concept_ids())
    err.print(f"wrote {counted(count, 'concept')} to {output} ({writer.name})")


@app.command()
@db_option
@click.option(
    "--host",
    default="127.0.0.1",
    help="Interface to bind; 127.0.0.1 keeps it on this machine, 0.0.0.0 opens it.",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, help="Port to listen on.")
@click.option("--title", default=None, help="Site title (default: from the file name).")
@click.option(
    "--mcp", "with_mcp", is_flag=True, help="Also serve the MCP tools over streamable HTTP at /mcp."
)
@friendly_errors
def serve(db: Path | None, host: str, port: int, title: str | None, with_mcp: bool) -> None:
    """Serve the termbase as a web site and JSON API (pages at /, API docs at /docs)."""
    import uvicorn

    from termbase.free_memory import one_malloc_arena
    from termbase.web.app import create_app

    listener = listening_socket(host, port)  # before loading anything: a taken port fails fast
    one_malloc_arena()  # before any thread starts (see free_memory)
    path = db if db is not None else builtin_termbase_path()  # the first `serve` compiles it: say so
    web_app: Any = create_app(path, title or "")
    if not with_mcp:  # a rebuilt --db is served without a restart (the MCP tools keep theirs)
        from termbase.web.reload import ReloadingApp

        web_app = ReloadingApp(path, lambda: create_app(path, title or ""), initial=web_app)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    mcp_note = ""
    if with_mcp:
        from termbase.mcp_server.server import create_server, mount_http
        from termbase.web.pages import Links

        links = Links(root=f"http://{shown}:{bound}/")
        server = create_server(web_app.state.termbase, title=title or "", links=links, host=host)
        mount_http(web_app, server)
        mcp_note = f"; MCP: http://{shown}:{bound}/mcp"
    try:
        where = f"http://{shown}:{bound}/"
        err.print(f"serving {escape(str(path))} at {where}  (API docs: /docs{mcp_note}; Ctrl+C stops)")
        uvicorn.Server(uvicorn.Config(web_app, log_level="warning")).run(sockets=[listener])
    except KeyboardInterrupt:  # uvicorn stops cleanly on Ctrl+C, then raises it again: the way to stop
        err.print("stopped")


@app.command()
@db_option
@click.option(
    "--base-url",
    default=None,
    help="Where this termbase's site is published (as `site --base-url`): results link to its pages.",
)
@friendly_errors
def mcp(db: Path | None, base_url: str | None) -> None:
    """Serve the termbase to an MCP client (an LLM assistant) over stdio: tools, resources, a prompt."""
    from termbase.mcp_server.server import run_stdio

    links = None
    if base_url is not None:
        from termbase.web.pages import Links

        links = Links(root=site_address(base_url), static=True)
    # Not closed on the way out: the process ends with the session, and closing the file
    # under the warm-up thread (still building the search index) would only make it fail.
    run_stdio(open_termbase(db), links)


def listening_socket(host: str, port: int) -> socket.socket:
    """Return a socket bound to `host`:`port` for the server, or raise InputError saying why not."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror:
        raise InputError(
            f"--host {host!r}: not an address", hint="use 127.0.0.1, ::1, 0.0.0.0 or a name of this machine"
        ) from None
    listener = socket.socket(family, kind, protocol)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as error:
        listener.close()
        reasons = {
            errno.EADDRINUSE: (
                f"port {port} on {host} is in use",
                "pass --port with another number (0 takes any free one), or stop what uses it",
            ),
            errno.EACCES: (f"no permission to listen on port {port}", "use a port above 1023: --port 8000"),
            errno.EADDRNOTAVAIL: (f"{host} is not an address of this machine", "use 127.0.0.1 or 0.0.0.0"),
        }
        other = (f"cannot listen on {host}:{port}: {error.strerror}", "try another --host or --port")
        message, hint = reasons.get(error.errno or 0, other)
        raise InputError(message, hint=hint) from None
    return listener


@app.command()
@click.option(
    "--out", "-o", "out_dir", type=PATH, required=True, help="Folder to write the static site into."
)
@db_option
@click.option("--title", default=None, help="Site title (default: from the file name).")
@lang_option
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Processes writing concept pages (default: one per core for large sites).",
)
@click.option(
    "--base-url",
    default=None,
    help="The address the site will be served from (https://…/): adds canonical links, "
    "sitemap.xml (and robots.txt at a host's root) and absolute links in llms.txt.",
)
@quiet_option
@friendly_errors
def site(
    out_dir: Path,
    db: Path | None,
    title: str | None,
    lang: str | None,
    workers: int | None,
    base_url: str | None,
    quiet: bool,
) -> None:
    """Write a static site (relative links, search as you type) that works opened from files."""
    from termbase.language_tags import is_language_tag
    from termbase.progress import TerminalProgress
    from termbase.web.site_folder import files_in_the_way

    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"{out_dir}: exists and is not a folder", hint="pass --out a folder path")
    in_the_way = files_in_the_way(out_dir)
    if in_the_way:
        more = len(in_the_way) - 3
        shown = ", ".join(in_the_way[:3]) + (f" and {more} more" if more > 0 else "")
        raise InputError(
            f"{out_dir}: holds files that `termbase site` did not write and would overwrite ({shown})",
            hint="pass --out a new or empty folder, or move those files away",
        )
    if lang and not is_language_tag(lang):
        raise InputError(f"--lang {lang!r}: not a language tag", hint="pass a tag such as es, fr or pt-BR")
    base = site_address(base_url) if base_url is not None else ""
    from termbase.web.stored_site import start_stored_pages

    with TerminalProgress(err, enabled=not quiet) as progress:
        # a first build's pages stored with the termbase: written from now on, while the rest is made
        # (tried before the store's code loads; a file that is no termbase is reported by open_termbase)
        early = start_stored_pages(db, out_dir, title or "", lang or "", base, workers) if db else None
        if early is not None and early.site is not None:  # every file stored: the site's code is not needed
            try:
                summary = early.write_rest(progress)
            finally:
                early.close()
        else:
            try:
                termbase = open_termbase(db)
            except BaseException:
                if early is not None:
                    early.close()
                raise
            with termbase:
                summary = _write_site(
                    termbase, out_dir, title, lang, workers, base, progress, early, db is None
                )
                if lang:
                    _note_language_absent(lang, termbase.entry_languages())
    out.print(
        f"wrote {counted(summary.pages, 'page')} ({counted(summary.files, 'file')}) "
        f"to {escape(str(out_dir))} "
        f"in {summary.seconds:.2f} s"
        + (f" by {summary.workers} processes" if summary.workers > 1 else "")
        + (
            f" ({summary.files - summary.rewritten} unchanged since the last build, left as they were)"
            if summary.rewritten < summary.files
            else ""
        )
        + (f", removed {counted(summary.removed, 'stale file')} of an earlier build"
           if summary.removed else "")
        + f" — open {escape(str(out_dir / 'index.html'))}"
    )


def _note_language_absent(lang: str, languages: Sequence[str]) -> None:
    """Say so when no entry is in `lang` (nor a tag it covers): the site's text then stays in the
    termbase's own languages, though the pages are marked as `lang`."""
    primary = lang.split("-")[0].casefold()
    if any(tag.split("-")[0].casefold() == primary for tag in languages):
        return
    have = escape(", ".join(languages))
    err.print(f"note: no entry is in {escape(lang)!r} (this termbase's languages: {have}), "
              "so labels and definitions are shown in English")


def _write_site(
    termbase: Termbase,
    out_dir: Path,
    title: str | None,
    lang: str | None,
    workers: int | None,
    base: str,
    progress: ProgressCallback,
    early: StoredPages | None,
    builtin: bool,
) -> SiteSummary:
    """Write the site of an open termbase (`early`: its stored pages being written already;
    `builtin`: the built-in glossary, whose stored pages were not looked for yet)."""
    from termbase.web.page_digests import start_site_inputs
    from termbase.web.stored_site import start_stored_pages

    if builtin:
        early = start_stored_pages(termbase.path, out_dir, title or "", lang or "", base, workers)
    if early is not None and early.site is not None:
        try:
            return early.write_rest(progress)
        finally:
            early.close()
    inputs = start_site_inputs(termbase.path, out_dir)  # in another process while the code loads
    try:
        from termbase.web.site import write_site
    except BaseException:
        inputs.close()
        if early is not None:
            early.close()
        raise
    return write_site(
        termbase, out_dir, title or "", lang or "", workers, base, progress, inputs, early=early
    )


def site_address(url: str) -> str:
    """Return `--base-url` as an http(s) address ending in `/`, or raise InputError."""
    from urllib.parse import quote, urlsplit

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise InputError(
            f"--base-url {url!r}: not a web address",
            hint="give where the folder will be served, e.g. https://example.org/glossary/",
        )
    # a space or other character a URL cannot hold (`/my glossary/`, `/用語/`) is percent-encoded, as a
    # browser would: canonical links and sitemap.xml must be valid addresses
    path = quote(parts.path, safe="/%:@!$&'()*+,;=-._~")
    address = parts._replace(path=path).geturl()
    return address if path.endswith("/") else address + "/"


@app.command()
@json_option
@friendly_errors
def formats(as_json: bool) -> None:
    """List the shapes `build --format` reads and the formats `export --format` writes."""
    from termbase.exports import WRITERS
    from termbase.readers import READERS

    readers = [{"name": r.name, "description": r.description} for r in READERS]
    writers = [{"name": w.name, "description": w.description} for w in WRITERS]
    if as_json:
        out.print(json.dumps({"readers": readers, "writers": writers}, ensure_ascii=False))
        return
    from rich.table import Table

    for heading, rows in (("build --format (readers)", readers), ("export --format (writers)", writers)):
        table = Table(title=heading, title_justify="left")
        table.add_column("name")
        table.add_column("reads" if rows is readers else "writes")
        for row in rows:
            table.add_row(row["name"], escape(row["description"]))
        out.print(table)


@app.command()
@argument("sources", nargs=-1, required=True, help="Glossary files or directories to compare.")
@db_option
@json_option
@click.option("--format", "format_name", default=None,
              help="Read every source as this shape (`termbase formats` lists them).")
@friendly_errors
def coverage(sources: tuple[str, ...], db: Path | None, as_json: bool, format_name: str | None) -> None:
    """List the concepts in SOURCES that the termbase lacks (default: the built-in glossary)."""
    from termbase.coverage import coverage as find_coverage
    from termbase.errors import NotAGlossaryError

    with open_termbase(db) as termbase:
        try:
            result = find_coverage(termbase, list(sources), format_name)
        except NothingReadError as error:  # say which files, as build does
            for skipped in error.skipped:
                err.print(f"[yellow]skipped:[/yellow] {escape(skipped.describe())}")
            raise
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
    failed = [e for e in result.skipped if not (isinstance(e, NotAGlossaryError) and e.found_in_folder)]
    out.print(
        f"{len(result.covered)} of {result.total} concepts covered ({share:.1%}); "
        f"{len(result.missing)} missing" + (f"; {len(failed)} skipped" if failed else "")
    )
    if failed:  # as for build: the rest is compared, and the exit status says a file named was skipped
        raise click.exceptions.Exit(1)


@app.command()
@argument("sources", nargs=-1, type=PATH, help="termbase-yaml files (default: the built-in glossary).")
@click.option(
    "--against",
    multiple=True,
    type=click.Path(path_type=Path),
    help="A folder of other people's texts: flag definitions that repeat a run of their words (repeatable).",
)
@click.option(
    "--window", type=int, default=7, show_default=True, help="Shared run length (words) that --against flags."
)
@friendly_errors
def lint(sources: tuple[Path, ...], against: tuple[Path, ...], window: int) -> None:
    """Check glossary sources in termbase's own format: ids, related ids, labels, definitions,
    and with --against, words copied from other texts."""
    from termbase.builtin import glossary_files
    from termbase.lint import lint_files
    from termbase.sources import walked_files

    files: list[Path] = []
    for source in sources or glossary_files():
        if source.is_dir():  # a folder: the termbase-yaml files in it, as `build` reads a folder
            found = sorted(p for p in walked_files(source) if p.suffix.lower() in (".yaml", ".yml"))
            if not found:
                raise InputError("holds no .yaml file", path=str(source),
                                 hint="lint checks glossaries in termbase's own YAML format; "
                                      f"`termbase check {source}` checks glossaries of any shape")
            files.extend(found)
        else:
            files.append(source)
    problems = lint_files(files, against=against, window=window)
    for problem in problems:
        out.print(escape(str(problem)))
    out.print(f"{counted(len(files), 'file')}, {counted(len(problems), 'problem')}")
    if any(problem.message.startswith("invalid YAML") for problem in problems):
        err.print("lint reads termbase's own YAML glossary format only; `termbase check FILE` checks"
                  " a glossary of any shape")
    if problems:
        raise click.exceptions.Exit(1)


def _rule_names(values: tuple[str, ...]) -> list[str]:
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


@app.command()
@argument("sources", nargs=-1, help="Glossary files to build in memory and check (instead of --db).")
@db_option
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    help="How to print findings: text, json, or GitHub Actions annotations.",
)
@json_option
@click.option("--select", multiple=True, help="Only these rules (names, comma-separated or repeated).")
@click.option("--ignore", multiple=True, help="Skip these rules (names, comma-separated or repeated).")
@click.option(
    "--baseline",
    type=PATH,
    default=None,
    help="Accepted findings (JSON from --write-baseline): only findings not in it fail the run.",
)
@click.option("--write-baseline", type=PATH, default=None, help="Accept every finding of this run into PATH.")
@click.option("--reader", default=None, help="Read every source as this shape (`termbase formats`).")
@click.option("--rules", "list_rules", is_flag=True, help="Describe every rule and exit.")
@friendly_errors
def check(
    sources: tuple[str, ...],
    db: Path | None,
    output: str,
    as_json: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    baseline: Path | None,
    write_baseline: Path | None,
    reader: str | None,
    list_rules: bool,
) -> None:
    """Find contradictions, non-definitions, duplicates and broken structure; exit 1 on errors.

    With --baseline, exit 1 on any finding the baseline does not accept.
    """
    from termbase.check import RULES, run_checks, select_rules
    from termbase.check.report import as_github, check_baseline_target, read_baseline
    from termbase.check.report import as_json as findings_json
    from termbase.check.report import write_baseline as save_baseline

    if list_rules:
        for rule in RULES:
            out.print(f"[bold]{rule.name}[/bold] — {escape(rule.summary)}")
            out.print(f"  {escape(rule.doc)}\n")
        return
    if sources and db is not None:
        raise InputError(
            "give glossary files or --db, not both", hint="files are built in memory and checked"
        )
    rules = select_rules(_rule_names(select), _rule_names(ignore))
    accepted = read_baseline(baseline) if baseline is not None else None
    if write_baseline is not None:
        check_baseline_target(write_baseline)  # before the work, not after it
    if sources:
        from termbase.check.load import input_from_files

        try:
            data, skipped = input_from_files(list(sources), reader)
        except NothingReadError as error:
            for problem in error.skipped:
                err.print(f"[yellow]skipped:[/yellow] {escape(problem.describe())}")
            raise
        for problem in skipped:
            err.print(f"[yellow]skipped:[/yellow] {escape(problem.describe())}")
    else:
        from termbase.check.load import input_from_termbase

        with open_termbase(db) as termbase:
            data = input_from_termbase(termbase)
    findings = run_checks(data, rules)
    new = {f.fingerprint for f in findings if accepted is None or f.fingerprint not in accepted}
    if write_baseline is not None:
        save_baseline(write_baseline, findings)
        err.print(f"accepted {len(findings)} findings into {escape(str(write_baseline))}")
    if as_json or output == "json":
        click.echo(findings_json(findings, new if accepted is not None else None))
    elif output == "github":
        for line in as_github([f for f in findings if f.fingerprint in new]):
            click.echo(line)
    else:
        _print_findings(findings, new if accepted is not None else None)
    failing = [f for f in findings if f.fingerprint in new] if accepted is not None else [
        f for f in findings if f.severity == "error"
    ]
    if failing and write_baseline is None:
        raise click.exceptions.Exit(1)


def _print_findings(findings: list[Any], new: set[str] | None) -> None:
    """Print findings grouped by concept, each with the file:line of every side."""
    from termbase.check.report import counts

    colour = {"error": "red", "warning": "yellow", "info": "cyan"}
    current = None
    shown = 0
    for finding in findings:
        if new is not None and finding.fingerprint not in new:
            continue
        shown += 1
        group = finding.label or finding.concept_id
        if group != current:
            current = group
            suffix = f" [dim]({escape(finding.concept_id)})[/dim]" if finding.concept_id else ""
            out.print(f"\n[bold]{escape(group)}[/bold]{suffix}")
        tint = colour[finding.severity]
        out.print(f"  [{tint}]{finding.severity}[/{tint}] {finding.rule}: {escape(finding.message)}")
        for side in finding.sides:
            out.print(f"    {escape(side.source)}:{side.line}  [dim]“{escape(side.words)}”[/dim]")
    total = counts(findings)
    accepted = f"; {len(findings) - shown} accepted in the baseline" if new is not None else ""
    out.print(
        f"\n{total['error']} errors, {total['warning']} warnings, {total['info']} notes{accepted}"
    )


def semantic_model_ready() -> bool:
    """Return True if the embedding model is prepared already (see termbase.model_prep)."""
    from termbase import semantic

    return semantic.model_ready()


@app.command()
@argument("query", help="What to look for; `-` reads one query per line from stdin.")
@db_option
@json_option
@limit_option(10)
@friendly_errors
def search(query: str, db: Path | None, as_json: bool, limit: int) -> None:
    """Search labels, acronyms, typos, prefixes and definitions; best hits first."""
    from termbase.control_chars import strip_controls

    with open_termbase(db) as termbase:
        index = termbase.search_index()
        queries = sys.stdin if query == "-" else [query]
        if query == "-" and sys.stdin.isatty():  # not piped: it would wait without a word
            err.print("[dim]type one query per line; Ctrl+D ends[/dim]")
        answered = 0
        for line in queries:
            text = line.rstrip("\n")
            if query == "-" and not strip_controls(text).strip():  # a blank line (or one of controls)
                continue
            if text.strip() and index.may_embed(text) and not semantic_model_ready():
                err.print("[dim]preparing the embedding model on first use (a few seconds)…[/dim]")
            answer = index.answer(text, limit)
            answered += 1
            if as_json:
                out.print(json.dumps({"query": text, **answer.as_dict()}, ensure_ascii=False))
                continue
            if answer.unknown:
                _print_related(text, answer.unknown, answer.related)
                continue
            _print_hits(text, answer.hits)
        if not as_json:
            mode = index.mode
            if db is None and mode.startswith("lexical") and "--semantic" in mode:
                # The built-in glossary is not the user's to rebuild: say what to install.
                from termbase.semantic import INSTALL_HINT

                mode = f"lexical (for question search install the semantic extra: {INSTALL_HINT})"
            err.print(
                f"[dim]{escape(mode)} search; {answered} "
                f"quer{'y' if answered == 1 else 'ies'}[/dim]"
            )
            if db is not None and index.rows.schema == "temp":
                err.print(
                    f"[dim]{escape(str(db))} holds no search index of this version, so it was worked out"
                    " for this run: build the termbase again for searches that start at once[/dim]"
                )


def _print_related(query: str, unknown: tuple[str, ...], related: list[Hit]) -> None:
    """Say that no concept is named what the query names, and list the related ones."""
    names = " ".join(unknown)
    out.print(f"no concept named {escape(names)!r} in this termbase; related:")
    _print_hits(query, related, title=f"related to {_one_line(query, 70)}")


def _print_hits(query: str, hits: list[Hit], title: str = "") -> None:
    if not hits:
        out.print(f"no match for {escape(query)!r}")
        return
    from rich.table import Table

    title = title or _one_line(query, 80)
    table = Table(title=escape(title), title_justify="left", show_header=True)
    for column in ("score", "id", "label", "matched"):
        table.add_column(column, justify="right" if column == "score" else "left")
    for hit in hits:
        via = f" ({escape(hit.matched_label)})" if hit.matched_label != hit.label else ""
        how = hit.match_description + via
        table.add_row(f"{hit.score:.2f}", hit.id, escape(hit.label), how)
    out.print(table)


@app.command()
@argument("prefix", help="What has been typed so far.")
@db_option
@json_option
@limit_option(8)
@friendly_errors
def suggest(prefix: str, db: Path | None, as_json: bool, limit: int) -> None:
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

