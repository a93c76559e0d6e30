"""AsciiDoc chapters → Document, read block by block from the lines.

No maintained Python AsciiDoc parser keeps source line numbers (the `asciidoc` package
renders to HTML or DocBook), so blocks are found here by AsciiDoc's own line rules:
section titles (`== Title` and two-line underlined titles), anchors (`[[id]]`), block
attribute lines (`[source]`, `[NOTE]`), delimited blocks (`----` listing, `....`
literal, `====` example, `****` sidebar, `____` quote, `++++` passthrough, `|===`
table, `////` comment, `--` open), admonition paragraphs (`NOTE:`), lists and labelled
lists (`term:: meaning`), indented literal paragraphs and `include::` lines. Inline
markup (`*strong*`, `_emphasis_`, `'emphasis'`, backquotes, `<<id,text>>`,
`link:`, `linkgit:`) becomes spans.
"""

from __future__ import annotations

import html
import re

from termbase.documents.builder import TextBuilder, heading_anchor, link_kind, strip_text
from termbase.documents.model import (
    ASIDE,
    CODE,
    CODE_SPAN,
    DEFINITION,
    EMPHASIS,
    HEADING,
    LIST_ITEM,
    OTHER,
    PROSE,
    STRONG,
    TABLE,
    Block,
    Document,
    IndexTerm,
    Problem,
    Section,
)

_TITLE = re.compile(r"^(=+)\s+(?P<title>\S.*?)\s*=*\s*$")
_UNDERLINE = re.compile(r"^([=\-~^+])\1+\s*$")
_UNDERLINE_LEVEL = {"=": 0, "-": 1, "~": 2, "^": 3, "+": 4}
_ANCHOR = re.compile(r"^\[\[(?P<id>[^\]\s,]+)(?:,[^\]]*)?\]\]\s*$|^\[#(?P<id2>[\w:.-]+)[^\]]*\]\s*$")
_ATTRIBUTES = re.compile(r"^\[(?P<body>[^\[\]]*)\]\s*$")
_ATTRIBUTE_ENTRY = re.compile(r"^:!?[\w-]+!?:(?:\s.*)?$")
_DELIMITER = re.compile(r"^(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|/{4,}|\|={3,}|--)\s*$")
_ADMONITION = re.compile(r"^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):\s+")
_LIST = re.compile(r"^\s*(?:[*\-]+|\.+|\d+\.|[a-z]\.)\s+(?P<text>\S.*)$")
_LABELLED = re.compile(r"^(?P<term>\S.*?)(?::{2,4}|;;)(?:\s+(?P<text>.*))?$")
#: A list label that is code as a whole: `` `x` ``, `+x+`, `++x++`, `` `+x+` ``.
_CODE_LABEL = re.compile(r"^(?:`\+{0,3}[^`+]+\+{0,3}`|\+{1,3}[^+\s][^+]*\+{1,3})$")
_INCLUDE = re.compile(r"^include::(?P<target>[^\[]+)\[.*\]\s*$")
_BLOCK_TITLE = re.compile(r"^\.(?P<title>[^\s.].*)$")
_MACRO_LINE = re.compile(r"^(?:image|video|audio|toc|ifdef|ifndef|ifeval|endif)::")

_DELIMITED_KIND = {"-": CODE, ".": CODE, "+": OTHER, "|": TABLE, "/": "", "=": ASIDE, "*": ASIDE, "_": PROSE}
_STYLE_KIND = {
    "source": CODE, "listing": CODE, "literal": CODE, "verse": OTHER, "note": ASIDE, "tip": ASIDE,
    "important": ASIDE, "warning": ASIDE, "caution": ASIDE, "sidebar": ASIDE, "example": ASIDE,
    "quote": PROSE, "comment": "", "pass": OTHER, "abstract": PROSE, "partintro": PROSE,
}
#: Titles of a folded block that hides an answer or an aside rather than the page's own text.
_FOLDED_ASIDE = re.compile(
    r"\b(?:solutions?|answers?|hints?|spoilers?|examples?|exercises?|quiz|notes?|tips?|warnings?)\b", re.I)

_INLINE = re.compile(
    r"<<(?P<xref>[^,>]+)(?:,\s*(?P<xtext>[^>]+))?>>"
    r"|linkgit:(?P<gitcmd>[\w.-]+)\[\d*\]"
    r"|(?:link:|(?=https?://))(?P<url>[^\s\[]+)\[(?P<utext>[^\]]*)\]"
    r"|`(?P<mono>[^`]+)`"
    r"|\+{2,3}(?P<plus2>[^+\s](?:[^+]*?[^+\s])?)\+{2,3}"
    r"|(?<![\w+])\+(?P<plus>[^+\s][^+]*?)\+(?![\w+])"
    r"|\*\*(?P<strong2>.+?)\*\*"
    r"|(?<![\w*])\*(?P<strong>[^*\s](?:[^*]*?[^*\s])?)\*(?![\w*])"
    r"|__(?P<emph2>.+?)__"
    r"|(?<![\w_])_(?P<emph>[^_\s](?:[^_]*?[^_\s])?)_(?![\w_])"
    r"|(?<![\w'])'(?P<quote>[^'\s](?:[^']*?[^'\s])?)'(?![\w'])"
    r"|\[\[[^\]]*\]\]"
    r"|\({3}(?:[^()]|\([^()]*\))+\){3}"  # a concealed index entry, brackets allowed inside its terms
    r"|\({2}(?P<index>[^()]+)\){2}"
    r"|indexterm:\[[^\]]*\]|indexterm2:\[(?P<index2>[^\],]*)[^\]]*\]"
    r"|footnote(?:ref)?:[\w-]*\[(?:[^\[\]]|\[[^\]]*\])*\]"
    r"|(?:pass|kbd|btn):[a-z,]*\[(?P<macro>[^\]]*)\]",
    re.S,
)


#: Index entries: concealed `(((primary, secondary)))` and `indexterm:[primary, …]`, visible `((term))`
#: and `indexterm2:[term]`. The primary term is what the passage after the entry discusses.
_INDEX_ENTRY = re.compile(
    r"\({3}(?P<paren>(?:[^()]|\([^()]*\))+)\){3}|\({2}(?P<visible>[^()]+)\){2}|indexterm2?:\[(?P<macro>[^\]]+)\]")
_INDEX_PART = re.compile(r'"(?P<quoted>[^"]*)"|(?P<bare>[^,]+)')


def index_entries(text: str) -> list[str]:
    """Return the primary terms of the index entries in `text` (a `see …` entry names no term)."""
    terms = []
    for entry in _INDEX_ENTRY.finditer(text):
        body = entry.group("paren") or entry.group("visible") or entry.group("macro") or ""
        part = _INDEX_PART.search(body)
        primary = (part.group("quoted") if part and part.group("quoted") is not None
                   else part.group("bare") if part else "").strip()
        if primary and not re.match(r"(?:see|see also)\b", primary, re.I):
            named = re.fullmatch(r"(?P<name>[^()]+?)\s*\((?P<other>[^()]+)\)", primary)
            # "ENS (Ethereum Name Service)": an acronym and its long form, each a name the text may use
            terms.extend((named.group("name"), named.group("other")) if named else (primary,))
    return terms


def _characters(text: str) -> str:
    """Return plain text with its character references made characters (`&#x2014;`, `&mdash;` → —)."""
    return html.unescape(text) if "&" in text else text


def inline_text(text: str, builder: TextBuilder) -> None:
    """Add AsciiDoc inline text to `builder`, its markup as spans."""
    cursor = 0
    for match in _INLINE.finditer(text):
        builder.add(_characters(text[cursor : match.start()]))
        cursor = match.end()
        groups = match.groupdict()
        if groups["xref"] is not None:
            target = groups["xref"].strip()
            shown = groups["xtext"] or target.replace("def_", "").replace("_", " ")
            kind = link_kind("#" + target)
            builder.open(kind, "#" + target)
            shown = shown.strip()
            if len(shown) > 1 and shown[0] == shown[-1] == '"':
                shown = shown[1:-1]
            inline_text(shown, builder)
            builder.close(kind)
        elif groups["gitcmd"] is not None:
            builder.span(CODE_SPAN, groups["gitcmd"])
        elif groups["url"] is not None:
            kind = link_kind(groups["url"])
            builder.open(kind, groups["url"])
            inline_text(groups["utext"] or groups["url"], builder)
            builder.close(kind)
        elif groups["plus2"] is not None:  # `++x++`, `+++x+++`: passthrough, the text as written
            inline_text(groups["plus2"], builder)
        elif groups["mono"] is not None or groups["plus"] is not None:
            builder.span(CODE_SPAN, groups["mono"] if groups["mono"] is not None else groups["plus"])
        elif groups["strong"] is not None or groups["strong2"] is not None:
            builder.open(STRONG)
            inline_text(groups["strong"] or groups["strong2"], builder)
            builder.close(STRONG)
        elif groups["emph"] is not None or groups["emph2"] is not None or groups["quote"] is not None:
            builder.open(EMPHASIS)
            inline_text(groups["emph"] or groups["emph2"] or groups["quote"], builder)
            builder.close(EMPHASIS)
        elif groups["index"] is not None:
            builder.add(groups["index"])  # a visible index term
        elif groups["index2"] is not None:
            builder.add(groups["index2"])  # a visible index term
        elif groups["macro"] is not None:
            builder.add(re.sub(r"<[^>]*>", "", groups["macro"]))  # `pass:[…]`, `kbd:[…]`: the text shown
        # `indexterm:[…]` (concealed) and `footnote:[…]` (text set apart at the page's foot) add nothing
    builder.add(_characters(text[cursor:]))


class _Reader:
    def __init__(self, lines: list[str], path: str) -> None:
        self.lines = lines
        self.path = path
        self.sections: list[Section] = [Section("", "", 0, 1)]
        self.blocks: list[Block] = []
        self.toc: list[str] = []
        self.problems: list[Problem] = []
        self.title = ""
        self.anchor = ""
        self.style = ""
        self.block_title = ""
        self.index_terms: list[IndexTerm] = []

    def _add(self, kind: str, lines: list[str], first: int, term: str = "", label: str = "") -> None:
        builder = TextBuilder()
        if kind in {CODE, OTHER, TABLE}:
            builder.add("\n".join(lines))
        else:
            inline_text("\n".join(line.strip() for line in lines), builder)
            section = len(self.sections) - 1
            self.index_terms.extend(IndexTerm(term, first + offset, section)
                                    for offset, line in enumerate(lines) if "(" in line or "indexterm" in line
                                    for term in index_entries(line))
        text, spans = builder.result()
        text, spans, cut = strip_text(text, spans)
        if text:
            section = len(self.sections) - 1
            self.blocks.append(Block(kind, text, first + cut, section, spans, term=term, label=label))

    def _section(self, title: str, level: int, line: int) -> None:
        builder = TextBuilder()
        inline_text(title, builder)
        text, _ = builder.result()
        if level == 0 and not self.title:
            self.title = text
        anchor = self.anchor or "_" + heading_anchor(text).replace("-", "_")
        self.sections.append(Section(text, anchor, level, line))
        self.blocks.append(Block(HEADING, text, line, len(self.sections) - 1))
        self.anchor = ""

    def _style_kind(self) -> str:
        style = re.split(r"[%#.]", self.style.split(",")[0].strip().lstrip(".#").lower())[0]
        return _STYLE_KIND.get(style, "") if style else ""

    def _folded_text(self, char: str) -> bool:
        """`[%collapsible]` over `====` with a title such as "click to expand": the page's own text folded
        away (a list of pallets and their fees), not an example or an answer, which a title would say."""
        style = self.style.split(",")[0].strip().lower()
        return char == "=" and "%collapsible" in style and not style.startswith("example") \
            and not _FOLDED_ASIDE.search(self.block_title)

    def read(self) -> None:
        lines = self.lines
        index = 0
        open_kind: list[str] = []
        while index < len(lines):
            line = lines[index]
            stripped = line.strip()
            number = index + 1
            if not stripped:
                index += 1
                continue
            if stripped.startswith("//") and not stripped.startswith("////"):
                index += 1
                continue
            delimiter = _DELIMITER.match(line)
            if delimiter:
                index = self._delimited(index, delimiter.group(1), open_kind)
                continue
            title = _TITLE.match(line)
            if title and not open_kind:
                self._section(title.group("title"), len(title.group(1)) - 1, number)
                index += 1
                continue
            if index + 1 < len(lines) and _UNDERLINE.match(lines[index + 1]) and not _LIST.match(line) \
                    and not _ATTRIBUTES.match(stripped) and not _ANCHOR.match(stripped) \
                    and not _BLOCK_TITLE.match(stripped) and not _DELIMITER.match(line) \
                    and abs(len(lines[index + 1].rstrip()) - len(line.rstrip())) <= 2 and len(stripped) >= 2:
                self._section(stripped, _UNDERLINE_LEVEL[lines[index + 1][0]], number)
                index += 2
                continue
            anchor = _ANCHOR.match(stripped)
            if anchor:
                self.anchor = anchor.group("id") or anchor.group("id2") or ""
                index += 1
                continue
            if _ATTRIBUTE_ENTRY.match(stripped) or _MACRO_LINE.match(stripped) or stripped == "+":
                index += 1
                continue
            include = _INCLUDE.match(stripped)
            if include:
                self.toc.append(include.group("target").strip())
                index += 1
                continue
            attributes = _ATTRIBUTES.match(stripped)
            if attributes:
                self.style = attributes.group("body")
                index += 1
                continue
            block_title = _BLOCK_TITLE.match(stripped)
            if block_title:
                self.block_title = block_title.group("title")
                index += 1
                continue
            index = self._paragraph(index, open_kind[-1] if open_kind else "")

    def _delimited(self, index: int, marker: str, open_kind: list[str]) -> int:
        """Read a delimited block starting at `index`; return the index after it."""
        char = marker[0]
        if marker == "--":  # an open block: its content is read as ordinary blocks
            self.style = ""
            return index + 1
        style_kind = self._style_kind()
        kind = PROSE if self._folded_text(char) else style_kind or _DELIMITED_KIND.get(char, OTHER)
        self.style = ""
        self.block_title = ""
        end = index + 1
        while end < len(self.lines) and self.lines[end].rstrip() != marker:
            end += 1
        if end >= len(self.lines):
            self.problems.append(Problem(index + 1, f"delimited block '{marker}' is never closed",
                                         "close it with the same line; read to the end of the file"))
        body = self.lines[index + 1 : end]
        if kind == "":  # a comment block
            return end + 1
        if kind in {CODE, OTHER, TABLE}:
            self._add(kind, body, index + 2, label=marker[:4])
            return end + 1
        inner = _Reader(body, self.path)
        inner.sections = [self.sections[-1]]
        inner.read()
        for block in inner.blocks:
            block_kind = block.kind if kind == PROSE else (kind if block.kind not in {CODE} else CODE)
            self.blocks.append(Block(block_kind, block.text, block.line + index + 1, len(self.sections) - 1,
                                     block.spans, block.term, label=block.label or marker[:4]))
        self.problems.extend(Problem(p.line + index + 1, p.message, p.hint) for p in inner.problems)
        self.index_terms.extend(IndexTerm(t.term, t.line + index + 1, len(self.sections) - 1)
                                for t in inner.index_terms)
        return end + 1

    def _paragraph(self, index: int, inherited: str) -> int:
        """Read a paragraph, list item or labelled-list item starting at `index`."""
        lines = self.lines
        first = lines[index]
        kind = self._style_kind() or inherited or PROSE
        self.style = ""
        self.block_title = ""
        term = ""
        if first.startswith((" ", "\t")) and not _LIST.match(first):
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            self._add(CODE, lines[index:end], index + 1, label="literal")
            return end
        body = [first]
        admonition = _ADMONITION.match(first)
        labelled = _LABELLED.match(first.strip()) if not _LIST.match(first) else None
        listed = _LIST.match(first)
        if admonition:
            kind = ASIDE
            body = [first[admonition.end():]]
        elif labelled and not first.startswith(("http", "link:")) and len(labelled.group("term")) <= 80:
            term = labelled.group("term").strip()
            body = [labelled.group("text") or ""]
            if _CODE_LABEL.match(term):
                # `+this+::`, `++msg.sender++::`: a list of code names and what each holds, not of terms
                term = ""
                kind = LIST_ITEM if kind == PROSE else kind
            else:
                builder = TextBuilder()
                inline_text(term, builder)
                term = builder.result()[0].strip() or term  # `__Frontier__::`: the words, not the marks
                kind = DEFINITION if kind == PROSE else kind
        elif listed:
            body = [listed.group("text")]
            kind = LIST_ITEM if kind == PROSE else kind
        end = index + 1
        while end < len(lines):
            line = lines[end]
            stripped = line.strip()
            if not stripped or _LIST.match(line) or _DELIMITER.match(line) or _ANCHOR.match(stripped) \
                    or stripped == "+" or (_LABELLED.match(stripped) and stripped.endswith(("::", ";;"))):
                break
            if term and not body[0] and not stripped:
                break
            body.append(line)
            end += 1
        if term and not any(b.strip() for b in body):
            # `term::` with its meaning on the following lines, possibly after a `+`
            while end < len(lines) and not lines[end].strip():
                end += 1
            start = end
            while end < len(lines) and lines[end].strip() and not _DELIMITER.match(lines[end]) \
                    and not _LABELLED.match(lines[end].strip()):
                end += 1
            self._add(DEFINITION if kind == DEFINITION else kind, lines[start:end], start + 1, term=term)
            return end
        self._add(kind, body, index + 1, term=term if kind == DEFINITION else "")
        return end


def parse_asciidoc(text: str, path: str) -> Document:
    """Return the AsciiDoc chapter `text` (read from `path`) as a Document."""
    reader = _Reader(text.split("\n"), path)
    reader.read()
    title = reader.title or next((s.title for s in reader.sections if s.title), "")
    return Document(path, "asciidoc", title, tuple(reader.sections), tuple(reader.blocks),
                    toc=tuple(reader.toc), problems=tuple(reader.problems),
                    index_terms=tuple(reader.index_terms))
