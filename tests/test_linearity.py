"""Readers stay linear on pathological inputs (issue 20 part 3), quickly: doubling the
input may at most about double the time. Small sizes here (ratios of the best of five
runs, in CPU time so that other work on the machine does not count);
`python bench/linearity.py` runs every reader on every pattern at larger sizes.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from linearity import PATTERNS, best_time

#: (reader or None for detection, pattern): cases that were quadratic once.
CASES = [
    (None, "tabs only"),
    (None, "spaces only"),
    ("markdown-table", "tabs only"),
    ("alternating", "term-like lines"),
    ("asciidoc", "runs of <"),
    ("asciidoc", "lines of <"),
    ("markdown-headings", "lines of ["),
    ("markdown-deflist", "lines of ["),
    (None, "one long line of words"),
    (None, "long term then definition"),
    (None, "blank-ish lines"),
    ("blank-blocks", "blank-ish lines"),
    ("gettext-po", "blank-ish lines"),
    ("docbook", "colons"),
    ("docbook", "dashes"),
    ("html", "runs of <"),
]
SIZE = 12_000
#: Allowed growth when the input doubles: 2.5 is the target, the rest is timer noise.
LIMIT = 3.0


@pytest.mark.parametrize(("reader", "pattern"), CASES, ids=[f"{r or 'detect'}-{p}" for r, p in CASES])
def test_doubling_the_input_at_most_doubles_the_time(reader: str | None, pattern: str):
    make = PATTERNS[pattern]
    small = best_time(make(SIZE), reader, 5, time.process_time)
    large = best_time(make(2 * SIZE), reader, 5, time.process_time)
    assert large <= LIMIT * max(small, 0.01), f"{small:.4f} s → {large:.4f} s"  # below 10 ms: noise


#: Definitions the Markdown and Sphinx exports check line by line for page structure.
DEFINITIONS = {
    "dashes then a word": lambda n: "-" * n + "x",
    "quote marks": lambda n: "> " * (n // 2) + "x",
    "blank lines then spaces": lambda n: "a" + "\n" * (n // 2) + " " * (n // 2) + "b",
}


@pytest.mark.parametrize("writer", ["markdown", "sphinx"])
@pytest.mark.parametrize("shape", DEFINITIONS)
def test_exports_check_a_hostile_definition_in_linear_time(writer: str, shape: str):
    import time

    from termbase.exports import markdown, sphinx

    shown = (markdown if writer == "markdown" else sphinx).shown_definition
    make = DEFINITIONS[shape]

    def best(n: int) -> float:
        times = []
        for _ in range(5):
            started = time.perf_counter()
            shown(make(n))
            times.append(time.perf_counter() - started)
        return min(times)

    # sizes where the smaller run already takes ~10-30 ms: at 4x/8x SIZE the larger run sat at
    # 25-28 ms against a 30 ms bound (the 10 ms noise floor, tripled) and failed under load
    small, large = best(8 * SIZE), best(16 * SIZE)
    assert large <= LIMIT * max(small, 0.01), f"{small:.4f} s → {large:.4f} s"  # below 10 ms: noise
