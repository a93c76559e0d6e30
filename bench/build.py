"""Benchmark `termbase build`: the five seeds, and a generated 100,000-entry glossary.

    python bench/build.py [--entries 100000] [--repeat 5] [--only seeds|generated]

Each case runs in a fresh Python process (so peak memory is its own), builds a real
SQLite termbase in a temporary folder, and reports wall time, entries per second and
peak resident memory (min/median/max over the runs, with the load average: the machine is
shared), and the build's CPU time, which the load disturbs less. Targets on the 2-core
machine: seeds < 0.4 s, 100k < 10 s, < 1 GB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SEEDS = REPO.parent / "shared" / "seeds"

CHILD = """
import json, resource, sys, time
from pathlib import Path
from termbase.build import build_termbase
paths, db = json.loads(sys.argv[1]), Path(sys.argv[2])
def helpers_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
start, cpu, helpers = time.perf_counter(), time.process_time(), helpers_cpu()
summary = build_termbase(paths, db)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({
    "seconds": seconds,
    "cpu_seconds": cpu,
    "all_cpu_seconds": cpu + helpers_cpu() - helpers,
    "helper_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    "entries": sum(s.entry_count for s in summary.sources),
    "concepts": summary.concepts,
    "relations": summary.relations,
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def run_case(paths: list[str], repeat: int) -> dict[str, object]:
    """Build `paths` `repeat` times, each in a new process; return min/median/max seconds,
    the median's rate, the highest peak memory and the load average around the runs."""
    runs = []
    loads = [round(os.getloadavg()[0], 2)]
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(repeat):
            db = Path(tmp) / f"bench-{number}.db"
            done = subprocess.run(
                [sys.executable, "-c", CHILD, json.dumps(paths), str(db)],
                capture_output=True,
                text=True,
                check=True,
                cwd=REPO,
            )
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
            loads.append(round(os.getloadavg()[0], 2))
    times = sorted(r["seconds"] for r in runs)
    seconds = statistics.median(times)
    cpu = sorted(r["cpu_seconds"] for r in runs)
    all_cpu = sorted(r["all_cpu_seconds"] for r in runs)
    return {
        "seconds": round(seconds, 3),
        "seconds_min_median_max": [round(times[0], 3), round(seconds, 3), round(times[-1], 3)],
        "cpu_min_median_max": [round(cpu[0], 3), round(statistics.median(cpu), 3), round(cpu[-1], 3)],
        "all_cpu_min_median_max": [
            round(all_cpu[0], 3),
            round(statistics.median(all_cpu), 3),
            round(all_cpu[-1], 3),
        ],
        "entries": runs[0]["entries"],
        "concepts": runs[0]["concepts"],
        "relations": runs[0]["relations"],
        "entries_per_second": round(runs[0]["entries"] / seconds),
        "peak_mb": round(max(r["peak_mb"] for r in runs), 1),
        "helper_peak_mb": round(max(r["helper_peak_mb"] for r in runs), 1),
        "load_min_max": [min(loads), max(loads)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=["seeds", "generated"], help="run one case only")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from generate import generate

    results = {}
    if args.only == "generated":
        pass
    elif SEEDS.is_dir():
        results["seeds"] = run_case(sorted(map(str, SEEDS.glob("*.txt"))), args.repeat)
    else:
        print(f"seeds not found at {SEEDS}; skipping that case", file=sys.stderr)
    if args.only != "seeds":
        out = HERE / "out" / f"generated-{args.entries}"
        paths = generate(args.entries, out)
        results[f"generated_{args.entries}"] = run_case([str(p) for p in paths], max(1, args.repeat // 2))
    for name, figures in results.items():
        print(
            f"{name:>18}: {figures['entries']:>7} entries → {figures['concepts']:>7} concepts, "
            f"{figures['relations']:>7} relations in {figures['seconds']:.3f} s "
            f"({figures['entries_per_second']:,} entries/s; min/median/max "
            f"{figures['seconds_min_median_max']}; CPU {figures['cpu_min_median_max']}, "
            f"with helpers {figures['all_cpu_min_median_max']}), "
            f"peak {figures['peak_mb']} MB (helper {figures['helper_peak_mb']} MB), "
            f"load {figures['load_min_max']}"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
