"""The main job runs with only the packages pyproject.toml declares (and what they require).

A fresh `pip install -e .` gets the runtime dependencies and nothing else, while the test
environment also holds the test extras (mkdocs, sphinx, playwright…) and everything they
pull in. A module that only an extra brings in (simplemma's trie dictionary needs
`platformdirs`, which mkdocs happened to install) then works in the tests and fails a
user's first `termbase serve` with a traceback. Here the commands of the README's first
steps run in a process that cannot import any installed distribution outside the closure
of the declared runtime requirements, as in a fresh venv.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import REPO

GLOSSARY = """\
- **Sprocket**: a toothed wheel that meshes with a chain to pass motion along.
- **Flywheel**: a heavy wheel that stores spin and smooths out uneven turning.
- **Ratchet**: a catch that lets a wheel turn one way and stops it going back.
"""

# Runs in the child: refuse any top-level module whose distributions are all outside the
# allowed set, then hand over to the CLI with the remaining arguments.
BLOCKER = """
import importlib.abc, json, sys
BLOCKED = set(json.loads(sys.argv.pop(1)))
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (not a declared dependency)", name=name)
        return None
sys.meta_path.insert(0, Refuse())
from termbase.cli import app
sys.argv[0] = "termbase"
app()
"""


def _runtime_closure() -> set[str]:
    """Canonical names of the declared runtime requirements and everything they require."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    environment = {**default_environment(), "extra": ""}
    todo = [Requirement(text) for text in declared["dependencies"]]
    seen: set[str] = set()
    while todo:
        requirement = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        if name in seen:
            continue
        seen.add(name)
        try:
            todo.extend(Requirement(text) for text in metadata.requires(requirement.name) or [])
        except metadata.PackageNotFoundError:
            continue
    return seen


def _blocked_modules() -> list[str]:
    allowed = _runtime_closure() | {"termbase"}
    blocked = []
    for module, dists in metadata.packages_distributions().items():
        if module in sys.stdlib_module_names:
            continue
        if not any(canonicalize_name(dist) in allowed for dist in dists):
            blocked.append(module)
    return sorted(blocked)


def _command(blocked: list[str], *args: str) -> list[str]:
    return [sys.executable, "-c", BLOCKER, json.dumps(blocked), *args]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO / "src"), "COLUMNS": "100"}


def test_the_test_environment_holds_packages_the_runtime_does_not_declare() -> None:
    """The guard below is only worth something when it blocks what the extras brought in."""
    blocked = _blocked_modules()
    assert "mkdocs" in blocked and "pytest" in blocked
    assert "fastapi" not in blocked and "simplemma" not in blocked


def test_first_commands_run_with_only_the_declared_dependencies(tmp_path: Path) -> None:
    blocked = _blocked_modules()
    source = tmp_path / "parts.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    db = tmp_path / "parts.db"
    steps = [
        ("build", str(source), "--db", str(db)),
        ("define", "sprocket", "--db", str(db)),
        ("search", "flywhel", "--db", str(db)),
        ("build", str(source), "--db", str(tmp_path / "semantic.db"), "--semantic"),
        ("search", "what stops a wheel turning back", "--db", str(tmp_path / "semantic.db")),
        ("list", "--db", str(db)),
        ("export", "--db", str(db), "--format", "skos"),
        ("export", "--db", str(db), "--format", "tbx"),
        ("site", "--db", str(db), "--out", str(tmp_path / "public")),
        ("glossify", str(source), "--db", str(db), "--out", str(tmp_path / "linked"),
         "--link-to", "https://example.org/g/"),
    ]
    for step in steps:
        done = subprocess.run(_command(blocked, *step), capture_output=True, text=True, env=_env(),
                              timeout=120, cwd=tmp_path)
        assert done.returncode == 0, (step, done.stderr[-2000:])
        assert "Traceback" not in done.stderr, (step, done.stderr[-2000:])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_answers_with_only_the_declared_dependencies(tmp_path: Path) -> None:
    source = tmp_path / "parts.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    db = tmp_path / "parts.db"
    build = subprocess.run(_command(_blocked_modules(), "build", str(source), "--db", str(db)),
                           capture_output=True, text=True, env=_env(), timeout=120)
    assert build.returncode == 0, build.stderr
    port = _free_port()
    server = subprocess.Popen(_command(_blocked_modules(), "serve", "--db", str(db), "--port", str(port)),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_env())
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/search?q=sprocket") as reply:
                    hits = json.load(reply)["hits"]
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    server.kill()
                    raise AssertionError(server.stdout.read()[-3000:]) from None
                time.sleep(0.2)
        assert hits and hits[0]["label"] == "Sprocket"
        for page in ("/", "/docs"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}") as reply:
                assert reply.status == 200
    finally:
        server.terminate()
        server.wait(timeout=20)
