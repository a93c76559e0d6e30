"""Benchmark `termbase site` against its floor (writing the same files) and against Sphinx.

    python3 -m pip install sphinx      # the reference point only; not a termbase dependency
    python bench/site.py [--concepts 10000] [--repeat 5] [--keep DIR] [--no-sphinx]

Everything runs on tmpfs (/dev/shm) when there is one: on the shared virtual disk here
creating the same 10,436 files takes anywhere from 0.2 to 6.5 s, so a disk run cannot tell
a renderer's cost from the disk's. In one run:

1. `termbase site` for the built-in AI/ML glossary (compiled first, not timed); every command
   runs with Python's bytecode written once into the run's folder (see `command_environment`);
2. a generated termbase of 10,000 distinct concepts (bench/generate.py's generate_unique +
   build_termbase; build time reported apart), then, `--repeat` rounds, each of:
   - `termbase site` for it into a new folder (a whole command in a new process, wall clock);
   - the floor: the same files (same count, names and bytes, read into memory first, not
     timed) written again into a new folder with plain Python (`os.open`/`os.write`, no
     rename, no fsync) by as many forked processes as `termbase site` uses, folders made
     inside the timing;
   - start-up: `termbase --version` in a new process (the interpreter and the CLI's imports);
   - an incremental rebuild: one concept's definition edited, the termbase rebuilt (not
     timed), then `termbase site` into the folder of the first build.
   The commands of a round run one after another, so load changes hit them alike; each
   figure is min/median/max over the rounds, with the load average before and after, and
   the CPU seconds (user + system, the command's worker processes included) beside the wall
   clock: on a shared machine the CPU figures move less with the load.
3. the same 10,000 concepts as one Sphinx `.. glossary::` page (every label of a concept a
   term line of its entry, its definition the body, each "Related to X." a :term: link so
   Sphinx resolves cross-references as the site links mentions), built by `sphinx-build -b
   html -q` in a fresh folder.

Targets (issue 19): a full site ≤ 1.3 × the floor + start-up (median of the rounds, also
reported round by round); a rebuild after one concept changed < 0.3 s.
"""

from __future__ import annotations

import argparse
import json
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


#: CPU seconds (user + system) of the last `timed` command or `write_floor` call, children included.
last_cpu = [0.0]


def cpu_seconds() -> float:
    """Return the CPU seconds this process and its waited-for children have used so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


#: The environment of the timed commands (see `command_environment`).
command_env: dict[str, str] = dict(os.environ)


def command_environment(pycache: Path) -> dict[str, str]:
    """Return this environment with Python's compiled bytecode kept under `pycache`.

    With PYTHONDONTWRITEBYTECODE set (as on some shared machines) and no bytecode beside a
    changed source file, every command compiles the modules it imports again: 20 ms for
    cli.py alone, more for a site's modules, and more the more files changed since bytecode
    was last written. An installed termbase has its bytecode (pip compiles it), so the timed
    commands run with bytecode written once, by the first (untimed) command, into a folder of
    this run: what `termbase site` costs, not what compiling its source costs.
    """
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def timed(command: list[str], cwd: Path | None = None) -> float:
    """Run `command`, fail loudly if it fails, return its wall-clock seconds (its CPU seconds,
    its own processes' included, in `last_cpu`)."""
    cpu = cpu_seconds()
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=command_env)
    seconds = time.perf_counter() - started
    last_cpu[0] = cpu_seconds() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return seconds


def site_command(db: Path, out: Path) -> list[str]:
    """Return the command that writes the static site of `db` into `out`."""
    return [sys.executable, "-m", "termbase", "site", "--db", str(db), "--out", str(out)]


def site(db: Path, out: Path, repeat: int) -> dict[str, object]:
    """Build the static site of `db` with the CLI `repeat` times, each into a new folder under
    `out`; return min/median/max seconds and the size of one site."""
    runs = [timed(site_command(db, out / f"run-{number}")) for number in range(repeat)]
    files, size = folder_size(out / "run-0")
    return {"s_min_median_max": spread(runs), "files": files, "mb": round(size / 1e6, 1)}


def spread(samples: list[float]) -> list[float]:
    """Return [min, median, max] of `samples`, rounded to milliseconds."""
    return [round(min(samples), 3), round(statistics.median(samples), 3), round(max(samples), 3)]


def load() -> float:
    """Return the one-minute load average (the machine is shared: read figures beside it)."""
    return round(os.getloadavg()[0], 2)


def site_files(site_folder: Path) -> list[tuple[Path, bytes]]:
    """Return every file of a built site as (path relative to it, bytes)."""
    paths = sorted(p for p in site_folder.rglob("*") if p.is_file())
    return [(p.relative_to(site_folder), p.read_bytes()) for p in paths]


def write_floor(files: list[tuple[Path, bytes]], out: Path, workers: int = 2) -> float:
    """Return the seconds `workers` forked processes take to write `files` under `out` with
    plain Python: the folders made, then each file opened relative to its folder, written
    whole and closed (no temporary name, no rename, no fsync)."""
    cpu = cpu_seconds()
    started = time.perf_counter()
    for folder in sorted({out / f.parent for f, _ in files}):
        folder.mkdir(parents=True, exist_ok=True)
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
    seconds = time.perf_counter() - started
    last_cpu[0] = cpu_seconds() - cpu
    return seconds


def edit_one_definition(source: Path, edited: Path) -> None:
    """Write `source` again as `edited` with one word of one definition changed."""
    text = source.read_text(encoding="utf-8")
    for word in (" model ", " layer ", " token "):
        if word in text:
            edited.write_text(text.replace(word, " modelled ", 1), encoding="utf-8")
            return
    raise SystemExit(f"{source}: no definition word to edit")


def floor_rounds(db: Path, edited_db: Path, tmp: Path, rounds: int, workers: int) -> dict[str, object]:
    """Time, `rounds` times in turn: `termbase site` into a new folder, the floor (the same
    files written by plain Python), `termbase --version`, and an incremental rebuild of the
    new folder from `edited_db`; return the figures and each round's ratio to the target."""
    runs: dict[str, list[float]] = {name: [] for name in runs_named()}
    cpu: dict[str, list[float]] = {name: [] for name in runs_named()}
    loads = [load()]
    files: list[tuple[Path, bytes]] = []
    for number in range(rounds):
        folder = tmp / f"site-{number}"
        runs["site"].append(timed(site_command(db, folder)))
        cpu["site"].append(last_cpu[0])
        if not files:
            files = site_files(folder)
        runs["floor"].append(write_floor(files, tmp / f"floor-{number}", workers))
        cpu["floor"].append(last_cpu[0])
        runs["start_up"].append(timed([sys.executable, "-m", "termbase", "--version"]))
        cpu["start_up"].append(last_cpu[0])
        runs["rebuild_one_changed"].append(timed(site_command(edited_db, folder)))
        cpu["rebuild_one_changed"].append(last_cpu[0])
        shutil.rmtree(tmp / f"floor-{number}")
        loads.append(load())
    median = {name: statistics.median(values) for name, values in runs.items()}
    allowed = 1.3 * median["floor"] + median["start_up"]
    figures: dict[str, object] = {
        name: {"s_min_median_max": spread(values), "cpu_s_min_median_max": spread(cpu[name])}
        for name, values in runs.items()
    }
    figures["files"] = len(files)
    figures["mb"] = round(sum(len(data) for _, data in files) / 1e6, 1)
    figures["workers"] = workers
    figures["load_min_max"] = [min(loads), max(loads)]
    figures["site_over_floor"] = round((median["site"] - median["start_up"]) / median["floor"], 2)
    figures["target_seconds"] = round(allowed, 3)
    figures["target"] = "site <= 1.3 x floor + start-up; rebuild after one change < 0.3 s"
    figures["site_target_met"] = median["site"] <= allowed
    figures["rounds_meeting_site_target"] = sum(
        site_seconds <= 1.3 * floor + start
        for site_seconds, floor, start in zip(runs["site"], runs["floor"], runs["start_up"], strict=True)
    )
    figures["rebuild_target_met"] = median["rebuild_one_changed"] < 0.3
    return figures


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


def scratch_folder() -> str | None:
    """Return tmpfs to work in when there is one (file creation on disk varies too much)."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concepts", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, help="keep the built sites under this folder")
    parser.add_argument("--no-sphinx", action="store_true", help="skip the Sphinx reference build")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of site, floor, start-up, rebuild")
    parser.add_argument(
        "--site-pages",
        action="store_true",
        help="build the termbases with site_pages=True (pages rendered at build; default: a plain build)",
    )
    args = parser.parse_args()

    results: dict[str, object] = {"load_at_start": load()}
    scratch = scratch_folder()
    results["folder"] = "tmpfs (/dev/shm)" if scratch else "the temporary folder's disk (no tmpfs here)"
    with tempfile.TemporaryDirectory(prefix="termbase-site-bench-", dir=scratch) as tmp_name:
        tmp = Path(tmp_name)
        command_env.clear()
        command_env.update(command_environment(tmp / "pycache"))
        timed([sys.executable, "-m", "termbase", "--version"])  # bytecode written (see command_environment)

        builtin = builtin_db()
        results["builtin_site"] = site(builtin, tmp / "builtin-site", 1)
        with Termbase.open(builtin) as termbase:
            results["builtin_site"]["concepts"] = termbase.stats().get("concepts")

        source = generate_unique(args.concepts, tmp / "generated")
        db = tmp / f"generated-{args.concepts}.db"
        started = time.perf_counter()
        site_pages = True if args.site_pages else None
        summary = build_termbase([str(source)], db, relative_to=source.parent, site_pages=site_pages)
        build_seconds = time.perf_counter() - started
        # the same source and termbase names (a site shows both), one definition changed
        (tmp / "edited").mkdir()
        edited = tmp / "edited" / source.name
        edit_one_definition(source, edited)
        edited_db = tmp / "edited" / db.name
        build_termbase([str(edited)], edited_db, relative_to=edited.parent, site_pages=site_pages)
        workers = os.cpu_count() or 1
        generated = floor_rounds(db, edited_db, tmp / "generated-site", args.repeat, workers)
        generated["concepts"] = summary.concepts
        generated["termbase_build_seconds"] = round(build_seconds, 3)
        results[f"generated_{args.concepts}_site"] = generated

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
            site_seconds = generated["site"]["s_min_median_max"][1]  # type: ignore[index]
            results["speedup_vs_sphinx"] = round(seconds / site_seconds, 1)

        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for name in ("builtin-site/run-0", "generated-site/site-0", "sphinx-html"):
                if (tmp / name).is_dir():
                    shutil.copytree(tmp / name, args.keep / name, dirs_exist_ok=True)

    results["load_at_end"] = load()
    print(json.dumps(results, indent=2))
    median = {name: generated[name]["s_min_median_max"][1] for name in runs_named()}  # type: ignore[index]
    print(
        f"\n{args.concepts} concepts, median of {args.repeat} rounds, load {generated['load_min_max']}: "
        f"termbase site {median['site']} s; floor {median['floor']} s + start-up {median['start_up']} s "
        f"-> target {generated['target_seconds']} s ({'met' if generated['site_target_met'] else 'NOT met'}; "
        f"{generated['rounds_meeting_site_target']}/{args.repeat} rounds); rebuild after one change "
        f"{median['rebuild_one_changed']} s "
        f"(target < 0.3 s: {'met' if generated['rebuild_target_met'] else 'NOT met'})"
    )


def runs_named() -> tuple[str, ...]:
    """Return the names of the commands timed each round."""
    return ("site", "floor", "start_up", "rebuild_one_changed")


if __name__ == "__main__":
    main()
