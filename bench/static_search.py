"""Measure the static site's search: index size and time per keystroke on 10,000 concepts.

    python bench/static_search.py [--concepts 10000] [--queries 200]

Builds a termbase of generated distinct concepts (bench/generate.py), writes its static
site, and runs the site's own search code (static/search.js, its index functions taken out
of the page script) in Node.js on the site's `search-index.js`, as a browser would after
each keystroke: every prefix of each query, typos (a transposition) included. Reports the
index size (bytes, and gzip), the one-off cost of preparing the index, and per keystroke
the median and 99th percentile time. Node's V8 is the engine Chromium runs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate_unique  # noqa: E402
from termbase.build import build_termbase  # noqa: E402
from termbase.store import Termbase  # noqa: E402
from termbase.web.render import STATIC_DIR  # noqa: E402
from termbase.web.site import write_site  # noqa: E402

RUNNER = r"""
const fs = require("fs");
const window = {};
eval(fs.readFileSync(process.argv[1], "utf8"));          // window.TERMBASE_INDEX = {...}
const source = fs.readFileSync(process.argv[2], "utf8");
const start = source.indexOf("  function fold(");
const end = source.indexOf("  function withIndex(");
const localSearch = new Function("window", source.slice(start, end) + "\nreturn localSearch;")(window);
const queries = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
let t = process.hrtime.bigint();
localSearch("warm up", 8);
const prepareMs = Number(process.hrtime.bigint() - t) / 1e6;
const times = [];
let found = 0;
for (const q of queries) {
  for (let n = 1; n <= q.length; n++) {
    t = process.hrtime.bigint();
    const hits = localSearch(q.slice(0, n), 8);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (n === q.length && hits.length) found++;
  }
}
times.sort((a, b) => a - b);
const at = p => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(JSON.stringify({prepare_ms: prepareMs, keystrokes: times.length, median_ms: at(0.5),
  p99_ms: at(0.99), max_ms: times[times.length - 1], queries_with_hits: found}));
"""


def typo(word: str) -> str:
    """Return the word with two middle letters swapped (a transposition)."""
    if len(word) < 5:
        return word
    middle = len(word) // 2
    return word[: middle - 1] + word[middle] + word[middle - 1] + word[middle + 1 :]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--concepts", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        sys.exit("static_search: Node.js (`node`) is needed to run the site's search code")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        source = generate_unique(args.concepts, tmp / "generated")
        db = tmp / "bench.db"
        build_termbase([str(source)], db)
        termbase = Termbase.open(db)
        write_site(termbase, tmp / "site")
        labels = [label for _, label, _ in termbase.all_labels()][:: max(1, args.concepts // args.queries)]
        queries = [typo(label) if n % 2 else label for n, label in enumerate(labels[: args.queries])]
        (tmp / "queries.json").write_text(json.dumps(queries), encoding="utf-8")
        index = (tmp / "site" / "search-index.js").read_bytes()
        done = subprocess.run(
            [node, "-e", RUNNER, str(tmp / "site" / "search-index.js"), str(STATIC_DIR / "search.js"),
             str(tmp / "queries.json")],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        figures = json.loads(done.stdout)
    print(f"concepts: {args.concepts}")
    print(f"index: {len(index) / 1e6:.2f} MB ({len(gzip.compress(index)) / 1e6:.2f} MB gzip)")
    print(f"preparing the index once: {figures['prepare_ms']:.0f} ms")
    print(
        f"per keystroke over {figures['keystrokes']} keystrokes of {len(queries)} queries (half with a "
        f"transposition): median {figures['median_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, "
        f"max {figures['max_ms']:.1f} ms; {figures['queries_with_hits']} whole queries found something"
    )


if __name__ == "__main__":
    main()
