"""Find definitions that repeat a run of words from reference texts (other people's writing).

A glossary may reuse facts but not sentences. `copied_runs` reports each definition that
shares `window` consecutive words with any file under the reference folders. Words are
compared lower-cased, punctuation ignored. A run made mostly (half or more of its words) of
names the glossary itself gives concepts (multi-word labels such as "decoupled clip and
dynamic sampling policy optimization") is not counted: names are shared vocabulary, not
copied prose; so is a run made mostly of inline code or math (`...`, $...$), which is
notation every text writes alike.

Only the definitions' runs are held in memory; the reference files are streamed past them,
so folders of many megabytes are cheap to check.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from termbase.errors import InputError
from termbase.model import Entry

#: Shared runs of this many words or more are reported by default.
DEFAULT_WINDOW = 7
#: The smallest window accepted: shorter runs are common phrases, not copying.
MIN_WINDOW = 5
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_NOTATION = re.compile(r"`[^`]*`|\$[^$]+\$")
_SKIPPED_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".pdf", ".zip", ".gz"})

Run = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CopiedRun:
    """One definition that repeats `words` of the reference file `reference`."""

    entry: Entry
    words: Run
    reference: str


def words_of(text: str) -> list[str]:
    """Return the words of `text`, lower-cased, with curly apostrophes made straight."""
    return [word.lower().replace("’", "'") for word in _WORD.findall(text)]


def _name_spans(words: Sequence[str], names: dict[str, list[Run]]) -> list[bool]:
    """Return, per word, whether it lies inside an occurrence of one of `names`."""
    masked = [False] * len(words)
    for start, word in enumerate(words):
        for name in names.get(word, ()):
            if tuple(words[start : start + len(name)]) == name:
                for i in range(start, start + len(name)):
                    masked[i] = True
    return masked


def _prose_and_notation(text: str) -> tuple[list[str], list[bool]]:
    """Return the words of `text` and, per word, whether it sits in inline code or math."""
    words: list[str] = []
    notation: list[bool] = []
    position = 0
    for match in _NOTATION.finditer(text):
        prose = words_of(text[position : match.start()])
        formula = words_of(match.group(0))
        words += prose + formula
        notation += [False] * len(prose) + [True] * len(formula)
        position = match.end()
    rest = words_of(text[position:])
    return words + rest, notation + [False] * len(rest)


def definition_runs(entries: Sequence[Entry], window: int) -> dict[Run, list[Entry]]:
    """Return every `window`-word run of the entries' definitions that is not mostly names."""
    names: dict[str, list[Run]] = defaultdict(list)
    for entry in entries:
        for label in entry.labels:
            name = tuple(words_of(label))
            if len(name) >= 2:
                names[name[0]].append(name)
    runs: dict[Run, list[Entry]] = defaultdict(list)
    for entry in entries:
        words, notation = _prose_and_notation(entry.definition)
        masked = [a or b for a, b in zip(_name_spans(words, names), notation, strict=True)]
        for start in range(len(words) - window + 1):
            if 2 * sum(masked[start : start + window]) < window:
                run = tuple(words[start : start + window])
                if entry not in runs[run]:
                    runs[run].append(entry)
    return runs


def reference_files(folders: Iterable[Path]) -> list[Path]:
    """Return the text files under `folders`; raise InputError for a folder that is not there."""
    files: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            raise InputError(
                "reference folder not found",
                path=str(folder),
                hint="pass a folder of texts to compare against",
            )
        files.extend(
            path for path in sorted(folder.rglob("*"))
            if path.is_file() and path.suffix.lower() not in _SKIPPED_SUFFIXES
        )  # fmt: skip
    return files


def copied_runs(
    entries: Sequence[Entry], folders: Iterable[Path], window: int = DEFAULT_WINDOW
) -> list[CopiedRun]:
    """Return one finding per (definition, run) that also appears in a file under `folders`."""
    if window < MIN_WINDOW:
        raise InputError(f"window must be at least {MIN_WINDOW} words, not {window}")
    runs = definition_runs(entries, window)
    found: dict[tuple[int, Run], CopiedRun] = {}
    for path in reference_files(folders):
        words = words_of(path.read_text(encoding="utf-8", errors="replace"))
        for start in range(len(words) - window + 1):
            run = tuple(words[start : start + window])
            for entry in runs.get(run, ()):
                found.setdefault((id(entry), run), CopiedRun(entry, run, str(path)))
    return list(found.values())
