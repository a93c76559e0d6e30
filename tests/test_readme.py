"""Every command in the README's "Using it" block runs as written (issue 17, 11).

The block is read from README.md, so a command added there is tested here. Each line runs
in bash from a scratch folder laid out like the repo (its top-level entries linked, and
`../shared` beside it), with `termbase` meaning this checkout's CLI. `termbase serve` runs
until it answers on its port, then is stopped. Any non-zero exit fails the test.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO, SHARED

#: A comment after a command: two or more spaces, then `#`.
_COMMENT = re.compile(r"\s{2,}#.*$")


def using_it_commands() -> list[str]:
    """Return the command lines of the README's "Using it" shell block, comments removed."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Using it", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.splitlines():
        line = _COMMENT.sub("", line).strip()
        if line and not line.startswith("#"):
            commands.append(line)
    return commands


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is missing (../shared beside the repo)")
    root = tmp_path_factory.mktemp("readme")
    work = root / "repo"
    work.mkdir()
    for entry in REPO.iterdir():
        if entry.name not in {".git", "test-artifacts"} and not entry.name.endswith(".db"):
            (work / entry.name).symlink_to(entry)
    (root / "shared").symlink_to(SHARED)
    return work


def bash(command: str, cwd: Path) -> list[str]:
    """Return the argv that runs `command` in bash, `termbase` being this checkout's CLI."""
    prelude = f'set -eo pipefail; termbase() {{ "{sys.executable}" -m termbase "$@"; }}; '
    return ["bash", "-c", prelude + command]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["COLUMNS"] = "100"
    return env


def run_server(command: str, cwd: Path) -> None:
    """Start a `termbase serve` line, wait until its port answers, then stop it."""
    port = re.search(r"--port (\d+)", command)
    base = f"http://127.0.0.1:{port.group(1) if port else 8000}/"
    process = subprocess.Popen(
        bash(command, cwd), cwd=cwd, env=environment(), stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                pytest.fail(f"{command!r} exited {process.returncode}:\n{process.stdout.read()}")
            try:
                with urllib.request.urlopen(base, timeout=2) as response:
                    assert response.status == 200
                    return
            except OSError:
                pass
            assert time.monotonic() < deadline, f"{command!r} did not answer on {base} in 120 s"
            time.sleep(0.2)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def test_the_using_it_block_names_commands() -> None:
    commands = using_it_commands()
    assert len(commands) >= 20
    assert all("termbase" in command for command in commands)


def test_every_using_it_command_runs_as_written(scratch: Path) -> None:
    failures = []
    for command in using_it_commands():
        if re.search(r"\btermbase serve\b", command):
            run_server(command, scratch)
            continue
        started = time.perf_counter()
        done = subprocess.run(
            bash(command, scratch), cwd=scratch, env=environment(), capture_output=True, text=True,
            timeout=600,
        )  # fmt: skip
        print(f"{time.perf_counter() - started:6.1f} s  {command}")
        if done.returncode != 0:
            failures.append(f"{command}\n  exit {done.returncode}: {(done.stderr or done.stdout)[-800:]}")
    assert not failures, "README commands failed:\n" + "\n".join(failures)
