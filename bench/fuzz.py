"""The long fuzzing run (issue 20 part 4): mutate fixtures and seeds for `--seconds`,
read each mutant in a watched worker process, and report inputs tried, crashes (errors
other than InputError, or non-blank lines lost), hangs (no answer in `--hang` seconds)
and a minimal reproducer of each distinct failure, written to `--out`.

    python bench/fuzz.py --seconds 600 --out /tmp/fuzz-found

A reproducer worth keeping goes into tests/fixtures/fuzz_regressions/ (in our own
words), where tests/test_fuzz.py reads it on every run.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import corpus, mutate, violation


def worker(connection: Connection) -> None:
    """Answer each (name, text) with its violation ("" if none), until told to stop."""
    while True:
        job = connection.recv()
        if job is None:
            return
        connection.send(violation(*job))


class Watched:
    """A worker process that is replaced when it does not answer in time."""

    def __init__(self, hang: float) -> None:
        self.hang = hang
        self.start()

    def start(self) -> None:
        self.connection, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=worker, args=(theirs,), daemon=True)
        self.process.start()

    def check(self, name: str, text: str) -> str | None:
        """Return the violation, or None if the worker hung (it is then replaced)."""
        self.connection.send((name, text))
        if self.connection.poll(self.hang):
            return self.connection.recv()
        self.process.kill()
        self.process.join()
        self.start()
        return None

    def stop(self) -> None:
        self.connection.send(None)
        self.process.join(5)


def kind(failure: str) -> str:
    """Return what tells two failures apart: the exception type, or which reader lost lines."""
    return failure.split(":")[0]


def shrink(name: str, text: str, failure: str, watched: Watched) -> str:
    """Return a smaller text that fails the same way: drop lines, then halves of lines."""
    lines = text.split("\n")
    changed = True
    while changed and len(lines) > 1:
        changed = False
        for index in range(len(lines)):
            trial = lines[:index] + lines[index + 1 :]
            result = watched.check(name, "\n".join(trial))
            if result is not None and result and kind(result) == kind(failure):
                lines, changed = trial, True
                break
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--hang", type=float, default=10, help="seconds without an answer that make a hang")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("fuzz-found"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = corpus()
    watched = Watched(args.hang)
    tried, failures, hangs = 0, Counter(), 0
    first: dict[str, tuple[str, str, str]] = {}
    started = time.monotonic()
    while time.monotonic() - started < args.seconds:
        name, text = rng.choice(texts)
        mutant = mutate(text, rng, rng.randrange(1, 7))
        result = watched.check(name, mutant)
        tried += 1
        if result is None:
            hangs += 1
            first.setdefault(f"hang in {name}", (name, mutant, "hang"))
        elif result:
            failures[kind(result)] += 1
            first.setdefault(kind(result), (name, mutant, result))
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"inputs tried: {tried:,} in {args.seconds:.0f} s from {len(texts)} starting files")
    print(f"crashes: {sum(failures.values())} ({len(failures)} distinct); hangs: {hangs}")
    for number, (label, (name, mutant, failure)) in enumerate(sorted(first.items())):
        small = mutant if failure == "hang" else shrink(name, mutant, failure, watched)
        path = args.out / f"{number:02d}-{name}"
        path.write_text(small, encoding="utf-8", errors="surrogatepass")
        print(f"  {label}: {failure[:160]}  → {path} ({len(small.splitlines())} lines)")
    watched.stop()
    return 1 if first else 0


if __name__ == "__main__":
    sys.exit(main())
