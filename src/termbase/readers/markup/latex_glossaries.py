"""LaTeX glossaries-package files: `\\newglossaryentry` and `\\newacronym` definitions.

The shapes (the `glossaries` and `glossaries-extra` packages)::

    % B
    \\newglossaryentry{bollard}{
        name=Bollard,
        description={a short post on a quay that mooring lines are tied to},
        plural=Bollards
    }
    \\newacronym{ais}{AIS}{Automatic identification system}
    \\newabbreviation[description={…}]{vhf}{VHF}{Very high frequency}
    \\longnewglossaryentry{lee}{name=Lee}{the side sheltered from the wind}
    \\DeclareAcronym{vhf}{short = VHF, long = very high frequency}     (the acro package)
    \\nomenclature[a-rho]{$\\rho$}{density of the fluid}            (the nomencl package)
    \\acro{VHF}{very high frequency}                                (the acronym package)

Each definition is one entry: its `name` (or the short form) is the term, the plural and the
long form of an acronym are more labels, `description` is the definition (an acronym with
none has only its labels). A `\\nomenclature` symbol is the term as one label (its TeX math made
plain: `$\\rho$` → ρ; a macro of the document's own, `\\molspace`, is kept by name), the optional
sort key is ignored. The file is parsed with pylatexenc; LaTeX in the text becomes
plain text (`\\emph{x}` → x, `\\acrshort{ais}` → ais). Comments and other lines are reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec
from pylatexenc.latex2text import get_default_latex_context_db as get_default_latex_text_db
from pylatexenc.latexwalker import (
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexNode,
    LatexWalker,
    LatexWalkerError,
    get_default_latex_context_db,
)
from pylatexenc.macrospec import MacroSpec

from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused

REASON_COMMENT = "LaTeX comment"
REASON_OUTSIDE = OUTSIDE = "LaTeX outside the glossary definitions"

#: The defining commands and their arguments (pylatexenc's notation: `[` optional, `{` mandatory).
COMMANDS = {
    "newglossaryentry": "{{",
    "longnewglossaryentry": "{{{",
    "newacronym": "[{{{",
    "newabbreviation": "[{{{",
    "DeclareAcronym": "{{",  # the acro package: \DeclareAcronym{key}{short = …, long = …}
    "nomenclature": "[{{",  # the nomencl package: \nomenclature[sort key]{symbol}{description}
    "acro": "{[{",  # the acronym package: \acro{key}[shown form]{full name}
    "acrodef": "{[{",
}
_COMMAND = re.compile(r"\\(?:" + "|".join(COMMANDS) + r")\s*[\[{]")

_CONTEXT = get_default_latex_context_db()
_CONTEXT.add_context_category(
    "glossaries", macros=[MacroSpec(name, args) for name, args in COMMANDS.items()], prepend=True
)


def _keyvals(latex: str) -> dict[str, str]:
    """Return the `key=value` pairs of a glossaries option list, split at top-level commas
    (a comma inside braces belongs to its value); a value's outer braces are dropped."""
    pairs, depth, start = {}, 0, 0
    for index, char in enumerate(latex + ","):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            key, _, value = latex[start:index].partition("=")
            value = value.strip()
            if value.startswith("{") and value.endswith("}"):
                value = value[1:-1]
            if key.strip():
                pairs[key.strip().casefold()] = value
            start = index + 1
    return pairs


def _group(node: object) -> str:
    """Return the LaTeX inside an argument (without its braces or brackets), or ""."""
    if node is None:
        return ""
    verbatim = node.latex_verbatim().strip()
    return verbatim[1:-1] if verbatim[:1] in "{[" else verbatim


def latex_text(latex: str) -> str:
    """Return LaTeX as plain text, spaces collapsed."""
    return " ".join(LatexNodes2Text().latex_to_text(latex).split())


_text = latex_text


def _symbol_context() -> object:
    """Return pylatexenc's text context in which a macro it does not know stays as `\\name`
    (a document's own symbol macro is the only name the symbol has) and sizing
    delimiters (`\\left(`) become their bracket."""
    context = get_default_latex_text_db()
    sizing = ("left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr")
    context.add_context_category(
        "symbol-sizing",
        macros=[*(MacroTextSpec(name, "") for name in sizing), MacroTextSpec("S", "§")],
        prepend=True,
    )
    context.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=lambda node, *_: "\\" + node.macroname))
    return context


_SYMBOL_TEXT = LatexNodes2Text(math_mode="text", latex_context=_symbol_context())


def symbol_text(latex: str) -> str:
    """Return a symbol's LaTeX as plain text (`$\\mathcal N$` → 𝒩), unknown macros kept by name."""
    return " ".join(_SYMBOL_TEXT.latex_to_text(latex).split())


class LatexGlossariesReader:
    """Reads `\\newglossaryentry`, `\\newacronym`, `\\nomenclature` … (see the module docstring)."""

    name = "latex-glossaries"
    description = (
        "LaTeX glossaries package: \\newglossaryentry{key}{name=…, description=…}, \\newacronym; "
        "acro's \\DeclareAcronym; nomencl's \\nomenclature[key]{symbol}{description}"
    )

    def detect(self, text: str) -> float:
        """Return 0.95 for three or more definitions (or a file of nothing else), else less."""
        found = len(_COMMAND.findall(text))
        if not found:
            return 0.0
        return 0.95 if found >= 3 else 0.6

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per definition; comments and other LaTeX lines are reported."""
        walker = LatexWalker(text, latex_context=_CONTEXT, tolerant_parsing=False)
        try:
            nodes, _, _ = walker.get_latex_nodes()
        except LatexWalkerError as error:
            line = getattr(error, "lineno", None) or 1
            raise InputError(
                f"malformed LaTeX: {getattr(error, 'msg', error)}",
                path=source,
                line=line,
                hint="close every brace that a \\newglossaryentry or \\newacronym opens",
            ) from None
        entries: list[Entry] = []
        claimed: set[int] = set()
        for node in _walk(nodes):
            if not isinstance(node, LatexMacroNode) or node.macroname not in COMMANDS:
                continue
            first = walker.pos_to_lineno_colno(node.pos)[0]
            last = walker.pos_to_lineno_colno(node.pos + max(0, node.len - 1))[0]
            entry = _entry(node, source, first, last)
            if entry is not None:
                entries.append(entry)
                claimed.update(range(first, last + 1))
        unused = [
            Unused(source, number, line.strip(), REASON_COMMENT if line.lstrip()[:1] == "%" else OUTSIDE)
            for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and number not in claimed
        ]
        return entries_and_unused(entries, unused)


def _walk(nodes: list[LatexNode]) -> Iterator[LatexNode]:
    """Yield the nodes and, inside environments and groups (`\\begin{acronym}` … `\\end{acronym}`),
    the nodes they hold; a defining command's own arguments are not walked."""
    for node in nodes or []:
        yield node
        if isinstance(node, LatexEnvironmentNode | LatexGroupNode):
            yield from _walk(node.nodelist)


def _entry(node: LatexMacroNode, source: str, first: int, last: int) -> Entry | None:
    """Return the entry one defining command gives, or None if it names nothing."""
    args = node.nodeargd.argnlist
    if node.macroname == "nomenclature":
        symbol = clean_label(symbol_text(_group(args[1])))
        if not symbol:
            return None
        definition = symbol_text(_group(args[2]))  # its math names the same macros
        return Entry(
            source=source, line=first, end_line=last, term=symbol, labels=(symbol,), definition=definition
        )
    if node.macroname in ("acro", "acrodef"):
        key, shown, long = (_text(_group(arg)) for arg in args[:3])
        term, more, definition = shown or key, [key, long], ""
    elif node.macroname == "DeclareAcronym":
        options = _keyvals(_group(args[1]))
        term = _text(options.get("short", "")) or _text(_group(args[0]))
        names = ("long", "long-plural-form", "short-plural-form", "foreign", "alt")
        more = [_text(options[name]) for name in names if options.get(name)]
        definition = _text(options.get("extra", "") or options.get("description", ""))
    elif node.macroname in ("newacronym", "newabbreviation"):
        options = _keyvals(_group(args[0]))
        short, long = _text(_group(args[2])), _text(_group(args[3]))
        term, more = short, [long]
        definition = _text(options.get("description", ""))
    else:
        fields = _keyvals(_group(args[1]))
        term = _text(fields.get("name", "")) or _text(_group(args[0]))
        more = [_text(fields["plural"])] if fields.get("plural") else []
        long_form = node.macroname == "longnewglossaryentry"
        definition = _text(_group(args[2]) if long_form else fields.get("description", ""))
    term = clean_label(term)
    if not term:
        return None
    labels, groups = parse_term(term)
    extra = [clean_label(label) for label in more if label]
    return Entry(
        source=source,
        line=first,
        end_line=last,
        term=term,
        labels=tuple(dict.fromkeys([*labels, *(label for label in extra if label)])),
        definition=definition,
        groups=groups,
    )
