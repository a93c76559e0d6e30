"""kill -9 of `termbase build` and `termbase site` at random moments, many times (issue 20 part 6).

Each kill is checked at once: the termbase is the old file byte for byte or the whole
new one (never a mix, always readable); every page of the site is whole (old or new).
After the kills one more run must leave no temporary file behind. Prints one line per
kind with how many kills landed before, during and after the write, and exits 1 on any
failure. The quick version (5 kills each) is tests/test_crash_safety.py.

    python bench/crash_safety.py --kills 25
"""

from __future__ import annotations

import argparse
import hashlib
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from termbase.store import Termbase


def termbase(*args: str) -> list[str]:
    return [sys.executable, "-m", "termbase", *args]


def run(*args: str) -> float:
    started = time.perf_counter()
    subprocess.run(termbase(*args), check=True, capture_output=True, timeout=600)
    return time.perf_counter() - started


def glossary(path: Path, words: int, prefix: str) -> Path:
    rows = "".join(f"{prefix}{i},A made-up word number {i} of the {prefix} list.\n" for i in range(words))
    path.write_text("term,definition\n" + rows, encoding="utf-8")
    return path


def concepts(db: Path) -> int:
    with Termbase.open(db) as opened:
        return opened.stats()["concepts"]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kill(command: list[str], delay: float) -> bool:
    """Run `command`, kill -9 it after `delay` seconds; return True if it had ended by then."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    ended = process.poll() is not None
    if not ended:
        process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    return ended


def build_kills(folder: Path, kills: int, moments: random.Random) -> list[str]:
    old_source = glossary(folder / "old.csv", 50, "old")
    new_source = glossary(folder / "new.csv", 3000, "new")
    db, reference = folder / "kill.db", folder / "reference.db"
    longest = run("build", str(new_source), "--db", str(reference)) * 1.2
    expected = concepts(reference)
    failures: list[str] = []
    outcome = {"old kept": 0, "new whole": 0, "finished": 0}
    for number in range(kills):
        run("build", str(old_source), "--db", str(db))
        old = digest(db)
        if kill(termbase("build", str(new_source), "--db", str(db)), moments.uniform(0.05, longest)):
            outcome["finished"] += 1
        try:
            if digest(db) == old:
                outcome["old kept"] += 1
                concepts(db)
            elif concepts(db) == expected:
                outcome["new whole"] += 1
            else:
                failures.append(f"build kill {number}: a termbase that is neither old nor whole new")
        except Exception as error:  # an unreadable file is the failure we look for
            failures.append(f"build kill {number}: {error!r}")
    run("build", str(old_source), "--db", str(db))
    left = list(folder.glob(".kill.db.*.tmp"))
    if left:
        failures.append(f"temporary files left after the next build: {left}")
    print(f"build: {kills} kills in 0–{longest:.1f} s: {outcome}; temporary files left: {len(left)}")
    return failures


def site_kills(folder: Path, kills: int, moments: random.Random) -> list[str]:
    old_db, new_db, out = folder / "site-old.db", folder / "reference.db", folder / "site"
    run("build", str(folder / "old.csv"), "--db", str(old_db))
    longest = run("site", "--db", str(new_db), "--out", str(folder / "probe"), "--workers", "1") * 1.2
    run("site", "--db", str(old_db), "--out", str(out), "--workers", "1")
    failures: list[str] = []
    pages_checked = 0
    for number in range(kills):
        command = termbase("site", "--db", str(new_db), "--out", str(out), "--workers", "1")
        kill(command, moments.uniform(0.05, longest))
        for page in out.rglob("*.html"):
            pages_checked += 1
            if not page.read_text(encoding="utf-8").rstrip().endswith("</html>"):
                failures.append(f"site kill {number}: {page.name} half written")
    run("site", "--db", str(new_db), "--out", str(out), "--workers", "1")
    left = list(out.rglob("*.termbase-tmp"))
    if left:
        failures.append(f"temporary pages left after the next site build: {len(left)}")
    print(f"site: {kills} kills in 0–{longest:.1f} s: {pages_checked} pages checked whole; "
          f"temporary files left: {len(left)}")  # fmt: skip
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=25, help="kills of each command")
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    moments = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        failures = build_kills(folder, args.kills, moments) + site_kills(folder, args.kills, moments)
    for failure in failures:
        print("FAILED:", failure)
    print("held" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
