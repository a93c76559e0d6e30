"""The `termbase glossify` command (registered on the CLI group in termbase.cli)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.markup import escape

from termbase.cli import PATH, err, friendly_errors, json_option, out, print_left_out_folders
from termbase.errors import InputError
from termbase.wording import counted

if TYPE_CHECKING:
    from termbase.glossify.linker import LinkTarget
    from termbase.glossify.source import Glossaries


@click.command()
@click.argument("pages", nargs=-1, required=True, type=PATH)
@click.option(
    "--db",
    "dbs",
    type=PATH,
    multiple=True,
    help="A termbase file to link against (default: the built-in AI/ML glossary). Repeat it for "
    "several glossaries: a label two of them share goes to the first one given.",
)
@click.option(
    "--link-to",
    "link_tos",
    multiple=True,
    help="Base address of the termbase's site (links go to BASE/c/<id>.html), or a pattern with {id}. "
    "Once for all glossaries, or once per --db in the same order.",
)
@click.option(
    "--site",
    "site_dirs",
    type=PATH,
    multiple=True,
    help="A folder written by `termbase site`: links are relative paths to its concept pages. "
    "Once for all glossaries, or once per --db in the same order.",
)
@click.option(
    "--pages",
    "page_globs",
    multiple=True,
    help="A glossary per chapter: the pages (comma-separated globs on their paths under the folder "
    "holding every input, e.g. 'lab/*,appendix.md'; '' for every page) where the termbase links. "
    "Once per --db, in the same order; there a shared label goes to the first one listed.",
)
@click.option(
    "--out", "-o", "out_dir", type=PATH, default=None, help="Folder to write the glossified pages into."
)
@click.option(
    "--in-place", is_flag=True, help="Rewrite the pages themselves (each through a temporary file)."
)
@click.option(
    "--first",
    type=click.Choice(["section", "page", "all"]),
    default="section",
    help="Link a term at its first occurrence in each section, once per page, or everywhere "
    "(never more than once per paragraph).",
)
@click.option(
    "--tooltips/--no-tooltips",
    default=True,
    help="Give links the term's one-line definition; HTML pages also get the tooltip script and style.",
)
@json_option
@friendly_errors
def glossify(
    pages: tuple[Path, ...],
    dbs: tuple[Path, ...],
    link_tos: tuple[str, ...],
    site_dirs: tuple[Path, ...],
    page_globs: tuple[str, ...],
    out_dir: Path | None,
    in_place: bool,
    first: str,
    tooltips: bool,
    as_json: bool,
) -> None:
    """Link the terms of a termbase where PAGES (Markdown or HTML files, or folders) use them.

    Markdown stays byte-identical outside the links added; nothing is linked in headings,
    code, existing links, URLs, front matter, math, image text or HTML attributes.
    """
    from termbase.glossify.files import GlossifyInputErrors, glossify_pages, plan_pages

    targets = _link_targets(dbs, link_tos, site_dirs)
    for db in dbs:
        if db.is_dir():
            hint = f"pass --db the file `termbase build` wrote, e.g. {db / 'termbase.db'}"
            raise InputError("is a folder, not a termbase file", path=str(db), hint=hint)
        if not db.is_file():
            hint = f"build one with `termbase build SOURCES --db {db}`"
            raise InputError("no termbase file here", path=str(db), hint=hint)
    print_left_out_folders(tuple(str(page) for page in pages))
    try:
        planned = plan_pages(pages, out_dir, in_place)
    except GlossifyInputErrors as error:
        if len(error.problems) > 1:
            for problem in error.problems:
                err.print(f"[red]error:[/red] {escape(problem.describe())}")
        raise
    glossaries = _load(dbs, _page_scopes(dbs, page_globs))
    _check_sites_hold_the_pages(glossaries.owners, targets, dbs)

    def url(key: str, page_dir: str) -> str:
        index, concept_id = glossaries.owners[key]
        return targets[index].url(concept_id, page_dir)

    assets_root = out_dir if out_dir is not None else Path(
        os.path.commonpath([str(p.source.resolve().parent) for p in planned])
    )
    matcher, among = glossaries.matcher, glossaries.for_page
    written = glossify_pages(planned, matcher, url, first, tooltips, assets_root, among)
    links = sum(w.links for w in written)
    terms = len({t for w in written for t in w.terms})
    if as_json:
        rows = [
            {"source": str(w.source), "target": str(w.target), "links": w.links, "terms": list(w.terms)}
            for w in written
        ]
        out.print(json.dumps({"pages": rows, "links": links, "terms": terms}, ensure_ascii=False))
        return
    where = "in place" if in_place else f"to {escape(str(out_dir))}"
    made = f"{counted(links, 'link')} to {counted(terms, 'term')}"
    out.print(f"glossified {counted(len(written), 'page')} {where}: {made}")


def _link_targets(dbs: tuple[Path, ...], link_tos: tuple[str, ...], site_dirs: tuple[Path, ...]
                  ) -> list[LinkTarget]:  # fmt: skip
    """Return where each glossary's links go, one LinkTarget per --db (or for the built-in one)."""
    from termbase.glossify.linker import LinkTarget, check_link_base

    count = max(len(dbs), 1)
    hint = "pass --link-to https://…/ (a published termbase site) or --site DIR (a `termbase site` folder)"
    if link_tos and site_dirs:
        raise InputError("--link-to and --site both given", hint=hint)
    if not link_tos and not site_dirs:
        raise InputError("say where links go", hint=hint)
    given = link_tos or site_dirs
    if len(given) not in (1, count):
        option = "--link-to" if link_tos else "--site"
        raise InputError(
            f"{len(given)} {option} for {count} --db", hint=f"give {option} once for all, or once per --db"
        )
    for site_dir in site_dirs:
        if not (site_dir / "index.html").is_file():
            raise InputError(
                "not a folder written by `termbase site` (no index.html)",
                path=str(site_dir),
                hint=f"write one with `termbase site --out {site_dir}`",
            )
    if link_tos:
        bases = [check_link_base(base) for base in link_tos]
        return [LinkTarget(base=bases[0 if len(bases) == 1 else n]) for n in range(count)]
    folders = [str(site_dirs[0 if len(site_dirs) == 1 else n].resolve()) for n in range(count)]
    return [LinkTarget(site_dir=folder) for folder in folders]


def _check_sites_hold_the_pages(owners: dict[str, tuple[int, str]], targets: list[LinkTarget],
                                dbs: tuple[Path, ...]) -> None:  # fmt: skip
    """Refuse a --site folder that has no page for some of its termbase's concepts: the site of
    another termbase (or an older site) gave links to pages that are not there, or to another
    termbase's concept of the same id, without a word."""
    wanted: dict[int, set[str]] = {}
    for index, concept_id in owners.values():
        wanted.setdefault(index, set()).add(concept_id)
    for index, ids in wanted.items():
        site_dir = targets[index].site_dir
        if not site_dir:
            continue
        try:
            names = os.listdir(Path(site_dir) / "c")
            pages = {name.removesuffix(".html") for name in names if name.endswith(".html")}
        except OSError:
            pages = set()
        missing = sorted(ids - pages)
        if missing:
            db = str(dbs[index]) if index < len(dbs) else "the built-in glossary"
            option = f" --db {dbs[index]}" if index < len(dbs) else ""
            raise InputError(
                f"has no page for {len(missing)} of the {len(ids)} concepts of {db} (e.g. {missing[0]}): "
                "it is the site of another termbase, or an older one",
                path=site_dir,
                hint=f"pass --site the folder `termbase site{option}` wrote (write one with "
                f"`termbase site{option} --out DIR`)",
            )


def _page_scopes(dbs: tuple[Path, ...], page_globs: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Return the page globs of each --db (none: every page), from --pages given once per --db."""
    if not page_globs:
        return [() for _ in dbs]
    if len(page_globs) != len(dbs):
        raise InputError(
            f"{len(page_globs)} --pages for {len(dbs)} --db",
            hint="give --pages once per --db, in the same order ('' for a glossary of every page)",
        )
    return [tuple(g.strip() for g in globs.split(",") if g.strip()) for globs in page_globs]


def _load(dbs: tuple[Path, ...], scopes: list[tuple[str, ...]] | None = None) -> Glossaries:
    """Return the glossaries named by --db (the built-in one without), named by their files,
    each for the pages its globs match (none: every page)."""
    from termbase.glossify.source import GlossarySource, load_glossaries

    if not dbs:
        from termbase.builtin import builtin_db, builtin_db_path, glossary_files

        if glossary_files() and not builtin_db_path().is_file():
            err.print("[dim]compiling the built-in glossary on first use (a few seconds)…[/dim]")
        return load_glossaries([GlossarySource(builtin_db(), "builtin")])
    stems = [db.stem for db in dbs]
    names = [stem if stems.count(stem) == 1 else f"{stem}-{n + 1}" for n, stem in enumerate(stems)]
    scopes = scopes or [() for _ in dbs]
    return load_glossaries(
        [GlossarySource(db, name, pages=pages) for db, name, pages in zip(dbs, names, scopes, strict=True)]
    )
