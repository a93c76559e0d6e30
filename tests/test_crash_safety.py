"""Crash safety with real processes (issue 20 part 6): `kill -9` of `build` and `site` at
random moments leaves the previous termbase and site whole; temporary files of killed
builds are removed by the next one; a full disk is one line; a rebuild keeps the file's
permissions; two builds at once end with one complete file; `termbase serve` keeps
answering while its file is rebuilt and then serves the new one.

The longer run (more kills) is `python bench/crash_safety.py`. Only the processes a test
kills, races or serves from run as `termbase` commands; reference termbases are built in
this process (the same code, without a Python start-up each).
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

#: Kills per test here (CI time); `bench/crash_safety.py` runs 20+ of each and reports.
KILLS = 5


def glossary(path: Path, words: int, prefix: str) -> Path:
    """Write a CSV glossary of `words` made-up terms (prefix-number) and return its path."""
    rows = "".join(f"{prefix}{i},A made-up word number {i} of the {prefix} list.\n" for i in range(words))
    path.write_text("term,definition\n" + rows, encoding="utf-8")
    return path


def termbase_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "termbase", *args]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(termbase_command(*args), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def concept_count(db: Path) -> int:
    with Termbase.open(db) as termbase:
        return termbase.stats()["concepts"]


def kill_at_random(command: list[str], moments: random.Random, longest: float) -> bool:
    """Start `command`, kill -9 it at a random moment; return True if it had already ended."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(moments.uniform(0.05, longest))
    ended = process.poll() is not None
    if not ended:
        process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    return ended


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("crash")
    return glossary(folder / "old.csv", 40, "oldword"), glossary(folder / "new.csv", 600, "newword")


def timed(*args: str) -> float:
    started = time.perf_counter()
    run(*args)
    return time.perf_counter() - started


def test_kill_9_of_build_leaves_the_old_termbase_or_the_whole_new_one(sources, tmp_path: Path):
    old_source, new_source = sources
    db, pristine = tmp_path / "glossary.db", tmp_path / "pristine.db"
    reference = tmp_path / "new.db"
    build_termbase([str(new_source)], reference)
    new_concepts = concept_count(reference)
    longest = timed("build", str(old_source), "--db", str(db)) + 0.6  # the new build is longer
    shutil.copy2(db, pristine)
    old = digest(db)
    moments = random.Random(20)
    outcomes = {"old": 0, "new": 0}
    for _ in range(KILLS):
        if digest(db) != old:  # the last kill came too late: put the old termbase back
            shutil.copy2(pristine, db)
        kill_at_random(termbase_command("build", str(new_source), "--db", str(db)), moments, longest)
        if digest(db) == old:
            outcomes["old"] += 1
        else:
            assert concept_count(db) == new_concepts  # a whole new termbase, never a mix
            outcomes["new"] += 1
        concept_count(db)  # opens and reads either way
    run("build", str(old_source), "--db", str(db))
    assert list(tmp_path.glob(".glossary.db.*.tmp")) == []  # killed builds' files removed


def test_kill_9_of_site_leaves_every_page_whole(sources, tmp_path: Path):
    old_source, new_source = sources
    old_db, new_db, out = tmp_path / "old.db", tmp_path / "new.db", tmp_path / "site"
    build_termbase([str(old_source)], old_db)
    build_termbase([str(new_source)], new_db)
    longest = timed("site", "--db", str(new_db), "--out", str(tmp_path / "probe"), "--workers", "1")
    run("site", "--db", str(old_db), "--out", str(out), "--workers", "1")
    moments = random.Random(21)
    for _ in range(KILLS):
        command = termbase_command("site", "--db", str(new_db), "--out", str(out), "--workers", "1")
        kill_at_random(command, moments, longest)
        for page in out.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            assert text.rstrip().endswith("</html>"), f"{page} was left half written"
        assert (out / "index.html").is_file() and (out / "static" / "style.css").stat().st_size > 0
    run("site", "--db", str(new_db), "--out", str(out), "--workers", "1")
    assert list(out.rglob("*.termbase-tmp")) == []
    assert len(list((out / "c").glob("*.html"))) == concept_count(new_db)


def test_two_builds_to_one_db_at_once_end_with_one_whole_file(sources, tmp_path: Path):
    old_source, new_source = sources
    db = tmp_path / "shared.db"
    counts = set()
    for source in (old_source, new_source):
        build_termbase([str(source)], tmp_path / f"{source.stem}.db")
        counts.add(concept_count(tmp_path / f"{source.stem}.db"))
    for _ in range(2):
        processes = [
            subprocess.Popen(termbase_command("build", str(s), "--db", str(db)), stdout=subprocess.DEVNULL)
            for s in (old_source, new_source)
        ]
        assert [p.wait(timeout=120) for p in processes] == [0, 0]
        assert concept_count(db) in counts
        assert list(tmp_path.glob(".shared.db.*.tmp")) == []


def test_rebuild_keeps_the_files_permissions_and_a_new_file_gets_the_usual_ones(sources, tmp_path: Path):
    db = tmp_path / "perm.db"
    build_termbase([str(sources[0])], db)
    mask = os.umask(0)
    os.umask(mask)
    assert db.stat().st_mode & 0o777 == 0o666 & ~mask  # not mkstemp's 0600
    for mode in (0o644, 0o640):
        db.chmod(mode)
        build_termbase([str(sources[0])], db)
        assert db.stat().st_mode & 0o777 == mode


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 1 MiB tmpfs (needs the right to mount; skipped without it)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1M", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_full_disk_is_one_line_and_keeps_the_old_file(sources, small_disk: Path):
    db = small_disk / "glossary.db"
    build_termbase([str(sources[0])], db)
    old = digest(db)
    free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
    (small_disk / "filler").write_bytes(b"\0" * max(0, free - 16 * 1024))  # leave 16 KiB
    command = termbase_command("build", str(sources[1]), "--db", str(db))
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "disk is full" in done.stderr
    assert digest(db) == old and list(small_disk.glob(".*.tmp")) == []


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get_json_concepts(base: str) -> int:
    import json

    with urllib.request.urlopen(base + "/api/stats", timeout=10) as response:
        assert response.status == 200
        return json.loads(response.read())["counts"]["concepts"]


def test_serve_keeps_answering_during_a_rebuild_and_then_serves_the_new_file(sources, tmp_path: Path):
    old_source, new_source = sources
    db = tmp_path / "served.db"
    build_termbase([str(old_source)], db)
    old_count = concept_count(db)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        termbase_command("serve", "--db", str(db), "--port", str(port)),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                assert get_json_concepts(base) == old_count
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "serve did not start"
                time.sleep(0.1)
        failures: list[str] = []
        answered = [0]
        stop = threading.Event()

        def hammer() -> None:
            while not stop.is_set():
                try:
                    get_json_concepts(base)
                    answered[0] += 1
                except Exception as error:
                    failures.append(repr(error))

        client = threading.Thread(target=hammer)
        client.start()
        build_termbase([str(new_source)], db)  # replaces the file under the serving process
        new_count = concept_count(db)
        deadline = time.monotonic() + 20
        while get_json_concepts(base) != new_count:
            assert time.monotonic() < deadline, "serve never switched to the rebuilt file"
            time.sleep(0.1)
        stop.set()
        client.join(10)
        assert failures == [] and answered[0] > 0
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
