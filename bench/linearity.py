"""Are the readers linear? Time each reader (and detection) on generated pathological
inputs of n and 2n characters and report the ratio (issue 20 part 3: at most 2.5x).

Inputs are shapes that make regular expressions and line scanners backtrack or rescan:
runs of one delimiter, unclosed markup, very long lines, very long terms, long runs of
term-like lines, files of only tabs or spaces. Each time is the best of `--repeat`
runs of `read_source` (detection, read, line accounting), so InputError counts as done.
Also times a 10 MB single-line file and a one-line JSON array of 110k records (about 12 MB),
read with detection (target: under 5 s each).

    python bench/linearity.py                  # n = 100,000 characters
    python bench/linearity.py --size 50000 --only markdown-headings
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable

from termbase.build import read_source
from termbase.errors import InputError
from termbase.readers import reader_names
from termbase.sources import SourceText


def repeat_to(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit))


#: name → function of a size in characters → text.
PATTERNS: dict[str, Callable[[int], str]] = {
    "term-like lines": lambda n: repeat_to("Attention Head\nKey Value Cache\n", n),
    "runs of <": lambda n: repeat_to("<", n),
    "lines of <": lambda n: repeat_to("<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n", n),
    "runs of [": lambda n: repeat_to("[", n),
    "heading of [": lambda n: "# " + repeat_to("[", n) + "\n",
    "lines of [": lambda n: repeat_to("- [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n", n),
    "tabs only": lambda n: repeat_to("\t", n),
    "spaces only": lambda n: repeat_to(" ", n),
    "blank-ish lines": lambda n: repeat_to(" \t \n", n),
    "one long line of words": lambda n: repeat_to("word ", n),
    "long term then definition": lambda n: repeat_to("x", n) + "\nA definition of it.\n",
    "unclosed bold": lambda n: repeat_to("**a ", n),
    "unclosed backticks": lambda n: repeat_to("`a ", n),
    "unclosed tags": lambda n: repeat_to("<dl><dt>a", n),
    "colons": lambda n: repeat_to("a::", n),
    "commas": lambda n: repeat_to(",", n),
    "pipes": lambda n: repeat_to("|", n),
    "dashes": lambda n: repeat_to("-", n),
    "bullets": lambda n: repeat_to("- term\n", n),
    "parentheses": lambda n: repeat_to("(", n),
    "quotes": lambda n: repeat_to('"', n),
    "deflist colons": lambda n: repeat_to("term\n: ", n),
}


def best_time(
    text: str, reader: str | None, repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Return the best of `repeat` reads of `text`, timed by `clock` (wall time by default;
    the tests pass `time.process_time`, which other work on a shared machine moves far less)."""
    best = float("inf")
    for _ in range(repeat):
        started = clock()
        with contextlib.suppress(InputError):
            read_source(SourceText("bench.txt", text), reader)
        best = min(best, clock() - started)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000, help="n, in characters")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="one reader name (or 'detect')")
    parser.add_argument("--limit", type=float, default=2.5, help="ratio above which a case fails")
    args = parser.parse_args()
    readers: list[str | None] = [None, *reader_names()]
    if args.only:
        readers = [None if args.only == "detect" else args.only]
    worst: list[tuple[float, str, str, float, float]] = []
    for reader in readers:
        shown = reader or "detect+read"
        for pattern, make in PATTERNS.items():
            small, large = make(args.size), make(2 * args.size)
            t1 = best_time(small, reader, args.repeat)
            t2 = best_time(large, reader, args.repeat)
            ratio = t2 / t1 if t1 > 0.002 else 1.0  # below 2 ms the ratio is noise
            worst.append((ratio, shown, pattern, t1, t2))
    worst.sort(reverse=True)
    print(f"{'ratio':>6}  {'reader':<22} {'pattern':<26} {'t(n) s':>8} {'t(2n) s':>8}")
    for ratio, shown, pattern, t1, t2 in worst[:25]:
        print(f"{ratio:6.2f}  {shown:<22} {pattern:<26} {t1:8.3f} {t2:8.3f}")
    failing = [w for w in worst if w[0] > args.limit]
    print(f"{len(worst)} cases, n = {args.size:,} characters; {len(failing)} over {args.limit}x")
    started = time.perf_counter()
    best_time("term " * 2_000_000, None, 1)  # a 10 MB single-line file, shape detected
    one_line = time.perf_counter() - started
    print(f"10 MB single-line file: {one_line:.2f} s (target < 5 s)")
    records = json.dumps(
        [
            {
                "term": f"term {i}",
                "definition": f"What term {i} means, said in one plain sentence of a dozen words or so.",
            }
            for i in range(110_000)
        ]
    )
    started, cpu = time.perf_counter(), time.process_time()
    best_time(records, None, 1)  # a one-line JSON array of 110k records, shape detected
    one_line_json, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"{len(records) / 1e6:.0f} MB one-line JSON of 110,000 records: {one_line_json:.2f} s "
        f"(CPU {cpu:.2f} s; target < 5 s; load average {os.getloadavg()[0]:.1f})"
    )
    return 1 if failing or one_line > 5 or one_line_json > 5 else 0


if __name__ == "__main__":
    sys.exit(main())
