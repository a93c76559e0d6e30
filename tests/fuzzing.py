"""What the fuzzing harness shares (tests/test_fuzz.py, bench/fuzz.py): the inputs it
starts from, the mutations it applies, and the property every read must have.

Property: reading any text with any reader — detection too — either raises the project's
own InputError or returns entries and unused records that account for every non-blank
line of the text. Anything else (another exception, a line lost) is a bug. (Entries that
share lines are allowed: several entries may start on one line.)
"""

from __future__ import annotations

import random
from pathlib import Path

from termbase.build import read_source
from termbase.errors import InputError
from termbase.readers.base import entry_spans, numbered_lines
from termbase.sources import SourceText, decode

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
SEEDS = HERE.parent.parent / "shared" / "seeds"
REGRESSIONS = FIXTURES / "fuzz_regressions"

#: Characters mutations insert: delimiters and markup of every shape, controls, line breaks
#: Python's splitlines also breaks on, bidi overrides, an astral character.
SPICE = [*'<>[](){}"\'`*_:|,;-#=~&\\/\t\n\r \x00\x0b\x0c\x1c\x85\u2028\u202e\ufeff😀é',
    "<!--", "-->", "<![CDATA[", "]]>", "---\n", "```", "::", ".. glossary::", "&amp;", "&#0;", "\\u0000",
    "<dl>", "</dd>", "<gi>", "**", "- ", "# ", ": ", "term::", "@prefix", '{"term":', "[[", "]]",
]  # fmt: skip


def corpus() -> list[tuple[str, str]]:
    """Return (name, text) of every fixture file termbase reads, plus the seeds if present."""
    texts = []
    paths = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and REGRESSIONS not in p.parents)
    paths += sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []
    for path in paths:
        try:
            texts.append((path.name, decode(path.read_bytes(), path.name)))
        except InputError:
            continue
    return texts


def mutate(text: str, rng: random.Random, steps: int = 3) -> str:
    """Return `text` changed by a few random edits (insert, delete, duplicate, swap, cut)."""
    for _ in range(steps):
        if not text:
            text = rng.choice(SPICE)
            continue
        where = rng.randrange(len(text) + 1)
        kind = rng.randrange(7)
        if kind == 0:
            text = text[:where] + rng.choice(SPICE) * rng.choice((1, 1, 2, 50)) + text[where:]
        elif kind == 1:
            text = text[:where] + text[where + rng.randrange(1, 200) :]
        elif kind == 2:
            piece = text[where : where + rng.randrange(1, 400)]
            text = text[:where] + piece * rng.choice((2, 3, 20)) + text[where:]
        elif kind == 3:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == 4:
            text = text[:where]
        elif kind == 5:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        else:
            text = text[:where] + chr(rng.randrange(1, 0x3000)) + text[where:]
    return text


def violation(name: str, text: str, reader: str | None = None) -> str:
    """Return "" if reading `text` holds the property, else what went wrong (one line)."""
    try:
        read = read_source(SourceText(name, text), reader)
    except InputError:
        return ""
    except Exception as error:  # the bug class this harness hunts
        return f"{type(error).__name__}: {str(error)[:200]}"
    covered = {u.line for u in read.result.unused}
    for first, last in entry_spans(read.result):
        covered.update(range(first, last + 1))
    lost = [n for n, line in numbered_lines(text) if line.strip() and n not in covered]
    if lost:
        return f"lines neither in an entry nor reported by {read.source.reader}: {lost[:5]}"
    return ""
