"""Benchmark the build of one huge one-line Markdown glossary (issue 19's 1M row, issue 20 part 5b).

A generated Markdown list of `- **Term**: definition` lines (about 24 bytes a line; 1,000,000 lines is
about 24 MB) is built in a fresh process at a reference size and at the full size in the
same run. The report gives each build's wall time and peak resident memory, and the
slopes between them: seconds and KB per added entry, and the time ratio against the size
ratio (linear: equal). The file is written under a temporary folder, never into the repo.

    python bench/million.py                           # 100,000 then 1,000,000 entries
    python bench/million.py --entries 400000 --reference 100000 --stages

`--stages` also prints, per build, each stage's seconds and the resident memory after it
(read, identify, resolve, link, check, store) and the peak so far; wall time is the
machine's load as much as the build's, so CPU seconds are given beside it. Where the build
writes its store in a forked helper while it links (two cores, see forked.py), the check and
store run there: their stage lines are missing, the helper's CPU is counted in the total and
given apart, and the memory of both processes together (PSS, shared pages once) is sampled
from outside. Targets on the 2-core machine: 1M in < 3 min, peak < 2.5 GB (the processes
together), memory per entry about constant.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ven",
    "tor",
    "sa",
    "qui",
    "dra",
    "fen",
    "ul",
    "bri",
    "mon",
    "tes",
    "zor",
    "pa",
    "ne",
    "gal",
    "rix",
    "do",
    "sem",
    "lu",
    "cha",
    "vor",
    "tin",
]
WORDS = [
    "model",
    "layer",
    "token",
    "value",
    "step",
    "loss",
    "cache",
    "query",
    "note",
    "data",
    "batch",
    "score",
    "graph",
]


def write_glossary(path: Path, count: int, seed: int = 19) -> None:
    """Write `count` distinct `- **Term**: definition` lines to `path`; a tenth name another term.

    The naming lines say what the term works with ("Works with X."), not "See X.": since the
    pointer rule (an entry whose whole body only points at another is a label of it) a "See X."
    line is no entry, and the bench must build `count` entries.
    """
    rng = random.Random(seed)
    names: list[str] = []
    with path.open("w", encoding="utf-8") as out:
        for i in range(count):
            name = f"{rng.choice(SYLLABLES).capitalize()}{i:x}"
            if names and rng.random() < 0.1:
                words = f"Works with {rng.choice(names)}"
            else:
                words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 3))).capitalize()
            names.append(name)
            out.write(f"- **{name}**: {words}.\n")


CHILD = """
import json, resource, sys, time
from pathlib import Path
import termbase.build as build

def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20

def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

stages = []
if sys.argv[3] == "1":
    last = [time.perf_counter(), 0.0]
    def timed(name, function):
        def wrapper(*args, **kwargs):
            result = function(*args, **kwargs)
            now, cpu = time.perf_counter(), sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
            stages.append(
                (name, round(now - last[0], 2), round(cpu - last[1], 2), round(rss_mb()), round(peak_mb()))
            )
            last[0], last[1] = now, cpu
            return result
        return wrapper
    for name, attribute in [("read", "read_sources"), ("identify", "identified_entries"),
                            ("resolve", "resolve"), ("link", "link"), ("check", "build_findings"),
                            ("store", "write_termbase")]:
        setattr(build, attribute, timed(name, getattr(build, attribute)))
start = time.perf_counter()
summary = build.build_termbase([sys.argv[1]], Path(sys.argv[2]))
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({
    "seconds": time.perf_counter() - start,
    "cpu_seconds": sum(resource.getrusage(resource.RUSAGE_SELF)[:2]) + children.ru_utime + children.ru_stime,
    "helper_cpu_seconds": children.ru_utime + children.ru_stime,
    "helper_peak_mb": children.ru_maxrss / 1024,
    "entries": summary.entries,
    "concepts": summary.concepts,
    "relations": summary.relations,
    "peak_mb": peak_mb(),
    "stages": stages,
}))
"""


def tree_pss_mb(pid: int) -> float:
    """Return the proportional set size of process `pid` and its children, in MB: memory the
    build's processes hold together (pages a forked helper still shares are counted once)."""
    total = 0
    for member in [pid, *_children(pid)]:
        try:
            with open(f"/proc/{member}/smaps_rollup") as rollup:
                total += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
        except (OSError, StopIteration):  # ended meanwhile, or no /proc
            pass
    return total / 1024


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return [int(child) for child in listed.read().split()]
    except OSError:
        return []


def build_once(path: Path, db: Path, stages: bool) -> dict[str, object]:
    """Build `path` into `db` in a fresh process; return its figures, with the peak memory of
    the build's processes together, sampled from here every 0.2 s (a build on two cores
    writes the store in a forked helper: see forked.py)."""
    with subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(db), "1" if stages else "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    ) as process:
        peak = 0.0
        while process.poll() is None:
            peak = max(peak, tree_pss_mb(process.pid))
            time.sleep(0.2)
        out, err = process.communicate()
    if process.returncode:
        raise SystemExit(err)
    result = json.loads(out.strip().splitlines()[-1])
    result["together_peak_mb"] = peak
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000, help="full size")
    parser.add_argument("--reference", type=int, default=100_000, help="reference size, same run")
    parser.add_argument("--stages", action="store_true", help="print each stage's time and memory")
    parser.add_argument("--keep", type=Path, help="keep the built termbases in this folder")
    args = parser.parse_args()
    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        out = args.keep or Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        for count in (args.reference, args.entries):
            source = Path(folder) / f"one-line-{count}.md"
            write_glossary(source, count)
            load = os.getloadavg()[0]
            result = build_once(source, out / f"one-line-{count}.db", args.stages)
            result["load"] = [round(load, 2), round(os.getloadavg()[0], 2)]
            result["megabytes"] = round(source.stat().st_size / 1e6, 1)
            figures[count] = result
            print(
                f"{count:>9,} entries ({result['megabytes']} MB): {result['seconds']:.1f} s "
                f"(CPU {result['cpu_seconds']:.1f} s, of it {result['helper_cpu_seconds']:.1f} s in a "
                f"forked helper), peak {result['peak_mb']:.0f} MB (helper {result['helper_peak_mb']:.0f} MB; "
                f"both together, PSS sampled: {result['together_peak_mb']:.0f} MB), "
                f"{result['concepts']:,} concepts, "
                f"{result['relations']:,} relations, load {result['load']}",
                flush=True,
            )
            for name, seconds, cpu, rss, peak in result["stages"]:
                print(
                    f"    {name:<9} {seconds:>7.2f} s (CPU {cpu:>6.2f} s)   RSS after {rss:>6} MB, "
                    f"peak so far {peak:>6} MB"
                )
    small, large = figures[args.reference], figures[args.entries]
    added = args.entries - args.reference
    grown = large["together_peak_mb"] - small["together_peak_mb"]
    print(
        f"slope: {grown * 1024 / added:.2f} KB (processes together) and "
        f"{(large['seconds'] - small['seconds']) / added * 1e6:.0f} µs per added entry; "
        f"time ratio {large['seconds'] / small['seconds']:.1f}× (CPU "
        f"{large['cpu_seconds'] / small['cpu_seconds']:.1f}×) for "
        f"{args.entries / args.reference:.0f}× the entries"
    )
    print(json.dumps({str(k): v for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
