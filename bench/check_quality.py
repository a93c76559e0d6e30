"""How well `termbase check` finds the disagreements between the five seeds, and how fast.

    python bench/check_quality.py [--seeds DIR] [--entries 100000]

Recall: the share of the hand-made list bench/check_gold/seed_conflicts.yaml that some
contradiction finding covers (its two sides' entries contain the two lines listed).
Precision: the share of contradiction findings judged right in
bench/check_gold/seed_judgements.yaml; findings not judged there are listed and left out
of the figure. Speed: the seeds checked from their files (read, resolve, link, every rule)
and, with --entries, a generated termbase of that many entries (bench/generate.py).
Both lists were made on the seeds the rules were developed on: these are tuned-on figures.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SEEDS = REPO.parent / "shared" / "seeds"
sys.path.insert(0, str(REPO / "src"))

from termbase.check import RULES, run_checks  # noqa: E402
from termbase.check.findings import Finding  # noqa: E402
from termbase.check.load import input_from_files  # noqa: E402


def covers(finding: Finding, a: dict[str, object], b: dict[str, object]) -> bool:
    """Return True if the finding's two sides hold the lines of `a` and `b` (either order)."""

    def holds(side_index: int, claim: dict[str, object]) -> bool:
        side = finding.sides[side_index]
        name = Path(side.source).name
        line = int(claim["line"])  # type: ignore[call-overload]
        last = max(side.end_line, side.line)
        return name.startswith(str(claim["seed"]) + "_") and side.line <= line <= last

    if len(finding.sides) < 2:
        return False
    return (holds(0, a) and holds(1, b)) or (holds(0, b) and holds(1, a))


def check_seeds(seeds: Path) -> tuple[list[Finding], float]:
    """Return every finding on the seeds and the seconds it took from the files."""
    started = time.perf_counter()
    data, _ = input_from_files([str(p) for p in sorted(seeds.glob("*.txt"))])
    findings = run_checks(data, RULES)
    return findings, time.perf_counter() - started


def build_seeds(seeds: Path) -> float:
    """Return the seconds `build_termbase` takes on the seeds (the reference in the same run)."""
    from termbase.build import build_termbase

    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        build_termbase([str(p) for p in sorted(seeds.glob("*.txt"))], Path(tmp) / "seeds.db")
        return time.perf_counter() - started


def timed_generated(entries: int) -> tuple[float, float, float]:
    """Return seconds to check a generated glossary of `entries` entries from its files, to
    build it, and to check the built termbase file (`termbase check --db`), in one run."""
    from termbase.build import build_termbase
    from termbase.check.load import input_from_termbase
    from termbase.store import Termbase

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, str(HERE / "generate.py"), "--entries", str(entries), "--out", tmp],
            check=True,
            capture_output=True,
        )
        files = [str(p) for p in sorted(Path(tmp).glob("*.txt"))]
        started = time.perf_counter()
        data, _ = input_from_files(files)
        run_checks(data, RULES)
        from_files = time.perf_counter() - started
        started = time.perf_counter()
        build_termbase(files, Path(tmp) / "generated.db")
        build = time.perf_counter() - started
        started = time.perf_counter()
        with Termbase.open(Path(tmp) / "generated.db") as termbase:
            run_checks(input_from_termbase(termbase), RULES)
        from_db = time.perf_counter() - started
        return from_files, build, from_db


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=SEEDS)
    parser.add_argument("--entries", type=int, default=0, help="also time a generated termbase this big")
    args = parser.parse_args()
    gold_file = HERE / "check_gold" / "seed_conflicts.yaml"
    gold = yaml.safe_load(gold_file.read_text(encoding="utf-8"))["conflicts"]
    judged = {
        j["fingerprint"]: j
        for j in yaml.safe_load((HERE / "check_gold" / "seed_judgements.yaml").read_text(encoding="utf-8"))[
            "judgements"
        ]
    }
    check_seeds(args.seeds)  # warm up: imports, the lemmatiser's tables
    findings, seconds = check_seeds(args.seeds)
    reference = build_seeds(args.seeds)
    contradictions = [f for f in findings if f.rule == "contradiction"]
    print(
        f"seeds: {len(findings)} findings ({len(contradictions)} contradictions) in {seconds:.2f} s "
        f"from the files; `termbase build` of the same files in this run: {reference:.2f} s "
        f"(check / build = {seconds / reference:.2f})"
    )
    found = 0
    for conflict in gold:
        hit = any(covers(f, conflict["a"], conflict["b"]) for f in contradictions)
        found += hit
        mark = "found " if hit else "MISSED"
        print(f"  {mark} {conflict['id']:<22} ({conflict['strength']}) {conflict['topic']}")
    clear = [c for c in gold if c["strength"] == "clear"]
    clear_found = sum(any(covers(f, c["a"], c["b"]) for f in contradictions) for c in clear)
    print(f"recall: {found}/{len(gold)} = {found / len(gold):.2f} (clear ones: {clear_found}/{len(clear)})")
    kv = next(c for c in gold if c["id"] == "kv-cache-growth")
    print(f"KV-cache conflict found: {any(covers(f, kv['a'], kv['b']) for f in contradictions)}")
    right = sum(1 for f in contradictions if judged.get(f.fingerprint, {}).get("verdict") == "right")
    judged_here = [f for f in contradictions if f.fingerprint in judged]
    unjudged = [f for f in contradictions if f.fingerprint not in judged]
    if judged_here:
        share = right / len(judged_here)
        print(f"precision: {right}/{len(judged_here)} = {share:.2f} of judged contradictions")
    for finding in unjudged:
        print(f"  NOT JUDGED {finding.fingerprint} {finding.message}")
    if args.entries:
        from_files, build, from_db = timed_generated(args.entries)
        print(
            f"{args.entries} generated entries: checked from the files in {from_files:.1f} s, from the "
            f"built file in {from_db:.1f} s; `termbase build` of them in this run {build:.1f} s"
        )


if __name__ == "__main__":
    main()
