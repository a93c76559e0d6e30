"""Benchmark `termbase site` against Sphinx building the same glossary.

    python3 -m pip install sphinx      # the reference point only; not a termbase dependency
    python bench/site.py [--concepts 10000] [--keep DIR]

In one run:
1. `termbase site` for the built-in AI/ML glossary (compiled first, not timed);
2. a generated termbase of 10,000 distinct concepts (bench/generate.py's
   generate_unique + build_termbase; build time reported apart), then `termbase site` for it;
3. the same 10,000 concepts as one Sphinx `.. glossary::` page (every label of a concept a
   term line of its entry, its definition the body, each "Related to X." a :term: link so
   Sphinx resolves cross-references as the site links mentions), built by `sphinx-build -b
   html -q` in a fresh folder.

4. the floor: the same files (bytes read into memory first, not timed) written again into
   a new folder by as many forked processes as `termbase site` uses, opening each relative
   to its folder as `termbase site` does: what creating the files alone costs on this disk,
   which no renderer can go below (reported with the share it leaves for everything else).

Each build is a whole command in a new process (`python -m termbase site …`,
`python -m sphinx …`), timed by wall clock, so both pay their start-up. `termbase site` runs
`--repeat` times (median reported, every run listed): creating 10,000 files on this shared
virtual disk takes from 0.5 s to 4 s from one run to the next. Reports seconds, pages and
bytes written, and the speed-up of `termbase site` over Sphinx on the same 10,000 entries.
Target: at least 20× faster than Sphinx.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate_unique  # noqa: E402
from termbase.build import build_termbase  # noqa: E402
from termbase.builtin import builtin_db  # noqa: E402
from termbase.store import Termbase  # noqa: E402

RELATED = re.compile(r"^Related to (.+?)\.\s*")


def folder_size(folder: Path) -> tuple[int, int]:
    """Return (files, bytes) under `folder`."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def timed(command: list[str], cwd: Path | None = None) -> float:
    """Run `command`, fail loudly if it fails, return its wall-clock seconds."""
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return seconds


def site(db: Path, out: Path, repeat: int) -> dict[str, object]:
    """Build the static site of `db` with the CLI `repeat` times, each into a new folder under
    `out`; return the median and every run's seconds, and the size of one site.

    File creation on a shared virtual disk varies a lot from run to run, hence the repeats.
    """
    runs = []
    for number in range(repeat):
        folder = out / f"run-{number}"
        runs.append(timed([sys.executable, "-m", "termbase", "site", "--db", str(db), "--out", str(folder)]))
    files, size = folder_size(out / "run-0")
    return {
        "seconds": round(statistics.median(runs), 3),
        "runs": [round(r, 3) for r in runs],
        "files": files,
        "mb": round(size / 1e6, 1),
    }


def write_floor(site_folder: Path, out: Path, workers: int = 2) -> float:
    """Return the seconds `workers` forked processes take to write `site_folder`'s files again
    under `out` (their bytes read first, not timed); each file opened relative to its folder."""
    paths = sorted(p for p in site_folder.rglob("*") if p.is_file())
    files = [(p.relative_to(site_folder), p.read_bytes()) for p in paths]
    for folder in sorted({out / f.parent for f, _ in files}):
        folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    children = []
    for number in range(workers):
        pid = os.fork()
        if pid == 0:
            handles: dict[Path, int] = {}
            for relative, data in files[number::workers]:
                folder = out / relative.parent
                if folder not in handles:
                    handles[folder] = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
                flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
                handle = os.open(relative.name, flags, 0o644, dir_fd=handles[folder])
                os.write(handle, data)
                os.close(handle)
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
    return time.perf_counter() - started


def rst_escape(text: str) -> str:
    """Escape reStructuredText inline markup characters in `text`."""
    return re.sub(r"([\\*`_|])", r"\\\1", text)


def sphinx_glossary(db: Path, folder: Path) -> int:
    """Write a Sphinx project whose index is one `.. glossary::` of every concept in `db`."""
    with Termbase.open(db) as termbase:
        records = [termbase.concept(cid) for cid in termbase.concept_ids()]
    records = [r for r in records if r is not None]
    records.sort(key=lambda r: r.label.casefold())
    seen: set[str] = set()
    known = {label.casefold() for r in records for label in (r.label, *r.labels)}
    lines = ["Glossary", "========", "", ".. glossary::", ""]
    for record in records:
        terms = []
        for label in (record.label, *record.labels):
            key = label.casefold()
            if key not in seen and not label.startswith((" ", "-", "*")):
                seen.add(key)
                terms.append(label)
        if not terms:
            continue
        text = record.entries[0].entry.definition if record.entries else ""
        link = ""
        match = RELATED.match(text)
        if match and match.group(1).casefold() in known:
            link = f"Related to :term:`{rst_escape(match.group(1))}`. "
            text = text[match.end() :]
        lines += [f"   {rst_escape(t)}" for t in terms]
        lines += [f"      {link}{rst_escape(' '.join(text.split()))}", ""]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(
        'project = "bench"\nextensions = []\nhtml_theme = "alabaster"\n', encoding="utf-8"
    )
    (folder / "index.rst").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concepts", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, help="keep the built sites under this folder")
    parser.add_argument("--no-sphinx", action="store_true", help="skip the Sphinx reference build")
    parser.add_argument("--repeat", type=int, default=3, help="termbase site runs (median reported)")
    args = parser.parse_args()

    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="termbase-site-bench-") as tmp_name:
        tmp = Path(tmp_name)

        builtin = builtin_db()
        results["builtin_site"] = site(builtin, tmp / "builtin-site", args.repeat)
        with Termbase.open(builtin) as termbase:
            results["builtin_site"]["concepts"] = termbase.stats().get("concepts")

        source = generate_unique(args.concepts, tmp / "generated")
        db = tmp / f"generated-{args.concepts}.db"
        started = time.perf_counter()
        summary = build_termbase([str(source)], db)
        build_seconds = time.perf_counter() - started
        generated = site(db, tmp / "generated-site", args.repeat)
        generated["concepts"] = summary.concepts
        generated["termbase_build_seconds"] = round(build_seconds, 3)
        results[f"generated_{args.concepts}_site"] = generated
        floor = write_floor(tmp / "generated-site" / "run-0", tmp / "floor", workers=os.cpu_count() or 1)
        generated["write_floor_seconds"] = round(floor, 3)

        if not args.no_sphinx:
            try:
                import sphinx
            except ImportError:
                raise SystemExit(
                    "sphinx is not installed: `python3 -m pip install sphinx` (bench only)"
                ) from None
            project = tmp / "sphinx-src"
            written = sphinx_glossary(db, project)
            out = tmp / "sphinx-html"
            seconds = timed(
                [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", str(project), str(out)]
            )
            files, size = folder_size(out)
            results["sphinx_glossary"] = {
                "seconds": round(seconds, 3),
                "entries": written,
                "files": files,
                "mb": round(size / 1e6, 1),
                "sphinx": sphinx.__version__,
            }
            speedup = seconds / generated["seconds"]
            results["speedup_vs_sphinx"] = round(speedup, 1)
            results["target"] = "termbase site >= 20x faster than sphinx-build on the same entries"
            results["target_met"] = speedup >= 20
            # what a 20x build may spend on everything but creating the files
            results["target_seconds"] = round(seconds / 20, 3)

        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for name in ("builtin-site/run-0", "generated-site/run-0", "sphinx-html"):
                if (tmp / name).is_dir():
                    shutil.copytree(tmp / name, args.keep / name, dirs_exist_ok=True)

    print(json.dumps(results, indent=2))
    if "speedup_vs_sphinx" in results:
        print(
            f"\n{args.concepts} concepts: termbase site {generated['seconds']} s, "
            f"sphinx-build {results['sphinx_glossary']['seconds']} s -> "
            f"{results['speedup_vs_sphinx']}x faster "
            f"(target >= 20x: {'met' if results['target_met'] else 'NOT met'}); "
            f"writing the same files alone takes {generated['write_floor_seconds']} s of the "
            f"{results['target_seconds']} s a 20x build may take"
        )


if __name__ == "__main__":
    main()
