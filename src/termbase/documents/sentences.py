"""Cut a block's text into sentences with pysbd, keeping offsets so spans and lines follow."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from termbase.documents.model import Block, Span


@dataclass(frozen=True, slots=True)
class Sentence:
    """`text` is `block.text[start:end]`; `spans` are re-based onto `text`; `line` its first line."""

    text: str
    start: int
    end: int
    line: int
    spans: tuple[Span, ...]


@lru_cache(maxsize=4)
def _segmenter(language: str) -> Any:
    import pysbd

    try:
        return pysbd.Segmenter(language=language, clean=False)
    except ValueError:  # a language pysbd has no rules for: English rules are the closest
        return pysbd.Segmenter(language="en", clean=False)


def sentence_bounds(text: str, language: str = "en") -> list[tuple[int, int]]:
    """Return (start, end) of each sentence of `text`, whitespace trimmed."""
    return list(_bounds(text, language))


@lru_cache(maxsize=2048)
def _bounds(text: str, language: str) -> tuple[tuple[int, int], ...]:
    """The sentence bounds of a text, kept for the few passes that read the same paragraph again
    (a heading's search of its section, then the sentence-by-sentence pass)."""
    flat = text.replace("\n", " ")
    bounds: list[tuple[int, int]] = []
    start = 0
    while True:  # window by window: pysbd's time grows with the square of its input's length
        window = flat[start : start + WINDOW_CHARS]
        found = _segmented(window, language)
        if start + WINDOW_CHARS >= len(flat):
            bounds.extend((start + a, start + b) for a, b in found)
            break
        if len(found) > 1:  # the window's last sentence may run on past it: segmented again next
            bounds.extend((start + a, start + b) for a, b in found[:-1])
            start += found[-1][0]
        else:  # one sentence longer than a window: cut it there
            bounds.extend((start + a, start + b) for a, b in found)
            start += WINDOW_CHARS
    return tuple(bounds) or ((0, len(text)),)


#: The longest text pysbd is given at once (16,000 characters of prose take it 0.4 s, 250,000 in one
#: paragraph took two minutes): a longer paragraph is segmented a window at a time.
WINDOW_CHARS = 5_000


def _segmented(flat: str, language: str) -> list[tuple[int, int]]:
    """Return the (start, end) of each sentence pysbd finds in `flat`, whitespace trimmed."""
    bounds: list[tuple[int, int]] = []
    cursor = 0
    # Offsets are found here with str.find: pysbd's own char_span mode compiles a regular
    # expression per sentence, which thrashes re's cache and costs half the run.
    for piece in _segmenter(language).segment(flat):
        sentence = piece.strip()
        start = flat.find(sentence, cursor) if sentence else -1
        if start < 0:
            continue
        end = start + len(sentence)
        bounds.append((start, end))
        cursor = end
    return bounds


def _joined_inside_spans(bounds: list[tuple[int, int]], spans: tuple[Span, ...]) -> list[tuple[int, int]]:
    """Return the bounds with sentences joined where a cut falls inside a span (`` `.bak` `` in code)."""
    if len(bounds) < 2 or not spans:
        return bounds
    joined = [bounds[0]]
    for start, end in bounds[1:]:
        cut = joined[-1][1]
        if any(s.start < cut and start < s.end for s in spans if s.start < start):
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
    return joined


def split_sentences(block: Block, language: str = "en") -> tuple[Sentence, ...]:
    """Return the sentences of a block, each with the spans that lie inside it."""
    sentences: list[Sentence] = []
    for start, end in _joined_inside_spans(sentence_bounds(block.text, language), block.spans):
        spans = tuple(
            Span(s.kind, s.start - start, min(s.end, end) - start, s.target)
            for s in block.spans
            if s.start >= start and s.start < end
        )
        sentences.append(Sentence(block.text[start:end], start, end, block.line_at(start), spans))
    return tuple(sentences)
