"""How fast termbase refuses files written to hurt it (issue 20 parts 0b–2, 5).

Each attack file is generated (the same shapes tests/test_hostile_input.py uses), built
with `termbase build` in a fresh process under a time limit, and reported: seconds,
exit status, peak memory and the one line termbase printed. Target: each refused in
well under a second of its own work, with one line naming the limit's flag.

    python bench/hostile.py
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_hostile_input import XML_SHAPES, laughs_dtd, rdf_file, yaml_bomb


def attacks() -> dict[str, str]:
    """Return file name → text of every attack."""
    files = {f"laughs-{name}": make("&e10;", laughs_dtd(root)) for name, (make, root) in XML_SHAPES.items()}
    files["big-attribute.rdf"] = rdf_file("d", extra=f' note="{"x" * 11_000_000}"')
    files["alias-bomb.yaml"] = yaml_bomb()
    files["alias-bomb-front-matter.md"] = "---\n" + yaml_bomb() + "---\nBody.\n"
    files["deep-arrays.json"] = "[" * 100_000 + "]" * 100_000
    files["deep-objects.json"] = '{"a":' * 100_000 + "1" + "}" * 100_000
    files["deep-flow.yaml"] = "[" * 100_000 + "]" * 100_000
    files["long-word.csv"] = "term,definition\nkiln," + "ha" * 1_000_000 + "\nglaze,A coat.\n"
    records = [{"term": f"t{i}", "definition": "d"} for i in range(3)]
    files["control-characters.json"] = json.dumps(records).replace('"d"', '"a \\u001b[2J b"')
    return files


def main() -> int:
    rows = []
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for name, text in attacks().items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            started = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            done = subprocess.run(
                [sys.executable, "-m", "termbase", "build", str(path), "--db", str(folder / "out.db")],
                capture_output=True, text=True, timeout=300,
            )  # fmt: skip
            seconds = time.perf_counter() - started
            peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) // 1024
            line = next((ln for ln in done.stderr.splitlines() if ln.startswith("skipped")), "built")
            rows.append((name, seconds, done.returncode, peak, line.replace(str(folder) + "/", "")))
    print(f"{'attack':<30} {'s':>6} {'exit':>4} {'MB':>5}  what termbase said")
    for name, seconds, code, peak, line in rows:
        print(f"{name:<30} {seconds:6.2f} {code:>4} {peak:>5}  {line[:150]}")
    print("(seconds include starting Python and importing termbase, about 0.3–0.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
