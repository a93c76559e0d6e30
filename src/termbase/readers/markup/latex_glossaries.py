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
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class GlossaryMacro:
    """A macro the file defines to write its entries (`\\newcommand{\\newgls}[4]{…\\newglossaryentry…}`):
    which of its arguments is the term, which are keys, which hold text (a name or the definition)."""

    name: str
    arity: int
    term: int
    texts: tuple[int, ...]


#: `\newcommand{\x}[4]`, `\renewcommand*\x[3]`, `\providecommand{\x}[2]`: a macro the file defines.
_DEFINES_MACRO = re.compile(
    r"\\(?:re|provide)?newcommand\*?\s*\{?\s*\\(?P<name>[A-Za-z]+)\s*\}?\s*\[(?P<arity>\d)\]"
)
#: An argument a defining command takes as its key (`\newglossaryentry{#3g}`, `\newacronym{#1}`).
_KEY_ARGUMENT = re.compile(
    r"\\(?:long)?newglossaryentry\s*\{(?P<entry>[^{}]*)\}|\\new(?:acronym|abbreviation)\s*(?:\[[^\]]*\])?\s*\{(?P<acro>[^{}]*)\}"
)
#: The argument that names the entry: `name={#1}`, or an acronym's short form `\newacronym{key}{#1}`.
_NAME_ARGUMENT = re.compile(
    r"\bname\s*=\s*\{?\s*#(?P<name>\d)\s*\}?\s*[,}%\s]"
    r"|\\new(?:acronym|abbreviation)\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}\s*\{\s*#(?P<short>\d)\s*\}"
)
_LATEX_COMMENT = re.compile(r"(?<!\\)%.*")


def glossary_macro(name: str, arity: int, body: str) -> GlossaryMacro | None:
    """Return how a macro whose body defines a glossary entry uses its arguments, or None if
    its body defines none or names no entry by one of its arguments."""
    body = _LATEX_COMMENT.sub("", body)
    if not _COMMAND.search(body):
        return None
    named = next((m for m in _NAME_ARGUMENT.finditer(body)), None)
    if named is None:
        return None
    term = int(named["name"] or named["short"])
    keys = {int(n) for m in _KEY_ARGUMENT.finditer(body) for n in re.findall(r"#(\d)", m[0].split("{", 1)[1])}
    used = dict.fromkeys(int(n) for n in re.findall(r"#(\d)", body))
    texts = tuple(n for n in used if n != term and n not in keys and 0 < n <= arity)
    return GlossaryMacro(name, arity, term, texts) if 0 < term <= arity else None


def glossary_macros(nodes: list[LatexNode]) -> dict[str, GlossaryMacro]:
    """Return the macros the file defines (`\\newcommand`) to write glossary entries, by name."""
    found: dict[str, GlossaryMacro] = {}
    for node in _walk(nodes):
        if not isinstance(node, LatexMacroNode) or node.macroname not in _NEW_COMMANDS:
            continue
        args = node.nodeargd.argnlist if node.nodeargd else []
        if len(args) < 5 or args[1] is None or args[2] is None or args[4] is None:
            continue
        name = _group(args[1]).strip().lstrip("\\")
        arity = _group(args[2]).strip()
        if name.isalpha() and arity.isdigit() and name not in COMMANDS:
            macro = glossary_macro(name, int(arity), _group(args[4]))
            if macro is not None:
                found[name] = macro
    return found


_NEW_COMMANDS = frozenset({"newcommand", "renewcommand", "providecommand"})


def _macro_context(macros: dict[str, GlossaryMacro]) -> object:
    """Return the parsing context that also knows the file's own glossary macros' arguments."""
    context = get_default_latex_context_db()
    context.add_context_category(
        "glossaries", macros=[MacroSpec(name, args) for name, args in COMMANDS.items()], prepend=True
    )
    context.add_context_category(
        "own-glossary-macros",
        macros=[MacroSpec(m.name, "{" * m.arity) for m in macros.values()],
        prepend=True,
    )
    return context


def macro_entries(
    calls: list[tuple[LatexMacroNode, int, int]], macro: GlossaryMacro, source: str
) -> list[Entry]:
    """Return one entry per call of a file's own glossary macro: its term argument is the term;
    of the arguments its body writes as text, the one that holds the longest texts over all the
    calls is the definition, the others are more names of the entry (an expansion)."""
    rows = [([_group(arg) for arg in node.nodeargd.argnlist], first, last) for node, first, last in calls]
    texts = {
        n: [latex_text(args[n - 1]) if len(args) >= n else "" for args, _, _ in rows]
        for n in macro.texts
    }
    definition_arg = max(texts, key=lambda n: sum(map(len, texts[n])), default=0)
    entries = []
    for index, (args, first, last) in enumerate(rows):
        term = clean_label(latex_text(args[macro.term - 1])) if len(args) >= macro.term else ""
        if not term:
            continue
        labels, groups = parse_term(term)
        names = [clean_label(texts[n][index]) for n in macro.texts if n != definition_arg]
        names = [name for name in names if name and len(name.split()) <= MAX_NAME_WORDS]
        definition = texts[definition_arg][index] if definition_arg else ""
        entries.append(
            Entry(
                source=source,
                line=first,
                end_line=last,
                term=term,
                labels=tuple(dict.fromkeys([*labels, *names])),
                definition=definition,
                groups=groups,
            )
        )
    return entries


#: An argument longer than this many words is no name of the entry.
MAX_NAME_WORDS = 12


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
        if "newcommand" in text:  # entries written through a macro the file defines: count its calls
            for match in _DEFINES_MACRO.finditer(text):
                found += len(re.findall(r"\\" + match["name"] + r"\s*\{", text)) - 1
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
        macros = glossary_macros(nodes) if "newcommand" in text else {}
        if macros:  # parse again, knowing how many arguments each of the file's own macros takes
            walker = LatexWalker(text, latex_context=_macro_context(macros), tolerant_parsing=False)
            try:
                nodes, _, _ = walker.get_latex_nodes()
            except LatexWalkerError:
                macros = {}
                walker = LatexWalker(text, latex_context=_CONTEXT, tolerant_parsing=False)
                nodes, _, _ = walker.get_latex_nodes()
        entries: list[Entry] = []
        claimed: set[int] = set()
        calls: dict[str, list[tuple[LatexMacroNode, int, int]]] = {name: [] for name in macros}
        for node in _walk(nodes):
            if isinstance(node, LatexMacroNode) and node.macroname in macros and node.nodeargd:
                first = walker.pos_to_lineno_colno(node.pos)[0]
                last = walker.pos_to_lineno_colno(node.pos + max(0, node.len - 1))[0]
                calls[node.macroname].append((node, first, last))
                claimed.update(range(first, last + 1))
                continue
            if not isinstance(node, LatexMacroNode) or node.macroname not in COMMANDS:
                continue
            first = walker.pos_to_lineno_colno(node.pos)[0]
            last = walker.pos_to_lineno_colno(node.pos + max(0, node.len - 1))[0]
            entry = _entry(node, source, first, last)
            if entry is not None:
                entries.append(entry)
                claimed.update(range(first, last + 1))
        for name, made in calls.items():
            entries.extend(macro_entries(made, macros[name], source))
        entries.sort(key=lambda entry: entry.line)
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
