"""The `termbase glossify` command (registered on the CLI group in termbase.cli)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
from rich.markup import escape

from termbase.cli import PATH, db_option, err, friendly_errors, json_option, open_termbase, out
from termbase.errors import InputError


@click.command()
@click.argument("pages", nargs=-1, required=True, type=PATH)
@db_option
@click.option(
    "--link-to",
    default=None,
    help="Base address of the termbase's site (links go to BASE/c/<id>.html), or a pattern with {id}.",
)
@click.option(
    "--site",
    "site_dir",
    type=PATH,
    default=None,
    help="A folder written by `termbase site`: links are relative paths to its concept pages.",
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
    db: Path | None,
    link_to: str | None,
    site_dir: Path | None,
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
    from termbase.glossify.linker import LinkTarget
    from termbase.matcher import TermMatcher

    if bool(link_to) == bool(site_dir):
        raise InputError(
            "say where links go" if not link_to else "--link-to and --site both given",
            hint="pass --link-to https://…/ (a published termbase site) "
            "or --site DIR (a `termbase site` folder)",
        )
    if site_dir is not None and not (site_dir / "index.html").is_file():
        raise InputError(
            "not a folder written by `termbase site` (no index.html)",
            path=str(site_dir),
            hint=f"write one with `termbase site --out {site_dir}`",
        )
    if db is not None and not db.is_file():
        raise InputError(
            "no termbase file here", path=str(db), hint=f"build one with `termbase build SOURCES --db {db}`"
        )
    try:
        planned = plan_pages(pages, out_dir, in_place)
    except GlossifyInputErrors as error:
        if len(error.problems) > 1:
            for problem in error.problems:
                err.print(f"[red]error:[/red] {escape(problem.describe())}")
        raise
    with open_termbase(db) as termbase:
        matcher = TermMatcher.from_termbase(termbase)
    target = LinkTarget(base=link_to or "", site_dir=str(site_dir.resolve()) if site_dir else "")
    assets_root = out_dir if out_dir is not None else Path(
        os.path.commonpath([str(p.source.resolve().parent) for p in planned])
    )
    written = glossify_pages(planned, matcher, target, first, tooltips, assets_root)
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
    out.print(f"glossified {len(written)} pages {where}: {links} links to {terms} terms")
