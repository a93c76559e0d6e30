"""TeX math in a term, made plain text for its label: `$C_p$` → `C_p`, `$\\rho_0$` → `ρ_0`.

Symbol lists write their terms as math: between dollars (Markdown, MathJax), as reST's
:math:`…` role, between `\\(` and `\\)`, or as one bare command (`\\mathscr{V}`, `\\dot{q}`).
pylatexenc turns each into the text it shows; everything else in the term is kept.
"""

from __future__ import annotations

import re

from pylatexenc.latex2text import LatexNodes2Text

_MATH = re.compile(
    r"\$(?P<dollar>[^$]+)\$|:math:`(?P<role>[^`]+)`|\\\((?P<paren>.+?)\\\)"
    r"|^(?P<command>\\[A-Za-z]+(?:\{[^{}]*\})+)$"
)


def math_text(term: str) -> str:
    """Return `term` with its TeX math as plain text (see the module docstring)."""
    if "$" not in term and "\\" not in term and ":math:" not in term:
        return term

    def text(match: re.Match[str]) -> str:
        latex = next(group for group in match.groups() if group is not None).replace("\\\\", "\\")
        return " ".join(LatexNodes2Text(math_mode="text").latex_to_text(latex).split())

    return _MATH.sub(text, term)
