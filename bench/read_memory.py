"""Memory per entry of reading one large glossary (issue 20 part 5b), per shape.

For each shape, a generated file of n and of 2n entries is read by `read_source`
(detection, read, read checks, line accounting) in a fresh process; the report gives the
peak resident memory of each and the growth per entry, (peak(2n) − peak(n)) / n, so the
interpreter and libraries cancel out. Also a full `build_termbase` of the same files.

    python bench/read_memory.py                  # n = 50,000
    python bench/read_memory.py --entries 20000 --only bold
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path


def _definition(i: int) -> str:
    return f"What term number {i} means in one plain sentence of a dozen words or so."


#: shape → (file suffix, function of n writing the text).
SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {
    "bold": (".md", lambda n: "".join(f"- **term number {i}**: {_definition(i)}\n" for i in range(n))),
    "csv": (
        ".csv",
        lambda n: "term,definition\n" + "".join(f"term number {i},{_definition(i)}\n" for i in range(n)),
    ),
    "json": (
        ".json",
        lambda n: json.dumps(
            [{"term": f"term number {i}", "definition": _definition(i)} for i in range(n)], indent=1
        ),
    ),
    "alternating": (".txt", lambda n: "".join(f"Term Number {i}\n{_definition(i)}\n" for i in range(n))),
}

CHILD = """
import resource, sys, time
from pathlib import Path
from termbase.build import build_termbase, read_source
from termbase.sources import SourceText
mode, path = sys.argv[1], sys.argv[2]
started = time.perf_counter()
if mode == "read":
    read_source(SourceText(path, open(path, encoding="utf-8").read()))
else:
    build_termbase([path], Path(path + ".db"))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, time.perf_counter() - started)
"""


def peak(mode: str, path: Path) -> tuple[float, float]:
    """Return (peak resident MB, seconds) of reading or building `path` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(path)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr)
    megabytes, seconds = done.stdout.split()
    return float(megabytes), float(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=50_000, help="n")
    parser.add_argument("--only", default="", help="one shape: " + ", ".join(SHAPES))
    parser.add_argument("--no-build", action="store_true", help="only read, no full build")
    args = parser.parse_args()
    n = args.entries
    print(f"load average {os.getloadavg()[0]:.1f}; n = {n:,} entries")
    print(f"{'shape':<12} {'stage':<6} {'peak(n) MB':>10} {'peak(2n) MB':>11} {'KB/entry':>9} {'t(2n) s':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for shape, (suffix, make) in SHAPES.items():
            if args.only and shape != args.only:
                continue
            small, large = Path(folder) / f"{shape}-n{suffix}", Path(folder) / f"{shape}-2n{suffix}"
            small.write_text(make(n), encoding="utf-8")
            large.write_text(make(2 * n), encoding="utf-8")
            for mode in ("read",) if args.no_build else ("read", "build"):
                (p1, _), (p2, t2) = peak(mode, small), peak(mode, large)
                per_entry = (p2 - p1) * 1024 / n
                print(f"{shape:<12} {mode:<6} {p1:>10.0f} {p2:>11.0f} {per_entry:>9.1f} {t2:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
