"""The language of a column of short labels written in the same script as its neighbours
(`Machine learning` beside `Maşın öyrənməsi`: both Latin), told by py3langid.

A column is judged as a whole (its cells joined), and only a confident answer counts: a
column of codes, names or abbreviations says nothing and stays unknown.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from py3langid.langid import LanguageIdentifier

#: A column's language counts only when py3langid gives it at least this probability.
MIN_PROBABILITY = 0.9
#: Fewer filled cells than this are too little text to tell a language by.
MIN_CELLS = 3


@cache
def _identifier() -> LanguageIdentifier:
    """Return py3langid's identifier with probabilities normalised (loaded once, ~0.3 s)."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier  # loaded on first use

    return LanguageIdentifier.from_modelpath(MODEL_DIR / MODEL_FILE, norm_probs=True)


def identify(text: str) -> tuple[str, float]:
    """Return (ISO 639 code, probability) py3langid gives the language of `text`."""
    language, probability = _identifier().classify(text)
    return str(language), float(probability)


def column_language(cells: Sequence[str], min_probability: float = MIN_PROBABILITY) -> str:
    """Return the language (ISO 639 code) the column's cells are written in, or "" if unsure."""
    filled = [cell.strip() for cell in cells if cell.strip()]
    if len(filled) < MIN_CELLS:
        return ""
    language, probability = _identifier().classify("\n".join(filled))
    return str(language) if probability >= min_probability else ""
